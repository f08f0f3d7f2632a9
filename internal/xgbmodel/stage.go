package xgbmodel

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// A Stage is a set of models written into staging folders and put in
// place together by [Stage.Commit], so that a run stopped before (by a
// signal, an error, a full disk) leaves the model folders as they were,
// and one that commits leaves the whole new set.
//
// Each model folder gets a hidden staging folder of its own inside it
// (.mjrank-new-*: the same file system, so that putting a file in place
// is a rename; loaders look at the folder's top level only). Commit
// first checks every name it will replace, then moves each folder's
// older files of the staged models' names aside and the new files in,
// all folders in turn, and undoes what it did if a rename fails. Only a
// process killed outright (SIGKILL, a power cut) in the middle of these
// renames, a few milliseconds, can leave a mixture; a reader of a folder
// at that moment may see a model twice or not at all.
//
// In a model folder, the entries a Stage manages are the files
// NAME-*.bin and NAME-*.json of the models it saves: a symbolic link
// there is replaced as an entry (its target is left alone), and a
// folder, FIFO, device or socket at such a name is refused before
// anything is changed. Other files of the folders are left as they are.
type Stage struct {
	dirs []*stagedDir
}

// stagedDir is one model folder's part of a Stage.
type stagedDir struct {
	dir, tmp string
	created  string   // the first folder of dir's path that Save created ("": none)
	names    []string // the models staged
	files    []string // their files' names in tmp
}

// Save writes the model and its card into dir's staging folder, filling
// c.File and c.SHA256 as [Save] does. A model of the same name saved
// before into the same folder is replaced.
func (s *Stage) Save(dir string, c *Card, model []byte) error {
	sd, err := s.dir(dir)
	if err != nil {
		return err
	}
	for _, f := range sd.files {
		if strings.HasPrefix(f, c.Name+"-") {
			os.Remove(filepath.Join(sd.tmp, f))
		}
	}
	sd.files = slices.DeleteFunc(sd.files, func(f string) bool { return strings.HasPrefix(f, c.Name+"-") })
	files, err := writeModel(sd.tmp, c, model)
	if err != nil {
		return err
	}
	if !slices.Contains(sd.names, c.Name) {
		sd.names = append(sd.names, c.Name)
	}
	sd.files = append(sd.files, files...)
	return nil
}

// dir returns dir's part of the stage, making its staging folder (and
// dir, when missing) at the first call.
func (s *Stage) dir(dir string) (*stagedDir, error) {
	dir = filepath.Clean(dir)
	for _, sd := range s.dirs {
		if sd.dir == dir {
			return sd, nil
		}
	}
	sd := &stagedDir{dir: dir}
	for p := dir; ; p = filepath.Dir(p) {
		if _, err := os.Lstat(p); err == nil || filepath.Dir(p) == p {
			break
		}
		sd.created = p
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp(dir, ".mjrank-new-")
	if err != nil {
		sd.removeCreated()
		return nil, err
	}
	sd.tmp = tmp
	s.dirs = append(s.dirs, sd)
	return sd, nil
}

// removeCreated removes the folders of dir's path that Save created, if
// they are empty.
func (sd *stagedDir) removeCreated() {
	if sd.created == "" {
		return
	}
	for p := sd.dir; ; p = filepath.Dir(p) {
		if os.Remove(p) != nil || p == sd.created {
			return
		}
	}
}

// Discard removes the staging folders and what they hold, and the model
// folders Save created: the model folders are left as they were. After
// Commit it does nothing.
func (s *Stage) Discard() {
	for _, sd := range s.dirs {
		os.RemoveAll(sd.tmp)
		sd.removeCreated()
	}
	s.dirs = nil
}

// rename is one move of a Commit, undone by its reverse.
type rename struct{ from, to string }

// Commit puts every staged model in place (see [Stage]) and removes the
// staging folders; on an error the model folders are as they were, and
// the staging folders are removed too.
func (s *Stage) Commit() error {
	defer s.Discard()
	moves, err := s.plan()
	if err != nil {
		return err
	}
	for i, m := range moves {
		if err := os.Rename(m.from, m.to); err != nil {
			for j := i - 1; j >= 0; j-- {
				os.Rename(moves[j].to, moves[j].from)
			}
			return fmt.Errorf("putting the new models in place (the old ones are back): %w", err)
		}
	}
	return nil
}

// plan lists Commit's renames, every folder's older files of the staged
// names moved aside into its staging folder before the new files go in,
// and checks each entry it would replace.
func (s *Stage) plan() ([]rename, error) {
	var moves []rename
	for _, sd := range s.dirs {
		aside := filepath.Join(sd.tmp, "old")
		if err := os.Mkdir(aside, 0o755); err != nil {
			return nil, err
		}
		old, err := entries(sd.dir, sd.names)
		if err != nil {
			return nil, err
		}
		for _, f := range sd.files {
			if !slices.Contains(old, f) {
				if err := checkEntry(filepath.Join(sd.dir, f)); err != nil {
					return nil, err
				}
			}
		}
		for _, f := range old {
			moves = append(moves, rename{filepath.Join(sd.dir, f), filepath.Join(aside, f)})
		}
		for _, f := range sd.files {
			moves = append(moves, rename{filepath.Join(sd.tmp, f), filepath.Join(sd.dir, f)})
		}
	}
	return moves, nil
}

// entries returns the names of dir's entries NAME-*.bin and NAME-*.json
// for the models names, each checked by checkEntry.
func entries(dir string, names []string) ([]string, error) {
	var found []string
	for _, n := range names {
		for _, ext := range []string{".bin", ".json"} {
			m, err := filepath.Glob(filepath.Join(dir, n+"-*"+ext))
			if err != nil {
				return nil, err
			}
			for _, p := range m {
				if err := checkEntry(p); err != nil {
					return nil, err
				}
				found = append(found, filepath.Base(p))
			}
		}
	}
	return found, nil
}

// errNotFile marks an entry at a model's name that is no file to replace.
var errNotFile = errors.New("not a regular file or a symbolic link: move it away; a model is written there")

// checkEntry returns an error if path exists and is neither a regular
// file nor a symbolic link.
func checkEntry(path string) error {
	info, err := os.Lstat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return err
	case info.Mode().IsRegular() || info.Mode()&fs.ModeSymlink != 0:
		return nil
	}
	return fmt.Errorf("%s: %w", path, errNotFile)
}
