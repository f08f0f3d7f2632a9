package datatest

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/records"
)

// seedGames reads the games of the sample records in dir (data/testdata),
// in any format, for the fuzzers' seeds.
func seedGames(f *testing.F, dir string) []*data.Game {
	f.Helper()
	var gs []*data.Game
	paths, _ := filepath.Glob(filepath.Join(dir, "*"))
	for _, p := range paths {
		if fi, err := os.Stat(p); err != nil || fi.IsDir() || strings.HasSuffix(p, ".md") {
			continue
		}
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		r, _, err := records.NewReader(bytes.NewReader(b), p)
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

// CheckParseError fails unless err is nil or a *ParseError with a position.
func CheckParseError(t *testing.T, err error) {
	t.Helper()
	if err == nil {
		return
	}
	var pe *data.ParseError
	if !errors.As(err, &pe) || pe.Line < 1 || pe.Column < 1 || pe.Offset < 0 {
		t.Fatalf("error %v (%T) is not a *ParseError with a position", err, err)
	}
	if pe.Err == nil || pe.Error() == "" {
		t.Fatalf("ParseError without a cause: %#v", pe)
	}
}

// ReadAll reads every game r gives, checking the error.
func ReadAll(t *testing.T, r data.Reader) []*data.Game {
	var gs []*data.Game
	for i := 0; r.Next(); i++ {
		if r.Game() == nil {
			t.Fatal("Next true with a nil game")
		}
		gs = append(gs, r.Game())
		if i > 1000 {
			t.Fatal("too many games")
		}
	}
	CheckParseError(t, r.Err())
	return gs
}

// HideMjai rewrites an mjai log as seat sees it: the other seats' dealt
// tiles and draws, and the hands shown at a draw, become "?".
func HideMjai(t *testing.T, b []byte, seat int) []byte {
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
