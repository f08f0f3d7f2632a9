package game

import (
	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// RonValue returns what seat would be paid before honba and riichi sticks
// (score.Result.Points) if it won now by ron on a tile of kind k discarded
// by the next seat in turn order, and whether that win has a yaku. It
// looks at the seat's hidden hand, its riichi state and the ura dora, so
// it is for labelling
// training samples from a full-information replay, not for play. Furiten
// is ignored: the question is what the hand is worth. A riichi declared on
// the last discard counts as accepted (with ippatsu and ura dora): no other
// seat can ron before the declaration tile has passed. ok is false when k
// does not complete the hand or the win has no yaku.
func (r *Round) RonValue(seat int, k tile.Kind) (points int, ok bool) {
	s := &r.seats[seat]
	if !s.waits.Has(k) {
		return 0, false
	}
	// A physical copy of k that the seat does not hold; a plain copy is
	// preferred over the red five, which would add a han by itself.
	t := tile.NoTile
	for c := 3; c >= 0; c-- {
		cand := tile.Tile(int(k)*4 + c)
		if !s.has(cand) {
			t = cand
			break
		}
	}
	if t == tile.NoTile {
		return 0, false
	}
	w := r.winInput(uint8(seat), t, false, false, r.nextSeat(uint8(seat)))
	if s.riichi == riichiDeclared {
		w.Riichi, w.DoubleRiichi, w.Ippatsu = true, s.doubleRiichi, true
		copy(w.UraDora[:], r.uraIndicators())
		w.NumUraDora = uint8(r.numDora)
	}
	res, err := score.Score(&w, &r.rules.Score)
	if err != nil {
		return 0, false
	}
	return res.Points, true
}
