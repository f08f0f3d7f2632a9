package mjlog_test

import (
	"bytes"
	"os"
	"reflect"
	"testing"

	"github.com/mjrank/mjrank/data/internal/datatest"
	"github.com/mjrank/mjrank/data/mjai"
	"github.com/mjrank/mjrank/data/mjlog"
	"github.com/mjrank/mjrank/data/records"
	"github.com/mjrank/mjrank/data/tenhou6"
)

func FuzzMjlog(f *testing.F) {
	for _, b := range datatest.Seeds(f, "../testdata", records.FormatMjlog) {
		f.Add(b)
		f.Add(b[:len(b)/2])
	}
	raw, err := os.ReadFile("../testdata/selfplay.xml")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(raw)
	f.Fuzz(func(t *testing.T, in []byte) {
		for _, g := range datatest.ReadAll(t, mjlog.NewReader(bytes.NewReader(in), "fuzz")) {
			h, _ := datatest.Reread(t, g, records.FormatMjlog)
			if h == nil {
				continue // the writers may refuse what does not check
			}
			if !reflect.DeepEqual(g, h) {
				t.Fatalf("round trip changed the game:\n%s", datatest.DiffGames(g, h))
			}
			if g.Players == 4 {
				if _, err := tenhou6.Marshal(g); err != nil {
					t.Fatalf("tenhou.net/6: %v", err)
				}
				if _, err := mjai.Marshal(g); err != nil {
					t.Fatalf("mjai: %v", err)
				}
			}
		}
	})
}
