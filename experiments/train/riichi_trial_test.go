//go:build experiments

package train_test

import (
	"bufio"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/data/dataset"
	"github.com/mjrank/mjrank/data/records"
	"github.com/mjrank/mjrank/internal/shareddata"
	"github.com/mjrank/mjrank/internal/xgbmodel"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/policy"
	"github.com/mjrank/mjrank/train"
)

// TestRiichiTrial compares riichi model variants (feature sets and xgboost
// parameters) by an inner cross-validation over the training games only:
// the held-out tenth (FNV-1a mod 10 = 0) is never read. Each inner fold
// (FNV-1a mod 10 = 1 … 9) is predicted by a model trained on the other
// eight, and the agreements are pooled over every training decision, with
// bootstrap SEs over games of each variant and of its difference with
// the first.
//
//	MJRANK_TRIALS=1 MJRANK_RIICHI_WORK=/tmp/riichi \
//	MJRANK_RIICHI_VARIANTS='schema1 all all:-dama_turns all:max_depth=6' \
//	go test -tags experiments ./experiments/train -run TestRiichiTrial -v -timeout 0
//
// The rows (every feature of policy.RiichiFeatureNames, with the embedded
// opponent models) are written once into MJRANK_RIICHI_WORK and reused
// while they are there. A variant is words joined by ':' — "schema1"
// starts from the features of schema 1 (31; "all": every feature, the
// default), "+NAME" and "-NAME" add and remove a feature, "KEY=VALUE"
// sets an xgboost parameter over the riichi model's — and its label is
// the whole string.
// MJRANK_RIICHI_FOLDS lists the inner folds to predict (default 1 to 9).
func TestRiichiTrial(t *testing.T) {
	work := trialWork(t, "MJRANK_RIICHI_WORK")
	if _, err := os.Stat(filepath.Join(work, "riichi-f9.games")); err != nil {
		riichiTrialRows(t, work)
	}
	folds := []int{1, 2, 3, 4, 5, 6, 7, 8, 9}
	if s := os.Getenv("MJRANK_RIICHI_FOLDS"); s != "" {
		folds = nil
		for _, f := range strings.Split(s, ",") {
			k, err := strconv.Atoi(f)
			if err != nil || k < 1 || k > 9 {
				t.Fatalf("MJRANK_RIICHI_FOLDS %q", s)
			}
			folds = append(folds, k)
		}
	}
	variants := strings.Fields(os.Getenv("MJRANK_RIICHI_VARIANTS"))
	if len(variants) == 0 {
		variants = []string{"schema1", "all"}
	}
	var first *riichiTally
	for _, v := range variants {
		feats, params := riichiVariant(t, v)
		tl := riichiTrialRun(t, work, v, feats, params, folds)
		line := fmt.Sprintf("%-40s agreement %.4f (SE %.4f) log-loss %.4f on %d decisions", v, tl.agreement(), tl.se(nil), tl.logloss/float64(tl.total()), tl.total())
		if first == nil {
			first = tl
		} else {
			line += fmt.Sprintf("; − %s: %+.4f (SE %.4f)", variants[0], tl.agreement()-first.agreement(), tl.se(first))
		}
		t.Log(line)
	}
}

// trialWork skips a trial unless MJRANK_TRIALS is set, needs xgboost,
// and returns the trial's work folder: the one the environment variable
// env names (made if missing, its rows reused while there), else a
// temporary one.
func trialWork(t *testing.T, env string) string {
	t.Helper()
	requireTrials(t)
	needXGBoost(t)
	work := os.Getenv(env)
	if work == "" {
		return t.TempDir()
	}
	if err := os.MkdirAll(work, 0o755); err != nil {
		t.Fatal(err)
	}
	return work
}

// schema1RiichiFeatures are the riichi model's features of schema 1.
var schema1RiichiFeatures = append(slices.Clone(policy.RiichiFeatureNames[:15]),
	"wait_kinds", "wait_live", "furiten", "wait_yaochu", "chiitoi",
	"dama_yaku_share", "dama_max", "dama_mean", "riichi_mean", "dora",
	"discard_danger", "discard_safe", "tsumogiri", "tenpai_discards", "best_1shanten_ukeire",
	"tenpai_before_draw")

// riichiVariant reads a variant: the indices of its features in
// policy.RiichiFeatureNames, and its xgboost parameters.
func riichiVariant(t *testing.T, v string) ([]int, [][2]string) {
	params, err := train.ModelParams(policy.RiichiModel)
	if err != nil {
		t.Fatal(err)
	}
	return trialVariant(t, v, ":", policy.RiichiFeatureNames,
		map[string][]string{"all": policy.RiichiFeatureNames, "schema1": schema1RiichiFeatures}, params)
}

// trialVariant reads a trial's variant, words joined by sep: a preset
// names a feature set, "+NAME" and "-NAME" add and remove a feature,
// "KEY=VALUE" sets an xgboost parameter over params. It returns the
// indices of the features in all (every feature the trial's rows hold)
// and the parameters.
func trialVariant(t *testing.T, v, sep string, all []string, presets map[string][]string, params [][2]string) ([]int, [][2]string) {
	names := slices.Clone(all)
	for _, w := range strings.Split(v, sep) {
		switch set, ok := presets[w]; {
		case ok:
			names = slices.Clone(set)
		case strings.HasPrefix(w, "+"):
			names = append(names, w[1:])
		case strings.HasPrefix(w, "-"):
			i := slices.Index(names, w[1:])
			if i < 0 {
				t.Fatalf("variant %s: no feature %s to remove", v, w[1:])
			}
			names = slices.Delete(names, i, i+1)
		case strings.Contains(w, "="):
			k, val, _ := strings.Cut(w, "=")
			params = append(slices.Clone(params), [2]string{k, val})
		default:
			t.Fatalf("variant %s: bad word %q", v, w)
		}
	}
	var idx []int
	for _, n := range names {
		i := slices.Index(all, n)
		if i < 0 {
			t.Fatalf("variant %s: no feature %s", v, n)
		}
		idx = append(idx, i)
	}
	return idx, params
}

// riichiTrialRows replays the corpus and writes the riichi rows of every
// training game (never a held-out one) into riichi-fK.svm by inner fold
// K, with the game of each row (a number in file order) in
// riichi-fK.games.
func riichiTrialRows(t *testing.T, work string) {
	opp, err := opponent.Default()
	if err != nil {
		t.Fatal(err)
	}
	cfg := train.DefaultConfig()
	cfg.Corpus = []string{shareddata.Dir(t, "tenhou")}
	files, err := train.CorpusFiles(&cfg)
	if err != nil {
		t.Fatal(err)
	}
	var svm, games [10]*bufio.Writer
	for k := 1; k < 10; k++ {
		for _, p := range []struct {
			ext string
			w   **bufio.Writer
		}{{".svm", &svm[k]}, {".games", &games[k]}} {
			f, err := os.Create(filepath.Join(work, fmt.Sprintf("riichi-f%d%s", k, p.ext)))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			*p.w = bufio.NewWriterSize(f, 1<<20)
		}
	}
	seen := map[string]bool{}
	n := 0
	var fatal error
	err = records.ForEachFile(context.Background(), files, 0, func(f string) []*trialGame {
		gs, _ := dataset.ReadFile(f)
		var out []*trialGame
		for i := range gs {
			gr := &gs[i]
			if dataset.Usable(gr.Game) != nil || dataset.Hash(gr.Key)%10 == 0 {
				continue
			}
			g := &trialGame{key: gr.Key}
			var err error
			if g.rows, g.n, err = train.RiichiRows(gr, opp); err != nil {
				g.fatal = fmt.Errorf("%s game %d: %w", f, gr.N, err)
			}
			out = append(out, g)
		}
		return out
	}, func(_ string, gs []*trialGame) {
		for _, g := range gs {
			if g.fatal != nil {
				fatal = firstErr(fatal, g.fatal)
				continue
			}
			if seen[g.key] {
				continue
			}
			seen[g.key] = true
			k := dataset.Hash(g.key) % 10
			svm[k].Write(g.rows)
			for range g.n {
				fmt.Fprintln(games[k], n)
			}
			n++
		}
	})
	if err = firstErr(err, fatal); err != nil {
		t.Fatal(err)
	}
	for k := 1; k < 10; k++ {
		if err := firstErr(svm[k].Flush(), games[k].Flush()); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("riichi rows of %d training games written", n)
}

// riichiTally holds one variant's per-game decisions and agreements.
type riichiTally struct {
	n, agree map[int]int
	logloss  float64
}

func (r *riichiTally) total() int {
	s := 0
	for _, v := range r.n {
		s += v
	}
	return s
}

func (r *riichiTally) agreement() float64 {
	a := 0
	for _, v := range r.agree {
		a += v
	}
	return float64(a) / float64(r.total())
}

// se returns the bootstrap SE over games of the agreement, or of its
// difference with base's.
func (r *riichiTally) se(base *riichiTally) float64 {
	ids := make([]int, 0, len(r.n))
	for g := range r.n {
		ids = append(ids, g)
	}
	slices.Sort(ids)
	rng := rand.New(rand.NewPCG(1, 2))
	var s, s2 float64
	const boots = 200
	for range boots {
		var n, a, b float64
		for range ids {
			g := ids[rng.IntN(len(ids))]
			n += float64(r.n[g])
			a += float64(r.agree[g])
			if base != nil {
				b += float64(base.agree[g])
			}
		}
		x := (a - b) / n
		s, s2 = s+x, s2+x*x
	}
	return math.Sqrt(max(s2/boots-(s/boots)*(s/boots), 0))
}

// riichiTrialRun trains the variant once per inner fold of folds on the
// other eight and tallies its predictions of the fold.
func riichiTrialRun(t *testing.T, work, label string, feats []int, params [][2]string, folds []int) *riichiTally {
	names := make([]string, len(feats))
	for i, f := range feats {
		names[i] = policy.RiichiFeatureNames[f]
	}
	tl := &riichiTally{n: map[int]int{}, agree: map[int]int{}}
	dir := t.TempDir()
	for k := 1; k < 10; k++ {
		trialSubset(t, filepath.Join(work, fmt.Sprintf("riichi-f%d.svm", k)), filepath.Join(dir, fmt.Sprintf("f%d.svm", k)), feats)
	}
	for _, k := range folds {
		test := fmt.Sprintf("f%d.svm", k)
		var trainFiles []string
		for j := 1; j < 10; j++ {
			if j != k {
				trainFiles = append(trainFiles, fmt.Sprintf("f%d.svm", j))
			}
		}
		b, err := train.FitXGBoost(context.Background(), train.DefaultConfig(), dir, "riichi", names, params, trainFiles, test)
		if err != nil {
			t.Fatal(err)
		}
		m, err := xgbmodel.Load(b)
		if err != nil {
			t.Fatal(err)
		}
		p, y, err := train.PredictFile(m, filepath.Join(dir, test))
		if err != nil {
			t.Fatal(err)
		}
		gb, err := os.ReadFile(filepath.Join(work, fmt.Sprintf("riichi-f%d.games", k)))
		if err != nil {
			t.Fatal(err)
		}
		gs := strings.Fields(string(gb))
		if len(gs) != len(p) {
			t.Fatalf("fold %d: %d games for %d rows", k, len(gs), len(p))
		}
		for i, s := range gs {
			g, _ := strconv.Atoi(s)
			tl.n[g]++
			if (p[i] >= 0.5) == y[i] {
				tl.agree[g]++
			}
			q := min(max(p[i], 1e-7), 1-1e-7)
			if y[i] {
				tl.logloss -= math.Log(q)
			} else {
				tl.logloss -= math.Log(1 - q)
			}
		}
		t.Logf("%s: fold %d done", label, k)
	}
	return tl
}
