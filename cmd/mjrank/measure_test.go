package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
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

// TestMeasureSanma: --players 3 measures the held-out 3-player games of a
// corpus that holds both kinds, with the kita decisions in the agreement;
// without it, the 4-player ones alone. Its shards merge to the whole, and
// a shard whose header does not say three players is refused.
func TestMeasureSanma(t *testing.T) {
	if testing.Short() {
		t.Skip("measures real games")
	}
	corpus := t.TempDir()
	linkCorpus(t, corpus, 3, 2, 2)
	linkCorpus(t, corpus, 4, 1, 1)
	args := []string{"--corpus", corpus, "--sims", "10", "--every", "5", "--bots", "policy", "--workers", "2"}
	three := mjrankOut(t, append([]string{"measure", "--players", "3"}, args...)...)
	if three.code != 0 || !strings.HasPrefix(three.stdout, "2 held-out 3-player games, ") || !regexp.MustCompile(`(?m)^ mc .* [0-9.]+% \([0-9]+/[1-9][0-9]*\) *$`).MatchString(three.stdout) || !strings.Contains(three.stdout, "kitas agreed") {
		t.Errorf("--players 3: exit %d, stderr %q\n%s", three.code, three.stderr, three.stdout)
	}
	four := mjrankOut(t, append([]string{"measure"}, args...)...)
	if four.code != 0 || !strings.HasPrefix(four.stdout, "1 held-out game, ") || strings.Contains(four.stdout, "kita") {
		t.Errorf("4 players: exit %d, stderr %q\n%s", four.code, four.stderr, four.stdout)
	}
	args = append([]string{"--players", "3"}, args...)
	want := mjrankOut(t, append([]string{"measure", "--json"}, args...)...)
	if !strings.Contains(want.stdout, `"players": 3,`) || !strings.Contains(want.stdout, `"kita_agreed": `) {
		t.Errorf("--players 3 --json: %s", want.stdout)
	}
	sameRun(t, "2 shards of 3-player games", shardsMerged(t, "measure", args, 2, "--json"), want)
	dir := t.TempDir()
	whole := shardFiles(t, dir, "measure", args, "1/1")[0]
	code, _, stderr := mjrankRun(t, nil, "measure", "merge", editFile(t, whole, `"players": "3"`, `"players": "4"`))
	if code != 1 || !strings.Contains(stderr, `the result does not fit its header: games of 3 players, but the header's --players is "4"`) {
		t.Errorf("a header without three players: exit %d, %s", code, stderr)
	}
}
