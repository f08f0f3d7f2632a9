package policy

import (
	"testing"

	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// Three players (issue 54): the policy reads a 3-player view with its
// 4-player models, the empty seat 3 a zero-filled opponent.

// sanmaTurns plays three-player East 1 rounds from walls 1, 2, …, every
// seat discarding its drawn tile and passing every call, and calls f at
// every turn (the round as it stands, the seat to move, its legal moves);
// it stops after n turns.
func sanmaTurns(t *testing.T, n int, f func(r *game.Round, seat int, legal []game.Action)) {
	t.Helper()
	rules := game.TenhouSanma(game.Hanchan)
	for seed := uint64(1); n > 0; seed++ {
		w := game.NewWallFor(3, seed, 0, 0)
		r, err := game.NewRound(&rules, game.RoundSetup{Scores: [game.NumSeats]int{35000, 35000, 35000, 0}}, &w)
		if err != nil {
			t.Fatal(err)
		}
		for r.Phase() != game.PhaseEnd && n > 0 {
			if r.Phase() != game.PhaseTurn {
				for s := range 3 {
					if r.MustAnswer(s) {
						if err := r.Apply(game.PassAction(r.Legal(s, nil))); err != nil {
							t.Fatal(err)
						}
					}
				}
				continue
			}
			seat := r.Current()
			legal := r.Legal(seat, nil)
			f(r, seat, legal)
			n--
			a, ok := game.DiscardAction(legal, game.Discard, r.Drawn().Kind(), r.Drawn())
			if !ok {
				a, _ = game.FindAction(legal, game.Discard)
			}
			if err := r.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestSanmaPolicyTurns: on 3-player turns the player never chis, sets a
// North aside exactly as the kita rule says (SetsNorthAside; the drawn
// North in riichi), plays a legal move, and its inputs hold two
// opponents and a zero third.
func TestSanmaPolicyTurns(t *testing.T) {
	opp, err := opponent.Default()
	if err != nil {
		t.Fatal(err)
	}
	m, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	dec, err := DefaultDecisions()
	if err != nil {
		t.Fatal(err)
	}
	p := NewPlayer(opp, m, dec)
	kitas, asides := 0, 0
	sanmaTurns(t, 300, func(r *game.Round, seat int, legal []game.Action) {
		v := game.ViewOf(r, seat)
		a, ok := p.Act(v, legal)
		if !ok {
			return
		}
		legalMove := false
		for _, l := range legal {
			legalMove = legalMove || l == a
		}
		if !legalMove {
			t.Fatalf("seat %d: %v is not among %v", seat, a, legal)
		}
		if _, ok := game.FindAction(legal, game.Kita); ok {
			kitas++
			c := v.Counts()
			if want := v.InRiichi(seat) || SetsNorthAside(&c); (a.Type == game.Kita) != want {
				t.Errorf("seat %d hand %v: played %v, the kita rule says %v", seat, v.Hand(), a, want)
			}
			if a.Type == game.Kita {
				asides++
			}
		}
		var pos Position
		pos.Reset(v, opp)
		in := pos.Inputs()
		if z := in.Opp[2]; z.Riichi || z.Tenpai != 0 || z.River != 0 || z.Value != 0 || z.Waits == nil || *z.Waits != ([tile.NumKinds]float64{}) {
			t.Fatalf("seat %d: the third opponent (the empty seat) is not zero: %+v", seat, z)
		}
	})
	if kitas == 0 || asides == 0 {
		t.Errorf("%d turns with a kita legal, %d kitas played", kitas, asides)
	}
}

// TestStandingOf: the empty seat 3 of a 3-player game has no place; the
// tie goes to the seat nearer the dealer among three.
func TestStandingOf(t *testing.T) {
	scores := [game.NumSeats]int{40000, 30000, 35000, 0}
	if place, above, below := StandingOf(scores, 1, 0, 3); place != 2 || above != 5000 || below != 100000 {
		t.Errorf("3 players, last: place %d above %d below %d; want 2, 5000, 100000", place, above, below)
	}
	tie := [game.NumSeats]int{35000, 35000, 35000, 0}
	// Dealer 2: seat 2, then 0, then 1.
	for seat, want := range []int{1, 2, 0} {
		if place, _, _ := StandingOf(tie, seat, 2, 3); place != want {
			t.Errorf("tie, dealer 2, seat %d: place %d, want %d", seat, place, want)
		}
	}
}
