package layers

import (
	"os/exec"
	"strings"
	"testing"
)

const module = "github.com/mjrank/mjrank"

// moduleImports lists the module's packages, the experiments' included
// (they build with -tags experiments), each with the module packages it
// imports, all relative to the module.
func moduleImports(t *testing.T) map[string][]string {
	t.Helper()
	out, err := exec.Command("go", "list", "-tags", "experiments", "-f", "{{.ImportPath}}:{{join .Imports \" \"}}", module+"/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	imports := map[string][]string{}
	for line := range strings.Lines(string(out)) {
		p, imps, _ := strings.Cut(strings.TrimSpace(line), ":")
		p = strings.TrimPrefix(p, module+"/")
		imports[p] = nil
		for _, q := range strings.Fields(imps) {
			if rel, ok := strings.CutPrefix(q, module+"/"); ok {
				imports[p] = append(imports[p], rel)
			}
		}
	}
	if len(imports) < 30 {
		t.Fatalf("only %d packages listed", len(imports))
	}
	if _, ok := imports["experiments/rulestudy"]; !ok {
		t.Fatal("go list -tags experiments did not list experiments/rulestudy")
	}
	return imports
}

// TestModule checks the module's own import graph against the table, the
// experiments' packages included.
func TestModule(t *testing.T) {
	imports := moduleImports(t)
	for _, err := range Check(imports) {
		t.Error(err)
	}
	t.Logf("%d packages, every import points down the layer table", len(imports))
}

func TestCheck(t *testing.T) {
	tests := []struct {
		name    string
		imports map[string][]string
		errs    int
	}{
		{"down", map[string][]string{"sim/game": {"sim/tile", "sim/hand"}, "mc": {"policy", "sim/game"}}, 0},
		{"inside a group", map[string][]string{"data/records": {"data/mjlog", "data"}, "sim/hand/internal/tablegen": {}}, 0},
		{"up", map[string][]string{"sim/game": {"data"}}, 1},
		{"the round reading its observation", map[string][]string{"sim/game": {"sim/observe"}, "sim/observe": {"sim/game"}}, 1},
		{"sideways", map[string][]string{"opponent": {"rankmodel"}}, 1},
		{"engine in the rules core", map[string][]string{"sim/mc": {"opponent"}}, 1},
		{"the engine's measurement through the training", map[string][]string{"mceval": {"train"}}, 1},
		{"an experiment on the engine", map[string][]string{"experiments/rulestudy": {"mc", "policy", "data/dataset"}}, 0},
		{"the product on an experiment", map[string][]string{"cmd/mjrank": {"experiments/rulestudy"}}, 1},
		{"an internal helper on the engine", map[string][]string{"internal/realgames": {"mc"}}, 1},
		{"unknown import", map[string][]string{"bot": {"utils"}}, 1},
	}
	for _, tt := range tests {
		if errs := Check(tt.imports); len(errs) != tt.errs {
			t.Errorf("%s: %d errors %v, want %d", tt.name, len(errs), errs, tt.errs)
		}
	}
}
