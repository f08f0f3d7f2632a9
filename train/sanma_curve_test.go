package train

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/mjrank/mjrank/data/dataset"
	"github.com/mjrank/mjrank/internal/xgbmodel"
)

// TestSanmaLearningCurve trains the three-player tenpai and wait trees
// (the shipped parameters and sampling rates, no calibration: a monotone
// map leaves the AUC as it is) on the first 500, 1,000, 2,000 and all the
// training 3-player games, in the order of their split hash, and measures
// each on every held-out 3-player game's rows: what the small corpus
// costs. Run it with MJRANK_SANMA_CURVE=1 (minutes of xgboost).
func TestSanmaLearningCurve(t *testing.T) {
	study(t, "MJRANK_SANMA_CURVE", "train the 3-player learning curve")
	needXGBoost(t)
	cfg := DefaultConfig()
	cfg.Players, cfg.CalibFolds = 3, 0
	cfg.Threads, cfg.XGBoost, cfg.MemoryBudget = DefaultThreads, "xgboost", DefaultMemoryBudget
	var train, held []gameSamples
	seen := map[string]bool{}
	for _, f := range sanmaFiles(t) {
		fs := fileRows(&cfg, f)
		if fs.fatal != nil {
			t.Fatal(fs.fatal)
		}
		for _, g := range fs.games {
			if seen[g.key] {
				continue
			}
			seen[g.key] = true
			if cfg.heldOut(g.key) {
				held = append(held, g)
			} else {
				train = append(train, g)
			}
		}
	}
	slices.SortFunc(train, func(a, b gameSamples) int {
		ha, hb := dataset.Hash(a.key), dataset.Hash(b.key)
		switch {
		case ha < hb:
			return -1
		case ha > hb:
			return 1
		}
		return 0
	})
	work := t.TempDir()
	write := func(name string, gs []gameSamples, m int) int {
		f, err := os.Create(filepath.Join(work, name))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		n := 0
		for _, g := range gs {
			if _, err := f.Write(g.rows.rows[m].Bytes()); err != nil {
				t.Fatal(err)
			}
			n += g.rows.n[m]
		}
		return n
	}
	sp := specsFor(3, cfg.Seed, cfg.Threads, cfg.Rounds)
	t.Logf("%d training and %d held-out 3-player games", len(train), len(held))
	for m := range 2 { // tenpai3, wait3
		testRows := write(sp[m].name+".test", held, m)
		for _, n := range []int{500, 1000, 2000, len(train)} {
			rows := write(sp[m].name+".train", train[:n], m)
			job := xgbJob{name: fmt.Sprintf("%s-%d", sp[m].name, n), spc: sp[m], train: []string{sp[m].name + ".train"},
				test: sp[m].name + ".test", rows: rows, testRows: testRows}
			b, _, err := cfg.runXGBoost(context.Background(), work, job)
			if err != nil {
				t.Fatal(err)
			}
			model, err := xgbmodel.Load(b)
			if err != nil {
				t.Fatal(err)
			}
			p, y, err := predictFile(model, filepath.Join(work, sp[m].name+".test"), nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			ps := make([]float32, len(p))
			ll := 0.0
			for i := range p {
				ps[i] = float32(p[i])
				ll += LogLoss(p[i], y[i])
			}
			auc, se := AUC(ps, y)
			t.Logf("%s, %5d training games (%8d rows): held-out AUC %.4f (SE %.4f), log-loss %.4f on %d rows",
				sp[m].name, n, rows, auc, se, ll/float64(len(p)), len(p))
		}
	}
}
