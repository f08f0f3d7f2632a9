package observe

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/mjrank/mjrank/sim/game"
)

// observedRounds plays the self-play rounds (selfPlayRound) and keeps the
// round after the deal and after every action: what an Observer is fed.
func observedRounds(t testing.TB, rounds int) (states [][]game.Round, events int) {
	t.Helper()
	var ob Observer
	for seed := range uint64(rounds) {
		r, players := selfPlayRound(t, seed)
		rs := []game.Round{*r}
		h := ob.Hooks()
		h.Applied = func(r *game.Round, _ game.Action) error {
			rs = append(rs, *r)
			return ob.Update(r)
		}
		if err := r.PlayHooked(&players, nil, &h); err != nil {
			t.Fatal(err)
		}
		states = append(states, rs)
		events += len(ob.Observation(0).Events())
	}
	return states, events
}

// feedAll feeds ob every round of states.
func feedAll(ob *Observer, states [][]game.Round) error {
	for _, rs := range states {
		if err := ob.Start(&rs[0]); err != nil {
			return err
		}
		for i := range rs[1:] {
			if err := ob.Update(&rs[i+1]); err != nil {
				return err
			}
		}
	}
	return nil
}

// TestObserverAllocs: once its observations have grown to a round's
// length, an Observer feeds all four of them without allocating.
func TestObserverAllocs(t *testing.T) {
	states, events := observedRounds(t, 20)
	var ob Observer
	if err := feedAll(&ob, states); err != nil {
		t.Fatal(err)
	}
	allocs := testing.AllocsPerRun(10, func() {
		if err := feedAll(&ob, states); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations feeding %d rounds (%d events)", allocs, len(states), events)
	}
}

// BenchmarkObserver feeds the four observations of self-play rounds, an
// action at a time; ns/event is per event appended to all four.
func BenchmarkObserver(b *testing.B) {
	states, events := observedRounds(b, 40)
	var ob Observer
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		if err := feedAll(&ob, states); err != nil {
			b.Fatal(err)
		}
		n++
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n*events), "ns/event")
}

// TestObserverGames feeds an Observer through whole games of
// PlayGameHooked, one Observer for every round: each round's observations
// start afresh from its setup and agree with the round to its end.
func TestObserverGames(t *testing.T) {
	for seed := range uint64(3) {
		var players [game.NumSeats]game.Player
		for i := range players {
			players[i] = &randomPlayer{rand.New(rand.NewPCG(seed, uint64(i)))}
		}
		var ob Observer
		h := ob.Hooks()
		rounds := 0
		h.End = func(r *game.Round) error {
			rounds++
			for s := range game.NumSeats {
				o := ob.Observation(s)
				if o.Setup().Index != r.Index() || o.Setup().Honba != r.Honba() || o.Setup().Dealer != uint8(r.Dealer()) {
					t.Errorf("seed %d round %d: seat %d observed setup %+v", seed, r.Index(), s, o.Setup())
				}
				if o.Turn() != r.Turns() || len(o.River(s)) != len(r.River(s)) {
					t.Errorf("seed %d round %d: seat %d observed %d discards, the round made %d", seed, r.Index(), s, o.Turn(), r.Turns())
				}
			}
			return nil
		}
		g, err := game.PlayGameHooked(context.Background(), game.Tenhou(game.Hanchan), seed, &players, &h)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if rounds != g.Rounds() || rounds < 4 {
			t.Errorf("seed %d: %d rounds observed of %d", seed, rounds, g.Rounds())
		}
	}
}

// TestObserverErrors: an Observer refuses a round that is not freshly
// dealt, an Update before Start, and an Update that missed an action.
func TestObserverErrors(t *testing.T) {
	states, _ := observedRounds(t, 1)
	rs := states[0]
	var ob Observer
	if err := ob.Update(&rs[0]); !observeErr(err, "not started") {
		t.Errorf("Update before Start: %v", err)
	}
	if err := ob.Start(&rs[5]); !observeErr(err, "not freshly dealt") {
		t.Errorf("Start in the middle of a round: %v", err)
	}
	if err := ob.Start(&rs[0]); err != nil {
		t.Fatal(err)
	}
	// Skip actions until two discards have been made.
	i := 1
	for rs[i].Turns() < 2 {
		i++
	}
	err := ob.Update(&rs[i])
	if !observeErr(err, "river went from") {
		t.Errorf("an Update two discards late: %v", err)
	}
	if err := ob.Update(&rs[i+1]); !observeErr(err, "out of step") {
		t.Errorf("an Update after an error: %v", err)
	}
	if err := ob.Start(&rs[0]); err != nil {
		t.Errorf("Start after an error: %v", err)
	}
}
