package mc

import (
	"math"

	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/hand"
	"github.com/mjrank/mjrank/sim/tile"
)

// policy chooses the seat's discard in a rollout, and whether to declare
// riichi with it. It must be fast (it runs at every own turn of every
// simulation), so it uses shanten alone, not ukeire:
//
//   - in riichi: the drawn tile;
//   - when an opponent is a threat (Threat: in riichi, or open twice, or
//     believed tenpai) and the hand is two or more from tenpai, or one
//     from it with fewer than foldOneShantenLive tiles left: the kind
//     least likely to deal in by the root's predictors (safestByModel:
//     Σ P(tenpai) × P(wait) over the threats, 0 for a kind safe against
//     them), ties to the least useful;
//   - a tenpai hand without riichi facing a riichi gives up as often as the
//     players' do (keepTenpai) and folds from then on;
//   - else a kind that leaves the lowest shanten, the least connected one
//     (isolated honours and terminals first) — at tenpai the one whose
//     waits have the most unseen copies (widestWait) —, but one that
//     would deal in to a tenpai opponent is replaced by a kind that would
//     not as often as the opponents dodge such a wait when noten
//     (dodgeRates) and by seatTenpaiDodge when tenpai, both rising as the
//     wall runs out;
//   - riichi when the discard leaves a closed hand tenpai with 1,000
//     points to pay and four tiles left to draw, and the rollout's riichi
//     model says so (declares; always with Lab.AlwaysRiichi).
func (s *sim) policy() (tile.Tile, bool) {
	if s.riichi && s.drawn != tile.NoTile {
		return s.drawn, false
	}
	var sh [tile.NumKinds]int8
	best := s.shantenAfter(&sh)
	var thr [game.NumSeats]bool
	threat := s.threats(&thr)
	if !s.folded && best == 0 && !s.riichi && s.threatened() && s.rng.Float64() >= s.r.rates().keep[1] {
		// A tenpai hand without riichi gives up against a riichi as
		// often as the players' (keepTenpai), and folds from then on.
		s.folded = true
	}
	var k tile.Kind
	if SeatFolds(threat, best, s.folded, s.live) {
		k = s.safestByModel(&thr)
	} else {
		k = HeuristicDiscard(&s.counts, &sh, best, &thr, &s.safe, s.r.me, threat)
		if best == 0 {
			k = s.widestWait(&sh, k)
		}
		// The seat reads a tenpai hand: noten as the opponents do
		// (dodgeRates), tenpai and pushing by seatTenpaiDodge.
		if r, d := s.dealsInto(s.r.me, k); (r || d) && s.rng.Float64() < s.seatDodgeRates(best == 0)[b2i(!r)] {
			k = s.dodge(&sh, best, k)
		}
	}
	t := s.pick(k, true)
	return t, s.riichiWith(sh[k]) && s.declares(t)
}

// SeatFolds reports whether the rollout's seat folds (plays the safest
// kind, SafestByReading) rather than build its hand: against a threat,
// when its best discard leaves it two or more from tenpai, or one with
// fewer than foldOneShantenLive tiles left in the live wall, or when it
// has given its tenpai up already (folded). The rollout bot plays the
// same rule on a table.
func SeatFolds(threat bool, best int8, folded bool, live int) bool {
	return threat && (best >= 2 || folded || best == 1 && live < foldOneShantenLive)
}

// foldOneShantenLive: against a threat the seat pushes a hand one from
// tenpai while this many tiles or more are left in the live wall, and
// folds it after: folding every such hand left the rollouts of a round's
// first positions winning less often than the players, pushing them
// always more often from the middle of the round on (training fold 1).
const foldOneShantenLive = 40

// seatTenpaiDodge is the chance that the seat, tenpai and pushing, plays
// another discard that keeps it tenpai when its choice would deal in to a
// riichi (0) or to a tenpai hand without one (1), with dodgeRampLive tiles
// or more left; seatTenpaiDodgeLate with none (linearly in between).
// Players keep their tenpai with a safer tile more often than a pushing
// opponent in the abstraction is given, and more so late: with the
// opponents' own rates the seat's tenpai hands without riichi dealt in
// more often than the players' (training fold 1, docs/ENGINE.md).
var (
	seatTenpaiDodge     = [2]float64{0.8, 0.5}
	seatTenpaiDodgeLate = [2]float64{0.95, 0.9}
)

// seatDodgeRates are the seat's chances of reading a wait it would deal
// in to (riichi, dama): by seatTenpaiDodge when tenpai, else as a noten
// opponent does (dodgeRates).
func (s *sim) seatDodgeRates(tenpai bool) [2]float64 {
	if tenpai {
		return ramp(seatTenpaiDodge, seatTenpaiDodgeLate, lateShare(s.live, dodgeRampLive))
	}
	return s.dodgeRates(false)
}

// widestWait is, among the discards that keep the hand tenpai, the one
// whose waits have the most copies the seat has not seen (a furiten wait
// counts none), k on ties: players choose their wait, and the rollout's
// seat, taking the least connected tile, won a fifth less than they did
// from the middle of the round (training fold 1).
func (s *sim) widestWait(sh *[tile.NumKinds]int8, k tile.Kind) tile.Kind {
	best, bestN := k, -1
	for d := range tile.Kind(tile.NumKinds) {
		if s.counts[d] == 0 || sh[d] != 0 {
			continue
		}
		s.counts[d]--
		w, own := hand.WaitInfo(&s.counts)
		w &^= own
		n := 0
		if w&s.discarded.Add(d) == 0 {
			for x := range w.Kinds {
				n += max(0, 4-int(s.r.seenOut[x])-int(s.seenAdd[x])-int(s.counts[x]))
			}
		}
		s.counts[d]++
		if n > bestN || n == bestN && d == k {
			best, bestN = d, n
		}
	}
	return best
}

// safestByModel is SafestByReading of the seat's hand by what it reads at
// the root (the predictors', also under the oracle), an opponent in
// riichi surely tenpai.
func (s *sim) safestByModel(thr *[game.NumSeats]bool) tile.Kind {
	var tenpai [game.NumSeats]float64
	var waits [game.NumSeats]*[tile.NumKinds]float64
	for j := range thr {
		if !thr[j] { // threats() never marks the seat itself
			continue
		}
		o := &s.r.opp[j]
		tenpai[j], waits[j] = o.readTenpai, &o.readWaitP
		if s.oppRiichi[j] {
			tenpai[j] = 1
		}
	}
	return SafestByReading(&s.counts, s.ban, thr, &s.safe, &tenpai, &waits)
}

// SafestByReading is the kind in counts (none of ban) least likely to
// deal in to the seats marked in thr: Σ over them of tenpai[j] (P(tenpai))
// × waits[j][k] (P(a discard of kind k lets it ron)), 0 for a kind in
// safe[j] (its river; after its riichi, what passed it since), and nothing
// from a marked seat without a reading (waits[j] nil); the least useful on
// ties. It replaced a hand-made order in the rollout (genbutsu, then
// honours, terminals, the rest) that dealt in from a fold against a late
// riichi far more often than the players (training fold 1).
func SafestByReading(counts *tile.Counts, ban tile.KindSet, thr *[game.NumSeats]bool, safe *[game.NumSeats]tile.KindSet, tenpai *[game.NumSeats]float64, waits *[game.NumSeats]*[tile.NumKinds]float64) tile.Kind {
	best, bestR := tile.Kind(0), math.Inf(1)
	for d := range tile.Kind(tile.NumKinds) {
		if counts[d] == 0 || ban.Has(d) {
			continue
		}
		r := 0.0
		for j, t := range thr {
			if !t || safe[j].Has(d) || waits[j] == nil {
				continue
			}
			r += tenpai[j] * waits[j][d]
		}
		r += 1e-6 * float64(uselessness(counts, d))
		if r < bestR {
			best, bestR = d, r
		}
	}
	return best
}

// dodge is the seat reading a tenpai hand as the opponents read one
// (dodgeRates): instead of k, the least useful kind that keeps the shanten
// best and deals in to no tenpai opponent; when the hand is not tenpai
// and none does, any kind that deals in to none; else k.
func (s *sim) dodge(sh *[tile.NumKinds]int8, best int8, k tile.Kind) tile.Kind {
	pick, pickU, alt, altU := k, 1<<30, k, 1<<30
	for d := range tile.Kind(tile.NumKinds) {
		if s.counts[d] == 0 || sh[d] == Banned {
			continue
		}
		if r, dd := s.dealsInto(s.r.me, d); r || dd {
			continue
		}
		u := uselessness(&s.counts, d)
		if sh[d] == best && u < pickU {
			pick, pickU = d, u
		}
		if u+100*int(sh[d]) < altU {
			alt, altU = d, u+100*int(sh[d])
		}
	}
	if pickU < 1<<30 || best == 0 {
		return pick
	}
	return alt
}

// shantenAfter fills sh with the shanten after discarding each kind the
// hand holds and returns the lowest; kinds under the kuikae ban get Banned.
func (s *sim) shantenAfter(sh *[tile.NumKinds]int8) int8 { return ShantenAfter(&s.counts, sh, s.ban) }

// Banned is ShantenAfter's shanten of a kind the kuikae ban forbids.
const Banned int8 = 100

// ShantenAfter fills sh with the shanten of counts (a hand of 3n+2 tiles)
// after discarding each kind it holds, Banned for the kinds of ban (the
// kuikae ban after a call), and returns the lowest: Banned when ban
// forbids every kind held.
func ShantenAfter(counts *tile.Counts, sh *[tile.NumKinds]int8, ban tile.KindSet) int8 {
	best := Banned
	for k := range tile.Kind(tile.NumKinds) {
		if counts[k] == 0 {
			continue
		}
		if ban.Has(k) {
			sh[k] = Banned
			continue
		}
		counts[k]--
		sh[k] = int8(hand.Shanten(counts))
		counts[k]++
		best = min(best, sh[k])
	}
	return best
}

// threatened reports whether an opponent is in riichi.
func (s *sim) threatened() bool { return s.facingRiichi(s.r.me) }

// threats marks in thr the opponents the seat treats as a threat
// (Threat), as it sees them: in riichi, its open melds (the root's and
// its calls since), and its P(tenpai) at the root. It reports whether any
// is.
func (s *sim) threats(thr *[game.NumSeats]bool) bool {
	any := false
	for j := range s.opp {
		if j == s.r.me {
			continue
		}
		o := &s.r.opp[j]
		thr[j] = Threat(s.oppRiichi[j], o.melds+s.oppCalls[j], o.pTenpai)
		any = any || thr[j]
	}
	return any
}

// Threat reports whether the rollout's seat may fold against an opponent
// (by SeatFolds) and weighs the danger of its discards against it: one in riichi, one with ThreatMelds open melds, or
// one the tenpai model holds tenpai with probability ThreatTenpai.
func Threat(riichi bool, openMelds int, pTenpai float64) bool {
	return riichi || openMelds >= ThreatMelds || pTenpai >= ThreatTenpai
}

// The thresholds of Threat, fitted on a training fold (docs/ENGINE.md,
// "The rollout").
var (
	ThreatMelds  = 2
	ThreatTenpai = 0.4
)

// HeuristicDiscard is the rollout heuristic's discard for seat me when
// it builds its hand, with the kinds counts in hand, sh the shanten after
// discarding each and best the lowest of them (ShantenAfter; kinds it
// marks Banned are never chosen): among the kinds that leave the lowest
// shanten, the least useful, safety against the seats marked in threats
// breaking ties when threatened (safe[j] the kinds safe against seat j:
// its river and, after its riichi, what passed it since; then honours,
// terminals, the rest). When it folds (SeatFolds) the seat plays
// SafestByReading instead.
func HeuristicDiscard(counts *tile.Counts, sh *[tile.NumKinds]int8, best int8, threats *[game.NumSeats]bool, safe *[game.NumSeats]tile.KindSet, me int, threat bool) tile.Kind {
	pick := tile.Kind(255)
	pickScore := 1 << 30
	for k := range tile.Kind(tile.NumKinds) {
		if counts[k] == 0 || sh[k] != best {
			continue
		}
		score := uselessness(counts, k)
		if threat {
			score += danger(threats, safe, me, k)
		}
		if score < pickScore {
			pick, pickScore = k, score
		}
	}
	return pick
}

// riichiWith reports whether the seat declares riichi with a discard that
// leaves shanten sh: tenpai, closed, 1,000 points to pay and four tiles
// left to draw.
func (s *sim) riichiWith(sh int8) bool {
	return !s.riichi && s.closed && sh == 0 && s.scores[s.r.me] >= 1000 && s.live >= 4
}

// uselessness scores how little a kind helps the hand: lower is discarded
// first. It counts the hand's tiles of the same kind and its neighbours
// (within two, same suit).
func uselessness(c *tile.Counts, k tile.Kind) int {
	u := 10 * int(c[k]-1)
	if k.IsHonor() {
		return u
	}
	n := k.Number()
	for d := -2; d <= 2; d++ {
		if d == 0 || n+d < 1 || n+d > 9 {
			continue
		}
		w := 3
		if d == -2 || d == 2 {
			w = 2
		}
		u += w * int(c[int(k)+d])
	}
	switch {
	case k.IsTerminal():
		return u // 1 less than a 2 or 8, 2 less than a middle tile
	case n == 2 || n == 8:
		return u + 1
	}
	return u + 2
}

// danger is how risky a kind is against the seats marked in threats but me: 0
// when safe against all of them.
func danger(threats *[game.NumSeats]bool, safe *[game.NumSeats]tile.KindSet, me int, k tile.Kind) int {
	d := 0
	for j := range threats {
		if j == me || !threats[j] || safe[j].Has(k) {
			continue
		}
		switch {
		case k.IsHonor():
			d++
		case k.IsTerminal():
			d += 2
		case k.Number() == 2 || k.Number() == 8:
			d += 3
		default:
			d += 4
		}
	}
	return d
}
