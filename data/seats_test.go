package data

import (
	"slices"
	"testing"
)

func TestSeatsNamed(t *testing.T) {
	g := &Game{Names: [4]string{"a", "b", "a", "a"}}
	for _, tc := range []struct {
		name  string
		seats []int
		list  string
	}{{"b", []int{1}, "1"}, {"a", []int{0, 2, 3}, "0, 2 and 3"}, {"c", nil, ""}} {
		seats := g.SeatsNamed(tc.name)
		if !slices.Equal(seats, tc.seats) || SeatList(seats) != tc.list {
			t.Errorf("%q: seats %v (%q), want %v (%q)", tc.name, seats, SeatList(seats), tc.seats, tc.list)
		}
	}
	if got := SeatList([]int{0, 3}); got != "0 and 3" {
		t.Errorf("SeatList(0, 3) = %q", got)
	}
}
