package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// flagFile is a regular file: given where a folder is wanted, it must be
// refused.
const flagFile = "main_test.go"

// TestBadFlagValues runs every command of the table with one bad flag value
// each: the command must stop before any work with a usage error (exit
// status 2) whose message names the flag.
func TestBadFlagValues(t *testing.T) {
	out := t.TempDir()
	score := []string{"score", "--hand", "123m456p789s11z22z", "--win", "2z"}
	pao := []string{"score", "--hand", "11m23p", "--win", "1p", "--melds", "pon=555z,pon=666z,pon=777z"}
	analyze := []string{"analyze", "--log", "../../data/testdata/selfplay.xml", "--round", "E1-0", "--seat", "0", "--turn", "3", "--sims", "10"}
	analyzeEvent := []string{"analyze", "--log", "../../data/testdata/selfplay.xml", "--round", "E1-0", "--event", "3", "--sims", "10"}
	measure := []string{"measure", "--corpus", "testdata/verify", "--games", "1", "--sims", "10"}
	train := []string{"train", "--corpus", "testdata/verify", "--out", out}
	bench := []string{"bench", "--corpus", "testdata/verify"}
	review := []string{"review", "../../data/testdata/selfplay.xml", "--sims", "10"}
	with := func(base []string, extra ...string) []string { return append(append([]string{}, base...), extra...) }
	for _, tc := range []struct {
		args []string
		flag string // the message must contain it
	}{
		// score: counts, winds, rules, notations, contradictions.
		{with(score, "--honba", "-1"), "--honba"},
		{with(score, "--honba", "101"), "--honba"},
		{with(score, "--honba", "30744573456182586"), "--honba"},
		{with(score, "--honba", "99999999999"), "--honba"},
		{with(score, "--honba", "abc"), "honba"}, // the flag package's own message
		{with(score, "--sticks", "-1"), "--sticks"},
		{with(score, "--sticks", "101"), "--sticks"},
		{with(score, "--round", "X"), "--round"},
		{with(score, "--seat", "5"), "--seat"},
		{with(score, "--from", "Q"), "--from"},
		{with(score, "--pao", "0"), "--pao"},
		{with(score, "--rules", "mleague"), "--rules"},
		{with(score, "--rules", "tenhou,honba-points=-5"), "--rules"},
		{with(score, "--rules", "tenhou,honba-points=99999999999999"), "--rules"},
		{with(score, "--tsumo", "--from", "E"), "--from"},
		{with(score, "--seat", "E", "--from", "E"), "--from"},
		{with(score, "--ippatsu"), "--ippatsu"},
		{with(score, "--haitei"), "--haitei"},
		{with(score, "--tsumo", "--houtei"), "--houtei"},
		{with(score, "--tsumo", "--tenhou"), "--tenhou"},
		{with(score, "--pao", "W"), "--pao"},
		{with(pao, "--seat", "S", "--pao", "S"), "--pao S"},
		{[]string{"score", "--hand", "12x", "--win", "2z"}, "--hand"},
		{[]string{"score", "--hand", "123m456p789s11z22z", "--win", "9q"}, "--win"},
		{with(score, "--melds", "pon=12m"), "--melds"},
		{with(score, "--dora", "9q"), "--dora"},
		{with(score, "--ura", "9q"), "--ura"},
		// hand.
		{[]string{"hand", "2346m406p789s1122z", "--visible", "9q"}, "--visible"},
		// shanten takes no arguments.
		{[]string{"shanten", "123m"}, "argument"},
		// models.
		{[]string{"models", "info", "--models", flagFile}, "--models"},
		{[]string{"models", "info", "--models", "testdata/no-such-dir"}, "--models"},
		{[]string{"verify", "--workers", "-3", "testdata/verify"}, "--workers"},
		{[]string{"models", "eval", "--workers", "-3", "testdata/verify"}, "--workers"},
		{[]string{"models", "info", "--held-out"}, "--held-out"},
		{[]string{"models", "info", "--workers", "2"}, "--workers"},
		{[]string{"models", "info", "--players", "5"}, "--players"},
		// train: every number, every output folder, the corpus.
		{with(train, "--threads", "0"), "--threads"},
		{with(train, "--threads", "-2"), "--threads"},
		{with(train, "--threads", "2000"), "--threads"},
		{with(train, "--workers", "-3"), "--workers"},
		{with(train, "--seed", "-1"), "--seed"},
		{with(train, "--max-files", "-3"), "--max-files"},
		{with(train, "--rounds", "-1"), "--rounds"},
		{with(train, "--tenpai-rate", "2"), "--tenpai-rate"},
		{with(train, "--tenpai-rate", "-1"), "--tenpai-rate"},
		{with(train, "--tenpai-rate", "NaN"), "--tenpai-rate"},
		{with(train, "--tenpai-rate", "0"), "--tenpai-rate"},
		{with(train, "--wait-rate", "1.5"), "--wait-rate"},
		{with(train, "--value-rate", "NaN"), "--value-rate"},
		{with(train, "--calib-folds", "1"), "--calib-folds"},
		{with(train, "--calib-folds", "-1"), "--calib-folds"},
		{with(train, "--calib-folds", "11"), "--calib-folds"},
		{with(train, "--players", "5"), "--players"},
		{[]string{"train", "--corpus", "testdata/verify", "--players", "3", "--cv"}, "--players 3"},
		{[]string{"train", "--corpus", "testdata/no-such-dir", "--out", out}, "--corpus"},
		{[]string{"train", "--corpus", "testdata/verify", "--out", flagFile}, "--out"},
		{with(train, "--rank-out", flagFile), "--rank-out"},
		{with(train, "--rank-out", filepath.Join(flagFile, "sub")), "--rank-out"},
		{with(train, "--work", flagFile), "--work"},
		{[]string{"train", "--cv", "--corpus", "testdata/verify", "--out", out}, "--out"},
		{with(train, "--only", "wiat"), "--only"},
		{with(train, "--only", "wait,"), "--only"},
		{with(train, "--only", "discards"), "--only"},
		{with(train, "--only", "discard,wait"), "--only"},
		{with(train, "--policy-rate", "0"), "--policy-rate"},
		{with(train, "--policy-rate", "1.5"), "--policy-rate"},
		{[]string{"train", "--cv", "--corpus", "testdata/verify", "--only", "wait"}, "--only"},
		{with(train, "--only", "ron"), "--only"},
		{with(train, "--only", "wait,riichi"), "--only"},
		{with(train, "--only", "riichi,wait"), "--only"},
		{with(train, "--only", "riichi,call,riichi"), "--only"},
		{with(train, "--only", "riichi,"), "--only"},
		{with(train, "--only", "riichi,kita"), "--players 3"},
		{with(train, "--only", "riichi", "--cv"), "--cv"},
		{with(train, "--only", "riichi", "--rank-out", out), "--rank-out"},
		{with(train, "--only", "riichi", "--calib-folds", "4"), "--calib-folds"},
		{with(train, "--only", "riichi", "--wait-rate", "0.5"), "--wait-rate"},
		{[]string{"train", "--corpus", "testdata/verify", "--only", "riichi"}, "--policy-out"},
		{[]string{"train", "--corpus", "testdata/verify", "--only", "riichi", "--policy-out", flagFile}, "--policy-out"},
		// bench.
		{with(bench, "--workers", "-3"), "--workers"},
		{with(bench, "--corpus-files", "0"), "--corpus-files"},
		{with(bench, "--corpus-files", "-1"), "--corpus-files"},
		{[]string{"bench", "--corpus", "/nonexistent"}, "--corpus"},
		// analyze.
		{with(analyze, "--game", "0"), "--game"},
		{with(analyze, "--seat", "4"), "--seat"},
		{with(analyze, "--sims", "0"), "--sims"},
		{with(analyze, "--sims", "99999999999999999"), "--sims"},
		{with(analyze, "--seed", "-1"), "seed"},
		{with(analyze, "--time", "-1s"), "--time"},
		{with(analyze, "--workers", "-3"), "--workers"},
		{with(analyze, "--utility", "money"), "--utility"},
		{with(analyzeEvent, "--seat", "-2"), "--seat"},
		// review.
		{with(review, "--seat", "-1"), "--seat"},
		{with(review, "--seat", "4"), "--seat"},
		{with(review, "--game", "0"), "--game"},
		{with(review, "--sims", "0"), "--sims"},
		{with(review, "--sims", "10000001"), "--sims"},
		{with(review, "--workers", "-1"), "--workers"},
		{with(review, "--seat", "1", "--name", "thesis"), "--seat"},
		{with(review, "--html", "no-such-folder/r.html"), "--html"},
		{with(review, "--html", "../../data/testdata/selfplay.xml"), "--html"},
		{with(review, "--name", ""), "--name"},
		{[]string{"analyze", "--log", "../../data/testdata/selfplay.xml", "--round", "E1-0", "--event", "-5"}, "--event"},
		{[]string{"analyze", "--log", "../../data/testdata/selfplay.xml", "--round", "E1-0", "--seat", "0", "--turn", "-1"}, "--turn"},
		{[]string{"analyze", "--log", "testdata/no-such-file.xml", "--round", "E1-0", "--event", "3"}, "--log"},
		{[]string{"analyze", "--observation", "testdata/no-such-file.json"}, "--observation"},
		// measure.
		{with(measure, "--games", "-1"), "--games"},
		{with(measure, "--every", "0"), "--every"},
		{with(measure, "--sims", "0"), "--sims"},
		{with(measure, "--sims", "10000001"), "--sims"},
		{with(measure, "--workers", "-3"), "--workers"},
		{with(measure, "--bots", "nobody"), "--bots"},
		{with(measure, "--mc-ablation", "oracle-hands"), "--mc-ablation"},
		{with(measure, "--players", "2"), "--players"},
		{with(measure, "--players", "5"), "--players"},
		{[]string{"measure", "--corpus", "/nonexistent"}, "--corpus"},
	} {
		name := strings.Join(tc.args, " ")
		var stdout, stderr bytes.Buffer
		code := run(tc.args, strings.NewReader(""), &stdout, &stderr)
		if code != 2 || !strings.Contains(stderr.String(), tc.flag) {
			t.Errorf("mjrank %s: exit %d, stderr %q; want exit 2 naming %s", name, code, stderr.String(), tc.flag)
		}
		if stdout.Len() > 0 {
			t.Errorf("mjrank %s: printed %q before refusing", name, stdout.String())
		}
	}
	if names, _ := os.ReadDir(out); len(names) > 0 {
		t.Errorf("a refused train wrote into --out: %v", names)
	}
}
