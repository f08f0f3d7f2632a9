package mjai_test

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/internal/datatest"
	"github.com/mjrank/mjrank/data/mjai"
	"github.com/mjrank/mjrank/data/tenhou6"
	"github.com/mjrank/mjrank/sim/tile"
)

// sanmaGame reads the hand-made 3-player game of data/tenhou6/testdata
// (E1: a kita, a pon and a ron; E2: the dealer's kita robbed by a
// kokushi ron, a bust).
func sanmaGame(t testing.TB) *data.Game {
	t.Helper()
	raw, err := os.ReadFile("../tenhou6/testdata/sanma.json")
	if err != nil {
		t.Fatal(err)
	}
	r := tenhou6.NewReader(bytes.NewReader(raw), "sanma.json")
	if !r.Next() {
		t.Fatal(r.Err())
	}
	return r.Game()
}

// sanmaLog is the mjai log of sanmaGame.
func sanmaLog(t testing.TB) string {
	t.Helper()
	b, err := mjai.Marshal(sanmaGame(t))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// readMjai reads the one game of an mjai log.
func readMjai(t *testing.T, in, name string) *data.Game {
	t.Helper()
	r := mjai.NewReader(strings.NewReader(in), name)
	if !r.Next() {
		t.Fatalf("%s: %v\n%s", name, r.Err(), in)
	}
	return r.Game()
}

// TestMjaiSanma writes a 3-player game in the convention of the 3-player
// forks of Mortal (three names, scores, tehais and deltas; nukidora before
// the replacement draw) and reads it back: with mjrank's extensions, as
// the forks write it (without them), and with kita for nukidora.
func TestMjaiSanma(t *testing.T) {
	g := sanmaGame(t)
	log := sanmaLog(t)
	for _, want := range []string{
		`{"type":"start_game","names":["A","B","C"],`,
		`"scores":[35000,35000,35000],"tehais":[[`,
		`{"type":"nukidora","actor":1,"pai":"N"}` + "\n" + `{"type":"tsumo","actor":1,"pai":"P"}`,
		`{"type":"hora","actor":2,"target":1,"pai":"6p","deltas":[0,-8000,8000],`,
		`{"type":"nukidora","actor":1,"pai":"N"}` + "\n" + `{"type":"hora","actor":0,"target":1,"pai":"N","deltas":[32000,-32000,0],`,
		`{"type":"end_game","scores":[67000,-5000,43000],"rank_pt":[62,-65,3]}`,
	} {
		if !strings.Contains(log, want) {
			t.Errorf("the log lacks %s:\n%s", want, log)
		}
	}
	opts := datatest.CmpOpts{Header: true, FuLimit: true, NagashiHands: true}
	for _, c := range []struct{ name, in string }{
		{"as written", log},
		{"kita for nukidora", strings.ReplaceAll(log, `"nukidora"`, `"kita"`)},
	} {
		h := readMjai(t, c.in, c.name)
		if d := datatest.CompareGames(g, h, opts); len(d) > 0 {
			t.Errorf("%s: read back differs:\n%s", c.name, strings.Join(d, "\n"))
		}
		if err := h.Check(); err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
		if b, err := mjai.Marshal(h); err != nil || string(b) != log {
			t.Errorf("%s: second write differs (%v)", c.name, err)
		}
	}
	// As the forks write it: no tenhou_type, so three names make the
	// game a 3-player one.
	plain := string(stripExtensions(t, []byte(log)))
	h := readMjai(t, plain, "plain")
	if h.Players != 3 || h.Rules.Type != g.Rules.TenhouType(3) {
		t.Errorf("plain log: Players %d, type %#x", h.Players, h.Rules.Type)
	}
	for i := range g.Rounds {
		a, b := datatest.EventKeys(&g.Rounds[i], datatest.CmpOpts{}), datatest.EventKeys(&h.Rounds[i], datatest.CmpOpts{})
		if strings.Join(a, "\n") != strings.Join(b, "\n") {
			t.Errorf("plain log, round %d: events differ:\n%v\n%v", i+1, a, b)
		}
	}
}

// TestMjaiSanmaErrors checks that bad 3-player input is a clear error at
// the line it is on.
func TestMjaiSanmaErrors(t *testing.T) {
	good := sanmaLog(t)
	lineOf := func(in, s string) int { return strings.Count(in[:strings.Index(in, s)], "\n") + 1 }
	const kita = `{"type":"nukidora","actor":1,"pai":"N"}`
	for _, c := range []struct {
		name, old, new string
		want           error
		msg            string
	}{
		{"fourth tehai", `"scores":[35000,35000,35000],"tehais":[`, `"scores":[35000,35000,35000],"tehais":[["1m","1m","1m","9m","9m","9m","1p","1p","1p","2p","2p","2p","3p"],`, data.ErrBadValue, "three scores and three tehais"},
		{"fourth score", `"scores":[35000,35000,35000],`, `"scores":[35000,35000,35000,0],`, data.ErrBadValue, "three scores"},
		{"fourth seat acts", kita, `{"type":"nukidora","actor":3,"pai":"N"}`, data.ErrBadValue, "actor 3 in a 3-player game"},
		{"four deltas", `"deltas":[0,-8000,8000]`, `"deltas":[0,-8000,8000,0]`, data.ErrBadValue, "want three deltas"},
		{"nukidora without a North", kita, `{"type":"nukidora","actor":2,"pai":"N"}`, data.ErrInconsistent, "seat 2 has no 4z"},
		{"nukidora of another tile", kita, `{"type":"nukidora","actor":1,"pai":"P"}`, data.ErrBadValue, "kita of 5z, not a North"},
		{"pon of a nukidora", kita + "\n", kita + "\n" + `{"type":"pon","actor":2,"target":1,"pai":"N","consumed":["N","N"]}` + "\n", data.ErrInconsistent, "pon of a kita"},
		{"chi", `{"type":"pon","actor":1,"target":0,"pai":"S","consumed":["S","S"]}`, `{"type":"chi","actor":1,"target":0,"pai":"S","consumed":["S","S"]}`, data.ErrBadValue, "chi in a 3-player game"},
		{"2m", `"tehais":[["1p"`, `"tehais":[["2m"`, data.ErrBadValue, "2m in a 3-player game"},
		{"fourth name", `"names":["A","B","C"]`, `"names":["A","B","C","D"]`, data.ErrBadValue, "4 names in a 3-player game"},
	} {
		t.Run(c.name, func(t *testing.T) {
			in := strings.Replace(good, c.old, c.new, 1)
			if in == good {
				t.Fatalf("%s not in the log", c.old)
			}
			r := mjai.NewReader(strings.NewReader(in), "x.mjson")
			for r.Next() {
			}
			var pe *data.ParseError
			err := r.Err()
			if !errors.Is(err, c.want) || !errors.As(err, &pe) || !strings.Contains(err.Error(), c.msg) {
				t.Fatalf("got %v, want %v saying %q", err, c.want, c.msg)
			}
			if want := lineOf(in, c.new); pe.Line < want || pe.Line > want+strings.Count(c.new, "\n") {
				t.Errorf("%v: line %d, want %d", err, pe.Line, want)
			}
		})
	}
	// A kita in a 4-player game.
	raw, err := os.ReadFile("../testdata/selfplay.json")
	if err != nil {
		t.Fatal(err)
	}
	r := tenhou6.NewReader(bytes.NewReader(raw), "selfplay.json")
	if !r.Next() {
		t.Fatal(r.Err())
	}
	b, err := mjai.Marshal(r.Game())
	if err != nil {
		t.Fatal(err)
	}
	in := strings.Replace(string(b), `{"type":"tsumo","actor":0,"pai":"N"}`+"\n", `{"type":"tsumo","actor":0,"pai":"N"}`+"\n"+`{"type":"nukidora","actor":0,"pai":"N"}`+"\n", 1)
	if in == string(b) {
		t.Fatal("no North drawn by seat 0 in the 4-player sample")
	}
	mr := mjai.NewReader(strings.NewReader(in), "four.mjson")
	for mr.Next() {
	}
	if err := mr.Err(); !errors.Is(err, data.ErrBadValue) || !strings.Contains(err.Error(), "kita in a 4-player game") {
		t.Errorf("a nukidora in a 4-player game: %v", err)
	}
}

// TestMjaiSanmaHidden reads each seat's view of the 3-player log (the
// others' dealt tiles and draws "?"): the others' kita still set aside a
// North, and the game keeps its results.
func TestMjaiSanmaHidden(t *testing.T) {
	g := sanmaGame(t)
	b, err := mjai.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	for seat := range 3 {
		h := readMjai(t, string(datatest.HideMjai(t, b, seat)), "hidden")
		kita := 0
		for i := range h.Rounds {
			rd := &h.Rounds[i]
			if !rd.Hands[seat][0].Valid() || rd.Hands[(seat+1)%3][0].Valid() || rd.Hands[3][0].Valid() {
				t.Errorf("seat %d's view, %s: hands %v", seat, rd.Name(), rd.Hands)
			}
			for _, e := range rd.Events {
				if e.Type == data.EventKita {
					kita++
					if e.Tile.Kind() != tile.North {
						t.Errorf("seat %d's view: %v", seat, e)
					}
				}
			}
			for j, a := range rd.Agari {
				if w := g.Rounds[i].Agari[j]; a.Who != w.Who || a.From != w.From || a.Deltas != w.Deltas {
					t.Errorf("seat %d's view, %s: win %+v, want %+v", seat, rd.Name(), a, w)
				}
			}
		}
		if kita != 2 {
			t.Errorf("seat %d's view: %d kita, want 2", seat, kita)
		}
	}
}
