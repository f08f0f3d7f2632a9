package game

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/mjrank/mjrank/sim/tile"
)

// Three-player rules (issue 54), each on a constructed wall, and the
// self-play invariants of three-player games.

var sanmaEven = [4]int{35000, 35000, 35000, 0}

// scenario3 builds a three-player round (East 1, seat 0 deals) laid out as
// Layout3: hands by seat in tenhou notation, the live draws in order, the
// replacement draws in order and the dora indicators. Unused tiles of the
// 108 fill the rest.
func scenario3(t testing.TB, hands [3]string, draws, repl, dora string, scores [4]int) *Round {
	t.Helper()
	l := Layout3
	var w Wall
	var used [tile.NumTiles]bool
	for i := range w {
		w[i] = tile.NoTile
	}
	filled := make([]bool, l.Tiles)
	take := func(s string) []tile.Tile {
		var out []tile.Tile
		if s == "" {
			return nil
		}
		for _, x := range tile.MustParse(s) {
			found := false
			for c := range 4 {
				id := tile.Tile(x.Kind())*4 + tile.Tile(c)
				if id.Red() != x.Red() || used[id] || !l.InPlay(id) {
					continue
				}
				used[id] = true
				out = append(out, id)
				found = true
				break
			}
			if !found {
				t.Fatalf("scenario3: no copy of %v left", x)
			}
		}
		return out
	}
	put := func(i int, x tile.Tile) {
		w[i] = x
		filled[i] = true
	}
	for seat := range 3 {
		hs := take(hands[seat])
		if len(hs) != 13 {
			t.Fatalf("scenario3: seat %d has %d tiles", seat, len(hs))
		}
		for i, x := range hs {
			put(13*seat+i, x)
		}
	}
	for i, x := range take(draws) {
		put(l.Deal+i, x)
	}
	for k, x := range take(repl) {
		put(l.Replacement(k), x)
	}
	for i, x := range take(dora) {
		put(l.Dora+i, x)
	}
	next := tile.Tile(0)
	for i := range l.Tiles {
		if filled[i] {
			continue
		}
		for used[next] || !l.InPlay(next) {
			next++
		}
		w[i] = next
		used[next] = true
	}
	rules := TenhouSanma(Hanchan)
	r, err := NewRound(&rules, RoundSetup{Scores: scores}, &w)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// discardKind discards a tile of kind s from the hand of the seat to move.
func discardKind(t testing.TB, r *Round, s string) {
	t.Helper()
	mustApply(t, r, Action{Type: Discard, Seat: uint8(r.Current()), Tile: find(t, r, r.Current(), s)})
}

func TestSanmaDealAndTurnOrder(t *testing.T) {
	r := scenario3(t, [3]string{"19m19p19s1234567z", "2233445566778p", "2233445566778s"}, "9p9s9m", "", "", sanmaEven)
	if r.Players() != 3 || len(r.Hand(3)) != 0 || r.Scores()[3] != 0 {
		t.Fatalf("players %d, seat 3 holds %d tiles, score %d", r.Players(), len(r.Hand(3)), r.Scores()[3])
	}
	if got := r.LiveRemaining(); got != 54 {
		t.Errorf("after the dealer's first draw %d live tiles, want 54", got)
	}
	winds := []tile.Kind{r.SeatWind(0), r.SeatWind(1), r.SeatWind(2)}
	if winds[0] != tile.East || winds[1] != tile.South || winds[2] != tile.West {
		t.Errorf("seat winds %v", winds)
	}
	var order []int
	for range 4 {
		order = append(order, r.Current())
		discardKind(t, r, r.Hand(r.Current())[0].Kind().String())
		passAll(t, r)
	}
	if fmt.Sprint(order) != "[0 1 2 0]" {
		t.Errorf("turn order %v, want [0 1 2 0]", order)
	}
	if err := r.Check(); err != nil {
		t.Fatal(err)
	}
}

// sanmaPlayer is randomPlayer that mostly sets its Norths aside.
type sanmaPlayer struct{ randomPlayer }

func (p *sanmaPlayer) Act(v View, legal []Action) Action {
	for _, a := range legal {
		if a.Type == Kita && p.rng.IntN(4) != 0 {
			return a
		}
	}
	return p.randomPlayer.Act(v, legal)
}

// sanmaTally counts what three-player self-play exercised.
type sanmaTally struct {
	games, rounds, kitas, robbed, kitaRinshan int
	ends                                      map[EndKind]int
}

// playSanmaChecked plays a three-player hanchan of random players,
// checking the invariants after every action and the three-player rules
// that hold whatever is played.
func playSanmaChecked(seed uint64, tl *sanmaTally) error {
	var players [NumSeats]Player // seat 3 stays nil: asking it would panic
	for i := range 3 {
		players[i] = &sanmaPlayer{randomPlayer{rand.New(rand.NewPCG(seed, uint64(i)))}}
	}
	kitaTurn := false // the last action was a kita not robbed: the seat plays on its replacement
	applied := func(r *Round, a Action) error {
		if a.Type == Chi || a.Seat == 3 || r.Index()%4 == 3 {
			return fmt.Errorf("%v in round %d of a three-player game", a, r.Index())
		}
		if kitaTurn && a.Type == Tsumo {
			tl.kitaRinshan++
			if w := r.Result().Wins[0].Win; !w.Rinshan {
				return fmt.Errorf("tsumo on a kita's replacement without rinshan")
			}
		}
		kitaTurn = false
		switch {
		case a.Type == Kita:
			tl.kitas++
			kitaTurn = true
		case a.Type == Ron && r.pendingKan.Type == Kita && r.LastTile() == r.pendingKan.Tile && r.LastTile().Kind() == tile.North:
			if res := r.Result(); res.Kind == Agari && res.Wins[0].From == r.pendingKan.Seat {
				tl.robbed++
				if res.Wins[0].Win.Chankan {
					return fmt.Errorf("robbing a kita scored as chankan")
				}
			}
		}
		if r.Phase() == PhaseEnd {
			res := r.Result()
			sum := 0
			for _, d := range res.Deltas {
				sum += d
			}
			if res.Deltas[3] != 0 || (res.Kind != Agari && sum != 0) {
				return fmt.Errorf("round end %v: deltas %v", res.Kind, res.Deltas)
			}
		}
		return nil
	}
	g, ends, err := playCheckedWith(TenhouSanma(Hanchan), seed, &players, applied)
	if err != nil {
		return err
	}
	tl.games++
	tl.rounds += g.Rounds()
	for k, v := range ends {
		tl.ends[k] += v
	}
	scores, points, rank := g.Final()
	sum, psum := 0, 0.0
	for i := range scores {
		sum += scores[i]
		psum += points[i]
	}
	if sum != 105000 || psum > 1e-9 || psum < -1e-9 || scores[3] != 0 || rank[3] != 0 || points[3] != 0 {
		return fmt.Errorf("seed %d: final scores %v sum %d, points %v, ranks %v", seed, scores, sum, points, rank)
	}
	return nil
}

// TestSanmaSelfPlayInvariants plays three-player hanchans of random
// players (1,000; 150 under -short), checking tile and point conservation
// after every action: kitas, robbed kitas and rinshan tsumo on a kita's
// replacement must all occur, four winds, four riichi and triple ron never.
func TestSanmaSelfPlayInvariants(t *testing.T) {
	n := 1000
	if testing.Short() {
		n = 150
	}
	tl := sanmaTally{ends: map[EndKind]int{}}
	for seed := range uint64(n) {
		if err := playSanmaChecked(seed, &tl); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
	}
	t.Logf("%d games, %d rounds, %d kitas, %d robbed, %d rinshan tsumo after a kita, endings %v",
		tl.games, tl.rounds, tl.kitas, tl.robbed, tl.kitaRinshan, tl.ends)
	if tl.kitas == 0 || tl.robbed == 0 || tl.kitaRinshan == 0 || tl.ends[Agari] == 0 || tl.ends[ExhaustiveDraw] == 0 {
		t.Errorf("self-play missed a case: %+v", tl)
	}
	if tl.ends[FourWinds]+tl.ends[FourRiichi]+tl.ends[TripleRon] != 0 {
		t.Errorf("a four-player abortive draw in three-player games: %v", tl.ends)
	}
}
