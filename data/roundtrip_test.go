package data

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestMjlogRoundTrip writes every complete corpus game back as mjlog and
// reads it again: the games must be equal, and every AGARI m= (the meld
// codes with their "called from" bits, which a Game keeps only as far as
// Agari.MeldFrom goes) must be written exactly as Tenhou wrote it.
func TestMjlogRoundTrip(t *testing.T) {
	t.Parallel()
	dir, files := corpus(t)
	index := readIndex(t, dir)
	n := 0
	var buf bytes.Buffer
	for _, cf := range files {
		if cf.json || !index[cf.rel].complete {
			continue
		}
		g, err := readMjlogFile(t, cf.path, cf.rel)
		if err != nil {
			t.Fatalf("%s: %v", cf.rel, err)
		}
		buf.Reset()
		if err := NewMjlogWriter(&buf).Write(g); err != nil {
			t.Errorf("%s: write: %v", cf.rel, err)
			continue
		}
		r := NewMjlogReader(bytes.NewReader(buf.Bytes()), cf.rel)
		if !r.Next() {
			t.Errorf("%s: re-read: %v", cf.rel, r.Err())
			continue
		}
		if h := r.Game(); !reflect.DeepEqual(g, h) {
			t.Errorf("%s: the game changed in a round trip:\n%s", cf.rel, diffGames(g, h))
		}
		if a, b := agariMeldCodes(t, rawRecord(t, cf.path)), agariMeldCodes(t, buf.Bytes()); !slices.Equal(a, b) {
			t.Errorf("%s: AGARI m= changed in a round trip:\n  %q\nvs %q", cf.rel, a, b)
		}
		n++
	}
	t.Logf("%d games round-tripped through mjlog", n)
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

// forCompleteGames calls f for every complete 4-player mjlog game of the
// corpus (every 8th under -short).
func forCompleteGames(t *testing.T, f func(rel string, g *Game)) int {
	dir, files := corpus(t)
	index := readIndex(t, dir)
	n := 0
	for i, cf := range files {
		if cf.json || !index[cf.rel].complete || (testing.Short() && i%8 != 0) {
			continue
		}
		g, err := readMjlogFile(t, cf.path, cf.rel)
		if err != nil {
			t.Fatalf("%s: %v", cf.rel, err)
		}
		if g.Players != 4 {
			continue
		}
		f(cf.rel, g)
		n++
	}
	return n
}

// TestTenhou6RoundTrip writes every 4-player corpus game as tenhou.net/6,
// reads it back and compares with the original as far as the format goes;
// then writes the result again and checks the JSON is unchanged.
func TestTenhou6RoundTrip(t *testing.T) {
	t.Parallel()
	var rounds, events, doraMoved int
	n := forCompleteGames(t, func(rel string, g *Game) {
		b, err := MarshalTenhou6(g)
		if err != nil {
			t.Errorf("%s: write: %v", rel, err)
			return
		}
		r := NewTenhou6Reader(bytes.NewReader(b), rel)
		if !r.Next() {
			t.Errorf("%s: re-read: %v", rel, r.Err())
			return
		}
		h := r.Game()
		if err := h.Check(); err != nil {
			t.Errorf("%s: %v", rel, err)
		}
		if d := compareGames(g, h, cmpOpts{header: true, seatEvent: true, doraMoved: &doraMoved}); len(d) > 0 {
			t.Errorf("%s: tenhou.net/6 round trip differs:\n%s", rel, strings.Join(d, "\n"))
		}
		b2, err := MarshalTenhou6(h)
		if err != nil || !bytes.Equal(b, b2) {
			t.Errorf("%s: second write differs (%v):\n%s\n%s", rel, err, b, b2)
		}
		for i := range h.Rounds {
			rounds++
			events += len(h.Rounds[i].Events)
		}
	})
	t.Logf("%d games, %d rounds, %d events round-tripped through tenhou.net/6; %d rounds with kan dora revealed at another time", n, rounds, events, doraMoved)
}

// TestMjaiRoundTrip writes every 4-player corpus game as mjai, reads it
// back and compares with the original: everything but ids, dice, seeds and
// disconnections must survive; then writes again and checks the bytes.
func TestMjaiRoundTrip(t *testing.T) {
	t.Parallel()
	var rounds, events int
	n := forCompleteGames(t, func(rel string, g *Game) {
		b, err := MarshalMjai(g)
		if err != nil {
			t.Errorf("%s: write: %v", rel, err)
			return
		}
		r := NewMjaiReader(bytes.NewReader(b), rel)
		if !r.Next() {
			t.Errorf("%s: re-read: %v", rel, r.Err())
			return
		}
		h := r.Game()
		if r.Next() || r.Err() != nil {
			t.Errorf("%s: a second game or an error: %v", rel, r.Err())
		}
		if err := h.Check(); err != nil {
			t.Errorf("%s: %v", rel, err)
		}
		if d := compareGames(g, h, cmpOpts{header: true, fuLimit: true, nmHands: true}); len(d) > 0 {
			t.Errorf("%s: mjai round trip differs:\n%s", rel, strings.Join(d, "\n"))
		}
		if b2, err := MarshalMjai(h); err != nil || !bytes.Equal(b, b2) {
			t.Errorf("%s: second write differs (%v)", rel, err)
		}
		for i := range h.Rounds {
			rounds++
			events += len(h.Rounds[i].Events)
		}
	})
	t.Logf("%d games, %d rounds, %d events round-tripped through mjai", n, rounds, events)
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
