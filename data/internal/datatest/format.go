package datatest

import (
	"bytes"
	"testing"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/mjai"
	"github.com/mjrank/mjrank/data/mjlog"
	"github.com/mjrank/mjrank/data/records"
	"github.com/mjrank/mjrank/data/tenhou6"
)

// marshal is each format's Marshal.
var marshal = map[records.Format]func(*data.Game) ([]byte, error){
	records.FormatMjlog:   mjlog.Marshal,
	records.FormatTenhou6: tenhou6.Marshal,
	records.FormatMjai:    mjai.Marshal,
}

// Marshal writes g in format f with the codec's Marshal.
func Marshal(g *data.Game, f records.Format) ([]byte, error) { return marshal[f](g) }

// Seeds returns the games of the sample records in dir (data/testdata)
// written in format f: the fuzzers' seeds.
func Seeds(t *testing.F, dir string, f records.Format) [][]byte {
	t.Helper()
	var out [][]byte
	for _, g := range seedGames(t, dir) {
		b, err := Marshal(g, f)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, b)
	}
	return out
}

// Reread writes g in format f and reads the one game of the output back,
// as the fuzzers do with every game they read. A game that does not pass
// Check gives nil (the writers may refuse it; writing it is still tried);
// a game that checks and cannot be written or read back fails t.
func Reread(t *testing.T, g *data.Game, f records.Format) (h *data.Game, b []byte) {
	t.Helper()
	b, err := Marshal(g, f)
	if g.Check() != nil {
		return nil, nil
	}
	if err != nil {
		t.Fatalf("writing a game that checks: %v", err)
	}
	r := records.NewFormatReader(bytes.NewReader(b), "again", f)
	if !r.Next() {
		t.Fatalf("re-reading: %v\n%s", r.Err(), b)
	}
	return r.Game(), b
}
