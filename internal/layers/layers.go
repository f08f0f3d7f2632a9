// Package layers holds mjrank's layer table (docs/ARCHITECTURE.md) as data
// and checks an import graph against it: every import of a module package
// must point to a lower layer, or stay inside its own group (the record
// codecs under data/, the shanten table generator under sim/hand). Its test
// runs the check on the module as `go list` sees it.
package layers

import (
	"fmt"
	"slices"
	"strings"
)

// Order lists the module's packages and package groups, lowest layer
// first. A group ("data/...") covers the package and everything under it.
// Every internal package sits on the lowest layer its imports allow: those
// that import nothing of the module (internal/xgbmodel, internal/progress,
// internal/shareddata, internal/reliability, internal/outfile, this one,
// internal/envvars and internal/shard) form layer 0 with sim/tile
// and cluster (the Dask runner, standard library only). The experiments (experiments/..., built
// with -tags experiments) sit above the product, and docs (tests only)
// above everything: nothing imports them. docs/ARCHITECTURE.md's layer
// table lists the same layers, row for row.
var Order = [][]string{
	{"sim/tile", "internal/xgbmodel", "internal/progress", "internal/shareddata", "internal/reliability", "internal/outfile", "internal/layers", "internal/envvars", "internal/shard", "cluster"},
	{"sim/hand/..."},
	{"sim/score"},
	{"sim/game"},
	{"sim/observe"},
	{"data/..."},
	{"opponent", "rankmodel", "internal/realgames"},
	{"policy"},
	{"mc"},
	{"bot"},
	{"arena", "train", "mceval", "mjaibot"},
	{"bench", "review", "referee"},
	{"analysis"},
	{"serve"},
	{"cmd/mjrank"},
	{"experiments/..."},
	{"docs"},
}

// layerOf returns the layer of package p (relative to the module) in
// order and the entry that matched it, or -1.
func layerOf(order [][]string, p string) (int, string) {
	for i, row := range order {
		if e, ok := entryOf(row, p); ok {
			return i, e
		}
	}
	return -1, ""
}

// entryOf returns the entry of layer row that covers package p: p itself,
// or a group ("data/...") that holds it.
func entryOf(row []string, p string) (string, bool) {
	for _, e := range row {
		if g, ok := strings.CutSuffix(e, "/..."); ok && (p == g || strings.HasPrefix(p, g+"/")) || p == e {
			return e, true
		}
	}
	return "", false
}

// Check returns one error for every package missing from Order and every
// import (module-relative paths: package → its module imports) that does
// not point down the table.
func Check(imports map[string][]string) []error {
	var errs []error
	pkgs := make([]string, 0, len(imports))
	for p := range imports {
		pkgs = append(pkgs, p)
	}
	slices.Sort(pkgs)
	for _, p := range pkgs {
		lp, ep := layerOf(Order, p)
		if lp < 0 {
			errs = append(errs, fmt.Errorf("%s: not in the layer table", p))
			continue
		}
		for _, q := range imports[p] {
			lq, eq := layerOf(Order, q)
			switch {
			case lq < 0:
				errs = append(errs, fmt.Errorf("%s imports %s, which is not in the layer table", p, q))
			case eq == ep && strings.HasSuffix(ep, "/..."):
				// inside its own group
			case lq >= lp:
				errs = append(errs, fmt.Errorf("%s (layer %d) imports %s (layer %d): imports must point down", p, lp, q, lq))
			}
		}
	}
	return errs
}
