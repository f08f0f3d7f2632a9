package layers

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// floorTop is the highest group an internal package may import from
// outside internal/: the records. Above it are the models, the engine and
// its users, which a helper must not need.
const floorTop = "data/..."

// floorErrors checks that the internal packages of imports (module
// packages under internal/, to the module packages each imports) are on
// one floor in order: each imports, outside internal/, nothing above
// floorTop, and sits on the lowest layer its imports allow, so that a
// helper is never above a package that could use it.
func floorErrors(imports map[string][]string, order [][]string) []error {
	top, _ := layerOf(order, floorTop)
	var errs []error
	pkgs := make([]string, 0, len(imports))
	for p := range imports {
		if strings.HasPrefix(p, "internal/") {
			pkgs = append(pkgs, p)
		}
	}
	slices.Sort(pkgs)
	for _, p := range pkgs {
		lp, _ := layerOf(order, p)
		if lp < 0 {
			continue // Check says so
		}
		lowest := 0
		for _, q := range imports[p] {
			lq, _ := layerOf(order, q)
			if lq < 0 {
				continue // Check says so
			}
			if !strings.HasPrefix(q, "internal/") && lq > top {
				errs = append(errs, fmt.Errorf("%s imports %s (layer %d): an internal package imports nothing above %s (layer %d)", p, q, lq, floorTop, top))
			}
			lowest = max(lowest, lq+1)
		}
		if lp > lowest {
			errs = append(errs, fmt.Errorf("%s is in layer %d, but its imports allow layer %d: an internal package sits as low as it can", p, lp, lowest))
		}
	}
	return errs
}

// TestInternalFloor: the module's internal packages are helpers on one
// floor, below everything that may use them (issue 50, item 5).
func TestInternalFloor(t *testing.T) {
	imports := moduleImports(t)
	for _, err := range floorErrors(imports, Order) {
		t.Error(err)
	}
}

func TestFloorErrors(t *testing.T) {
	order := [][]string{{"sim/tile", "internal/outfile"}, {"data/..."}, {"internal/realgames"}, {"mc"}, {"internal/layers"}}
	for _, c := range []struct {
		name    string
		imports map[string][]string
		want    string // "" for no error
	}{
		{"on the floor", map[string][]string{"internal/outfile": nil, "internal/realgames": {"data", "data/mjlog", "internal/outfile"}, "mc": {"data"}}, ""},
		{"a helper importing the engine", map[string][]string{"internal/realgames": {"data", "mc"}}, "internal/realgames imports mc (layer 3): an internal package imports nothing above data/... (layer 1)"},
		{"a helper above its floor", map[string][]string{"internal/layers": nil}, "internal/layers is in layer 4, but its imports allow layer 0"},
	} {
		errs := floorErrors(c.imports, order)
		switch {
		case c.want == "" && len(errs) > 0:
			t.Errorf("%s: %v", c.name, errs)
		case c.want != "" && !slices.ContainsFunc(errs, func(e error) bool { return strings.Contains(e.Error(), c.want) }):
			t.Errorf("%s: got %v, want an error with %q", c.name, errs, c.want)
		}
	}
}
