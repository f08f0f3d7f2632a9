package main

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/internal/shareddata"
)

// TestAnalyzeSanmaLog analyses a kita decision of a 3-player record: the
// text gives three scores, the kitas by seat and three places; the JSON
// says 3 players; the empty seat is an error naming the seats.
func TestAnalyzeSanmaLog(t *testing.T) {
	file := filepath.Join(shareddata.Dir(t, "tenhou", "dnovikoff-tenhou", "log", "test_data"), "sanma2.xml")
	args := []string{"analyze", "--log", file, "--round", "E1-0", "--event", "1", "--sims", "40"}
	code, stdout, stderr := mjrankRun(t, nil, args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"scores  [35000 35000 35000]", "kita    0,0,0 by seat (3 players, 108 tiles)", "(played: kita)", " 3rd "} {
		if !strings.Contains(stdout, want) {
			t.Errorf("no %q in\n%s", want, stdout)
		}
	}
	if strings.Contains(stdout, "4th") {
		t.Errorf("a fourth place in\n%s", stdout)
	}
	code, stdout, stderr = mjrankRun(t, nil, append(args, "--json")...)
	if code != 0 {
		t.Fatalf("--json: exit %d: %s", code, stderr)
	}
	var res struct {
		Players int    `json:"players"`
		Played  string `json:"played"`
	}
	if err := json.Unmarshal([]byte(stdout), &res); err != nil || res.Players != 3 || res.Played != "kita" {
		t.Errorf("--json: players %d, played %q (%v)", res.Players, res.Played, err)
	}
	code, _, stderr = mjrankRun(t, nil, append(args, "--seat", "3")...)
	if code != 1 || !strings.Contains(stderr, "seat 3: a 3-player game has seats 0 to 2") {
		t.Errorf("--seat 3: exit %d, %q", code, stderr)
	}
}

// TestAnalyzeSanmaTyped analyses a typed 3-player position with kitas (the
// one sim/observe's TestParsePositionSanma checks against its JSON): three
// scores, the kitas by seat, three places; what a 3-player table cannot
// hold is a usage error naming the flag.
func TestAnalyzeSanmaTyped(t *testing.T) {
	typed := []string{"analyze", "--players", "3", "--kita", "1,0,1", "--hand", "19m123456p789s11z", "--draw", "3z", "--dora", "5p",
		"--wind", "W", "--river", "0:1z9p", "--river", "1:2z8p_", "--river", "2:9s", "--sims", "20"}
	code, stdout, stderr := mjrankRun(t, nil, typed...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"typed position  E1-0 event 15, seat 2 (3z)", "scores  [35000 35000 35000]", "kita    1,0,1 by seat (3 players, 108 tiles)", " 3rd "} {
		if !strings.Contains(stdout, want) {
			t.Errorf("no %q in\n%s", want, stdout)
		}
	}
	if strings.Contains(stdout, "4th") {
		t.Errorf("a fourth place in\n%s", stdout)
	}
	with := func(extra ...string) []string { return append(slices.Clone(typed), extra...) }
	for _, tc := range []struct {
		args []string
		want string
	}{
		{with("--river", "3:7z"), `--river: "3:7z": want SEAT:TILES, SEAT 0 to 2 or a wind (E, S, W)`},
		{with("--melds", "3:pon=777z"), `--melds: "3:pon=777z": want SEAT:TILES, SEAT 0 to 2`},
		{with("--scores", "35000,35000,35000,0"), `--scores: "35000,35000,35000,0": want 3 scores by seat`},
		{with("--kita", "1,0,1,0"), `--kita: "1,0,1,0": want 3 counts by seat`},
		{with("--dora", "5m"), "--dora: 5m is not in a 3-player game (no 2m to 8m)"},
		{with("--players", "5"), "--players: 5: want 3 or 4"},
		{with("--players", "4"), `--kita: "1,0,1": only a 3-player game sets Norths aside`},
		{with("--wind", "N"), `--wind: "N": want E, S or W`},
		{[]string{"analyze", "--kita", "1,0,0", "--sims", "10"}, "give --hand too"},
	} {
		code, stdout, stderr := mjrankRun(t, nil, tc.args...)
		if code != 2 || !strings.Contains(stderr, tc.want) || stdout != "" {
			t.Errorf("%s: exit %d, stderr %q; want exit 2 and %q", strings.Join(tc.args, " "), code, stderr, tc.want)
		}
	}
}
