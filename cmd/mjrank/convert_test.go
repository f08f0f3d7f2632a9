package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/records"
)

// mjrankRun runs mjrank with args and stdin and returns the exit status,
// stdout and stderr.
func mjrankRun(t *testing.T, stdin []byte, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(args, bytes.NewReader(stdin), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// copyFile copies src to dst.
func copyFile(t *testing.T, src, dst string) {
	t.Helper()
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// dirNames lists the names in dir, hidden ones too, sorted.
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}

// sameFileNames gives the file in two more names in its folder: link, a
// symbolic link to it, and hard, a hard link; it returns their paths.
func sameFileNames(t *testing.T, in, link, hard string) (string, string) {
	t.Helper()
	dir := filepath.Dir(in)
	link, hard = filepath.Join(dir, link), filepath.Join(dir, hard)
	if err := os.Symlink(filepath.Base(in), link); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(in, hard); err != nil {
		t.Fatal(err)
	}
	return link, hard
}

// readGames reads every game of a record file.
func readGames(t *testing.T, path string) []*data.Game {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, _, err := records.NewReader(f, path)
	if err != nil {
		t.Fatal(err)
	}
	var gs []*data.Game
	for r.Next() {
		gs = append(gs, r.Game())
	}
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	return gs
}

const (
	sampleXML   = "../../data/testdata/selfplay.xml"
	sampleJSON  = "../../data/testdata/selfplay.json"
	sampleMjson = "../../data/testdata/selfplay.mjson"
)

// TestConvertCollision: two inputs with one base name would write one
// output file; the command refuses before writing anything, naming both.
func TestConvertCollision(t *testing.T) {
	dir := t.TempDir()
	a, b, out := filepath.Join(dir, "a", "x.xml"), filepath.Join(dir, "b", "x.json"), filepath.Join(dir, "out")
	copyFile(t, sampleXML, a)
	copyFile(t, sampleJSON, b)
	if err := os.Mkdir(out, 0o755); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := mjrankRun(t, nil, "convert", "--to", "tenhou6", "--out", out, a, b)
	if code != 2 || !strings.Contains(stderr, a) || !strings.Contains(stderr, b) || !strings.Contains(stderr, filepath.Join(out, "x.json")) {
		t.Errorf("exit %d, stderr %q: want 2 and a message naming both inputs and the output", code, stderr)
	}
	if names := dirNames(t, out); len(names) > 0 {
		t.Errorf("wrote %v", names)
	}
	code, _, stderr = mjrankRun(t, nil, "convert", "--to", "tenhou6", "--out", out, a, a)
	if code != 2 || !strings.Contains(stderr, a+" is given twice") {
		t.Errorf("the same input twice: exit %d, stderr %q", code, stderr)
	}
	// x.xml of two games writes x.1.json, which another input also names.
	two := filepath.Join(dir, "x.mjson")
	writeTwoGames(t, two)
	one := filepath.Join(dir, "c", "x.1.xml")
	copyFile(t, sampleXML, one)
	code, _, stderr = mjrankRun(t, nil, "convert", "--to", "tenhou6", "--out", out, two, one)
	if code != 1 || !strings.Contains(stderr, filepath.Join(out, "x.1.json")+" is also the output of "+two) {
		t.Errorf("x.1.json twice: exit %d, stderr %q", code, stderr)
	}
	if names := dirNames(t, out); !slices.Equal(names, []string{"x.1.json", "x.2.json"}) {
		t.Errorf("wrote %v, want the first input's two files", names)
	}
	// Converted in their own folder, x.mjson's x.1.xml would overwrite the
	// input x.1.xml.
	same := filepath.Join(dir, "same")
	copyFile(t, two, filepath.Join(same, "x.mjson"))
	copyFile(t, sampleXML, filepath.Join(same, "x.1.xml"))
	code, _, stderr = mjrankRun(t, nil, "convert", "--to", "mjlog", "--out", same, filepath.Join(same, "x.mjson"), filepath.Join(same, "x.1.xml"))
	if code != 1 || !strings.Contains(stderr, "would overwrite the input "+filepath.Join(same, "x.1.xml")) {
		t.Errorf("output over an input: exit %d, stderr %q", code, stderr)
	}
	if names := dirNames(t, same); !slices.Equal(names, []string{"x.1.xml", "x.mjson"}) {
		t.Errorf("folder holds %v, want the two inputs only", names)
	}
	if gs := readGames(t, filepath.Join(same, "x.1.xml")); len(gs) != 1 {
		t.Errorf("x.1.xml holds %d games, want its own one", len(gs))
	}
}

// TestConvertGoesOn: a bad input does not stop the others; every failure
// is listed with its file and reason, and the exit status is 1.
func TestConvertGoesOn(t *testing.T) {
	dir := t.TempDir()
	bad, cut, missing := filepath.Join(dir, "bad.xml"), "testdata/verify/cut.xml", filepath.Join(dir, "missing.json")
	if err := os.WriteFile(bad, []byte("garbage"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	if err := os.Mkdir(out, 0o755); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := mjrankRun(t, nil, "convert", "--to", "mjai", "--out", out, bad, sampleXML, cut, missing)
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	for _, want := range []string{bad + ":1:1: syntax error", cut + ":1:341: ", missing + ": no such file", "3 of 4 inputs failed"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr %q does not say %q", stderr, want)
		}
	}
	if names := dirNames(t, out); !slices.Equal(names, []string{"selfplay.mjson"}) {
		t.Errorf("wrote %v, want the good input converted", names)
	}
}

// TestConvertFileMode: converted files get the mode os.Create gives in the
// same folder (0666 less the umask), not os.CreateTemp's 0600.
func TestConvertFileMode(t *testing.T) {
	dir := t.TempDir()
	ref, err := os.Create(filepath.Join(dir, "reference"))
	if err != nil {
		t.Fatal(err)
	}
	ref.Close()
	info, err := os.Stat(ref.Name())
	if err != nil {
		t.Fatal(err)
	}
	want := info.Mode().Perm()
	two := filepath.Join(dir, "two.mjson")
	writeTwoGames(t, two)
	out := filepath.Join(dir, "out")
	if err := os.Mkdir(out, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"--to", "tenhou6", "--out", filepath.Join(dir, "one.json"), sampleXML},
		{"--to", "mjlog", "--out", out, sampleJSON, two},
	} {
		if code, _, stderr := mjrankRun(t, nil, append([]string{"convert"}, args...)...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
	}
	for _, p := range []string{"one.json", "out/selfplay.xml", "out/two.1.xml", "out/two.2.xml"} {
		info, err := os.Stat(filepath.Join(dir, p))
		if err != nil {
			t.Fatal(err)
		}
		if got := info.Mode().Perm(); got != want {
			t.Errorf("%s: mode %v, want %v as os.Create gives", p, got, want)
		}
	}
}

// writeTwoGames writes an mjai file of two games (the sample twice).
func writeTwoGames(t *testing.T, path string) {
	t.Helper()
	b, err := os.ReadFile(sampleMjson)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, append(b, b...), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestConvertSeveralGames: an input of several games is written one file
// per game to a folder (x.1.json, x.2.json) and refused to standard output
// or to one file in the one-game formats; mjai keeps them in one stream.
func TestConvertSeveralGames(t *testing.T) {
	dir := t.TempDir()
	two := filepath.Join(dir, "x.mjson")
	writeTwoGames(t, two)
	orig := readGames(t, two)
	for _, f := range []records.Format{records.FormatMjlog, records.FormatTenhou6, records.FormatMjai} {
		out := filepath.Join(dir, f.String())
		if err := os.Mkdir(out, 0o755); err != nil {
			t.Fatal(err)
		}
		if code, _, stderr := mjrankRun(t, nil, "convert", "--to", f.String(), "--out", out, two); code != 0 {
			t.Fatalf("%v: exit %d: %s", f, code, stderr)
		}
		var want []string
		if f == records.FormatMjai {
			want = []string{"x.mjson"}
		} else {
			want = []string{"x.1" + f.Exts()[0], "x.2" + f.Exts()[0]}
		}
		if names := dirNames(t, out); !slices.Equal(names, want) {
			t.Fatalf("%v: wrote %v, want %v", f, names, want)
		}
		var got []*data.Game
		for _, n := range want {
			gs := readGames(t, filepath.Join(out, n))
			if f != records.FormatMjai && len(gs) != 1 {
				t.Errorf("%v: %s holds %d games, want 1", f, n, len(gs))
			}
			got = append(got, gs...)
		}
		if len(got) != 2 {
			t.Fatalf("%v: %d games read back, want 2", f, len(got))
		}
		for i := range got {
			if got[i].Owari == nil || !reflect.DeepEqual(got[i].Owari, orig[i].Owari) || len(got[i].Rounds) != len(orig[i].Rounds) {
				t.Errorf("%v: game %d differs from the input's", f, i+1)
			}
		}
		if f == records.FormatMjai {
			continue
		}
		for _, args := range [][]string{{"convert", "--to", f.String(), two}, {"convert", "--to", f.String(), "--out", filepath.Join(dir, "one"+f.Exts()[0]), two}} {
			code, stdout, stderr := mjrankRun(t, nil, args...)
			if code != 1 || stdout != "" || !strings.Contains(stderr, "several games") || !strings.Contains(stderr, "x.1"+f.Exts()[0]) {
				t.Errorf("%v: exit %d, stdout %d bytes, stderr %q: want a refusal", args, code, len(stdout), stderr)
			}
		}
		if _, err := os.Stat(filepath.Join(dir, "one"+f.Exts()[0])); err == nil {
			t.Errorf("%v: a refused conversion wrote its file", f)
		}
	}
}

// TestConvertStdin: - reads standard input, the format told by content.
func TestConvertStdin(t *testing.T) {
	want, err := os.ReadFile(sampleMjson)
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range []string{sampleXML, sampleJSON, sampleMjson} {
		b, err := os.ReadFile(in)
		if err != nil {
			t.Fatal(err)
		}
		code, stdout, stderr := mjrankRun(t, b, "convert", "--to", "mjai", "-")
		if code != 0 || stdout != string(want) {
			t.Errorf("%s on stdin: exit %d, %d bytes (want %d): %s", in, code, len(stdout), len(want), stderr)
		}
	}
	dir := t.TempDir()
	b, _ := os.ReadFile(sampleXML)
	if code, _, stderr := mjrankRun(t, b, "convert", "--to", "tenhou6", "--out", dir, "-"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if names := dirNames(t, dir); !slices.Equal(names, []string{"stdin.json"}) {
		t.Errorf("wrote %v, want stdin.json", names)
	}
	code, _, stderr := mjrankRun(t, []byte("garbage"), "convert", "--to", "mjai", "-")
	if code != 1 || !strings.HasPrefix(stderr, "mjrank convert: stdin:1:1: ") {
		t.Errorf("garbage on stdin: exit %d, stderr %q", code, stderr)
	}
}

// TestConvertOutWritesThrough: --out a symbolic link writes its target
// and keeps the link, also in an output folder; --out a FIFO streams the
// conversion to its reader (issue 53, D1).
func TestConvertOutWritesThrough(t *testing.T) {
	want, err := os.ReadFile(sampleMjson)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	link, target := filepath.Join(dir, "l2.mjson"), filepath.Join(dir, "target.mjson")
	if err := os.Symlink("target.mjson", link); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := mjrankRun(t, nil, "convert", "--to", "mjai", "--out", link, sampleXML); code != 0 {
		t.Fatalf("--out a link: exit %d: %s", code, stderr)
	}
	if info, err := os.Lstat(link); err != nil || info.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("--out a link: the link was replaced (%v)", info.Mode())
	}
	if b, _ := os.ReadFile(target); !bytes.Equal(b, want) {
		t.Errorf("--out a link: the target holds %d bytes, want the %d of the conversion", len(b), len(want))
	}
	// In an output folder, selfplay.mjson is a link to elsewhere.
	out, elsewhere := filepath.Join(dir, "out"), filepath.Join(dir, "elsewhere.mjson")
	if err := os.Mkdir(out, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(elsewhere, filepath.Join(out, "selfplay.mjson")); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := mjrankRun(t, nil, "convert", "--to", "mjai", "--out", out, sampleXML); code != 0 {
		t.Fatalf("a link in --out's folder: exit %d: %s", code, stderr)
	}
	if b, _ := os.ReadFile(elsewhere); !bytes.Equal(b, want) {
		t.Errorf("a link in --out's folder: its target holds %d bytes, want %d", len(b), len(want))
	}

	fifo := filepath.Join(dir, "out.fifo")
	read := readFIFO(t, fifo)
	if code, _, stderr := mjrankRun(t, nil, "convert", "--to", "mjai", "--out", fifo, sampleXML); code != 0 {
		t.Fatalf("--out a FIFO: exit %d: %s", code, stderr)
	}
	if b, ok := read(); ok && !bytes.Equal(b, want) {
		t.Errorf("--out a FIFO: the reader got %d bytes, want %d", len(b), len(want))
	}
}

// TestConvertOutNotAnInput: --out naming an input (by name, through a
// link, as a hard link) is refused before anything is read, naming both,
// and the input is left whole (issue 53, D1).
func TestConvertOutNotAnInput(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "x.mjson")
	copyFile(t, sampleMjson, in)
	want, _ := os.ReadFile(in)
	link, hard := sameFileNames(t, in, "link.mjson", "hard.mjson")
	for _, out := range []string{in, link, hard} {
		code, stdout, stderr := mjrankRun(t, nil, "convert", "--to", "tenhou6", "--out", out, in)
		if code != 2 || stdout != "" || !strings.Contains(stderr, out+" would overwrite the input "+in) {
			t.Errorf("--out %s: exit %d, stderr %q", out, code, stderr)
		}
	}
	if b, _ := os.ReadFile(in); !bytes.Equal(b, want) {
		t.Error("the input was changed")
	}
	if names := dirNames(t, dir); !slices.Equal(names, []string{"hard.mjson", "link.mjson", "x.mjson"}) {
		t.Errorf("the folder holds %v", names)
	}
}
