package opponent

import (
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// Three players (sanma). The features are the four-player ones computed
// over the seats in play (the opponent's rank among three, the top of
// three scores), in the 108-tile world, plus the kita features: Norths
// set aside are public and each is a dora of its owner.

// kitaNames are the features three-player models append to the
// four-player ones.
var kitaNames = []string{"kita", "kita_all", "kita_dora"}

const numKita = 3

// fillSanma counts the Norths set aside as seen, the 2m..8m (out of play:
// no copy to wait on, none unseen) as all seen, adds 9m to the dora of a
// 1m indicator (as Tenhou's three-player rules), and sets the kita
// features: the opponent's Norths set aside, everyone's, and the dora
// they make the opponent (each North is one, more when North is a dora).
func (p *Public) fillSanma(r game.View) {
	all := 0
	for s := range p.players {
		all += r.Kita(s)
	}
	p.visible[tile.North] += int8(all)
	for k := tile.Man1 + 1; k < tile.Man9; k++ {
		p.visible[k] = 4
	}
	own := r.Kita(p.seat)
	dora := own
	for _, t := range r.DoraIndicators() {
		switch t.Kind() {
		case tile.Man1: // 1m shows 9m: 2m..8m are not in play
			p.dora = p.dora.Add(tile.Man9)
		case tile.West:
			dora += own
		}
	}
	p.kita = [numKita]float64{float64(own), float64(all), float64(dora)}
}

// Players returns the number of seats in play of the position: 4, or 3.
func (p *Public) Players() int {
	if p.players == 3 {
		return 3
	}
	return 4
}

// InPlay reports whether kind k has copies in the game's wall: every kind
// with four players, all but 2m..8m with three.
func InPlay(players int, k tile.Kind) bool {
	return players != 3 || k == tile.Man1 || k >= tile.Man9
}
