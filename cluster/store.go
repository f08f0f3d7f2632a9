package cluster

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// store keeps the outputs of a job's finished shards in a folder, each in
// a file named by a digest of the binary and the shard's arguments, so
// that a job stopped half-way (a lost scheduler, a failed shard, Ctrl-C)
// resumes with only the shards it lacks.
type store struct {
	dir     string
	binary  string // the binary's SHA-256, hex
	workDir string // Config.WorkDir: relative paths read from there
}

// key is the digest naming what args produce with the store's binary:
// the arguments are length-prefixed so that no two lists share a key.
func (s store) key(kind string, args []string) string {
	h := sha256.New()
	fmt.Fprintf(h, "mjrank-cluster 1\x00%s\x00%s\x00%d:%s\x00", kind, s.binary, len(s.workDir), s.workDir)
	for _, a := range args {
		fmt.Fprintf(h, "%d:%s\x00", len(a), a)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// path is the file of the shard with arguments args.
func (s store) path(args []string) string {
	return filepath.Join(s.dir, s.key("shard", args)+".out")
}

// load returns the kept output of the shard with arguments args, or
// ok false when there is none.
func (s store) load(args []string) (out []byte, ok bool, err error) {
	b, err := os.ReadFile(s.path(args))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	return b, true, nil
}

// save keeps the output of the shard with arguments args, whole or not at
// all: through a temporary file in the folder and a rename.
func (s store) save(args []string, out []byte) error {
	return writeAtomic(s.path(args), out)
}

// remove drops the kept output of the shard with arguments args.
func (s store) remove(args []string) error {
	if err := os.Remove(s.path(args)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// planPath is the file that keeps the number of shards of the job whose
// arguments, without the shard's own, are base.
func (s store) planPath(base []string) string {
	return filepath.Join(s.dir, s.key("plan", base)+".plan")
}

// plan returns the kept number of shards of the job base, or 0.
func (s store) plan(base []string) (int, error) {
	b, err := os.ReadFile(s.planPath(base))
	if errors.Is(err, fs.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	n, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil || n < 1 {
		return 0, fmt.Errorf("%s: not a number of shards: %q", s.planPath(base), b)
	}
	return n, nil
}

// setPlan keeps n, the number of shards of the job base (0 drops it).
func (s store) setPlan(base []string, n int) error {
	if n == 0 {
		if err := os.Remove(s.planPath(base)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		return nil
	}
	return writeAtomic(s.planPath(base), []byte(strconv.Itoa(n)+"\n"))
}

// writeAtomic writes b to name through a temporary file beside it and a
// rename, so that a reader sees the whole file or none.
func writeAtomic(name string, b []byte) error {
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(name), ".tmp-*")
	if err != nil {
		return err
	}
	_, err = f.Write(b)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), name)
	}
	if err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("keeping a shard's output: %w", err)
	}
	return nil
}

// fileDigest is the SHA-256 of the file name, hex.
func fileDigest(name string) (string, error) {
	f, err := os.Open(name)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("%s: %w", name, err)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
