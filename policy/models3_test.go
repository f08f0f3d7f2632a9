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
	if d.Riichi == nil || d.Call == nil || d.Kan == nil || d.Kyuushu == nil || d.RolloutRiichi == nil || d.RolloutCall == nil {
		t.Fatalf("decision models missing: %+v", d)
	}
	cards := append(d.Cards, m.Card, r.Card)
	for _, c := range cards {
		if !strings.HasSuffix(c.Name, "3") {
			t.Errorf("card %s in models/3p", c.Name)
		}
		found := false
		for _, mt := range c.Metrics {
			found = found || mt.Name == "agreement_vs_4p_model" && mt.N > 0
		}
		if !found {
			t.Errorf("%s: no agreement beside the 4-player model", c.Name)
		}
	}
	m4, err := DefaultFor(4)
	if err != nil || m4.Card.Name != ModelName {
		t.Errorf("DefaultFor(4): %v", err)
	}
	if _, err := DefaultFor(5); err == nil {
		t.Error("5 players: no error")
	}
}
