package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/internal/shareddata"
	"github.com/mjrank/mjrank/review"
)

// TestReviewSanma reviews a 3-player record end to end through the
// command (one round, few simulations): the text compares with the Houou
// players of 3-player games and the JSON with the 3-player reference, not
// the 4-player one; the JSON is a 3-player report with kitas among its
// decisions, and the page draws three seats.
func TestReviewSanma(t *testing.T) {
	sanma := filepath.Join(shareddata.Dir(t, "tenhou", "dnovikoff-tenhou", "log", "test_data"), "sanma2.xml")
	args := []string{"review", "--sims", "20", "--rounds", "E1", "--seat", "0", sanma}
	code, stdout, stderr := mjrankRun(t, nil, args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "(houou: the Houou players of held-out 3-player games, median [10th–90th percentile] of one game)") || !regexp.MustCompile(`(?m)^\s*houou\s`).MatchString(stdout) {
		t.Errorf("the text does not compare with the 3-player Houou players:\n%s", stdout)
	}
	if strings.Count(stdout, review.NoRankPoints) != 1 || strings.Contains(stdout, "rank pt") {
		t.Errorf("the text shows rank points, or does not say once that a 3-player game has none:\n%s", stdout)
	}
	code, stdout, stderr = mjrankRun(t, nil, append([]string{"review", "--json"}, args[1:]...)...)
	if code != 0 {
		t.Fatalf("--json: exit %d: %s", code, stderr)
	}
	var rep struct {
		Players   int `json:"players"`
		Decisions []struct {
			Played string `json:"played"`
		} `json:"decisions"`
		Figures struct {
			Houou     json.RawMessage `json:"houou"`
			HououNote string          `json:"houou_note"`
		} `json:"figures"`
		RankPointsNote string `json:"rank_points_note"`
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatal(err)
	}
	kitas := 0
	for _, d := range rep.Decisions {
		if strings.HasPrefix(d.Played, "kita") {
			kitas++
		}
	}
	ref, err := review.DefaultHououTableFor(3)
	if err != nil {
		t.Fatal(err)
	}
	var got review.Bands
	if err := json.Unmarshal(rep.Figures.Houou, &got); err != nil {
		t.Errorf("JSON: houou %s: %v", rep.Figures.Houou, err)
	}
	if rep.RankPointsNote != review.NoRankPoints {
		t.Errorf("JSON: rank_points_note %q, want %q", rep.RankPointsNote, review.NoRankPoints)
	}
	if rep.Players != 3 || len(rep.Decisions) == 0 || !reflect.DeepEqual(&got, ref.Figures) || rep.Figures.HououNote != "" {
		t.Errorf("JSON: players %d, %d decisions, houou %+v (houou3.json's %+v), note %q", rep.Players, len(rep.Decisions), got, *ref.Figures, rep.Figures.HououNote)
	}
	t.Logf("%d decisions, %d kitas", len(rep.Decisions), kitas)
	page := filepath.Join(t.TempDir(), "sanma.html")
	if code, _, stderr := mjrankRun(t, nil, append([]string{"review", "--html", page}, args[1:]...)...); code != 0 {
		t.Fatalf("--html: exit %d: %s", code, stderr)
	}
	b, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	if h := string(b); !strings.Contains(h, "3 players, 108 tiles") || strings.Contains(h, `data-seat="3"`) {
		t.Error("the page does not draw a 3-player table")
	}
}
