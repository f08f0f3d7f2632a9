package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/internal/shareddata"
)

// TestReviewSanma reviews a 3-player record end to end through the
// command (one round, few simulations): the text says there is no
// 3-player Houou reference instead of comparing with the 4-player one,
// the JSON is a 3-player report with kitas among its decisions, and the
// page draws three seats.
func TestReviewSanma(t *testing.T) {
	sanma := filepath.Join(shareddata.Dir(t, "tenhou", "dnovikoff-tenhou", "log", "test_data"), "sanma2.xml")
	args := []string{"review", "--sims", "20", "--rounds", "E1", "--seat", "0", sanma}
	code, stdout, stderr := mjrankRun(t, nil, args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "(houou: no 3-player Houou reference yet)") || strings.Contains(stdout, "  houou ") {
		t.Errorf("the text compares with the 4-player Houou players or does not say why not:\n%s", stdout)
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
	if rep.Players != 3 || len(rep.Decisions) == 0 || rep.Figures.Houou != nil || rep.Figures.HououNote == "" {
		t.Errorf("JSON: players %d, %d decisions, houou %s, note %q", rep.Players, len(rep.Decisions), rep.Figures.Houou, rep.Figures.HououNote)
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
