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
const (
	numExtraPos  = 3
	numExtraKind = 18
)

// fillExtra computes the schema 4 features (after fillShapes).
func (p *Public) fillExtra() {
	unseen, dead, deadTe := p.deadKinds()
	var suitTe [4]float64
	sumTe, maxTe, liveTe := 0.0, 0.0, 0
	for k := range p.shapes {
		v := p.shapes[k][7]
		suitTe[tile.Kind(k).Suit()] += v
		sumTe += v
		maxTe = max(maxTe, v)
		if v > 0 {
			liveTe++
		}
	}
	open, chi, ponkan, yakuhaiMeld := 0, false, 0, false
	allSimple, suits := true, 0
	for _, m := range p.melds {
		if !m.Open() {
			continue
		}
		open++
		if m.Type == score.Chi {
			chi = true
		} else {
			ponkan++
			if p.yakuhai.Has(m.Kind()) {
				yakuhaiMeld = true
			}
		}
		for _, t := range m.TilesSlice() {
			kk := t.Kind()
			if !kk.IsSimple() {
				allSimple = false
			}
			if !kk.IsHonor() {
				suits |= 1 << kk.Suit()
			}
		}
	}
	toitoi := -1.0
	if open > 0 {
		toitoi = float64(ponkan)
		if chi {
			toitoi = 0
		}
	}
	oneSuit := -1 // the open melds' one suit, 3 for honours only, -1 none or mixed
	if open > 0 {
		switch suits {
		case 0:
			oneSuit = 3
		case 1:
			oneSuit = 0
		case 2:
			oneSuit = 1
		case 4:
			oneSuit = 2
		}
	}
	p.extraPos = [numExtraPos]float64{float64(13 - 3*len(p.melds)), toitoi, float64(liveTe)}

	for k := range tile.NumKinds {
		kk := tile.Kind(k)
		e := &p.extra[k]
		sh := &p.shapes[k]
		su := kk.Suit()
		honor := kk.IsHonor()
		n := 0
		if !honor {
			n = kk.Number()
		}
		// rel is k+d in k's suit, ok false off the suit or for an honour.
		rel := func(d int) (int, bool) {
			if honor || n+d < 1 || n+d > 9 {
				return 0, false
			}
			return k + d, true
		}
		// shape counts the shape a,b waiting on k (and on other, -1 none)
		// unless a wait is in dd.
		shape := func(a, b, other int, dd tile.KindSet) float64 {
			if dd.Has(kk) || (other >= 0 && dd.Has(tile.Kind(other))) {
				return 0
			}
			return unseen[a] * unseen[b]
		}
		lo, hi, ryanTe, kanTe, dora := -1.0, -1.0, -1.0, -1.0, 0.0
		if !honor {
			ryanTe = 0
			if n >= 4 {
				lo = shape(k-2, k-1, k-3, dead)
				ryanTe += shape(k-2, k-1, k-3, deadTe)
				if p.dora.Has(tile.Kind(k-2)) || p.dora.Has(tile.Kind(k-1)) {
					dora += lo
				}
			}
			if n <= 6 {
				hi = shape(k+1, k+2, k+3, dead)
				ryanTe += shape(k+1, k+2, k+3, deadTe)
				if p.dora.Has(tile.Kind(k+1)) || p.dora.Has(tile.Kind(k+2)) {
					dora += hi
				}
			}
			if n >= 2 && n <= 8 {
				kanTe = shape(k-1, k+1, -1, deadTe)
				if p.dora.Has(tile.Kind(k-1)) || p.dora.Has(tile.Kind(k+1)) {
					dora += shape(k-1, k+1, -1, dead)
				}
			}
			if n == 3 && (p.dora.Has(tile.Kind(k-2)) || p.dora.Has(tile.Kind(k-1))) {
				dora += sh[2]
			}
			if n == 7 && (p.dora.Has(tile.Kind(k+1)) || p.dora.Has(tile.Kind(k+2))) {
				dora += sh[2]
			}
		}
		if p.dora.Has(kk) {
			dora += sh[3] + sh[4]
		}
		pairTe := 0.0
		if !deadTe.Has(kk) {
			pairTe = unseen[k] * (unseen[k] - 1) / 2
		}
		te := func(d int) float64 {
			if j, ok := rel(d); ok {
				return p.shapes[j][7]
			}
			return -1
		}
		suitShare, maxRatio := 0.0, 0.0
		if sumTe > 0 {
			suitShare = suitTe[su] / sumTe
		}
		if maxTe > 0 {
			maxRatio = sh[7] / maxTe
		}
		firstAgo, lastAgo := -1.0, -1.0
		if p.otherFirst[k] >= 0 {
			firstAgo = float64(p.now - int(p.otherFirst[k]))
			lastAgo = float64(p.now - int(p.otherLast[k]))
		}
		doraDist := -1.0
		if honor {
			if p.dora.Has(kk) {
				doraDist = 0
			}
		} else {
			doraDist = 10
			for j := 1; j <= 9; j++ {
				if p.dora.Has(tile.Kind(int(su)*9 + j - 1)) {
					doraDist = min(doraDist, float64(max(j-n, n-j)))
				}
			}
		}
		fit := -1.0
		if open > 0 {
			switch {
			case yakuhaiMeld:
				fit = 1
			case p.yakuhai.Has(kk) && unseen[k] >= 2:
				fit = 2
			case allSimple && kk.IsSimple():
				fit = 3
			case oneSuit >= 0 && (honor || int(su) == oneSuit):
				fit = 4
			case !chi:
				fit = 5
			default:
				fit = 0
			}
		}
		match := -1.0
		if oneSuit >= 0 && oneSuit < 3 {
			switch {
			case honor:
				match = 2
			case int(su) == oneSuit:
				match = 1
			default:
				match = 0
			}
		}
		*e = [numExtraKind]float64{
			lo, hi, ryanTe, kanTe, pairTe,
			te(-3), te(3), te(-1), te(1), suitShare, maxRatio,
			firstAgo, lastAgo, float64(p.otherCount[k]),
			doraDist, dora,
			fit, match,
		}
	}
}
