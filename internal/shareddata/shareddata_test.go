package shareddata

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

func TestLocate(t *testing.T) {
	base := t.TempDir()
	repo := filepath.Join(base, "main")
	pkg := filepath.Join(repo, "sim", "hand")
	data := filepath.Join(base, "shared", "data", "shanten")
	for _, d := range []string{pkg, data} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(repo, "go.mod"), []byte("module x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(data, "file.txt"), nil, 0o644); err != nil {
		t.Fatal(err)
	}

	tests := []struct {
		name, start string
		sub         []string
		want        string // "" = ErrNotFound
	}{
		{"from package", pkg, []string{"shanten"}, data},
		{"from root", repo, nil, filepath.Dir(data)},
		{"missing sub", pkg, []string{"nope"}, ""},
		{"file not dir", pkg, []string{"shanten", "file.txt"}, ""},
		{"no go.mod", base, []string{"shanten"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Locate(tt.start, tt.sub...)
			if tt.want == "" {
				if !errors.Is(err, ErrNotFound) {
					t.Fatalf("Locate = %q, %v; want ErrNotFound", got, err)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("Locate = %q, %v; want %q", got, err, tt.want)
			}
		})
	}
}

// recorder is a testing.TB that records Skipf and Fatalf instead of
// stopping the real test.
type recorder struct {
	testing.TB
	skipped, failed bool
}

func (r *recorder) Helper() {}
func (r *recorder) Skipf(string, ...any) {
	r.skipped = true
	runtime.Goexit()
}
func (r *recorder) Fatalf(string, ...any) {
	r.failed = true
	runtime.Goexit()
}

func TestDirMissing(t *testing.T) {
	for _, require := range []string{"", "1"} {
		t.Run("require="+require, func(t *testing.T) {
			t.Setenv(RequireEnv, require)
			r := &recorder{TB: t}
			done := make(chan struct{})
			go func() {
				defer close(done)
				Dir(r, "no-such-folder-for-mjrank-tests")
			}()
			<-done
			if r.skipped == (require == "1") || r.failed != (require == "1") {
				t.Errorf("skipped %v failed %v", r.skipped, r.failed)
			}
		})
	}
}
