package train

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"

	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/rankmodel"
)

// failingFS fails to list one folder, as a folder without read permission
// does (which root, who runs the tests here, cannot be refused).
type failingFS struct {
	fstest.MapFS
	bad string
}

func (f failingFS) ReadDir(name string) ([]fs.DirEntry, error) {
	if name == f.bad {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrPermission}
	}
	return f.MapFS.ReadDir(name)
}

// TestWalkRecordsUnreadableFolder: a folder that cannot be listed is
// returned, and the walk goes on through the others.
func TestWalkRecordsUnreadableFolder(t *testing.T) {
	fsys := failingFS{fstest.MapFS{
		"a/1.xml":       {Data: []byte("x")},
		"b/2.xml":       {Data: []byte("x")},
		"c/3.json":      {Data: []byte("x")},
		"c/README.md":   {Data: []byte("x")},
		".hidden/4.xml": {Data: []byte("x")},
	}, "b"}
	files, bad := walkRecords(fsys, "root")
	want := []string{filepath.Join("root", "a", "1.xml"), filepath.Join("root", "c", "3.json")}
	if !slices.Equal(files, want) || !slices.Equal(bad, []string{filepath.Join("root", "b")}) {
		t.Errorf("files %v, unreadable %v; want %v and [root/b]", files, bad, want)
	}
}

// TestEvaluateInputs: what models eval is given that holds no game, or
// more than games: no usable game is ErrNoGames; a FIFO named like a record
// inside a folder is not opened (it would block); an unreadable folder is
// counted, not fatal; "-" reads the given stdin.
func TestEvaluateInputs(t *testing.T) {
	opp, err := opponent.Default()
	if err != nil {
		t.Fatal(err)
	}
	rk, err := rankmodel.Default()
	if err != nil {
		t.Fatal(err)
	}
	record, err := os.ReadFile("../data/testdata/selfplay.xml")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	garbage := filepath.Join(dir, "garbage.xml")
	if err := os.WriteFile(garbage, []byte("garbage\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := Evaluate(ctx, []string{garbage}, opp, rk, EvalOptions{}); !errors.Is(err, ErrNoGames) || !strings.Contains(err.Error(), "not a game record: 1") {
		t.Errorf("garbage: %v, want ErrNoGames saying what was skipped", err)
	}

	corpus := filepath.Join(dir, "corpus")
	locked := filepath.Join(corpus, "locked")
	for _, d := range []string{corpus, locked} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(corpus, "game.xml"), record, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(corpus, "fifo.xml"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("fifo.xml", filepath.Join(corpus, "link-to-fifo.xml")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("game.xml", filepath.Join(corpus, "link.xml")); err != nil {
		t.Fatal(err)
	}
	files, _, err := ListRecords([]string{corpus})
	if want := []string{filepath.Join(corpus, "game.xml"), filepath.Join(corpus, "link.xml")}; err != nil || !slices.Equal(files, want) {
		t.Errorf("listed %v, %v; want %v (a link to a file is read, a FIFO or a link to one is not)", files, err, want)
	}
	rep, err := Evaluate(ctx, []string{corpus}, opp, rk, EvalOptions{})
	if err != nil || rep.Games != 1 {
		t.Fatalf("a folder with a game, a link to it and a FIFO: %v, %+v", err, rep)
	}
	if os.Geteuid() != 0 { // root reads any folder
		if err := os.Chmod(locked, 0); err != nil {
			t.Fatal(err)
		}
		defer os.Chmod(locked, 0o755)
		rep, err := Evaluate(ctx, []string{corpus}, opp, rk, EvalOptions{})
		if err != nil || rep.Games != 1 || !slices.Contains(rep.Skipped, "unreadable folder: 1") {
			t.Errorf("with an unreadable folder: %v, %+v", err, rep)
		}
	}

	rep, err = Evaluate(ctx, []string{Stdin}, opp, rk, EvalOptions{Stdin: strings.NewReader(string(record))})
	if err != nil || rep.Games != 1 {
		t.Errorf("stdin: %v, %+v", err, rep)
	}
}

// TestRunChecksOutputsFirst: an output folder that is a file, or under
// one, stops Run before any work, with the path in the message (it failed
// after training, naming a temporary file).
func TestRunChecksOutputsFirst(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, cfg := range []Config{
		{Out: file},
		{Out: dir, RankOut: filepath.Join(file, "rank")},
		{},
	} {
		cfg.Corpus = []string{"no-such-corpus"} // never reached
		cfg.XGBoost = "no-such-xgboost"         // never reached
		_, err := Run(context.Background(), cfg)
		if err == nil || strings.Contains(err.Error(), "xgboost") || strings.Contains(err.Error(), "corpus") {
			t.Errorf("Run(out %q, rank-out %q): %v, want the output folder refused first", cfg.Out, cfg.RankOut, err)
		}
	}
	if names, _ := os.ReadDir(dir); len(names) != 1 {
		t.Errorf("the checks left files behind: %v", names)
	}
}
