package mc

import (
	"math/rand/v2"
	"testing"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/internal/realgames"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/policy"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// callTally counts real call chances: compared features, and how often
// the rollout's call model and the hand-made rule make the player's
// choice (a call of the same kinds, or a pass).
type callTally struct {
	calls, chances, model, rule int
}

// TestRolloutCallsAtRoot: at real call chances (a chi or pon legal), the
// rollout's call features computed from the simulated round's state at
// the root, with the plain faces the rollout's seat melds, equal the ones
// the rollout bot and training compute from the view, for every chi and
// pon; and the rollout's seat (learnedCall) makes the player's choice
// more often than the hand-made rule it replaced (ChooseCall).
func TestRolloutCallsAtRoot(t *testing.T) {
	e, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	if e.roll.Call == nil {
		t.Fatal("no embedded rollout call model")
	}
	var n callTally
	var decs []data.Decision
	for name, g := range realgames.Games(t) {
		rules := g.EngineRules()
		var rep data.ReplayReport
		for st := range data.ReplaySteps(g, &rep) {
			if n.chances >= 800 {
				break
			}
			if _, ok := st.NextEvent(); !ok || st.Engine.Phase() != game.PhaseCall {
				continue
			}
			for _, d := range st.Decisions(decs[:0]) {
				compareCalls(t, e, st.Engine, &rules, d, name+" "+st.Round.Name(), &n)
			}
		}
		if rep.Err != nil {
			t.Fatal(rep.Err)
		}
		if n.chances >= 800 {
			break
		}
	}
	t.Logf("%d chis and pons compared at %d chances; the player's choice made by the model %d, by the rule %d", n.calls, n.chances, n.model, n.rule)
	if n.chances < 200 {
		t.Fatalf("only %d call chances", n.chances)
	}
	if n.model <= n.rule {
		t.Errorf("the rollout's call model makes the player's choice %d times of %d, the rule %d", n.model, n.chances, n.rule)
	}
}

// compareCalls compares the rollout's and the view's call features of
// the chis and pons of decision d in round r, and scores the model's and
// the rule's choice against the player's.
func compareCalls(t *testing.T, e *Engine, r *game.Round, rules *game.Rules, d data.Decision, name string, n *callTally) {
	t.Helper()
	seat := d.Seat
	v := game.ViewOf(r, seat)
	var calls []game.Action
	for _, a := range r.Legal(seat, nil) {
		if a.Type == game.Chi || a.Type == game.Pon {
			calls = append(calls, a)
		}
	}
	if len(calls) == 0 {
		return
	}
	var pub opponent.Public
	o := config{Options: Options{Rules: rules}}
	root := e.newRoot(v, rules, &o, &pub)
	var w world
	root.sample(rand.New(rand.NewPCG(1, 2)), &w)
	var s sim
	s.reset(root, &w)
	var sit policy.Situation
	sit.Reset(v, e.opp.(*opponent.Models))
	left := r.Current() == (seat+game.NumSeats-1)%game.NumSeats
	for _, a := range calls {
		tb := s.callHand(left)
		m := score.Meld{Type: a.Meld.Type, Tiles: [4]tile.Tile{a.Meld.Tiles[0],
			tile.Canonical(a.Meld.Tiles[1].Kind(), false), tile.Canonical(a.Meld.Tiles[2].Kind(), false)}}
		policy.RolloutCallFeatures(&tb, &s.ch, m, s.cx[:])
		var want [policy.NumRolloutCallFeatures]float64
		sit.RolloutCallFeatures(v, a, want[:])
		for i := range want {
			if s.cx[i] != want[i] {
				t.Errorf("%s seat %d %v: %s = %v from the rollout, %v from the view", name, seat, a, policy.RolloutCallFeatureNames[i], s.cx[i], want[i])
			}
		}
		n.calls++
	}
	n.chances++
	played := d.Played.Type == game.Chi || d.Played.Type == game.Pon
	same := func(c Call, ok bool) bool {
		if !ok || !played {
			return ok == played
		}
		pa, pb := d.Played.Meld.Tiles[1].Kind(), d.Played.Meld.Tiles[2].Kind()
		return c.A == pa && c.B == pb || c.A == pb && c.B == pa
	}
	c, ok := s.learnedCall(r.LastTile(), left)
	n.model += b2i(same(c, ok))
	h := CallHand{Counts: &s.counts, Melds: s.melds[:s.nm], Yakuhai: root.yakuhai, Threat: s.threatened()}
	c, ok = ChooseCall(&h, r.LastTile().Kind(), left)
	n.rule += b2i(same(c, ok))
}
