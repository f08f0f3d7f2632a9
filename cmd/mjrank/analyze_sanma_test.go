package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/internal/shareddata"
)

// analyzeSanma runs analyze with args on a 3-player position and expects
// exit 0 and text naming each of wants, no fourth place and no Houou rank
// points (not known for three players); it returns the text.
func analyzeSanma(t *testing.T, args []string, wants ...string) string {
	t.Helper()
	code, stdout, stderr := mjrankRun(t, nil, args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range wants {
		if !strings.Contains(stdout, want) {
			t.Errorf("no %q in\n%s", want, stdout)
		}
	}
	if strings.Contains(stdout, "4th") {
		t.Errorf("a fourth place in\n%s", stdout)
	}
	if strings.Contains(stdout, "rank pt") {
		t.Errorf("a rank points column in\n%s", stdout)
	}
	return stdout
}

// TestAnalyzeSanmaLog analyses a kita decision of a 3-player record: the
// text gives three scores, the kitas by seat and three places; the JSON
// says 3 players; the empty seat is an error naming the seats.
func TestAnalyzeSanmaLog(t *testing.T) {
	file := filepath.Join(shareddata.Dir(t, "tenhou", "dnovikoff-tenhou", "log", "test_data"), "sanma2.xml")
	args := []string{"analyze", "--log", file, "--round", "E1-0", "--event", "1", "--sims", "40"}
	analyzeSanma(t, args, "scores  [35000 35000 35000]", "kita    0,0,0 by seat (3 players, 108 tiles)", "(played: kita)", " 3rd ")
	code, stdout, stderr := mjrankRun(t, nil, append(args, "--json")...)
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

// sanmaTyped is a typed 3-player position with kitas (the one sim/observe's
// TestParsePositionSanma checks against its JSON).
var sanmaTyped = []string{"analyze", "--players", "3", "--kita", "1,0,1", "--hand", "19m123456p789s11z", "--draw", "3z", "--dora", "5p",
	"--wind", "W", "--river", "0:1z9p", "--river", "1:2z8p_", "--river", "2:9s", "--sims", "20"}

// TestAnalyzeSanmaTyped analyses sanmaTyped: three scores, the kitas by
// seat, three places. What a 3-player table cannot hold is among
// TestAnalyzeTypedErrors' rows.
func TestAnalyzeSanmaTyped(t *testing.T) {
	analyzeSanma(t, sanmaTyped, "typed position  E1-0 event 15, seat 2 (3z)", "scores  [35000 35000 35000]", "kita    1,0,1 by seat (3 players, 108 tiles)", " 3rd ")
}
