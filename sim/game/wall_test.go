package game

import (
	"testing"

	"github.com/mjrank/mjrank/sim/tile"
)

func TestNewWallForFour(t *testing.T) {
	for seed := uint64(0); seed < 20; seed++ {
		if NewWallFor(4, seed, 3, 1) != legacyWall(seed, 3, 1) {
			t.Fatalf("NewWallFor(4, %d, 3, 1) is not the four-player wall", seed)
		}
	}
}

func TestNewWallForThree(t *testing.T) {
	for seed := uint64(0); seed < 50; seed++ {
		w := NewWallFor(3, seed, int(seed%11), 2)
		if !w.ValidFor(3) {
			t.Fatalf("seed %d: the three-player wall is not valid: %v", seed, w)
		}
		if w.Valid() {
			t.Fatalf("seed %d: a three-player wall passes as a four-player one", seed)
		}
		var n, red int
		for _, x := range w[:Layout3.Tiles] {
			if x >= 4 && x < 32 {
				t.Fatalf("seed %d: tile %v (id %d) in a three-player wall", seed, x, x)
			}
			if x.Red() {
				red++
			}
			n++
		}
		if n != 108 || red != 2 {
			t.Fatalf("seed %d: %d tiles, %d red fives; want 108 and 2", seed, n, red)
		}
	}
	if NewWallFor(3, 1, 0, 0) == NewWallFor(3, 2, 0, 0) {
		t.Fatal("two seeds give the same three-player wall")
	}
}

func TestWallValidForRefuses(t *testing.T) {
	good := NewWallFor(3, 9, 0, 0)
	cases := map[string]func(w *Wall){
		"a 2m":           func(w *Wall) { w[5] = 4 },
		"a duplicate":    func(w *Wall) { w[5] = w[6] },
		"a red 5m":       func(w *Wall) { w[0] = tile.RedMan5 },
		"a tile after":   func(w *Wall) { w[110] = 4 },
		"NoTile in play": func(w *Wall) { w[100] = tile.NoTile },
	}
	for name, spoil := range cases {
		w := good
		spoil(&w)
		if w.ValidFor(3) {
			t.Errorf("%s: ValidFor(3) accepts the wall", name)
		}
	}
	four := NewWall(9, 0, 0)
	if four.ValidFor(3) || !four.ValidFor(4) {
		t.Error("a four-player wall: want ValidFor(3) false, ValidFor(4) true")
	}
}

// TestLayoutPartition checks that after any number of replacement draws
// the deal, the live draws, the replacement draws, the dora and ura
// indicators and the rest of the dead wall cover w[:Tiles] once each, and
// the dead wall keeps 14 tiles.
func TestLayoutPartition(t *testing.T) {
	for _, l := range []Layout{Layout4, Layout3} {
		if got := l.LiveTiles(); got != l.Tiles-l.Deal-DeadWallSize {
			t.Errorf("%dp: LiveTiles %d", l.Players, got)
		}
		for r := 0; r <= l.MaxReplacements; r++ {
			used := make([]int, l.Tiles)
			for i := 0; i < l.LiveEnd(r); i++ {
				used[i]++ // deal and live draws
			}
			for k := 0; k < r; k++ {
				used[l.Replacement(k)]++
			}
			for i := l.Dora; i < l.Ura+5; i++ {
				used[i]++
			}
			for k := r; k < r+4; k++ {
				used[l.Replacement(k)]++ // the four next replacement tiles
			}
			for i, u := range used {
				if u != 1 {
					t.Fatalf("%dp, %d replacements: wall index %d used %d times", l.Players, r, i, u)
				}
			}
			if live := l.LiveEnd(r) - l.Deal; live != l.LiveTiles()-r {
				t.Fatalf("%dp, %d replacements: %d live draws", l.Players, r, live)
			}
		}
	}
	want := []int{94, 95, 96, 97, 93, 92, 91, 90}
	for k, i := range want {
		if got := Layout3.Replacement(k); got != i {
			t.Errorf("3p replacement %d: index %d, want %d", k, got, i)
		}
	}
}
