package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/data/dataset"
)

// heldOutCorpus makes a corpus of the self-play game twice: as it is, and
// under a log id of the held-out tenth.
func heldOutCorpus(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(sampleJSON)
	if err != nil {
		t.Fatal(err)
	}
	const ref = `"ref":"mjrank-arena-5-0-0"`
	if !strings.Contains(string(b), ref) {
		t.Fatalf("%s has no %s", sampleJSON, ref)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "train.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	for i := 1; ; i++ {
		id := fmt.Sprintf("mjrank-arena-5-0-%d", i)
		if dataset.HeldOut(id) {
			held := strings.Replace(string(b), ref, `"ref":"`+id+`"`, 1)
			if err := os.WriteFile(filepath.Join(dir, "held.json"), []byte(held), 0o644); err != nil {
				t.Fatal(err)
			}
			return dir
		}
	}
}

// TestMeasureNothingMeasured: an --every that selects no decision of the
// games is an error, text and JSON, not a report of 0 decisions (issue 53,
// D14); one that selects some measures them.
func TestMeasureNothingMeasured(t *testing.T) {
	corpus := heldOutCorpus(t)
	args := []string{"measure", "--corpus", corpus, "--every", "999999", "--games", "1", "--sims", "10", "--bots", "", "--workers", "1"}
	for _, extra := range [][]string{nil, {"--json"}} {
		code, stdout, stderr := mjrankRun(t, nil, append(args, extra...)...)
		if code != 1 || stdout != "" || !strings.Contains(stderr, "nothing measured: --every 999999") || !strings.Contains(stderr, "of 1 held-out game") {
			t.Errorf("%v: exit %d, stderr %q\n%s", extra, code, stderr, stdout)
		}
	}
	args[4] = "50"
	code, stdout, stderr := mjrankRun(t, nil, args...)
	if code != 0 || !strings.HasPrefix(stdout, "1 held-out game, ") || strings.Contains(stdout, " 0 decisions") {
		t.Errorf("--every 50: exit %d, stderr %q\n%s", code, stderr, stdout)
	}
}
