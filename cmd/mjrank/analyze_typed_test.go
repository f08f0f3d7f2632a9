package main

import (
	"bytes"
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/sim/tile"
)

// TestAnalyzeTyped analyses a position typed by hand with a small budget:
// the analysis lists every legal discard of the typed hand, each once,
// and the typed rivers' riichi is in the position it analyses.
func TestAnalyzeTyped(t *testing.T) {
	const hand, draw = "234m456p789s1122z", "3z"
	args := []string{"analyze", "--hand", hand, "--draw", draw, "--dora", "5m", "--wind", "W",
		"--river", "0:1z9m_4p", "--river", "1:2z8p_3s", "--river", "2:9s1m_", "--river", "3:7z6z",
		"--sims", "60", "--workers", "1", "--json"}
	var stdout, stderr bytes.Buffer
	if code := run(args, nil, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var out struct {
		Hand       string `json:"hand"`
		Candidates []struct {
			Move string `json:"move"`
		} `json:"candidates"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
		t.Fatalf("%v\n%s", err, stdout.String())
	}
	var got []string
	for _, c := range out.Candidates {
		if strings.HasPrefix(c.Move, "discard ") {
			got = append(got, strings.TrimPrefix(c.Move, "discard "))
		}
	}
	var want []string
	for _, k := range tile.MustParse(hand + draw) {
		if s := k.Kind().String(); !slices.Contains(want, s) {
			want = append(want, s)
		}
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("discards analysed %v, want every kind of the hand %v", got, want)
	}
	if !strings.Contains(stdout.String(), `"riichi 3z"`) {
		t.Errorf("no riichi among the moves of a tenpai closed hand:\n%s", stdout.String())
	}
}

// TestAnalyzeTypedErrors: a typed position that cannot exist, or flags of
// one given with another form, stop before any work with a usage error
// naming the flag; with three players, so does what a 3-player table
// cannot hold.
func TestAnalyzeTypedErrors(t *testing.T) {
	typed := []string{"analyze", "--hand", "234m456p789s1122z", "--draw", "3z", "--dora", "5m", "--wind", "W",
		"--river", "0:1z9m_4p", "--river", "1:2z8p_3s", "--river", "2:9s1m_", "--river", "3:7z6z", "--sims", "10"}
	with := func(extra ...string) []string { return append(slices.Clone(typed), extra...) }
	with3 := func(extra ...string) []string { return append(slices.Clone(sanmaTyped), extra...) }
	for _, tc := range []struct {
		args []string
		want string
	}{
		{with("--river", "3:5z"), "--river: seat 3 given twice"},
		{with("--melds", "2:pon=555z"), "--hand: 13 tiles with 1 melds and a draw: want 10"},
		{with("--scores", "1,2"), "--scores: \"1,2\": want 4 scores"},
		{with("--sticks", "101"), "--sticks"},
		{with("--seat", "2"), "one of --seat S or --wind W"},
		{with("--log", "../../data/testdata/selfplay.xml"), "--hand replaces --log"},
		{with("--round", "E9"), `--round: "E9"`},
		{with("--dora", "4m,4m,4m,4m"), "a fifth 4m (hand: 1, dora: 4)"},
		{[]string{"analyze", "--river", "0:1z", "--sims", "10"}, "give --hand too"},
		{[]string{"analyze", "--hand", "234m456p789s1122z3z", "--seat", "0"}, "--hand needs --dora"},
		{with3("--river", "3:7z"), `--river: "3:7z": want SEAT:TILES, SEAT 0 to 2 or a wind (E, S, W)`},
		{with3("--melds", "3:pon=777z"), `--melds: "3:pon=777z": want SEAT:TILES, SEAT 0 to 2`},
		{with3("--scores", "35000,35000,35000,0"), `--scores: "35000,35000,35000,0": want 3 scores by seat`},
		{with3("--kita", "1,0,1,0"), `--kita: "1,0,1,0": want 3 counts by seat`},
		{with3("--dora", "5m"), "--dora: 5m is not in a 3-player game (no 2m to 8m)"},
		{with3("--players", "5"), "--players: 5: want 3 or 4"},
		{with3("--players", "4"), `--kita: "1,0,1": only a 3-player game sets Norths aside`},
		{with3("--wind", "N"), `--wind: "N": want E, S or W`},
		{[]string{"analyze", "--kita", "1,0,0", "--sims", "10"}, "give --hand too"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(tc.args, nil, &stdout, &stderr)
		if code != 2 || !strings.Contains(stderr.String(), tc.want) || stdout.Len() > 0 {
			t.Errorf("%s: exit %d, stderr %q; want exit 2 and %q", strings.Join(tc.args, " "), code, stderr.String(), tc.want)
		}
	}
}

// TestAnalyzeTypedNoDecision: a typed position ending at a discard the
// seat can neither call nor win on says so, and how to type its turn.
func TestAnalyzeTypedNoDecision(t *testing.T) {
	args := []string{"analyze", "--hand", "234m456p789s1122z", "--dora", "5m", "--wind", "W",
		"--river", "0:1z9m_4p", "--river", "1:2z8p_3s", "--river", "2:9s1m_", "--river", "3:7z6z", "--sims", "10"}
	var stdout, stderr bytes.Buffer
	code := run(args, nil, &stdout, &stderr)
	want := "typed position: it ends at seat 1's discard of 3s, which seat 2 can neither call nor win on"
	if code != 1 || !strings.Contains(stderr.String(), want) {
		t.Errorf("exit %d, stderr %q; want exit 1 and %q", code, stderr.String(), want)
	}
}

// TestAnalyzeTypedSameAsJSON: the typed position and its observation JSON
// give the same analysis, number for number (the time and the file name
// aside): the typed form changes nothing downstream.
func TestAnalyzeTypedSameAsJSON(t *testing.T) {
	common := []string{"--sims", "80", "--workers", "1", "--json"}
	typed := append([]string{"analyze", "--hand", "12378m45p67s2266z", "--dora", "3m", "--round", "S2-1", "--wind", "N",
		"--scores", "30100,24000,22900,21000", "--sticks", "2",
		"--river", "1:9p1s_7z", "--river", "2:1z9m4z_", "--river", "3:2s8s*3p_", "--river", "0:9s5z"}, common...)
	// the observation the typed position stands for, written by hand
	fromJSON := append([]string{"analyze", "--observation", "../../sim/observe/testdata/riichi_answer.json"}, common...)
	vary := regexp.MustCompile(`"(seconds|file)": [^,]*,`)
	var outs [2]string
	for i, args := range [][]string{typed, fromJSON} {
		var stdout, stderr bytes.Buffer
		if code := run(args, strings.NewReader(""), &stdout, &stderr); code != 0 || stderr.Len() > 0 {
			t.Fatalf("%s: exit %d: %s", strings.Join(args, " "), code, stderr.String())
		}
		outs[i] = vary.ReplaceAllString(stdout.String(), "")
	}
	if outs[0] != outs[1] {
		t.Errorf("the typed position's analysis\n%s\ndiffers from its JSON's\n%s", outs[0], outs[1])
	}
	if !strings.Contains(outs[0], `"move": "chi=`) {
		t.Errorf("no chi of the riichi seat's 3p among the moves:\n%s", outs[0])
	}
}
