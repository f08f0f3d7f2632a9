package observe_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/internal/shareddata"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/observe"
	"github.com/mjrank/mjrank/sim/tile"
)

// TestSanmaObserverCorpus feeds an Observer the replay of real 3-player
// Tenhou games (60 of the corpus sample, 8 under -short, all of them with
// MJRANK_CORPUS=full), step by step
// through data.ReplaySteps: after every record event each of the three
// observations agrees with the engine's round (sameSanma: hands, rivers,
// melds, Norths set aside, scores, the wall left, the 108 tiles), and at
// every 5th decision a determinization from the deciding seat's
// observation, under varied options, keeps every public fact, passes the
// invariants on a three-player wall, keeps riichi and forced hands as
// asked, reads back from JSON and comes out the same from the same seed.
// (data's TestSanmaDecisionObservations checks data.ObservationAt against
// the same Observer.)
func TestSanmaObserverCorpus(t *testing.T) {
	n := 60
	switch {
	case shareddata.FullCorpus():
		n = 1 << 30
	case testing.Short():
		n = 8
	}
	games := corpusGamesOf(t, n, 3)
	if len(games) == 0 {
		t.Fatal("no 3-player game in the corpus sample")
	}
	var steps, kitas, decisions, positions, riichiHands int
	for gi, g := range games {
		var ob observe.Observer
		var rep data.ReplayReport
		var failed error
		for st := range data.ReplaySteps(g, &rep) {
			if failed != nil {
				break
			}
			steps++
			if failed = sanmaCorpusStep(&ob, st); failed != nil {
				failed = fmt.Errorf("%s %s event %d: %w", g.Ref, st.Round.Name(), st.Event, failed)
				break
			}
			if st.Event == 0 || st.Ended() {
				continue
			}
			if e := st.Round.Events[st.Event-1]; e.Type == data.EventKita {
				kitas++
			}
			for seat := range 3 {
				if !decisionAt(st.Round, st.Event-1, st.Engine, seat) {
					continue
				}
				if decisions++; decisions%5 != 0 {
					continue
				}
				positions++
				seed := uint64(gi)<<32 | uint64(decisions)
				if err := sanmaCorpusDeterminize(ob.Observation(seat), st.Engine, seed, &riichiHands); err != nil {
					failed = fmt.Errorf("%s %s event %d seat %d: %w", g.Ref, st.Round.Name(), st.Event-1, seat, err)
					break
				}
			}
		}
		if failed != nil {
			t.Fatal(failed)
		}
		if rep.Err != nil || len(rep.Mismatches) > 0 {
			t.Fatalf("%s: replay: %v %v", g.Ref, rep.Err, rep.Mismatches)
		}
	}
	t.Logf("%d games, %d steps, %d kitas, %d decisions, %d determinized (%d riichi hands)", len(games), steps, kitas, decisions, positions, riichiHands)
	if kitas == 0 || riichiHands == 0 {
		t.Errorf("no kita or no riichi hand in %d games", len(games))
	}
}

// sanmaCorpusStep feeds ob the replay step st and compares the three
// observations with the engine's round.
func sanmaCorpusStep(ob *observe.Observer, st *data.ReplayStep) error {
	r := st.Engine
	if st.Event == 0 && !st.Ended() {
		if err := ob.Start(r); err != nil {
			return err
		}
	} else if err := ob.Update(r); err != nil {
		return err
	}
	if r.Phase() == game.PhaseEnd {
		return nil // wins and draws are not events
	}
	for s := range 3 {
		if err := observe.SameSanma(ob.Observation(s), r); err != nil {
			return fmt.Errorf("seat %d: %w", s, err)
		}
	}
	if ob.Observation(3) != nil {
		return fmt.Errorf("an observation for seat 3")
	}
	return nil
}

// sanmaCorpusDeterminize determinizes o under options varied by seed and
// checks the round against real.
func sanmaCorpusDeterminize(o *observe.Observation, real *game.Round, seed uint64, riichiHands *int) error {
	seat := o.Seat()
	opt := corpusOptions(rand.New(rand.NewPCG(seed, 1)), o, int(seed))
	det, err := o.Determinize(rand.New(rand.NewPCG(seed, 2)), opt)
	if err != nil {
		return err
	}
	if err := observe.SamePublic(det, real, seat); err != nil {
		return err
	}
	total := 1000 * real.Sticks()
	for _, s := range real.Scores() {
		total += s
	}
	// Sticks put down this round are in the scores already.
	if err := observe.CheckInvariants(det, total); err != nil {
		return fmt.Errorf("invariants: %w", err)
	}
	if !det.Wall().ValidFor(3) {
		return fmt.Errorf("not a three-player wall")
	}
	for s := range 3 {
		if det.Kita(s) != real.Kita(s) {
			return fmt.Errorf("seat %d: %d Norths set aside, real %d", s, det.Kita(s), real.Kita(s))
		}
		if s == seat {
			continue
		}
		switch {
		case det.InRiichi(s):
			*riichiHands++
			if det.Waits(s) == 0 {
				return fmt.Errorf("seat %d in riichi is not tenpai: %s", s, tile.Format(det.Hand(s)))
			}
		case opt.Tenpai[s] == observe.TenpaiForced && det.Waits(s) == 0:
			return fmt.Errorf("seat %d forced tenpai is not: %s", s, tile.Format(det.Hand(s)))
		case opt.Tenpai[s] == observe.NotenForced && det.Waits(s) != 0:
			return fmt.Errorf("seat %d forced noten is tenpai: %s", s, tile.Format(det.Hand(s)))
		}
	}
	if err := jsonRoundTrip(o); err != nil {
		return err
	}
	again, err := o.Determinize(rand.New(rand.NewPCG(seed, 2)), opt)
	if err != nil || *again.Wall() != *det.Wall() {
		return fmt.Errorf("the same seed gave another wall (%v)", err)
	}
	return nil
}
