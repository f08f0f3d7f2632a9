package data_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/internal/datatest"
	"github.com/mjrank/mjrank/internal/shareddata"
	"github.com/mjrank/mjrank/sim/game"
)

// TestRulesFromRecords replays the records that decide a rule where the
// rule sources disagree or Tenhou changed it over the years (docs/RULES.md):
// each replays with no mismatch under the record's rules, and disagrees
// with Tenhou once the switch is turned the other way.
func TestRulesFromRecords(t *testing.T) {
	root := shareddata.Dir(t, "tenhou")
	const (
		logs2009 = "thewaxmango-mahjong-hands-history/log-libraries/phoenix-logs/logs/"
		logs2024 = "somiona-mahjong579/train_data/"
	)
	doubleYakuman := func(r *game.Rules) { r.Score.DoubleYakuman = true }
	tests := []struct {
		file  string
		year  int
		rule  string
		other func(*game.Rules) // the rule turned the other way
		shows string            // what the replay under the other rule reports
	}{
		{logs2009 + "2009030812gm-00e1-0000-270195f3.txt", 2009, "the east-only extension goes on into the West",
			func(r *game.Rules) { r.ExtensionWinds = 1 }, "W1-1: the engine ended the game"},
		{logs2009 + "2009031016gm-00e1-0000-74513f2c.txt", 2009, "the east-only extension goes on into the West",
			func(r *game.Rules) { r.ExtensionWinds = 1 }, "W1-0: the engine ended the game"},
		{logs2009 + "2009031009gm-00e1-0000-3a3e2634.txt", 2009, "a suuankou tanki is one yakuman (tsumo)",
			doubleYakuman, "points engine 64000 record 32000"},
		{logs2024 + "2024041411gm-00a9-0000-4e6055ce.xml", 2024, "a suuankou tanki is one yakuman (ron)",
			doubleYakuman, "points engine 64000 record 32000"},
		{logs2024 + "2024041621gm-00a9-0000-d58671c0.xml", 2024, "a suuankou tanki is one yakuman (ron)",
			doubleYakuman, "points engine 64000 record 32000"},
	}
	for _, tc := range tests {
		name := strings.TrimSuffix(filepath.Base(tc.file), filepath.Ext(tc.file))
		g, err := datatest.ReadMjlogFile(t, filepath.Join(root, tc.file), name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if y := g.Year(); y != tc.year {
			t.Fatalf("%s: year %d, want %d", name, y, tc.year)
		}
		rules := g.EngineRules()
		var rep data.ReplayReport
		if err := data.ReplayUnder(g, rules, &rep, nil); err != nil || len(rep.Mismatches) > 0 {
			t.Errorf("%s (%s): under the record's rules: %v %v", name, tc.rule, err, rep.Mismatches)
		}
		tc.other(&rules)
		rep = data.ReplayReport{}
		if err := data.ReplayUnder(g, rules, &rep, nil); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		found := false
		for _, m := range rep.Mismatches {
			found = found || strings.Contains(m.String(), tc.shows)
		}
		if !found {
			t.Errorf("%s (%s): under the other rule the replay should report %q, got %v", name, tc.rule, tc.shows, rep.Mismatches)
		}
	}
}
