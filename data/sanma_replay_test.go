package data_test

import (
	"testing"

	"github.com/mjrank/mjrank/data"
)

// TestSanmaReplay replays the complete 3-player games of the corpus tests
// (the sample; every one of the 4,888 with MJRANK_CORPUS=full) through
// sim/game under the 3-player rules: every recorded action must be legal,
// every result (each win's yaku, han, fu, points and payments, each draw's
// payments and tenpai hands, the next round's start, the final scores and
// points) must be the record's, and game.Round.Check must hold after every
// event.
func TestSanmaReplay(t *testing.T) {
	if testing.Short() {
		t.Skip("replays the 3-player corpus; skipped under -short")
	}
	names, games := sanmaGames(t)
	var total data.ReplayReport
	checks, bad := 0, 0
	for i, g := range games {
		var rep data.ReplayReport
		broken := false // one broken invariant reported per game; the replay goes on
		for st := range data.ReplaySteps(g, &rep) {
			checks++
			if err := st.Engine.Check(); err != nil && !broken {
				t.Errorf("%s round %s before event %d: %v", names[i], st.Round.Name(), st.Event, err)
				broken = true
			}
		}
		if rep.Err != nil {
			t.Errorf("%s: %v", names[i], rep.Err)
		}
		for _, m := range rep.Mismatches {
			if bad++; bad <= 200 {
				t.Errorf("%s %v", names[i], m)
			}
		}
		total.Rounds += rep.Rounds
		total.Wins += rep.Wins
		total.Draws += rep.Draws
		total.Kitas += rep.Kitas
		total.Actions += rep.Actions
	}
	t.Logf("%d games, %d rounds, %d wins, %d draws, %d kitas, %d actions, %d invariant checks; %d mismatches",
		len(games), total.Rounds, total.Wins, total.Draws, total.Kitas, total.Actions, checks, bad)
	// The sample holds 251 complete 3-player games (the corpus 4,888) with
	// 1,975 wins, 354 draws and 5,891 kitas.
	if len(games) < 250 || total.Wins < 1900 || total.Draws < 300 || total.Kitas < 5000 {
		t.Errorf("too little checked: %d games, %d wins, %d draws, %d kitas", len(games), total.Wins, total.Draws, total.Kitas)
	}
}
