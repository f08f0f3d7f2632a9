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

// turnPos is a seat's place in a go-around: 0 for the dealer.
func turnPos(v game.View, seat int) int { return (seat - v.Dealer() + game.NumSeats) % game.NumSeats }

// firstAfter returns the index in seat s's river of its first discard made
// after threat's discard number i. Rivers carry no time, so it assumes
// that seats took turns in order since then (a call that skips turns makes
// it off by a go-around).
func firstAfter(v game.View, s, threat, i int) int {
	if turnPos(v, s) > turnPos(v, threat) {
		return i
	}
	return i + 1
}

// threat is what a defending bot knows of one dangerous opponent.
type threat struct {
	seat     int
	genbutsu tile.KindSet // its own discards: it can never ron them
	passed   tile.KindSet // discarded by others after its riichi or its last discard
	lastTurn tile.KindSet // discarded by others since its last discard only
}

// threatOf gathers what seat t's river tells.
func threatOf(v game.View, t int) threat {
	th := threat{seat: t}
	river := v.River(t)
	riichiAt := -1
	for i, d := range river {
		th.genbutsu = th.genbutsu.Add(d.Tile.Kind())
		if d.Riichi {
			riichiAt = i
		}
	}
	last := len(river) - 1
	for s := range game.NumSeats {
		if s == t {
			continue
		}
		rs := v.River(s)
		if last >= 0 {
			for _, d := range rs[min(len(rs), firstAfter(v, s, t, last)):] {
				th.lastTurn = th.lastTurn.Add(d.Tile.Kind())
			}
		}
		if riichiAt >= 0 {
			for _, d := range rs[min(len(rs), firstAfter(v, s, t, riichiAt)):] {
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
