package opponent_test

import (
	"strings"
	"testing"

	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// scripted plays East 1 from the starting hands (seat 0 deals), the
// draws in the order they are drawn and the dora indicator, the other
// tiles in a fixed order, and then moves: each the current seat's
// discard — "*" the tile just drawn, "r*" a riichi with it, a kind ("1p")
// a tile of that kind from the hand that is not the one just drawn — or
// "pon N": seat N pons the last discard (and discards next). Every other
// answer to a discard is a pass.
func scripted(t *testing.T, hands [4]string, draws, dora string, moves []string) *game.Round {
	t.Helper()
	all := tile.MustParse(hands[0] + hands[1] + hands[2] + hands[3] + draws + dora)
	nd := len(all) - 53
	var w game.Wall
	used := map[tile.Tile]bool{}
	for _, x := range all {
		used[x] = true
	}
	copy(w[:52+nd], all[:52+nd])
	w[game.DoraIndex] = all[len(all)-1]
	next := tile.Tile(0)
	for i := range w {
		if i < 52+nd || i == game.DoraIndex {
			continue
		}
		for used[next] {
			next++
		}
		w[i] = next
		next++
	}
	rules := game.Tenhou(game.Hanchan)
	r, err := game.NewRound(&rules, game.RoundSetup{Scores: [4]int{25000, 25000, 25000, 25000}}, &w)
	if err != nil {
		t.Fatal(err)
	}
	apply := func(a game.Action) {
		t.Helper()
		if err := r.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	// answer passes for every seat that must answer but caller, which
	// pons.
	answer := func(caller int) {
		t.Helper()
		for s := range game.NumSeats {
			if !r.MustAnswer(s) {
				continue
			}
			a := game.Action{Type: game.Pass, Seat: uint8(s)}
			if s == caller {
				for _, l := range r.Legal(s, nil) {
					if l.Type == game.Pon {
						a = l
					}
				}
				if a.Type != game.Pon {
					t.Fatalf("seat %d cannot pon", s)
				}
			}
			apply(a)
		}
	}
	for i, m := range moves {
		if strings.HasPrefix(m, "pon ") {
			answer(int(m[4] - '0'))
			continue
		}
		if r.Phase() == game.PhaseCall {
			answer(-1)
		}
		seat := r.Current()
		a := game.Action{Type: game.Discard, Seat: uint8(seat), Tile: r.Drawn()}
		switch m {
		case "*":
		case "r*":
			a.Type = game.Riichi
		default:
			k, err := tile.ParseKind(m)
			if err != nil {
				t.Fatalf("move %d: %q", i, m)
			}
			a.Tile = tile.NumTiles
			for _, x := range r.Hand(seat) {
				if x.Kind() == k && x != r.Drawn() {
					a.Tile = x
				}
			}
			if a.Tile == tile.NumTiles {
				t.Fatalf("move %d: seat %d holds no %v", i, seat, k)
			}
		}
		apply(a)
	}
	return r
}

// TestExtraFeatures checks the schema 4 wait features on hand-made
// positions, each value worked out by hand in the comments.
func TestExtraFeatures(t *testing.T) {
	hands := [4]string{"2223336667778m", "1112223337779p", "1112224446667s", "1122334455667z"}
	// Turns 0..5: seat 0 5p, seat 1 9m (tsumogiri), seat 2 5p, seat 3 1m,
	// seat 0 5s, seat 1 1p from the hand (keeps the 8m drawn); turn 6 seat
	// 2 7s. Dora indicator 3s: dora 4s.
	const draws = "5p9m5p1m5s8m7s"
	a1 := []string{"*", "*", "*", "*", "*", "1p"}
	a2 := append(append([]string{}, a1...), "*")
	// Seat 1 draws 2m and lets it go; seat 0 pons it (2m open, simple,
	// one suit) and discards 8m.
	b := []string{"*", "*", "pon 0", "8m"}
	idx := map[string]int{}
	for i, n := range opponent.WaitFeatureNames {
		idx[n] = i
	}
	for _, tc := range []struct {
		name   string
		draws  string
		moves  []string
		seat   int
		kind   string
		want   map[string]float64
		reason string
	}{
		{"a1", draws, a1, 1, "5p", map[string]float64{
			"hand_tiles": 13, "toitoi_signal": -1, "k_yaku_fit": -1, "k_meld_suit_match": -1,
			"k_others_count": 2, "k_others_first_ago": 5, "k_others_last_ago": 3,
		}, "5p discarded by seats 0 and 2 at turns 0 and 2; now is turn 5; closed hand"},
		{"a1", draws, a1, 1, "1m", map[string]float64{"k_others_count": 1, "k_others_first_ago": 2, "k_others_last_ago": 2}, "seat 3's 1m at turn 3"},
		{"a1", draws, a1, 1, "9m", map[string]float64{"k_others_count": 0, "k_others_first_ago": -1, "k_others_last_ago": -1}, "only the opponent's own 9m"},
		{"a1", draws, a1, 1, "5s", map[string]float64{
			"k_shape_ryanmen_low": 12, "k_shape_ryanmen_high": 16, "k_shape_ryanmen_te": 28,
			"k_shape_kanchan_te": 16, "k_shape_pair_te": 3, "k_dora_distance": 1, "k_shape_dora": 28,
		}, "unseen 3s 3 (the indicator), 4s 4, 5s 3, 6s 4, 7s 4: ryanmen 3s4s and 6s7s, kanchan 4s6s, C(3, 2) pairs; the dora 4s is in 3s4s and 4s6s"},
		{"a1", draws, a1, 1, "6p", map[string]float64{"k_shape_ryanmen_low": 8, "k_shape_ryanmen_high": 16, "k_dora_distance": 10}, "4p5p: 4 × 2 unseen (two 5p discarded); no pinzu dora"},
		{"a1", draws, a1, 1, "2p", map[string]float64{"k_shape_ryanmen_low": -1, "k_shape_ryanmen_high": 16, "k_shape_kanchan_te": 12}, "no ryanmen below a 2; the kanchan 1p3p waits on 2p alone, live though the opponent discarded a 1p (3 unseen)"},
		{"a1", draws, a1, 1, "1p", map[string]float64{"k_shape_ryanmen_te": 0, "k_shape_pair_te": 0, "k_shape_kanchan_te": -1}, "genbutsu: no live shape"},
		{"a1", draws, a1, 1, "4s", map[string]float64{"k_dora_distance": 0, "k_shape_ryanmen_low": 12, "k_shape_ryanmen_high": 12}, "the dora itself; 2s3s 4 × 3, 5s6s 3 × 4"},
		{"a1", draws, a1, 1, "1z", map[string]float64{"k_dora_distance": -1, "k_shape_ryanmen_low": -1, "k_shape_te_m3": -1, "k_shape_pair_te": 6}, "an honour that is not dora; four unseen"},
		{"a2", draws, a2, 1, "4s", map[string]float64{"k_shape_ryanmen_te": 12, "k_shape_kanchan_te": 9, "k_shape_ryanmen_high": 12}, "7s passed after the opponent's last tedashi: 5s6s (waits 4s-7s) is dead in the second count only"},
		{"a2", draws, a2, 1, "7s", map[string]float64{"k_shape_pair_te": 0, "k_others_count": 1, "k_others_last_ago": 0}, "passed since the last tedashi, at the latest turn"},
		{"b", "2m", b, 0, "5m", map[string]float64{"hand_tiles": 10, "toitoi_signal": 1, "k_yaku_fit": 3, "k_meld_suit_match": 1}, "pon of 2m: tanyao fits a 5m"},
		{"b", "2m", b, 0, "1z", map[string]float64{"k_yaku_fit": 2, "k_meld_suit_match": 2}, "East, seat and round wind, four unseen: a yakuhai shanpon"},
		{"b", "2m", b, 0, "1m", map[string]float64{"k_yaku_fit": 4, "k_meld_suit_match": 1}, "a terminal: no tanyao, but honitsu in manzu"},
		{"b", "2m", b, 0, "9p", map[string]float64{"k_yaku_fit": 5, "k_meld_suit_match": 0}, "neither tanyao nor honitsu; no chi: toitoi"},
	} {
		// The draws come after the deal, seat 0's first; b's 2m is seat
		// 1's first draw, after seat 0's 5p.
		dr := tc.draws
		if tc.name == "b" {
			dr = "5p2m"
		}
		r := scripted(t, hands, dr, "3s", tc.moves)
		p := opponent.NewPublic(game.ViewOf(r, (tc.seat+1)%game.NumSeats), tc.seat)
		k, err := tile.ParseKind(tc.kind)
		if err != nil {
			t.Fatal(err)
		}
		x := make([]float64, opponent.NumWaitFeatures)
		p.WaitFeatures(k, x)
		for name, want := range tc.want {
			i, ok := idx[name]
			if !ok {
				t.Fatalf("no wait feature %s", name)
			}
			if x[i] != want {
				t.Errorf("%s, seat %d, %s: %s = %v, want %v (%s)", tc.name, tc.seat, tc.kind, name, x[i], want, tc.reason)
			}
		}
	}
}
