package data

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// formatTrip is what survives a trip through a format: mjlog keeps a Game
// whole (exact: compared with reflect.DeepEqual, and the AGARI m= codes
// with the original file's), the others as far as opts say.
type formatTrip struct {
	f     Format
	exact bool
	opts  cmpOpts
}

var formatTrips = []formatTrip{
	{f: FormatMjlog, exact: true, opts: cmpOpts{header: true, seatEvent: true, fuLimit: true, nmHands: true}},
	{f: FormatTenhou6, opts: cmpOpts{header: true, seatEvent: true}},           // no fu of limit hands, nagashi hands, kan dora time
	{f: FormatMjai, opts: cmpOpts{header: true, fuLimit: true, nmHands: true}}, // no disconnections
}

// trip writes g with f's writer, reads it back through NewReader (which
// must detect f) and returns the one game read and the bytes written.
func trip(name string, g *Game, f Format) (*Game, []byte, error) {
	var buf bytes.Buffer
	if err := NewWriter(&buf, f).Write(g); err != nil {
		return nil, nil, fmt.Errorf("write %v: %w", f, err)
	}
	r, got, err := NewReader(bytes.NewReader(buf.Bytes()), name)
	if err != nil || got != f {
		return nil, nil, fmt.Errorf("%v output read as %v: %v", f, got, err)
	}
	if !r.Next() {
		return nil, nil, fmt.Errorf("read back %v: %v", f, r.Err())
	}
	h := r.Game()
	if r.Next() || r.Err() != nil {
		return nil, nil, fmt.Errorf("read back %v: a second game or an error: %v", f, r.Err())
	}
	return h, buf.Bytes(), nil
}

// check compares h, read back from b (written in ft's format from g),
// with g as far as the format goes, checks it with Check, and writes it
// again: the bytes must not change.
func (ft formatTrip) check(t *testing.T, name string, g, h *Game, b []byte, doraMoved *int) {
	t.Helper()
	o := ft.opts
	o.doraMoved = doraMoved
	if d := compareGames(g, h, o); len(d) > 0 {
		t.Errorf("%s: %v round trip differs:\n%s", name, ft.f, strings.Join(d, "\n"))
	}
	if err := h.Check(); err != nil {
		t.Errorf("%s via %v: %v", name, ft.f, err)
	}
	if h2, b2, err := trip(name, h, ft.f); err != nil || !bytes.Equal(b, b2) {
		t.Errorf("%s: %v second write differs (%v)", name, ft.f, err)
	} else if ft.exact && !reflect.DeepEqual(h, h2) {
		t.Errorf("%s: the game changed in a second mjlog round trip:\n%s", name, diffGames(h, h2))
	}
}

// TestRoundTrip writes every complete corpus game with each writer and
// reads it back with the matching reader (found by NewReader): mjlog gives
// back an equal Game and Tenhou's own AGARI m= codes (the melds' "called
// from" bits); tenhou.net/6 and mjai give back the game as far as the
// format carries it; writing what was read gives the same bytes. The games
// read back from tenhou.net/6 and mjai are also replayed: the engine must
// agree with every result again, and the final scores be the original's.
func TestRoundTrip(t *testing.T) {
	for _, ft := range formatTrips {
		t.Run(ft.f.String(), func(t *testing.T) {
			t.Parallel()
			var games, replayed, doraMoved int
			skipped := map[string]int{}
			forCorpusGames(t, func(cf corpusFile, g *Game) {
				if g.Players != 4 && ft.f != FormatMjlog {
					return
				}
				games++
				h, b, err := trip(cf.rel, g, ft.f)
				if err != nil {
					t.Errorf("%s: %v", cf.rel, err)
					return
				}
				if ft.exact {
					if !reflect.DeepEqual(g, h) {
						t.Errorf("%s: the game changed in a round trip:\n%s", cf.rel, diffGames(g, h))
					}
					if a, c := agariMeldCodes(t, rawRecord(t, cf.path)), agariMeldCodes(t, b); !slices.Equal(a, c) {
						t.Errorf("%s: AGARI m= changed in a round trip:\n  %q\nvs %q", cf.rel, a, c)
					}
				}
				ft.check(t, cf.rel, g, h, b, &doraMoved)
				if ft.exact || testing.Short() {
					return
				}
				if reason := notCarried(g, ft.f); reason != "" {
					skipped[reason]++
					return
				}
				replayed++
				var rep ReplayReport
				if err := Replay(h, &rep); err != nil {
					t.Errorf("%s via %v: %v", cf.rel, ft.f, err)
				}
				for _, m := range rep.Mismatches {
					t.Errorf("%s via %v: %v", cf.rel, ft.f, m)
				}
			})
			t.Logf("%d games round-tripped through %v (%d rounds with kan dora revealed at another time); %d replayed after it, left out: %v", games, ft.f, doraMoved, replayed, skipped)
			if !testing.Short() && !ft.exact && replayed < 1500 {
				t.Errorf("only %d games replayed", replayed)
			}
		})
	}
}

// TestWriterReaderMatrix takes a sample of the corpus games through every
// format and then through every writer and its reader: a game read from
// mjlog, tenhou.net/6 or mjai, written as mjlog, tenhou.net/6 or mjai and
// read back, keeps what the second format carries.
func TestWriterReaderMatrix(t *testing.T) {
	every := 16
	if testing.Short() {
		every = 64
	}
	n, i := 0, 0
	forCompleteGames(t, func(rel string, g0 *Game) {
		if i++; i%every != 1 && every > 1 {
			return
		}
		n++
		for _, from := range formatTrips {
			g := g0
			if !from.exact {
				var err error
				if g, _, err = trip(rel, g0, from.f); err != nil {
					t.Errorf("%s: %v", rel, err)
					continue
				}
			}
			for _, to := range formatTrips {
				name := fmt.Sprintf("%s (%v → %v)", rel, from.f, to.f)
				h, b, err := trip(name, g, to.f)
				if err != nil {
					t.Errorf("%s: %v", name, err)
					continue
				}
				var doraMoved int
				to.check(t, name, g, h, b, &doraMoved)
			}
		}
	})
	t.Logf("%d games through %d × %d formats", n, len(formatTrips), len(formatTrips))
	if n == 0 {
		t.Error("no game")
	}
}

var (
	agariTag   = regexp.MustCompile(`<AGARI\b[^>]*>`)
	meldsValue = regexp.MustCompile(`\sm="([^"]*)"`)
)

// agariMeldCodes lists the m= value of every AGARI tag of an mjlog record,
// "" for a win without melds.
func agariMeldCodes(t *testing.T, xml []byte) []string {
	t.Helper()
	var out []string
	for _, tag := range agariTag.FindAll(xml, -1) {
		m := ""
		if sub := meldsValue.FindSubmatch(tag); sub != nil {
			m = string(sub[1])
		}
		out = append(out, m)
	}
	return out
}

// rawRecord returns a record file's bytes, decompressed if gzipped.
func rawRecord(t testing.TB, path string) []byte {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b, err := io.ReadAll(maybeGunzip(f))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// forCorpusGames calls f for every complete mjlog game of the corpus,
// 3-player ones too (every 8th file under -short).
func forCorpusGames(t *testing.T, f func(cf corpusFile, g *Game)) {
	dir, files := corpus(t)
	index := readIndex(t, dir)
	for i, cf := range files {
		if cf.json || !index[cf.rel].complete || (testing.Short() && i%8 != 0) {
			continue
		}
		g, err := readMjlogFile(t, cf.path, cf.rel)
		if err != nil {
			t.Fatalf("%s: %v", cf.rel, err)
		}
		f(cf, g)
	}
}

// forCompleteGames calls f for every complete 4-player mjlog game of the
// corpus (every 8th file under -short) and returns their number.
func forCompleteGames(t *testing.T, f func(rel string, g *Game)) int {
	n := 0
	forCorpusGames(t, func(cf corpusFile, g *Game) {
		if g.Players == 4 {
			f(cf.rel, g)
			n++
		}
	})
	return n
}

// TestNoRedFives treats corpus games as if red fives were off (ids 16, 52
// and 88 plain): the kind-level formats must write them as plain fives and
// read them back to the same output.
func TestNoRedFives(t *testing.T) {
	n := 0
	forCompleteGames(t, func(rel string, g *Game) {
		if n >= 20 {
			return
		}
		n++
		g.Rules = RulesFromType(g.Rules.Type | typeNoRed)
		for _, f := range []Format{FormatTenhou6, FormatMjai} {
			var b1, b2 bytes.Buffer
			if err := NewWriter(&b1, f).Write(g); err != nil {
				t.Fatalf("%s %v: %v", rel, f, err)
			}
			if hasRedFive(t, b1.Bytes(), f) {
				t.Errorf("%s %v: red five written in a game without them", rel, f)
			}
			r := NewFormatReader(bytes.NewReader(b1.Bytes()), rel, f)
			if !r.Next() {
				t.Fatalf("%s %v: %v", rel, f, r.Err())
			}
			h := r.Game()
			if h.Rules.RedFives {
				t.Errorf("%s %v: red fives on after reading", rel, f)
			}
			if err := h.Check(); err != nil {
				t.Errorf("%s %v: %v", rel, f, err)
			}
			if err := NewWriter(&b2, f).Write(h); err != nil || b1.String() != b2.String() {
				t.Errorf("%s %v: output changed (%v)", rel, f, err)
			}
		}
	})
}

// hasRedFive reports whether a tenhou.net/6 or mjai record names a red five.
func hasRedFive(t *testing.T, b []byte, f Format) bool {
	if f == FormatMjai {
		return bytes.Contains(b, []byte(`5mr"`)) || bytes.Contains(b, []byte(`5pr"`)) || bytes.Contains(b, []byte(`5sr"`))
	}
	var rec struct{ Log [][]any }
	if err := json.Unmarshal(b, &rec); err != nil {
		t.Fatal(err)
	}
	for _, rd := range rec.Log {
		for _, part := range rd[2:16] {
			for _, v := range part.([]any) {
				switch x := v.(type) {
				case float64:
					if x >= 51 && x <= 53 {
						return true
					}
				case string:
					digits := strings.Map(func(r rune) rune {
						if r >= '0' && r <= '9' {
							return r
						}
						return -1
					}, x)
					for k := 0; k+2 <= len(digits); k += 2 {
						if digits[k] == '5' && digits[k+1] >= '1' && digits[k+1] <= '3' {
							return true
						}
					}
				}
			}
		}
	}
	return false
}

// notCarried says why a game's rules cannot survive conversion to format to:
// tenhou.net/6 keeps only the rule text of ordinary lobbies (not the GO
// type's special-lobby bits), and neither format keeps the 2009 format's
// per-round shuffle that dates a game without a log id.
func notCarried(g *Game, to Format) string {
	if to == FormatTenhou6 && g.Rules.Type&^0xFF != 0 {
		return "special-lobby bits (tenhou.net/6)"
	}
	if g.Ref == "" && g.Year() == 2009 {
		return "2009 game without a log id"
	}
	return ""
}
