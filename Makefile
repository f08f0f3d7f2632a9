# mjrank — make targets. Every target installs what it needs (Go comes with
# the machine at /usr/local/go; tools come from the Go module proxy).

GO       ?= $(shell command -v go 2>/dev/null || echo /usr/local/go/bin/go)
GOBIN    := $(CURDIR)/.bin
BIN      := bin/mjrank
STATICCHECK_VERSION := v0.8.2
FUZZTIME ?= 30s
# The seeds are whole game records (kilobytes): the fuzzer's default minimization of
# each new input (60 s of it) left FuzzMjai at 5 executions in 30 s; 200 tries keep it
# fuzzing (125,000 executions in 30 s).
FUZZMINIMIZE ?= 200x
export GOFLAGS ?=

.PHONY: all build demo test test-short test-corpus test-cluster bench fuzz lint train train-3p clean majiang-ai hooks

all: build

# build: the CLI, with the models embedded compressed, without the symbol
# table and DWARF (-s -w: panics still name functions and lines; debug a
# plain `go build`). BIN_LIMIT: the built CLI's size limit in bytes,
# checked by lint and test.
# 40,000,000 since the 3-player models (11.4 MB compressed, models/3p/):
# make build gave 37,822,729 bytes at their landing (25.8 MB before).
BIN_LIMIT := 40000000
build:
	$(GO) build -trimpath -ldflags='-s -w' -o $(BIN) ./cmd/mjrank

# hooks: git runs .githooks/commit-msg (an empty subject or one over 72
# characters is refused; CONTRIBUTING.md). Once per clone.
hooks:
	git config core.hooksPath .githooks

# The checks lint and test share: no tracked file over 1 MiB outside the
# model folders, the built CLI within BIN_LIMIT.
SIZE_CHECK = sh .ci/lint-size && size=$$(stat -c %s $(BIN)) && \
	  { [ $$size -le $(BIN_LIMIT) ] || { echo "$(BIN) is $$size bytes, over $(BIN_LIMIT)"; exit 1; }; }

# demo: the main job on a real position: the Monte Carlo engine ranks every
# move of a Houou player's decision by expected final rank (a real game from
# ../shared when it is beside the checkout, else the bundled self-play
# record), then the tile-efficiency view of a hand and a hand's score.
DEMO_LOG := ../shared/data/tenhou/thewaxmango-mahjong-hands/log-libraries/logs/2022010103gm-00a9-0000-12d7f40d.txt
demo: build
	@if [ -f $(DEMO_LOG) ]; then \
	  echo '$$ mjrank analyze --log $(DEMO_LOG) --round E2-0 --seat 0 --turn 5'; \
	  ./$(BIN) analyze --log $(DEMO_LOG) --round E2-0 --seat 0 --turn 5; \
	else \
	  echo "(../shared is not beside the checkout: analysing the bundled self-play record instead of a real game)"; \
	  echo '$$ mjrank analyze --log data/testdata/selfplay.xml --round E1-0 --seat 0 --turn 3'; \
	  ./$(BIN) analyze --log data/testdata/selfplay.xml --round E1-0 --seat 0 --turn 3; \
	fi
	@echo
	@echo '$$ mjrank hand 2346m406p789s1122z'
	@./$(BIN) hand 2346m406p789s1122z
	@echo
	@echo '$$ mjrank score --hand 234m06p789s11z222z --win 7p --riichi --tsumo --dora 1z'
	@./$(BIN) score --hand 234m06p789s11z222z --win 7p --riichi --tsumo --dora 1z

# test: format, sizes, vet, staticcheck (both with the experiments tag, which
# adds experiments/ and train's hooks for it), then every test (the shared
# data tests fail rather than skip when MJRANK_REQUIRE_SHARED=1, as .ci/run
# sets), then the race detector, then the tests on a Dask cluster it
# starts on loopback (test-cluster, about 2 minutes).
test: $(GOBIN)/staticcheck majiang-ai build
	@$(XGBOOST_CHECK) || echo "xgboost could not be installed: the loader and training tests will skip (fail under MJRANK_REQUIRE_SHARED=1)"
	@$(CHROMIUM_CHECK) || echo "chromium could not be installed: the review's browser test will skip (fail under MJRANK_REQUIRE_SHARED=1)"
	@$(DASK_CHECK) || echo "python3-distributed and python3-xgboost could not be installed: the Dask tests will skip (fail under MJRANK_REQUIRE_SHARED=1)"
	@fmt="$$($(GO)fmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))"; \
	  if [ -n "$$fmt" ]; then echo "gofmt needed on:"; echo "$$fmt"; exit 1; fi
	@$(MODTIDY_CHECK)
	@$(SIZE_CHECK)
	$(GO) vet -tags experiments ./...
	$(GOBIN)/staticcheck -tags experiments ./...
	$(GO) test -count=1 -timeout $(TEST_TIMEOUT) ./...
	$(GO) test -count=1 -timeout $(TEST_TIMEOUT) -race -short ./...
	@if command -v node >/dev/null 2>&1; then cd $(MAJIANG_DIR) && npm test --silent; fi
	@$(MAKE) --no-print-directory test-cluster

# TEST_TIMEOUT: go test's limit per package, a guard against a hang, not a
# speed check: a package that takes 5 minutes on an idle machine takes 10 or
# more beside other work, where go test's default (10m) would kill it.
TEST_TIMEOUT ?= 30m

test-short:
	$(GO) test -short ./...

# test-corpus: every test, the corpus tests on every record of
# ../shared/data/tenhou instead of make test's fixed sample
# (internal/shareddata/sample.txt): replay, round trips, scoring, features,
# the shipped models' reproduction. Its time is in docs/BENCHMARKS.md.
test-corpus: $(GOBIN)/staticcheck majiang-ai
	@$(XGBOOST_CHECK) || echo "xgboost could not be installed: the training tests will fail"
	@$(CHROMIUM_CHECK) || echo "chromium could not be installed: the review's browser test will fail"
	MJRANK_CORPUS=full MJRANK_REQUIRE_SHARED=1 $(GO) test -count=1 -timeout 3h ./...

# test-cluster: the Dask runner on a real cluster (docs/CLUSTER.md):
# installs Debian's python3-distributed and python3-xgboost if missing (apt
# as root), starts a
# dask-scheduler and two dask-workers of one thread each on 127.0.0.1
# (free ports; each worker under a nanny, which restarts the one a test
# kills), runs the cluster tests against it (MJRANK_CLUSTER) and stops
# every process it started, on failure too (cluster/testdata/localcluster.sh).
# Its time is in docs/CLUSTER.md.
DASK_CHECK = /usr/bin/python3 -c 'import distributed, xgboost.dask' 2>/dev/null || { \
	  echo "installing python3-distributed python3-xgboost (apt-get install -y python3-distributed python3-xgboost)"; \
	  (apt-get install -y python3-distributed python3-xgboost || (apt-get update && apt-get install -y python3-distributed python3-xgboost)) >/dev/null; }
test-cluster:
	@$(DASK_CHECK)
	sh cluster/testdata/localcluster.sh $(GO) test -count=1 -p 1 -timeout $(TEST_TIMEOUT) -run 'Cluster|PythonDriver' -v ./cluster ./cmd/mjrank

# bench: the go micro-benchmarks, then mjrank bench (per-layer timings at 1
# and all workers, and the deterministic bench signature).
bench: build
	$(GO) test -run '^$$' -bench . -benchmem ./...
	./$(BIN) bench

# fuzz: run every Fuzz target for FUZZTIME each.
fuzz:
	@set -e; for pkg in $$($(GO) list ./...); do \
	  dir=$$($(GO) list -f '{{.Dir}}' $$pkg); \
	  for f in $$(grep -ho '^func Fuzz[A-Za-z0-9_]*' $$dir/*_test.go 2>/dev/null | sed 's/func //'); do \
	    echo "== $$pkg $$f"; $(GO) test -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMINIMIZE) $$pkg; \
	  done; done

$(GOBIN)/staticcheck:
	GOBIN=$(GOBIN) $(GO) install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION)

lint: $(GOBIN)/staticcheck build
	@fmt="$$($(GO)fmt -l .)"; if [ -n "$$fmt" ]; then echo "gofmt needed on:"; echo "$$fmt"; exit 1; fi
	@$(MODTIDY_CHECK)
	@$(SIZE_CHECK)
	$(GO) vet -tags experiments ./...
	$(GOBIN)/staticcheck -tags experiments ./...

# go.mod and go.sum must be what go mod tidy makes of them (direct
# dependencies not marked indirect, nothing unused).
MODTIDY_CHECK = $(GO) mod tidy -diff >/dev/null 2>&1 || { echo "go.mod/go.sum are not tidy (go mod tidy):"; $(GO) mod tidy -diff; exit 1; }

# majiang-ai: the adapter that seats @kobalab/majiang-ai as an mjai bot
# (interop/majiang-ai), installed from its lockfile with npm where Node is.
# Without Node its tests skip (and fail under MJRANK_REQUIRE_SHARED=1).
MAJIANG_DIR := interop/majiang-ai
majiang-ai:
	@if command -v npm >/dev/null 2>&1; then \
	  [ -d $(MAJIANG_DIR)/node_modules/@kobalab/majiang-ai ] || (cd $(MAJIANG_DIR) && npm ci --no-audit --no-fund); \
	else echo "node and npm not found: the majiang-ai adapter is not installed; its tests skip"; fi

# xgboost: Debian's xgboost 1.7 command-line tool, the trainer (apt as root).
XGBOOST_CHECK = command -v xgboost >/dev/null 2>&1 || { \
	  echo "installing xgboost (apt-get install -y xgboost)"; \
	  (apt-get install -y xgboost || (apt-get update && apt-get install -y xgboost)) >/dev/null; }

# chromium: Debian's headless browser, for the test that opens a review's
# HTML page and takes a screenshot (apt as root).
CHROMIUM_CHECK = command -v chromium >/dev/null 2>&1 || { \
	  echo "installing chromium (apt-get install -y chromium)"; \
	  (apt-get install -y chromium || (apt-get update && apt-get install -y chromium)) >/dev/null; }

# train: the shipped models, from ../shared/data/tenhou (see docs/MODELS.md):
# the opponent models into opponent/models, the rank model into
# rankmodel/models, the discard policy (trained on the new opponent models'
# features) into policy/models, each with its card. Then rebuild to embed
# them. Models whose rows exceed the memory budget train from xgboost's
# external memory, in the temporary work folder: docs/MODELS.md ("Training
# at scale") gives the time, memory and disk it takes. TRAIN_FLAGS passes
# more flags, e.g. TRAIN_FLAGS='--memory-budget 6GiB --work /big/disk/w'.
CORPUS ?= ../shared/data/tenhou
TRAIN_FLAGS ?=
train: build
	@$(XGBOOST_CHECK)
	./$(BIN) train --corpus $(CORPUS) --out opponent/models --rank-out rankmodel/models --policy-out policy/models $(TRAIN_FLAGS)
	$(GO) build -o $(BIN) ./cmd/mjrank

# train-3p: the shipped 3-player models, from the 3-player games of the same
# corpus (docs/MODELS.md, "Three players"): the opponent and rank models into
# opponent/models/3p and rankmodel/models/3p, then on those opponent models
# the discard policy, the rollout's and the decision models (kita3 among
# them) into policy/models/3p, each with its card; then rebuild to embed
# them. About 20 minutes on two busy cores.
PLAYERS3_POLICY := discard,riichi,call,kan,kyuushu,rollriichi,rollcall,kita
train-3p: build
	@$(XGBOOST_CHECK)
	./$(BIN) train --players 3 --corpus $(CORPUS) --out opponent/models/3p --rank-out rankmodel/models/3p $(TRAIN_FLAGS)
	./$(BIN) train --players 3 --only $(PLAYERS3_POLICY) --corpus $(CORPUS) --out opponent/models/3p --policy-out policy/models/3p $(TRAIN_FLAGS)
	$(GO) build -o $(BIN) ./cmd/mjrank

clean:
	rm -rf bin $(GOBIN)
