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
// 4-player game of fold 0 (held out), the rest training games. It returns
// the folder.
func shardCorpus(t *testing.T, held, train int) string {
	t.Helper()
	dir := t.TempDir()
	linkCorpus(t, dir, 4, held, train)
	if err := os.WriteFile(filepath.Join(dir, "a", "README.txt"), []byte("notes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// linkCorpus links held held-out and train training games of players
// seats of the corpus sample into dir, spread over subfolders a and b.
func linkCorpus(t *testing.T, dir string, players, held, train int) {
	t.Helper()
	_, files := shareddata.Corpus(t)
	n := 0
	for _, f := range files {
		if held == 0 && train == 0 {
			break
		}
		refs, err := dataset.ReadFile(f.Path)
		if err != nil || len(refs) != 1 || refs[0].Game.Players != players || refs[0].Game.Owari == nil || !refs[0].Game.Rules.FinalPointsKnown() {
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
		link := filepath.Join(dir, sub, fmt.Sprintf("%dp-%02d-%s", players, n, filepath.Base(f.Path)))
		if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(f.Path, link); err != nil {
			t.Fatal(err)
		}
	}
	if held > 0 || train > 0 {
		t.Fatalf("the corpus sample lacks %d held-out and %d training games of %d players", held, train, players)
	}
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
// output to a file, given to merge last-first), each of which must exit
// 0, and merges them with mergeArgs.
func shardsMerged(t *testing.T, command string, args []string, n int, mergeArgs ...string) runOut {
	t.Helper()
	dir := t.TempDir()
	var files []string
	for i := n; i >= 1; i-- {
		code, stdout, stderr := mjrankRun(t, nil, append([]string{command, "--shard", fmt.Sprintf("%d/%d", i, n), "--json"}, args...)...)
		if code != 0 {
			t.Fatalf("%s shard %d/%d: exit %d\n%s", command, i, n, code, stderr)
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
			// A shard that ran exits 0; the verdict is the merge's.
			for _, n := range []int{1, 2, 3, 11} {
				got := shardsMerged(t, "verify", c.paths, n, flags...)
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
			got := shardsMerged(t, "measure", args, n, flags...)
			sameRun(t, fmt.Sprintf("%d shards, %v", n, flags), got, want)
		}
	}
}

// shardFiles runs command's args as the shards given ("i/n") and writes
// each output into dir, returning the files in that order.
func shardFiles(t *testing.T, dir, command string, args []string, shards ...string) []string {
	t.Helper()
	var files []string
	for _, s := range shards {
		code, stdout, stderr := mjrankRun(t, nil, append([]string{command, "--shard", s, "--json"}, args...)...)
		if code != 0 {
			t.Fatalf("%s --shard %s: exit %d\n%s", command, s, code, stderr)
		}
		f := filepath.Join(dir, fmt.Sprintf("%s-%s-%d.json", command, strings.ReplaceAll(s, "/", "of"), len(files)))
		if err := os.WriteFile(f, []byte(stdout), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	return files
}

// editFile returns a new file: file with its first from replaced by to.
func editFile(t *testing.T, file, from, to string) string {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), from) {
		t.Fatalf("%s holds no %q", file, from)
	}
	f, err := os.CreateTemp(filepath.Dir(file), "edited-*.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(strings.Replace(string(b), from, to, 1)); err != nil {
		t.Fatal(err)
	}
	return f.Name()
}

// TestShardMergeRefuses: verify merge and measure merge refuse what does
// not make the whole run, naming the files at fault; and a bad --shard,
// --shard on standard input or a run's flag given to merge is a usage
// error.
func TestShardMergeRefuses(t *testing.T) {
	corpus := shardCorpus(t, 2, 2)
	other := shardCorpus(t, 2, 3)
	dir := t.TempDir()
	v := shardFiles(t, dir, "verify", []string{corpus}, "1/3", "2/3", "3/3")
	vOther := shardFiles(t, dir, "verify", []string{other}, "2/3", "1/2")
	_, whole, _ := mjrankRun(t, nil, "verify", "--json", corpus)
	unsharded := filepath.Join(dir, "unsharded.json")
	if err := os.WriteFile(unsharded, []byte(whole), 0o644); err != nil {
		t.Fatal(err)
	}
	// A corpus whose file grows between its shards' runs.
	growing := shardCorpus(t, 2, 2)
	grown := shardFiles(t, dir, "verify", []string{growing}, "1/2")
	links, err := filepath.Glob(filepath.Join(growing, "b", "*"))
	if err != nil || len(links) == 0 {
		t.Fatalf("no file under %s: %v", growing, err)
	}
	b, err := os.ReadFile(links[0])
	if err == nil {
		err = os.Remove(links[0])
	}
	if err == nil {
		err = os.WriteFile(links[0], append(b, '\n'), 0o644)
	}
	if err != nil {
		t.Fatal(err)
	}
	grown = append(grown, shardFiles(t, dir, "verify", []string{growing}, "2/2")...)
	margs := []string{"--corpus", corpus, "--games", "2", "--every", "60", "--sims", "5", "--bots", ""}
	m := shardFiles(t, dir, "measure", margs, "1/2", "2/2")
	mSims := shardFiles(t, dir, "measure", append(margs, "--sims", "6"), "2/2")
	for _, c := range []struct {
		name string
		args []string
		code int
		want string // in stderr
	}{
		{"verify: the shards", []string{"verify", "merge", v[2], v[0], v[1]}, 0, ""},
		{"verify: one missing", []string{"verify", "merge", v[0], v[2]}, 1, "merge: shard 2 of 3 missing"},
		{"verify: one twice", []string{"verify", "merge", v[0], v[1], v[1], v[2]}, 1, "merge: shard 2/3 given twice: " + v[1] + ", " + v[1]},
		{"verify: another corpus", []string{"verify", "merge", v[0], vOther[0], v[2]}, 1, vOther[0] + " (shard 2/3) is of another run than " + v[0] + " (shard 1/3): paths " + other + ", not " + corpus},
		{"verify: another count", []string{"verify", "merge", v[0], v[1], v[2], vOther[1]}, 1, "is of another run than " + v[0] + " (shard 1/3): "},
		{"verify: a file grown", []string{"verify", "merge", grown[0], grown[1]}, 1, grown[1] + " (shard 2/2) is of another run than " + grown[0] + " (shard 1/2): inputs 5 files, "},
		{"verify: a range edited", []string{"verify", "merge", v[0], editFile(t, v[1], `"to": `, `"to": 1`), v[2]}, 1, ".json: shard 2/3 holds files 1..13, but shard 2/3 of 5 files is 1..3"},
		{"verify: a report edited", []string{"verify", "merge", v[0], editFile(t, v[1], "\"result\": {\n    \"files\": ", "\"result\": {\n    \"files\": 9"), v[2]}, 1, ".json: the result does not fit its header: 9"},
		{"verify: a measure shard", []string{"verify", "merge", m[0]}, 1, m[0] + ": not the output of mjrank verify --shard i/N --json (a shard of mjrank measure)"},
		{"verify: an unsharded report", []string{"verify", "merge", unsharded}, 1, unsharded + ": not the output of mjrank verify --shard i/N --json (no shard header)"},
		{"verify: no such file", []string{"verify", "merge", v[0], filepath.Join(dir, "nope.json")}, 1, "nope.json: no such file"},
		{"verify: no file", []string{"verify", "merge"}, 2, "merge needs the shards' JSON files"},
		{"verify: merge --workers", []string{"verify", "merge", "--workers", "2", v[0]}, 2, "--workers: verify merge takes only --json"},
		{"verify: merge --shard", []string{"verify", "merge", "--shard", "1/3", v[0]}, 2, "--shard: verify merge takes only --json"},
		{"verify: --shard 0/2", []string{"verify", "--shard", "0/2", corpus}, 2, `--shard "0/2": must be i/n with 1 <= i <= n`},
		{"verify: --shard 3/2", []string{"verify", "--shard", "3/2", corpus}, 2, `--shard "3/2": must be i/n`},
		{"verify: --shard x", []string{"verify", "--shard", "x", corpus}, 2, `--shard "x": must be i/n`},
		{"verify: --shard on stdin", []string{"verify", "--shard", "1/2", "-"}, 2, "--shard: standard input (-) cannot be split"},
		{"measure: the shards", []string{"measure", "merge", m[1], m[0]}, 0, ""},
		{"measure: one missing", []string{"measure", "merge", m[1]}, 1, "merge: shard 1 of 2 missing"},
		{"measure: another budget", []string{"measure", "merge", m[0], mSims[0]}, 1, mSims[0] + ` (shard 2/2) is of another run than ` + m[0] + ` (shard 1/2): --sims "6", not "5"`},
		{"measure: a sample edited", []string{"measure", "merge", m[0], editFile(t, m[1], `"outcomes": [`, `"outcomes": [[2, 0, 0, 0],`)}, 1, "outcomes[0]: flag 1 is 2"},
		{"measure: a budget edited", []string{"measure", "merge", m[0], editFile(t, m[1], `"sims_per_decision": 5`, `"sims_per_decision": 6`)}, 1, `.json: the result does not fit its header: --sims 6, --fold 0, but the header's are 5 and 0`},
		{"measure: the games edited", []string{"measure", "merge", m[0], editFile(t, m[1], `"planned": 2`, `"planned": 3`)}, 1, `.json: the result does not fit its header: games 1..2 of 3 (1 given), but the header's are 1..2 of 2`},
		{"measure: a verify shard", []string{"measure", "merge", v[0]}, 1, "(a shard of mjrank verify)"},
		{"measure: merge --sims", []string{"measure", "merge", "--sims", "5", m[0], m[1]}, 2, "--sims: measure merge takes only --json"},
		{"measure: merge --corpus", []string{"measure", "merge", "--corpus", corpus, m[0], m[1]}, 2, "--corpus: measure merge takes only --json"},
		{"measure: --shard 1/0", append([]string{"measure", "--shard", "1/0"}, margs...), 2, `--shard "1/0": must be i/n`},
	} {
		code, _, stderr := mjrankRun(t, nil, c.args...)
		if code != c.code || !strings.Contains(stderr, c.want) {
			t.Errorf("%s: exit %d, stderr %q; want exit %d and %q", c.name, code, stderr, c.code, c.want)
		}
	}
}

// TestShardMergeInMemory: the merges a runner of shards calls on the
// outputs it collected give what the merge commands give, and name the
// outputs at fault by their shard.
func TestShardMergeInMemory(t *testing.T) {
	corpus := shardCorpus(t, 1, 2)
	var outs [][]byte
	for i := 1; i <= 2; i++ {
		code, stdout, stderr := mjrankRun(t, nil, "verify", "--shard", fmt.Sprintf("%d/2", i), "--json", corpus)
		if code != 0 {
			t.Fatalf("shard %d/2: exit %d\n%s", i, code, stderr)
		}
		outs = append(outs, []byte(stdout))
	}
	want := mjrankOut(t, "verify", "--json", corpus)
	var stdout, stderr strings.Builder
	err := verifyMerge(&Env{Stdout: &stdout, Stderr: &stderr}, shardOutputs(outs), true)
	if got := timing.ReplaceAllString(stdout.String(), "${1}X"); err != nil || got != want.stdout {
		t.Errorf("verifyMerge: %v\n%s\nwant\n%s", err, got, want.stdout)
	}
	err = verifyMerge(&Env{Stdout: &stdout, Stderr: &stderr}, shardOutputs([][]byte{outs[1], outs[1]}), true)
	if err == nil || !strings.Contains(err.Error(), "shard 2/2 given twice: the output of shard 1/2, the output of shard 2/2; shard 1 of 2 missing") {
		t.Errorf("shard 2/2 twice: %v", err)
	}
}
