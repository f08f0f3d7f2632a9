package analysis

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// TestObservationMustEndAtDecision: an observation that stops before the
// seat's own draw is refused, whatever the seed, rather than analysed
// with a draw the determinization invented.
func TestObservationMustEndAtDecision(t *testing.T) {
	b, err := os.ReadFile("../sim/game/testdata/observation.json")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ObservationPosition(b, "full", 1); err != nil {
		t.Fatalf("the whole observation: %v", err)
	}
	var o map[string]any
	if err := json.Unmarshal(b, &o); err != nil {
		t.Fatal(err)
	}
	evs := o["events"].([]any)
	o["events"] = evs[:len(evs)-1] // without seat 1's draw
	cut, err := json.Marshal(o)
	if err != nil {
		t.Fatal(err)
	}
	for seed := range uint64(5) {
		_, err := ObservationPosition(cut, "cut", seed)
		if err == nil || !strings.Contains(err.Error(), "does not end at a decision of seat 1") || !strings.Contains(err.Error(), "its draw is not in the observation") {
			t.Errorf("seed %d: %v", seed, err)
		}
	}
}
