package game

import (
	"errors"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/sim/tile"
)

// calledRound returns a round after a pon that skipped a seat, a few
// discards and a riichi: seat 2 holds a pon of 7z called from seat 0,
// seat 1 is in riichi.
func calledRound(t testing.TB) *Round {
	t.Helper()
	r := scenario(t, [4]string{
		"9m456p789s112237z",
		"234m456p789s1155z",
		"1111m258p369s477z",
		"23568m368p3568s6z",
	}, "9p1p2p3p", even)
	mustApply(t, r, Action{Type: Discard, Seat: 0, Tile: find(t, r, 0, "7z")})
	mustApply(t, r, legalOf(t, r, 2, Pon))
	passAll(t, r)
	for _, d := range []struct {
		seat int
		kind string
		typ  ActionType
	}{{2, "4z", Discard}, {3, "1p", Discard}, {0, "2p", Discard}, {1, "3p", Riichi}} {
		mustApply(t, r, Action{Type: d.typ, Seat: uint8(d.seat), Tile: find(t, r, d.seat, d.kind)})
		passAll(t, r)
	}
	if err := r.Check(); err != nil {
		t.Fatalf("the untouched round: %v", err)
	}
	if !r.InRiichi(1) || len(r.Melds(2)) != 1 {
		t.Fatal("scenario: seat 1 not in riichi or seat 2 without its pon")
	}
	return r
}

// invariantBreak breaks one invariant of a round; Check must then fail
// naming want.
type invariantBreak struct {
	name   string
	mutate func(r *Round)
	want   string
}

// checkFinds applies each break to its own copy of base and expects Check
// to return an ErrInvariant naming it.
func checkFinds(t *testing.T, base *Round, breaks []invariantBreak) {
	t.Helper()
	for _, tc := range breaks {
		t.Run(tc.name, func(t *testing.T) {
			r := *base
			tc.mutate(&r)
			err := r.Check()
			if !errors.Is(err, ErrInvariant) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an ErrInvariant naming %q", err, tc.want)
			}
		})
	}
}

// TestCheckFinds breaks one invariant at a time in a copy of a round and
// expects Check to name it.
func TestCheckFinds(t *testing.T) {
	checkFinds(t, calledRound(t), []invariantBreak{
		{"a tile twice", func(r *Round) { r.seats[0].hand[0] = r.wall[r.next] }, "both in the live wall and in the hand of seat 0"},
		{"a tile in two hands", func(r *Round) { r.seats[3].hand[0] = r.seats[0].hand[0] }, "both in the hand of seat 0 and in the hand of seat 3"},
		{"a tile nowhere", func(r *Round) { r.next++ }, "is nowhere"},
		{"an invalid tile", func(r *Round) { r.seats[1].hand[2] = 200 }, "invalid tile id 200 in the hand of seat 1"},
		{"counts out of step", func(r *Round) { r.seats[2].counts[0]++ }, "seat 2: counts by kind"},
		{"hand size", func(r *Round) {
			s := &r.seats[3]
			s.n--
			s.counts[s.hand[s.n].Kind()]--
			r.next-- // the tile goes back to the wall
			r.wall[r.next] = s.hand[s.n]
		}, "seat 3 holds 12 tiles"},
		{"waits", func(r *Round) { r.seats[1].waits = 1 }, "seat 1: waits"},
		{"discarded kinds", func(r *Round) { r.seats[0].discarded = r.seats[0].discarded.Add(tile.Chun - 1) }, "seat 0: discarded kinds"},
		{"nagashi", func(r *Round) { r.seats[0].nagashi = true }, "seat 0: nagashi"},
		{"riichi furiten without riichi", func(r *Round) { r.seats[3].riichiFuriten = true }, "seat 3: riichi furiten"},
		{"riichi without its tile", func(r *Round) { r.seats[1].river[r.seats[1].nRiver-1].Riichi = false }, "seat 1: 0 riichi tiles"},
		{"a turn twice", func(r *Round) { r.seats[3].river[0].Turn = r.seats[2].river[0].Turn }, "taken by another discard"},
		{"a turn out of order", func(r *Round) { r.seats[0].river[1].Turn = 0 }, "seat 0: discard"},
		{"turns and discards", func(r *Round) { r.turns++ }, "discards in the rivers"},
		{"meld source", func(r *Round) { r.seats[2].meldInfo[0].From = 1 }, "not in seat 1's river"},
		{"meld turn", func(r *Round) { r.seats[2].meldInfo[0].Turn = 3 }, "seat 2: pon"},
		{"called flag", func(r *Round) { r.seats[0].river[0].Called = false }, "both in the river of seat 0 and in the melds of seat 2"},
		{"dora", func(r *Round) { r.numDora = 2 }, "2 dora indicators shown"},
		{"wall counters", func(r *Round) { r.next = 10 }, "wall counters"},
	})
}

func TestCheckAllocates(t *testing.T) {
	r := calledRound(t)
	var err error
	if n := testing.AllocsPerRun(100, func() { err = r.Check() }); n != 0 || err != nil {
		t.Errorf("Check allocates %v times (err %v)", n, err)
	}
}

func BenchmarkCheck(b *testing.B) {
	r := calledRound(b)
	b.ReportAllocs()
	for b.Loop() {
		if err := r.Check(); err != nil {
			b.Fatal(err)
		}
	}
}

// kitaRound returns a three-player round after a kita and a pon: seat 0
// has set a North aside and drawn its replacement, discarded, and seat 2
// called a pon.
func kitaRound(t testing.TB) *Round {
	t.Helper()
	r := scenario3(t, [3]string{"19m258s369p1235z4z", "2233p5577s66z777z", "445566p8899s233z"}, "3z", "6p", "", sanmaEven)
	mustApply(t, r, Action{Type: Kita, Seat: 0, Tile: find(t, r, 0, "4z")})
	mustApply(t, r, Action{Type: Discard, Seat: 0, Tile: find(t, r, 0, "3z")})
	mustApply(t, r, legalOf(t, r, 2, Pon))
	if err := r.Check(); err != nil {
		t.Fatalf("the untouched round: %v", err)
	}
	if r.Kita(0) != 1 || len(r.Melds(2)) != 1 {
		t.Fatal("kitaRound: seat 0 has no kita or seat 2 no pon")
	}
	return r
}

// TestCheckFindsSanma is TestCheckFinds for what three players add.
func TestCheckFindsSanma(t *testing.T) {
	north := tile.Tile(tile.North) * 4
	checkFinds(t, kitaRound(t), []invariantBreak{
		{"a North set aside twice", func(r *Round) { r.seats[1].kita = r.seats[0].kita; r.kitas++; r.liveEnd-- }, "in the Norths set aside by seat 0 and in the Norths set aside by seat 1"},
		{"a kita uncounted", func(r *Round) { r.kitas++ }, "wall counters"},
		{"a North lost", func(r *Round) { r.seats[0].kita = 0 }, "0 Norths set aside after 1 kitas"},
		{"a North not a North", func(r *Round) { r.seats[0].kita = 1 << 5 }, "not four Norths"},
		{"the live wall's end", func(r *Round) { r.liveEnd-- }, "wall counters"},
		{"seat 3 holds a tile", func(r *Round) { r.seats[3].add(north + 3) }, "seat 3 is not in a 3-player game"},
		{"seat 3 scores", func(r *Round) { r.scores[3] = 1000 }, "seat 3 is not in a 3-player game"},
		{"a 2m in a hand", func(r *Round) { r.seats[1].hand[0] = 4; r.seats[1].counts = handCounts(&r.seats[1]) }, "not in a 3-player game"},
		{"a tile past the wall", func(r *Round) { r.wall[120] = 5 }, "past a 3-player wall's 108 tiles"},
	})
}

func handCounts(s *seatState) tile.Counts {
	var c tile.Counts
	for _, t := range s.hand[:s.n] {
		c[t.Kind()]++
	}
	return c
}
