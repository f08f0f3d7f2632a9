package bot

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/sim/game"
)

// copyModels copies the repository's model folders (the embedded sets)
// into one folder, as mjrank train writes a set with one --out.
func copyModels(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, src := range []string{"../opponent/models", "../rankmodel/models", "../policy/models"} {
		files, err := filepath.Glob(filepath.Join(src, "*-*.*"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no models in %s: %v", src, err)
		}
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, filepath.Base(f)), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	return dir
}

// TestModelsFolder: "policy@DIR" on a copy of the embedded models plays
// every move of self-play games as "policy" does; names that cannot take
// a folder, or a folder without models, are errors.
func TestModelsFolder(t *testing.T) {
	dir := copyModels(t)
	if !Valid("policy@"+dir) || !Valid("mc@"+dir) || Valid("efficiency@"+dir) {
		t.Error("Valid: policy@DIR and mc@DIR valid, efficiency@DIR not")
	}
	onDir, err := New("policy@"+dir, 1)
	if err != nil {
		t.Fatal(err)
	}
	embedded, err := New("policy", 1)
	if err != nil {
		t.Fatal(err)
	}
	rules := game.Tenhou(game.Hanchan)
	n := 0
	hooks := game.Hooks{Decision: func(r *game.Round, seat int, legal []game.Action) error {
		v := game.ViewOf(r, seat)
		if a, b := onDir.Act(v, legal), embedded.Act(v, legal); a != b {
			t.Errorf("%v: policy@DIR plays %v, policy %v", v.Phase(), a, b)
		}
		n++
		return nil
	}}
	players := [game.NumSeats]game.Player{&Efficiency{}, &Efficiency{}, &Efficiency{}, &Efficiency{}}
	if _, err := game.PlayGameHooked(context.Background(), rules, 5, &players, &hooks); err != nil {
		t.Fatal(err)
	}
	if n < 100 {
		t.Fatalf("only %d decisions compared", n)
	}
	for name, want := range map[string]string{
		"efficiency@" + dir:                    "only policy and mc take a models folder",
		"policy@" + filepath.Join(dir, "none"): "models in",
	} {
		if _, err := New(name, 1); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want %q", name, err, want)
		}
	}
}
