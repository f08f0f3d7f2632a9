package bot

import (
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/hand"
	"github.com/mjrank/mjrank/sim/tile"
)

// Efficiency plays for tile efficiency: it discards the tile that leaves the
// lowest shanten and then the most unseen tiles that lower it (ties to the
// lower kind, a plain five before a red one), declares riichi when that
// discard leaves it tenpai, calls only a pon of a yakuhai pair, and folds
// when an opponent is in riichi and its hand would stay two or more from
// tenpai: it then discards the safest tile — genbutsu (the riichi player's
// discards and what others discarded after the riichi), then honours
// (safer the more copies are seen) and suji, then terminals — ties broken
// by efficiency. It never declares kans or kyuushu kyuuhai. With three
// players it makes the kitas [kita] says, before anything else but a win.
type Efficiency struct {
	buf [14]hand.Discard
	def defender
}

// Act implements game.Player.
func (e *Efficiency) Act(v game.View, legal []game.Action) game.Action {
	if a, ok := game.WinAction(legal); ok {
		return a
	}
	if v.Phase() != game.PhaseTurn {
		if a, ok := game.FindAction(legal, game.Pon); ok && !e.folding(v) && yakuhai(v, v.Seat(), a.Meld.Tiles[0].Kind()) {
			return a
		}
		return game.PassAction(legal)
	}
	if a, ok := kita(v, legal, e.buf[:0]); ok {
		return a
	}
	drawn := v.Drawn()
	if v.InRiichi(v.Seat()) {
		// Only the drawn tile may go (an ankan is never declared).
		if a, ok := game.DiscardAction(legal, game.Discard, drawn.Kind(), drawn); ok {
			return a
		}
	}
	c := v.Counts()
	e.def.vis = seen(v)
	ds := hand.Discards(&c, &e.def.vis, e.buf[:0])
	if len(ds) > 0 && ds[0].Shanten >= 2 && anyRiichi(v) {
		e.def.riichiThreats(v)
		if a, ok := e.def.safest(v, legal, ds, safetyEfficiency); ok {
			return a
		}
	}
	for _, d := range ds {
		if d.Shanten == 0 {
			if a, ok := game.DiscardAction(legal, game.Riichi, d.Kind, drawn); ok {
				return a
			}
		}
		if a, ok := game.DiscardAction(legal, game.Discard, d.Kind, drawn); ok {
			return a
		}
	}
	if a, ok := game.FindAction(legal, game.Discard); ok {
		return a
	}
	return legal[0]
}

// folding reports whether the bot would fold now: an opponent is in riichi
// and the hand is two or more from tenpai.
func (e *Efficiency) folding(v game.View) bool {
	if !anyRiichi(v) {
		return false
	}
	c := v.Counts()
	return hand.Shanten(&c) >= 2
}

// anyRiichi reports whether an opponent of the viewing seat is in riichi.
func anyRiichi(v game.View) bool {
	for s := range game.NumSeats {
		if s != v.Seat() && v.InRiichi(s) {
			return true
		}
	}
	return false
}

// safetyEfficiency: genbutsu, honours and suji, terminals.
func safetyEfficiency(th *threat, k tile.Kind, vis *tile.Counts) int {
	switch {
	case th.genbutsu.Has(k) || th.passed.Has(k):
		return 100
	case k.IsHonor():
		return 50 + 10*int(vis[k])
	case suji(k, th.genbutsu):
		if k.IsTerminal() {
			return 70
		}
		return 60
	case k.IsTerminal():
		return 20
	}
	return 0
}

// defender is a bot's scratch for choosing a safe discard.
type defender struct {
	vis tile.Counts // tiles seen outside the hand
	ths [game.NumSeats]threat
	n   int
}

// riichiThreats sets the threats to the opponents in riichi.
func (d *defender) riichiThreats(v game.View) {
	d.n = 0
	for s := range game.NumSeats {
		if s != v.Seat() && v.InRiichi(s) {
			d.ths[d.n] = threatOf(v, s)
			d.n++
		}
	}
}

// safest returns the legal discard whose least safety over the threats is
// highest, ties to the order of ds.
func (d *defender) safest(v game.View, legal []game.Action, ds []hand.Discard, safety func(th *threat, k tile.Kind, vis *tile.Counts) int) (game.Action, bool) {
	best, bestSafety, found := game.Action{}, -1, false
	drawn := v.Drawn()
	for _, dc := range ds {
		a, ok := game.DiscardAction(legal, game.Discard, dc.Kind, drawn)
		if !ok {
			continue
		}
		s := 1 << 30
		for i := range d.ths[:d.n] {
			s = min(s, safety(&d.ths[i], dc.Kind, &d.vis))
		}
		if s > bestSafety {
			best, bestSafety, found = a, s, true
		}
	}
	return best, found
}
