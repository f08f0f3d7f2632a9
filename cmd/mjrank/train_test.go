package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/internal/shareddata"
)

// TestTrainOnly: train --only riichi trains the riichi model alone on the
// embedded opponent models and writes it, with its card, into
// --policy-out and nothing else; the table lists its steps only.
func TestTrainOnly(t *testing.T) {
	if testing.Short() {
		t.Skip("trains with xgboost")
	}
	if _, err := exec.LookPath("xgboost"); err != nil {
		t.Skip("skipping: xgboost not installed (apt-get install xgboost)")
	}
	corpus := shareddata.Dir(t, "tenhou", "somiona-mahjong579")
	out := t.TempDir()
	var stdout, stderr bytes.Buffer
	args := []string{"train", "--only", "riichi", "--corpus", corpus, "--policy-out", out, "--max-files", "60", "--rounds", "10"}
	if code := run(args, strings.NewReader(""), &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	names, _ := filepath.Glob(filepath.Join(out, "*"))
	if len(names) != 2 || !strings.HasPrefix(filepath.Base(names[0]), "riichi-") || !strings.HasPrefix(filepath.Base(names[1]), "riichi-") {
		t.Errorf("--policy-out holds %v, want the riichi model and card", names)
	}
	s := stdout.String()
	for _, want := range []string{"riichi  riichi-", "agreement", "decision samples", "xgboost riichi"} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %q:\n%s", want, s)
		}
	}
	for _, not := range []string{"tenpai", "evaluation", "xgboost call"} {
		if strings.Contains(s, not) {
			t.Errorf("output has %q:\n%s", not, s)
		}
	}
	// --out names the opponent models to read: a folder without them is
	// an error, before anything is written.
	empty := t.TempDir()
	stdout.Reset()
	stderr.Reset()
	args = []string{"train", "--only", "riichi", "--corpus", corpus, "--out", empty, "--max-files", "60", "--rounds", "10"}
	if code := run(args, strings.NewReader(""), &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), "opponent models") {
		t.Errorf("--out without opponent models: exit %d, stderr %q", code, stderr.String())
	}
	if left, _ := os.ReadDir(empty); len(left) > 0 {
		t.Errorf("--out without opponent models: wrote %v", left)
	}
}

// TestTrainPathAndListFlags: a flag given empty is a usage error (an empty
// --only trained everything, an empty --work took a temporary folder), and so is a
// --work inside the corpus or equal to --out, at once and leaving nothing
// in the corpus; a relative --work is made absolute before the run.
func TestTrainPathAndListFlags(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	if err := os.MkdirAll("corpus", 0o755); err != nil {
		t.Fatal(err)
	}
	base := []string{"train", "--corpus", "corpus", "--out", "out", "--xgboost", "no-such-xgboost"}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--only", ""}, "--only"},
		{[]string{"--work", ""}, "--work"},
		{[]string{"--rank-out", ""}, "--rank-out"},
		{[]string{"--policy-out", ""}, "--policy-out"},
		{[]string{"--work", "corpus"}, "--work"},
		{[]string{"--work", "corpus/wk"}, "--work"},
		{[]string{"--work", "out"}, "--work"},
		{[]string{"--rank-out", "corpus/rank"}, "--rank-out"},
	} {
		var stdout, stderr bytes.Buffer
		args := append(slices.Clone(base), c.args...)
		if code := run(args, strings.NewReader(""), &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("%q: exit %d, stderr %q; want a usage error naming %s", c.args, code, stderr.String(), c.want)
		}
	}
	if left, _ := os.ReadDir("corpus"); len(left) > 0 {
		t.Errorf("the corpus holds %v", left)
	}
	o := trainOptions{corpus: "corpus", out: "out", work: "wk", xgb: "xgboost", threads: 2, tenpaiRate: 1, waitRate: 1, valueRate: 1, policyRate: 1}
	if err := o.check(); err != nil || o.work != filepath.Join(dir, "wk") || o.out != filepath.Join(dir, "out") {
		t.Errorf("check: %v; --work %q, --out %q, want both absolute", err, o.work, o.out)
	}
}
