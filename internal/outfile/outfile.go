// Package outfile writes a command's output file at a path a user gave,
// as a careful Unix tool does, so that a path is never replaced by
// something other than what the user meant:
//
//   - a regular file, new or old, is written whole: to a temporary file in
//     its folder, renamed onto it at [File.Commit], so an interrupted run
//     leaves the old file (or none), never half a new one. An existing
//     file keeps its permission bits.
//   - a symbolic link is followed, link after link, and its final target
//     is written as above; the link stays a link. A dangling link creates
//     the file it points at, as `cat > link` does (the target's folder
//     must exist).
//   - a FIFO, a device or a socket is written into directly: no temporary
//     file, no rename. It is opened at the first write (or at Commit, when
//     nothing is written), so a FIFO waits for its reader only when there
//     is something to give it.
//   - a link into /proc (what /dev/stdout and /dev/fd/N are) is opened as
//     it is, the kernel's way; a regular file there is appended to, so the
//     output goes after what the process already wrote to that stream.
//
// A folder is refused, and so is an output that is the same file as one
// of the command's inputs (compared with os.SameFile, so through links and
// hard links too), before any work. A regular file whose permissions
// refuse writing is refused, as the shell's > would, rather than replaced.
// Errors name the path as the user gave it.
//
// A regular file with other hard links is replaced by the rename: the
// other names keep the old content. That is the price of never leaving
// half a file.
package outfile

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// ErrFolder is the error of an output path that names a folder.
var ErrFolder = errors.New("a folder; give a file name")

// SameFileError is the error of an output that is one of the inputs.
type SameFileError struct{ Output, Input string }

func (e *SameFileError) Error() string {
	if filepath.Clean(e.Output) == filepath.Clean(e.Input) {
		return fmt.Sprintf("%s would overwrite the input %s", e.Output, e.Input)
	}
	return fmt.Sprintf("%s would overwrite the input %s (the same file)", e.Output, e.Input)
}

// Stdin is the input name that means standard input, never a file.
const Stdin = "-"

// maxLinks bounds the links followed, as the kernel's ELOOP does.
const maxLinks = 40

// plan is where an output path's bytes go.
type plan struct {
	target string      // the file written: the final regular file, or the path opened as is
	direct bool        // write into target itself, no temporary file
	append bool        // direct, and opened with O_APPEND (a regular file behind /proc)
	fifo   bool        // direct into a FIFO
	exists bool        // not direct: the target exists, and keeps mode
	mode   fs.FileMode // the permission bits an existing regular file keeps
}

// Check checks that path can take an output, without creating anything:
// not a folder, not one of inputs ("-" is skipped), and in a folder that
// exists. Create makes the same checks.
func Check(path string, inputs ...string) error {
	_, err := resolve(path, inputs)
	return err
}

// resolve decides where path's bytes go.
func resolve(path string, inputs []string) (*plan, error) {
	if path == "" {
		return nil, errors.New("empty output path")
	}
	info, err := os.Stat(path)
	switch {
	case err == nil && info.IsDir():
		return nil, fmt.Errorf("%s: %w", path, ErrFolder)
	case err == nil:
		if err := notAnInput(path, info, inputs); err != nil {
			return nil, err
		}
		if !info.Mode().IsRegular() {
			if err := writable(path); err != nil {
				return nil, &fs.PathError{Op: "open", Path: path, Err: err}
			}
			return &plan{target: path, direct: true, fifo: info.Mode()&fs.ModeNamedPipe != 0}, nil
		}
	case !errors.Is(err, fs.ErrNotExist):
		return nil, err
	}
	target, proc, err := follow(path)
	if err != nil {
		return nil, err
	}
	if proc {
		return &plan{target: path, direct: true, append: true}, nil
	}
	p := &plan{target: target}
	if info != nil {
		// Replacing a file its permissions protect is not writing it.
		p.exists, p.mode = true, info.Mode().Perm()
		if err := writable(path); err != nil {
			return nil, &fs.PathError{Op: "open", Path: path, Err: err}
		}
	}
	dir := filepath.Dir(target)
	if err := writable(dir); err != nil {
		return nil, fmt.Errorf("%s: cannot write into %s: %w", path, dir, err)
	}
	return p, nil
}

// notAnInput refuses an output (with info) that is one of inputs.
func notAnInput(path string, info fs.FileInfo, inputs []string) error {
	for _, in := range inputs {
		if in == Stdin {
			continue
		}
		if ii, err := os.Stat(in); err == nil && os.SameFile(info, ii) {
			return &SameFileError{Output: path, Input: in}
		}
	}
	return nil
}

// follow follows the links of path to the file they end at, which may not
// exist (a dangling link). Each folder on the way is resolved first, so a
// relative link is read from where the kernel reads it. proc reports a
// path into /proc, whose links (/proc/self/fd/N) are not paths to follow.
func follow(path string) (target string, proc bool, err error) {
	p := path
	for range maxLinks {
		dir, err := filepath.EvalSymlinks(filepath.Dir(p))
		if err != nil {
			return "", false, fmt.Errorf("%s: cannot write into %s: %w", path, filepath.Dir(p), unwrapPath(err))
		}
		p = filepath.Join(dir, filepath.Base(p))
		if dir == "/proc" || strings.HasPrefix(dir, "/proc/") {
			return p, true, nil
		}
		info, err := os.Lstat(p)
		if errors.Is(err, fs.ErrNotExist) {
			return p, false, nil
		}
		if err != nil {
			return "", false, err
		}
		if info.Mode()&fs.ModeSymlink == 0 {
			return p, false, nil
		}
		link, err := os.Readlink(p)
		if err != nil {
			return "", false, err
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(dir, link)
		}
		p = link
	}
	return "", false, fmt.Errorf("%s: more than %d links", path, maxLinks)
}

// File is an output being written. Write to it, then Commit; Abort (safe
// after Commit, and to defer) drops a temporary file not committed.
type File struct {
	name string // the path as given, for messages
	p    *plan
	f    *os.File // the temporary file, or the direct target once opened
	tmp  string   // the temporary file's name; "" when direct
	done bool
}

// Create checks path as Check does and makes it ready to be written: for
// a regular file, the temporary file in the target's folder is created
// now, so a folder that cannot be written fails before any work.
func Create(path string, inputs ...string) (*File, error) {
	p, err := resolve(path, inputs)
	if err != nil {
		return nil, err
	}
	o := &File{name: path, p: p}
	if p.direct {
		return o, nil
	}
	dir := filepath.Dir(p.target)
	f, err := createTemp(dir, "."+filepath.Base(p.target)+".")
	if err != nil {
		return nil, fmt.Errorf("%s: cannot write into %s: %w", path, dir, unwrapPath(err))
	}
	o.f, o.tmp = f, f.Name()
	if p.exists {
		if err := f.Chmod(p.mode); err != nil {
			o.Abort()
			return nil, o.pathErr(err)
		}
	}
	return o, nil
}

// Name returns the path as given.
func (o *File) Name() string { return o.name }

// open opens a direct target.
func (o *File) open() error {
	if o.f != nil {
		return nil
	}
	flag := os.O_WRONLY
	if o.p.append {
		flag |= os.O_APPEND
	}
	f, err := os.OpenFile(o.p.target, flag, 0)
	if err != nil {
		return o.pathErr(err)
	}
	o.f = f
	return nil
}

// Write writes to the temporary file, or into the direct target.
func (o *File) Write(b []byte) (int, error) {
	if o.done {
		return 0, o.pathErr(os.ErrClosed)
	}
	if err := o.open(); err != nil {
		return 0, err
	}
	n, err := o.f.Write(b)
	if err != nil {
		err = o.pathErr(err)
	}
	return n, err
}

// Commit ends the output: a temporary file is synced, closed and renamed
// onto the target; a direct target is closed (opened first if nothing was
// written, so a FIFO's reader sees its end).
func (o *File) Commit() error {
	if o.done {
		return o.pathErr(os.ErrClosed)
	}
	if err := o.open(); err != nil {
		o.Abort()
		return err
	}
	var err error
	if !o.p.direct {
		err = o.f.Sync()
	}
	if cerr := o.f.Close(); err == nil {
		err = cerr
	}
	o.f = nil
	if err == nil && !o.p.direct {
		err = os.Rename(o.tmp, o.p.target)
	}
	if err != nil {
		o.Abort()
		return o.pathErr(err)
	}
	o.done = true
	return nil
}

// Abort closes the output and removes the temporary file unless Commit
// put it in place. What was written into a direct target stays there; a
// FIFO's waiting reader, if any, gets its end of file.
func (o *File) Abort() {
	if o.done {
		return
	}
	o.done = true
	if o.f == nil && o.p.fifo {
		// Without a reader this fails at once (ENXIO): nobody waits.
		if f, err := os.OpenFile(o.p.target, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			o.f = f
		}
	}
	if o.f != nil {
		o.f.Close()
		o.f = nil
	}
	if o.tmp != "" {
		os.Remove(o.tmp)
	}
}

// pathErr names the path as given in err instead of the temporary file.
func (o *File) pathErr(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return &fs.PathError{Op: pe.Op, Path: o.name, Err: pe.Err}
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return &fs.PathError{Op: le.Op, Path: o.name, Err: le.Err}
	}
	return fmt.Errorf("%s: %w", o.name, err)
}

// unwrapPath is a file system error's reason without its path.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// createTemp creates a new file in dir named prefix plus a random suffix,
// as os.CreateTemp does but with the mode os.Create gives (0666 less the
// umask) rather than 0600: the output's mode when it is new.
func createTemp(dir, prefix string) (*os.File, error) {
	for range 1000 {
		name := filepath.Join(dir, prefix+strconv.FormatUint(rand.Uint64(), 36))
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		return f, err
	}
	return nil, fmt.Errorf("%s: cannot create a temporary file", dir)
}
