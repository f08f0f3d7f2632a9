package train

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/mjrank/mjrank/data/dataset"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/rankmodel"
)

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
	files, _, err := dataset.Files([]string{corpus})
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

// TestWorkFolderChecked: a work folder that is the corpus, or inside it,
// or one of the model folders, is refused before any work (it failed at
// the xgboost step and left LibSVM files among the records); a relative
// one becomes absolute.
func TestWorkFolderChecked(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	corpus := filepath.Join(dir, "corpus")
	if err := os.Mkdir(corpus, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ work, out, want string }{
		{"corpus", "models", "--work"},
		{"corpus/wk", "models", "--work"},
		{"models", "models", "--work"},
		{"wk", "corpus/models", "--out"},
	} {
		cfg := Config{Corpus: []string{"corpus"}, Out: c.out, Work: c.work, XGBoost: "no-such-xgboost"}
		_, err := Run(context.Background(), cfg)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "corpus") && c.work != c.out {
			t.Errorf("work %s, out %s: %v, want %s refused", c.work, c.out, err, c.want)
		}
	}
	if left, _ := os.ReadDir(corpus); len(left) > 0 {
		t.Errorf("the corpus holds %v after the refused runs", left)
	}
	cfg := Config{Corpus: []string{"corpus"}, Out: "models", Work: "wk"}
	if err := cfg.ResolvePaths(); err != nil || cfg.Work != filepath.Join(dir, "wk") || cfg.Out != filepath.Join(dir, "models") {
		t.Errorf("ResolvePaths: %v, work %q, out %q; want them absolute", err, cfg.Work, cfg.Out)
	}
	if cfg.Corpus[0] != "corpus" {
		t.Errorf("the corpus became %q: the cards record it as given", cfg.Corpus[0])
	}
}

// TestCheckLoaderRelativeWork: the loader check runs `xgboost task=pred`
// in the work folder; a work folder named relative to this one is found
// there (it failed with "LocalFileSystem::Open wk/check.model").
func TestCheckLoaderRelativeWork(t *testing.T) {
	needXGBoost(t)
	model := modelBytes(t, "../opponent/models", opponent.TenpaiModel)
	dir := t.TempDir()
	t.Chdir(dir)
	if err := os.Mkdir("wk", 0o755); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	x := make([]float64, opponent.NumTenpaiFeatures)
	if err := libsvm(&b, 0, x); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("wk/rows.test", b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	check, err := CheckLoader(context.Background(), "xgboost", "wk", model, "wk/rows.test")
	if err != nil || check.Rows != 1 {
		t.Errorf("CheckLoader in a relative work folder: %+v, %v", check, err)
	}
}
