package main

import (
	"fmt"
	"math"
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
