package mceval

import (
	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/hand"
)

// The baseline's cells: the seat's discards so far (capped) and the
// shanten its hand keeps after the discard (capped).
const (
	turnCap    = 18
	shantenCap = 3
)

// baseline predicts a turn decision's outcome by the frequencies of the
// training games' turn decisions with the same (turn, shanten) cell.
type baseline struct {
	n, win, dealIn, draw, delta [turnCap + 1][shantenCap + 2]float64
}

func cell(turn, shanten int) (int, int) {
	return min(turn, turnCap), min(max(shanten, -1), shantenCap) + 1
}

// addGame replays g and counts every turn decision with its outcome. A
// round the engine abandons (its replay disagrees with the record) has no
// outcome and counts for nothing.
func (b *baseline) addGame(g *data.Game) {
	type pending struct {
		seat, t, s int
		score      int
	}
	var open []pending
	var rep data.ReplayReport
	for st := range data.ReplaySteps(g, &rep) {
		if st.Event == 0 {
			open = open[:0]
		}
		if st.Ended() {
			for _, p := range open {
				o := outcomeOf(st.Engine, p.seat, p.score)
				b.n[p.t][p.s]++
				b.win[p.t][p.s] += float64(b2i(o.won))
				b.dealIn[p.t][p.s] += float64(b2i(o.dealtIn))
				b.draw[p.t][p.s] += float64(b2i(o.draw))
				b.delta[p.t][p.s] += o.delta
			}
			open = open[:0]
			continue
		}
		e, _ := st.NextEvent()
		r := st.Engine
		if e.Type == data.EventDiscard && r.Phase() == game.PhaseTurn && r.Current() == int(e.Seat) && !r.InRiichi(int(e.Seat)) {
			seat := int(e.Seat)
			c := r.Counts(seat)
			c[e.Tile.Kind()]--
			t, s := cell(len(r.River(seat)), hand.Shanten(&c))
			open = append(open, pending{seat, t, s, r.Scores()[seat]})
		}
	}
}

func (b *baseline) merge(o *baseline) {
	for t := range b.n {
		for s := range b.n[t] {
			b.n[t][s] += o.n[t][s]
			b.win[t][s] += o.win[t][s]
			b.dealIn[t][s] += o.dealIn[t][s]
			b.draw[t][s] += o.draw[t][s]
			b.delta[t][s] += o.delta[t][s]
		}
	}
}

// predict returns the cell's smoothed frequencies (one pseudo-sample at
// the turn's overall rate).
func (b *baseline) predict(turn, shanten int) pred {
	t, s := cell(turn, shanten)
	var nt, wt, dt, rt, st float64
	for i := range b.n[t] {
		nt += b.n[t][i]
		wt += b.win[t][i]
		dt += b.dealIn[t][i]
		rt += b.draw[t][i]
		st += b.delta[t][i]
	}
	prior := func(x float64) float64 { return x / max(nt, 1) }
	n := b.n[t][s] + 1
	return pred{
		win:    (b.win[t][s] + prior(wt)) / n,
		dealIn: (b.dealIn[t][s] + prior(dt)) / n,
		draw:   (b.draw[t][s] + prior(rt)) / n,
		delta:  (b.delta[t][s] + prior(st)) / n,
	}
}
