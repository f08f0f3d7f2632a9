//go:build experiments

package train_test

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"maps"
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

// discardTrialNames are the features the discard trial writes: the
// policy's.
var discardTrialNames = policy.FeatureNames

// TestDiscardTrial compares discard model variants (feature sets,
// objectives, xgboost parameters) on the training games only: the held-out
// tenth is never read. Models train on inner folds 2 … 9 (FNV-1a mod 10)
// and are measured on fold 1, decision by decision (the highest-scored
// kind against the recorded discard), with a bootstrap SE over games of
// each variant's difference with the first.
//
//	MJRANK_TRIALS=1 MJRANK_DISCARD_WORK=/tmp/disc MJRANK_POLICY_FILES=2000 \
//	MJRANK_DISCARD_VARIANTS='base all all,objective=rank:pairwise' \
//	go test -tags experiments ./experiments/train -run TestDiscardTrial -v -timeout 0
//
// A variant is words joined by ',' — "base" (the 45 features of schema 2)
// or "all" (every feature of discardTrialNames, the default), "+NAME" and
// "-NAME", "KEY=VALUE" for an xgboost parameter over the discard
// policy's. MJRANK_DISCARD_TRAIN_FOLDS (say "2,3") trains on fewer
// folds. Rows are written once into MJRANK_DISCARD_WORK, with a qid per
// decision for the ranking objectives.
func TestDiscardTrial(t *testing.T) {
	work := trialWork(t, "MJRANK_DISCARD_WORK")
	if _, err := os.Stat(filepath.Join(work, "disc-f9.svm")); err != nil {
		discardTrialRows(t, work)
	}
	variants := strings.Fields(os.Getenv("MJRANK_DISCARD_VARIANTS"))
	if len(variants) == 0 {
		variants = []string{"base", "all"}
	}
	var first *riichiTally
	for _, v := range variants {
		feats, params := discardVariant(t, v)
		tl := discardTrialRun(t, work, feats, params)
		line := fmt.Sprintf("%-50s agreement %.4f (SE %.4f) on %d decisions", v, tl.agreement(), tl.se(nil), tl.total())
		if first == nil {
			first = tl
		} else {
			line += fmt.Sprintf("; − %s: %+.4f (SE %.4f)", variants[0], tl.agreement()-first.agreement(), tl.se(first))
		}
		t.Log(line)
	}
}

// discardVariant reads a variant: the indices of its features in
// discardTrialNames, and its xgboost parameters.
func discardVariant(t *testing.T, v string) ([]int, [][2]string) {
	params, err := train.ModelParams(policy.ModelName)
	if err != nil {
		t.Fatal(err)
	}
	return trialVariant(t, v, ",", discardTrialNames,
		map[string][]string{"all": discardTrialNames, "base": policy.FeatureNames[:45]}, params)
}

// discardTrialRows writes the discard rows (every trial feature) of the
// training games of the first MJRANK_POLICY_FILES files into disc-fK.svm
// by inner fold K, a qid per decision; fold 1's decisions' sizes and
// games go to disc-f1.sizes.
func discardTrialRows(t *testing.T, work string) {
	opp, err := opponent.Default()
	if err != nil {
		t.Fatal(err)
	}
	cfg := train.DefaultConfig()
	cfg.Corpus = []string{shareddata.Dir(t, "tenhou")}
	if n, err := strconv.Atoi(os.Getenv("MJRANK_POLICY_FILES")); err == nil {
		cfg.MaxFiles = n
	}
	cfg.PolicyRate = 0.25 // the rate of the figures in docs/experiments/models-discard.md
	if r, err := strconv.ParseFloat(os.Getenv("MJRANK_POLICY_RATE"), 64); err == nil {
		cfg.PolicyRate = r
	}
	files, err := train.CorpusFiles(&cfg)
	if err != nil {
		t.Fatal(err)
	}
	var svm [10]*bufio.Writer
	for k := 1; k < 10; k++ {
		f, err := os.Create(filepath.Join(work, fmt.Sprintf("disc-f%d.svm", k)))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		svm[k] = bufio.NewWriterSize(f, 1<<20)
	}
	var sizes bytes.Buffer
	seen := map[string]bool{}
	n, qid := 0, 0
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
			g.rows, g.sizes, g.fatal = train.DiscardRows(gr, &cfg, opp)
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
			sc := bufio.NewScanner(bytes.NewReader(g.rows))
			sc.Buffer(make([]byte, 1<<20), 1<<20)
			for _, sz := range g.sizes {
				for range sz {
					sc.Scan()
					label, rest, _ := strings.Cut(sc.Text(), " ")
					if k == 1 {
						fmt.Fprintf(svm[k], "%s %s\n", label, rest)
					} else {
						fmt.Fprintf(svm[k], "%s qid:%d %s\n", label, qid, rest)
					}
				}
				if k == 1 {
					fmt.Fprintf(&sizes, "%d %d\n", sz, n)
				}
				qid++
			}
			n++
		}
	})
	if err = firstErr(err, fatal); err != nil {
		t.Fatal(err)
	}
	for k := 1; k < 10; k++ {
		if err := svm[k].Flush(); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(work, "disc-f1.sizes"), sizes.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("discard rows of %d training games, %d decisions written", n, qid)
}

// discardTrialRun trains the variant on folds 2 … 9 and tallies its
// choices on fold 1 by game.
func discardTrialRun(t *testing.T, work string, feats []int, params [][2]string) *riichiTally {
	names := make([]string, len(feats))
	for i, f := range feats {
		names[i] = discardTrialNames[f]
	}
	dir := t.TempDir()
	var trainFiles []string
	folds := []int{1, 2, 3, 4, 5, 6, 7, 8, 9}
	if s := os.Getenv("MJRANK_DISCARD_TRAIN_FOLDS"); s != "" {
		folds = []int{1}
		for _, f := range strings.Split(s, ",") {
			k, err := strconv.Atoi(f)
			if err != nil || k < 2 || k > 9 {
				t.Fatalf("MJRANK_DISCARD_TRAIN_FOLDS %q", s)
			}
			folds = append(folds, k)
		}
	}
	for _, k := range folds {
		trialSubset(t, filepath.Join(work, fmt.Sprintf("disc-f%d.svm", k)), filepath.Join(dir, fmt.Sprintf("f%d.svm", k)), feats)
		if k > 1 {
			trainFiles = append(trainFiles, fmt.Sprintf("f%d.svm", k))
		}
	}
	b, err := train.FitXGBoost(context.Background(), train.DefaultConfig(), dir, "discard", names, params, trainFiles, "f1.svm")
	if err != nil {
		t.Fatal(err)
	}
	m, err := xgbmodel.Load(b)
	if err != nil {
		t.Fatal(err)
	}
	p, y, err := train.PredictFile(m, filepath.Join(dir, "f1.svm"))
	if err != nil {
		t.Fatal(err)
	}
	sb, err := os.ReadFile(filepath.Join(work, "disc-f1.sizes"))
	if err != nil {
		t.Fatal(err)
	}
	tl := &riichiTally{n: map[int]int{}, agree: map[int]int{}}
	f := strings.Fields(string(sb))
	r := 0
	for i := 0; i+1 < len(f); i += 2 {
		sz, _ := strconv.Atoi(f[i])
		g, _ := strconv.Atoi(f[i+1])
		best := r
		for j := r + 1; j < r+sz; j++ {
			if p[j] > p[best] {
				best = j
			}
		}
		tl.n[g]++
		if y[best] {
			tl.agree[g]++
		}
		r += sz
	}
	if r != len(p) {
		t.Fatalf("%d rows predicted, %d in the decisions", len(p), r)
	}
	if os.Getenv("MJRANK_DISCARD_BREAKDOWN") != "" {
		discardBreakdown(t, filepath.Join(work, "disc-f1.svm"), f, p, y)
	}
	return tl
}

// discardBreakdown logs the agreement on fold 1 by kind of decision: the
// shanten before, riichi opponents, whether the played kind loses
// shanten, and whether the model's choice and the played kind have the
// same shanten and ukeire.
func discardBreakdown(t *testing.T, file string, sizes []string, p []float64, y []bool) {
	var x [][]float64
	if err := train.ReadLibSVM(file, len(discardTrialNames), func(_ string, v []float64) error {
		x = append(x, slices.Clone(v))
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	idx := func(n string) int { return slices.Index(discardTrialNames, n) }
	sb, rop, sl, uk, turn := idx("shanten_before"), idx("riichi_opponents"), idx("shanten_loss"), idx("ukeire_after"), idx("turn")
	type cell struct{ n, a int }
	cells := map[string]*cell{}
	add := func(key string, ok bool) {
		c := cells[key]
		if c == nil {
			c = &cell{}
			cells[key] = c
		}
		c.n++
		if ok {
			c.a++
		}
	}
	r := 0
	for i := 0; i+1 < len(sizes); i += 2 {
		sz, _ := strconv.Atoi(sizes[i])
		best, played := r, r
		for j := r; j < r+sz; j++ {
			if p[j] > p[best] {
				best = j
			}
			if y[j] {
				played = j
			}
		}
		ok := best == played
		b, pl := x[best], x[played]
		add(fmt.Sprintf("shanten %d", min(int(pl[sb]), 3)), ok)
		add(fmt.Sprintf("riichi opponents %d", min(int(pl[rop]), 1)), ok)
		add(fmt.Sprintf("turn %02d", min(int(pl[turn])/3*3, 15)), ok)
		add(fmt.Sprintf("played loses shanten %v", pl[sl] > 0), ok)
		if !ok {
			add(fmt.Sprintf("miss: same shanten %v, same ukeire %v", b[sl] == pl[sl], b[uk] == pl[uk]), true)
		}
		r += sz
	}
	keys := slices.Sorted(maps.Keys(cells))
	for _, k := range keys {
		c := cells[k]
		t.Logf("  %-40s %6d decisions, agreement %.4f", k, c.n, float64(c.a)/float64(c.n))
	}
}

// trialSubset writes the rows of src with the features feats only,
// renumbered in that order, keeping a qid.
func trialSubset(t *testing.T, src, dst string, feats []int) {
	in, err := os.Open(src)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriterSize(out, 1<<20)
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		w.WriteString(f[0])
		f = f[1:]
		if strings.HasPrefix(f[0], "qid:") {
			w.WriteString(" " + f[0])
			f = f[1:]
		}
		for j, i := range feats {
			_, v, _ := strings.Cut(f[i], ":")
			fmt.Fprintf(w, " %d:%s", j, v)
		}
		w.WriteByte('\n')
	}
	if err := firstErr(sc.Err(), firstErr(w.Flush(), out.Close())); err != nil {
		t.Fatal(err)
	}
}
