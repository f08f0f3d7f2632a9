package bot

import (
	"context"
	"testing"

	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// testOptions keeps the mc bot's budget small in tests: what they check
// does not depend on it.
var testOptions = Options{MCSims: 200}

// TestBotsSeeOnlyTheirView plays rounds twice from walls that differ only
// in what seat 0 cannot see — one tile of seat 2's hand swapped with a late
// wall tile, and two ura indicators swapped — and checks that seat 0 acts
// the same as long as everything public has been the same.
func TestBotsSeeOnlyTheirView(t *testing.T) {
	rules := game.Tenhou(game.Hanchan)
	setup := game.RoundSetup{Scores: [4]int{25000, 25000, 25000, 25000}}
	for _, name := range Names() {
		t.Run(name, func(t *testing.T) {
			compared := 0
			walls := uint64(30)
			if testing.Short() && name == "mc" {
				// The race pass (-short) runs mc ten times slower: 8 walls
				// keep it to a minute; the full pass plays all 30.
				walls = 8
			}
			for seed := range walls {
				wa := game.NewWall(seed, 0, 0)
				wb := wa
				wb[26], wb[118] = wb[118], wb[26] // seat 2's first tile ↔ a late live tile
				wb[game.UraIndex], wb[game.UraIndex+1] = wb[game.UraIndex+1], wb[game.UraIndex]
				var pa, pb [4]game.Player
				for s := range 4 {
					n := name
					if s == 2 {
						n = "tsumogiri" // plays the same whatever its hand, until it can win
					}
					pa[s], _ = NewWith(n, seed*4+uint64(s), testOptions)
					pb[s], _ = NewWith(n, seed*4+uint64(s), testOptions)
				}
				var ra, rb game.Round
				if err := ra.Reset(&rules, setup, &wa); err != nil {
					t.Fatal(err)
				}
				if err := rb.Reset(&rules, setup, &wb); err != nil {
					t.Fatal(err)
				}
				var la, lb []game.Action
				for ra.Phase() != game.PhaseEnd && rb.Phase() != game.PhaseEnd && ra.LiveRemaining() > 20 {
					seat := ra.ToAct()
					if rb.ToAct() != seat {
						break // the public histories differ: stop
					}
					la = ra.Legal(seat, la[:0])
					lb = rb.Legal(seat, lb[:0])
					a := pa[seat].Act(game.ViewOf(&ra, seat), la)
					b := pb[seat].Act(game.ViewOf(&rb, seat), lb)
					if a != b {
						if seat == 0 {
							t.Fatalf("seed %d: seat 0 acts %v with one wall and %v with the other", seed, a, b)
						}
						break // seat 2 holds other tiles: its play may differ
					}
					if seat == 0 {
						compared++
					}
					if err := ra.Apply(a); err != nil {
						t.Fatal(err)
					}
					if err := rb.Apply(b); err != nil {
						t.Fatal(err)
					}
				}
			}
			if want := int(walls) * 20 / 3; compared < want { // 200 of 30 walls
				t.Errorf("only %d decisions of seat 0 compared over %d walls, want %d", compared, walls, want)
			}
			t.Logf("%d decisions of seat 0 compared over %d walls", compared, walls)
		})
	}
}

// TestDeterministic plays the same game twice with each bot: the same
// seed gives the same final scores.
func TestDeterministic(t *testing.T) {
	for _, name := range Names() {
		var finals [2][4]int
		for i := range finals {
			var ps [4]game.Player
			for s := range ps {
				ps[s], _ = NewWith(name, uint64(s), testOptions)
			}
			g, err := game.PlayGame(context.Background(), game.Tenhou(game.Tonpuusen), 5, &ps)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			finals[i], _, _ = g.Final()
		}
		if finals[0] != finals[1] {
			t.Errorf("%s: %v then %v", name, finals[0], finals[1])
		}
	}
}

func TestNew(t *testing.T) {
	for _, name := range Names() {
		if _, err := New(name, 1); err != nil || !Valid(name) {
			t.Errorf("New(%q): %v", name, err)
		}
	}
	if _, err := New("nobody", 1); err == nil || Valid("nobody") {
		t.Error("New accepted an unknown bot")
	}
}

func TestMaxSets(t *testing.T) {
	for _, tc := range []struct {
		hand        string
		sets, combo int
	}{
		{"123m456p789s1122z", 3, 5},
		{"1112345678999m", 4, 5},
		{"1357m2468p19s1234z", 0, 0},
		{"11223344556677z", 0, 7},
	} {
		c := mustCounts(tc.hand)
		if got := maxSets(&c, false); got != tc.sets {
			t.Errorf("maxSets(%s) = %d, want %d", tc.hand, got, tc.sets)
		}
		if got := maxSets(&c, true); got != tc.combo {
			t.Errorf("maxSets(%s, pairs) = %d, want %d", tc.hand, got, tc.combo)
		}
	}
}

func mustCounts(s string) tile.Counts { return tile.MustParseCounts(s) }
