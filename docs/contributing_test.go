package docs

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
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
	git(t, dir, "init", "-q")
	return dir
}

// git runs git in dir and returns its error.
func git(t *testing.T, dir string, args ...string) error {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.name=t", "-c", "user.email=t@example.org"}, args...)...)
	out, err := cmd.CombinedOutput()
	if err != nil && args[0] == "init" {
		t.Fatalf("git init: %v: %s", err, out)
	}
	return err
}

// TestCommitMsgHookInstalled: with core.hooksPath set as make hooks sets
// it, git commit runs the hook: a long subject is not committed.
func TestCommitMsgHookInstalled(t *testing.T) {
	dir := gitRepo(t)
	hooks, err := filepath.Abs(filepath.Join(root, ".githooks"))
	if err != nil {
		t.Fatal(err)
	}
	if err := git(t, dir, "config", "core.hooksPath", hooks); err != nil {
		t.Fatal(err)
	}
	if err := git(t, dir, "commit", "-q", "--allow-empty", "-m", "pkg: "+strings.Repeat("x", 80)); err == nil {
		t.Error("git commit took an 85-character subject")
	}
	if err := git(t, dir, "commit", "-q", "--allow-empty", "-m", "pkg: short", "-m", "body"); err != nil {
		t.Errorf("git commit refused a short subject: %v", err)
	}
}

// TestLintSize: .ci/lint-size fails naming a tracked file over 1 MiB
// outside */models/, and passes a model folder's large file, a file of
// 1 MiB, and this repository.
func TestLintSize(t *testing.T) {
	if code, stderr := runScript(t, ".ci/lint-size"); code != 0 {
		t.Errorf("this repository: exit %d:\n%s", code, stderr)
	}
	dir := gitRepo(t)
	write := func(rel string, n int) {
		p := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, bytes.Repeat([]byte{'x'}, n), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := git(t, dir, "add", rel); err != nil {
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
	if code, _ := runScript(t, ".ci/lint-size", t.TempDir()); code == 0 {
		t.Error("a folder that is no git repository passed")
	}
}
