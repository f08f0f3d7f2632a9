package main

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/internal/shareddata"
)

// TestTrainOnlySanma: train --players 3 --only riichi trains the
// 3-player riichi model (riichi3) from the 3-player games of the corpus,
// on the embedded 3-player opponent models, and writes it alone into
// --policy-out; its card has the 4-player model's agreement beside its
// own. Until --players 3 took the policy's models this was a usage error.
func TestTrainOnlySanma(t *testing.T) {
	if testing.Short() {
		t.Skip("trains with xgboost")
	}
	if _, err := exec.LookPath("xgboost"); err != nil {
		t.Skip("skipping: xgboost not installed (apt-get install xgboost)")
	}
	corpus := shareddata.Dir(t, "tenhou", "thewaxmango-mahjong-hands", "log-libraries", "logs")
	out := t.TempDir()
	var stdout, stderr bytes.Buffer
	args := []string{"train", "--players", "3", "--only", "riichi", "--corpus", corpus, "--policy-out", out, "--max-files", "150", "--rounds", "10"}
	if code := run(args, strings.NewReader(""), &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	names, _ := filepath.Glob(filepath.Join(out, "*"))
	if len(names) != 2 || !strings.HasPrefix(filepath.Base(names[0]), "riichi3-") || !strings.HasPrefix(filepath.Base(names[1]), "riichi3-") {
		t.Errorf("--policy-out holds %v, want the riichi3 model and card", names)
	}
	s := stdout.String()
	for _, want := range []string{"riichi3  riichi3-", "agreement_vs_4p_model"} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %q:\n%s", want, s)
		}
	}
}
