package data

import (
	"fmt"

	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// ShownMeld is one meld a winner shows, as the calls of the round made it:
// the meld (a kakan in the place of its pon) and the seat its called tile
// came from (the caller itself for an ankan), or for a kita (3-player
// games) only the North tile.
type ShownMeld struct {
	Meld score.Meld
	From int
	Kita tile.Tile // NoTile unless a kita
}

// ShownMelds returns what seat who called in events, in call order: every
// chi, pon, open or closed kan and kita, a kakan replacing its pon.
func ShownMelds(events []Event, who int) []ShownMeld {
	var out []ShownMeld
	for _, e := range events {
		if int(e.Seat) != who {
			continue
		}
		switch e.Type {
		case EventKita:
			out = append(out, ShownMeld{From: who, Kita: e.Tile})
		case EventCall:
			if e.Meld.Type == score.Kakan {
				if i := ponOf(out, e.Meld); i >= 0 {
					out[i].Meld = e.Meld
					continue
				}
			}
			out = append(out, ShownMeld{Meld: e.Meld, From: int(e.From), Kita: tile.NoTile})
		}
	}
	return out
}

// ponOf returns the index of the pon that kakan k extends, or -1.
func ponOf(ms []ShownMeld, k score.Meld) int {
	for i, m := range ms {
		if m.Kita == tile.NoTile && m.Meld.Type == score.Pon && m.Meld.Tiles[0] == k.Tiles[0] {
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

// MatchShown matches a win's melds and kita with the calls shown (see
// [ShownMelds]): for each shown entry, in call order, the index of its meld
// in a.Melds, or of its North tile in a.Kita. The error says what does not
// agree: a meld that was not called, a call missing from the win, or (when
// the record gives them, in a.MeldFrom) a meld's source seat.
func MatchShown(a *Agari, shown []ShownMeld) ([]int, error) {
	if a.MeldFrom != nil && len(a.MeldFrom) != len(a.Melds) {
		return nil, fmt.Errorf("%d melds with %d sources", len(a.Melds), len(a.MeldFrom))
	}
	order := make([]int, len(shown))
	usedMeld := make([]bool, len(a.Melds))
	usedKita := make([]bool, len(a.Kita))
	for k, s := range shown {
		order[k] = -1
		if s.Kita != tile.NoTile {
			for i, t := range a.Kita {
				if !usedKita[i] && t == s.Kita {
					order[k], usedKita[i] = i, true
					break
				}
			}
			if order[k] < 0 {
				return nil, fmt.Errorf("kita %v not shown", tileString(s.Kita))
			}
			continue
		}
		for i, m := range a.Melds {
			if !usedMeld[i] && sameMeld(m, s.Meld) {
				order[k], usedMeld[i] = i, true
				break
			}
		}
		i := order[k]
		if i < 0 {
			return nil, fmt.Errorf("meld %v (called from seat %d) not shown", s.Meld, s.From)
		}
		if a.MeldFrom != nil && a.MeldFrom[i] != s.From {
			return nil, fmt.Errorf("meld %v shown as called from seat %d, but the call took it from seat %d", a.Melds[i], a.MeldFrom[i], s.From)
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
