package xgbmodel

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
)

// listing returns the entries of dir, "name -> target" for a link.
func listing(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		n := e.Name()
		if target, err := os.Readlink(filepath.Join(dir, n)); err == nil {
			n += " -> " + target
		}
		names = append(names, n)
	}
	return names
}

// oldSet writes an older tenpai model and card and an unrelated file into
// dir.
func oldSet(t *testing.T, dir string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"tenpai-000000000000.bin", "tenpai-000000000000.json", "notes.txt"} {
		if err := os.WriteFile(filepath.Join(dir, f), []byte(f), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestStageCommit: models saved through a Stage into two folders change
// nothing there until Commit, which replaces the older files of their
// names (a link at one as an entry, its target kept) and leaves the
// others; Discard leaves the folders as they were, a folder it created
// removed.
func TestStageCommit(t *testing.T) {
	root := t.TempDir()
	a, b := filepath.Join(root, "a"), filepath.Join(root, "b")
	oldSet(t, a)
	target := filepath.Join(root, "target")
	if err := os.WriteFile(target, []byte("kept"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, filepath.Join(a, "wait-111111111111.json")); err != nil {
		t.Fatal(err)
	}
	before := listing(t, a)
	var s Stage
	for _, m := range []struct{ dir, name string }{{a, "tenpai"}, {a, "wait"}, {b, "rank"}} {
		c := &Card{Name: m.name}
		if err := s.Save(m.dir, c, []byte("model "+m.name)); err != nil {
			t.Fatal(err)
		}
	}
	if got := slices.DeleteFunc(listing(t, a), func(n string) bool { return strings.HasPrefix(n, ".mjrank-new-") }); !slices.Equal(got, before) {
		t.Errorf("before Commit, a holds %v; want %v", got, before)
	}
	if err := s.Commit(); err != nil {
		t.Fatal(err)
	}
	got := strings.Join(listing(t, a), " ")
	for _, want := range []string{"notes.txt", "tenpai-", "wait-"} {
		if !strings.Contains(got, want) {
			t.Errorf("after Commit, a holds %s; want %s", got, want)
		}
	}
	for _, not := range []string{"000000000000", "111111111111", ".mjrank-new-"} {
		if strings.Contains(got, not) {
			t.Errorf("after Commit, a holds %s; want no %s", got, not)
		}
	}
	if got := listing(t, b); len(got) != 2 || !strings.HasPrefix(got[0], "rank-") {
		t.Errorf("after Commit, b holds %v; want the rank model and card", got)
	}
	if kept, err := os.ReadFile(target); err != nil || string(kept) != "kept" {
		t.Errorf("the link's target: %q, %v", kept, err)
	}

	// Discarded: nothing changes, and the folder the stage made goes.
	c := filepath.Join(root, "c", "sub")
	before = listing(t, a)
	var d Stage
	for _, dir := range []string{a, c} {
		if err := d.Save(dir, &Card{Name: "tenpai"}, []byte("newer")); err != nil {
			t.Fatal(err)
		}
	}
	d.Discard()
	if got := listing(t, a); !slices.Equal(got, before) {
		t.Errorf("after Discard, a holds %v; want %v", got, before)
	}
	if _, err := os.Lstat(filepath.Join(root, "c")); !os.IsNotExist(err) {
		t.Errorf("the folder the discarded stage made is left: %v", err)
	}
}

// TestStageCommitRefusesOrUndoes: a FIFO or folder at a model's name is
// refused before any change, and a rename that fails halfway puts back
// what the Commit had moved: the folders hold their old sets.
func TestStageCommitRefusesOrUndoes(t *testing.T) {
	root := t.TempDir()
	a, b := filepath.Join(root, "a"), filepath.Join(root, "b")
	oldSet(t, a)
	oldSet(t, b)
	if err := syscall.Mkfifo(filepath.Join(b, "tenpai-222222222222.json"), 0o644); err != nil {
		t.Fatal(err)
	}
	wantA, wantB := listing(t, a), listing(t, b)
	var s Stage
	for _, dir := range []string{a, b} {
		if err := s.Save(dir, &Card{Name: "tenpai"}, []byte("new")); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Commit(); err == nil || !strings.Contains(err.Error(), "tenpai-222222222222.json") {
		t.Errorf("Commit over a FIFO: %v", err)
	}
	if got := listing(t, a); !slices.Equal(got, wantA) {
		t.Errorf("a holds %v; want %v", got, wantA)
	}
	if got := listing(t, b); !slices.Equal(got, wantB) {
		t.Errorf("b holds %v; want %v", got, wantB)
	}
	if err := Save(b, &Card{Name: "tenpai"}, []byte("new")); err == nil {
		t.Error("Save over a FIFO at a model's name: no error")
	}

	// A rename fails in b (its staged card is gone): a is put back.
	os.Remove(filepath.Join(b, "tenpai-222222222222.json"))
	wantB = listing(t, b)
	var u Stage
	for _, dir := range []string{a, b} {
		if err := u.Save(dir, &Card{Name: "tenpai"}, []byte("new")); err != nil {
			t.Fatal(err)
		}
	}
	staged, _ := filepath.Glob(filepath.Join(b, ".mjrank-new-*", "tenpai-*.json"))
	if len(staged) != 1 {
		t.Fatalf("staged cards in b: %v", staged)
	}
	os.Remove(staged[0])
	if err := u.Commit(); err == nil {
		t.Error("Commit with a staged file gone: no error")
	}
	if got := listing(t, a); !slices.Equal(got, wantA) {
		t.Errorf("after the undone Commit, a holds %v; want %v", got, wantA)
	}
	if got := listing(t, b); !slices.Equal(got, wantB) {
		t.Errorf("after the undone Commit, b holds %v; want %v", got, wantB)
	}
}
