package data

import (
	"strconv"
	"strings"
)

// SeatsNamed returns the seats whose player is called name, in seat
// order: none, one, or several when players share a name (a record tells
// them apart by their seats only).
func (g *Game) SeatsNamed(name string) []int {
	var seats []int
	for i, n := range g.Names {
		if n == name {
			seats = append(seats, i)
		}
	}
	return seats
}

// SeatList writes seats as a reader does: "2", "0 and 3", "0, 1 and 3".
func SeatList(seats []int) string {
	s := make([]string, len(seats))
	for i, seat := range seats {
		s[i] = strconv.Itoa(seat)
	}
	if len(s) < 2 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}
