package main

import (
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestReviewHTMLBatch: --html DIR with a batch of two games makes DIR and
// writes index.html and one page per game; the index's links are the
// pages written, the pages fetch nothing, and a page holds the why
// sentence. Reviewed again from the cache, the pages are written all the
// same.
func TestReviewHTMLBatch(t *testing.T) {
	if testing.Short() {
		t.Skip("reviews two games twice")
	}
	cache := filepath.Join(t.TempDir(), "cache")
	for _, run := range []string{"reviewed", "cached"} {
		dir := filepath.Join(t.TempDir(), "pages")
		code, stdout, stderr := mjrankRun(t, nil, "review", "--sims", "20", "--rounds", "E1", "--cache", cache, "--html", dir, sampleXML, sampleJSON)
		if code != 0 || stderr != "" || !strings.Contains(stdout, "batch: 2 entries") {
			t.Fatalf("%s: exit %d, stdout %q, stderr %q", run, code, stdout, stderr)
		}
		if run == "cached" && !strings.Contains(stdout, "2 from the cache") {
			t.Errorf("cached: the second run reviewed again: %q", stdout)
		}
		index, err := os.ReadFile(filepath.Join(dir, "index.html"))
		if err != nil {
			t.Fatalf("%s: %v", run, err)
		}
		links := map[string]bool{}
		for _, m := range regexp.MustCompile(`href="([^"#]+)"`).FindAllStringSubmatch(string(index), -1) {
			links[m[1]] = true
		}
		names := dirNames(t, dir)
		if len(names) != 3 || len(links) != 2 {
			t.Fatalf("%s: files %q, links %v; want index.html and the two pages it links", run, names, links)
		}
		why := false
		for link := range links {
			b, err := os.ReadFile(filepath.Join(dir, link))
			if err != nil {
				t.Fatalf("%s: the index links %s: %v", run, link, err)
			}
			why = why || strings.Contains(string(b), `<p class="why">`)
		}
		if !why {
			t.Errorf("%s: no page shows a why sentence", run)
		}
		for _, name := range names {
			b, _ := os.ReadFile(filepath.Join(dir, name))
			if m := regexp.MustCompile(`(?i)https?:|src=`).Find(b); m != nil || !strings.HasPrefix(string(b), "<!DOCTYPE html>") {
				t.Errorf("%s: %s is not a self-contained page (%q)", run, name, m)
			}
		}
		if !strings.Contains(string(index), "score") || !strings.Contains(string(index), "Houou players") {
			t.Errorf("%s: the index lacks the player's score beside the Houou players'", run)
		}
	}
}

// TestReviewHTMLDirRefused: for a batch, --html naming a file, or a
// folder whose parent is missing, is refused before any review, the file
// left as it was.
func TestReviewHTMLDirRefused(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "r.html")
	if err := os.WriteFile(file, []byte("mine\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ path, want string }{
		{file, "--html " + file + ": not a folder; a batch of games writes its pages into a folder"},
		{filepath.Join(dir, "missing", "pages"), "--html " + filepath.Join(dir, "missing", "pages") + ": cannot write into"},
	} {
		code, stdout, stderr := mjrankRun(t, nil, "review", "--sims", "20000", "--html", tc.path, sampleXML, sampleJSON)
		if code != 2 || stdout != "" || !strings.Contains(stderr, tc.want) {
			t.Errorf("--html %s: exit %d, stdout %q, stderr %q", tc.path, code, stdout, stderr)
		}
	}
	if b, err := os.ReadFile(file); err != nil || string(b) != "mine\n" {
		t.Errorf("the file was changed: %q %v", b, err)
	}
	if names := dirNames(t, dir); strings.Join(names, " ") != "r.html" {
		t.Errorf("left in the folder: %q", names)
	}
}

// TestReviewHTMLCachedStdinAndLog: a batch of a record read from standard
// input and a Tenhou log (from a local stand-in of the log server), run
// twice with --cache and --html: the second run, every game from the
// cache, writes the same pages and index as the first. A cached entry
// whose record cannot be read again from its path still has its page.
func TestReviewHTMLCachedStdinAndLog(t *testing.T) {
	if testing.Short() {
		t.Skip("reviews two games")
	}
	const id = "2022010115gm-00a9-0000-dcf9e89c"
	body, err := os.ReadFile(sampleJSON)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.RawQuery != id {
			http.NotFound(w, r)
			return
		}
		w.Write(body)
	}))
	defer srv.Close()
	rec := filepath.Join(t.TempDir(), "stdin.xml")
	renamed(t, rec, "someone") // another game than the log's
	stdin, err := os.ReadFile(rec)
	if err != nil {
		t.Fatal(err)
	}
	cache := filepath.Join(t.TempDir(), "cache")
	var pages [2]map[string]string
	for run, want := range []string{"2 reviewed, 0 from the cache", "0 reviewed, 2 from the cache"} {
		dir := filepath.Join(t.TempDir(), "pages")
		code, stdout, stderr := mjrankRun(t, stdin, "review", "--sims", "20", "--rounds", "E1", "--log-server", srv.URL,
			"--cache", cache, "--html", dir, "-", id)
		if code != 0 || stderr != "" || !strings.Contains(stdout, want) {
			t.Fatalf("run %d: exit %d, stdout %q, stderr %q", run+1, code, stdout, stderr)
		}
		pages[run] = map[string]string{}
		for _, name := range dirNames(t, dir) {
			b, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			pages[run][name] = string(b)
		}
		if len(pages[run]) != 3 || !strings.Contains(pages[run]["index.html"], `href="stdin-g1.html"`) ||
			!strings.Contains(pages[run]["index.html"], `href="`+id+`.html"`) {
			t.Errorf("run %d: files %q; want index.html linking a page for stdin and one for the log", run+1, slices.Sorted(maps.Keys(pages[run])))
		}
	}
	for name, b := range pages[0] {
		if pages[1][name] != b {
			t.Errorf("%s: the cached run wrote another page than the first", name)
		}
	}
}
