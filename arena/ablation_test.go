package arena

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/mc"
)

// TestAblationsNameThemselves: every switch, set alone, is the only one a
// fresh engine's options have and the variant its name; all of them
// together are named in the table's order. (Four switches once played
// without a name in the result, so shards of different engines merged.)
func TestAblationsNameThemselves(t *testing.T) {
	if v := MCVariant(&mc.Lab{}); v != "" {
		t.Fatalf("the full engine is named %q", v)
	}
	var all mc.Lab
	var names []string
	seen := map[string]bool{}
	for _, a := range Ablations {
		if seen[a.Name] || a.Name == "" || strings.ContainsAny(a.Name, "+, ") {
			t.Errorf("switch %q: repeated, empty or with a separator", a.Name)
		}
		seen[a.Name] = true
		var o mc.Lab
		a.Set(&o)
		for _, b := range Ablations {
			if b.Has(&o) != (b.Name == a.Name) {
				t.Errorf("%s set: %s has = %v", a.Name, b.Name, b.Has(&o))
			}
		}
		if v := MCVariant(&o); v != a.Name {
			t.Errorf("%s set: variant %q", a.Name, v)
		}
		if !slices.ContainsFunc(Ablations, func(b Ablation) bool { return slices.Contains(names, b.Name) && Alternatives(&b, &a) }) {
			a.Set(&all)
			names = append(names, a.Name)
		}
	}
	for _, pair := range [][2]string{{"oracle", "oracle-pool"}, {"oracle-hands", "oracle-tenpai"}} {
		a, b := ablation(t, pair[0]), ablation(t, pair[1])
		if !Alternatives(a, b) || !Alternatives(b, a) {
			t.Errorf("%s and %s are not alternatives", pair[0], pair[1])
		}
	}
	if Alternatives(ablation(t, "oracle"), ablation(t, "no-belief")) {
		t.Error("oracle and no-belief are alternatives")
	}
	if v, want := MCVariant(&all), strings.Join(names, "+"); v != want {
		t.Errorf("all set: %q, want %q", v, want)
	}
	if !strings.Contains(AblationHelp(), "no-belief (") || !strings.HasPrefix(AblationNames(), "no-halving, riichi-only") {
		t.Errorf("help %q, names %q", AblationHelp(), AblationNames())
	}
}

// TestAblationsCoverTheLab: every switch of mc.Lab but the round an
// oracle reads and the opponent tally (which the tools set per decision)
// is one an arena can turn and its result names, so that no variant of
// the engine plays unnamed.
func TestAblationsCoverTheLab(t *testing.T) {
	perDecision := map[string]bool{"Truth": true, "Tally": true}
	typ := reflect.TypeFor[mc.Lab]()
	for i := range typ.NumField() {
		f := typ.Field(i)
		if perDecision[f.Name] {
			continue
		}
		if !slices.ContainsFunc(Ablations, func(a Ablation) bool {
			var o mc.Lab
			a.Set(&o)
			return !reflect.ValueOf(o).Field(i).IsZero()
		}) {
			t.Errorf("mc.Lab.%s: no switch sets it", f.Name)
		}
	}
}

// ablation is the switch named name.
func ablation(t *testing.T, name string) *Ablation {
	t.Helper()
	i := slices.IndexFunc(Ablations, func(a Ablation) bool { return a.Name == name })
	if i < 0 {
		t.Fatalf("no switch %q", name)
	}
	return &Ablations[i]
}
