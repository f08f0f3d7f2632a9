package game

import (
	"errors"
	"slices"
	"testing"

	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// scenario builds a four-player round (East 1, seat 0 deals) whose deal
// and live draws are given in tenhou notation: hands by seat, draws in
// order from the dealer's first. Unused tiles fill the rest of the wall.
func scenario(t testing.TB, hands [4]string, draws string, scores [4]int) *Round {
	t.Helper()
	return scenarioRound(t, Tenhou(Hanchan), layWall(t, &Layout4, hands[:], draws, "", ""), scores)
}

// layWall lays out a wall as l: hands by seat in tenhou notation (seat 0
// deals), the live draws in order, the replacement draws in order and the
// dora indicators. The unused tiles in play fill the rest, lowest id
// first; past l.Tiles the wall holds NoTile.
func layWall(t testing.TB, l *Layout, hands []string, draws, repl, dora string) *Wall {
	t.Helper()
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
				t.Fatalf("layWall: no copy of %v left", x)
			}
		}
		return out
	}
	put := func(i int, x tile.Tile) {
		w[i] = x
		filled[i] = true
	}
	for seat, h := range hands {
		hs := take(h)
		if len(hs) != 13 {
			t.Fatalf("layWall: seat %d has %d tiles", seat, len(hs))
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
	return &w
}

// scenarioRound deals East 1 of rules from w with the given scores.
func scenarioRound(t testing.TB, rules Rules, w *Wall, scores [4]int) *Round {
	t.Helper()
	r, err := NewRound(&rules, RoundSetup{Scores: scores}, w)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

var even = [4]int{25000, 25000, 25000, 25000}

func mustApply(t testing.TB, r *Round, a Action) {
	t.Helper()
	if err := r.Apply(a); err != nil {
		t.Fatal(err)
	}
}

// passAll passes for every seat that must answer.
func passAll(t testing.TB, r *Round) {
	t.Helper()
	for s := range NumSeats {
		if r.MustAnswer(s) {
			mustApply(t, r, Action{Type: Pass, Seat: uint8(s)})
		}
	}
}

func refuse(t *testing.T, r *Round, a Action, why string) {
	t.Helper()
	err := r.Apply(a)
	if !errors.Is(err, ErrIllegalAction) {
		t.Errorf("%s: %v accepted (err %v)", why, a, err)
	}
}

func hasAction(r *Round, seat int, typ ActionType) bool {
	for _, a := range r.Legal(seat, nil) {
		if a.Type == typ {
			return true
		}
	}
	return false
}

// legalOf returns seat's one legal action of type typ; none, or more than
// one to choose from, fails the test.
func legalOf(t testing.TB, r *Round, seat int, typ ActionType) Action {
	t.Helper()
	var found []Action
	for _, a := range r.Legal(seat, nil) {
		if a.Type == typ {
			found = append(found, a)
		}
	}
	if len(found) != 1 {
		t.Fatalf("seat %d has %d legal %v actions, want 1: %v", seat, len(found), typ, r.Legal(seat, nil))
	}
	return found[0]
}

// find returns the id of a tile of kind s in seat's hand.
func find(t testing.TB, r *Round, seat int, s string) tile.Tile {
	t.Helper()
	k := tile.MustParseKind(s)
	for _, x := range r.Hand(seat) {
		if x.Kind() == k {
			return x
		}
	}
	t.Fatalf("seat %d holds no %s", seat, s)
	return 0
}

func TestKuikaeAndChiSeat(t *testing.T) {
	r := scenario(t, [4]string{
		"1m456p789s112233z",
		"2344m456p12s5566z",
		"19m19p19s1234567z",
		"23568m368p3568s7z",
	}, "9p", even)
	mustApply(t, r, Action{Type: Discard, Seat: 0, Tile: find(t, r, 0, "1m")})
	if hasAction(r, 3, Chi) {
		t.Error("seat 3 may chi seat 0's discard: only the next seat may")
	}
	if !hasAction(r, 1, Chi) {
		t.Fatal("seat 1 cannot chi 1m with 23m")
	}
	chi := legalOf(t, r, 1, Chi)
	for s := range 4 {
		if s != 1 && r.MustAnswer(s) {
			mustApply(t, r, Action{Type: Pass, Seat: uint8(s)})
		}
	}
	mustApply(t, r, chi)
	if r.Phase() != PhaseTurn || r.Current() != 1 {
		t.Fatalf("after chi: phase %v seat %d", r.Phase(), r.Current())
	}
	refuse(t, r, Action{Type: Discard, Seat: 1, Tile: find(t, r, 1, "4m")}, "suji kuikae (4m after chi of 1m with 23m)")
	mustApply(t, r, Action{Type: Discard, Seat: 1, Tile: find(t, r, 1, "5z")})
}

func TestRiichiNeedsPointsAndTenpai(t *testing.T) {
	hands := [4]string{"123m456p789s1123z", "19m19p19s1234567z", "2468m2468p2468s5z", "3579m3579p3579s6z"}
	poor := [4]int{900, 33000, 33100, 33000}
	for _, tc := range []struct {
		name   string
		scores [4]int
		want   bool
	}{{"25000 points", even, true}, {"900 points", poor, false}} {
		t.Run(tc.name, func(t *testing.T) {
			r := scenario(t, hands, "2z", tc.scores)
			three := find(t, r, 0, "3z")
			got := false
			for _, a := range r.Legal(0, nil) {
				if a.Type == Riichi && a.Tile == three {
					got = true
				}
				if a.Type == Riichi && a.Tile.Kind() != tile.MustParseKind("3z") {
					t.Errorf("riichi offered with a non-tenpai discard %v", a.Tile)
				}
			}
			if got != tc.want {
				t.Errorf("riichi discarding 3z legal = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestFuriten(t *testing.T) {
	// Seat 1 waits on 1m/4m with 23m; it draws 1m and throws it: furiten.
	r := scenario(t, [4]string{
		"123m456p789s1123z",
		"23999m456p789s11z",
		"578m1368p1368s45z",
		"5678m2457p2457s6z",
	}, "9p1m4m", even)
	mustApply(t, r, Action{Type: Discard, Seat: 0, Tile: r.Drawn()})
	passAll(t, r)
	if r.Current() != 1 || !hasAction(r, 1, Tsumo) {
		t.Fatalf("seat 1 should be able to tsumo 1m; legal %v", r.Legal(1, nil))
	}
	mustApply(t, r, Action{Type: Discard, Seat: 1, Tile: r.Drawn()})
	passAll(t, r)
	if !r.Furiten(1) {
		t.Error("seat 1 discarded its own wait but is not furiten")
	}
	mustApply(t, r, Action{Type: Discard, Seat: 2, Tile: r.Drawn()}) // 4m
	if r.MustAnswer(1) {
		t.Error("furiten seat 1 is asked about 4m")
	}
	refuse(t, r, Action{Type: Ron, Seat: 1, Tile: r.LastTile()}, "ron in furiten")
}

func TestMissedRonMakesTemporaryFuriten(t *testing.T) {
	// Seat 1 waits on 1m/4m; seat 0 throws 4m; seat 1 passes: furiten until
	// its own next discard.
	r := scenario(t, [4]string{
		"4m123p789s112233z",
		"23m45556p444678s",
		"578m1368p1368s45z",
		"5678m2467p2457s6z",
	}, "3z9p", even)
	mustApply(t, r, Action{Type: Discard, Seat: 0, Tile: find(t, r, 0, "4m")})
	if !hasAction(r, 1, Ron) {
		t.Fatalf("seat 1 cannot ron 4m: %v", r.Legal(1, nil))
	}
	passAll(t, r)
	if !r.Furiten(1) {
		t.Error("passing a winning tile did not make furiten")
	}
	mustApply(t, r, Action{Type: Discard, Seat: 1, Tile: r.Drawn()})
	if r.Furiten(1) {
		t.Error("temporary furiten outlived the seat's own discard")
	}
}

// TestExtensionWinds: how far the sudden-death extension runs. The scores
// are those of Tenhou's 2009030812gm-00e1-0000-270195f3 after South 4 (an
// exhaustive draw, the dealer noten, nobody at 30,000): Tenhou today ends an
// east-only game there; in 2009 the record plays on into West 1, and ends
// there when seat 3 reaches 31,100. A hanchan ends by West 4 either way.
func TestExtensionWinds(t *testing.T) {
	afterS4 := [4]int{16400, 27700, 26200, 28700}
	afterW1 := [4]int{15800, 27300, 25800, 31100}
	draw := &Result{Kind: ExhaustiveDraw}
	win := &Result{Kind: Agari}
	today, y2009 := Tenhou(Tonpuusen), Tenhou(Tonpuusen)
	y2009.ExtensionWinds = 2
	tests := []struct {
		name   string
		rules  Rules
		index  int
		scores [4]int
		res    *Result
		over   bool
	}{
		{"east-only today: South 4 is the last", today, 7, afterS4, draw, true},
		{"east-only 2009: on into the West", y2009, 7, afterS4, draw, false},
		{"east-only 2009: West 1 ends at 30,000", y2009, 8, afterW1, win, true},
		{"east-only 2009: West 1 below 30,000 goes on", y2009, 8, afterS4, win, false},
		{"east-only 2009: West 4 is the last", y2009, 11, afterS4, draw, true},
		{"east-only today: East 4 below 30,000 goes on", today, 3, afterS4, draw, false},
		{"hanchan: West 4 is the last", Tenhou(Hanchan), 11, afterS4, draw, true},
		{"hanchan: West 3 below 30,000 goes on", Tenhou(Hanchan), 10, afterS4, draw, false},
		{"no extension: the last regular round ends", Rules{Length: Tonpuusen, ReturnPoints: 30000}, 3, afterS4, draw, true},
	}
	for _, tc := range tests {
		cur := RoundSetup{Index: tc.index, Dealer: uint8(tc.index % 4)}
		if _, got := tc.rules.Next(cur, tc.scores, 0, tc.res.Kind, tc.res.Renchan); got != tc.over {
			t.Errorf("%s: over %v, want %v", tc.name, got, tc.over)
		}
	}
}

// TestTurnsAndMeldInfo follows a round with a pon that skips a seat, an
// added kan and a closed kan: every discard's Turn is its place in the
// round's order, and every meld records its source seat and turn.
func TestTurnsAndMeldInfo(t *testing.T) {
	r := scenario(t, [4]string{
		"9m456p789s112237z",
		"2344m456p12s5566z",
		"1111m258p369s477z",
		"23568m368p3568s6z",
	}, "9p1p2p3p7z", even)
	discard := func(seat int, s string) {
		t.Helper()
		mustApply(t, r, Action{Type: Discard, Seat: uint8(seat), Tile: find(t, r, seat, s)})
		passAll(t, r)
	}
	seven := find(t, r, 0, "7z")
	mustApply(t, r, Action{Type: Discard, Seat: 0, Tile: seven}) // turn 0
	mustApply(t, r, legalOf(t, r, 2, Pon))
	passAll(t, r)
	if got, want := r.MeldInfos(2), []MeldInfo{{From: 0, Turn: 0}}; !slices.Equal(got, want) {
		t.Errorf("after the pon: meld infos %v, want %v", got, want)
	}
	discard(2, "4z") // turn 1: seat 1 was skipped
	discard(3, "1p") // turn 2
	discard(0, "2p") // turn 3
	discard(1, "3p") // turn 4
	mustApply(t, r, Action{Type: Kakan, Seat: 2, Tile: find(t, r, 2, "7z")})
	passAll(t, r)
	mustApply(t, r, Action{Type: Ankan, Seat: 2, Tile: find(t, r, 2, "1m")})
	passAll(t, r)
	discard(2, "2p") // turn 5
	if got, want := r.MeldInfos(2), []MeldInfo{{From: 0, Turn: 5}, {From: 2, Turn: 5}}; !slices.Equal(got, want) {
		t.Errorf("after the kans: meld infos %v, want %v", got, want)
	}
	if m := r.Melds(2); len(m) != 2 || m[0].Type != score.Kakan || m[1].Type != score.Ankan {
		t.Errorf("melds %v, want a kakan and an ankan", m)
	}
	wantTurns := [4][]uint8{{0, 3}, {4}, {1, 5}, {2}}
	for s := range NumSeats {
		var got []uint8
		for _, rt := range r.River(s) {
			got = append(got, rt.Turn)
		}
		if !slices.Equal(got, wantTurns[s]) {
			t.Errorf("seat %d river turns %v, want %v", s, got, wantTurns[s])
		}
	}
	if r.Turns() != 6 || ViewOf(r, 1).Turns() != 6 {
		t.Errorf("Turns %d, want 6", r.Turns())
	}
	if rt := r.River(0)[0]; !rt.Called || rt.Tile != seven {
		t.Errorf("seat 0's first discard %+v, want the called 7z", rt)
	}
	if got := ViewOf(r, 0).MeldInfos(2); !slices.Equal(got, r.MeldInfos(2)) {
		t.Errorf("the view shows meld infos %v", got)
	}
}
