package game

import (
	"math/rand/v2"
	"testing"

	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// FuzzApply throws arbitrary actions at a round between legal ones: Apply
// must refuse what is illegal without panicking or changing the round, and
// the invariants must hold throughout. It runs its own loop rather than
// the play loop (Round.PlayHooked), which never tries an illegal action.
func FuzzApply(f *testing.F) { fuzzApply(f, Tenhou(Hanchan)) }

// FuzzApplySanma is FuzzApply under three-player rules: kitas, chi (never
// legal), the empty seat 3 among the random actions.
func FuzzApplySanma(f *testing.F) { fuzzApply(f, TenhouSanma(Hanchan)) }

// fuzzApply seeds f and fuzzes rounds under rules.
func fuzzApply(f *testing.F, rules Rules) {
	for _, seed := range []uint64{1, 2, 3, 42} {
		f.Add(seed, uint64(7))
	}
	f.Fuzz(func(t *testing.T, seed, junk uint64) {
		fuzzRound(t, rules, seed, junk)
	})
}

// fuzzRound plays one round of FuzzApply under rules.
func fuzzRound(t *testing.T, rules Rules, seed, junk uint64) {
	rng := rand.New(rand.NewPCG(seed, junk))
	np := rules.Players()
	w := NewWallFor(np, seed, 0, 0)
	setup := RoundSetup{Sticks: int(junk % 3)}
	for i := range np {
		setup.Scores[i] = rules.StartPoints
	}
	r, err := NewRound(&rules, setup, &w)
	if err != nil {
		t.Fatal(err)
	}
	// The points on the table, fixed before any action: scores and
	// riichi sticks move between seats and the table but never change
	// in sum, at the round's end included.
	total := 1000 * setup.Sticks
	for _, s := range setup.Scores {
		total += s
	}
	check := func(after Action) {
		if err := checkInvariants(r, total); err != nil {
			t.Fatalf("after %v (phase %v): %v", after, r.Phase(), err)
		}
	}
	var buf []Action
	for steps := 0; r.Phase() != PhaseEnd && steps < 2000; steps++ {
		// A random action, mostly illegal.
		bad := Action{
			Type: ActionType(rng.IntN(12)),
			Seat: uint8(rng.IntN(5)),
			Tile: tile.Tile(rng.IntN(140)),
		}
		bad.Meld.Type = score.MeldType(rng.IntN(7))
		for i := range bad.Meld.Tiles {
			bad.Meld.Tiles[i] = tile.Tile(rng.IntN(140))
		}
		before := *r
		if err := r.Apply(bad); err != nil {
			before.scratch = r.scratch // the scoring scratch is not state
			if *r != before {
				t.Fatalf("refused %v but the round changed", bad)
			}
		} else {
			check(bad)
		}
		if r.Phase() == PhaseEnd {
			break
		}
		seat := r.ToAct()
		buf = r.Legal(seat, buf[:0])
		if len(buf) == 0 {
			t.Fatalf("no legal action for seat %d in %v", seat, r.Phase())
		}
		a := buf[rng.IntN(len(buf))]
		if err := r.Apply(a); err != nil {
			t.Fatalf("legal action refused: %v", err)
		}
		if a.Type == Chi && np == 3 {
			t.Fatalf("chi legal with three players: %v", a)
		}
		check(a)
	}
}
