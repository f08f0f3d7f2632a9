package data_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/internal/datatest"
	"github.com/mjrank/mjrank/data/mjai"
	"github.com/mjrank/mjrank/data/records"
	"github.com/mjrank/mjrank/data/tenhou6"
	"github.com/mjrank/mjrank/sim/observe"
)

// selfplayHidden reads testdata/selfplay.xml and the same game through
// mjai with every seat but 0 hidden.
func selfplayHidden(t *testing.T) (g, hidden *data.Game) {
	t.Helper()
	raw, err := os.ReadFile("testdata/selfplay.xml")
	if err != nil {
		t.Fatal(err)
	}
	g = readOne(t, raw, "selfplay.xml")
	mj, err := mjai.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	return g, readMjaiOne(t, datatest.HideMjai(t, mj, 0))
}

// readOne reads the single game of a record in any format.
func readOne(t *testing.T, b []byte, name string) *data.Game {
	t.Helper()
	r, _, err := records.NewReader(bytes.NewReader(b), name)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Next() {
		t.Fatalf("%s: %v", name, r.Err())
	}
	return r.Game()
}

// readMjaiOne reads the single game of an mjai log (whose re-marshalled
// lines do not start with "type", which format detection looks for).
func readMjaiOne(t *testing.T, b []byte) *data.Game {
	t.Helper()
	r := mjai.NewReader(bytes.NewReader(b), "hidden.mjson")
	if !r.Next() {
		t.Fatalf("hidden.mjson: %v", r.Err())
	}
	return r.Game()
}

// playEvents lists the indices of a round's events other than
// disconnections, which mjai does not record.
func playEvents(rd *data.Round) []int {
	var out []int
	for i, e := range rd.Events {
		if e.Type != data.EventBye && e.Type != data.EventReconnect {
			out = append(out, i)
		}
	}
	return out
}

func obsJSON(t *testing.T, g *data.Game, round, event, seat int) string {
	t.Helper()
	o, err := data.ObservationAt(g, round, event, seat)
	if err != nil {
		t.Fatalf("round %d event %d seat %d: %v", round, event, seat, err)
	}
	return jsonNoRules(t, o)
}

// jsonNoRules writes o as JSON without its rules.
func jsonNoRules(t *testing.T, o *observe.Observation) string {
	t.Helper()
	b, err := json.Marshal(o)
	if err != nil {
		t.Fatal(err)
	}
	// The rules of 2009 games come from the log id or the shuffle, which
	// the conversions drop; they are not what is compared here.
	// MarshalJSON writes the rules first.
	i := bytes.Index(b, []byte(`,"round":`))
	if i < 0 {
		t.Fatalf("no round in %s", b)
	}
	return string(b[i:])
}

// observationGames returns the self-play record and, unless -short, 12
// complete 4-player games spread over the corpus.
func observationGames(t *testing.T) []*data.Game {
	raw, err := os.ReadFile("testdata/selfplay.xml")
	if err != nil {
		t.Fatal(err)
	}
	games := []*data.Game{readOne(t, raw, "selfplay.xml")}
	if testing.Short() {
		return games
	}
	dir, files := datatest.Corpus(t)
	index := datatest.ReadIndex(t, dir)
	var picked []datatest.CorpusFile
	for _, cf := range files {
		if row := index[cf.Rel]; row.Complete && data.PlayersFromType(row.GoType) == 4 {
			picked = append(picked, cf)
		}
	}
	for i := range 12 {
		cf := picked[i*len(picked)/12]
		raw, err := os.ReadFile(cf.Path)
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, readOne(t, raw, cf.Rel))
	}
	return games
}

// TestObservationFormats builds every seat's observation after every event
// of each game from the record and from its tenhou.net/6 and mjai
// conversions, and from the mjai log as each seat sees it (the others'
// tiles "?"): all must be the same observation (equal JSON: the same faces
// and events). The hidden records' observations must determinize.
func TestObservationFormats(t *testing.T) {
	var compared, determinized int
	for gi, g := range observationGames(t) {
		mj, err := mjai.Marshal(g)
		if err != nil {
			t.Fatal(err)
		}
		t6, err := tenhou6.Marshal(g)
		if err != nil {
			t.Fatal(err)
		}
		conv := map[string]*data.Game{"mjai": readOne(t, mj, "x.mjson"), "tenhou6": readOne(t, t6, "x.json")}
		for seat := range 4 {
			conv[fmt.Sprintf("mjai hidden %d", seat)] = readMjaiOne(t, datatest.HideMjai(t, mj, seat))
		}
		for ri := range g.Rounds {
			want := playEvents(&g.Rounds[ri])
			at := map[string][]int{} // the play events of each conversion
			for name, h := range conv {
				at[name] = playEvents(&h.Rounds[ri])
				if got := len(at[name]); got != len(want) {
					t.Fatalf("%s %s: %s has %d events, want %d", g.Ref, g.Rounds[ri].Name(), name, got, len(want))
				}
			}
			for seat := range 4 {
				hidden := conv[fmt.Sprintf("mjai hidden %d", seat)]
				for j, ei := range want {
					if gi > 0 && j%5 != 0 && j != len(want)-1 {
						continue // every event of the self-play game, every 5th of the others
					}
					w := obsJSON(t, g, ri, ei, seat)
					for _, name := range []string{"mjai", "tenhou6", fmt.Sprintf("mjai hidden %d", seat)} {
						if got := obsJSON(t, conv[name], ri, at[name][j], seat); got != w {
							t.Fatalf("%s %s event %d seat %d: from %s\n%s\nwant\n%s", g.Ref, g.Rounds[ri].Name(), ei, seat, name, got, w)
						}
						compared++
					}
					if j%15 != 0 {
						continue
					}
					o, err := data.ObservationAt(hidden, ri, at[fmt.Sprintf("mjai hidden %d", seat)][j], seat)
					if err != nil {
						t.Fatal(err)
					}
					if _, err := o.Determinize(rand.New(rand.NewPCG(uint64(ri), uint64(j))), observe.DeterminizeOptions{}); err != nil {
						t.Errorf("%s %s event %d seat %d: hidden record: %v", g.Ref, g.Rounds[ri].Name(), ei, seat, err)
					}
					determinized++
				}
			}
		}
	}
	t.Logf("%d observations compared, %d determinized from hidden records", compared, determinized)
}

// sameEvent compares two observation events, a closed kan's tiles in any
// order (the engine takes them in hand order, records in their own).
func sameEvent(a, b observe.ObsEvent) bool {
	if a.Type == observe.ObsAnkan && b.Type == observe.ObsAnkan {
		slices.Sort(a.Meld.Tiles[:])
		slices.Sort(b.Meld.Tiles[:])
	}
	return a == b
}

// TestObserverReplay replays each game of observationGames through the
// engine with a observe.Observer fed after every record event, as the play
// loop's hooks feed it after every action. Every seat's live observation
// must always be a prefix, event for event, of the one ObservationAt
// builds from the record at the round's end; where ObservationAt at the
// event just replayed has as many events, the two must write the same
// JSON; at the round's end the live observation must write the JSON of
// ObservationAt on the record and on the mjai log as that seat sees it
// ("?" elsewhere).
func TestObserverReplay(t *testing.T) {
	var updates, prefixes, compared, hidden, doraFirst int
	for _, g := range observationGames(t) {
		mj, err := mjai.Marshal(g)
		if err != nil {
			t.Fatal(err)
		}
		var seen [4]*data.Game
		for seat := range 4 {
			seen[seat] = readMjaiOne(t, datatest.HideMjai(t, mj, seat))
		}
		var ob observe.Observer
		var final [4]*observe.Observation // each seat's observation of the round from the record
		var rep data.ReplayReport
		for st := range data.ReplaySteps(g, &rep) {
			rd, ri := st.Round, st.RoundIndex
			ei := st.Event - 1 // the event just replayed, as ObservationAt counts (-1: the deal)
			where := func() string { return fmt.Sprintf("%s %s event %d", g.Ref, rd.Name(), ei) }
			if st.Event == 0 {
				if err := ob.Start(st.Engine); err != nil {
					t.Fatalf("%s: %v", where(), err)
				}
				for seat := range 4 {
					if final[seat], err = data.ObservationAt(g, ri, len(rd.Events)-1, seat); err != nil {
						t.Fatal(err)
					}
				}
			} else if err := ob.Update(st.Engine); err != nil {
				t.Fatalf("%s: %v", where(), err)
			}
			updates++
			for seat := range 4 {
				live, want := ob.Observation(seat).Events(), final[seat].Events()
				if len(live) > len(want) {
					t.Fatalf("%s seat %d: %d events live, the record has %d", where(), seat, len(live), len(want))
				}
				for i := range live {
					if !sameEvent(live[i], want[i]) {
						t.Fatalf("%s seat %d: event %d live %v, record %v", where(), seat, i, live[i], want[i])
					}
				}
				prefixes++
				if st.Ended() {
					w := jsonNoRules(t, final[seat])
					if got := jsonNoRules(t, ob.Observation(seat)); got != w {
						t.Fatalf("%s seat %d: at the end live\n%s\nrecord\n%s", where(), seat, got, w)
					}
					h, err := data.ObservationAt(seen[seat], ri, len(seen[seat].Rounds[ri].Events)-1, seat)
					if err != nil {
						t.Fatal(err)
					}
					if got := jsonNoRules(t, h); got != w {
						t.Fatalf("%s seat %d: at the end the mjai log as the seat sees it gives\n%s\nlive\n%s", where(), seat, got, w)
					}
					hidden++
					evs := ob.Observation(seat).Events()
					for i := 1; i < len(evs); i++ {
						if evs[i-1].Type == observe.ObsDora && evs[i].Type == observe.ObsDiscard {
							doraFirst++
						}
					}
					continue
				}
				if ei < 0 || ei%7 != 0 {
					continue
				}
				at, err := data.ObservationAt(g, ri, ei, seat)
				if err != nil {
					t.Fatal(err)
				}
				if len(at.Events()) != len(live) {
					continue // a dora indicator logged before the discard that reveals it, or a riichi declaration
				}
				if got, w := jsonNoRules(t, ob.Observation(seat)), jsonNoRules(t, at); got != w {
					t.Fatalf("%s seat %d: live\n%s\nObservationAt\n%s", where(), seat, got, w)
				}
				compared++
			}
		}
		if rep.Err != nil {
			t.Fatal(rep.Err)
		}
		if len(rep.Mismatches) > 0 {
			t.Fatalf("%s: the replay disagrees with the record: %v", g.Ref, rep.Mismatches[0])
		}
	}
	t.Logf("%d updates; %d live observations checked as prefixes, %d compared with ObservationAt at the same event, %d at rounds' ends with the record as the seat sees it; %d discards after the indicator they reveal",
		updates, prefixes, compared, hidden, doraFirst)
	if doraFirst == 0 && !testing.Short() {
		t.Error("no open kan's indicator revealed by a discard")
	}
}

// TestObservationAtTsumogiriHidden: a hidden draw discarded at once keeps
// its tsumogiri flag, which only the format says.
func TestObservationAtTsumogiriHidden(t *testing.T) {
	g, h := selfplayHidden(t)
	n := 0
	for ri := range h.Rounds {
		for j, e := range h.Rounds[ri].Events {
			if e.Type != data.EventDiscard || e.Seat == 0 {
				continue
			}
			if want := g.Rounds[ri].Events[playEvents(&g.Rounds[ri])[j]]; e.Tsumogiri != want.Tsumogiri {
				t.Errorf("round %d event %d: tsumogiri %v, want %v", ri, j, e.Tsumogiri, want.Tsumogiri)
			}
			if e.Tsumogiri {
				n++
			}
		}
	}
	if n == 0 {
		t.Error("no hidden tsumogiri")
	}
}

// observationAtErr is a call of ObservationAt that must fail with an
// error naming want, wrapping wantErr unless it is nil.
type observationAtErr struct {
	name               string
	g                  *data.Game
	round, event, seat int
	want               string
	wantErr            error
}

// checkObservationAtErrs runs each case as a subtest.
func checkObservationAtErrs(t *testing.T, cases []observationAtErr) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := data.ObservationAt(c.g, c.round, c.event, c.seat)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want an error with %q", err, c.want)
			}
			if c.wantErr != nil && !errors.Is(err, c.wantErr) {
				t.Errorf("%v does not wrap %v", err, c.wantErr)
			}
		})
	}
}

func TestObservationAtErrors(t *testing.T) {
	g, hidden := selfplayHidden(t)
	sanma := *g
	sanma.Players = 3
	checkObservationAtErrs(t, []observationAtErr{
		{"round", g, 9, 0, 0, "round 9 of 5", nil},
		{"event", g, 0, 1000, 0, "event 1000 of", nil},
		{"event before the deal", g, 0, -2, 0, "event -2 of", nil},
		{"seat", g, 0, 0, 4, "seat 4", nil},
		{"hidden hand", hidden, 0, 0, 1, "dealt tile 0: invalid tile id 255", observe.ErrObservation},
		{"a 4-player record called 3-player", &sanma, 0, 0, 0, "seat 3 is empty with three players", observe.ErrObservation},
	})
}
