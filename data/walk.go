package data

import (
	"iter"

	"github.com/mjrank/mjrank/sim/game"
)

// A ReplayStep is one point of a replay ([ReplaySteps]): the engine's round
// just before event Event of the record's round, or, at the round's end,
// after its last event.
type ReplayStep struct {
	RoundIndex int    // the round's index in Game.Rounds
	Round      *Round // the record's round
	// Event is the index in Round.Events of the event about to be applied:
	// 0 at the round's start, len(Round.Events) at its end.
	Event int
	// Engine is the engine's round, with full information: give a player
	// only its game.View. It is the replay's own, valid until the loop
	// moves on (copy it to keep it) and never to be modified.
	Engine *game.Round
	ended  bool
}

// Ended reports whether the step is the round's end: every event applied
// and the result compared with the record.
func (s *ReplayStep) Ended() bool { return s.ended }

// NextEvent returns the event about to be applied, the one the step's
// position is before; false at the round's end.
func (s *ReplayStep) NextEvent() (Event, bool) {
	if s.Event >= len(s.Round.Events) {
		return Event{}, false
	}
	return s.Round.Events[s.Event], true
}

// LastEvent returns the event applied last, the one the step's position is
// after; false at the round's start.
func (s *ReplayStep) LastEvent() (Event, bool) {
	if s.Event == 0 {
		return Event{}, false
	}
	return s.Round.Events[s.Event-1], true
}

// ReplaySteps replays g as [Replay] does, reporting into rep, and yields
// the engine's round at every step: the start of each round (Event 0),
// before each later event of it, and the round's end. A round in which the
// engine refuses a recorded action ends there without an end step (rep
// says why) and the next round starts from the record; a record that
// cannot be replayed at all stops the walk with rep.Err set. Leaving the
// loop early stops the replay there, its checks unfinished.
//
// The walk yields one step value, updated in place: keep st.Engine's round
// by copying it (r := *st.Engine), not the pointer.
func ReplaySteps(g *Game, rep *ReplayReport) iter.Seq[*ReplayStep] {
	return func(yield func(*ReplayStep) bool) {
		if err := replayUnder(g, g.EngineRules(), rep, yield); err != nil {
			rep.Err = err
		}
	}
}

// ReplayDecisions replays g as [ReplaySteps] does and yields every
// decision the record shows ([ReplayStep.Decisions]) with the step just
// before its event, in the record's order.
func ReplayDecisions(g *Game, rep *ReplayReport) iter.Seq2[*ReplayStep, Decision] {
	return func(yield func(*ReplayStep, Decision) bool) {
		var decs []Decision
		for st := range ReplaySteps(g, rep) {
			decs = st.Decisions(decs[:0])
			for _, d := range decs {
				if !yield(st, d) {
					return
				}
			}
		}
	}
}
