package data

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/sim/game"
)

// hideMjai rewrites an mjai log as seat sees it: the other seats' dealt
// tiles and draws, and the hands shown at a draw, become "?".
func hideMjai(t *testing.T, b []byte, seat int) []byte {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	for i, l := range lines {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		switch m["type"] {
		case "start_kyoku", "ryukyoku":
			th, _ := m["tehais"].([]any)
			for s := range th {
				if s == seat {
					continue
				}
				hs := th[s].([]any)
				for j := range hs {
					hs[j] = "?"
				}
			}
		case "tsumo":
			if int(m["actor"].(float64)) != seat {
				m["pai"] = "?"
			}
		}
		nb, err := json.Marshal(m)
		if err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		lines[i] = string(nb)
	}
	return []byte(strings.Join(lines, "\n") + "\n")
}

// selfplayHidden reads testdata/selfplay.xml and the same game through
// mjai with every seat but 0 hidden.
func selfplayHidden(t *testing.T) (g, hidden *Game) {
	t.Helper()
	raw, err := os.ReadFile("testdata/selfplay.xml")
	if err != nil {
		t.Fatal(err)
	}
	g = readOne(t, raw, "selfplay.xml")
	mj, err := MarshalMjai(g)
	if err != nil {
		t.Fatal(err)
	}
	return g, readMjaiOne(t, hideMjai(t, mj, 0))
}

// readOne reads the single game of a record in any format.
func readOne(t *testing.T, b []byte, name string) *Game {
	t.Helper()
	r, _, err := NewReader(bytes.NewReader(b), name)
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
func readMjaiOne(t *testing.T, b []byte) *Game {
	t.Helper()
	r := NewMjaiReader(bytes.NewReader(b), "hidden.mjson")
	if !r.Next() {
		t.Fatalf("hidden.mjson: %v", r.Err())
	}
	return r.Game()
}

// playEvents lists the indices of a round's events other than
// disconnections, which mjai does not record.
func playEvents(rd *Round) []int {
	var out []int
	for i, e := range rd.Events {
		if e.Type != EventBye && e.Type != EventReconnect {
			out = append(out, i)
		}
	}
	return out
}

func obsJSON(t *testing.T, g *Game, round, event, seat int) string {
	t.Helper()
	o, err := ObservationAt(g, round, event, seat)
	if err != nil {
		t.Fatalf("round %d event %d seat %d: %v", round, event, seat, err)
	}
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
func observationGames(t *testing.T) []*Game {
	raw, err := os.ReadFile("testdata/selfplay.xml")
	if err != nil {
		t.Fatal(err)
	}
	games := []*Game{readOne(t, raw, "selfplay.xml")}
	if testing.Short() {
		return games
	}
	dir, files := corpus(t)
	index := readIndex(t, dir)
	var picked []corpusFile
	for _, cf := range files {
		if row := index[cf.rel]; row.complete && PlayersFromType(row.goType) == 4 {
			picked = append(picked, cf)
		}
	}
	for i := range 12 {
		cf := picked[i*len(picked)/12]
		raw, err := os.ReadFile(cf.path)
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, readOne(t, raw, cf.rel))
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
		mj, err := MarshalMjai(g)
		if err != nil {
			t.Fatal(err)
		}
		t6, err := MarshalTenhou6(g)
		if err != nil {
			t.Fatal(err)
		}
		conv := map[string]*Game{"mjai": readOne(t, mj, "x.mjson"), "tenhou6": readOne(t, t6, "x.json")}
		for seat := range 4 {
			conv[fmt.Sprintf("mjai hidden %d", seat)] = readMjaiOne(t, hideMjai(t, mj, seat))
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
					o, err := ObservationAt(hidden, ri, at[fmt.Sprintf("mjai hidden %d", seat)][j], seat)
					if err != nil {
						t.Fatal(err)
					}
					if _, err := o.Determinize(rand.New(rand.NewPCG(uint64(ri), uint64(j))), game.DeterminizeOptions{}); err != nil {
						t.Errorf("%s %s event %d seat %d: hidden record: %v", g.Ref, g.Rounds[ri].Name(), ei, seat, err)
					}
					determinized++
				}
			}
		}
	}
	t.Logf("%d observations compared, %d determinized from hidden records", compared, determinized)
}

// TestObservationAtTsumogiriHidden: a hidden draw discarded at once keeps
// its tsumogiri flag, which only the format says.
func TestObservationAtTsumogiriHidden(t *testing.T) {
	g, h := selfplayHidden(t)
	n := 0
	for ri := range h.Rounds {
		for j, e := range h.Rounds[ri].Events {
			if e.Type != EventDiscard || e.Seat == 0 {
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

func TestObservationAtErrors(t *testing.T) {
	g, hidden := selfplayHidden(t)
	sanma := *g
	sanma.Players = 3
	for _, c := range []struct {
		name                string
		g                   *Game
		round, event, seat  int
		want                string
		wantErr, wantGameOK error
	}{
		{"round", g, 9, 0, 0, "round 9 of 5", nil, nil},
		{"event", g, 0, 1000, 0, "event 1000 of", nil, nil},
		{"event before the deal", g, 0, -2, 0, "event -2 of", nil, nil},
		{"seat", g, 0, 0, 4, "seat 4", nil, nil},
		{"hidden hand", hidden, 0, 0, 1, "dealt tile 0: invalid tile id 255", game.ErrObservation, nil},
		{"3 players", &sanma, 0, 0, 0, "not a 4-player game", ErrNotFourPlayer, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := ObservationAt(c.g, c.round, c.event, c.seat)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want an error with %q", err, c.want)
			}
			if c.wantErr != nil && !errors.Is(err, c.wantErr) {
				t.Errorf("%v does not wrap %v", err, c.wantErr)
			}
		})
	}
}
