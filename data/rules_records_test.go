package data_test

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/internal/datatest"
	"github.com/mjrank/mjrank/internal/shareddata"
	"github.com/mjrank/mjrank/sim/game"
)

// Folders of the shared corpus's deciding games (under tenhou/).
const (
	logs2009 = "thewaxmango-mahjong-hands-history/log-libraries/phoenix-logs/logs/"
	logs2024 = "somiona-mahjong579/train_data/"
	// 3-player games
	sanma2018 = "njima1572-mahjongai/mjlogs/"
	sanma2020 = "agony5757-mahjong/paipuxmls/"
	sanma2026 = "mateces-mortal-sanma/test-data/"
)

// readRecord reads one mjlog record of the shared corpus, failing the test
// unless it is a game of the given number of players.
func readRecord(t *testing.T, file string, players int) *data.Game {
	t.Helper()
	root := shareddata.Dir(t, "tenhou")
	g, err := datatest.ReadMjlogFile(t, filepath.Join(root, file), filepath.Base(file))
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	if g.Players != players {
		t.Fatalf("%s: %d players, want %d", file, g.Players, players)
	}
	return g
}

// TestRulesFromRecords replays the records that decide a rule where the
// rule sources disagree or Tenhou changed it over the years, with four
// players and with three (docs/RULES.md): each replays with no mismatch
// under the record's rules, and shows the named mismatch once the switch
// is turned the other way.
func TestRulesFromRecords(t *testing.T) {
	doubleYakuman := func(r *game.Rules) { r.Score.DoubleYakuman = true }
	tests := []struct {
		file    string
		players int
		year    int
		rule    string
		other   func(*game.Rules) // the rule turned the other way
		shows   string            // what the replay under the other rule reports
	}{
		{logs2009 + "2009030812gm-00e1-0000-270195f3.txt", 4, 2009, "the east-only extension goes on into the West",
			func(r *game.Rules) { r.ExtensionWinds = 1 }, "W1-1: the engine ended the game"},
		{logs2009 + "2009031016gm-00e1-0000-74513f2c.txt", 4, 2009, "the east-only extension goes on into the West",
			func(r *game.Rules) { r.ExtensionWinds = 1 }, "W1-0: the engine ended the game"},
		{logs2009 + "2009031009gm-00e1-0000-3a3e2634.txt", 4, 2009, "a suuankou tanki is one yakuman (tsumo)",
			doubleYakuman, "points engine 64000 record 32000"},
		{logs2024 + "2024041411gm-00a9-0000-4e6055ce.xml", 4, 2024, "a suuankou tanki is one yakuman (ron)",
			doubleYakuman, "points engine 64000 record 32000"},
		{logs2024 + "2024041621gm-00a9-0000-d58671c0.xml", 4, 2024, "a suuankou tanki is one yakuman (ron)",
			doubleYakuman, "points engine 64000 record 32000"},
		{sanma2020 + "2020010100gm-00b9-0000-18a1410f.txt", 3, 2020, "200 points per honba (E1-1: a ron +200; S1-1: a tsumo +100 each)",
			func(r *game.Rules) { r.Score.HonbaPoints = 300 }, "E1-1 event 86: agari 0 (seat 1): payments engine [0 14300 -12300 0] record [0 14200 -12200 0]"},
		{sanma2020 + "2020010100gm-00b9-0000-18a1410f.txt", 3, 2020, "35,000 start points",
			func(r *game.Rules) { r.StartPoints = 25000 }, "E1-0: round start: engine round 0 honba 0 sticks 0 dealer 0 scores [25000 25000 25000 0]"},
		{sanma2020 + "2020010100gm-00b9-0000-18a1410f.txt", 3, 2020, "40,000 return points: oka 15 to the first",
			func(r *game.Rules) { r.ReturnPoints = 35000 }, "final points: engine"},
		{sanma2020 + "2020010100gm-00b9-0000-18a1410f.txt", 3, 2020, "uma +20/0/-20",
			func(r *game.Rules) { r.Uma = [4]int{15, 0, -15, 0} }, "final points: engine"},
		{sanma2020 + "2020010100gm-00b9-0000-cac02970.txt", 3, 2020, "the West extension while nobody has 40,000",
			func(r *game.Rules) { r.ExtensionWinds = 0 }, "W1-0: the engine ended the game after the previous round"},
		{sanma2020 + "2020010115gm-00b9-0000-610cb431.txt", 3, 2020, "tenpai-yame: the all-last dealer tenpai in first place ends the game",
			func(r *game.Rules) { r.TenpaiYame = false }, "S3-0: the record ends the game, the engine would go on"},
		{logs2009 + "2009030823gm-00b9-0000-2d7e0696.txt", 3, 2009, "no tenpai-yame in 2009: the tenpai dealer in first place plays on",
			func(r *game.Rules) { r.TenpaiYame = true }, "the engine ended the game after the previous round"},
	}
	for _, tc := range tests {
		name := strings.TrimSuffix(filepath.Base(tc.file), filepath.Ext(tc.file))
		g := readRecord(t, tc.file, tc.players)
		if y := g.Year(); y != tc.year {
			t.Fatalf("%s: year %d, want %d", name, y, tc.year)
		}
		rules := g.EngineRules()
		if rules.Players() != tc.players {
			t.Fatalf("%s: rules for %d players, want %d", name, rules.Players(), tc.players)
		}
		var rep data.ReplayReport
		if err := data.ReplayUnder(g, rules, &rep, nil); err != nil || len(rep.Mismatches) > 0 {
			t.Errorf("%s (%s): under the record's rules: %v %v", name, tc.rule, err, rep.Mismatches)
		}
		tc.other(&rules)
		rep = data.ReplayReport{}
		if err := data.ReplayUnder(g, rules, &rep, nil); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !slices.ContainsFunc(rep.Mismatches, func(m data.Mismatch) bool { return strings.Contains(m.String(), tc.shows) }) {
			t.Errorf("%s (%s): under the other rule the replay should report %q, got %v", name, tc.rule, tc.shows, rep.Mismatches)
		}
	}
}
