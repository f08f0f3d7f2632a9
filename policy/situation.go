package policy

import (
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/sim/game"
)

// situationNames name the features every decision model beyond the
// discard shares: the threats at the table and the score situation, on
// which calls and riichi depend a lot (a player leading in the last round
// declares less and calls for speed more; one far behind wants value).
var situationNames = []string{
	"riichi_opponents", "max_tenpai", "sum_tenpai", "max_open_melds", "turn",
	"live", "own_open_melds", "dealer", "place", "gap_above",
	"gap_below", "own_score", "round", "honba", "sticks",
}

const numSituation = 15

// Situation is what a seat sees of the table when it decides anything:
// the opponents' threat (riichi, open melds, predicted tenpai) and the
// score situation. Reset it once per decision; the decision models'
// features start with it. The zero value is ready for Reset.
type Situation struct {
	seat   int
	x      [numSituation]float64
	tenpai [4]float64 // P(tenpai) of each opponent (1 in riichi), 0 for the seat
	pub    opponent.Public
}

// Reset gathers v's seat's situation with the opponents' tenpai
// predictions of m.
func (s *Situation) Reset(v game.View, m *opponent.Models) {
	seat := v.Seat()
	s.seat = seat
	riichi, maxOpen := 0, 0
	maxT, sumT := 0.0, 0.0
	for o := range game.NumSeats {
		s.tenpai[o] = 0
		if o == seat || o >= v.Players() {
			continue
		}
		s.pub.Reset(v, o)
		pt := 1.0
		if v.InRiichi(o) {
			riichi++
		} else {
			pt = m.Tenpai(&s.pub)
		}
		s.tenpai[o] = pt
		maxT, sumT = max(maxT, pt), sumT+pt
		maxOpen = max(maxOpen, s.pub.OpenMelds())
	}
	own := 0
	for _, m := range v.Melds(seat) {
		if m.Open() {
			own++
		}
	}
	tb := Table{Riichi: riichi, MaxTenpai: maxT, SumTenpai: sumT, MaxOpen: maxOpen, Turn: len(v.River(seat)),
		Live: v.LiveRemaining(), OwnOpen: own, Dealer: v.Dealer() == seat, Score: v.Scores()[seat],
		Round: v.RoundIndex(), Honba: v.Honba(), Sticks: v.Sticks()}
	tb.Place, tb.Above, tb.Below = standing(v)
	tb.features(&s.x)
}

// Table is what the situation features read of the table: from a view
// (Situation.Reset) or from the Monte Carlo rollout's simulated round.
type Table struct {
	Riichi               int     // opponents in riichi
	MaxTenpai, SumTenpai float64 // the opponents' P(tenpai) (1 in riichi): the most and the sum
	MaxOpen              int     // the most open melds of an opponent
	Turn                 int     // the seat's discards
	Live                 int     // tiles left to draw
	OwnOpen              int     // the seat's open melds
	Dealer               bool
	Place, Above, Below  int // Standing
	Score                int // the seat's points
	Round, Honba, Sticks int
}

// put writes the situation features of the table into x[:numSituation].
func (t *Table) put(x []float64) {
	var s [numSituation]float64
	t.features(&s)
	copy(x, s[:])
}

// features writes the situation features of the table into x.
func (t *Table) features(x *[numSituation]float64) {
	*x = [numSituation]float64{
		float64(t.Riichi), t.MaxTenpai, t.SumTenpai, float64(t.MaxOpen), float64(t.Turn),
		float64(t.Live), float64(t.OwnOpen), b2f(t.Dealer), float64(t.Place), float64(t.Above) / 1000,
		float64(t.Below) / 1000, float64(t.Score) / 1000, float64(t.Round), float64(t.Honba), float64(t.Sticks),
	}
}

// standing returns v's seat's place and gaps (see [Standing]).
func standing(v game.View) (place, above, below int) {
	return StandingOf(v.Scores(), v.Seat(), v.Dealer(), v.Players())
}

// Standing returns seat's place by scores (0 = first; ties go to the seat
// nearer the dealer, as Tenhou ranks the final scores) and the points to
// the next seat up and down (100,000 when there is none).
func Standing(scores [game.NumSeats]int, seat, dealer int) (place, above, below int) {
	return StandingOf(scores, seat, dealer, game.NumSeats)
}

// StandingOf is [Standing] among the seats in play, the first players of
// scores (3 or 4): an empty seat 3 has no place.
func StandingOf(scores [game.NumSeats]int, seat, dealer, players int) (place, above, below int) {
	above, below = 100000, 100000
	for s, sc := range scores[:players] {
		if s == seat {
			continue
		}
		if sc > scores[seat] || sc == scores[seat] && (s-dealer+players)%players < (seat-dealer+players)%players {
			place++
			above = min(above, sc-scores[seat])
		} else {
			below = min(below, scores[seat]-sc)
		}
	}
	return place, above, below
}
