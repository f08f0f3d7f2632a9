package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden from the current output")

// cliCase runs mjrank with args and stdin and compares exit status, stdout
// and stderr with testdata/<name>.golden.
type cliCase struct {
	name  string
	args  []string
	stdin string
}

var cliCases = []cliCase{
	{"help", []string{"help"}, ""},
	{"no-args", nil, ""},
	{"unknown-command", []string{"frobnicate"}, ""},
	{"help-hand", []string{"hand", "-h"}, ""},
	{"help-shanten", []string{"help", "shanten"}, ""},
	{"help-score", []string{"score", "--help"}, ""},
	{"shanten", []string{"shanten"}, "123m406p789s1122z\n19m19p19s1234567z\n# a comment\n\n1122m3344p5566s7z\n123m\n11z\n1234m\n123m456p\n12x\n11111m\n"},
	{"shanten-args", []string{"shanten", "123m"}, ""},
	{"shanten-json", []string{"shanten", "--json"}, "123m406p789s1122z\n19m19p19s1234567z\n# a comment\n\n123m\n11z\n12x\n"},
	{"hand-14", []string{"hand", "2346m406p789s1122z"}, ""},
	{"hand-13-tenpai", []string{"hand", "1112345678999m"}, ""},
	{"hand-json", []string{"hand", "--json", "2346m406p789s1122z", "--visible", "5555m"}, ""},
	{"hand-complete", []string{"hand", "123m456p789s11122z"}, ""},
	{"hand-1-wait", []string{"hand", "1112223334445z", "--visible", "55z"}, ""},
	{"hand-1-tile", []string{"hand", "1z"}, ""},
	{"hand-bad-tile", []string{"hand", "123m8z"}, ""},
	{"hand-bad-size", []string{"hand", "123m"}, ""},
	{"hand-no-arg", []string{"hand"}, ""},
	{"score-riichi-tsumo", []string{"score", "--hand", "234m06p789s11z222z", "--win", "7p", "--riichi", "--tsumo", "--dora", "1z"}, ""},
	{"score-json", []string{"score", "--json", "--hand", "234m06p789s11z222z", "--win", "7p", "--riichi", "--tsumo", "--dora", "1z"}, ""},
	{"score-dealer-ron", []string{"score", "--hand", "123456789m1199p", "--win", "9p", "--seat", "E", "--honba", "2", "--sticks", "1"}, ""},
	{"score-melds", []string{"score", "--hand", "123m45p99s", "--win", "6p", "--melds", "pon=777z,chi=345s"}, ""},
	{"score-yakuman", []string{"score", "--hand", "19m19p19s1234567z", "--win", "1z"}, ""},
	{"score-no-yaku", []string{"score", "--hand", "123m456p78s11z", "--melds", "chi=234s", "--win", "9s"}, ""},
	{"score-not-agari", []string{"score", "--hand", "123m456p789s1235z", "--win", "5z"}, ""},
	{"score-bad-win", []string{"score", "--hand", "123m456p789s1122z", "--win", "9q"}, ""},
	{"score-bad-flag", []string{"score", "--nope"}, ""},
	{"score-honba-overflow", []string{"score", "--hand", "123m456p789s11z22z", "--win", "2z", "--honba", "30744573456182586"}, ""},
	{"score-tsumo-from", []string{"score", "--hand", "123m456p789s11z22z", "--win", "2z", "--tsumo", "--from", "E"}, ""},
	{"score-pao-winner", []string{"score", "--hand", "11m23p", "--win", "1p", "--melds", "pon=555z,pon=666z,pon=777z", "--seat", "S", "--pao", "S"}, ""},
	{"score-pao-ron", []string{"score", "--hand", "11m23p", "--win", "1p", "--melds", "pon=555z,pon=666z,pon=777z", "--seat", "S", "--pao", "W"}, ""},
	{"help-verify", []string{"verify", "-h"}, ""},
	{"verify-game", []string{"verify", "../../data/testdata/selfplay.xml", "testdata/verify"}, ""},
	{"verify-json", []string{"verify", "--json", "../../data/testdata/selfplay.json"}, ""},
	{"verify-no-args", []string{"verify"}, ""},
	{"help-convert", []string{"help", "convert"}, ""},
	{"convert-mjai", []string{"convert", "--to", "mjai", "../../data/testdata/selfplay.json"}, ""},
	{"convert-tenhou6", []string{"convert", "--to", "tenhou6", "../../data/testdata/selfplay.json"}, ""},
	{"convert-bad-format", []string{"convert", "--to", "pdf", "x.xml"}, ""},
	{"convert-cut", []string{"convert", "--to", "mjai", "testdata/verify/cut.xml"}, ""},
	{"verify-missing", []string{"verify", "testdata/no-such-file.xml"}, ""},
	{"help-arena", []string{"help", "arena"}, ""},
	{"help-bench", []string{"bench", "-h"}, ""},
	{"arena-rotate", []string{"arena", "--seats", "efficiency,tsumogiri,thesis,rulebot", "--games", "8", "--rotate", "--seed", "3"}, ""},
	{"arena-merge", []string{"arena", "merge", "testdata/arena/shard-1-of-2.json", "testdata/arena/shard-2-of-2.json"}, ""},
	{"arena-shard-json", []string{"arena", "--games", "4", "--seed", "9", "--shard", "2/2", "--length", "tonpuusen", "--json"}, ""},
	{"arena-compare", []string{"arena", "compare", "--bot", "thesis,rulebot", "testdata/arena/compare-thesis", "testdata/arena/compare-rulebot"}, ""},
	{"arena-compare-json", []string{"arena", "compare", "--bot", "thesis,rulebot", "--json", "testdata/arena/compare-thesis", "testdata/arena/compare-rulebot"}, ""},
	{"arena-compare-no-bot", []string{"arena", "compare", "testdata/arena/compare-thesis", "testdata/arena/compare-rulebot"}, ""},
	{"arena-compare-one-folder", []string{"arena", "compare", "testdata/arena/compare-thesis"}, ""},
	{"arena-compare-games", []string{"arena", "compare", "--games", "8", "testdata/arena/compare-thesis", "testdata/arena/compare-rulebot"}, ""},
	{"arena-compare-3p", []string{"arena", "compare", "--bot", "thesis,rulebot", "testdata/arena/compare3-thesis", "testdata/arena/compare3-rulebot"}, ""},
	{"arena-compare-3p-json", []string{"arena", "compare", "--bot", "thesis,rulebot", "--json", "testdata/arena/compare3-thesis", "testdata/arena/compare3-rulebot"}, ""},
	{"arena-compare-3p-4p", []string{"arena", "compare", "--bot", "thesis,rulebot", "testdata/arena/compare-thesis", "testdata/arena/compare3-rulebot"}, ""},
	{"arena-bot-without-compare", []string{"arena", "--bot", "thesis"}, ""},
	{"arena-merge-missing-shard", []string{"arena", "merge", "testdata/arena/shard-2-of-2.json"}, ""},
	{"arena-merge-repeated", []string{"arena", "merge", "testdata/arena/shard-1-of-2.json", "testdata/arena/shard-1-of-2.json", "testdata/arena/shard-2-of-2.json"}, ""},
	{"arena-one-game", []string{"arena", "--games", "1", "--seed", "2", "--length", "tonpuusen"}, ""},
	{"arena-one-wall", []string{"arena", "--games", "4", "--rotate", "--seed", "2", "--length", "tonpuusen", "--shard", "1/1"}, ""},
	{"arena-bad-seats", []string{"arena", "--seats", "efficiency,nobody,thesis,rulebot"}, ""},
	{"arena-bad-rotate", []string{"arena", "--games", "6", "--rotate"}, ""},
	{"arena-simulate-discards-no-mc", []string{"arena", "--seats", "policy,policy,policy,policy", "--simulate-discards"}, ""},
	{"arena-merge-simulate-discards", []string{"arena", "merge", "--simulate-discards", "testdata/arena/shard-1-of-2.json"}, ""},
	{"help-train", []string{"help", "train"}, ""},
	{"train-no-args", []string{"train"}, ""},
	{"help-models", []string{"models", "-h"}, ""},
	{"models-info", []string{"models", "info"}, ""},
	{"models-eval", []string{"models", "eval", "../../data/testdata/selfplay.xml", "testdata/verify"}, ""},
	{"models-eval-json", []string{"models", "eval", "--json", "../../data/testdata/selfplay.xml"}, ""},
	{"models-bad-sub", []string{"models", "frob"}, ""},
	{"models-missing-dir", []string{"models", "info", "--models", "testdata/no-such-dir"}, ""},
	{"models-info-file", []string{"models", "info", "--models", "main_test.go"}, ""},
	{"models-eval-no-games", []string{"models", "eval", "testdata/verify"}, ""},
	{"models-eval-stdin", []string{"models", "eval", "--json", "-"}, selfplayXML},
	{"help-analyze", []string{"help", "analyze"}, ""},
	{"help-review", []string{"help", "review"}, ""},
	{"review-selfplay", []string{"review", "../../data/testdata/selfplay.xml", "--sims", "40", "--workers", "2"}, ""},
	{"review-name-json", []string{"review", "../../data/testdata/selfplay.json", "--name", "thesis", "--sims", "20", "--json"}, ""},
	{"review-mjai", []string{"review", "../../data/testdata/selfplay.mjson", "--seat", "3", "--sims", "10", "--seed", "5"}, ""},
	{"review-bad-name", []string{"review", "../../data/testdata/selfplay.xml", "--name", "nobody"}, ""},
	{"review-bad-seat", []string{"review", "../../data/testdata/selfplay.xml", "--seat", "4"}, ""},
	{"review-bad-sims", []string{"review", "../../data/testdata/selfplay.xml", "--sims", "0"}, ""},
	{"review-no-log", []string{"review"}, ""},
	{"analyze-log", []string{"analyze", "--log", "../../data/testdata/selfplay.xml", "--round", "E1-0", "--seat", "0", "--turn", "3", "--sims", "2000"}, ""},
	{"analyze-event-json", []string{"analyze", "--log", "../../data/testdata/selfplay.json", "--round", "2", "--event", "20", "--sims", "1500", "--json", "--utility", "points"}, ""},
	{"analyze-few-sims-json", []string{"analyze", "--log", "../../data/testdata/selfplay.xml", "--round", "E1-0", "--event", "3", "--sims", "14", "--json"}, ""},
	{"analyze-observation", []string{"analyze", "--observation", "-", "--sims", "2000", "--workers", "1"}, observationJSON},
	{"analyze-no-position", []string{"analyze", "--log", "../../data/testdata/selfplay.xml"}, ""},
	{"analyze-no-decision", []string{"analyze", "--log", "../../data/testdata/selfplay.xml", "--round", "E1-0", "--event", "0", "--seat", "2"}, ""},
	{"analyze-no-such-game", []string{"analyze", "--log", "../../data/testdata/selfplay.xml", "--game", "5", "--round", "E1-0", "--event", "3"}, ""},
	{"analyze-bad-round", []string{"analyze", "--log", "../../data/testdata/selfplay.xml", "--round", "W4-9", "--event", "3"}, ""},
	{"help-mjai", []string{"help", "mjai"}, ""},
	{"mjai-session", []string{"mjai", "--bot", "thesis"}, mjaiSession},
	{"mjai-session-3p", []string{"mjai", "--bot", "thesis"}, mjaiSession3},
	{"mjai-batch", []string{"mjai", "--bot", "efficiency"}, "[" + strings.Join(strings.Split(mjaiSession, "\n")[:3], ",") + "]\n"},
	{"mjai-malformed", []string{"mjai", "--bot", "efficiency"}, strings.Join(strings.Split(mjaiSession, "\n")[:3], "\n") + "\n{\"type\":\"dahai\",\n"},
	{"mjai-closed", []string{"mjai", "--bot", "efficiency"}, strings.Join(strings.Split(mjaiSession, "\n")[:3], "\n")},
	{"mjai-bad-bot", []string{"mjai", "--bot", "nobody"}, ""},
	{"mjai-name-without-connect", []string{"mjai", "--name", "x"}, ""},
	{"help-match", []string{"help", "match"}, ""},
	{"match-mjai-seats", []string{"match", "--seat", "mjai:thesis", "--seat", "efficiency", "--seat", "mjai:rulebot", "--seat", "tsumogiri", "--games", "4", "--rotate", "--seed", "3", "--length", "tonpuusen"}, ""},
	{"match-three-seats", []string{"match", "--seat", "thesis", "--seat", "efficiency", "--seat", "rulebot"}, ""},
	{"match-3p-mjai-seats", []string{"match", "--players", "3", "--seat", "mjai:thesis", "--seat", "efficiency", "--seat", "mjai:rulebot", "--games", "3", "--rotate", "--seed", "3", "--length", "tonpuusen"}, ""},
	{"match-3p-four-seats", []string{"match", "--players", "3", "--seat", "thesis", "--seat", "efficiency", "--seat", "rulebot", "--seat", "thesis"}, ""},
	{"match-3p-rotate", []string{"match", "--players", "3", "--seat", "thesis", "--seat", "efficiency", "--seat", "rulebot", "--rotate", "--games", "4"}, ""},
	{"match-two-players", []string{"match", "--players", "2", "--seat", "thesis", "--seat", "efficiency"}, ""},
	{"match-bad-seat", []string{"match", "--seat", "thesis", "--seat", "efficiency", "--seat", "rulebot", "--seat", "cmd:"}, ""},
	{"match-bad-on-illegal", []string{"match", "--seat", "thesis", "--seat", "efficiency", "--seat", "rulebot", "--seat", "thesis", "--on-illegal", "ignore"}, ""},
	{"match-merge-flags", []string{"match", "--games", "8", "merge", "a.json"}, ""},
	{"match-merge", []string{"match", "merge", "testdata/arena/shard-1-of-2.json", "testdata/arena/shard-2-of-2.json"}, ""},
	{"match-crash", []string{"match", "--seat", "cmd:read l; echo '{\"type\":\"none\"}'; exit 3", "--seat", "efficiency", "--seat", "rulebot", "--seat", "thesis", "--games", "1", "--length", "tonpuusen"}, ""},
	{"help-measure", []string{"help", "measure"}, ""},
	{"help-serve", []string{"help", "serve"}, ""},
	{"serve-bad-max-sims", []string{"serve", "--max-sims", "0"}, ""},
	{"serve-bad-max-body", []string{"serve", "--max-body", "4XB"}, ""},
	{"serve-bad-timeout", []string{"serve", "--read-timeout", "0s"}, ""},
	{"measure-no-corpus", []string{"measure"}, ""},
	{"measure-no-held-out", []string{"measure", "--corpus", "../../data/testdata/selfplay.xml", "--sims", "10"}, ""},
}

// observationJSON is the observation of docs/OBSERVATION.md.
var observationJSON = func() string {
	b, err := os.ReadFile("../../sim/observe/testdata/observation.json")
	if err != nil {
		panic(err)
	}
	return string(b)
}()

// mjaiSession is what mjrank match sent seat 0 in one east-only game.
var mjaiSession = func() string {
	b, err := os.ReadFile("testdata/mjai/session.jsonl")
	if err != nil {
		panic(err)
	}
	return string(b)
}()

// mjaiSession3 is what mjrank match sent seat 0 in one east-only 3-player
// game.
var mjaiSession3 = func() string {
	b, err := os.ReadFile("../../mjaibot/testdata/sanma-session.jsonl")
	if err != nil {
		panic(err)
	}
	return string(b)
}()

// selfplayXML is the bundled self-play record.
var selfplayXML = func() string {
	b, err := os.ReadFile("../../data/testdata/selfplay.xml")
	if err != nil {
		panic(err)
	}
	return string(b)
}()

// timing matches the parts of reports that depend on the machine.
var timing = regexp.MustCompile(`(games/s +|"games_per_second": |"seconds": |stages, )[0-9.e+-]+(ms|µs|s)? *`)

func TestCLI(t *testing.T) {
	for _, tc := range cliCases {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run(tc.args, strings.NewReader(tc.stdin), &stdout, &stderr)
			got := fmt.Sprintf("$ mjrank %s\nexit %d\n-- stdout --\n%s-- stderr --\n%s", strings.Join(tc.args, " "), code, stdout.String(), stderr.String())
			got = timing.ReplaceAllString(got, "${1}X")
			path := filepath.Join("testdata", tc.name+".golden")
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("output differs from %s (go test -update rewrites it)\n--- got ---\n%s\n--- want ---\n%s", path, got, want)
			}
		})
	}
}

// TestHelpListsEveryCommand guards the command table against a command that
// is defined but not listed, or listed without help.
func TestHelpListsEveryCommand(t *testing.T) {
	var out bytes.Buffer
	run([]string{"help"}, nil, &out, &out)
	for _, c := range commands {
		if c.Short == "" || strings.TrimSpace(c.Long) == "" {
			t.Errorf("%s: missing help text", c.Name)
		}
		if !strings.Contains(out.String(), c.Name) {
			t.Errorf("help does not list %s", c.Name)
		}
	}
}
