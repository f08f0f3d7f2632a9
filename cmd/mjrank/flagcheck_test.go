package main

import (
	"errors"
	"math"
	"strings"
	"testing"
)

func TestFlagChecks(t *testing.T) {
	for _, tc := range []struct {
		name string
		err  error
		want string // "" = no error
	}{
		{"atLeast ok", atLeast("games", 1, 1), ""},
		{"atLeast low", atLeast("games", 0, 1), "--games 0: must be at least 1"},
		{"intIn ok", intIn("honba", 5, 0, 100), ""},
		{"intIn high", intIn("honba", 101, 0, 100), "--honba 101: must be from 0 to 100"},
		{"floatIn NaN", floatIn("tenpai-rate", math.NaN(), 0, 1), "--tenpai-rate NaN: must be from 0 to 1"},
		{"floatIn high", floatIn("tenpai-rate", 2, 0, 1), "--tenpai-rate 2: must be from 0 to 1"},
		{"floatIn ok", floatIn("tenpai-rate", 0.5, 0, 1), ""},
		{"workers", workersFlag(-3), "--workers -3: must be 0 (one per CPU) or more"},
		{"first", firstErr(nil, atLeast("a", 0, 1), atLeast("b", 0, 1)), "--a 0"},
		{"floatAbove zero", floatAbove("tenpai-rate", 0, 0, 1), "--tenpai-rate 0: must be above 0 and at most 1"},
		{"floatAbove ok", floatAbove("tenpai-rate", 1, 0, 1), ""},
		{"oneOf", oneOf("utility", "money", "rank", "points"), `--utility "money": want rank or points`},
		{"oneOf ok", oneOf("utility", "rank", "rank", "points"), ""},
		{"inputPath missing", inputPath("log", "no-such-file", false), "--log no-such-file: no such file or folder"},
		{"inputPath not a folder", inputPath("models", "flagcheck.go", true), "--models flagcheck.go: not a folder"},
		{"inputPath unset", inputPath("log", "", false), ""},
		{"outputDir file", outputDir("out", "flagcheck.go"), "--out flagcheck.go: not a folder"},
		{"outputDir under a file", outputDir("out", "flagcheck.go/x/y"), "--out flagcheck.go/x/y: flagcheck.go is not a folder"},
		{"outputDir new", outputDir("out", "testdata/not-yet/made"), ""},
	} {
		if tc.want == "" {
			if tc.err != nil {
				t.Errorf("%s: %v, want nil", tc.name, tc.err)
			}
			continue
		}
		if tc.err == nil || !errors.Is(tc.err, errUsage) || !strings.Contains(tc.err.Error(), tc.want) {
			t.Errorf("%s: %v, want a usage error with %q", tc.name, tc.err, tc.want)
		}
	}
}
