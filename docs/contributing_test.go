package docs

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// CONTRIBUTING.md's rules are kept by the tools it names: these tests
// run them on messages and repositories made to pass and to fail.

// TestContributingFitsAScreen: CONTRIBUTING.md is read at once, and names
// the hook and the lint it asks for.
func TestContributingFitsAScreen(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(root, "CONTRIBUTING.md"))
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(b, []byte("\n")); n > 40 {
		t.Errorf("CONTRIBUTING.md has %d lines, at most 40 fit a screen", n)
	}
	for _, s := range []string{"make hooks", ".githooks/commit-msg", ".ci/lint-size", "72"} {
		if !bytes.Contains(b, []byte(s)) {
			t.Errorf("CONTRIBUTING.md does not name %q", s)
		}
	}
}

// runScript runs the shell script of the repository at rel with args and
// returns its exit status and standard error.
func runScript(t *testing.T, rel string, args ...string) (int, string) {
	t.Helper()
	cmd := exec.Command("sh", append([]string{filepath.Join(root, rel)}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0, stderr.String()
	case errors.As(err, &exit):
		return exit.ExitCode(), stderr.String()
	}
	t.Fatalf("%s: %v", rel, err)
	return 0, ""
}

// TestCommitMsgHook: the hook refuses an empty subject and one over 72
// characters (counted as characters, not UTF-8 bytes), and takes the
// rest, comment lines and the body aside.
func TestCommitMsgHook(t *testing.T) {
	info, err := os.Stat(filepath.Join(root, ".githooks", "commit-msg"))
	if err != nil {
		t.Fatal(err)
	}
	if info.Mode()&0o111 == 0 {
		t.Error(".githooks/commit-msg is not executable: git would not run it")
	}
	long := "pkg: " + strings.Repeat("x", 68) // 73
	for _, tc := range []struct {
		name, msg, refusal string
	}{
		{"short", "xgbmodel: models stored compressed\n\nThe body, as long as it needs: " + long + "\n", ""},
		{"72 characters", "pkg: " + strings.Repeat("x", 67) + "\n", ""},
		{"72 characters, not 72 bytes", "pkg: " + strings.Repeat("→", 67) + "\n", ""},
		{"after comments and blank lines", "# Please enter the commit message\n\npkg: short\n", ""},
		{"73 characters", long + "\n\nbody\n", "73 characters"},
		{"73 characters of UTF-8", "pkg: " + strings.Repeat("→", 68) + "\n", "73 characters"},
		{"73 characters, backslashes shown", "pkg: a\\tb\\c" + strings.Repeat("x", 62) + "\n", "\n  pkg: a\\tb\\cxx"},
		{"empty", "", "empty"},
		{"comments only", "# Please enter the commit message\n#\n\n", "empty"},
	} {
		f := filepath.Join(t.TempDir(), "COMMIT_EDITMSG")
		if err := os.WriteFile(f, []byte(tc.msg), 0o644); err != nil {
			t.Fatal(err)
		}
		code, stderr := runScript(t, ".githooks/commit-msg", f)
		switch {
		case tc.refusal == "" && code != 0:
			t.Errorf("%s: refused (exit %d): %s", tc.name, code, stderr)
		case tc.refusal != "" && (code == 0 || !strings.Contains(stderr, tc.refusal)):
			t.Errorf("%s: exit %d, %q; want a refusal saying %q", tc.name, code, stderr, tc.refusal)
		}
	}
}

// gitRepo makes an empty git repository in a temporary folder.
func gitRepo(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := t.TempDir()
	if err := git(dir, "init", "-q"); err != nil {
		t.Fatal(err)
	}
	return dir
}

// git runs git in dir; its error holds what git printed.
func git(dir string, args ...string) error {
	cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.name=t", "-c", "user.email=t@example.org"}, args...)...)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("git %s: %v: %s", args[0], err, bytes.TrimSpace(out))
	}
	return nil
}

// TestCommitMsgHookInstalled: with core.hooksPath set as make hooks sets
// it, git commit runs the hook: a long subject is not committed.
func TestCommitMsgHookInstalled(t *testing.T) {
	dir := gitRepo(t)
	hooks, err := filepath.Abs(filepath.Join(root, ".githooks"))
	if err != nil {
		t.Fatal(err)
	}
	if err := git(dir, "config", "core.hooksPath", hooks); err != nil {
		t.Fatal(err)
	}
	if err := git(dir, "commit", "-q", "--allow-empty", "-m", "pkg: "+strings.Repeat("x", 80)); err == nil {
		t.Error("git commit took an 85-character subject")
	}
	if err := git(dir, "commit", "-q", "--allow-empty", "-m", "pkg: short", "-m", "body"); err != nil {
		t.Errorf("git commit refused a short subject: %v", err)
	}
}

// TestLintSize: .ci/lint-size fails naming a tracked file over 1 MiB
// outside */models/ (a UTF-8 name as it is), and passes a model folder's
// large file, a file of 1 MiB, and this repository.
func TestLintSize(t *testing.T) {
	dir := gitRepo(t)
	if exec.Command("git", "-C", root, "rev-parse", "--is-inside-work-tree").Run() != nil {
		t.Log("the sources are not a git checkout: this repository is not checked")
	} else if code, stderr := runScript(t, ".ci/lint-size"); code != 0 {
		t.Errorf("this repository: exit %d:\n%s", code, stderr)
	}
	write := func(rel string, n int) {
		p := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, bytes.Repeat([]byte{'x'}, n), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := git(dir, "add", rel); err != nil {
			t.Fatal(err)
		}
	}
	write("small.txt", 10)
	write("exactly 1 MiB.bin", 1<<20)
	write("policy/models/discard-000000000000.bin", 2<<20)
	if code, stderr := runScript(t, ".ci/lint-size", dir); code != 0 {
		t.Errorf("no file over 1 MiB outside */models/: exit %d:\n%s", code, stderr)
	}
	write("data/big game.bin", 2<<20)
	code, stderr := runScript(t, ".ci/lint-size", dir)
	if code == 0 || !strings.Contains(stderr, "data/big game.bin (2097152 bytes)") || strings.Contains(stderr, "models") && strings.Contains(stderr, "discard-") {
		t.Errorf("a 2 MiB file in data/: exit %d, %q; want a failure naming it alone", code, stderr)
	}
	write("data/partie été.bin", 2<<20)
	if _, stderr := runScript(t, ".ci/lint-size", dir); !strings.Contains(stderr, "\n  data/partie été.bin (2097152 bytes)") {
		t.Errorf("a UTF-8 name not shown as it is: %q", stderr)
	}
	if code, _ := runScript(t, ".ci/lint-size", t.TempDir()); code == 0 {
		t.Error("a folder that is no git repository passed")
	}
}

// changelogLine is a line of CHANGELOG.md: "- DATE `COMMIT` what changed".
var changelogLine = regexp.MustCompile("^- ([0-9]{4}-[0-9]{2}-[0-9]{2}) `([0-9a-f]{7,40})` \\S")

// changelogErrors checks CHANGELOG.md's text: its entries are lines of
// changelogLine, newest first, and every model in shipped (NAME-HASH)
// is named by one. It returns the entries' dates by commit.
func changelogErrors(md string, shipped []string) (map[string]string, []error) {
	var errs []error
	dates := map[string]string{}
	last := "9999-99-99"
	for i, line := range strings.Split(md, "\n") {
		if !strings.HasPrefix(line, "- ") {
			continue
		}
		m := changelogLine.FindStringSubmatch(line)
		if m == nil {
			errs = append(errs, fmt.Errorf("CHANGELOG.md:%d: not \"- YYYY-MM-DD `commit` what changed\": %.60s", i+1, line))
			continue
		}
		if m[1] > last {
			errs = append(errs, fmt.Errorf("CHANGELOG.md:%d: %s after %s: newest first", i+1, m[1], last))
		}
		last = m[1]
		dates[m[2]] = m[1]
	}
	for _, name := range shipped {
		if !strings.Contains(md, name) {
			errs = append(errs, fmt.Errorf("CHANGELOG.md names no change to the shipped model %s", name))
		}
	}
	return dates, errs
}

// TestChangelog: CHANGELOG.md's lines are dated, newest first, each
// commit is in the history with that date, and every shipped model is
// named by the line of the change that brought it.
func TestChangelog(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(root, "CHANGELOG.md"))
	if err != nil {
		t.Fatal(err)
	}
	cards, err := filepath.Glob(filepath.Join(root, "*", "models", "*.json"))
	if err != nil || len(cards) == 0 {
		t.Fatalf("no model cards: %v", err)
	}
	var shipped []string
	for _, c := range cards {
		shipped = append(shipped, strings.TrimSuffix(filepath.Base(c), ".json"))
	}
	dates, errs := changelogErrors(string(b), shipped)
	for _, err := range errs {
		t.Error(err)
	}
	if len(dates) == 0 {
		t.Fatal("CHANGELOG.md has no entries")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed: the commits are not checked")
	}
	out, err := exec.Command("git", "-C", root, "rev-parse", "--is-shallow-repository").Output()
	if shallow := strings.TrimSpace(string(out)); err != nil || shallow != "false" {
		t.Skipf("the commits are not checked: the sources are not a full git clone (shallow %q, %v)", shallow, err)
	}
	for commit, date := range dates {
		// Combined: a commit not in the history shows git's reason.
		out, err := exec.Command("git", "-C", root, "log", "-1", "--format=%ad", "--date=short", commit, "--").CombinedOutput()
		if got := strings.TrimSpace(string(out)); err != nil || got != date {
			t.Errorf("CHANGELOG.md: commit %s is dated %s, the history has %q (%v)", commit, date, got, err)
		}
	}
}

// TestChangelogErrors: an entry out of order, one of another form and a
// shipped model no entry names are each reported.
func TestChangelogErrors(t *testing.T) {
	good := "# Changelog\n\n- 2026-11-29 `94c9e12` opponent: `wait-220ff237281b`\n- 2026-11-22 `05bd2fd` the first\n"
	if _, errs := changelogErrors(good, []string{"wait-220ff237281b"}); len(errs) != 0 {
		t.Errorf("a good changelog: %v", errs)
	}
	for _, tc := range []struct{ name, md, want string }{
		{"out of order", "- 2026-11-22 `05bd2fd` a\n- 2026-11-29 `94c9e12` `wait-220ff237281b`\n", "newest first"},
		{"no commit", "- 2026-11-29 opponent: `wait-220ff237281b`\n", "not \"- YYYY-MM-DD"},
		{"no date", "- `94c9e12` opponent: `wait-220ff237281b`\n", "not \"- YYYY-MM-DD"},
		{"a model not named", "- 2026-11-29 `94c9e12` opponent: the wait model\n", "wait-220ff237281b"},
	} {
		_, errs := changelogErrors(tc.md, []string{"wait-220ff237281b"})
		if len(errs) != 1 || !strings.Contains(errs[0].Error(), tc.want) {
			t.Errorf("%s: %v, want one error saying %q", tc.name, errs, tc.want)
		}
	}
}
