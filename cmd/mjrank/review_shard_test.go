package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/mjrank/mjrank/internal/shareddata"
)

// shardBatch makes, in a new folder it moves into, a batch of three real
// games in games/ (the first again in games/sub/, a game the batch holds
// twice) and a damaged record cut.xml, and returns the review's paths:
// five entries, one failed and one skipped.
func shardBatch(t *testing.T) []string {
	t.Helper()
	logs := shareddata.Dir(t, "tenhou", "thewaxmango-mahjong-hands", "log-libraries", "logs")
	names, err := filepath.Glob(filepath.Join(logs, "20220101*gm-00a9-*.txt"))
	if err != nil || len(names) < 3 {
		t.Fatalf("%s: %d 4-player records of 20220101, want 3 or more (%v)", logs, len(names), err)
	}
	dir := t.TempDir()
	for i, name := range names[:3] {
		copyFile(t, name, filepath.Join(dir, "games", fmt.Sprintf("%c.txt", 'a'+i)))
	}
	copyFile(t, names[0], filepath.Join(dir, "games", "sub", "a-again.txt"))
	b, err := os.ReadFile(sampleXML)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "cut.xml"), b[:len(b)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	return []string{"games", "cut.xml"}
}

// runShards runs review with args as n shards (--shard i/n --json), each
// into its file in dir, and returns the files and the shards' exit
// statuses.
func runShards(t *testing.T, dir string, n int, args ...string) ([]string, []int) {
	t.Helper()
	var files []string
	var codes []int
	for i := 1; i <= n; i++ {
		code, stdout, stderr := mjrankRun(t, nil, append([]string{"review", "--shard", fmt.Sprintf("%d/%d", i, n), "--json"}, args...)...)
		if code != 0 && code != 1 || stderr != "" {
			t.Fatalf("shard %d/%d: exit %d, stderr %q", i, n, code, stderr)
		}
		f := filepath.Join(dir, fmt.Sprintf("shard-%d-of-%d.json", i, n))
		if err := os.WriteFile(f, []byte(stdout), 0o644); err != nil {
			t.Fatal(err)
		}
		files, codes = append(files, f), append(codes, code)
	}
	return files, codes
}

// pagesOf reads the files of a folder of pages.
func pagesOf(t *testing.T, dir string) map[string]string {
	t.Helper()
	pages := map[string]string{}
	for _, name := range dirNames(t, dir) {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		pages[name] = string(b)
	}
	return pages
}

// TestReviewShardsMerge: a batch of real games, a repeat and a damaged
// record reviewed as N = 1, 2 and 3 shards and merged (the shards in
// reverse order) gives the JSON, the text, the pages and the exit status
// of one process, but for the timings; the repeat is found across shards
// (N = 3 puts it in another shard than its first). Every shard exits 0,
// the one holding the damaged record too: its part names it, and the
// merge exits 1.
func TestReviewShardsMerge(t *testing.T) {
	if testing.Short() {
		t.Skip("reviews a batch seven times")
	}
	args := append([]string{"--sims", "20", "--rounds", "E1", "--workers", "2"}, shardBatch(t)...)
	out := t.TempDir()
	code, want, stderr := mjrankRun(t, nil, append([]string{"review", "--json", "--html", filepath.Join(out, "one")}, args...)...)
	var one batchReport
	if err := json.Unmarshal([]byte(want), &one); code != 1 || stderr != "" || err != nil {
		t.Fatalf("one process: exit %d, stderr %q, %v", code, stderr, err)
	}
	if b := one.Batch; len(one.Games) != 5 || b.Reviewed != 3 || b.Skipped != 1 || b.Failed != 1 || !strings.Contains(one.Games[3].Reason, "the same game as games/a.txt game 1") {
		t.Fatalf("the batch is not the one the test needs: %+v, %+v", b, one.Games[3])
	}
	_, wantText, _ := mjrankRun(t, nil, append([]string{"review"}, args...)...)
	wantPages := pagesOf(t, filepath.Join(out, "one"))
	for n := 1; n <= 3; n++ {
		files, codes := runShards(t, out, n, args...)
		for i, c := range codes {
			if c != 0 { // the last holds cut.xml, a failed entry: in its part, not its status
				t.Errorf("N=%d: shard %d exits %d, want 0", n, i+1, c)
			}
		}
		rev := make([]string, n)
		for i, f := range files {
			rev[n-1-i] = f
		}
		pages := filepath.Join(out, fmt.Sprintf("merged-%d", n))
		code, got, stderr := mjrankRun(t, nil, append([]string{"review", "merge", "--json", "--html", pages}, rev...)...)
		if code != 1 || stderr != "" {
			t.Errorf("N=%d: merge exits %d (want 1: a game failed), stderr %q", n, code, stderr)
		}
		if masked(got, false) != masked(want, false) {
			t.Errorf("N=%d: the merged JSON differs from one process's:\n%s", n, firstDiff(masked(want, false), masked(got, false)))
		}
		if _, gotText, _ := mjrankRun(t, nil, append([]string{"review", "merge"}, rev...)...); maskedText(gotText) != maskedText(wantText) {
			t.Errorf("N=%d: the merged text differs from one process's:\n%s", n, firstDiff(maskedText(wantText), maskedText(gotText)))
		}
		got2 := pagesOf(t, pages)
		if len(got2) != len(wantPages) {
			t.Errorf("N=%d: merge wrote %d pages, one process %d", n, len(got2), len(wantPages))
		}
		for name, page := range wantPages {
			if got2[name] != page {
				t.Errorf("N=%d: %s differs from one process's", n, name)
			}
		}
	}
}

// maskedText is a review's text without its timing.
func maskedText(s string) string {
	return regexp.MustCompile(`analysed in [0-9.]+ s`).ReplaceAllString(s, "analysed in X s")
}

// TestReviewShardEmpty: more shards than entries leave some empty, which
// is no error; a lone game reviewed as two shards merges into that game's
// review, as one process prints it.
func TestReviewShardEmpty(t *testing.T) {
	args := []string{"--sims", "20", "--rounds", "E1", sampleXML}
	_, want, _ := mjrankRun(t, nil, append([]string{"review", "--json"}, args...)...)
	_, wantText, _ := mjrankRun(t, nil, append([]string{"review"}, args...)...)
	dir := t.TempDir()
	files, codes := runShards(t, dir, 2, args...)
	if codes[0] != 0 || codes[1] != 0 {
		t.Fatalf("exit %v", codes)
	}
	b, _ := os.ReadFile(files[0])
	if !strings.Contains(string(b), `"games": []`) {
		t.Errorf("shard 1/2 of one game is not empty:\n%.300s", b)
	}
	if _, text, _ := mjrankRun(t, nil, "review", "--shard", "1/2", "--sims", "20", "--rounds", "E1", sampleXML); !strings.HasPrefix(text, "shard 1/2: no entry (of 1)") {
		t.Errorf("the empty shard's text: %.200q", text)
	}
	code, got, stderr := mjrankRun(t, nil, "review", "merge", "--json", files[0], files[1])
	if code != 0 || masked(got, false) != masked(want, false) {
		t.Errorf("merge: exit %d, stderr %q:\n%s", code, stderr, firstDiff(masked(want, false), masked(got, false)))
	}
	if _, text, _ := mjrankRun(t, nil, "review", "merge", files[1], files[0]); text != wantText {
		t.Errorf("merge's text:\n%s", firstDiff(wantText, text))
	}
}

// TestReviewShardRefused: bad --shard values, --shard with standard
// input or --html, the flags of a run given to merge are usage errors;
// merge refuses, naming the files, outputs that are no review shard's,
// of another batch, options, build or models, a shard missing or given
// twice, and one whose entries are not its header's.
func TestReviewShardRefused(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--shard", "0/2", sampleXML}, `--shard "0/2": must be i/n with 1 <= i <= n`},
		{[]string{"--shard", "3/2", sampleXML}, `--shard "3/2": must be i/n with 1 <= i <= n`},
		{[]string{"--shard", "1", sampleXML}, `--shard "1": must be i/n`},
		{[]string{"--shard", "1/2", "-"}, "--shard: standard input (-) cannot be split into shards"},
		{[]string{"--shard", "1/2", "--html", t.TempDir(), sampleXML}, "--html: a shard writes no pages; give --html to review merge"},
		{[]string{"merge", "--sims", "20", "x.json"}, "--sims: review merge takes only --json and --html"},
		{[]string{"merge", "--shard", "1/2", "x.json"}, "--shard: review merge takes only --json and --html"},
		{[]string{"merge"}, "merge needs the shards' JSON files"},
	} {
		code, stdout, stderr := mjrankRun(t, nil, append([]string{"review"}, tc.args...)...)
		if code != 2 || stdout != "" || !strings.Contains(stderr, tc.want) {
			t.Errorf("review %q: exit %d, stderr %q; want 2 and %q", tc.args, code, stderr, tc.want)
		}
	}

	dir := t.TempDir()
	args := []string{"--sims", "20", "--rounds", "E1", sampleXML, sampleJSON}
	files, _ := runShards(t, dir, 2, args...)
	sub := func(name string, args ...string) string {
		code, stdout, stderr := mjrankRun(t, nil, append([]string{"review", "--json"}, args...)...)
		if code != 0 {
			t.Fatalf("%s: exit %d, %s", name, code, stderr)
		}
		f := filepath.Join(dir, name)
		if err := os.WriteFile(f, []byte(stdout), 0o644); err != nil {
			t.Fatal(err)
		}
		return f
	}
	otherSims := sub("sims21.json", "--shard", "2/2", "--sims", "21", "--rounds", "E1", sampleXML, sampleJSON)
	otherBatch := sub("other.json", "--shard", "2/2", "--sims", "20", "--rounds", "E1", sampleXML, sampleMjson)
	threeShards := sub("of3.json", "--shard", "2/3", "--sims", "20", "--rounds", "E1", sampleXML, sampleJSON)
	plain := sub("plain.json", "--sims", "20", "--rounds", "E1", sampleXML, sampleJSON)
	b, _ := os.ReadFile(files[1])
	cut := filepath.Join(dir, "cut.json")
	os.WriteFile(cut, regexp.MustCompile(`"to": 2`).ReplaceAll(b, []byte(`"to": 1`)), 0o644)
	otherBuild := filepath.Join(dir, "build.json")
	os.WriteFile(otherBuild, regexp.MustCompile(`"build": "[^"]*"`).ReplaceAll(b, []byte(`"build": "mjrank v0 another build; models x"`)), 0o644)
	var out map[string]any
	json.Unmarshal(b, &out)
	out["result"].(map[string]any)["games"] = []any{}
	noGames, _ := json.Marshal(out)
	empty := filepath.Join(dir, "nogames.json")
	os.WriteFile(empty, noGames, 0o644)
	for _, tc := range []struct {
		files []string
		want  string
	}{
		{[]string{files[0], otherSims}, otherSims + ` (shard 2/2) is of another run than ` + files[0] + ` (shard 1/2): --sims "21", not "20"`},
		{[]string{files[0], otherBatch}, otherBatch + ` (shard 2/2) is of another run than ` + files[0] + ` (shard 1/2): paths`},
		{[]string{files[0], threeShards}, `shard count 3, not 2`},
		{[]string{files[0], otherBuild}, otherBuild + ` (shard 2/2) is of another run than ` + files[0] + ` (shard 1/2): build mjrank v0 another build; models x, not `},
		{[]string{files[0]}, "shard 2 of 2 missing"},
		{[]string{files[0], files[1], files[0]}, "shard 1/2 given twice: " + files[0] + ", " + files[0]},
		{[]string{files[0], plain}, plain + ": not the output of mjrank review --shard i/N --json (no shard header)"},
		{[]string{files[0], cut}, cut + ": shard 2/2 holds games 1..1, but shard 2/2 of 2 games is 1..2"},
		{[]string{files[0], empty}, empty + ": shard 2/2 holds 0 entries, its header says 1 (2 to 2 of 2)"},
		{[]string{files[0], filepath.Join(dir, "missing.json")}, "missing.json: no such file"},
	} {
		code, stdout, stderr := mjrankRun(t, nil, append([]string{"review", "merge", "--json"}, tc.files...)...)
		if code != 1 || stdout != "" || !strings.Contains(stderr, tc.want) {
			t.Errorf("merge %q: exit %d, stderr %q; want 1 and %q", tc.files, code, stderr, tc.want)
		}
	}
	// The files as they are merge.
	if code, _, stderr := mjrankRun(t, nil, "review", "merge", "--json", files[1], files[0]); code != 0 {
		t.Errorf("the shards as written: exit %d, %s", code, stderr)
	}
}

// TestReviewShardLogs: a shard fetches only the Tenhou logs of its own
// slice (a log is one entry whatever the server answers), and the shards
// of a batch of two logs merge into one process's review.
func TestReviewShardLogs(t *testing.T) {
	ids := []string{"2022010115gm-00a9-0000-dcf9e89c", "2022010115gm-00a9-0000-0000abcd"}
	other := filepath.Join(t.TempDir(), "other.xml")
	renamed(t, other, "someone") // another game than sampleJSON's
	bodies := map[string][]byte{}
	for i, path := range []string{sampleJSON, other} {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		bodies[ids[i]] = b
	}
	var mu sync.Mutex
	var asked []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		asked = append(asked, r.URL.RawQuery)
		mu.Unlock()
		if b, ok := bodies[r.URL.RawQuery]; ok {
			w.Write(b)
			return
		}
		http.NotFound(w, r)
	}))
	defer srv.Close()
	args := []string{"--sims", "20", "--rounds", "E1", "--log-server", srv.URL, ids[0], ids[1]}
	_, want, _ := mjrankRun(t, nil, append([]string{"review", "--json"}, args...)...)
	dir := t.TempDir()
	var files []string
	for i := 1; i <= 2; i++ {
		mu.Lock()
		asked = nil
		mu.Unlock()
		code, stdout, stderr := mjrankRun(t, nil, append([]string{"review", "--json", "--shard", fmt.Sprintf("%d/2", i)}, args...)...)
		mu.Lock()
		got := slices.Clone(asked)
		mu.Unlock()
		if code != 0 || stderr != "" || len(got) != 1 || got[0] != ids[i-1] {
			t.Errorf("shard %d/2: exit %d, stderr %q, fetched %q; want only %s", i, code, stderr, got, ids[i-1])
		}
		f := filepath.Join(dir, fmt.Sprintf("log-%d.json", i))
		if err := os.WriteFile(f, []byte(stdout), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	code, got, stderr := mjrankRun(t, nil, "review", "merge", "--json", files[0], files[1])
	if code != 0 || masked(got, false) != masked(want, false) || !strings.Contains(got, `"log_id": "`+ids[1]+`"`) {
		t.Errorf("merge: exit %d, stderr %q:\n%s", code, stderr, firstDiff(masked(want, false), masked(got, false)))
	}
}
