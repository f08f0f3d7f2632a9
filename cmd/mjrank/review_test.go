package main

import (
	"bytes"
	"encoding/xml"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
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
	for _, bad := range []string{"src=", "href=", "<link", "<script", "@import", "url("} {
		if strings.Contains(s, bad) {
			t.Errorf("the page holds %q: not self-contained", bad)
		}
	}
	if !strings.HasPrefix(s, "<!DOCTYPE html>") || !strings.Contains(s, "<svg") || !strings.Contains(s, "<polyline") {
		t.Error("no doctype or no chart")
	}
	if n := strings.Count(s, `<div class="dec">`); n != 67 {
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

// TestReviewRefusesSanma checks that a 3-player record is refused with a
// clear error.
func TestReviewRefusesSanma(t *testing.T) {
	file := filepath.Join(shareddata.Dir(t, "tenhou", "dnovikoff-tenhou", "log", "test_data"), "sanma2.xml")
	var stdout, stderr bytes.Buffer
	code := run([]string{"review", file, "--sims", "10"}, strings.NewReader(""), &stdout, &stderr)
	if code != 1 || !strings.Contains(stderr.String(), "a 3-player game: the engine plays 4-player games") {
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
