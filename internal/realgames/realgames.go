// Package realgames is a test helper: the real Houou games the engine's
// and the policy's tests replay, read from the shared corpus
// (../shared/data/tenhou: thewaxmango's mjlog files, 4-player east-south,
// in file name order). Without the corpus the test skips, or fails under
// MJRANK_REQUIRE_SHARED=1 (internal/shareddata).
package realgames

import (
	"iter"
	"os"
	"path/filepath"
	"testing"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/mjlog"
	"github.com/mjrank/mjrank/internal/shareddata"
)

// Games yields the games in file order, each with its file's base name;
// a file that cannot be read fails the test.
func Games(t testing.TB) iter.Seq2[string, *data.Game] {
	t.Helper()
	dir := filepath.Join(shareddata.Dir(t, "tenhou", "thewaxmango-mahjong-hands"), "log-libraries", "logs")
	files, err := filepath.Glob(filepath.Join(dir, "*-00a9-*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no games in %s: %v", dir, err)
	}
	return func(yield func(string, *data.Game) bool) {
		for _, f := range files {
			fh, err := os.Open(f)
			if err != nil {
				t.Fatal(err)
			}
			r := mjlog.NewReader(fh, f)
			if !r.Next() {
				fh.Close()
				t.Fatalf("%s: %v", f, r.Err())
			}
			g := r.Game()
			fh.Close()
			if !yield(filepath.Base(f), g) {
				return
			}
		}
	}
}
