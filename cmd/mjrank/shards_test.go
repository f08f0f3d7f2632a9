package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/data/dataset"
	"github.com/mjrank/mjrank/internal/shareddata"
)

// shardCorpus links real games of the corpus sample into a temporary
// folder, spread over two subfolders, with a README beside them (a file
// that holds no record, which the listing skips): held of them hold a
// game of fold 0 (held out), the rest training games. It returns the
// folder.
func shardCorpus(t *testing.T, held, train int) string {
	t.Helper()
	_, files := shareddata.Corpus(t)
	dir := t.TempDir()
	n := 0
	for _, f := range files {
		if held == 0 && train == 0 {
			break
		}
		refs, err := dataset.ReadFile(f.Path)
		if err != nil || len(refs) != 1 || dataset.Usable(refs[0].Game) != nil || refs[0].Game.Players != 4 {
			continue
		}
		switch {
		case refs[0].HeldOut && held > 0:
			held--
		case !refs[0].HeldOut && train > 0:
			train--
		default:
			continue
		}
		sub := []string{"a", "b"}[n%2]
		n++
		link := filepath.Join(dir, sub, fmt.Sprintf("%02d-%s", n, filepath.Base(f.Path)))
		if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(f.Path, link); err != nil {
			t.Fatal(err)
		}
	}
	if held > 0 || train > 0 {
		t.Fatalf("the corpus sample lacks %d held-out and %d training games", held, train)
	}
	if err := os.WriteFile(filepath.Join(dir, "a", "README.txt"), []byte("notes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// runOut is one run's exit status and output, its timing masked.
type runOut struct {
	code           int
	stdout, stderr string
}

func mjrankOut(t *testing.T, args ...string) runOut {
	t.Helper()
	code, stdout, stderr := mjrankRun(t, nil, args...)
	stdout = measureTime.ReplaceAllString(timing.ReplaceAllString(stdout, "${1}X"), "${1}X")
	return runOut{code, stdout, stderr}
}

// measureTime matches the time in measure's first line.
var measureTime = regexp.MustCompile(`(?m)^(.* per decision, )[0-9]+s$`)

// shardsMerged runs command's args as n shards (--shard i/n --json, each
// output to a file, given to merge last-first) and merges them with
// mergeArgs; it checks shard i's exit status against shardCode(i).
func shardsMerged(t *testing.T, command string, args []string, n int, shardCode func(i int) int, mergeArgs ...string) runOut {
	t.Helper()
	dir := t.TempDir()
	var files []string
	for i := n; i >= 1; i-- {
		code, stdout, stderr := mjrankRun(t, nil, append([]string{command, "--shard", fmt.Sprintf("%d/%d", i, n), "--json"}, args...)...)
		if want := shardCode(i); code != want {
			t.Fatalf("%s shard %d/%d: exit %d, want %d\n%s", command, i, n, code, want, stderr)
		}
		f := filepath.Join(dir, fmt.Sprintf("shard-%d.json", i))
		if err := os.WriteFile(f, []byte(stdout), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	return mjrankOut(t, append(append([]string{command, "merge"}, mergeArgs...), files...)...)
}

// sameRun fails unless got (a merge) is want (one process's run).
func sameRun(t *testing.T, what string, got, want runOut) {
	t.Helper()
	if got != want {
		t.Errorf("%s: the merge differs from one run:\n--- merge: exit %d, stderr %q ---\n%s\n--- one run: exit %d, stderr %q ---\n%s",
			what, got.code, got.stderr, got.stdout, want.code, want.stderr, want.stdout)
	}
}

// TestVerifyShardsMerge: for 1, 2, 3 shards and more shards than files
// (empty shards), the merge of the shards' outputs is what one verify
// prints, JSON and text, with the same exit status; the listing's problems
// (a missing path) are reported once.
func TestVerifyShardsMerge(t *testing.T) {
	corpus := shardCorpus(t, 2, 5) // 8 files with the README
	for _, c := range []struct {
		name  string
		paths []string
		code  int
	}{
		{"clean", []string{corpus}, 0},
		{"a missing path", []string{corpus, filepath.Join(corpus, "missing.xml")}, 1},
	} {
		for _, asJSON := range []bool{true, false} {
			flags := []string{}
			if asJSON {
				flags = []string{"--json"}
			}
			want := mjrankOut(t, append(append([]string{"verify"}, flags...), c.paths...)...)
			if want.code != c.code || !strings.Contains(want.stdout, "not a game record") {
				t.Fatalf("%s: verify: exit %d\n%s%s", c.name, want.code, want.stdout, want.stderr)
			}
			// Shard 1 reports the listing's problems, and fails on them.
			shardCode := func(i int) int { return c.code * b2i(i == 1) }
			for _, n := range []int{1, 2, 3, 11} {
				got := shardsMerged(t, "verify", c.paths, n, shardCode, flags...)
				sameRun(t, fmt.Sprintf("%s, %d shards, %v", c.name, n, flags), got, want)
			}
		}
	}
}

// TestMeasureShardsMerge: for 1, 2, 3 shards and more shards than games
// (empty shards), the merge of the shards' outputs is what one measure
// prints, JSON (and text, for 3 shards), to the last digit of every
// figure.
func TestMeasureShardsMerge(t *testing.T) {
	if testing.Short() {
		t.Skip("measures real games")
	}
	corpus := shardCorpus(t, 3, 4)
	args := []string{"--corpus", corpus, "--sims", "10", "--every", "10", "--bots", "efficiency", "--oracle", "--workers", "2"}
	for _, asJSON := range []bool{true, false} {
		flags, shards := []string{}, []int{3}
		if asJSON {
			flags, shards = []string{"--json"}, []int{1, 2, 3, 5}
		}
		want := mjrankOut(t, append(append([]string{"measure"}, args...), flags...)...)
		if want.code != 0 || !strings.Contains(want.stdout, "3 held-out games") && !strings.Contains(want.stdout, `"games": 3,`) {
			t.Fatalf("measure: exit %d\n%s%s", want.code, want.stdout, want.stderr)
		}
		for _, n := range shards {
			got := shardsMerged(t, "measure", args, n, func(int) int { return 0 }, flags...)
			sameRun(t, fmt.Sprintf("%d shards, %v", n, flags), got, want)
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
