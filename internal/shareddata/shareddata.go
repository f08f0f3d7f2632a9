// Package shareddata finds the project's shared test data for tests: the
// folder data/ of "shared", a sibling of the repository root (the directory
// holding go.mod). Corpus tests call [Dir], which skips the test when the
// data is absent, or fails it when the environment sets
// MJRANK_REQUIRE_SHARED=1, as CI does.
package shareddata

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// RequireEnv names the environment variable that turns a missing data folder
// from a skip into a failure when set to "1".
const RequireEnv = "MJRANK_REQUIRE_SHARED"

// ErrNotFound is wrapped by the error [Locate] returns when the folder is
// missing.
var ErrNotFound = errors.New("shared data not found")

// Dir returns the path of ../shared/data/<sub...> relative to the repository
// root found above the working directory (a test's package directory). If
// that folder does not exist it skips the test with a message saying so, or,
// when MJRANK_REQUIRE_SHARED=1, fails it.
func Dir(t testing.TB, sub ...string) string {
	t.Helper()
	wd, err := os.Getwd()
	if err == nil {
		var dir string
		if dir, err = Locate(wd, sub...); err == nil {
			return dir
		}
	}
	if os.Getenv(RequireEnv) == "1" {
		t.Fatalf("%v (%s=1)", err, RequireEnv)
	}
	t.Skipf("skipping: %v (set %s=1 to fail instead)", err, RequireEnv)
	return ""
}

// Locate walks up from start to the first directory holding go.mod and
// returns <that directory>/../shared/data/<sub...> if it is an existing
// directory. Otherwise the error wraps [ErrNotFound].
func Locate(start string, sub ...string) (string, error) {
	root, err := filepath.Abs(start)
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(root, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(root)
		if parent == root {
			return "", fmt.Errorf("%w: no go.mod above %s", ErrNotFound, start)
		}
		root = parent
	}
	dir := filepath.Join(append([]string{filepath.Dir(root), "shared", "data"}, sub...)...)
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "", fmt.Errorf("%w: %s does not exist", ErrNotFound, dir)
	case err != nil:
		return "", fmt.Errorf("%w: %v", ErrNotFound, err)
	case !fi.IsDir():
		return "", fmt.Errorf("%w: %s is not a directory", ErrNotFound, dir)
	}
	return dir, nil
}
