package train

import (
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Stdin is the path that names standard input ([EvalOptions.Stdin]).
const Stdin = "-"

// recordExt lists the name endings a folder walk reads (those of
// data.ExpandPaths); files named explicitly are always read.
var recordExt = []string{".xml", ".xml_", ".mjlog", ".txt", ".json", ".jsonl", ".mjson", ".gz"}

// ListRecords lists the record files under paths as data.ExpandPaths does
// (files as given, "-" for standard input, folders walked for regular files
// with a record ending, hidden entries skipped, sorted), but a folder that
// cannot be read inside a walk does not stop it: it is returned in
// unreadable, as an unreadable file is counted when it is read. A path
// given that does not exist is an error. (data.ExpandPaths is the same walk
// without these two points; they belong there.)
func ListRecords(paths []string) (files, unreadable []string, err error) {
	for _, p := range paths {
		if p == Stdin {
			files = append(files, p)
			continue
		}
		info, err := os.Stat(p)
		if err != nil {
			return nil, nil, err
		}
		if !info.IsDir() {
			files = append(files, p)
			continue
		}
		found, bad := walkRecords(os.DirFS(p), p)
		files = append(files, found...)
		unreadable = append(unreadable, bad...)
	}
	return files, unreadable, nil
}

// walkRecords walks fsys (the folder root on disk) for regular files with
// a record ending, hidden entries skipped, and returns them sorted with the
// entries that could not be read.
func walkRecords(fsys fs.FS, root string) (files, unreadable []string) {
	fs.WalkDir(fsys, ".", func(path string, d fs.DirEntry, err error) error {
		name := filepath.Join(root, filepath.FromSlash(path))
		if err != nil {
			unreadable = append(unreadable, name)
			if d != nil && d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if path != "." && strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() && !(d.Type()&fs.ModeSymlink != 0 && regular(fsys, path)) {
			return nil // folders, and FIFOs or devices that could block
		}
		lower := strings.ToLower(d.Name())
		for _, ext := range recordExt {
			if strings.HasSuffix(lower, ext) {
				files = append(files, name)
				break
			}
		}
		return nil
	})
	sort.Strings(files)
	return files, unreadable
}

// regular reports whether a link leads to a regular file.
func regular(fsys fs.FS, path string) bool {
	info, err := fs.Stat(fsys, path)
	return err == nil && info.Mode().IsRegular()
}

// readRecords reads every game of a record file, or of stdin for "-".
func readRecords(name string, stdin io.Reader) ([]GameRef, error) {
	if name != Stdin {
		return ReadFile(name)
	}
	if stdin == nil {
		stdin = os.Stdin
	}
	return readGames(stdin, "stdin")
}
