package game

import (
	"errors"
	"os"
	"strings"
	"testing"
)

// TestImpossiblePositions: observation JSON (what analyze --observation,
// serve and, through FaceObservation, the mjai bot read) with a field out
// of its range is refused, naming the field and the range.
func TestImpossiblePositions(t *testing.T) {
	base, err := os.ReadFile("testdata/observation.json")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ParseObservation(base); err != nil {
		t.Fatalf("the example: %v", err)
	}
	const setup = `"round": 4, "honba": 1, "sticks": 1, "dealer": 0,`
	const scores = `"scores": [31000, 22000, 24000, 22000],`
	const rules = `"rules": {"score": "tenhou", "length": "hanchan"},`
	tests := []struct {
		name, old, new, want string
	}{
		{"round past West 4", setup, `"round": 16, "honba": 1, "sticks": 1, "dealer": 0,`, "round 16: want 0 (E1) to 11 (W4)"},
		{"no North round", setup, `"round": 12, "honba": 1, "sticks": 1, "dealer": 0,`, "round 12: want 0 (E1) to 11 (W4)"},
		{"negative round", setup, `"round": -1, "honba": 1, "sticks": 1, "dealer": 0,`, "round -1"},
		{"dealer not the round's", setup, `"round": 4, "honba": 1, "sticks": 1, "dealer": 2,`, "dealer 2: the dealer of S1 is seat 0"},
		{"huge honba", setup, `"round": 4, "honba": 1000000000000, "sticks": 1, "dealer": 0,`, "honba 1000000000000: want 0 to 100"},
		{"huge sticks", setup, `"round": 4, "honba": 1, "sticks": 1000000000000, "dealer": 0,`, "sticks 1000000000000: want 0 to 100"},
		{"negative score", scores, `"scores": [-100000, 22000, 24000, 22000],`, "scores[0] -100000: want 0 to 1000000"},
		{"huge score", scores, `"scores": [9223372036854775807, 22000, 24000, 22000],`, "scores[0] 9223372036854775807"},
		{"negative start points", rules, `"rules": {"score": "tenhou", "length": "hanchan", "start_points": -5},`, "start_points -5: want 100 to 1000000"},
		{"negative extension", rules, `"rules": {"score": "tenhou", "length": "hanchan", "extension_winds": -7},`, "extension_winds -7: want 0 to 2"},
		{"huge uma", rules, `"rules": {"score": "tenhou", "length": "hanchan", "uma": [4611686018427387904, 10, -10, -20]},`, "uma[0] 4611686018427387904"},
		{"east-only past South 4", rules + "\n  " + setup, `"rules": {"score": "tenhou", "length": "tonpuusen"}, "round": 8, "honba": 1, "sticks": 1, "dealer": 0,`, "round 8: want 0 (E1) to 7 (S4)"},
	}
	for _, tt := range tests {
		in := string(base)
		if !strings.Contains(in, tt.old) {
			t.Fatalf("%s: the example has no %q", tt.name, tt.old)
		}
		_, err := ParseObservation([]byte(strings.Replace(in, tt.old, tt.new, 1)))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want an error saying %q", tt.name, err, tt.want)
		}
	}
}

func TestRoundSetupCheck(t *testing.T) {
	hanchan, tonpuu := Tenhou(Hanchan), Tenhou(Tonpuusen)
	scores := [4]int{25000, 25000, 25000, 25000}
	tests := []struct {
		rules *Rules
		s     RoundSetup
		ok    bool
	}{
		{&hanchan, RoundSetup{Scores: scores}, true},
		{&hanchan, RoundSetup{Index: 11, Dealer: 3, Scores: scores}, true},
		{&hanchan, RoundSetup{Index: 12, Dealer: 0, Scores: scores}, false},
		{&tonpuu, RoundSetup{Index: 7, Dealer: 3, Scores: scores}, true},
		{&tonpuu, RoundSetup{Index: 8, Dealer: 0, Scores: scores}, false},
		{&hanchan, RoundSetup{Index: 1, Dealer: 0, Scores: scores}, false},
		{&hanchan, RoundSetup{Honba: 101, Scores: scores}, false},
		{&hanchan, RoundSetup{Sticks: -1, Scores: scores}, false},
		{&hanchan, RoundSetup{Scores: [4]int{0, 50000, 25000, 25000}}, true},
	}
	for _, tt := range tests {
		err := tt.s.Check(tt.rules)
		if (err == nil) != tt.ok || (err != nil && !errors.Is(err, ErrBadSetup)) {
			t.Errorf("%+v: %v, want ok %v", tt.s, err, tt.ok)
		}
	}
}
