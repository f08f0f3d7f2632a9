package main

import (
	"encoding/json"
	"path/filepath"
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
