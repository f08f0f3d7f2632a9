package outfile

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// write creates path (with inputs), writes s and commits.
func write(t *testing.T, path, s string, inputs ...string) error {
	t.Helper()
	f, err := Create(path, inputs...)
	if err != nil {
		return err
	}
	defer f.Abort()
	if _, err := io.WriteString(f, s); err != nil {
		return err
	}
	return f.Commit()
}

func readString(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// dirNames lists dir, hidden names too: a temporary file left shows.
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

// TestRegular: a new file gets the content and the mode os.Create gives; an
// old one is replaced whole and keeps its mode; nothing else is left.
func TestRegular(t *testing.T) {
	dir := t.TempDir()
	ref, err := os.Create(filepath.Join(dir, "ref"))
	if err != nil {
		t.Fatal(err)
	}
	ref.Close()
	refInfo, _ := os.Stat(ref.Name())
	p := filepath.Join(dir, "out")
	if err := write(t, p, "new"); err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(p)
	if err != nil || readString(t, p) != "new" || info.Mode() != refInfo.Mode() {
		t.Fatalf("new file: %v, mode %v (want %v)", err, info.Mode(), refInfo.Mode())
	}
	if err := os.Chmod(p, 0o640); err != nil {
		t.Fatal(err)
	}
	if err := write(t, p, "second"); err != nil {
		t.Fatal(err)
	}
	info, _ = os.Stat(p)
	if readString(t, p) != "second" || info.Mode().Perm() != 0o640 {
		t.Errorf("old file: %q, mode %v, want \"second\" and 0640 kept", readString(t, p), info.Mode())
	}
	if names := dirNames(t, dir); strings.Join(names, " ") != "out ref" {
		t.Errorf("folder holds %v", names)
	}
}

// TestAbortLeavesOld: an output not committed leaves the old file as it
// was and no temporary file.
func TestAbortLeavesOld(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "out")
	if err := os.WriteFile(p, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := Create(p)
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(f, "half")
	f.Abort()
	if got := readString(t, p); got != "old" {
		t.Errorf("after Abort: %q", got)
	}
	if names := dirNames(t, dir); len(names) != 1 {
		t.Errorf("folder holds %v", names)
	}
}

// TestSymlink: links (a chain, a relative one through a linked folder)
// are written through; they stay links and their final target gets the
// content, keeping its mode.
func TestSymlink(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real")
	if err := os.Mkdir(real, 0o755); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(real, "target.html")
	if err := os.WriteFile(target, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	// dir/alias → real; dir/alias/rel → ../real/target.html is resolved
	// from real, not lexically from alias; dir/link → alias/rel.
	if err := os.Symlink("real", filepath.Join(dir, "alias")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../real/target.html", filepath.Join(real, "rel")); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(filepath.Join("alias", "rel"), link); err != nil {
		t.Fatal(err)
	}
	if err := write(t, link, "page"); err != nil {
		t.Fatal(err)
	}
	if info, err := os.Lstat(link); err != nil || info.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("the link is no longer a link: %v %v", info.Mode(), err)
	}
	info, _ := os.Stat(target)
	if got := readString(t, target); got != "page" || info.Mode().Perm() != 0o600 {
		t.Errorf("target holds %q, mode %v; want the page, 0600", got, info.Mode())
	}
	if names := dirNames(t, real); strings.Join(names, " ") != "rel target.html" {
		t.Errorf("target's folder holds %v", names)
	}
}

// TestDanglingSymlink: a link to a missing file creates that file; a link
// into a missing folder is refused, naming the folder.
func TestDanglingSymlink(t *testing.T) {
	dir := t.TempDir()
	link := filepath.Join(dir, "link")
	if err := os.Symlink("sub/new.html", link); err != nil {
		t.Fatal(err)
	}
	err := write(t, link, "x")
	if err == nil || !strings.Contains(err.Error(), "cannot write into "+filepath.Join(dir, "sub")) {
		t.Errorf("into a missing folder: %v", err)
	}
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := write(t, link, "x"); err != nil {
		t.Fatal(err)
	}
	if got := readString(t, filepath.Join(dir, "sub", "new.html")); got != "x" {
		t.Errorf("target holds %q", got)
	}
	if info, _ := os.Lstat(link); info.Mode()&fs.ModeSymlink == 0 {
		t.Error("the link was replaced")
	}
}

// TestLinkLoop: a loop of links is an error, not a hang.
func TestLinkLoop(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	os.Symlink("b", a)
	os.Symlink("a", b)
	if err := write(t, a, "x"); err == nil {
		t.Error("a loop of links was written")
	}
}

// TestFIFO: a FIFO is written into, the reader gets every byte, and it
// stays a FIFO; a reader that goes away makes a write error naming the
// path.
func TestFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "page.fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFO:", err)
	}
	got := make(chan string)
	go func() {
		b, _ := os.ReadFile(fifo)
		got <- string(b)
	}()
	want := strings.Repeat("page ", 100000) // more than a pipe's buffer
	if err := write(t, fifo, want); err != nil {
		t.Fatal(err)
	}
	if s := <-got; s != want {
		t.Errorf("the reader got %d bytes, want %d", len(s), len(want))
	}
	if info, err := os.Lstat(fifo); err != nil || info.Mode()&fs.ModeNamedPipe == 0 {
		t.Errorf("no longer a FIFO: %v %v", info.Mode(), err)
	}
	if names := dirNames(t, dir); len(names) != 1 {
		t.Errorf("folder holds %v", names)
	}

	// A reader that reads nothing and leaves.
	go func() {
		f, err := os.Open(fifo)
		if err == nil {
			f.Close()
		}
	}()
	err := write(t, fifo, want)
	if err == nil || !strings.Contains(err.Error(), fifo) || !errors.Is(err, syscall.EPIPE) {
		t.Errorf("write to a closed FIFO: %v, want EPIPE naming %s", err, fifo)
	}
}

// TestFIFOAbort: an output into a FIFO dropped before a byte is written
// gives its waiting reader an end of file rather than a wait forever; with
// no reader, Abort does not wait.
func TestFIFOAbort(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "page.fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFO:", err)
	}
	f, err := Create(fifo)
	if err != nil {
		t.Fatal(err)
	}
	f.Abort() // no reader
	got := make(chan string, 1)
	go func() {
		b, _ := os.ReadFile(fifo)
		got <- string(b)
	}()
	f, err = Create(fifo)
	if err != nil {
		t.Fatal(err)
	}
	// The reader may not have opened yet: Abort until it has its end.
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		f.Abort()
		select {
		case s := <-got:
			if s != "" {
				t.Errorf("the reader got %q", s)
			}
			return
		case <-time.After(10 * time.Millisecond):
		}
		if f, err = Create(fifo); err != nil {
			t.Fatal(err)
		}
	}
	t.Error("the reader got no end of file")
}

// TestDevice: a character device is written into and stays one. It is
// reached through a link of the test's folder: code that replaced what it
// writes replaces the link, never the machine's device.
func TestDevice(t *testing.T) {
	link := filepath.Join(t.TempDir(), "null")
	if err := os.Symlink(os.DevNull, link); err != nil {
		t.Fatal(err)
	}
	if err := write(t, link, "page"); err != nil {
		t.Fatal(err)
	}
	if info, _ := os.Lstat(link); info.Mode()&fs.ModeSymlink == 0 {
		t.Error("the link to the device was replaced")
	}
	info, err := os.Stat(os.DevNull)
	if err != nil || info.Mode()&fs.ModeCharDevice == 0 {
		t.Fatalf("%s is no longer a character device: %v %v", os.DevNull, info.Mode(), err)
	}
}

// TestProcFd: a link to /proc/self/fd/N (what /dev/stdout is) writes into
// the open file, after what it holds, and stays a link.
func TestProcFd(t *testing.T) {
	if _, err := os.Stat("/proc/self/fd"); err != nil {
		t.Skip("no /proc:", err)
	}
	dir := t.TempDir()
	stream, err := os.Create(filepath.Join(dir, "stream"))
	if err != nil {
		t.Fatal(err)
	}
	defer stream.Close()
	io.WriteString(stream, "report\n")
	link := filepath.Join(dir, "stdout")
	if err := os.Symlink("/proc/self/fd/"+strconv.Itoa(int(stream.Fd())), link); err != nil {
		t.Fatal(err)
	}
	if err := write(t, link, "page\n"); err != nil {
		t.Fatal(err)
	}
	if got := readString(t, stream.Name()); got != "report\npage\n" {
		t.Errorf("the stream holds %q", got)
	}
	if info, _ := os.Lstat(link); info.Mode()&fs.ModeSymlink == 0 {
		t.Error("the link was replaced")
	}
}

// TestSameAsInput: an output that is one of the inputs — by its name,
// through a link, or as a hard link — is refused before anything is
// written, naming both; standard input is no file.
func TestSameAsInput(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "game.txt")
	if err := os.WriteFile(in, []byte("record"), 0o644); err != nil {
		t.Fatal(err)
	}
	link, hard := filepath.Join(dir, "link"), filepath.Join(dir, "hard")
	if err := os.Symlink("game.txt", link); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(in, hard); err != nil {
		t.Fatal(err)
	}
	for _, out := range []string{in, link, hard, filepath.Join(dir, ".", "game.txt")} {
		_, err := Create(out, Stdin, in)
		var sf *SameFileError
		if !errors.As(err, &sf) || !strings.Contains(err.Error(), out) || !strings.Contains(err.Error(), in) {
			t.Errorf("--out %s: %v, want a refusal naming both", out, err)
		}
		if err := Check(out, in); err == nil {
			t.Errorf("Check(%s) passes", out)
		}
	}
	if got := readString(t, in); got != "record" {
		t.Errorf("the input holds %q", got)
	}
	if names := dirNames(t, dir); len(names) != 3 {
		t.Errorf("folder holds %v", names)
	}
	if err := write(t, filepath.Join(dir, "other"), "x", Stdin, in); err != nil {
		t.Errorf("another output: %v", err)
	}
}

// TestRefused: a folder, a missing folder, an empty path; an unwritable
// folder or file when permissions apply (not to root).
func TestRefused(t *testing.T) {
	dir := t.TempDir()
	if _, err := Create(dir); !errors.Is(err, ErrFolder) {
		t.Errorf("a folder: %v", err)
	}
	if _, err := Create(filepath.Join(dir, "missing", "x")); err == nil || !strings.Contains(err.Error(), "cannot write into") {
		t.Errorf("a missing folder: %v", err)
	}
	if _, err := Create(""); err == nil {
		t.Error("an empty path is taken")
	}
	if os.Geteuid() == 0 {
		return // root writes anywhere
	}
	ro := filepath.Join(dir, "ro")
	os.Mkdir(ro, 0o555)
	if _, err := Create(filepath.Join(ro, "x")); err == nil || !strings.Contains(err.Error(), "cannot write into") {
		t.Errorf("an unwritable folder: %v", err)
	}
	file := filepath.Join(dir, "ro.txt")
	os.WriteFile(file, []byte("keep"), 0o444)
	if err := write(t, file, "x"); err == nil || readString(t, file) != "keep" {
		t.Errorf("a read-only file: %v, holds %q", err, readString(t, file))
	}
}
