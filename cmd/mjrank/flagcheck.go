package main

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"math"
	"os"
	"slices"
	"strings"

	"github.com/mjrank/mjrank/internal/xgbmodel"
)

// Flag checks: each returns nil or a usage error (exit status 2) that names
// the flag and the value given. A command collects them with firstErr right
// after parsing, before any work, so a bad value never falls back silently
// to a default.

// atLeast checks an integer flag against its smallest allowed value.
func atLeast(flag string, v, min int) error {
	if v < min {
		return usageErrorf("--%s %d: must be at least %d", flag, v, min)
	}
	return nil
}

// intIn checks an integer flag against a closed range.
func intIn(flag string, v, lo, hi int) error {
	if v < lo || v > hi {
		return usageErrorf("--%s %d: must be from %d to %d", flag, v, lo, hi)
	}
	return nil
}

// floatIn checks a float flag against a closed range; NaN is never in one.
func floatIn(flag string, v, lo, hi float64) error {
	if math.IsNaN(v) || v < lo || v > hi {
		return usageErrorf("--%s %s: must be from %s to %s", flag, fmtFloat(v), fmtFloat(lo), fmtFloat(hi))
	}
	return nil
}

// workersFlag checks a --workers value: 0 means one per CPU.
func workersFlag(v int) error {
	if v < 0 {
		return usageErrorf("--workers %d: must be 0 (one per CPU) or more", v)
	}
	return nil
}

// firstErr returns the first non-nil error: the checks of a command in the
// order its help lists the flags.
func firstErr(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

func fmtFloat(v float64) string { return fmt.Sprintf("%g", v) }

// floatAbove checks a float flag against a range open below: lo < v ≤ hi
// (a share of samples kept, which must keep some).
func floatAbove(flag string, v, lo, hi float64) error {
	if math.IsNaN(v) || v <= lo || v > hi {
		return usageErrorf("--%s %s: must be above %s and at most %s", flag, fmtFloat(v), fmtFloat(lo), fmtFloat(hi))
	}
	return nil
}

// oneOf checks a flag whose value is one of a few words.
func oneOf(flag, v string, words ...string) error {
	if slices.Contains(words, v) {
		return nil
	}
	return usageErrorf("--%s %q: want %s", flag, v, orList(words))
}

// orList joins words as "a, b or c".
func orList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// inputPath checks a flag naming a file or folder to read: "" (not given)
// passes; otherwise it must exist, and be a folder when dir is set.
func inputPath(flag, path string, dir bool) error {
	if path == "" {
		return nil
	}
	info, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return usageErrorf("--%s %s: no such file or folder", flag, path)
	case err != nil:
		return usageErrorf("--%s %s: %v", flag, path, pathErr(err))
	case dir && !info.IsDir():
		return usageErrorf("--%s %s: not a folder", flag, path)
	}
	return nil
}

// outputDir checks a flag naming a folder to write into, before the work
// that ends by writing there: "" passes; otherwise the folder must be one
// this process can create files in, or be creatable
// (xgbmodel.CheckWritable).
func outputDir(flag, path string) error {
	if path == "" {
		return nil
	}
	if err := xgbmodel.CheckWritable(path); err != nil {
		return usageErrorf("--%s %v", flag, err)
	}
	return nil
}

// pathErr is the reason of a file system error without the operation and
// path that the flag's message already gives.
func pathErr(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// explicitSet is the set of the flags given on fs.
func explicitSet(fs *flag.FlagSet) map[string]bool {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	return set
}

// explicit reports whether the flag was given on the command line (a
// default may be missing where a value given must not be).
func explicit(set *flag.FlagSet, name string) bool {
	found := false
	set.Visit(func(f *flag.Flag) { found = found || f.Name == name })
	return found
}
