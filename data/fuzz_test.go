package data

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// seedGames reads the games of the testdata files.
func seedGames(f *testing.F) []*Game {
	f.Helper()
	var gs []*Game
	paths, _ := filepath.Glob("testdata/*")
	for _, p := range paths {
		if fi, err := os.Stat(p); err != nil || fi.IsDir() || strings.HasSuffix(p, ".md") {
			continue
		}
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		r, _, err := NewReader(bytes.NewReader(b), p)
		if err != nil {
			f.Fatal(err)
		}
		for r.Next() {
			gs = append(gs, r.Game())
		}
		if r.Err() != nil {
			f.Fatalf("%s: %v", p, r.Err())
		}
	}
	if len(gs) != 3 {
		f.Fatalf("read %d seed games, want 3", len(gs))
	}
	return gs
}

// checkParseError fails unless err is nil or a *ParseError with a position.
func checkParseError(t *testing.T, err error) {
	t.Helper()
	if err == nil {
		return
	}
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Line < 1 || pe.Column < 1 || pe.Offset < 0 {
		t.Fatalf("error %v (%T) is not a *ParseError with a position", err, err)
	}
	if pe.Err == nil || pe.Error() == "" {
		t.Fatalf("ParseError without a cause: %#v", pe)
	}
}

// readAll reads every game of data with r, checking the errors.
func readAll(t *testing.T, r Reader) []*Game {
	var gs []*Game
	for i := 0; r.Next(); i++ {
		if r.Game() == nil {
			t.Fatal("Next true with a nil game")
		}
		gs = append(gs, r.Game())
		if i > 1000 {
			t.Fatal("too many games")
		}
	}
	checkParseError(t, r.Err())
	return gs
}

func FuzzMjlog(f *testing.F) {
	for _, g := range seedGames(f) {
		b, err := MarshalMjlog(g)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
		f.Add(b[:len(b)/2])
	}
	raw, err := os.ReadFile("testdata/selfplay.xml")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(raw)
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, g := range readAll(t, NewMjlogReader(bytes.NewReader(data), "fuzz")) {
			b, err := MarshalMjlog(g)
			if g.Check() != nil {
				continue // the writers may refuse what does not check
			}
			if err != nil {
				t.Fatalf("writing a game that checks: %v", err)
			}
			r := NewMjlogReader(bytes.NewReader(b), "again")
			if !r.Next() {
				t.Fatalf("re-reading: %v\n%s", r.Err(), b)
			}
			if !reflect.DeepEqual(g, r.Game()) {
				t.Fatalf("round trip changed the game:\n%s", diffGames(g, r.Game()))
			}
			if g.Players == 4 {
				if _, err := MarshalTenhou6(g); err != nil {
					t.Fatalf("tenhou.net/6: %v", err)
				}
				if _, err := MarshalMjai(g); err != nil {
					t.Fatalf("mjai: %v", err)
				}
			}
		}
	})
}

func FuzzTenhou6(f *testing.F) {
	for _, g := range seedGames(f) {
		b, err := MarshalTenhou6(g)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	for _, p := range []string{"testdata/selfplay.mjson", "testdata/selfplay.json"} {
		raw, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(raw)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, g := range readAll(t, NewTenhou6Reader(bytes.NewReader(data), "fuzz")) {
			b, err := MarshalTenhou6(g)
			if g.Check() != nil {
				continue
			}
			if err != nil {
				t.Fatalf("writing a game that checks: %v", err)
			}
			r := NewTenhou6Reader(bytes.NewReader(b), "again")
			if !r.Next() {
				t.Fatalf("re-reading: %v\n%s", r.Err(), b)
			}
			if d := compareGames(g, r.Game(), cmpOpts{header: true, seatEvent: true}); len(d) > 0 {
				t.Fatalf("round trip changed the game:\n%s\n%s", strings.Join(d, "\n"), b)
			}
		}
	})
}

func FuzzMjai(f *testing.F) {
	for _, g := range seedGames(f) {
		b, err := MarshalMjai(g)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, g := range readAll(t, NewMjaiReader(bytes.NewReader(data), "fuzz")) {
			b, err := MarshalMjai(g)
			if g.Check() != nil {
				continue
			}
			if err != nil {
				t.Fatalf("writing a game that checks: %v", err)
			}
			r := NewMjaiReader(bytes.NewReader(b), "again")
			if !r.Next() {
				t.Fatalf("re-reading: %v\n%s", r.Err(), b)
			}
			if d := compareGames(g, r.Game(), cmpOpts{header: true, fuLimit: true, nmHands: true}); len(d) > 0 {
				t.Fatalf("round trip changed the game:\n%s\n%s", strings.Join(d, "\n"), b)
			}
		}
	})
}
