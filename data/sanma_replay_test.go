package data_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/sim/game"
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

// TestSanmaReplayDetectsTampering: a 3-player record with one kita left
// out of a win, or with other tenpai payments at an exhaustive draw, shows
// the named mismatch; the record as it is shows none.
func TestSanmaReplayDetectsTampering(t *testing.T) {
	names, games := sanmaGames(t)
	tests := []struct {
		name   string
		tamper func(rd *data.Round) bool // false: not this round
		shows  string
	}{
		{"a kita left out of a win", func(rd *data.Round) bool {
			for i := range rd.Agari {
				if a := &rd.Agari[i]; len(a.Kita) > 0 {
					a.Kita = a.Kita[:len(a.Kita)-1]
					return true
				}
			}
			return false
		}, "kitas engine"},
		{"tenpai payments of 3,000", func(rd *data.Round) bool {
			rk := rd.Ryuukyoku
			if rk == nil || rk.Type != data.Exhaustive || rk.Deltas == [4]int{} {
				return false
			}
			for s := range rk.Deltas {
				rk.Deltas[s] = rk.Deltas[s] * 3 / 2
			}
			return true
		}, "draw payments: engine"},
	}
	for _, tc := range tests {
		done := false
		for gi := 0; gi < len(games) && !done; gi++ {
			var clean data.ReplayReport
			if err := data.Replay(games[gi], &clean); err != nil || len(clean.Mismatches) > 0 {
				continue
			}
			g := cloneGame(games[gi])
			for ri := range g.Rounds {
				if !tc.tamper(&g.Rounds[ri]) {
					continue
				}
				var rep data.ReplayReport
				err := data.Replay(g, &rep)
				if err != nil || !slices.ContainsFunc(rep.Mismatches, func(m data.Mismatch) bool { return strings.Contains(m.What, tc.shows) }) {
					t.Errorf("%s, %s %s: %v %v; want %q", tc.name, names[gi], g.Rounds[ri].Name(), err, rep.Mismatches, tc.shows)
				}
				done = true
				break
			}
		}
		if !done {
			t.Errorf("%s: no round to tamper with", tc.name)
		}
	}
}

// cloneGame copies g deeply enough to change its rounds' results.
func cloneGame(g *data.Game) *data.Game {
	c := *g
	c.Rounds = slices.Clone(g.Rounds)
	for i := range c.Rounds {
		rd := &c.Rounds[i]
		rd.Agari = slices.Clone(rd.Agari)
		if rd.Ryuukyoku != nil {
			rk := *rd.Ryuukyoku
			rd.Ryuukyoku = &rk
		}
	}
	return &c
}

// TestReplayRefusesOtherPlayers: a 3-player record under 4-player rules,
// and a record of another number of players, are refused with an error
// that says so, before any step.
func TestReplayRefusesOtherPlayers(t *testing.T) {
	_, games := sanmaGames(t)
	g := games[0]
	var rep data.ReplayReport
	err := data.ReplayUnder(g, game.Tenhou(game.Hanchan), &rep, nil)
	if err == nil || !strings.Contains(err.Error(), "rules for 4 players, a 3-player record") || rep.Rounds != 0 {
		t.Errorf("3-player record under 4-player rules: %v, %d rounds", err, rep.Rounds)
	}
	five := *g
	five.Players = 5
	rep = data.ReplayReport{}
	if err := data.Replay(&five, &rep); !errors.Is(err, data.ErrBadValue) || !strings.Contains(err.Error(), "5 players") || rep.Err != err {
		t.Errorf("5 players: %v (report %v)", err, rep.Err)
	}
}
