package main

import (
	"bytes"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

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
