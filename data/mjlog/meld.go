package mjlog

import (
	"fmt"

	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// Tenhou's meld bit field (the m= attribute of N and AGARI), low bit first:
//
//	bits 0–1  the source relative to the caller: 0 self, 1 next (shimocha),
//	          2 opposite (toimen), 3 previous (kamicha)
//	chi   bit 2 set: bits 3–4, 5–6, 7–8 the copy (0–3) of the 1st, 2nd and
//	          3rd tile; bits 10–15 = base*3 + r, base = the sequence's first
//	          tile as suit*7 + number-1 (number 1..7), r = which of the three
//	          was called
//	pon   bit 3 set: bits 5–6 the copy not used; bits 9–15 = kind*3 + r,
//	          r = which of the three used copies (in id order) was called
//	kakan bit 4 set: as a pon, with bits 5–6 the copy added to it
//	kita  bit 5 set (3-player games): bits 8–15 the North tile's id
//	kan   otherwise: bits 8–15 the called tile's id (any copy for a closed
//	          kan, whose source bits are 0)
//
// A 3-player game counts seats as a 4-player one with seat 3 empty: the
// source is (caller + rel) mod 4 there too.

// decodeMeld decodes an m= value for the caller who in a game of players
// seats. It returns the meld and the source seat, or for a kita a zero Meld
// and the North tile.
func decodeMeld(m int, who, players int) (score.Meld, int, tile.Tile, error) {
	if m < 0 || m > 0xFFFF {
		return score.Meld{}, 0, tile.NoTile, fmt.Errorf("meld code %d out of range", m)
	}
	rel := m & 3
	from := (who + rel) % 4
	if from >= players {
		return score.Meld{}, 0, tile.NoTile, fmt.Errorf("meld code %d: source seat %d in a %d-player game", m, from, players)
	}
	var md score.Meld
	var err error
	switch {
	case m&0x4 != 0:
		md, err = decodeChi(m)
	case m&0x18 != 0: // pon (bit 3) or kakan (bit 4)
		md, err = decodePon(m)
	case m&0x20 != 0: // kita
		t := tile.Tile(m >> 8)
		if !t.Valid() || t.Kind() != tile.North {
			return score.Meld{}, 0, tile.NoTile, fmt.Errorf("kita code %d: tile %d is not a North", m, m>>8)
		}
		return score.Meld{}, who, t, nil
	default: // daiminkan or ankan
		md, err = decodeKan(m, rel)
	}
	if err != nil {
		return score.Meld{}, 0, tile.NoTile, err
	}
	return md, from, tile.NoTile, nil
}

// decodeChi decodes the m= value of a chi.
func decodeChi(m int) (score.Meld, error) {
	t := m >> 10
	r := t % 3
	t /= 3
	if t >= 21 {
		return score.Meld{}, fmt.Errorf("chi code %d: no such sequence", m)
	}
	base := (t/7)*9 + t%7
	var ts [3]tile.Tile
	for i := range ts {
		ts[i] = tile.Tile((base+i)*4 + (m>>(3+2*i))&3)
	}
	md := score.Meld{Type: score.Chi}
	calledFirst(&md, &ts, r)
	return md, nil
}

// decodePon decodes the m= value of a pon or a kakan.
func decodePon(m int) (score.Meld, error) {
	unused := (m >> 5) & 3
	t := m >> 9
	r := t % 3
	k := t / 3
	if k >= tile.NumKinds {
		return score.Meld{}, fmt.Errorf("pon code %d: no such kind", m)
	}
	var ts [3]tile.Tile
	j := 0
	for c := range 4 {
		if c != unused {
			ts[j] = tile.Tile(k*4 + c)
			j++
		}
	}
	md := score.Meld{Type: score.Pon}
	if m&0x10 != 0 {
		md.Type = score.Kakan
		md.Tiles[3] = tile.Tile(k*4 + unused)
	}
	calledFirst(&md, &ts, r)
	return md, nil
}

// calledFirst puts the three tiles of a chi or pon in md: ts[r], the called
// one, first, then the others in order.
func calledFirst(md *score.Meld, ts *[3]tile.Tile, r int) {
	md.Tiles[0] = ts[r]
	j := 1
	for i, x := range ts {
		if i != r {
			md.Tiles[j] = x
			j++
		}
	}
}

// decodeKan decodes the m= value of a daiminkan or (rel 0) an ankan.
func decodeKan(m, rel int) (score.Meld, error) {
	hai0 := m >> 8
	if hai0 >= tile.NumTiles {
		return score.Meld{}, fmt.Errorf("kan code %d: tile %d out of range", m, hai0)
	}
	if m&0xFC != 0 {
		return score.Meld{}, fmt.Errorf("kan code %d: stray bits", m)
	}
	md := score.Meld{Type: score.Daiminkan}
	if rel == 0 {
		md.Type = score.Ankan
	}
	md.Tiles[0] = tile.Tile(hai0)
	j := 1
	base := hai0 &^ 3
	for c := range 4 {
		if base+c != hai0 {
			md.Tiles[j] = tile.Tile(base + c)
			j++
		}
	}
	return md, nil
}

// encodeMeld is the inverse of decodeMeld for a valid meld (see
// score.Meld.Check) called by who from from.
func encodeMeld(md score.Meld, who, from, players int) (int, error) {
	if err := md.Check(); err != nil {
		return 0, err
	}
	rel := (from - who + 4) % 4
	_ = players
	switch md.Type {
	case score.Chi:
		base := md.Kind()
		var copies [3]int
		r := -1
		for i, t := range md.Tiles[:3] {
			d := int(t.Kind() - base)
			copies[d] = int(t) & 3
			if i == 0 {
				r = d
			}
		}
		num := int(base % 9)
		if num > 6 {
			return 0, fmt.Errorf("%v: bad sequence", md)
		}
		t := (int(base.Suit())*7+num)*3 + r
		m := t<<10 | 0x4 | rel
		for i, c := range copies {
			m |= c << (3 + 2*i)
		}
		return m, nil
	case score.Pon, score.Kakan:
		k := int(md.Tiles[0].Kind())
		var used [4]bool
		for _, t := range md.Tiles[:3] {
			used[int(t)&3] = true
		}
		unused := 0
		for c := range 4 {
			if !used[c] {
				unused = c
			}
		}
		if md.Type == score.Kakan && int(md.Tiles[3])&3 != unused {
			return 0, fmt.Errorf("%v: added tile is not the fourth copy", md)
		}
		// r: the called tile's rank among the used copies.
		r := 0
		for c := 0; c < int(md.Tiles[0])&3; c++ {
			if used[c] {
				r++
			}
		}
		m := (k*3+r)<<9 | unused<<5 | rel
		if md.Type == score.Kakan {
			return m | 0x10, nil
		}
		return m | 0x8, nil
	case score.Daiminkan:
		if rel == 0 {
			return 0, fmt.Errorf("%v: daiminkan from the caller itself", md)
		}
		return int(md.Tiles[0])<<8 | rel, nil
	case score.Ankan:
		return int(md.Tiles[0]) << 8, nil
	}
	return 0, fmt.Errorf("meld type %v", md.Type)
}

// encodeKita returns the m= value of a kita of tile t.
func encodeKita(t tile.Tile) int { return int(t)<<8 | 0x20 }
