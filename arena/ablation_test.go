package arena

import (
	"strings"
	"testing"

	"github.com/mjrank/mjrank/mc"
)

// TestAblationsNameThemselves: every switch, set alone, is the only one a
// fresh engine's options have and the variant its name; all of them
// together are named in the table's order. (Four switches once played
// without a name in the result, so shards of different engines merged.)
func TestAblationsNameThemselves(t *testing.T) {
	if v := MCVariant(&mc.Options{}); v != "" {
		t.Fatalf("the full engine is named %q", v)
	}
	var all mc.Options
	var names []string
	seen := map[string]bool{}
	for _, a := range Ablations {
		if seen[a.Name] || a.Name == "" || strings.ContainsAny(a.Name, "+, ") {
			t.Errorf("switch %q: repeated, empty or with a separator", a.Name)
		}
		seen[a.Name] = true
		var o mc.Options
		a.Set(&o)
		for _, b := range Ablations {
			if b.Has(&o) != (b.Name == a.Name) {
				t.Errorf("%s set: %s has = %v", a.Name, b.Name, b.Has(&o))
			}
		}
		if v := MCVariant(&o); v != a.Name {
			t.Errorf("%s set: variant %q", a.Name, v)
		}
		a.Set(&all)
		names = append(names, a.Name)
	}
	if v, want := MCVariant(&all), strings.Join(names, "+"); v != want {
		t.Errorf("all set: %q, want %q", v, want)
	}
	if !strings.Contains(AblationHelp(), "no-belief (") || !strings.HasPrefix(AblationNames(), "no-halving, riichi-only") {
		t.Errorf("help %q, names %q", AblationHelp(), AblationNames())
	}
}
