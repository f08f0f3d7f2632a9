package train

import (
	"testing"

	"github.com/mjrank/mjrank/data/dataset"
	"github.com/mjrank/mjrank/internal/xgbmodel"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/sim/tile"
)

// TestSanmaTransfer measures the shipped four-player opponent models on
// the held-out 3-player games beside the three-player models: do the 4p
// models transfer? The 4p trees read the first 64 (tenpai, value) and 111
// (wait) features of the 3-player positions, which are the 4p features
// computed over three seats (the kita ones are appended after them). In
// each comparison "model" is the 4p model, "baseline" the 3p one, and SE
// that of their difference over the games. The rank model does not
// transfer by construction (four places against three). Run it with
// MJRANK_SANMA_TRANSFER=1 (it replays the 464 held-out 3-player games).
func TestSanmaTransfer(t *testing.T) {
	study(t, "MJRANK_SANMA_TRANSFER", "measure the 4-player models on 3-player games")
	opp3, err := opponent.DefaultFor(3)
	if err != nil {
		t.Fatal(err)
	}
	load := func(name string, schema, n int) (*xgbmodel.Model, *xgbmodel.Card) {
		m, c, err := xgbmodel.LoadFS(opponent.EmbeddedFS(), "models", name, schema, n)
		if err != nil {
			t.Fatal(err)
		}
		return m, c
	}
	ten4, ten4Card := load(opponent.TenpaiModel, opponent.Schema, opponent.NumTenpaiFeatures)
	wait4, _ := load(opponent.WaitModel, opponent.WaitSchema, opponent.NumWaitFeatures)
	val4, _ := load(opponent.ValueModel, opponent.Schema, opponent.NumTenpaiFeatures)
	all := &collector{}
	games, seen := 0, map[string]bool{}
	xt := make([]float64, opponent.NumTenpaiFeatures3)
	xw := make([]float64, opponent.NumWaitFeatures3)
	pred := func(m *xgbmodel.Model, x []float64) float64 {
		v, err := m.PredictOne(x[:m.NumFeatures()])
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	for _, f := range sanmaFiles(t) {
		_, err := eachUsableFor(f, 3, nil, func(gr *dataset.GameRef) bool {
			if !dataset.HeldOut(gr.Key) || seen[gr.Key] {
				return true
			}
			seen[gr.Key] = true
			c := &collector{}
			var p3 [tile.NumKinds]float64
			err := VisitGame(gr.Game, Visitor{Discard: func(s *DiscardSample) {
				p := s.Pub
				p.TenpaiFeatures(xt)
				c.tenP = append(c.tenP, float32(ten4Card.Calibration.Apply(pred(ten4, xt))))
				c.tenB = append(c.tenB, float32(opp3.Tenpai(p)))
				c.tenY = append(c.tenY, s.Tenpai)
				if !s.Tenpai {
					return
				}
				if !s.Away {
					c.waitSamples++
					opp3.Waits(p, &p3)
					for k := range tile.NumKinds {
						if !opponent.InPlay(3, tile.Kind(k)) {
							continue
						}
						p.WaitFeatures(tile.Kind(k), xw)
						c.waitP = append(c.waitP, float32(pred(wait4, xw)))
						c.waitH = append(c.waitH, float32(p3[k]))
						c.waitY = append(c.waitY, s.Ron.Has(tile.Kind(k)))
					}
				}
				if s.Winning != 0 {
					c.valP = append(c.valP, float32(pred(val4, xt)))
					c.valB = append(c.valB, float32(opp3.Value(p)))
					c.valY = append(c.valY, float32(s.Value))
				}
			}})
			if err != nil {
				t.Fatalf("%s: %v", gr.Key, err)
			}
			c.tenGame, c.waitGame, c.valGame = make([]int32, len(c.tenP)), make([]int32, len(c.waitP)), make([]int32, len(c.valP))
			all.merge(c, int32(games))
			games++
			return true
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	rep := &EvalReport{Games: games, Bootstrap: DefaultBootstrap}
	all.report(rep)
	bs := newBootstrap(games, DefaultBootstrap)
	waitLL := bs.compare(false, countGames(all.waitGame), logLossMean(all.waitP, all.waitY, all.waitGame), logLossMean(all.waitH, all.waitY, all.waitGame))
	t.Logf("%d held-out 3-player games; 4p model | 3p model | SE (diff)", games)
	for _, r := range []struct {
		name string
		c    Comparison
	}{{"tenpai AUC", rep.Tenpai.AUC}, {"tenpai log-loss", rep.Tenpai.LogLoss}, {"tenpai ECE", rep.Tenpai.ECE},
		{"wait AUC", rep.Wait.AUC}, {"wait log-loss", waitLL}, {"value MAE", rep.Value.MAE}} {
		t.Logf("%-16s %.4f | %.4f | %.4f", r.name, r.c.Model, r.c.Baseline, r.c.DiffSE)
	}
	if games < 400 {
		t.Errorf("%d held-out 3-player games", games)
	}
}
