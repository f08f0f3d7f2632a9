package tile

import (
	"errors"
	"testing"
)

// FuzzParse checks that Parse never panics, errors are *ParseError with an
// offset inside the input, and parse → format → parse gives the same tiles.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"123m406p789s1122z", "0m", "5555m", "1z2z", "19m19p19s1234567z", "  1m", "m1", "00p"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ts, err := Parse(s)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v is %T", err, err)
			}
			if pe.Offset < 0 || pe.Offset > len(s) {
				t.Fatalf("offset %d outside %q", pe.Offset, s)
			}
			return
		}
		out := Format(ts)
		back, err := Parse(out)
		if err != nil {
			t.Fatalf("Format output %q does not parse: %v", out, err)
		}
		if CountsOf(back) != CountsOf(ts) || Format(back) != out {
			t.Fatalf("round trip %q -> %q -> %q", s, out, Format(back))
		}
		c, _, err := ParseCounts(s)
		if err != nil || c != CountsOf(ts) {
			t.Fatalf("ParseCounts disagrees: %v %v", c, err)
		}
	})
}

// FuzzParseTile checks single-tile parsing never panics and round-trips.
func FuzzParseTile(f *testing.F) {
	for _, s := range []string{"5m", "0p", "5sr", "E", "7z", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tl, err := ParseTile(s)
		if err != nil {
			return
		}
		if !tl.Valid() {
			t.Fatalf("ParseTile(%q) = invalid %d", s, tl)
		}
		if back, err := ParseTile(tl.String()); err != nil || back != tl {
			t.Fatalf("%q -> %v -> %v %v", s, tl, back, err)
		}
	})
}
