package data_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/observe"
	"github.com/mjrank/mjrank/sim/tile"
)

// TestSanmaDecisionObservations walks every decision of the 3-player
// sample games (8 under -short): the observation just before it
// (ObservationBefore) must be one sim/observe accepts, the same as an
// Observer fed the replay sees there, and (every decision of the first 4
// games, every 13th after) a round determinized from it must offer the
// seat the move it played, kitas included. The kita must be a decision of
// its own: the sample sets Norths aside thousands of times.
func TestSanmaDecisionObservations(t *testing.T) {
	_, games := sanmaGames(t)
	if testing.Short() {
		games = games[:min(8, len(games))]
	}
	var decisions, kitas, calls, compared, determinized int
	for gi, g := range games {
		var ob observe.Observer
		var rep data.ReplayReport
		var decs []data.Decision
		for st := range data.ReplaySteps(g, &rep) {
			if st.Event == 0 && !st.Ended() {
				if err := ob.Start(st.Engine); err != nil {
					t.Fatalf("%s %s: %v", g.Ref, st.Round.Name(), err)
				}
			} else if err := ob.Update(st.Engine); err != nil {
				t.Fatalf("%s %s event %d: %v", g.Ref, st.Round.Name(), st.Event, err)
			}
			decs = st.Decisions(decs[:0])
			for _, d := range decs {
				where := fmt.Sprintf("%s %s event %d seat %d (%v)", g.Ref, st.Round.Name(), d.Event, d.Seat, d.Played)
				if d.Seat > 2 {
					t.Fatalf("%s: a decision of the empty seat", where)
				}
				o, err := data.ObservationBefore(g, st.RoundIndex, d.Event, d.Seat)
				if err != nil {
					t.Fatalf("%s: %v", where, err)
				}
				decisions++
				switch {
				case d.Played.Type == game.Kita:
					kitas++
				case !d.Turn:
					calls++
				}
				if live := ob.Observation(d.Seat); len(live.Events()) == len(o.Events()) {
					if got, want := jsonNoRules(t, o), jsonNoRules(t, live); got != want {
						t.Fatalf("%s: ObservationBefore\n%s\nthe Observer\n%s", where, got, want)
					}
					compared++
				}
				if gi >= 4 && decisions%13 != 0 {
					continue
				}
				if err := playedIsLegal(o, d, uint64(decisions)); err != nil {
					t.Fatalf("%s: %v", where, err)
				}
				determinized++
			}
		}
		if rep.Err != nil || len(rep.Mismatches) > 0 {
			t.Fatalf("%s: replay: %v %v", g.Ref, rep.Err, rep.Mismatches)
		}
	}
	t.Logf("%d games: %d decisions (%d kitas, %d call answers), %d compared with the Observer, %d determinized",
		len(games), decisions, kitas, calls, compared, determinized)
	if kitas < 10*len(games) || calls == 0 || compared < decisions/2 {
		t.Errorf("too little seen: %d kitas, %d call answers, %d of %d compared", kitas, calls, compared, decisions)
	}
}

// playedIsLegal determinizes o and checks that the seat may play d there.
func playedIsLegal(o *observe.Observation, d data.Decision, seed uint64) error {
	r, err := o.Determinize(rand.New(rand.NewPCG(seed, 7)), observe.DeterminizeOptions{})
	if err != nil {
		return fmt.Errorf("determinize: %w", err)
	}
	if !r.Wall().ValidFor(3) {
		return fmt.Errorf("the determinized wall is not a 3-player wall")
	}
	legal := r.Legal(d.Seat, nil)
	if !slices.ContainsFunc(legal, func(a game.Action) bool { return sameAction(a, d.Played) }) {
		return fmt.Errorf("the played %v is not among the legal %v", d.Played, legal)
	}
	return nil
}

// sameAction: a legal action makes the recorded one (the legal moves name
// one copy of each face).
func sameAction(a, p game.Action) bool {
	if a.Type != p.Type || a.Seat != p.Seat {
		return false
	}
	switch a.Type {
	case game.Chi, game.Pon, game.Daiminkan:
		return data.SameMeld(a.Meld, p.Meld)
	case game.Pass:
		return true
	}
	return a.Tile.Kind() == p.Tile.Kind() && a.Tile.Red() == p.Tile.Red()
}

// TestSanmaObservationAtErrors: the 3-player errors name what is wrong;
// a kita of a tile other than a North is refused where it is.
func TestSanmaObservationAtErrors(t *testing.T) {
	_, games := sanmaGames(t)
	g := games[0]
	ri, ki := firstKita(t, g)
	five := *g
	five.Players = 5
	bad := *g
	bad.Rounds = slices.Clone(g.Rounds)
	bad.Rounds[ri].Events = slices.Clone(g.Rounds[ri].Events)
	bad.Rounds[ri].Events[ki].Tile = tile.Tile(4 * int(tile.Pin1)) // 1p: not a North
	kitaSeat := int(g.Rounds[ri].Events[ki].Seat)
	checkObservationAtErrs(t, []observationAtErr{
		{"seat 3 of three", g, 0, 0, 3, "seat 3 of a 3-player game", nil},
		{"seat -1", g, 0, 0, -1, "seat -1 of a 3-player game", nil},
		{"five players", &five, 0, 0, 0, "5 players", nil},
		{"a kita of a 1p", &bad, ri, ki, kitaSeat, fmt.Sprintf("event %d seat %d: observe: observation event", ki, kitaSeat), nil},
		{"a kita of a 1p, another seat", &bad, ri, ki, (kitaSeat + 1) % 3, "a kita sets aside a North", nil},
	})
	// The record as it is: every seat's observation after the kita holds it.
	for s := range 3 {
		o, err := data.ObservationAt(g, ri, ki, s)
		if err != nil {
			t.Fatalf("seat %d: %v", s, err)
		}
		if o.Kita(kitaSeat) == 0 {
			t.Errorf("seat %d: no North set aside by seat %d after the kita", s, kitaSeat)
		}
	}
}

// firstKita finds the first kita of g: its round and event.
func firstKita(t *testing.T, g *data.Game) (int, int) {
	t.Helper()
	for ri := range g.Rounds {
		for ei, e := range g.Rounds[ri].Events {
			if e.Type == data.EventKita {
				return ri, ei
			}
		}
	}
	t.Fatalf("%s: no kita", g.Ref)
	return 0, 0
}
