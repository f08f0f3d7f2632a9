package opponent

import (
	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// Schema 4 of the wait features (fillExtra) adds, of the position:
//
//   - hand_tiles: the tiles in the opponent's hand, 13 − 3 × melds (1:
//     a single wait, tanki, is the only shape left);
//   - toitoi_signal: −1 without an open meld, 0 with a chi among them,
//     else the open pons and kans (all melds triplets: shanpon and tanki);
//   - live_kinds_te: the kinds with a live shape (the second total of
//     fillShapes above 0);
//
// and of candidate kind k (−1 where a shape or kind does not exist):
//
//   - the forms of fillShapes apart: the ryanmen below (k−2,k−1) and above
//     (k+1,k+2) k, and the ryanmen, kanchan and shanpon counts in which the
//     kinds passed since the opponent's last discard from the hand are
//     dead too;
//   - the second shape total of k−3 and k+3 (the other wait of a ryanmen
//     on k) and of k−1 and k+1, the share of k's suit in the sum of the
//     second totals, and k's second total over the largest of the 34;
//   - the other seats' discards of k: how many round turns ago the first
//     and the last came (−1 if none), and how many;
//   - the distance from k to the nearest dora of its suit (10 if none, −1
//     for an honour; 0 for an honour that is dora), and the live shapes on
//     k holding a dora (kept for their value);
//   - k_yaku_fit, for an open hand (−1 closed), the first yaku its melds
//     leave for a win on k: 1 a yakuhai triplet among the melds, 2 k a
//     yakuhai with two unseen copies (a shanpon), 3 tanyao (every meld and
//     k simple), 4 honitsu (every meld and k in one suit or honours), 5
//     toitoi (no chi), 0 none of these;
//   - k_meld_suit_match: −1 without open melds or with two suits among
//     them, 1 k in their one suit, 2 k an honour, 0 another suit.
const numExtraPos = 3

// The per-kind features of schema 4: their columns in Public.extra, in
// the order of the wait vector. "Te" shapes count the kinds passed since
// the opponent's last discard from the hand as dead too (deadTe).
const (
	extraRyanBelow  = iota // live ryanmen k−2,k−1
	extraRyanAbove         // live ryanmen k+1,k+2
	extraRyanTe            // live ryanmen on either side, Te
	extraKanchanTe         // live kanchan k−1,k+1, Te
	extraPairTe            // live shanpon pairs of k, Te
	extraTotalDown3        // second shape total of k−3
	extraTotalUp3          // of k+3
	extraTotalDown1        // of k−1
	extraTotalUp1          // of k+1
	extraSuitShare         // k's suit's share of the second totals' sum
	extraMaxRatio          // k's second total over the largest
	extraFirstAgo          // round turns since the other seats' first discard of k
	extraLastAgo           // and since their last
	extraOtherCount        // their discards of k
	extraDoraDist          // distance to the nearest dora of k's suit
	extraDoraShapes        // live shapes on k holding a dora
	extraYakuFit           // k_yaku_fit
	extraSuitMatch         // k_meld_suit_match
	numExtraKind
)

// fillExtra computes the schema 4 features (after fillShapes). Each
// helper fills its columns for all 34 kinds in a loop of its own: with
// the kind from the loop the compiler keeps the sums in registers and
// drops index checks, which a function per kind, called with the kind,
// keeps.
func (p *Public) fillExtra() {
	unseen, dead, deadTe := p.deadKinds()
	totals := p.shapeTotals()
	melds := p.openMeldSummary()
	p.extraPos = [numExtraPos]float64{
		float64(13 - 3*len(p.melds)), // hand_tiles
		melds.toitoiSignal(),
		float64(totals.live),
	}
	p.fillExtraShapes(&unseen, dead, deadTe)
	p.fillNeighbourTotals(&totals)
	p.fillOtherDiscards()
	p.fillDora(&unseen, dead)
	p.fillMeldFit(&melds, &unseen)
}

// liveShape counts the shape a,b waiting on k (and on other, -1 none):
// the product of their unseen copies, 0 if a wait is in dd.
func liveShape(unseen *[tile.NumKinds]float64, k tile.Kind, a, b, other int, dd tile.KindSet) float64 {
	if dd.Has(k) || (other >= 0 && dd.Has(tile.Kind(other))) {
		return 0
	}
	return unseen[a] * unseen[b]
}

// fillExtraShapes fills the ryanmen, kanchan and shanpon columns.
func (p *Public) fillExtraShapes(unseen *[tile.NumKinds]float64, dead, deadTe tile.KindSet) {
	for k := range tile.NumKinds {
		kk := tile.Kind(k)
		below, above, ryanTe, kanTe := -1.0, -1.0, -1.0, -1.0
		if !kk.IsHonor() {
			n := kk.Number()
			ryanTe = 0
			if n >= 4 {
				below = liveShape(unseen, kk, k-2, k-1, k-3, dead)
				ryanTe += liveShape(unseen, kk, k-2, k-1, k-3, deadTe)
			}
			if n <= 6 {
				above = liveShape(unseen, kk, k+1, k+2, k+3, dead)
				ryanTe += liveShape(unseen, kk, k+1, k+2, k+3, deadTe)
			}
			if n >= 2 && n <= 8 {
				kanTe = liveShape(unseen, kk, k-1, k+1, -1, deadTe)
			}
		}
		pairTe := 0.0
		if !deadTe.Has(kk) {
			pairTe = unseen[k] * (unseen[k] - 1) / 2
		}
		e := &p.extra[k]
		e[extraRyanBelow], e[extraRyanAbove] = below, above
		e[extraRyanTe], e[extraKanchanTe], e[extraPairTe] = ryanTe, kanTe, pairTe
	}
}

// shapeTotals is the second shape total of fillShapes (shapes[k][7]) read
// across the kinds.
type shapeTotals struct {
	suit     [4]float64 // summed per suit (3 the honours)
	sum, max float64    // summed over, and the largest of, the 34 kinds
	live     int        // the kinds above 0
}

// shapeTotals sums the second shape totals in kind order (the order of the
// float additions the models were trained on).
func (p *Public) shapeTotals() shapeTotals {
	// Sums in locals: a struct holding an array stays in memory, and each
	// sum would wait on its last store.
	var suit [4]float64
	sum, maxTe, live := 0.0, 0.0, 0
	for k := range p.shapes {
		v := p.shapes[k][7]
		suit[tile.Kind(k).Suit()] += v
		sum += v
		maxTe = max(maxTe, v)
		if v > 0 {
			live++
		}
	}
	return shapeTotals{suit: suit, sum: sum, max: maxTe, live: live}
}

// fillNeighbourTotals fills the columns read from the second shape
// totals: those of k±3 and k±1 (−1 off k's suit), and k's against all.
func (p *Public) fillNeighbourTotals(t *shapeTotals) {
	for k := range tile.NumKinds {
		kk := tile.Kind(k)
		n := 0
		if !kk.IsHonor() {
			n = kk.Number()
		}
		// total returns the second total of k+d, -1 off the suit.
		total := func(d int) float64 {
			if n == 0 || n+d < 1 || n+d > 9 {
				return -1
			}
			return p.shapes[k+d][7]
		}
		suitShare, maxRatio := 0.0, 0.0
		if t.sum > 0 {
			suitShare = t.suit[kk.Suit()] / t.sum
		}
		if t.max > 0 {
			maxRatio = p.shapes[k][7] / t.max
		}
		e := &p.extra[k]
		e[extraTotalDown3], e[extraTotalUp3] = total(-3), total(3)
		e[extraTotalDown1], e[extraTotalUp1] = total(-1), total(1)
		e[extraSuitShare], e[extraMaxRatio] = suitShare, maxRatio
	}
}

// fillOtherDiscards fills the columns of the other seats' discards of k.
func (p *Public) fillOtherDiscards() {
	for k := range tile.NumKinds {
		firstAgo, lastAgo := -1.0, -1.0
		if p.otherFirst[k] >= 0 {
			firstAgo = float64(p.now - int(p.otherFirst[k]))
			lastAgo = float64(p.now - int(p.otherLast[k]))
		}
		e := &p.extra[k]
		e[extraFirstAgo], e[extraLastAgo] = firstAgo, lastAgo
		e[extraOtherCount] = float64(p.otherCount[k])
	}
}

// fillDora fills the dora columns: the distance to the nearest dora of
// k's suit, and the live shapes on k holding a dora (after
// fillExtraShapes, whose ryanmen it reads). The shapes add up in a fixed
// order, ryanmen below, above, kanchan, penchan, shanpon and tanki: the
// float sum must stay the one the models were trained on.
func (p *Public) fillDora(unseen *[tile.NumKinds]float64, dead tile.KindSet) {
	doras := p.dora
	for k := range tile.NumKinds {
		kk := tile.Kind(k)
		e := &p.extra[k]
		sh := &p.shapes[k]
		dist, shapes := -1.0, 0.0
		if kk.IsHonor() {
			if doras.Has(kk) {
				dist = 0
			}
		} else {
			n := kk.Number()
			dist = 10
			for j := 1; j <= 9; j++ {
				if doras.Has(tile.Kind(int(kk.Suit())*9 + j - 1)) {
					dist = min(dist, float64(max(j-n, n-j)))
				}
			}
			if n >= 4 && (doras.Has(kk-2) || doras.Has(kk-1)) {
				shapes += e[extraRyanBelow]
			}
			if n <= 6 && (doras.Has(kk+1) || doras.Has(kk+2)) {
				shapes += e[extraRyanAbove]
			}
			if n >= 2 && n <= 8 && (doras.Has(kk-1) || doras.Has(kk+1)) {
				shapes += liveShape(unseen, kk, k-1, k+1, -1, dead)
			}
			if n == 3 && (doras.Has(kk-2) || doras.Has(kk-1)) {
				shapes += sh[2]
			}
			if n == 7 && (doras.Has(kk+1) || doras.Has(kk+2)) {
				shapes += sh[2]
			}
		}
		if doras.Has(kk) {
			shapes += sh[3] + sh[4]
		}
		e[extraDoraDist], e[extraDoraShapes] = dist, shapes
	}
}

// openMelds is what the opponent's open melds say of the yaku its hand
// can still have (closed kans, showing no call, are left out).
type openMelds struct {
	open        int  // the open melds
	ponkan      int  // the open pons and kans among them
	chi         bool // a chi among them
	yakuhaiMeld bool // a yakuhai pon or kan among them
	allSimple   bool // every tile of them simple
	oneSuit     int  // their one suit, 3 for honours only, -1 none or mixed
}

// openMeldSummary summarises the opponent's open melds.
func (p *Public) openMeldSummary() openMelds {
	m := openMelds{allSimple: true, oneSuit: -1}
	suits := 0 // bit s: a tile of suit s
	for _, meld := range p.melds {
		if !meld.Open() {
			continue
		}
		m.open++
		if meld.Type == score.Chi {
			m.chi = true
		} else {
			m.ponkan++
			if p.yakuhai.Has(meld.Kind()) {
				m.yakuhaiMeld = true
			}
		}
		for _, t := range meld.TilesSlice() {
			k := t.Kind()
			if !k.IsSimple() {
				m.allSimple = false
			}
			if !k.IsHonor() {
				suits |= 1 << k.Suit()
			}
		}
	}
	if m.open > 0 {
		switch suits {
		case 0:
			m.oneSuit = 3
		case 1:
			m.oneSuit = 0
		case 2:
			m.oneSuit = 1
		case 4:
			m.oneSuit = 2
		}
	}
	return m
}

// toitoiSignal returns toitoi_signal: −1 without an open meld, 0 with a
// chi among them, else the open pons and kans.
func (m *openMelds) toitoiSignal() float64 {
	switch {
	case m.open == 0:
		return -1
	case m.chi:
		return 0
	}
	return float64(m.ponkan)
}

// fillMeldFit fills k_yaku_fit and k_meld_suit_match.
func (p *Public) fillMeldFit(m *openMelds, unseen *[tile.NumKinds]float64) {
	for k := range tile.NumKinds {
		kk := tile.Kind(k)
		e := &p.extra[k]
		e[extraYakuFit] = p.yakuFit(m, kk, unseen[k])
		e[extraSuitMatch] = m.suitMatch(kk)
	}
}

// yakuFit returns k_yaku_fit for kind k with u unseen copies: the first
// yaku, in the schema's order, the open melds leave for a win on k.
func (p *Public) yakuFit(m *openMelds, k tile.Kind, u float64) float64 {
	switch {
	case m.open == 0:
		return -1
	case m.yakuhaiMeld:
		return 1
	case p.yakuhai.Has(k) && u >= 2:
		return 2
	case m.allSimple && k.IsSimple():
		return 3
	case m.oneSuit >= 0 && (k.IsHonor() || int(k.Suit()) == m.oneSuit):
		return 4
	case !m.chi:
		return 5
	}
	return 0
}

// suitMatch returns k_meld_suit_match for kind k.
func (m *openMelds) suitMatch(k tile.Kind) float64 {
	switch {
	case m.oneSuit < 0 || m.oneSuit >= 3:
		return -1
	case k.IsHonor():
		return 2
	case int(k.Suit()) == m.oneSuit:
		return 1
	}
	return 0
}
