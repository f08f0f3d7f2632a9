package policy

import (
	"github.com/mjrank/mjrank/sim/tile"
)

// ValueFeatureNames name the features schema 4 adds, after the look-ahead
// ones: what a discard does to the hand's yaku and to its own river.
//
//   - at_m3, at_p3: the copies in hand of the kinds three below and above
//     (−1 off the suit, or for an honour);
//   - own_discarded: the seat has discarded the kind before;
//   - furiten_after: at tenpai after the discard, one of its waits is in
//     the seat's river or is the kind itself (a furiten tenpai);
//   - sanshoku_after: over the three-number runs, the most of the nine
//     kinds of a mixed triple run held (hand and melds) after the discard;
//   - ittsu_after: over the suits, the most of the nine kinds of a full
//     straight held after the discard;
//   - melds_simple: the seat's melds are all simples (1), not (0), or it has
//     none (−1): an open all-simples hand discards terminals and honours;
//   - off_meld_suit: every number tile of the seat's melds is of one suit
//     and the kind is a number tile of another (a flush hand's discard);
//     −1 without melds;
//   - safe_count: the opponents against whom the kind is safe (their
//     genbutsu, or passed after their riichi);
//   - own_suji: the seat has discarded the kind three below or above;
//   - triplets_after: the kinds held three or four times after the
//     discard (hand and melds);
//   - isolated: a single copy with nothing within two of it in its suit
//     (an honour: a single copy);
//   - flush_gap: the number tiles outside the hand's main suit after the
//     discard, melds included (how far a flush is);
//   - last_distance: from the seat's last discard to the kind in their
//     suit (0 the same kind; 10 another suit, an honour, or no discard).
var ValueFeatureNames = []string{
	"at_m3", "at_p3", "own_discarded", "furiten_after", "sanshoku_after", "ittsu_after",
	"melds_simple", "off_meld_suit", "safe_count",
	"own_suji", "triplets_after", "isolated", "flush_gap", "last_distance",
}

const numValue = 14

// valueFeatures writes the value features of candidate i (kind k) into x
// (len(ValueFeatureNames)).
func (p *Position) valueFeatures(i int, k tile.Kind, x []float64) {
	in := &p.in
	d := p.discard[i]
	furiten := false
	if d.Shanten == 0 {
		furiten = d.Tiles.Has(k) || d.Tiles&in.OwnRiverKinds != 0
	}
	held := in.Counts
	held[k]--
	for j, n := range in.OwnMelds {
		held[j] += n
	}
	sanshoku, ittsu := 0, 0
	for n := range 7 {
		c := 0
		for suit := range 3 {
			for m := n; m < n+3; m++ {
				if held[suit*9+m] > 0 {
					c++
				}
			}
		}
		sanshoku = max(sanshoku, c)
	}
	for suit := range 3 {
		c := 0
		for m := range 9 {
			if held[suit*9+m] > 0 {
				c++
			}
		}
		ittsu = max(ittsu, c)
	}
	safe := 0
	for _, o := range in.Opp {
		if o.Safe.Has(k) {
			safe++
		}
	}
	x[0], x[1], x[2], x[3] = copiesAt(&in.Counts, k, -3), copiesAt(&in.Counts, k, 3), b2f(in.OwnRiverKinds.Has(k)), b2f(furiten)
	x[4], x[5], x[6], x[7], x[8] = float64(sanshoku), float64(ittsu), p.meldsSimple, p.offMeldSuit(k), float64(safe)
	p.handFeatures(k, &held, x[9:])
}

// handFeatures writes own_suji … last_distance of kind k into x, held
// being the hand after discarding k, melds included.
func (p *Position) handFeatures(k tile.Kind, held *tile.Counts, x []float64) {
	in := &p.in
	ownSuji, isolated := false, in.Counts[k] == 1
	if !k.IsHonor() {
		num, lo := k.Number(), k-tile.Kind(k.Number()-1)
		for dn := -3; dn <= 3; dn++ {
			n := num + dn
			if n < 1 || n > 9 || dn == 0 {
				continue
			}
			j := lo + tile.Kind(n-1)
			if (dn == -3 || dn == 3) && in.OwnRiverKinds.Has(j) {
				ownSuji = true
			}
			if dn >= -2 && dn <= 2 && in.Counts[j] > 0 {
				isolated = false
			}
		}
	}
	triplets := 0
	var suits [3]int
	for j, n := range held {
		if n >= 3 {
			triplets++
		}
		if kj := tile.Kind(j); !kj.IsHonor() {
			suits[kj.Suit()] += int(n)
		}
	}
	gap := suits[0] + suits[1] + suits[2] - max(suits[0], suits[1], suits[2])
	last := 10
	if l := in.OwnLast; l != tile.NoKind && !l.IsHonor() && !k.IsHonor() && l.Suit() == k.Suit() {
		last = k.Number() - l.Number()
	} else if l == k {
		last = 0
	}
	x[0], x[1], x[2], x[3], x[4] = b2f(ownSuji), float64(triplets), b2f(isolated), float64(gap), float64(last)
}

// deriveMelds sets what every candidate's value features read of the
// seat's melds: whether they are all simples, and their one suit (or −1).
func (p *Position) deriveMelds() {
	p.meldsSimple, p.meldSuit = -1, -1
	simple, suit, found := true, -1, false
	for j, n := range p.in.OwnMelds {
		if n == 0 {
			continue
		}
		found = true
		k := tile.Kind(j)
		if k.IsTerminalOrHonor() {
			simple = false
		}
		if !k.IsHonor() {
			switch s := int(k.Suit()); {
			case suit == -1:
				suit = s
			case suit != s:
				suit = -2
			}
		}
	}
	if found {
		p.meldsSimple, p.meldSuit = b2f(simple), suit // suit −1: honours only, −2: mixed
	}
}

// offMeldSuit: −1 without melds; 1 if the melds' number tiles are of one
// suit and k is a number tile of another; 0 otherwise.
func (p *Position) offMeldSuit(k tile.Kind) float64 {
	switch {
	case p.meldsSimple < 0:
		return -1
	case p.meldSuit >= 0 && !k.IsHonor() && int(k.Suit()) != p.meldSuit:
		return 1
	}
	return 0
}
