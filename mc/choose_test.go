package mc

import (
	"math"
	"slices"
	"testing"

	"github.com/mjrank/mjrank/policy"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// TestChoose: the decision rule on hand-made analyses. Candidate 0 is the
// prior in every case.
func TestChoose(t *testing.T) {
	disc := func(k tile.Kind, sims int, adv, se, pol float64) Candidate {
		return Candidate{Action: game.Action{Type: game.Discard, Tile: tile.Tile(4 * k)}, Sims: sims, Advantage: adv, AdvantageSE: se, Policy: pol}
	}
	prior := disc(0, 1000, 0, 0, 0.6)
	tests := []struct {
		name           string
		cands          []Candidate
		margin, weight float64
		want           int
	}{
		{"no evidence keeps the prior", []Candidate{prior, disc(1, 1000, 0.01, 0.01, 0.3)}, 2, 0, 0},
		{"a clear advantage replaces it", []Candidate{prior, disc(1, 1000, 0.05, 0.01, 0.3)}, 2, 0, 1},
		{"the largest lower bound wins", []Candidate{prior, disc(1, 1000, 0.05, 0.01, 0.3), disc(2, 1000, 0.06, 0.005, 0.3)}, 2, 0, 2},
		// The 83-simulation case of issue 21: a move dropped at the first
		// stage cannot win on its noisy advantage.
		{"a move dropped early does not compete", []Candidate{prior, disc(1, 83, 0.2, 0.03, 0.3), disc(2, 1000, 0.01, 0.01, 0.3)}, 2, 0, 0},
		{"the policy's doubt outweighs a small advantage", []Candidate{prior, disc(1, 1000, 0.05, 0.01, 0.006)}, 2, 0.02, 0},
		{"a large advantage beats the policy's doubt", []Candidate{prior, disc(1, 1000, 0.15, 0.01, 0.006)}, 2, 0.02, 1},
		{"no doubt between equally likely moves", []Candidate{prior, disc(1, 1000, 0.05, 0.01, 0.6)}, 2, 0.02, 1},
		{"moves the policy does not score are judged by the margin alone", []Candidate{prior, {Action: game.Action{Type: game.Ankan}, Sims: 1000, Advantage: 0.05, AdvantageSE: 0.01}}, 2, 1, 1},
		{"a NaN standard error never wins", []Candidate{prior, disc(1, 1000, 0.5, math.NaN(), 0.6)}, 2, 0, 0},
		{"a negative margin plays the best mean", []Candidate{{Sims: 10, Utility: -2.5}, {Sims: 10, Utility: -2.4}, {Sims: 0, Utility: 0}}, -1, 0, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := choose(tc.cands, 0, tc.margin, tc.weight, nil); got != tc.want {
				t.Errorf("choose = %d, want %d", got, tc.want)
			}
		})
	}
}

// TestNoBelief: the same analysis (the halving does not depend on the
// rule), read by the rule without the policy's belief: on real turns the
// engine plays what choose gives with weight 0, and the default what it
// gives with DefaultPolicyWeight; somewhere the two differ.
func TestNoBelief(t *testing.T) {
	e, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	differ := 0
	for i, p := range positions(t, 40, 11) {
		o := Options{Sims: 800, Workers: 2, Seed: 3, Decision: uint64(i)}
		base := analyze(t, e, &p, o)
		nb := analyzeLab(t, e, &p, o, Lab{NoBelief: true})
		if len(base.Candidates) < 2 {
			continue
		}
		ref := slices.IndexFunc(base.Candidates, func(c Candidate) bool { return c.Prior })
		cands := slices.Clone(base.Candidates)
		want := &cands[choose(cands, ref, DefaultMargin, 0, nil)]
		if got := nb.Best(); got.Action != want.Action || got.Discard != want.Discard {
			t.Errorf("%s: without the belief %v, want %v", p.name, got.Action, want.Action)
		}
		if base.Best().Action != nb.Best().Action {
			differ++
		}
	}
	if differ == 0 {
		t.Error("the belief term changed no decision of 40")
	}
	t.Logf("the belief term changed %d decisions of 40", differ)
}

// TestPriorDiscards: with Options.PriorDiscards a decision whose only
// choice is the discard returns the policy's move unsimulated, and any
// other decision (a riichi to declare or not, a tsumo, a call) simulates one
// candidate of each kind of move: the prior, and of every other kind the
// one the policy believes most.
func TestPriorDiscards(t *testing.T) {
	e, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	var plain, other, pruned int
	for i, p := range append(positions(t, 120, 5), answerPositions(t, 12, 3)...) {
		o := Options{Sims: 300, Workers: 2, Seed: 5, Decision: uint64(i)}
		base := analyze(t, e, &p, o)
		o.PriorDiscards = true
		pd := analyze(t, e, &p, o)
		if len(base.Candidates) < 2 {
			continue
		}
		legal := p.round.Legal(p.seat, nil)
		if !slices.ContainsFunc(legal, func(a game.Action) bool { return a.Type != game.Discard }) {
			plain++
			var pr policy.Prior
			opp, pol, dec := embedded(t)
			want, _ := policy.NewPlayer(opp, pol, dec).Decide(game.ViewOf(&p.round, p.seat), legal, &pr)
			if b := pd.Best(); pd.Sims != 0 || b.Sims != 0 || !b.Prior || b.Action != want {
				t.Errorf("%s: %d sims, best %v (prior %v), want the policy's %v unsimulated", p.name, pd.Sims, b.Action, b.Prior, want)
			}
			continue
		}
		other++
		if len(pd.Candidates) < len(base.Candidates) {
			pruned++
		}
		checkOneDetailEach(t, p.name, base.Candidates, pd.Candidates)
	}
	if plain == 0 || other == 0 {
		t.Fatalf("%d discard-only decisions and %d others: both kinds needed", plain, other)
	}
	if pruned == 0 {
		t.Error("no decision beyond the discard lost a candidate")
	}
	t.Logf("%d discard-only decisions, %d others (%d with fewer candidates)", plain, other, pruned)
}

// checkOneDetailEach checks got (the candidates simulated under
// PriorDiscards) against all (without it): the same kinds of move, one
// candidate of each, the prior the same move, and each other kind's
// candidate one the policy believes most.
func checkOneDetailEach(t *testing.T, name string, all, got []Candidate) {
	t.Helper()
	kind := func(c *Candidate) string {
		switch c.Action.Type {
		case game.Discard, game.Riichi:
			return c.Action.Type.String()
		case game.Chi, game.Pon:
			return c.Action.Meld.String()
		}
		return c.String()
	}
	most := map[string]float64{}
	var prior *Candidate
	for i := range all {
		k := kind(&all[i])
		most[k] = max(most[k], all[i].Policy)
		if all[i].Prior {
			prior = &all[i]
		}
	}
	seen := map[string]bool{}
	for i := range got {
		c := &got[i]
		k := kind(c)
		if seen[k] && most[k] > 0 {
			t.Errorf("%s: two candidates of %s", name, k)
		}
		seen[k] = true
		switch {
		case c.Prior:
			if c.Action != prior.Action || c.Discard != prior.Discard {
				t.Errorf("%s: prior %s, want %s", name, c, prior)
			}
		case prior != nil && kind(prior) == k:
			t.Errorf("%s: %s simulated beside the prior of its kind %s", name, c, prior)
		case c.Policy < most[k]:
			t.Errorf("%s: %s (belief %.4f) kept for %s, whose likeliest has %.4f", name, c, c.Policy, k, most[k])
		}
	}
	if len(seen) != len(most) {
		t.Errorf("%s: %d kinds of move simulated, want %d", name, len(seen), len(most))
	}
}
