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
// into one folder, as mjrank train writes a set with one --out; with
// three, their 3-player models too, into its 3p as make train-3p lays
// them out.
func copyModels(t *testing.T, three bool) string {
	t.Helper()
	dir := t.TempDir()
	sub := []string{"."}
	if three {
		sub = append(sub, ThreePlayerDir)
	}
	for _, s := range sub {
		if err := os.MkdirAll(filepath.Join(dir, s), 0o755); err != nil {
			t.Fatal(err)
		}
		for _, src := range []string{"../opponent/models", "../rankmodel/models", "../policy/models"} {
			files, err := filepath.Glob(filepath.Join(src, s, "*-*.*"))
			if err != nil || len(files) == 0 {
				t.Fatalf("no models in %s: %v", filepath.Join(src, s), err)
			}
			for _, f := range files {
				b, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(dir, s, filepath.Base(f)), b, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	return dir
}

// TestModelsFolder: "policy@DIR" on a copy of the embedded models plays
// every move of self-play games as "policy" does; names that cannot take
// a folder, or a folder without models, are errors.
func TestModelsFolder(t *testing.T) {
	dir := copyModels(t, false)
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

// TestModelsFolder3: in a 3-player game "policy@DIR" and "mc@DIR" play
// on DIR/3p, made with the game's rules or without rules: on a copy of
// the embedded sets each plays every move (the first ones for mc, on a
// small budget) as the embedded bot does, which plays the embedded
// 3-player models; a folder without a 3p is refused for a 3-player game,
// naming the folder, and still plays four.
func TestModelsFolder3(t *testing.T) {
	rules := game.TenhouSanma(game.Hanchan)
	dir := copyModels(t, true)
	for _, c := range []struct {
		name string
		max  int // decisions compared
	}{{"policy", 1 << 30}, {"mc", 12}} {
		o := Options{Rules: &rules, MCSims: 40}
		onDir, err := NewWith(c.name+"@"+dir, 1, o)
		if err != nil {
			t.Fatal(err)
		}
		embedded, err := NewWith(c.name, 1, o)
		if err != nil {
			t.Fatal(err)
		}
		// Without rules (mjrank measure's bots), DIR/3p still reads the
		// 3-player views, as the embedded 3-player models do.
		o.Rules = nil
		noRules, err := NewWith(c.name+"@"+dir, 1, o)
		if err != nil {
			t.Fatal(err)
		}
		embeddedNoRules, err := NewWith(c.name, 1, o)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		hooks := game.Hooks{Decision: func(r *game.Round, seat int, legal []game.Action) error {
			if n >= c.max {
				return nil
			}
			v := game.ViewOf(r, seat)
			b := embedded.Act(v, legal)
			if a := onDir.Act(v, legal); a != b {
				t.Errorf("%s: %v: %s@DIR plays %v, %s %v", c.name, v.Phase(), c.name, a, c.name, b)
			}
			if a, b := noRules.Act(v, legal), embeddedNoRules.Act(v, legal); a != b {
				t.Errorf("%s: %v: %s@DIR without rules plays %v, %s %v", c.name, v.Phase(), c.name, a, c.name, b)
			}
			n++
			return nil
		}}
		players := [game.NumSeats]game.Player{&Efficiency{}, &Efficiency{}, &Efficiency{}}
		if _, err := game.PlayGameHooked(context.Background(), rules, 7, &players, &hooks); err != nil {
			t.Fatal(err)
		}
		if n < min(c.max, 100) {
			t.Fatalf("%s: only %d decisions compared", c.name, n)
		}
	}
	four := copyModels(t, false)
	for _, name := range []string{"policy", "mc"} {
		_, err := NewWith(name+"@"+four, 1, Options{Rules: &rules})
		if want := filepath.Join(four, ThreePlayerDir); err == nil || !strings.Contains(err.Error(), "3-player game") || !strings.Contains(err.Error(), want) {
			t.Errorf("%s@DIR without %s in a 3-player game: error %v", name, want, err)
		}
		r4 := game.Tenhou(game.Hanchan)
		if _, err := NewWith(name+"@"+four, 1, Options{Rules: &r4}); err != nil {
			t.Errorf("%s@DIR without 3p in a 4-player game: %v", name, err)
		}
	}
}
