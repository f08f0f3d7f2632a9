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

// TestRules2009 replays the records that show how Tenhou's 2009 rules
// differ from today's: each replays with no mismatch under the record's
// rules, and disagrees with Tenhou once the 2009 switch is turned back to
// today's setting.
func TestRules2009(t *testing.T) {
	dir := filepath.Join(shareddata.Dir(t, "tenhou"), "thewaxmango-mahjong-hands-history/log-libraries/phoenix-logs/logs")
	tests := []struct {
		log   string
		rule  string
		today func(*game.Rules)
		shows string // what the replay under today's switch reports
	}{
		{"2009030812gm-00e1-0000-270195f3", "the east-only extension goes on into the West",
			func(r *game.Rules) { r.ExtensionWinds = 1 }, "W1-1: the engine ended the game"},
		{"2009031016gm-00e1-0000-74513f2c", "the east-only extension goes on into the West",
			func(r *game.Rules) { r.ExtensionWinds = 1 }, "W1-0: the engine ended the game"},
		{"2009031009gm-00e1-0000-3a3e2634", "a suuankou tanki is a single yakuman",
			func(r *game.Rules) { r.Score.DoubleYakuman = true }, "points engine 64000 record 32000"},
	}
	for _, tc := range tests {
		g, err := datatest.ReadMjlogFile(t, filepath.Join(dir, tc.log+".txt"), tc.log)
		if err != nil {
			t.Fatalf("%s: %v", tc.log, err)
		}
		if y := g.Year(); y != 2009 {
			t.Fatalf("%s: year %d", tc.log, y)
		}
		rules := g.EngineRules()
		var rep data.ReplayReport
		if err := data.ReplayUnder(g, rules, &rep, nil); err != nil || len(rep.Mismatches) > 0 {
			t.Errorf("%s (%s): under the 2009 rules: %v %v", tc.log, tc.rule, err, rep.Mismatches)
		}
		tc.today(&rules)
		rep = data.ReplayReport{}
		if err := data.ReplayUnder(g, rules, &rep, nil); err != nil {
			t.Fatalf("%s: %v", tc.log, err)
		}
		found := false
		for _, m := range rep.Mismatches {
			found = found || strings.Contains(m.String(), tc.shows)
		}
		if !found {
			t.Errorf("%s (%s): under today's rule the replay should report %q, got %v", tc.log, tc.rule, tc.shows, rep.Mismatches)
		}
	}
}
