package mjai_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/internal/datatest"
	"github.com/mjrank/mjrank/data/mjai"
	"github.com/mjrank/mjrank/data/records"
	"github.com/mjrank/mjrank/data/tenhou6"
)

// stripExtensions removes mjrank's extension fields from an mjai log,
// leaving what Mortal writes.
func stripExtensions(t *testing.T, b []byte) []byte {
	t.Helper()
	ext := []string{"kyoku_first", "aka_flag", "tenhou_type", "ref", "lobby", "dan", "rate", "sx", "fu", "fan", "hora_points", "limit", "yaku", "yakuman", "pao", "reason", "tehais", "rank_pt", "pai", "scores"}
	var out bytes.Buffer
	for _, line := range bytes.Split(bytes.TrimSpace(b), []byte("\n")) {
		var m map[string]any
		if err := json.Unmarshal(line, &m); err != nil {
			t.Fatal(err)
		}
		for _, k := range ext {
			keep := (k == "tehais" || k == "scores") && m["type"] == "start_kyoku" ||
				k == "pai" && m["type"] != "hora"
			if !keep {
				delete(m, k)
			}
		}
		if m["type"] == "reach_accepted" {
			delete(m, "deltas")
		}
		l, _ := json.Marshal(m)
		out.Write(l)
		out.WriteByte('\n')
	}
	return out.Bytes()
}

// TestMjaiPlain reads mjai logs without the extensions, as Mortal writes
// them: the play must come back the same.
func TestMjaiPlain(t *testing.T) {
	var games []*data.Game
	for _, p := range []string{"../testdata/selfplay.xml", "../testdata/selfplay.mjson", "../testdata/selfplay.json"} {
		raw, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		r, _, err := records.NewReader(bytes.NewReader(raw), p)
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, datatest.ReadAll(t, r)...)
	}
	for _, g := range games {
		b, err := mjai.Marshal(g)
		if err != nil {
			t.Fatal(err)
		}
		plain := stripExtensions(t, b)
		r := mjai.NewReader(bytes.NewReader(plain), "plain.mjson")
		if !r.Next() {
			t.Fatalf("%v\n%s", r.Err(), plain)
		}
		h := r.Game()
		if err := h.Check(); err != nil {
			t.Errorf("%v", err)
		}
		for i := range g.Rounds {
			a, b := datatest.EventKeys(&g.Rounds[i], datatest.CmpOpts{}), datatest.EventKeys(&h.Rounds[i], datatest.CmpOpts{})
			if !slices.Equal(a, b) {
				t.Errorf("round %d: events differ:\n%v\n%v", i+1, a, b)
			}
			for j := range g.Rounds[i].Agari {
				x, y := g.Rounds[i].Agari[j], h.Rounds[i].Agari[j]
				if x.Who != y.Who || x.From != y.From || x.Deltas != y.Deltas || datatest.Faces(x.Hand, false) != datatest.Faces(y.Hand, false) || datatest.Faces(x.Ura, false) != datatest.Faces(y.Ura, false) || x.Scores != y.Scores {
					t.Errorf("round %d agari %d: %+v vs %+v", i+1, j+1, x, y)
				}
			}
		}
	}
}

// TestMjaiHidden reads a log of one player's view, with "?" for the others'
// tiles.
func TestMjaiHidden(t *testing.T) {
	raw, err := os.ReadFile("../testdata/selfplay.json")
	if err != nil {
		t.Fatal(err)
	}
	r := tenhou6.NewReader(bytes.NewReader(raw), "k")
	if !r.Next() {
		t.Fatalf("../testdata/selfplay.json: %v", r.Err())
	}
	b, err := mjai.Marshal(r.Game())
	if err != nil {
		t.Fatal(err)
	}
	// Hide the hands of seats 1..3 and their draws.
	mr := mjai.NewReader(bytes.NewReader(datatest.HideMjai(t, b, 0)), "hidden")
	if !mr.Next() {
		t.Fatal(mr.Err())
	}
	g := mr.Game()
	rd := g.Rounds[0]
	if rd.Hands[1][0].Valid() || !rd.Hands[0][0].Valid() {
		t.Errorf("hands %v", rd.Hands)
	}
	n := 0
	for _, e := range rd.Events {
		if e.Type == data.EventDiscard && !e.Tile.Valid() {
			t.Errorf("discard without a tile: %v", e)
		}
		if e.Type == data.EventDraw && !e.Tile.Valid() {
			n++
		}
	}
	if n == 0 {
		t.Errorf("no hidden draw")
	}
}

func TestMjaiErrors(t *testing.T) {
	start := `{"type":"start_game","names":["a","b","c","d"]}` + "\n"
	kyoku := `{"type":"start_kyoku","bakaze":"E","dora_marker":"1m","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"scores":[25000,25000,25000,25000],"tehais":[["1m","2m","3m","4m","5m","6m","7m","8m","9m","1p","2p","3p","4p"],["1m","2m","3m","4m","5m","6m","7m","8m","9m","1p","2p","3p","4p"],["1m","2m","3m","4m","5mr","6m","7m","8m","9m","1p","2p","3p","4p"],["1s","2s","3s","4s","5s","6s","7s","8s","9s","1p","2p","3p","4p"]]}` + "\n"
	for _, c := range []struct {
		name, in string
		want     error
		line     int
		tag      string
	}{
		{"no start", `{"type":"tsumo","actor":0,"pai":"1m"}`, data.ErrBadTag, 1, "tsumo"},
		{"bad json", start + `{"type":`, data.ErrSyntax, 2, ""},
		{"unknown", start + kyoku + `{"type":"foo"}`, data.ErrBadTag, 3, "foo"},
		{"fifth tile", start + kyoku + `{"type":"tsumo","actor":0,"pai":"1p"}`, data.ErrInconsistent, 3, "tsumo"},
		{"bad tile", start + kyoku + `{"type":"tsumo","actor":0,"pai":"0m"}`, data.ErrBadValue, 3, "tsumo"},
		{"not held", start + kyoku + `{"type":"tsumo","actor":0,"pai":"E"}` + "\n" + `{"type":"dahai","actor":0,"pai":"S","tsumogiri":false}`, data.ErrInconsistent, 4, "dahai"},
		{"truncated", start + kyoku + `{"type":"tsumo","actor":0,"pai":"E"}`, data.ErrTruncated, 3, "tsumo"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := mjai.NewReader(strings.NewReader(c.in), "x.mjson")
			for r.Next() {
			}
			var pe *data.ParseError
			if err := r.Err(); !errors.Is(err, c.want) || !errors.As(err, &pe) {
				t.Fatalf("got %v, want %v", err, c.want)
			}
			if pe.Line != c.line || pe.Tag != c.tag || pe.Column < 1 {
				t.Errorf("%v: line %d tag %q, want line %d tag %q", pe, pe.Line, pe.Tag, c.line, c.tag)
			}
		})
	}
}
