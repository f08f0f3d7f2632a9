package data

import (
	"os"
	"testing"

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
	_, files := corpus(t)
	games, checks := 0, 0
	for _, cf := range files {
		f, err := os.Open(cf.path)
		if err != nil {
			t.Fatal(err)
		}
		rd, _, err := NewReader(f, cf.rel)
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
			failed := false
			var rep ReplayReport
			// A game the engine cannot replay is the corpus tests' to report.
			_ = ReplayObserved(g, &rep, func(round *Round, ei int, r *game.Round) {
				if failed {
					return
				}
				checks++
				if err := r.Check(); err != nil {
					t.Errorf("%s game %d round %s event %d: %v", cf.rel, n, round.Name(), ei, err)
					failed = true
				}
			})
		}
		f.Close()
	}
	t.Logf("%d games, %d checks", games, checks)
	if games < 1500 {
		t.Errorf("only %d games replayed", games)
	}
}
