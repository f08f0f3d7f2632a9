package observe_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/records"
	"github.com/mjrank/mjrank/internal/shareddata"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/observe"
	"github.com/mjrank/mjrank/sim/tile"
)

// corpusGames reads n complete 4-player games of the corpus tests' files
// (shareddata.Corpus), spread evenly over them (every source).
func corpusGames(t testing.TB, n int) []*data.Game { return corpusGamesOf(t, n, 4) }

// corpusGamesOf reads n complete games of the number of players as
// corpusGames does (fewer if the corpus holds fewer).
func corpusGamesOf(t testing.TB, n, players int) []*data.Game {
	t.Helper()
	dir, chosen := shareddata.CorpusSet(t)
	f, err := os.Open(filepath.Join(dir, "INDEX.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var paths []string
	sc := bufio.NewScanner(f)
	sc.Scan() // header
	for sc.Scan() {
		c := strings.Split(sc.Text(), "\t")
		if len(c) < 8 || c[7] != "1" || !chosen[c[0]] {
			continue
		}
		typ, err := strconv.Atoi(c[2])
		if err != nil || data.PlayersFromType(typ) != players {
			continue
		}
		paths = append(paths, c[0])
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	var games []*data.Game
	n = min(n, len(paths))
	for i := range n {
		p := paths[i*len(paths)/n]
		raw, err := os.ReadFile(filepath.Join(dir, p))
		if err != nil {
			t.Fatal(err)
		}
		r, _, err := records.NewReader(strings.NewReader(string(raw)), p)
		if err != nil {
			t.Fatal(err)
		}
		if !r.Next() {
			t.Fatalf("%s: %v", p, r.Err())
		}
		games = append(games, r.Game())
	}
	return games
}

// decisionAt reports whether the record's event ei (just replayed into r)
// leaves seat a decision: its own draw or chi/pon, or a discard or added
// kan the engine asks it to answer.
func decisionAt(rd *data.Round, ei int, r *game.Round, seat int) bool {
	if ei < 0 {
		return false
	}
	e := rd.Events[ei]
	switch e.Type {
	case data.EventDraw:
		return int(e.Seat) == seat
	case data.EventCall:
		if int(e.Seat) == seat && !e.Meld.Type.IsKan() {
			return true
		}
	case data.EventDiscard:
	default:
		return false
	}
	return (r.Phase() == game.PhaseCall || r.Phase() == game.PhaseChankan) && r.MustAnswer(seat)
}

// jsonRoundTrip checks that obs reads back from its JSON form as the same
// observation up to the ids of plain copies: the same JSON, the same hand,
// rivers and melds by face.
func jsonRoundTrip(obs *observe.Observation) error {
	b, err := json.Marshal(obs)
	if err != nil {
		return err
	}
	back, err := observe.ParseObservation(b)
	if err != nil {
		return fmt.Errorf("reading back %s: %v", b, err)
	}
	b2, err := json.Marshal(back)
	if err != nil {
		return err
	}
	if string(b) != string(b2) {
		return fmt.Errorf("JSON round trip:\n%s\n%s", b, b2)
	}
	if obs.Counts() != back.Counts() || obs.Scores() != back.Scores() || obs.LiveRemaining() != back.LiveRemaining() || obs.Unseen() != back.Unseen() {
		return fmt.Errorf("JSON round trip: state differs")
	}
	return nil
}

// corpusOptions varies the options by position: the default; tenpai and
// noten forced at random; a weight that favours many waits.
func corpusOptions(rng *rand.Rand, obs *observe.Observation, k int) observe.DeterminizeOptions {
	var opt observe.DeterminizeOptions
	switch k % 3 {
	case 1:
		for s := range game.NumSeats {
			if s == obs.Seat() || obs.InRiichi(s) {
				continue
			}
			opt.Tenpai[s] = observe.TenpaiState(rng.IntN(3))
			if opt.Tenpai[s] == observe.NotenForced && obs.Concealed(s) < 4 {
				opt.Tenpai[s] = observe.TenpaiForced
			}
		}
	case 2:
		for s := range game.NumSeats {
			if s != obs.Seat() && !obs.InRiichi(s) && rng.IntN(2) == 0 {
				opt.Tenpai[s] = observe.TenpaiForced
			}
		}
		opt.WaitWeight = func(_ int, w tile.KindSet) float64 { return float64(w.Len() * w.Len()) }
	}
	return opt
}

// TestDeterminizeCorpus determinizes every 10th decision of 100 real games
// (10 under -short) from the deciding seat's observation: the round must
// replay, keep the seat's hand and every public fact of the real round,
// pass the invariants, give riichi and forced seats tenpai hands (forced
// noten ones noten), and come out the same from the same seed.
func TestDeterminizeCorpus(t *testing.T) {
	n := 100
	if testing.Short() {
		n = 10
	}
	games := corpusGames(t, n)
	var positions, riichiHands, forced, decisions int
	// Riichi hands waiting on a kind of their own river, and on a kind
	// passed since the declaration: determinized [0] and real [1].
	var riichiFuriten, riichiPassed, riichiPassedFuriten [2]int
	var elapsed time.Duration
	for gi, g := range games {
		var failed bool
		// observe checks the decisions at the step after event ei.
		observe := func(st *data.ReplayStep) {
			if failed || st.Event == 0 || st.Ended() {
				return
			}
			rd, ri, ei, real := st.Round, st.RoundIndex, st.Event-1, st.Engine
			for seat := range game.NumSeats {
				if !decisionAt(rd, ei, real, seat) {
					continue
				}
				decisions++
				if decisions%10 != 0 {
					continue
				}
				where := fmt.Sprintf("%s %s event %d seat %d", g.Ref, rd.Name(), ei, seat)
				obs, err := data.ObservationAt(g, ri, ei, seat)
				if err != nil {
					t.Errorf("%s: %v", where, err)
					failed = true
					return
				}
				seed := uint64(gi)<<32 | uint64(decisions)
				opt := corpusOptions(rand.New(rand.NewPCG(seed, 1)), obs, decisions/10)
				start := time.Now()
				det, err := obs.Determinize(rand.New(rand.NewPCG(seed, 2)), opt)
				elapsed += time.Since(start)
				if err != nil {
					t.Errorf("%s: %v", where, err)
					failed = true
					return
				}
				positions++
				if err := observe.SamePublic(det, real, seat); err != nil {
					t.Errorf("%s: %v", where, err)
				}
				total := 1000 * rd.Sticks
				for _, s := range rd.Scores {
					total += s
				}
				if err := observe.CheckInvariants(det, total); err != nil {
					t.Errorf("%s: invariants: %v", where, err)
				}
				for s := range game.NumSeats {
					if s == seat {
						continue
					}
					switch {
					case det.InRiichi(s):
						riichiHands++
						if det.Waits(s) == 0 {
							t.Errorf("%s: seat %d in riichi is not tenpai: %s", where, s, tile.Format(det.Hand(s)))
						}
						var river tile.KindSet
						for _, d := range obs.River(s) {
							river = river.Add(d.Tile.Kind())
						}
						passed := obs.PassedSinceRiichi(s)
						for i, w := range [2]tile.KindSet{det.Waits(s), real.Waits(s)} {
							if w&river != 0 {
								riichiFuriten[i]++
							}
							if w&passed != 0 {
								riichiPassed[i]++
								if w&river != 0 {
									riichiPassedFuriten[i]++
								}
							}
						}
					case opt.Tenpai[s] == observe.TenpaiForced:
						forced++
						if det.Waits(s) == 0 {
							t.Errorf("%s: seat %d forced tenpai is not: %s", where, s, tile.Format(det.Hand(s)))
						}
					case opt.Tenpai[s] == observe.NotenForced:
						forced++
						if det.Waits(s) != 0 {
							t.Errorf("%s: seat %d forced noten is tenpai: %s", where, s, tile.Format(det.Hand(s)))
						}
					}
				}
				if err := jsonRoundTrip(obs); err != nil {
					t.Errorf("%s: %v", where, err)
				}
				again, err := obs.Determinize(rand.New(rand.NewPCG(seed, 2)), opt)
				if err != nil || *again.Wall() != *det.Wall() {
					t.Errorf("%s: the same seed gave another wall (%v)", where, err)
				}
			}
		}
		var rep data.ReplayReport
		for st := range data.ReplaySteps(g, &rep) {
			observe(st)
		}
		if rep.Err != nil {
			t.Fatalf("%s: %v", g.Ref, rep.Err)
		}
		if len(rep.Mismatches) > 0 {
			t.Fatalf("%s: replay mismatches %v", g.Ref, rep.Mismatches)
		}
	}
	t.Logf("%d games, %d decisions, %d determinized (%d riichi hands, %d forced); %v per determinization",
		len(games), decisions, positions, riichiHands, forced, elapsed/time.Duration(max(positions, 1)))
	t.Logf("riichi hands waiting on their own river: %d determinized, %d real; on a kind passed since the declaration: %d determinized, %d real (%d of them furiten), of %d",
		riichiFuriten[0], riichiFuriten[1], riichiPassed[0], riichiPassed[1], riichiPassedFuriten[1], riichiHands)
	if 100*riichiFuriten[0] > riichiHands || 100*riichiPassed[0] > riichiHands {
		t.Errorf("more than 1 %% of the riichi hands furiten or waiting on a passed kind")
	}
	if positions < decisions/10 {
		t.Errorf("only %d positions of %d decisions", positions, decisions)
	}
}

// corpusObservations returns the observations at every 10th decision of n
// corpus games.
func corpusObservations(b *testing.B, n int) []*observe.Observation {
	var out []*observe.Observation
	decisions := 0
	for _, g := range corpusGames(b, n) {
		var rep data.ReplayReport
		for st := range data.ReplaySteps(g, &rep) {
			if st.Event == 0 || st.Ended() {
				continue
			}
			ei := st.Event - 1 // the event just replayed
			for seat := range game.NumSeats {
				if !decisionAt(st.Round, ei, st.Engine, seat) {
					continue
				}
				if decisions++; decisions%10 != 0 {
					continue
				}
				obs, err := data.ObservationAt(g, st.RoundIndex, ei, seat)
				if err != nil {
					b.Fatal(err)
				}
				out = append(out, obs)
			}
		}
		if rep.Err != nil {
			b.Fatal(rep.Err)
		}
	}
	return out
}

// BenchmarkDeterminizeCorpus determinizes real positions (every 10th
// decision of 20 games spread over the corpus) into one round, with the
// default options: riichi opponents get constructed tenpai hands.
func BenchmarkDeterminizeCorpus(b *testing.B) {
	obs := corpusObservations(b, 20)
	rng := rand.New(rand.NewPCG(1, 2))
	var r game.Round
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if err := obs[i%len(obs)].DeterminizeInto(&r, rng, observe.DeterminizeOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDeterminizeCorpusTenpai forces every opponent tenpai: three
// constructed hands per determinization.
func BenchmarkDeterminizeCorpusTenpai(b *testing.B) {
	obs := corpusObservations(b, 20)
	rng := rand.New(rand.NewPCG(1, 2))
	opt := observe.DeterminizeOptions{Tenpai: [4]observe.TenpaiState{observe.TenpaiForced, observe.TenpaiForced, observe.TenpaiForced, observe.TenpaiForced}}
	var r game.Round
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if err := obs[i%len(obs)].DeterminizeInto(&r, rng, opt); err != nil {
			b.Fatal(err)
		}
	}
}
