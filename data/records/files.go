package records

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"

	"github.com/sourcegraph/conc/stream"
)

// recordExt lists the file name endings a folder walk reads: every
// format's extensions, and .gz for a record of any format compressed.
// Files named explicitly are always read.
var recordExt = append(slices.Concat(formatExts[:]...), ".gz")

// ExpandPaths lists the record files under paths as [RecordFiles] does,
// but stops at the first path or folder it cannot read and returns that
// error.
func ExpandPaths(paths []string) (files []string, explicit map[string]bool, err error) {
	files, explicit, _, problems := RecordFiles(paths)
	if len(problems) > 0 {
		return nil, nil, errors.New(problems[0].String())
	}
	return files, explicit, nil
}

// walkDir walks a folder; tests replace it to make a folder unreadable.
var walkDir = filepath.WalkDir

// StdinPath is the path that names standard input ("-").
const StdinPath = "-"

// RecordFiles lists the record files under paths: files as given (and
// StdinPath), folders walked (hidden entries skipped) for regular files
// with a record extension, sorted. It goes on past what it cannot read: a
// path that does not exist or a folder that cannot be listed is a problem
// (what the error says, with the path); a file that is not a regular file
// (a FIFO, which would block, a socket, a device) is skipped with a note.
func RecordFiles(paths []string) (files []string, explicit map[string]bool, skipped []VerifySkip, problems []VerifyProblem) {
	explicit = map[string]bool{}
	problem := func(path string, err error) {
		problems = append(problems, VerifyProblem{File: path, What: pathError(path, err)})
	}
	notRegular := func(path string) {
		skipped = append(skipped, VerifySkip{File: path, Reason: "not a regular file (- reads standard input)"})
	}
	for _, p := range paths {
		if p == StdinPath {
			files = append(files, p)
			explicit[p] = true
			continue
		}
		info, err := os.Stat(p)
		switch {
		case err != nil:
			problem(p, err)
			continue
		case !info.IsDir() && !info.Mode().IsRegular():
			notRegular(p)
			continue
		case !info.IsDir():
			files = append(files, p)
			explicit[p] = true
			continue
		}
		var found []string
		w := folderWalk{problem: problem, notRegular: notRegular, visited: map[string]bool{}}
		w.walk(p, &found)
		sort.Strings(found)
		files = append(files, found...)
	}
	return files, explicit, skipped, problems
}

// folderWalk lists a folder's record files, following links to folders
// (each real folder once, so a link cycle ends) and to files.
type folderWalk struct {
	problem    func(path string, err error)
	notRegular func(path string)
	visited    map[string]bool // real paths of the folders walked
}

// walk lists the record files under the folder dir (a link to one
// included), naming them under dir as given.
func (w *folderWalk) walk(dir string, found *[]string) {
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		w.problem(dir, err)
		return
	}
	if w.visited[real] {
		return
	}
	w.visited[real] = true
	walkDir(real, func(path string, d fs.DirEntry, err error) error {
		shown := dir
		if rel, rerr := filepath.Rel(real, path); rerr == nil && rel != "." {
			shown = filepath.Join(dir, rel)
		}
		if err != nil {
			w.problem(shown, err)
			return nil // a folder that cannot be listed: go on with the rest
		}
		if path != real && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			// The walk goes through real folders only: path is real.
			if path != real && w.visited[path] {
				return filepath.SkipDir
			}
			w.visited[path] = true
			return nil
		}
		if d.Type()&fs.ModeSymlink != 0 {
			if info, err := os.Stat(path); err == nil && info.IsDir() {
				w.walk(shown, found)
				return nil
			}
		}
		if !hasRecordExt(d.Name()) {
			return nil
		}
		if !d.Type().IsRegular() {
			// A link to a file is followed; anything else is not a record file.
			if info, err := os.Stat(path); err != nil || !info.Mode().IsRegular() {
				w.notRegular(shown)
				return nil
			}
		}
		*found = append(*found, shown)
		return nil
	})
}

// pathError is what err says about path, without repeating the path
// ("no such file or directory" rather than "stat x.xml: no such file or
// directory").
func pathError(path string, err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) && pe.Path == path {
		return pe.Err.Error()
	}
	return err.Error()
}

// hasRecordExt reports whether a file name ends with a record extension.
func hasRecordExt(name string) bool {
	lower := strings.ToLower(name)
	for _, ext := range recordExt {
		if strings.HasSuffix(lower, ext) {
			return true
		}
	}
	return false
}

// ForEachFile runs work on every file with up to workers goroutines (0 =
// GOMAXPROCS) and hands each result to merge in file order, on one
// goroutine, so what merge builds does not depend on the worker count. It
// stops starting files once ctx is done and returns ctx's error.
func ForEachFile[T any](ctx context.Context, files []string, workers int, work func(path string) T, merge func(path string, r T)) error {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	s := stream.New().WithMaxGoroutines(workers)
	for _, f := range files {
		if ctx.Err() != nil {
			break
		}
		s.Go(func() stream.Callback {
			r := work(f)
			return func() { merge(f, r) }
		})
	}
	s.Wait()
	return ctx.Err()
}
