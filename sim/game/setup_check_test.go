package game

import (
	"errors"
	"testing"
)

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
