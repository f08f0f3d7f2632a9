package opponent

import (
	"strings"
	"testing"
)

// TestLoadDirNamesTheFolder: a file, a missing folder or an empty one is
// refused with a message that names it (not "in .").
func TestLoadDirNamesTheFolder(t *testing.T) {
	empty := t.TempDir()
	for _, tc := range []struct{ dir, want string }{
		{"opponent.go", "opponent.go: not a folder"},
		{"no-such-folder", "no-such-folder"},
		{empty, empty + ": opponent: xgbmodel: 0 cards for model"},
	} {
		_, err := LoadDir(tc.dir)
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), " in .") {
			t.Errorf("LoadDir(%s): %v, want an error with %q", tc.dir, err, tc.want)
		}
	}
}
