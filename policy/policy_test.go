package policy_test

import (
	"math"
	"testing"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/internal/realgames"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/policy"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// turn is a recorded turn decision: the round just before it, the seat and
// the kind it discarded.
type turn struct {
	round  game.Round
	seat   int
	played tile.Kind
}

// turns collects up to n turn decisions of the first real games.
func turns(t testing.TB, n int) []turn {
	t.Helper()
	var out []turn
	for _, g := range realgames.Games(t) {
		var rep data.ReplayReport
		for st, d := range data.ReplayDecisions(g, &rep) {
			if len(out) >= n {
				break
			}
			if d.Turn {
				out = append(out, turn{*st.Engine, d.Seat, d.Played.Tile.Kind()})
			}
		}
		if rep.Err != nil {
			t.Fatal(rep.Err)
		}
		if len(out) >= n {
			return out[:n]
		}
	}
	return out
}

// embedded returns the embedded opponent models and discard policy.
func embedded(t testing.TB) (*opponent.Models, *policy.Model) {
	t.Helper()
	opp, err := opponent.Default()
	if err != nil {
		t.Fatal(err)
	}
	m, err := policy.Default()
	if err != nil {
		t.Fatal(err)
	}
	return opp, m
}

func TestFeatures(t *testing.T) {
	if len(policy.FeatureNames) != policy.NumFeatures {
		t.Fatalf("%d feature names, NumFeatures %d", len(policy.FeatureNames), policy.NumFeatures)
	}
	opp, err := opponent.Default()
	if err != nil {
		t.Fatal(err)
	}
	var pos policy.Position
	var x [policy.NumFeatures]float64
	for i, tn := range turns(t, 300) {
		v := game.ViewOf(&tn.round, tn.seat)
		pos.Reset(v, opp)
		ks := pos.Kinds(nil)
		c := v.Counts()
		n := 0
		for k := range c {
			if c[k] > 0 {
				n++
			}
		}
		if len(ks) != n {
			t.Fatalf("decision %d: %d kinds to discard, the hand holds %d", i, len(ks), n)
		}
		played := false
		for _, k := range ks {
			played = played || k == tn.played
			if c[k] == 0 {
				t.Fatalf("decision %d: kind %s listed, not in the hand", i, k)
			}
			pos.Features(k, x[:])
			for j, f := range x {
				if math.IsNaN(f) || math.IsInf(f, 0) {
					t.Fatalf("decision %d, kind %s: feature %s = %v", i, k, policy.FeatureNames[j], f)
				}
			}
			if x[8] != float64(c[k]) { // in_hand
				t.Fatalf("decision %d, kind %s: in_hand %v, hand holds %d", i, k, x[8], c[k])
			}
		}
		if !played {
			t.Fatalf("decision %d: the played kind %s is not among %v", i, tn.played, ks)
		}
	}
}

// TestDefaultModel checks the embedded model: it loads, its card says it
// beats tile efficiency on the held-out games, and on recorded decisions
// of games it may have trained on it agrees with the players more often
// than tile efficiency does (a loose check that the loader and the
// features match the training).
func TestDefaultModel(t *testing.T) {
	m, err := policy.Default()
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Card.Metrics) == 0 || !m.Card.Metrics[0].Beats {
		t.Fatalf("card metrics %+v: the policy should beat tile efficiency", m.Card.Metrics)
	}
	opp, err := opponent.Default()
	if err != nil {
		t.Fatal(err)
	}
	var pos policy.Position
	model, eff := 0, 0
	ts := turns(t, 600)
	for _, tn := range ts {
		pos.Reset(game.ViewOf(&tn.round, tn.seat), opp)
		if k, ok := m.Best(&pos); ok && k == tn.played {
			model++
		}
		if pos.Kinds(nil)[0] == tn.played {
			eff++
		}
	}
	t.Logf("%d decisions: policy %d, efficiency %d", len(ts), model, eff)
	if model <= eff+len(ts)/20 {
		t.Errorf("policy agreed %d times, efficiency %d, of %d: expected a clear lead", model, eff, len(ts))
	}
}

func TestResetAllocatesNothing(t *testing.T) {
	opp, m := embedded(t)
	ts := turns(t, 20)
	var pos policy.Position
	i := 0
	allocs := testing.AllocsPerRun(50, func() {
		tn := &ts[i%len(ts)]
		i++
		pos.Reset(game.ViewOf(&tn.round, tn.seat), opp)
		m.Best(&pos)
	})
	if allocs != 0 {
		t.Errorf("Reset and Best: %v allocations, want 0", allocs)
	}
}

func BenchmarkDecision(b *testing.B) {
	opp, m := embedded(b)
	ts := turns(b, 50)
	var pos policy.Position
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		tn := &ts[i%len(ts)]
		pos.Reset(game.ViewOf(&tn.round, tn.seat), opp)
		m.Best(&pos)
	}
}
