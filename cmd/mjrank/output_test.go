package main

import "testing"

func TestPlural(t *testing.T) {
	for _, tc := range []struct {
		n    int
		noun string
		want string
	}{{0, "tile", "0 tiles"}, {1, "tile", "1 tile"}, {2, "wait", "2 waits"}, {1, "held-out game", "1 held-out game"}} {
		if got := plural(tc.n, tc.noun); got != tc.want {
			t.Errorf("plural(%d, %q) = %q, want %q", tc.n, tc.noun, got, tc.want)
		}
	}
}
