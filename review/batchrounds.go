package review

import (
	"fmt"
	"strconv"
	"strings"
)

// Rounds picks rounds by name: "E1" is every East 1 whatever its honba,
// "E4-1" East 4 with one honba. The zero Rounds picks every round.
type Rounds struct {
	items []roundItem
}

type roundItem struct {
	name  string // "E1": wind and number
	honba int    // -1: any
}

// maxHonba bounds the honba of a round name: far above any played game,
// low enough that a typo of many digits is refused.
const maxHonba = 99

// ParseRounds reads a comma-separated list of round names ("E1,E4-1,S3"):
// a wind (E, S, W or N, either case), a number 1 to 4, and optionally "-"
// and a honba count. A bad item is an error naming it.
func ParseRounds(s string) (Rounds, error) {
	var rs Rounds
	for i, item := range strings.Split(s, ",") {
		item = strings.TrimSpace(item)
		it, err := parseRound(item)
		if err != nil {
			return Rounds{}, fmt.Errorf("round %d %q: %w (want a round like E1, E4-1 or S3: a wind E, S, W or N, a number 1 to 4, optionally -honba)", i+1, item, err)
		}
		rs.items = append(rs.items, it)
	}
	return rs, nil
}

func parseRound(item string) (roundItem, error) {
	name, honba, withHonba := strings.Cut(item, "-")
	name = strings.ToUpper(name)
	switch {
	case item == "":
		return roundItem{}, fmt.Errorf("empty")
	case len(name) != 2 || !strings.ContainsRune("ESWN", rune(name[0])):
		return roundItem{}, fmt.Errorf("no such round")
	case name[1] < '1' || name[1] > '4':
		return roundItem{}, fmt.Errorf("a round number is 1 to 4")
	}
	it := roundItem{name: name, honba: -1}
	if withHonba {
		n, err := strconv.Atoi(honba)
		if err != nil || n < 0 || n > maxHonba || strings.TrimLeft(honba, "0123456789") != "" {
			return roundItem{}, fmt.Errorf("honba %q: want 0 to %d", honba, maxHonba)
		}
		it.honba = n
	}
	return it, nil
}

// All reports whether rs picks every round.
func (rs Rounds) All() bool { return len(rs.items) == 0 }

// Has reports whether rs picks the round named name as data.Round.Name
// gives it ("E4-1").
func (rs Rounds) Has(name string) bool {
	if rs.All() {
		return true
	}
	wind, honba, _ := strings.Cut(name, "-")
	h, err := strconv.Atoi(honba)
	for _, it := range rs.items {
		if it.name == wind && (it.honba < 0 || err == nil && it.honba == h) {
			return true
		}
	}
	return false
}

// String lists the rounds picked, normalized ("E1,E4-1"); "" for all.
func (rs Rounds) String() string {
	s := make([]string, len(rs.items))
	for i, it := range rs.items {
		s[i] = it.name
		if it.honba >= 0 {
			s[i] += "-" + strconv.Itoa(it.honba)
		}
	}
	return strings.Join(s, ",")
}
