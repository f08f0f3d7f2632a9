package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/internal/shareddata"
)

// TestVerifyNothingChecked: a verify that replays no game fails (exit 1)
// and says so: an empty folder, a folder of non-records.
func TestVerifyNothingChecked(t *testing.T) {
	empty := t.TempDir()
	code, _, stderr := mjrankRun(t, nil, "verify", empty)
	if code != 1 || !strings.Contains(stderr, "nothing checked: no record file in "+empty) {
		t.Errorf("empty folder: exit %d, stderr %q", code, stderr)
	}
	notes := t.TempDir()
	if err := os.WriteFile(filepath.Join(notes, "README.txt"), []byte("notes"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := mjrankRun(t, nil, "verify", "--json", notes)
	if code != 1 || !strings.Contains(stderr, "nothing checked: no game was replayed") || !strings.Contains(stdout, "not a game record") {
		t.Errorf("folder without records: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

// TestVerifyStdin: - reads standard input, in any format, named "stdin".
func TestVerifyStdin(t *testing.T) {
	for _, in := range []string{sampleXML, sampleJSON, sampleMjson} {
		b, err := os.ReadFile(in)
		if err != nil {
			t.Fatal(err)
		}
		code, stdout, stderr := mjrankRun(t, b, "verify", "-")
		if code != 0 || !strings.Contains(stdout, "games replayed                       1") {
			t.Errorf("%s on stdin: exit %d\n%s%s", in, code, stdout, stderr)
		}
	}
	code, stdout, _ := mjrankRun(t, []byte("garbage"), "verify", "-")
	if code != 1 || !strings.Contains(stdout, "stdin:1:1: syntax error") {
		t.Errorf("garbage on stdin: exit %d\n%s", code, stdout)
	}
}

// TestVerifyGoesOnPastMissing: a missing path is an error of the report,
// not the end of the run; the other paths are checked.
func TestVerifyGoesOnPastMissing(t *testing.T) {
	code, stdout, stderr := mjrankRun(t, nil, "verify", "testdata/no-such-file.xml", sampleXML)
	if code != 1 || !strings.Contains(stdout, "games replayed                       1") || !strings.Contains(stdout, "testdata/no-such-file.xml: no such file or directory") {
		t.Errorf("exit %d\n%s%s", code, stdout, stderr)
	}
}

// TestVerifyNoRound: a file of games without a round (start_game and
// end_game only; the audit's file held two million) checks nothing and
// fails so; with a real game beside them, the real game passes (issue 53,
// D14).
func TestVerifyNoRound(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "manygames.mjson")
	g := `{"type":"start_game","names":["a","b","c","d"]}` + "\n" + `{"type":"end_game"}` + "\n"
	if err := os.WriteFile(empty, []byte(strings.Repeat(g, 1000)), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := mjrankRun(t, nil, "verify", empty)
	if code != 1 || !strings.Contains(stderr, "nothing checked: 1000 games replayed, but no round in any") {
		t.Errorf("1,000 empty games: exit %d, stderr %q\n%s", code, stderr, stdout)
	}
	code, stdout, stderr = mjrankRun(t, nil, "verify", "--json", empty)
	if code != 1 || !strings.Contains(stderr, "nothing checked") || !strings.Contains(stdout, `"rounds": 0`) {
		t.Errorf("--json: exit %d, stderr %q", code, stderr)
	}
	if code, stdout, stderr := mjrankRun(t, nil, "verify", empty, sampleXML); code != 0 {
		t.Errorf("with a real game: exit %d, stderr %q\n%s", code, stderr, stdout)
	}
}

// TestVerifySanma: a 3-player record is replayed, its kitas too, not
// skipped.
func TestVerifySanma(t *testing.T) {
	path := filepath.Join(shareddata.Dir(t, "tenhou", "mateces-mortal-sanma", "test-data"), "2026011608gm-00b9-0000-5575e1df.xml")
	code, stdout, stderr := mjrankRun(t, nil, "verify", path)
	if code != 0 || !strings.Contains(stdout, "games replayed                       1") ||
		!strings.Contains(stdout, "3-player                             1") || strings.Contains(stdout, "kitas accepted                       0 ") {
		t.Errorf("exit %d\n%s%s", code, stdout, stderr)
	}
}
