package mjai_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/data/internal/datatest"
	"github.com/mjrank/mjrank/data/mjai"
	"github.com/mjrank/mjrank/data/records"
)

func FuzzMjai(f *testing.F) {
	for _, b := range datatest.Seeds(f, "../testdata", records.FormatMjai) {
		f.Add(b)
	}
	f.Add([]byte(sanmaLog(f))) // 3 players
	f.Fuzz(func(t *testing.T, in []byte) {
		for _, g := range datatest.ReadAll(t, mjai.NewReader(bytes.NewReader(in), "fuzz")) {
			h, b := datatest.Reread(t, g, records.FormatMjai)
			if h == nil {
				continue
			}
			if d := datatest.CompareGames(g, h, datatest.CmpOpts{Header: true, FuLimit: true, NagashiHands: true}); len(d) > 0 {
				t.Fatalf("round trip changed the game:\n%s\n%s", strings.Join(d, "\n"), b)
			}
		}
	})
}
