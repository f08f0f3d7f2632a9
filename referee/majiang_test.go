package referee

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/mjrank/mjrank/arena"
	"github.com/mjrank/mjrank/data/records"
	"github.com/mjrank/mjrank/sim/game"
)

// majiangAI returns the command that runs the majiang-ai adapter, or
// skips (fails under MJRANK_REQUIRE_SHARED=1) where Node or the installed
// adapter is missing.
func majiangAI(t *testing.T) string {
	t.Helper()
	bot, _ := filepath.Abs("../interop/majiang-ai/mjai-bot.js")
	node, err := exec.LookPath("node")
	_, serr := os.Stat("../interop/majiang-ai/node_modules/@kobalab/majiang-ai")
	if err != nil || serr != nil {
		msg := "majiang-ai adapter not available (needs node and 'make majiang-ai'): skipping"
		if os.Getenv("MJRANK_REQUIRE_SHARED") == "1" {
			t.Fatal(msg + " is not allowed under MJRANK_REQUIRE_SHARED=1")
		}
		t.Skip(msg)
	}
	return "cmd:'" + node + "' '" + bot + "'"
}

// TestMajiangAI: the external bot plays whole games with no reply
// rejected, and the records verify with no mismatch.
func TestMajiangAI(t *testing.T) {
	ai := majiangAI(t)
	games := 8
	if testing.Short() {
		games = 4
	}
	dir := t.TempDir()
	m := Match{Arena: arena.Config{Seats: [4]string{ai, "efficiency", "thesis", ai}, Games: games, Seed: 24,
		Rotate: true, Length: game.Tonpuusen, Records: dir}, TimeLimit: time.Hour}
	m.Report = func(e *ReplyError) { t.Errorf("rejected: %v", e) }
	res, err := m.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if res.Played != games {
		t.Errorf("%d games played of %d", res.Played, games)
	}
	rep, err := records.Verify(context.Background(), []string{dir}, records.VerifyOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Complete != games || len(rep.Mismatches)+len(rep.Errors) != 0 {
		t.Errorf("records: %d complete of %d, mismatches %v, errors %v", rep.Complete, games, rep.Mismatches, rep.Errors)
	}
}
