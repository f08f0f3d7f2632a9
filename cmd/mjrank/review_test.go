package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/mjrank/mjrank/internal/shareddata"
)

// TestReviewHTML writes the HTML report and checks that it is one
// well-formed, self-contained page with the chart and every decision.
func TestReviewHTML(t *testing.T) {
	out := filepath.Join(t.TempDir(), "r.html")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"review", "../../data/testdata/selfplay.xml", "--sims", "20", "--html", out}, strings.NewReader(""), &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	// Links within the page only (#d12), script inline only.
	for _, bad := range []string{"src=", "href=", "<link", "<script ", "@import", "url("} {
		if strings.Contains(strings.ReplaceAll(s, `href="#`, ""), bad) {
			t.Errorf("the page holds %q: not self-contained", bad)
		}
	}
	if !strings.HasPrefix(s, "<!DOCTYPE html>") || !strings.Contains(s, "<svg") || !strings.Contains(s, "<polyline") {
		t.Error("no doctype or no chart")
	}
	if n := strings.Count(s, `<article class="dec stop"`); n != 67 {
		t.Errorf("%d decisions in the page, want 67", n)
	}
	// Well-formed as XML (after the doctype): every tag closed.
	d := xml.NewDecoder(strings.NewReader(strings.TrimPrefix(s, "<!DOCTYPE html>\n")))
	d.Strict = true
	for {
		_, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("malformed HTML: %v", err)
		}
	}
}

// TestReviewRefusesSanmaSeat3: a 3-player record is reviewed, but its
// empty fourth seat is refused with an error saying which seats play.
func TestReviewRefusesSanmaSeat3(t *testing.T) {
	file := filepath.Join(shareddata.Dir(t, "tenhou", "dnovikoff-tenhou", "log", "test_data"), "sanma2.xml")
	var stdout, stderr bytes.Buffer
	code := run([]string{"review", file, "--sims", "10", "--seat", "3"}, strings.NewReader(""), &stdout, &stderr)
	if code != 1 || !strings.Contains(stderr.String(), "seat 3: want 0 to 2 (a 3-player game)") {
		t.Fatalf("exit %d, stderr %q", code, stderr.String())
	}
}

// TestReviewHTMLPathCheckedFirst: an --html path that cannot take the page
// (a folder, a missing folder) fails before the review runs, and leaves
// no temporary file behind; a good one gets the page and nothing else.
func TestReviewHTMLPathCheckedFirst(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ path, want string }{
		{dir, "a folder; give a file name"},
		{filepath.Join(dir, "missing", "r.html"), "cannot write into"},
	} {
		var stdout, stderr bytes.Buffer
		code := run([]string{"review", "../../data/testdata/selfplay.xml", "--sims", "20000", "--html", tc.path}, strings.NewReader(""), &stdout, &stderr)
		if code != 2 || !strings.Contains(stderr.String(), tc.want) || stdout.Len() != 0 {
			t.Errorf("--html %s: exit %d, stderr %q, stdout %d bytes", tc.path, code, stderr.String(), stdout.Len())
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) != 0 {
		t.Errorf("left in the folder: %v %v", entries, err)
	}
}

// readFIFO makes a FIFO at path and starts its reader. The function it
// returns waits for what the reader got, after checking that path is
// still a FIFO (if it was replaced, the reader waits forever: ok false).
func readFIFO(t *testing.T, path string) func() ([]byte, bool) {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Fatal(err)
	}
	got := make(chan []byte, 1)
	go func() {
		b, _ := os.ReadFile(path)
		got <- b
	}()
	return func() ([]byte, bool) {
		t.Helper()
		if info, err := os.Lstat(path); err != nil || info.Mode()&fs.ModeNamedPipe == 0 {
			t.Errorf("%s is no longer a FIFO (%v, %v)", path, info.Mode(), err)
			return nil, false
		}
		select {
		case b := <-got:
			return b, true
		case <-time.After(time.Minute):
			t.Errorf("%s: the reader got no end of file", path)
			return nil, false
		}
	}
}

// reviewQuick runs a fast review of the self-play record at path with
// extra arguments.
func reviewQuick(t *testing.T, path string, args ...string) (int, string, string) {
	t.Helper()
	return mjrankRun(t, nil, append([]string{"review", path, "--sims", "1", "--workers", "2"}, args...)...)
}

// TestReviewHTMLWritesThrough: --html follows a symbolic link to its
// target and writes into a FIFO and a device; the link stays a link, the
// FIFO a FIFO, the device a device (issue 53, D1).
func TestReviewHTMLWritesThrough(t *testing.T) {
	dir := t.TempDir()
	game := filepath.Join(dir, "game.xml")
	copyFile(t, sampleXML, game)
	link, target := filepath.Join(dir, "link.html"), filepath.Join(dir, "target.html")
	if err := os.Symlink("target.html", link); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := reviewQuick(t, game, "--html", link); code != 0 {
		t.Fatalf("--html a link: exit %d: %s", code, stderr)
	}
	if info, err := os.Lstat(link); err != nil || info.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("--html a link: the link was replaced (%v)", info.Mode())
	}
	if b, err := os.ReadFile(target); err != nil || !bytes.HasPrefix(b, []byte("<!DOCTYPE html>")) {
		t.Errorf("--html a link: the target holds no page (%v)", err)
	}

	fifo := filepath.Join(dir, "page.fifo")
	read := readFIFO(t, fifo)
	if code, _, stderr := reviewQuick(t, game, "--html", fifo); code != 0 {
		t.Fatalf("--html a FIFO: exit %d: %s", code, stderr)
	}
	if b, ok := read(); !ok || !bytes.HasPrefix(b, []byte("<!DOCTYPE html>")) || !bytes.HasSuffix(b, []byte("</html>\n")) {
		t.Errorf("--html a FIFO: the reader got %d bytes, not the page", len(b))
	}

	// A device, through a link of the test's folder: code that replaced
	// what it writes replaces the link, never the machine's device.
	null := filepath.Join(dir, "null")
	if err := os.Symlink(os.DevNull, null); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := reviewQuick(t, game, "--html", null); code != 0 {
		t.Fatalf("--html a link to %s: exit %d: %s", os.DevNull, code, stderr)
	}
	if info, err := os.Lstat(null); err != nil || info.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("--html a link to %s: the link was replaced (%v)", os.DevNull, info.Mode())
	}
	if info, err := os.Stat(os.DevNull); err != nil || info.Mode()&fs.ModeCharDevice == 0 {
		t.Fatalf("%s is no longer a character device (%v)", os.DevNull, info.Mode())
	}
	if names := dirNames(t, dir); strings.Join(names, " ") != "game.xml link.html null page.fifo target.html" {
		t.Errorf("the folder holds %v", names)
	}
}

// TestReviewHTMLNotTheRecord: --html naming the record reviewed (by its
// name, a link or a hard link) is refused before the review, naming both,
// and the record is left whole (issue 53, D1).
func TestReviewHTMLNotTheRecord(t *testing.T) {
	dir := t.TempDir()
	game := filepath.Join(dir, "game.xml")
	copyFile(t, sampleXML, game)
	want, _ := os.ReadFile(game)
	link, hard := sameFileNames(t, game, "link.xml", "hard.xml")
	for _, out := range []string{game, link, hard} {
		code, stdout, stderr := mjrankRun(t, nil, "review", game, "--sims", "20000", "--html", out)
		if code != 2 || stdout != "" || !strings.Contains(stderr, out+" would overwrite the input "+game) {
			t.Errorf("--html %s: exit %d, stdout %d bytes, stderr %q", out, code, len(stdout), stderr)
		}
	}
	if b, _ := os.ReadFile(game); !bytes.Equal(b, want) {
		t.Error("the record was changed")
	}
}

// TestReviewName: a name two seats share, or an empty one, is refused; the
// self-play record has "efficiency" at seats 0 and 3, and a copy whose
// seat 1 is renamed as seat 0 (the audit's recipe) has two more.
func TestReviewName(t *testing.T) {
	code, stdout, stderr := reviewQuick(t, sampleXML, "--name", "efficiency")
	if code != 1 || stdout != "" || !strings.Contains(stderr, `2 players are named "efficiency" (seats 0 and 3): give --seat`) {
		t.Errorf("--name efficiency: exit %d, stdout %d bytes, stderr %q", code, len(stdout), stderr)
	}
	b, err := os.ReadFile(sampleXML)
	if err != nil {
		t.Fatal(err)
	}
	same := regexp.MustCompile(`n1="[^"]*"`).ReplaceAll(b, []byte(`n1="%65%66%66%69%63%69%65%6E%63%79"`))
	path := filepath.Join(t.TempDir(), "samename.xml")
	if err := os.WriteFile(path, same, 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr = reviewQuick(t, path, "--name", "efficiency")
	if code != 1 || !strings.Contains(stderr, "3 players are named \"efficiency\" (seats 0, 1 and 3)") {
		t.Errorf("three seats of one name: exit %d, stderr %q", code, stderr)
	}
	code, stdout, stderr = reviewQuick(t, sampleXML, "--name", "")
	if code != 2 || stdout != "" || !strings.Contains(stderr, "--name: empty") {
		t.Errorf("--name '': exit %d, stdout %d bytes, stderr %q", code, len(stdout), stderr)
	}
	if code, _, stderr := reviewQuick(t, sampleXML, "--name", "thesis"); code != 0 {
		t.Errorf("--name thesis (one seat): exit %d: %s", code, stderr)
	}
}

// TestReviewHTMLWriteError: a page that cannot be written whole (here a
// FIFO whose reader leaves; /dev/full's ENOSPC the same way) is a failure
// naming the path, after the report (issue 53, D1).
func TestReviewHTMLWriteError(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "page.fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	go func() {
		// The page (about 87 KB) is more than a pipe holds: writing it
		// fails once the reader is gone.
		if f, err := os.Open(fifo); err == nil {
			f.Close()
		}
	}()
	code, stdout, stderr := reviewQuick(t, sampleXML, "--html", fifo)
	if code != 1 || !strings.Contains(stderr, "--html: write "+fifo+": broken pipe") || !strings.Contains(stdout, "costliest decisions") {
		t.Errorf("exit %d, stderr %q, stdout %d bytes", code, stderr, len(stdout))
	}
}

// batchReport is the JSON of a batch review, as the tests read it.
type batchReport struct {
	Games []struct {
		File      string `json:"file"`
		LogID     string `json:"log_id"`
		Number    int    `json:"game_in_file"`
		Status    string `json:"status"`
		Reason    string `json:"reason"`
		Cached    bool   `json:"cached"`
		Seat      int    `json:"seat"`
		Player    string `json:"player"`
		Decisions []struct {
			Index int    `json:"index"`
			Round string `json:"round"`
		} `json:"decisions"`
	} `json:"games"`
	Player struct {
		Games               int     `json:"games"`
		Decisions           int     `json:"decisions"`
		Agreement           float64 `json:"agreement"`
		RankLossPerDecision float64 `json:"rank_loss_per_decision"`
	} `json:"player"`
	Batch struct {
		Reviewed, Cached, Skipped, Failed int
		DecisionsAnalysed                 int `json:"decisions_analysed"`
	} `json:"batch"`
}

// reviewBatch runs a quick batch review with --json and reads its report.
func reviewBatch(t *testing.T, args ...string) (int, *batchReport, string, string) {
	t.Helper()
	code, stdout, stderr := mjrankRun(t, nil, append([]string{"review", "--sims", "20", "--json"}, args...)...)
	var rep batchReport
	if code == 0 || code == 1 {
		if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
			t.Fatalf("exit %d, stderr %q: the output is no batch report: %v", code, stderr, err)
		}
	}
	return code, &rep, stdout, stderr
}

// renamed writes a copy of the self-play record with seat 1's name
// replaced (percent-encoded as mjlog has it), a game of other content.
func renamed(t *testing.T, path, name string) {
	t.Helper()
	b, err := os.ReadFile(sampleXML)
	if err != nil {
		t.Fatal(err)
	}
	var enc strings.Builder
	for _, c := range []byte(name) {
		fmt.Fprintf(&enc, "%%%02X", c)
	}
	b = regexp.MustCompile(`n1="[^"]*"`).ReplaceAll(b, []byte(`n1="`+enc.String()+`"`))
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// gzipFile writes src gzipped to dst.
func gzipFile(t *testing.T, src, dst string) {
	t.Helper()
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	var z bytes.Buffer
	w := gzip.NewWriter(&z)
	w.Write(b)
	w.Close()
	if err := os.WriteFile(dst, z.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestReviewBatchFolder: a folder of the three formats, a gzipped record
// and a file that is no record is walked; --name picks the player's seat
// in each game and skips, naming them, a game without the name and one
// where two seats share it; the batch exits 0.
func TestReviewBatchFolder(t *testing.T) {
	dir := t.TempDir()
	copyFile(t, sampleXML, filepath.Join(dir, "a.xml"))
	copyFile(t, "../../data/testdata/selfplay.json", filepath.Join(dir, "b.json"))
	copyFile(t, "../../data/testdata/selfplay.mjson", filepath.Join(dir, "sub", "c.mjson"))
	gzipFile(t, sampleXML, filepath.Join(dir, "sub", "d.xml.gz"))
	renamed(t, filepath.Join(dir, "e.xml"), "someone")    // no thesis
	renamed(t, filepath.Join(dir, "f.xml"), "efficiency") // three of efficiency
	if err := os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("not a record\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, rep, _, stderr := reviewBatch(t, dir, "--name", "thesis", "--rounds", "E1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got []string
	for _, g := range rep.Games {
		got = append(got, fmt.Sprintf("%s %d %s seat %d", filepath.ToSlash(strings.TrimPrefix(g.File, dir)), g.Number, g.Status, g.Seat))
	}
	// The mjai record is the tenhou.net/6 one's game, the gzipped one the
	// mjlog one's: each is reviewed once.
	want := []string{"/a.xml 1 ok seat 1", "/b.json 1 ok seat 1", "/e.xml 1 skipped seat 0", "/f.xml 1 skipped seat 0",
		"/notes.txt 0 skipped seat 0", "/sub/c.mjson 1 skipped seat 0", "/sub/d.xml.gz 1 skipped seat 0"} // a skipped entry has no report, no seat
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("entries:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if r := rep.Games[2].Reason; !strings.Contains(r, `no player named "thesis" (the players: efficiency, someone, rulebot, efficiency)`) {
		t.Errorf("e.xml skipped for %q", r)
	}
	if r := rep.Games[6].Reason; r != "the same game as "+filepath.Join(dir, "a.xml")+" game 1" {
		t.Errorf("d.xml.gz skipped for %q", r)
	}
	if r := rep.Games[5].Reason; r != "the same game as "+filepath.Join(dir, "b.json")+" game 1" {
		t.Errorf("c.mjson skipped for %q", r)
	}
	if rep.Player.Games != 2 || rep.Batch.Skipped != 5 || rep.Batch.Failed != 0 || rep.Player.Decisions != 2*len(rep.Games[0].Decisions) {
		t.Errorf("player %+v, batch %+v", rep.Player, rep.Batch)
	}

	code, rep, _, _ = reviewBatch(t, filepath.Join(dir, "f.xml"), filepath.Join(dir, "a.xml"), "--name", "efficiency", "--rounds", "E1")
	if code != 0 || rep.Games[0].Status != "skipped" || !strings.Contains(rep.Games[0].Reason, `3 players are named "efficiency" (seats 0, 1 and 3)`) ||
		rep.Games[1].Status != "skipped" || !strings.Contains(rep.Games[1].Reason, "2 players are named") {
		t.Errorf("a name two seats share: exit %d, %+v", code, rep.Games)
	}
}

// TestReviewRounds: --rounds keeps the decisions of the rounds named (a
// name without honba is every honba of it), each with its index (and so
// its seed) of the whole game; bad names are refused naming the item.
func TestReviewRounds(t *testing.T) {
	// The record given twice is a batch (its repeat skipped), whose JSON
	// has the player's figures.
	code, all, _, stderr := reviewBatch(t, sampleXML, sampleXML, "--rounds", "E1,E2,E3,E4")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	code, some, _, stderr := reviewBatch(t, sampleXML, sampleXML, "--rounds", "e3-1, E1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	// The single review's JSON is the report itself: decisions at the top.
	var one struct {
		Decisions []struct {
			Index int    `json:"index"`
			Round string `json:"round"`
		} `json:"decisions"`
	}
	_, stdout, _ := mjrankRun(t, nil, "review", "--sims", "20", "--json", sampleXML)
	if err := json.Unmarshal([]byte(stdout), &one); err != nil {
		t.Fatal(err)
	}
	if all.Player.Decisions != len(one.Decisions) {
		t.Errorf("--rounds E1,E2,E3,E4 (every honba): %d decisions, the game has %d", all.Player.Decisions, len(one.Decisions))
	}
	var want []string
	for _, d := range one.Decisions {
		if d.Round == "E1-0" || d.Round == "E3-1" {
			want = append(want, fmt.Sprintf("%d %s", d.Index, d.Round))
		}
	}
	var got []string
	for _, d := range some.Games[0].Decisions {
		got = append(got, fmt.Sprintf("%d %s", d.Index, d.Round))
	}
	if len(want) == 0 || strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("--rounds e3-1,E1 kept %v, want %v", got, want)
	}
	for _, tc := range []struct{ rounds, want string }{
		{"E1,E5", `round 2 "E5": a round number is 1 to 4`},
		{"E1,,S2", `round 2 "": empty`},
		{"X1", `round 1 "X1": no such round`},
		{"E1-x", `round 1 "E1-x": honba "x"`},
	} {
		code, stdout, stderr := mjrankRun(t, nil, "review", "--rounds", tc.rounds, sampleXML)
		if code != 2 || stdout != "" || !strings.Contains(stderr, "--rounds "+tc.want) {
			t.Errorf("--rounds %s: exit %d, stderr %q", tc.rounds, code, stderr)
		}
	}
	code, _, stderr = mjrankRun(t, nil, "review", "--rounds", "S4", "--sims", "20", sampleXML)
	if code != 1 || !strings.Contains(stderr, "no decision in the rounds picked (S4; the game's rounds: E1-0, E2-0, E3-0, E3-1, E4-0)") {
		t.Errorf("--rounds S4 of an East game: exit %d, stderr %q", code, stderr)
	}
}

// TestReviewCache: a second run of the same batch under --cache analyses
// no decision and gives the same reports; an entry made corrupt is
// reviewed again with a warning naming it, and rewritten; another --sims
// is another review.
func TestReviewCache(t *testing.T) {
	dir, cache := t.TempDir(), filepath.Join(t.TempDir(), "cache")
	copyFile(t, sampleXML, filepath.Join(dir, "a.xml"))
	renamed(t, filepath.Join(dir, "b.xml"), "someone")
	args := []string{dir, "--rounds", "E1,E2", "--cache", cache}
	code, first, out1, stderr := reviewBatch(t, args...)
	if code != 0 || first.Batch.Reviewed != 2 || first.Batch.DecisionsAnalysed != first.Player.Decisions || first.Player.Decisions == 0 {
		t.Fatalf("first run: exit %d, %+v, %s", code, first.Batch, stderr)
	}
	code, second, out2, stderr := reviewBatch(t, args...)
	if code != 0 || second.Batch.Cached != 2 || second.Batch.DecisionsAnalysed != 0 || stderr != "" {
		t.Fatalf("second run: exit %d, %+v, stderr %q", code, second.Batch, stderr)
	}
	if masked(out1, true) != masked(out2, true) {
		t.Error("the cached reports differ from the reviewed ones")
	}
	entries, _ := filepath.Glob(filepath.Join(cache, "*.json"))
	if len(entries) != 2 {
		t.Fatalf("cache entries %v", entries)
	}
	if err := os.WriteFile(entries[0], []byte(`{"key": {"format": 1`), 0o644); err != nil {
		t.Fatal(err)
	}
	code, third, out3, stderr := reviewBatch(t, args...)
	if code != 0 || third.Batch.Cached != 1 || third.Batch.Reviewed != 1 || third.Batch.DecisionsAnalysed == 0 ||
		!strings.Contains(stderr, "warning: ") || !strings.Contains(stderr, "corrupt cache entry "+entries[0]) {
		t.Errorf("a corrupt entry: exit %d, %+v, stderr %q", code, third.Batch, stderr)
	}
	if masked(out1, true) != masked(out3, true) {
		t.Error("the review of a corrupt entry differs from the first")
	}
	if _, fourth, _, stderr := reviewBatch(t, args...); fourth.Batch.Cached != 2 || stderr != "" {
		t.Errorf("the corrupt entry was not rewritten: %+v, %q", fourth.Batch, stderr)
	}
	if _, other, _, _ := reviewBatch(t, append(args, "--sims", "21")...); other.Batch.Cached != 0 || other.Batch.Reviewed != 2 {
		t.Errorf("--sims 21 read the cache of --sims 20: %+v", other.Batch)
	}
	// One game from the cache prints as one game reviewed now.
	one := []string{"review", "--sims", "20", "--rounds", "E1,E2", filepath.Join(dir, "a.xml")}
	_, want, _ := mjrankRun(t, nil, one...)
	if code, got, stderr := mjrankRun(t, nil, append(one, "--cache", cache)...); code != 0 || got != want {
		t.Errorf("one game from the cache: exit %d, stderr %q, output\n%s\nwant\n%s", code, stderr, got, want)
	}
}

// masked is a review's JSON without its timings (and, with cached, its
// cache marks and counts), to compare two runs.
func masked(s string, cached bool) string {
	s = regexp.MustCompile(`"seconds": [0-9.e+-]+`).ReplaceAllString(s, `"seconds": 0`)
	if cached {
		s = regexp.MustCompile(`\s*"cached": (true|[0-9]+),?`).ReplaceAllString(s, "")
		s = regexp.MustCompile(`"(reviewed|decisions_analysed)": [0-9]+`).ReplaceAllString(s, `"$1": 0`)
	}
	return s
}

// TestReviewBatchFailures: a damaged record and a path that does not
// exist are failed entries named by file (and game in the file), the
// other games are reviewed, and the exit status is 1.
func TestReviewBatchFailures(t *testing.T) {
	dir := t.TempDir()
	b, err := os.ReadFile(sampleXML)
	if err != nil {
		t.Fatal(err)
	}
	cut := filepath.Join(dir, "cut.xml")
	if err := os.WriteFile(cut, b[:len(b)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "missing.xml")
	code, rep, _, stderr := reviewBatch(t, cut, sampleXML, missing, "--rounds", "E1")
	if code != 1 || len(rep.Games) != 3 {
		t.Fatalf("exit %d, %d entries, stderr %q", code, len(rep.Games), stderr)
	}
	if g := rep.Games[0]; g.Status != "failed" || g.File != cut || g.Number != 1 || !strings.HasPrefix(g.Reason, cut+":") {
		t.Errorf("the cut record: %+v", g)
	}
	if g := rep.Games[1]; g.Status != "ok" || len(g.Decisions) == 0 {
		t.Errorf("the good record: %+v", g)
	}
	if g := rep.Games[2]; g.Status != "failed" || g.File != missing || !strings.Contains(g.Reason, "no such file") {
		t.Errorf("the missing file: %+v", g)
	}
	if rep.Batch.Failed != 2 || rep.Batch.Reviewed != 1 {
		t.Errorf("batch %+v", rep.Batch)
	}
	// The text report names them too, and exits 1.
	code, stdout, _ := mjrankRun(t, nil, "review", "--sims", "20", "--rounds", "E1", cut, sampleXML)
	if code != 1 || !strings.Contains(stdout, "\nfailed:\n  "+cut+":") || !strings.Contains(stdout, "1 reviewed, 0 from the cache, 0 skipped, 1 failed") {
		t.Errorf("text: exit %d:\n%s", code, stdout)
	}
	// A 3-player record is no failure: it is reviewed beside the
	// 4-player one.
	sanma := filepath.Join(shareddata.Dir(t, "tenhou", "dnovikoff-tenhou", "log", "test_data"), "sanma2.xml")
	code, rep, _, _ = reviewBatch(t, sampleXML, sanma, "--rounds", "E1")
	if code != 0 || rep.Games[1].Status != "ok" || rep.Games[1].Number != 1 || len(rep.Games[1].Decisions) == 0 {
		t.Errorf("a 3-player record: exit %d, %+v", code, rep.Games)
	}
}

// TestReviewBatchWorkers: a batch's reports are the same at 1 and 4
// workers, and each game's is the one-game review's.
func TestReviewBatchWorkers(t *testing.T) {
	dir := t.TempDir()
	copyFile(t, sampleXML, filepath.Join(dir, "a.xml"))
	renamed(t, filepath.Join(dir, "b.xml"), "someone")
	_, _, out1, _ := reviewBatch(t, dir, "--workers", "1", "--rounds", "E2,E3")
	_, rep, out4, _ := reviewBatch(t, dir, "--workers", "4", "--rounds", "E2,E3")
	if masked(out1, false) != masked(out4, false) || rep.Batch.Reviewed != 2 {
		t.Errorf("1 and 4 workers differ (or not 2 games reviewed: %+v)", rep.Batch)
	}
	_, one, _ := mjrankRun(t, nil, "review", "--sims", "20", "--json", "--rounds", "E2,E3", "--workers", "3", filepath.Join(dir, "b.xml"))
	var batch struct {
		Games []json.RawMessage `json:"games"`
	}
	if err := json.Unmarshal([]byte(out4), &batch); err != nil {
		t.Fatal(err)
	}
	var a, b map[string]any
	json.Unmarshal(batch.Games[1], &a)
	json.Unmarshal([]byte(one), &b)
	for _, k := range []string{"file", "game_in_file", "status", "seconds"} {
		delete(a, k)
	}
	delete(b, "seconds")
	if !reflect.DeepEqual(a, b) || len(b) == 0 {
		t.Error("a batch's game differs from its one-game review")
	}
}

// TestReviewLogs: Tenhou log ids and URLs are fetched from --log-server
// (a local stand-in here): 200 reviews the game (the URL's tw= seat), 404
// and a bad id are failed entries naming the id, and a server that does
// not answer is an error naming the id.
func TestReviewLogs(t *testing.T) {
	const good, absent = "2022010115gm-00a9-0000-dcf9e89c", "2022010115gm-00a9-0000-00000000"
	body, err := os.ReadFile("../../data/testdata/selfplay.json")
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var asked []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		asked = append(asked, r.URL.Path+"?"+r.URL.RawQuery+" "+r.Header.Get("Referer"))
		mu.Unlock()
		if r.URL.Path != "/5/mjlog2json.cgi" || r.URL.RawQuery != good {
			http.NotFound(w, r)
			return
		}
		w.Write(body)
	}))
	defer srv.Close()
	code, rep, _, stderr := reviewBatch(t, "--log-server", srv.URL, "--rounds", "E1",
		"https://tenhou.net/0/?log="+good+"&tw=2", absent, "2022010115gm-00a9-0000-dcf9e89")
	if code != 1 || len(rep.Games) != 3 {
		t.Fatalf("exit %d, %d entries, stderr %q", code, len(rep.Games), stderr)
	}
	if g := rep.Games[0]; g.Status != "ok" || g.LogID != good || g.Seat != 2 || g.Player != "rulebot" {
		t.Errorf("the log served: %+v", g)
	}
	if g := rep.Games[1]; g.Status != "failed" || g.LogID != absent || !strings.Contains(g.Reason, absent+": fetching "+srv.URL+"/5/mjlog2json.cgi?"+absent+": the server answered 404 Not Found") {
		t.Errorf("the log not served: %+v", g)
	}
	if g := rep.Games[2]; g.Status != "failed" || !strings.Contains(g.Reason, "not a Tenhou log id (want one like 2022010115gm-00a9-0000-dcf9e89c)") {
		t.Errorf("a bad id: %+v", g)
	}
	mu.Lock()
	slices.Sort(asked) // fetched in parallel
	if len(asked) != 2 || asked[1] != "/5/mjlog2json.cgi?"+good+" https://tenhou.net/6/?log="+good {
		t.Errorf("the server was asked %q", asked)
	}
	mu.Unlock()

	// With --cache a log is fetched once; a cached log that is no record
	// is fetched again, with a warning.
	cache := t.TempDir()
	logArgs := []string{"--log-server", srv.URL, "--rounds", "E1", "--cache", cache, good}
	mu.Lock()
	asked = nil
	mu.Unlock()
	for range 2 {
		if code, _, stderr := mjrankRun(t, nil, append([]string{"review", "--sims", "20"}, logArgs...)...); code != 0 || stderr != "" {
			t.Fatalf("--cache: exit %d, stderr %q", code, stderr)
		}
	}
	if err := os.WriteFile(filepath.Join(cache, "logs", good+".json"), []byte("<mjloggm"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr = mjrankRun(t, nil, append([]string{"review", "--sims", "20"}, logArgs...)...)
	mu.Lock()
	if code != 0 || len(asked) != 2 || !strings.Contains(stderr, "warning: "+good+": the cached log: ") {
		t.Errorf("--cache: %d requests for 3 runs and a spoilt log (want 2), exit %d, stderr %q", len(asked), code, stderr)
	}
	mu.Unlock()

	// One log alone is one game's review; a server that does not answer
	// is an error naming the id.
	if code, stdout, stderr := mjrankRun(t, nil, "review", "--log-server", srv.URL, "--sims", "20", "--rounds", "E1", good); code != 0 || !strings.HasPrefix(stdout, good+"  seat 0 (efficiency)") {
		t.Errorf("one log: exit %d, %q, %q", code, stdout, stderr)
	}
	srv.Close()
	code, _, stderr = mjrankRun(t, nil, "review", "--log-server", srv.URL, good)
	if code != 1 || !strings.Contains(stderr, "mjrank review: "+good+": fetching ") || !strings.Contains(stderr, "offline?") {
		t.Errorf("no server: exit %d, stderr %q", code, stderr)
	}
	code, _, stderr = mjrankRun(t, nil, "review", "--log-server", "tenhou.net", good)
	if code != 2 || !strings.Contains(stderr, `--log-server "tenhou.net": want an http or https URL`) {
		t.Errorf("--log-server tenhou.net: exit %d, stderr %q", code, stderr)
	}
}

// TestReviewGameOfFile: a file of two games is a batch of both, each named
// by its number in the file; --game picks one, reviewed as one game, and
// a game the file does not hold is an error saying how many it holds.
func TestReviewGameOfFile(t *testing.T) {
	b, err := os.ReadFile("../../data/testdata/selfplay.mjson")
	if err != nil {
		t.Fatal(err)
	}
	two := filepath.Join(t.TempDir(), "two.mjson")
	if err := os.WriteFile(two, append(append([]byte(nil), b...), b...), 0o644); err != nil {
		t.Fatal(err)
	}
	code, rep, _, stderr := reviewBatch(t, two, "--rounds", "E1")
	// The file holds one game twice: reviewed once.
	if code != 0 || len(rep.Games) != 2 || rep.Games[0].Number != 1 || rep.Games[0].Status != "ok" || rep.Games[1].Number != 2 ||
		rep.Games[1].Status != "skipped" || rep.Games[1].Reason != "the same game as "+two+" game 1" || rep.Batch.DecisionsAnalysed != len(rep.Games[0].Decisions) {
		t.Fatalf("exit %d, %+v, %s", code, rep.Games, stderr)
	}
	code, stdout, _ := mjrankRun(t, nil, "review", "--sims", "20", "--rounds", "E1", "--game", "2", two)
	if code != 0 || !strings.HasPrefix(stdout, two+"  seat 0 (efficiency): ") {
		t.Errorf("--game 2: exit %d, %q", code, stdout)
	}
	code, _, stderr = mjrankRun(t, nil, "review", "--game", "3", two)
	if code != 1 || !strings.Contains(stderr, two+": no game 3: the file holds 2 games") {
		t.Errorf("--game 3: exit %d, stderr %q", code, stderr)
	}
	if code, _, stderr = mjrankRun(t, nil, "review", "--game", "0", two); code != 2 || !strings.Contains(stderr, "--game 0: games are numbered from 1") {
		t.Errorf("--game 0: exit %d, stderr %q", code, stderr)
	}
}
