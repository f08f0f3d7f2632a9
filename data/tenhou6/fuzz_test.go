package tenhou6_test

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/data/internal/datatest"
	"github.com/mjrank/mjrank/data/records"
	"github.com/mjrank/mjrank/data/tenhou6"
)

func FuzzTenhou6(f *testing.F) {
	for _, b := range datatest.Seeds(f, "../testdata", records.FormatTenhou6) {
		f.Add(b)
	}
	for _, p := range []string{"../testdata/selfplay.mjson", "../testdata/selfplay.json", sanmaSample} {
		raw, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(raw)
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		for _, g := range datatest.ReadAll(t, tenhou6.NewReader(bytes.NewReader(in), "fuzz")) {
			h, b := datatest.Reread(t, g, records.FormatTenhou6)
			if h == nil {
				continue
			}
			if d := datatest.CompareGames(g, h, datatest.CmpOpts{Header: true, SeatEvents: true}); len(d) > 0 {
				t.Fatalf("round trip changed the game:\n%s\n%s", strings.Join(d, "\n"), b)
			}
		}
	})
}
