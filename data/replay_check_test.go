package data_test

import (
	"os"
	"testing"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/internal/datatest"
	"github.com/mjrank/mjrank/data/records"
	"github.com/mjrank/mjrank/sim/game"
)

// TestReplayKeepsInvariants replays every 4-player game of the corpus and
// runs game.Round.Check after every recorded event: real games hold every
// kind of call, kan, robbed kan and abortive draw, in orders random play
// rarely reaches.
func TestReplayKeepsInvariants(t *testing.T) {
	if testing.Short() {
		t.Skip("replays the whole corpus; skipped under -short")
	}
	_, files := datatest.Corpus(t)
	games, checks := 0, 0
	for _, cf := range files {
		f, err := os.Open(cf.Path)
		if err != nil {
			t.Fatal(err)
		}
		rd, _, err := records.NewReader(f, cf.Rel)
		if err != nil {
			f.Close()
			continue // not a record: the corpus tests report it
		}
		for n := 1; rd.Next(); n++ {
			g := rd.Game()
			if g.Players != game.NumSeats {
				continue
			}
			games++
			var rep data.ReplayReport
			// A game the engine cannot replay is the corpus tests' to report.
			for st := range data.ReplaySteps(g, &rep) {
				checks++
				if err := st.Engine.Check(); err != nil {
					t.Errorf("%s game %d round %s before event %d: %v", cf.Rel, n, st.Round.Name(), st.Event, err)
					break
				}
			}
		}
		f.Close()
	}
	t.Logf("%d games, %d checks", games, checks)
	if games < 1500 {
		t.Errorf("only %d games replayed", games)
	}
}
