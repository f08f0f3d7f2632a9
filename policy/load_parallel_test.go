package policy_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/mjrank/mjrank/policy"
)

// TestLoadDecisionsErrorOrder: the decision models load at once, and the
// error reported is the first model's in DecisionSpecs' order, as when
// they loaded one after the other.
func TestLoadDecisionsErrorOrder(t *testing.T) {
	broken := func(names ...string) fstest.MapFS {
		fsys := fstest.MapFS{}
		for _, n := range names {
			fsys["models/"+n+"-000000000000.json"] = &fstest.MapFile{Data: []byte("{")}
		}
		return fsys
	}
	for _, c := range []struct {
		names []string
		want  string
	}{
		{[]string{policy.RolloutCallModel, policy.CallModel, policy.RiichiModel}, "policy: riichi model"},
		{[]string{policy.RolloutCallModel, policy.KanModel}, "policy: kan model"},
		{[]string{policy.RolloutCallModel}, "policy: rollcall model"},
	} {
		for range 20 { // the loads finish in any order
			_, err := policy.LoadDecisions(broken(c.names...), "models")
			if err == nil || !strings.HasPrefix(err.Error(), c.want) {
				t.Fatalf("%v broken: %v, want %q first", c.names, err, c.want)
			}
		}
	}
	d, err := policy.LoadDecisions(fstest.MapFS{}, "models")
	if err != nil || len(d.Cards) != 0 || d.Riichi != nil {
		t.Fatalf("no model: %+v, %v", d, err)
	}
}
