package data

import (
	"fmt"

	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// shownMeld is one meld a winner shows, as the calls of the round made it:
// the meld (a kakan in the place of its pon) and the seat its called tile
// came from (the caller itself for an ankan), or for a kita (3-player
// games) only the North tile.
type shownMeld struct {
	meld score.Meld
	from int
	kita tile.Tile // NoTile unless a kita
}

// shownMelds returns what seat who called in events, in call order: every
// chi, pon, open or closed kan and kita, a kakan replacing its pon.
func shownMelds(events []Event, who int) []shownMeld {
	var out []shownMeld
	for _, e := range events {
		if int(e.Seat) != who {
			continue
		}
		switch e.Type {
		case EventKita:
			out = append(out, shownMeld{from: who, kita: e.Tile})
		case EventCall:
			if e.Meld.Type == score.Kakan {
				if i := ponOf(out, e.Meld); i >= 0 {
					out[i].meld = e.Meld
					continue
				}
			}
			out = append(out, shownMeld{meld: e.Meld, from: int(e.From), kita: tile.NoTile})
		}
	}
	return out
}

// ponOf returns the index of the pon that kakan k extends, or -1.
func ponOf(ms []shownMeld, k score.Meld) int {
	for i, m := range ms {
		if m.kita == tile.NoTile && m.meld.Type == score.Pon && m.meld.Tiles[0] == k.Tiles[0] {
			return i
		}
	}
	return -1
}

// sameMeld reports whether a win's meld is the meld a call made: the same
// type and tiles, and the same called tile (any copy stands first in an
// ankan).
func sameMeld(a, b score.Meld) bool {
	n := a.Type.Size()
	if a.Type != b.Type || n == 0 || !sameTiles(a.Tiles[:n], b.Tiles[:n]) {
		return false
	}
	return a.Type == score.Ankan || a.Tiles[0] == b.Tiles[0]
}

// matchShown matches a win's melds and kita with the calls shown (see
// [shownMelds]): for each shown entry, in call order, the index of its meld
// in a.Melds, or of its North tile in a.Kita. The error says what does not
// agree: a meld that was not called, a call missing from the win, or (when
// the record gives them, in a.MeldFrom) a meld's source seat.
func matchShown(a *Agari, shown []shownMeld) ([]int, error) {
	if a.MeldFrom != nil && len(a.MeldFrom) != len(a.Melds) {
		return nil, fmt.Errorf("%d melds with %d sources", len(a.Melds), len(a.MeldFrom))
	}
	order := make([]int, len(shown))
	usedMeld := make([]bool, len(a.Melds))
	usedKita := make([]bool, len(a.Kita))
	for k, s := range shown {
		order[k] = -1
		if s.kita != tile.NoTile {
			for i, t := range a.Kita {
				if !usedKita[i] && t == s.kita {
					order[k], usedKita[i] = i, true
					break
				}
			}
			if order[k] < 0 {
				return nil, fmt.Errorf("kita %v not shown", tileString(s.kita))
			}
			continue
		}
		for i, m := range a.Melds {
			if !usedMeld[i] && sameMeld(m, s.meld) {
				order[k], usedMeld[i] = i, true
				break
			}
		}
		i := order[k]
		if i < 0 {
			return nil, fmt.Errorf("meld %v (called from seat %d) not shown", s.meld, s.from)
		}
		if a.MeldFrom != nil && a.MeldFrom[i] != s.from {
			return nil, fmt.Errorf("meld %v shown as called from seat %d, but the call took it from seat %d", a.Melds[i], a.MeldFrom[i], s.from)
		}
	}
	for i, u := range usedMeld {
		if !u {
			return nil, fmt.Errorf("meld %v was not called", a.Melds[i])
		}
	}
	for i, u := range usedKita {
		if !u {
			return nil, fmt.Errorf("kita %v was not set aside", tileString(a.Kita[i]))
		}
	}
	return order, nil
}
