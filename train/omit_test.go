package train

import (
	"os"
	"path/filepath"
	"testing"
)

// TestOmitRows: the omitted features' entries leave the rows (label, qid
// and the other entries kept, in order), for the training and the test
// file, and the spec reads the copies; an unknown name is an error.
func TestOmitRows(t *testing.T) {
	work := t.TempDir()
	rows := "1 qid:3 0:1 1:0.5 2:7 3:2\n0 qid:3 0:0 1:1.25 2:8 3:1\n"
	for _, ext := range []string{".train", ".test"} {
		if err := os.WriteFile(filepath.Join(work, "discard"+ext), []byte(rows), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	spc := spec{name: "rollout", features: []string{"a", "b", "c", "d"}, rows: "discard", omit: []string{"b", "d"}}
	if err := omitRows(work, &spc); err != nil {
		t.Fatal(err)
	}
	if spc.rowsName() != "rollout" {
		t.Errorf("rows %q, want rollout", spc.rowsName())
	}
	want := "1 qid:3 0:1 2:7\n0 qid:3 0:0 2:8\n"
	for _, ext := range []string{".train", ".test"} {
		b, err := os.ReadFile(filepath.Join(work, "rollout"+ext))
		if err != nil || string(b) != want {
			t.Errorf("rollout%s: %q, %v; want %q", ext, b, err, want)
		}
	}
	bad := spec{name: "rollout", features: []string{"a"}, rows: "discard", omit: []string{"z"}}
	if err := omitRows(work, &bad); err == nil {
		t.Error("omitting an unknown feature: no error")
	}
}
