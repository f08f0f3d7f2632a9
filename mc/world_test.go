package mc

import (
	"math/rand/v2"

	"testing"

	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// TestFirstTurnState: what the root reads of the seat's first go-around
// and riichi from a real round's view: double riichi and ippatsu after a
// riichi on the first discard, ippatsu ended by a call, the first
// uninterrupted go-around ended by a call.
func TestFirstTurnState(t *testing.T) {
	// Seat 0 deals tenpai25 and draws 1z; seat 1 holds two 1z (a pon);
	// everyone else's tiles and draws are the rest in id order.
	var ts tileSet
	var w game.Wall
	hands := [4]string{tenpai25, "11z", "", ""}
	dealt := [4][]tile.Tile{}
	for s, h := range hands {
		dealt[s] = ts.take(h)
	}
	first := ts.take("1z")[0]
	rest := []tile.Tile{}
	for x := range tile.Tile(tile.NumTiles) {
		if !ts.used[x] {
			rest = append(rest, x)
		}
	}
	for s := range dealt {
		for len(dealt[s]) < 13 {
			dealt[s] = append(dealt[s], rest[0])
			rest = rest[1:]
		}
		copy(w[13*s:], dealt[s])
	}
	w[game.DealSize] = first
	copy(w[game.DealSize+1:], rest)
	rules := game.Tenhou(game.Hanchan)

	// play: seat 0 riichi with 1z (or a plain discard), seat 1 pons it or
	// not, then everyone discards what they draw until seat `until` is to
	// move with a draw.
	play := func(riichi, pon bool, until int) game.Round {
		r, err := game.NewRound(&rules, game.RoundSetup{Scores: [4]int{25000, 25000, 25000, 25000}}, &w)
		if err != nil {
			t.Fatal(err)
		}
		a := game.Action{Type: game.Discard, Seat: 0, Tile: first}
		if riichi {
			a.Type = game.Riichi
		}
		must := func(a game.Action) {
			t.Helper()
			if err := r.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
		must(a)
		var buf []game.Action
		for r.Phase() != game.PhaseTurn || r.Drawn() == tile.NoTile || r.Current() != until || (until == 0 && len(r.River(0)) == 0) {
			switch r.Phase() {
			case game.PhaseTurn:
				cur := r.Current()
				d := r.Drawn()
				if d == tile.NoTile { // after the pon
					d = r.Hand(cur)[0]
				}
				must(game.Action{Type: game.Discard, Seat: uint8(cur), Tile: d})
			default:
				for s := range game.NumSeats {
					if !r.MustAnswer(s) {
						continue
					}
					buf = r.Legal(s, buf[:0])
					a := game.PassAction(buf)
					if p, ok := game.FindAction(buf, game.Pon); ok && pon && s == 1 {
						a = p
					}
					must(a)
				}
			}
		}
		return *r
	}
	tests := []struct {
		name                           string
		riichi, pon                    bool
		seat                           int
		doubleRiichi, ippatsu, firstGo bool
	}{
		{"double riichi, one go-around later", true, false, 0, true, true, false},
		{"double riichi, a call since: no ippatsu", true, true, 0, true, false, false},
		{"the next seat's first uninterrupted go-around", false, false, 1, false, false, true},
		{"a call ends the others' first go-around", false, true, 2, false, false, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rd := play(tc.riichi, tc.pon, tc.seat)
			v := game.ViewOf(&rd, tc.seat)
			r := &root{me: tc.seat, riichi: v.InRiichi(tc.seat)}
			r.firstTurnState(v)
			if r.doubleRiichi != tc.doubleRiichi || r.ippatsu != tc.ippatsu || r.firstGo != tc.firstGo {
				t.Errorf("double riichi %v ippatsu %v first go-around %v; want %v %v %v (river %v)",
					r.doubleRiichi, r.ippatsu, r.firstGo, tc.doubleRiichi, tc.ippatsu, tc.firstGo, v.River(tc.seat))
			}
		})
	}
}

// TestSampleWaits: the waits drawn for an opponent keep out the kinds of
// its river, and at least one kind is drawn when any has a chance — but
// none is invented when none has (an oracle opponent whose winning kinds
// are all in its river: furiten, it was given 1m).
func TestSampleWaits(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	k := func(s string) tile.Kind { return tile.MustParse(s)[0].Kind() }
	var op oppRoot
	op.waitP[k("3p")], op.waitP[k("6p")] = 1, 1
	if got := sampleWaits(rng, &op.waitP, 0); got != tile.KindSet(0).Add(k("3p")).Add(k("6p")) {
		t.Errorf("oracle opponent on 3p-6p: waits %v", got)
	}
	if got := sampleWaits(rng, &op.waitP, tile.KindSet(0).Add(k("6p"))); got != tile.KindSet(0).Add(k("3p")) {
		t.Errorf("oracle opponent on 3p-6p, 6p in its river: waits %v", got)
	}
	if got := sampleWaits(rng, &op.waitP, tile.KindSet(0).Add(k("3p")).Add(k("6p"))); got != 0 {
		t.Errorf("oracle opponent on 3p-6p, both in its river: waits %v, want none", got)
	}
	op = oppRoot{}
	op.waitP[k("7z")] = 1e-9
	op.waitP[k("1m")] = 1e-12
	for range 100 {
		if got := sampleWaits(rng, &op.waitP, 0); got != tile.KindSet(0).Add(k("7z")) {
			t.Fatalf("model opponent, all kinds unlikely: waits %v, want the likeliest (7z)", got)
		}
	}
}
