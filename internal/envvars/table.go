// Package envvars is the one table of the MJRANK_* environment variables:
// every name that mjrank's code reads (its packages, tests and
// experiments, the Makefile and .ci/run), with the package that reads it,
// its default and what it is for, as Go's internal/godebugs/table.go is
// for GODEBUG settings. The package's test keeps the table, the code and
// the docs in step: a name read without a row, a row no code reads, or a
// doc naming a name without a row fails it; it also renders the table
// into docs/ENVIRONMENT.md and the trials' knobs into
// experiments/README.md.
package envvars

// A Var is one environment variable.
type Var struct {
	Name string // MJRANK_…
	// Owner is the package that reads it, relative to the module
	// (experiments/train: a trial's knob).
	Owner string
	// Default is what unset means: a value, or a few words.
	Default string
	Purpose string // what setting it does, one sentence
}

// All lists every MJRANK_* environment variable, sorted by name.
var All = []Var{
	{"MJRANK_CLUSTER", "cluster", "unset: the tests that need a Dask cluster skip",
		"The address (tcp://HOST:PORT) of a running Dask scheduler the cluster tests run on, set by `make test-cluster`, which starts it with two workers on loopback."},
	{"MJRANK_CORPUS", "internal/shareddata", "the fixed sample (internal/shareddata/sample.txt)",
		"`full`: the corpus tests read every record file of ../shared/data/tenhou (`make test-corpus`)."},
	{"MJRANK_DASK_TRAIN", "train", "unset: TestDaskMatchesCLI, TestDaskDecisionsMatchCLI and TestDaskPolicyMatchesCLI skip",
		"N (the first N files of thewaxmango-mahjong-hands) or `all` (../shared/data/tenhou): TestDaskMatchesCLI, TestDaskDecisionsMatchCLI and TestDaskPolicyMatchesCLI train the predictors, the decision models and the discard and rollout models there with the xgboost tool and through xgboost.dask (one worker, then two, twice) and compare models and held-out figures."},
	{"MJRANK_DECISIONS_FILES", "experiments/train", "every file",
		"TestDecisionsTrial reads only the first N record files."},
	{"MJRANK_DECISIONS_OUT", "experiments/train", "a temporary folder",
		"The folder TestDecisionsTrial writes its decision models and cards into (kept)."},
	{"MJRANK_DECISIONS_WORK", "experiments/train", "a temporary folder",
		"TestDecisionsTrial's work folder (LibSVM rows, xgboost logs), kept."},
	{"MJRANK_DISCARD_BREAKDOWN", "experiments/train", "off",
		"Any value: TestDiscardTrial logs each variant's agreement by kind of decision (shanten, riichi opponents, turn)."},
	{"MJRANK_DISCARD_TRAIN_FOLDS", "experiments/train", "2,3,4,5,6,7,8,9",
		"The inner folds TestDiscardTrial trains on, separated by commas (each 2 to 9)."},
	{"MJRANK_DISCARD_VARIANTS", "experiments/train", "`base all`",
		"TestDiscardTrial's variants, separated by spaces: a feature set (`base`, `all`), `+NAME`, `-NAME` and `KEY=VALUE` joined by commas."},
	{"MJRANK_DISCARD_WORK", "experiments/train", "a temporary folder",
		"The folder TestDiscardTrial writes its rows into once and reuses while they are there."},
	{"MJRANK_HELPER_ARGS", "cmd/mjrank", "unset: the helper test skips",
		"Set by TestArenaSignals for its child: the mjrank command line the helper test runs."},
	{"MJRANK_KEEP_WORK", "train", "a temporary folder",
		"The folder TestShippedRankModelReproduces trains in, kept for inspection."},
	{"MJRANK_LOAD", "serve", "off",
		"`1`: run TestLoad, the server's load measurement (not under -short)."},
	{"MJRANK_LOAD_REQUESTS", "serve", "64",
		"TestLoad's requests per level of clients."},
	{"MJRANK_LOAD_SIMS", "serve", "2000",
		"TestLoad's simulations per analysis."},
	{"MJRANK_POLICY_FILES", "experiments/train", "every file",
		"TestPolicyTrial and TestDiscardTrial read only the first N record files."},
	{"MJRANK_POLICY_OUT", "experiments/train", "a temporary folder",
		"The folder TestPolicyTrial writes its model and card into (kept)."},
	{"MJRANK_POLICY_RATE", "experiments/train", "the training's rate (TestPolicyTrial), 0.25 (TestDiscardTrial)",
		"The share of turn decisions the discard rows keep."},
	{"MJRANK_POLICY_WORK", "experiments/train", "a temporary folder",
		"TestPolicyTrial's work folder, kept."},
	{"MJRANK_POSITION_PNG", "serve", "unset: not kept",
		"A file TestBrowserBuildsPosition keeps its screenshot in: the page's position by hand, built by clicking, and its analysis at the default budget."},
	{"MJRANK_REQUIRE_SHARED", "internal/shareddata", "off",
		"`1`: a test that needs ../shared/data, xgboost, chromium or node fails instead of skipping (.ci/run, `make test-corpus`)."},
	{"MJRANK_REVIEW_PNG", "review", "unset: not kept",
		"A file the review's browser test keeps its desktop screenshot in (its phone one beside it, NAME-phone.png), of a review at the default budget, and TestBrowserShowsIndex its index's, NAME-index.png, of three whole games at 40 simulations a decision."},
	{"MJRANK_RIICHI_FOLDS", "experiments/train", "1,2,3,4,5,6,7,8,9",
		"The inner folds TestRiichiTrial predicts, separated by commas (each 1 to 9)."},
	{"MJRANK_RIICHI_VARIANTS", "experiments/train", "`schema1 all`",
		"TestRiichiTrial's variants, separated by spaces: a feature set (`schema1`, `all`), `+NAME`, `-NAME` and `KEY=VALUE` joined by colons."},
	{"MJRANK_RIICHI_WORK", "experiments/train", "a temporary folder",
		"The folder TestRiichiTrial writes its rows into once and reuses while they are there."},
	{"MJRANK_ROLLOUT_ONLY", "experiments/train", "off",
		"Any value: TestPolicyTrial trains only the rollout's discard model."},
	{"MJRANK_SANMA_AGREE", "mc", "unset: TestRates3Agreement skips",
		"N: TestRates3Agreement compares mc's agreement with the players on N held-out 3-player games with the 4-player and the 3-player rollout rates (docs/ENGINE.md, \"Three players\")."},
	{"MJRANK_SANMA_CURVE", "train", "unset: TestSanmaLearningCurve skips",
		"`1`: TestSanmaLearningCurve trains the 3-player tenpai and wait models on 500, 1,000, 2,000 and all the training 3-player games and measures each on the held-out games (docs/MODELS.md, \"Three players\"; minutes of xgboost)."},
	{"MJRANK_SANMA_KITA", "train", "unset: TestKitaChoices counts 40 3-player games",
		"`1`: TestKitaChoices counts, over every 3-player game, the turns a kita was legal, what the player did and how often the engine's kita rule agrees, and checks the kita model's rows against the tally (docs/MODELS.md, \"Three players\")."},
	{"MJRANK_SANMA_RATES", "mc", "unset: TestRates3Study skips",
		"`1`: TestRates3Study measures, on the 3-player training games, the rates mc's rollout plays its opponents by with three players (mc/rates3.go; docs/ENGINE.md, \"Three players\")."},
	{"MJRANK_SANMA_TRANSFER", "train", "unset: TestSanmaTransfer skips",
		"`1`: TestSanmaTransfer measures the 4-player tenpai, wait and value models on the held-out 3-player games beside the 3-player models (docs/MODELS.md, \"Three players\")."},
	{"MJRANK_SELFPLAY_GAMES", "sim/game", "10000 (300 under -short)",
		"The number of random self-play hanchans TestSelfPlayInvariants plays."},
	{"MJRANK_STACK_ROUNDS", "experiments/train", "100",
		"The number of trees of TestStackTrial's wait models."},
	{"MJRANK_TENPAI_REFERENCE", "sim/observe", "off",
		"`1`: the determinization test recomputes and prints its tenpai reference statistics (minutes)."},
	{"MJRANK_TEST_ALLOC_MIB", "train", "unset: the test binary runs its tests",
		"Set by TestChildPeakRSS for its child: the test binary stands in for xgboost and touches N MiB."},
	{"MJRANK_TEST_AS_MJRANK", "cmd/mjrank", "unset: the test binary runs its tests",
		"`1`, set by the match and train tests for their children: the test binary runs as mjrank."},
	{"MJRANK_TEST_PIDS", "cmd/mjrank", "unset",
		"Set by TestTrainSignals for its stand-in xgboost: the file it writes its process ids into."},
	{"MJRANK_TEST_STALL", "cmd/mjrank", "unset",
		"Set by TestTrainSignals for its stand-in xgboost: the model at which it stalls."},
	{"MJRANK_TEST_WRITE", "train", "unset",
		"Set by TestChildPeakRSS for its child: the file it writes its peak resident size into."},
	{"MJRANK_TRIALS", "experiments/train", "off: the trials skip",
		"`1`: run the trials of experiments/train (with -tags experiments; minutes to hours each)."},
	{"MJRANK_WAIT_EVAL", "experiments/train", "off",
		"`1`: TestWaitFeatureTrial logs xgboost's validation AUC after every round."},
	{"MJRANK_WAIT_NEW", "experiments/train", "unset: TestWaitCompare skips",
		"TestWaitCompare's new wait model, FILE:N (N: the number of wait features it reads)."},
	{"MJRANK_WAIT_OLD", "experiments/train", "unset: TestWaitCompare skips",
		"TestWaitCompare's old wait model, FILE:N."},
	{"MJRANK_WAIT_TRIALS", "experiments/train", "`base all`",
		"TestWaitFeatureTrial's variants, separated by spaces: FEATURES[/NAME=VALUE,…]."},
	{"MJRANK_WAIT_TRIAL_PART", "experiments/train", "5",
		"TestWaitFeatureTrial trains on one N-th of the training games."},
}

// A RetiredVar is a name whose code is gone. The experiment log
// (docs/experiments) keeps the commands its trials ran with, so it may name
// one; nothing else may, and no code may read it.
type RetiredVar struct {
	Name    string
	Removed string // the commit that removed the code reading it
	Purpose string // what it did, one sentence
}

// Retired lists the retired names, sorted by name.
var Retired = []RetiredVar{
	{"MJRANK_BELIEF_TRIAL", "5252464", "The decision rule's belief weight in the mc bot (a strength screen)."},
	{"MJRANK_FOLD_NOBELIEF", "c19a6d1", "`1`: the push-or-fold trial without the belief term."},
	{"MJRANK_FOLD_PUSH", "c19a6d1", "`1`: the push-or-fold trial with a third, lowest-shanten candidate."},
	{"MJRANK_FOLD_TRIAL", "c19a6d1", "`1`: the prior's discard against the safest one when an opponent is in riichi."},
	{"MJRANK_RIVERNET_EPOCHS", "58ab156", "The epochs of the convolutional river model's wait trial."},
	{"MJRANK_RIVERNET_KEEP", "58ab156", "The folder the convolutional river model's trial kept its files in."},
	{"MJRANK_SEQNET_KEEP", "92f9659", "The folder the sequence model's wait trial kept its files in."},
	{"MJRANK_SEQNET_OUT", "92f9659", "The file the sequence model's wait trial wrote its predictions into."},
	{"MJRANK_SHARPEN_TRIAL", "58ab156", "The power β the arena's mc bot sharpened the wait readings by."},
	{"MJRANK_TOPN_LIMIT", "e47c944", "`1`: the top-N rollout trial computed its look-ahead figures for the N only."},
	{"MJRANK_TOPN_TRIAL", "e47c944", "N: the rollout's policy chose among the rollout model's best N discards."},
	{"MJRANK_WAIT_OBSERVER", "fded1d7", "`1`: the wait trial counted the viewer's own tiles as seen."},
	{"MJRANK_WAIT_SHARPEN", "58ab156", "The sharpening powers the wait trial scored the engine's discards under."},
}
