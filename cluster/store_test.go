package cluster

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestStoreKeys(t *testing.T) {
	s := store{dir: t.TempDir(), binary: "aaaa"}
	other := store{dir: s.dir, binary: "bbbb"}
	keys := map[string]string{
		"base":            s.key("shard", []string{"arena", "--games=8"}),
		"other binary":    other.key("shard", []string{"arena", "--games=8"}),
		"other args":      s.key("shard", []string{"arena", "--games=9"}),
		"split args":      s.key("shard", []string{"arena --games=8"}),
		"plan, not shard": s.key("plan", []string{"arena", "--games=8"}),
		"other work dir":  store{dir: s.dir, binary: "aaaa", workDir: "/w"}.key("shard", []string{"arena", "--games=8"}),
	}
	seen := map[string]string{}
	for what, k := range keys {
		if len(k) != 64 {
			t.Errorf("%s: key %q is not a SHA-256 in hex", what, k)
		}
		if prev, ok := seen[k]; ok {
			t.Errorf("%s and %s share the key %s", what, prev, k)
		}
		seen[k] = what
	}
	again := store{dir: t.TempDir(), binary: "aaaa"}
	if s.key("shard", []string{"a", "b"}) != again.key("shard", []string{"a", "b"}) {
		t.Error("the same shard has two keys")
	}
}

func TestStoreKeepsOutputs(t *testing.T) {
	s := store{dir: filepath.Join(t.TempDir(), "new", "folder"), binary: "aaaa"}
	a, b := []string{"arena", "--shard", "1/2"}, []string{"arena", "--shard", "2/2"}
	if _, ok, err := s.load(a); ok || err != nil {
		t.Fatalf("an empty store loads %v, %v", ok, err)
	}
	if err := s.save(a, []byte("first")); err != nil {
		t.Fatal(err)
	}
	if err := s.save(b, nil); err != nil {
		t.Fatal(err)
	}
	if out, ok, err := s.load(a); !ok || err != nil || string(out) != "first" {
		t.Errorf("load(a) = %q, %v, %v, want the output saved", out, ok, err)
	}
	if out, ok, err := s.load(b); !ok || err != nil || len(out) != 0 {
		t.Errorf("load(b) = %q, %v, %v, want an empty output, found", out, ok, err)
	}
	// Nothing but the two outputs: no temporary file left behind.
	files, _ := os.ReadDir(s.dir)
	if len(files) != 2 {
		t.Errorf("%d files in the store, want 2: %v", len(files), files)
	}
	for _, args := range [][]string{a, b, a} {
		if err := s.remove(args); err != nil {
			t.Errorf("remove %v: %v", args, err)
		}
	}
	if _, ok, _ := s.load(a); ok {
		t.Error("a removed shard still loads")
	}
}

func TestStorePlan(t *testing.T) {
	s := store{dir: t.TempDir(), binary: "aaaa"}
	base := []string{"arena", "--games=40"}
	if n, err := s.plan(base); n != 0 || err != nil {
		t.Fatalf("no plan: %d, %v", n, err)
	}
	if err := s.setPlan(base, 12); err != nil {
		t.Fatal(err)
	}
	if n, err := s.plan(base); n != 12 || err != nil {
		t.Errorf("plan = %d, %v, want 12", n, err)
	}
	if n, _ := s.plan([]string{"arena", "--games=41"}); n != 0 {
		t.Errorf("another job's plan = %d, want none", n)
	}
	if err := s.setPlan(base, 0); err != nil {
		t.Fatal(err)
	}
	if n, err := s.plan(base); n != 0 || err != nil {
		t.Errorf("a dropped plan = %d, %v", n, err)
	}
	// A damaged plan file is an error naming it, not a silent default.
	if err := os.WriteFile(s.planPath(base), []byte("twelve\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := s.plan(base); err == nil || !strings.Contains(err.Error(), s.planPath(base)) {
		t.Errorf("a damaged plan: %v, want an error naming %s", err, s.planPath(base))
	}
}

func TestCheckAddress(t *testing.T) {
	for _, a := range []string{"tcp://127.0.0.1:8786", "tcp://scheduler.example:1", "tcp://[::1]:8786"} {
		if err := CheckAddress(a); err != nil {
			t.Errorf("%s: %v", a, err)
		}
	}
	for _, a := range []string{"", "127.0.0.1:8786", "tls://h:8786", "tcp://h", "tcp://h:0", "tcp://h:99999", "tcp://:8786", "tcp://h:8786/x", "tcp://u@h:8786", "tcp://h:port"} {
		if err := CheckAddress(a); err == nil || !strings.Contains(err.Error(), "tcp://HOST:PORT") {
			t.Errorf("%q: %v, want an error saying tcp://HOST:PORT", a, err)
		}
	}
}
