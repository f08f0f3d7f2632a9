package dataset_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/dataset"
)

const selfplay = "../testdata/selfplay.xml"

func TestHeldOutIsStable(t *testing.T) {
	// The split must never change: models' cards and docs/MODELS.md rely on it.
	if h := dataset.Hash("2010012206gm-00a9-0000-5414f3c4") % 10; h != 2 {
		t.Fatalf("FNV-1a of a log id mod 10 = %d, want 2", h)
	}
	n := 0
	for i := range 10000 {
		if dataset.HeldOut("game" + string(rune('a'+i%26)) + string(rune('a'+i/26%26)) + string(rune('a'+i/676))) {
			n++
		}
	}
	if n < 800 || n > 1200 {
		t.Errorf("%d of 10000 keys held out, want about 1000", n)
	}
}

// TestKeyIgnoresPath: a game without a log id gets the same key (and so
// the same split) whatever path its file was reached by.
func TestKeyIgnoresPath(t *testing.T) {
	abs, err := filepath.Abs(selfplay)
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, p := range []string{selfplay, abs} {
		games, err := dataset.ReadFile(p)
		if err != nil || len(games) != 1 {
			t.Fatalf("%s: %d games, %v", p, len(games), err)
		}
		g := games[0].Game
		g.Ref = "" // as in records without a log id
		keys = append(keys, dataset.Key(p, 1, g))
	}
	if keys[0] != keys[1] || strings.Contains(keys[0], "selfplay") {
		t.Errorf("keys %q", keys)
	}
}

func TestUsable(t *testing.T) {
	games, err := dataset.ReadFile(selfplay)
	if err != nil || len(games) != 1 {
		t.Fatalf("%d games, %v", len(games), err)
	}
	g := *games[0].Game
	if err := dataset.Usable(&g); err != nil {
		t.Errorf("the self-play game: %v", err)
	}
	tests := []struct {
		name string
		edit func(g *data.Game)
		want error
	}{
		{"3-player", func(g *data.Game) { g.Players = 3 }, dataset.ErrSkipPlayers},
		{"special lobby", func(g *data.Game) { g.Rules.Type |= 0x800 }, dataset.ErrSkipLobby},
		{"no final result", func(g *data.Game) { g.Owari = nil }, dataset.ErrSkipCut},
	}
	for _, tt := range tests {
		c := g
		tt.edit(&c)
		if err := dataset.Usable(&c); !errors.Is(err, tt.want) {
			t.Errorf("%s: %v, want %v", tt.name, err, tt.want)
		}
	}
}

func TestFiles(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"a.xml", "b.txt", "notes.md", ".hidden.xml"} {
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	files, unreadable, err := dataset.Files([]string{dir})
	if want := []string{filepath.Join(dir, "a.xml"), filepath.Join(dir, "b.txt")}; err != nil || fmt.Sprint(files) != fmt.Sprint(want) || len(unreadable) != 0 {
		t.Errorf("%v, %v, %v; want %v", files, unreadable, err, want)
	}
	if _, _, err := dataset.Files([]string{filepath.Join(dir, "missing")}); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a missing path: %v", err)
	}
	if files, _, err := dataset.Files([]string{"-"}); err != nil || fmt.Sprint(files) != "[-]" {
		t.Errorf("stdin: %v, %v", files, err)
	}
}

// The games of a record file with their keys: the log id names a game when
// the record has one, and FNV-1a of the key mod 10 = 0 holds it out.
func ExampleReadFile() {
	games, err := dataset.ReadFile("../testdata/selfplay.xml")
	if err != nil {
		panic(err)
	}
	for _, gr := range games {
		fmt.Printf("game %d: key %q, held out %v, usable %v\n", gr.N, gr.Key, gr.HeldOut, dataset.Usable(gr.Game))
	}
	fmt.Println(dataset.HeldOut("2010012206gm-00a9-0000-5414f3c4"), dataset.Hash("2010012206gm-00a9-0000-5414f3c4")%10)
	// Output:
	// game 1: key "mjrank-arena-5-0-0", held out false, usable <nil>
	// false 2
}

// TestEachStreams: Each gives the games Read gives, with the same numbers
// and keys, one at a time (a game given is not kept: the heap does not
// grow with the games of a file), and stops when fn says so.
func TestEachStreams(t *testing.T) {
	const games = 200_000
	var b bytes.Buffer
	for range games {
		b.WriteString(`{"type":"start_game"}` + "\n" + `{"type":"end_game"}` + "\n")
	}
	want, err := dataset.Read(bytes.NewReader(b.Bytes()), "many.mjson")
	if err != nil || len(want) != games {
		t.Fatalf("Read: %d games, %v", len(want), err)
	}
	want = want[:3]
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	i, peak := 0, uint64(0)
	n, err := dataset.Each(bytes.NewReader(b.Bytes()), "many.mjson", func(gr *dataset.GameRef) bool {
		if i < len(want) && (gr.N != want[i].N || gr.Key != want[i].Key || gr.File != want[i].File) {
			t.Errorf("game %d: %s #%d %s, Read gives %s #%d %s", i, gr.File, gr.N, gr.Key, want[i].File, want[i].N, want[i].Key)
		}
		if i++; i%20_000 == 0 {
			runtime.GC()
			runtime.ReadMemStats(&after)
			peak = max(peak, after.HeapAlloc)
		}
		return true
	})
	if err != nil || n != games {
		t.Fatalf("Each: %d games, %v", n, err)
	}
	if grew := int64(peak) - int64(before.HeapAlloc); grew > 16<<20 {
		t.Errorf("the heap grew by %d MiB over %d games", grew>>20, games)
	}
	n, _ = dataset.Each(bytes.NewReader(b.Bytes()), "many.mjson", func(gr *dataset.GameRef) bool { return gr.N < 5 })
	if n != 5 {
		t.Errorf("Each went on to game %d after fn said stop at game 5", n)
	}
}
