package mceval

import (
	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/mc"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/hand"
)

// The opponents report (issue 21, item 2): after each turn decision
// measured, how the opponents of the deciding seat go on playing, turn by
// turn — in the rollouts of the move played (mc.OpponentTally, each
// decision weighing one) and in the real round that followed (each
// decision's continuation). Both count the same opponents' discards after
// the same positions, so their rates by turn compare directly: tenpai,
// riichi and open hands after an opponent's t-th discard, and its calls.

// oppDiscard is one opponent discard of a real round: the event that
// records it, the seat, its discards so far, and its state after it.
type oppDiscard struct {
	event, seat, turn    int
	tenpai, riichi, open bool
}

// roundLog keeps a real round's discards and calls for the opponents
// report.
type roundLog struct {
	discards []oppDiscard
	calls    []oppDiscard // event and seat only
}

// observe records the step's last event if it is a discard or a call.
func (l *roundLog) observe(st *data.ReplayStep) {
	e, ok := st.LastEvent()
	if !ok {
		return
	}
	j := int(e.Seat)
	switch e.Type {
	case data.EventCall:
		l.calls = append(l.calls, oppDiscard{event: st.Event - 1, seat: j})
	case data.EventDiscard:
		r := st.Engine
		c := r.Counts(j)
		l.discards = append(l.discards, oppDiscard{event: st.Event - 1, seat: j, turn: len(r.River(j)),
			tenpai: hand.Shanten(&c) == 0, riichi: r.InRiichi(j), open: isOpen(r, j)})
	}
}

// tally returns the continuation of decision d in the round: the other
// seats' discards and calls after its event, each weighing one.
func (l *roundLog) tally(d *decision) mc.OpponentTally {
	var t mc.OpponentTally
	t.Rounds = 1
	for _, x := range l.discards {
		if x.event > d.event && x.seat != d.seat {
			t.Discard(x.turn, x.tenpai, x.riichi, x.open, 1)
		}
	}
	for _, x := range l.calls {
		if x.event > d.event && x.seat != d.seat {
			t.Calls++
		}
	}
	return t
}

// ending adds to t how round r ended for seat's opponents: a tsumo, a
// ron on another opponent, their wins and what those were worth.
func ending(r *game.Round, seat int, t *mc.OpponentTally) {
	res := r.Result()
	ronOpp, dealtIn := false, false
	for _, w := range res.Wins[:res.NumWins] {
		if int(w.Seat) == seat {
			t.SeatWon(r.InRiichi(seat), isOpen(r, seat), w.Tsumo)
			continue
		}
		dealtIn = dealtIn || (!w.Tsumo && int(w.From) == seat)
		t.Win(w.Score.Points)
		if w.Tsumo {
			t.Tsumo++
		} else if int(w.From) != seat {
			ronOpp = true
		}
	}
	if ronOpp {
		t.RonOpponent++
	}
	if dealtIn {
		c := r.Counts(seat)
		oppRiichi := false
		for j := range game.NumSeats {
			oppRiichi = oppRiichi || (j != seat && r.InRiichi(j))
		}
		t.DealIn[mc.DealInState(r.InRiichi(seat), hand.Shanten(&c) == 0, oppRiichi)]++
	}
}

// isOpen reports whether seat has called an open meld in r.
func isOpen(r *game.Round, seat int) bool {
	for _, m := range r.Melds(seat) {
		if m.Open() {
			return true
		}
	}
	return false
}

func (l *roundLog) reset() {
	l.discards, l.calls = l.discards[:0], l.calls[:0]
}

// Opponents is the opponents report: the same tallies of the rollouts
// and of the real rounds.
type Opponents struct {
	Engine mc.OpponentTally `json:"engine"`
	Real   mc.OpponentTally `json:"real"`
}
