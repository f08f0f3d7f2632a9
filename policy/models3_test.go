package policy

import (
	"strings"
	"testing"
)

// TestDefaultFor3: the embedded three-player models load, each of the
// name NAME3 with its agreement beside the 4-player model's on the card,
// and the seat count picks them; 5 players is refused.
func TestDefaultFor3(t *testing.T) {
	m, err := DefaultFor(3)
	if err != nil {
		t.Fatal(err)
	}
	r, err := DefaultRolloutFor(3)
	if err != nil || r == nil {
		t.Fatalf("rollout3: %v %v", r, err)
	}
	d, err := DefaultDecisionsFor(3)
	if err != nil {
		t.Fatal(err)
	}
	if d.Riichi == nil || d.Call == nil || d.Kan == nil || d.Kyuushu == nil || d.RolloutRiichi == nil || d.RolloutCall == nil || d.Kita == nil {
		t.Fatalf("decision models missing: %+v", d)
	}
	cards := append(d.Cards, m.Card, r.Card)
	for _, c := range cards {
		if !strings.HasSuffix(c.Name, "3") {
			t.Errorf("card %s in models/3p", c.Name)
		}
		// The kita has no 4-player twin: it is shipped for beating
		// "always kita" by more than twice the SE of the difference.
		want := "agreement_vs_4p_model"
		if c.Name == NameFor(KitaModel, 3) {
			want = "agreement_vs_always"
		}
		found := false
		for _, mt := range c.Metrics {
			found = found || mt.Name == want && mt.N > 0 && (want != "agreement_vs_always" || mt.Beats)
		}
		if !found {
			t.Errorf("%s: no %s", c.Name, want)
		}
	}
	if d4, err := DefaultDecisionsFor(4); err != nil || d4.Kita != nil {
		t.Errorf("the 4-player decision models hold a kita model (%v)", err)
	}
	m4, err := DefaultFor(4)
	if err != nil || m4.Card.Name != ModelName {
		t.Errorf("DefaultFor(4): %v", err)
	}
	if _, err := DefaultFor(5); err == nil {
		t.Error("5 players: no error")
	}
}
