package bot

import (
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// seen returns the tiles the seat sees outside its own concealed hand:
// every meld, every river tile not called, the dora indicators.
func seen(v game.View) tile.Counts {
	vis := v.Visible()
	c := v.Counts()
	for k := range vis {
		vis[k] -= c[k]
	}
	return vis
}

// yakuhai reports whether kind k gives seat a yaku as a triplet: a dragon,
// the seat's wind or the round wind.
func yakuhai(v game.View, seat int, k tile.Kind) bool {
	return k.IsDragon() || k == v.SeatWind(seat) || k == v.RoundWind()
}

// openHand reports whether the seat has called (a closed kan keeps it
// closed).
func openHand(v game.View, seat int) bool {
	for _, m := range v.Melds(seat) {
		if m.Open() {
			return true
		}
	}
	return false
}

// openMelds counts the seat's open melds.
func openMelds(v game.View, seat int) int {
	n := 0
	for _, m := range v.Melds(seat) {
		if m.Open() {
			n++
		}
	}
	return n
}

// threat is what a defending bot knows of one dangerous opponent.
type threat struct {
	seat     int
	genbutsu tile.KindSet // its own discards: it can never ron them
	passed   tile.KindSet // discarded by others after its riichi or its last discard
	lastTurn tile.KindSet // discarded by others since its last discard only
}

// threatOf gathers what seat t's river tells. Which discards of the other
// seats came after t's riichi or its last discard is read from the
// discards' turns.
func threatOf(v game.View, t int) threat {
	th := threat{seat: t}
	river := v.River(t)
	riichiTurn, lastTurn := -1, -1
	for _, d := range river {
		th.genbutsu = th.genbutsu.Add(d.Tile.Kind())
		if d.Riichi {
			riichiTurn = int(d.Turn)
		}
		lastTurn = int(d.Turn)
	}
	for s := range game.NumSeats {
		if s == t {
			continue
		}
		for _, d := range v.River(s) {
			turn := int(d.Turn)
			if lastTurn >= 0 && turn > lastTurn {
				th.lastTurn = th.lastTurn.Add(d.Tile.Kind())
			}
			if riichiTurn >= 0 && turn > riichiTurn {
				th.passed = th.passed.Add(d.Tile.Kind())
			}
		}
	}
	th.passed |= th.lastTurn
	return th
}

// suji reports whether number kind k is suji against discards ks: 1-2-3
// need the tile three above, 7-8-9 three below, 4-5-6 both.
func suji(k tile.Kind, ks tile.KindSet) bool {
	if k.IsHonor() {
		return false
	}
	n := k % 9
	lo := n < 3 || ks.Has(k-3)
	hi := n > 5 || ks.Has(k+3)
	return lo && hi
}
