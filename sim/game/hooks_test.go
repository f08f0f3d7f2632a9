package game

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
)

// TestHooksOrder plays games with every hook set and checks when each is
// called: Start once per round before anything, Decision before and
// Applied after every action (the same count, alternating), End once per
// round last; and that the hooks change nothing: the game ends as it does
// without them.
func TestHooksOrder(t *testing.T) {
	newPlayers := func(seed uint64) *[NumSeats]Player {
		var ps [NumSeats]Player
		for i := range ps {
			ps[i] = &randomPlayer{rand.New(rand.NewPCG(seed, uint64(i)))}
		}
		return &ps
	}
	for seed := range uint64(5) {
		var starts, decisions, applied, ends int
		var state int // 0 before a round, 1 in it, 2 between a decision and its action
		fail := func(what string) error { return errors.New(what + " out of order") }
		h := Hooks{
			Start: func(r *Round) error {
				if state != 0 || r.Turns() != 0 {
					return fail("start")
				}
				starts, state = starts+1, 1
				return nil
			},
			Decision: func(r *Round, seat int, legal []Action) error {
				if state != 1 || seat != r.ToAct() || len(legal) == 0 {
					return fail("decision")
				}
				decisions, state = decisions+1, 2
				return nil
			},
			Applied: func(r *Round, a Action) error {
				if state != 2 {
					return fail("applied")
				}
				applied, state = applied+1, 1
				return nil
			},
			End: func(r *Round) error {
				if state != 1 || r.Phase() != PhaseEnd {
					return fail("end")
				}
				ends, state = ends+1, 0
				return nil
			},
		}
		g, err := PlayGameHooked(context.Background(), Tenhou(Hanchan), seed, newPlayers(seed), &h)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if starts != g.Rounds() || ends != g.Rounds() || decisions != applied || decisions < 50*g.Rounds() {
			t.Errorf("seed %d: %d rounds, %d starts, %d ends, %d decisions, %d actions applied",
				seed, g.Rounds(), starts, ends, decisions, applied)
		}
		plain, err := PlayGame(context.Background(), Tenhou(Hanchan), seed, newPlayers(seed))
		if err != nil {
			t.Fatal(err)
		}
		if plain.Scores != g.Scores || plain.Rounds() != g.Rounds() {
			t.Errorf("seed %d: hooks changed the game: %v in %d rounds, without %v in %d",
				seed, g.Scores, g.Rounds(), plain.Scores, plain.Rounds())
		}
	}
}

// TestHookErrorStops checks that an error from any hook stops the play at
// once and comes back wrapped.
func TestHookErrorStops(t *testing.T) {
	stop := errors.New("stop")
	for _, tc := range []struct {
		name  string
		hooks Hooks
	}{
		{"start", Hooks{Start: func(*Round) error { return stop }}},
		{"decision", Hooks{Decision: func(r *Round, _ int, _ []Action) error {
			if r.Turns() == 3 {
				return stop
			}
			return nil
		}}},
		{"applied", Hooks{Applied: func(r *Round, _ Action) error {
			if r.Turns() == 5 {
				return stop
			}
			return nil
		}}},
		{"end", Hooks{End: func(*Round) error { return stop }}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var ps [NumSeats]Player
			for i := range ps {
				ps[i] = &randomPlayer{rand.New(rand.NewPCG(1, uint64(i)))}
			}
			g, err := PlayGameHooked(context.Background(), Tenhou(Hanchan), 1, &ps, &tc.hooks)
			if !errors.Is(err, stop) {
				t.Fatalf("got %v, want the hook's error", err)
			}
			if g.Rounds() != 0 {
				t.Errorf("the game went on for %d rounds", g.Rounds())
			}
		})
	}
}
