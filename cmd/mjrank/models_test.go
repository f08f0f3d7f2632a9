package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/internal/xgbmodel"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/policy"
	"github.com/mjrank/mjrank/rankmodel"
)

// modelFolder makes a folder of every shipped model, as train writes it
// (links to the repository's files), and returns it with the discard
// policy's and the rollout's card names.
func modelFolder(t *testing.T) (dir, discard, rollout string) {
	t.Helper()
	dir = t.TempDir()
	for _, src := range []string{"../../opponent/models", "../../rankmodel/models", "../../policy/models"} {
		es, err := os.ReadDir(src)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range es {
			name := e.Name()
			if !strings.HasSuffix(name, ".bin") && !strings.HasSuffix(name, ".json") {
				continue
			}
			abs, err := filepath.Abs(filepath.Join(src, name))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(abs, filepath.Join(dir, name)); err != nil {
				t.Fatal(err)
			}
			switch {
			case strings.HasPrefix(name, "discard-") && strings.HasSuffix(name, ".json"):
				discard = name
			case strings.HasPrefix(name, "rollout-") && strings.HasSuffix(name, ".json"):
				rollout = name
			}
		}
	}
	if discard == "" || rollout == "" {
		t.Fatalf("no discard or rollout card among the shipped models (%q, %q)", discard, rollout)
	}
	return dir, discard, rollout
}

// replace writes data at dir/name in place of the link there.
func replace(t *testing.T, dir, name string, data []byte) {
	t.Helper()
	p := filepath.Join(dir, name)
	os.Remove(p)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestModelsInfoListsEveryModel: models info lists every model, the
// rollout's discard model too, embedded and in a folder (issue 53, D10).
func TestModelsInfoListsEveryModel(t *testing.T) {
	dir, _, rollout := modelFolder(t)
	cards := 0
	for _, name := range dirNames(t, dir) {
		if strings.HasSuffix(name, ".json") {
			cards++
		}
	}
	for _, args := range [][]string{{"models", "info"}, {"models", "info", "--models", dir}} {
		code, stdout, stderr := mjrankRun(t, nil, args...)
		if code != 0 || stderr != "" {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		if !strings.Contains(stdout, "rollout  "+strings.TrimSuffix(rollout, ".json")+".bin\n") {
			t.Errorf("%v: the rollout model is not listed", args)
		}
		if n := strings.Count(stdout, "\n  objective  "); n != cards {
			t.Errorf("%v: %d cards, want the %d of the models", args, n, cards)
		}
	}
}

// TestModelsInfoUnusableFolder: a folder whose discard model is corrupt,
// missing, doubled or of another schema, or whose rollout model is
// corrupt, prints the other cards and fails naming the model, as the arena
// refuses it (issue 53, D10).
func TestModelsInfoUnusableFolder(t *testing.T) {
	for _, tc := range []struct {
		name, want string
		arena      bool // the arena's policy@DIR refuses it too
		spoil      func(t *testing.T, dir, discard, rollout string)
	}{
		{"corrupt", "discard", true, func(t *testing.T, dir, discard, _ string) {
			replace(t, dir, strings.TrimSuffix(discard, ".json")+".bin", bytes.Repeat([]byte{0x5a}, 100))
		}},
		{"missing", "discard", true, func(t *testing.T, dir, discard, _ string) {
			os.Remove(filepath.Join(dir, discard))
			os.Remove(filepath.Join(dir, strings.TrimSuffix(discard, ".json")+".bin"))
		}},
		{"doubled", "discard", true, func(t *testing.T, dir, discard, _ string) {
			b, err := os.ReadFile(filepath.Join(dir, discard))
			if err != nil {
				t.Fatal(err)
			}
			replace(t, dir, "discard-000000000000.json", b)
		}},
		{"schema", "schema", true, func(t *testing.T, dir, discard, _ string) {
			b, err := os.ReadFile(filepath.Join(dir, discard))
			if err != nil {
				t.Fatal(err)
			}
			b2 := regexp.MustCompile(`"schema": *[0-9]+`).ReplaceAll(b, []byte(`"schema": 99`))
			if bytes.Equal(b, b2) {
				t.Fatal("no schema in the card")
			}
			replace(t, dir, discard, b2)
		}},
		{"corrupt rollout", "rollout", false, func(t *testing.T, dir, _, rollout string) {
			replace(t, dir, strings.TrimSuffix(rollout, ".json")+".bin", bytes.Repeat([]byte{0x5a}, 100))
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir, discard, rollout := modelFolder(t)
			tc.spoil(t, dir, discard, rollout)
			code, stdout, stderr := mjrankRun(t, nil, "models", "info", "--models", dir)
			if code != 1 || !strings.Contains(stderr, tc.want) || !strings.Contains(stderr, "--models "+dir+": 1 model set failed to load") {
				t.Errorf("exit %d, stderr %q: want 1 and the model named", code, stderr)
			}
			if !strings.Contains(stdout, "tenpai  tenpai-") || !strings.Contains(stdout, "riichi  riichi-") {
				t.Errorf("the other cards are not printed:\n%s", stdout)
			}
			if tc.arena {
				code, _, stderr := mjrankRun(t, nil, "arena", "--seats", "policy@"+dir+",efficiency,efficiency,efficiency", "--games", "1", "--length", "tonpuusen")
				if code == 0 {
					t.Errorf("the arena takes the folder models info refuses: %s", stderr)
				}
			}
		})
	}
}

// TestModelsInfoListsEveryModel3: models info --players 3 lists every
// embedded three-player model, the policy's too (kita3 among them).
func TestModelsInfoListsEveryModel3(t *testing.T) {
	var want []string
	for _, fsys := range []fs.FS{opponent.EmbeddedFS(), rankmodel.EmbeddedFS(), policy.EmbeddedFS()} {
		cards, err := xgbmodel.Cards(fsys, "models/3p")
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cards {
			want = append(want, c.Name+"  "+c.File)
		}
	}
	if len(want) < 13 {
		t.Fatalf("%d embedded three-player cards: %v", len(want), want)
	}
	code, stdout, stderr := mjrankRun(t, nil, "models", "info", "--players", "3")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, w := range want {
		if !strings.Contains(stdout, w+"\n") {
			t.Errorf("%s is not listed", w)
		}
	}
	if n := strings.Count(stdout, "\n  objective  "); n != len(want) {
		t.Errorf("%d cards, want the %d embedded", n, len(want))
	}
}
