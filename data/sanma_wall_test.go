package data_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// TestSanmaWall lays every round of the 3-player sample out as the engine's
// 3-player wall (sim/game/wall.go) and finds each recorded tile where the
// layout puts it: the deal by seat from the dealer, the live draws from
// w[39], the k-th replacement draw after a kan or a kita at
// Layout3.Replacement(k), the dora indicators from w[98].
func TestSanmaWall(t *testing.T) {
	names, games := sanmaGames(t)
	l := game.Layout3
	rounds, deep := 0, 0
	for gi, g := range games {
		for ri := range g.Rounds {
			rd := &g.Rounds[ri]
			w, err := data.BuildWall(rd, 3)
			if err != nil {
				t.Fatalf("%s %s: %v", names[gi], rd.Name(), err)
			}
			if !w.ValidFor(3) {
				t.Fatalf("%s %s: not a 3-player wall", names[gi], rd.Name())
			}
			rounds++
			if r := checkWallPlaces(t, &w, rd, &l); r > 4 {
				deep++
			}
			if t.Failed() {
				t.Fatalf("%s %s", names[gi], rd.Name())
			}
		}
	}
	t.Logf("%d rounds; %d with more than 4 replacement draws", rounds, deep)
	if deep == 0 {
		t.Error("no round takes a replacement draw past the four rinshan tiles")
	}
}

// checkWallPlaces checks where the round's tiles lie in w and returns the
// number of replacement draws.
func checkWallPlaces(t *testing.T, w *game.Wall, rd *data.Round, l *game.Layout) int {
	for seat := range 3 {
		rel := (seat - rd.Dealer + 3) % 3
		for i, tl := range rd.Hands[seat] {
			if w[13*rel+i] != tl {
				t.Errorf("seat %d tile %d: wall %v, record %v", seat, i, w[13*rel+i], tl)
			}
		}
	}
	if w[l.Dora] != rd.DoraIndicator {
		t.Errorf("dora indicator: wall %v, record %v", w[l.Dora], rd.DoraIndicator)
	}
	live, repl, dora, replacement := l.Deal, 0, 1, false
	for _, e := range rd.Events {
		switch e.Type {
		case data.EventCall:
			replacement = e.Meld.Type.IsKan()
		case data.EventKita:
			replacement = true
		case data.EventNewDora:
			if w[l.Dora+dora] != e.Tile {
				t.Errorf("dora indicator %d: wall %v, record %v", dora, w[l.Dora+dora], e.Tile)
			}
			dora++
		case data.EventDraw:
			at := live
			if replacement {
				at = l.Replacement(repl)
				repl++
			} else {
				live++
			}
			if w[at] != e.Tile {
				t.Errorf("draw %v: wall[%d] is %v", e, at, w[at])
			}
			replacement = false
		}
	}
	if live > l.LiveEnd(repl) {
		t.Errorf("%d live draws and %d replacement draws: past the live wall's end %d", live-l.Deal, repl, l.LiveEnd(repl))
	}
	return repl
}

// TestSanmaWallRefuses: a 3-player record holding a tile the 3-player game
// does not have (2m..8m), or one tile twice, is refused with an error that
// names the tile, not laid out.
func TestSanmaWallRefuses(t *testing.T) {
	_, games := sanmaGames(t)
	good := games[0].Rounds[0]
	for _, tc := range []struct {
		name  string
		tile  tile.Tile
		shows string
	}{
		{"2m", 4, "tile 2m (id 4) is not in a 3-player game"},
		{"red 5m", tile.RedMan5, "is not in a 3-player game"},
		{"a tile twice", good.Hands[1][0], "appears twice"},
	} {
		rd := good
		rd.Hands[0][0] = tc.tile
		_, err := data.BuildWall(&rd, 3)
		if !errors.Is(err, data.ErrBadValue) || !strings.Contains(err.Error(), tc.shows) {
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.shows)
		}
	}
	// The same round is a valid wall as dealt.
	if _, err := data.BuildWall(&good, 3); err != nil {
		t.Errorf("the round as recorded: %v", err)
	}
}
