package bot

import (
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/hand"
	"github.com/mjrank/mjrank/sim/tile"
)

// seen returns the tiles the seat sees outside its own concealed hand:
// every meld, every river tile not called, the Norths set aside, the dora
// indicators. In a 3-player round the kinds the set lacks (2m–8m) count
// as four seen, so that every count of unseen tiles built on it (ukeire,
// live tiles) leaves them out: one code path for both set sizes.
func seen(v game.View) tile.Counts {
	vis := v.Visible()
	c := v.Counts()
	for k := range vis {
		vis[k] -= c[k]
	}
	if v.Players() == 3 {
		for k := range absentInSanma.Kinds {
			vis[k] = 4
		}
	}
	return vis
}

// absentInSanma holds the kinds a 3-player set lacks: 2m to 8m.
const absentInSanma tile.KindSet = (1<<(tile.Man9) - 1) &^ (1 << tile.Man1)

// kita returns the kita (a North set aside, 3-player rounds only) the
// baseline bots make: always when it is legal, except when the hand holds
// two Norths or more and setting one aside would leave it worse than its
// best discard (a higher shanten, or fewer tiles that lower it), as when
// the Norths are its pair or a triplet it keeps. A lone North can only
// ever be a pair or a single wait, and a kita is a dora and a replacement
// draw besides. In riichi the round offers the kita of the drawn North
// only, which leaves the waits as they are, so it is always made. A
// winning hand wins before this is asked. buf is scratch for the
// discards.
func kita(v game.View, legal []game.Action, buf []hand.Discard) (game.Action, bool) {
	a, ok := game.FindAction(legal, game.Kita)
	if !ok {
		return a, false
	}
	c := v.Counts()
	if v.InRiichi(v.Seat()) || c[tile.North] < 2 {
		return a, true
	}
	vis := seen(v)
	ds := hand.Discards(&c, &vis, buf)
	for _, d := range ds {
		if d.Kind == tile.North {
			return a, d.Shanten == ds[0].Shanten && d.Count >= ds[0].Count
		}
	}
	return a, true
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
