package policy

import (
	"github.com/mjrank/mjrank/sim/hand"
	"github.com/mjrank/mjrank/sim/tile"
)

// LookaheadFeatureNames name the features schema 3 adds, after the 45 of
// schema 2: what one draw after a discard brings, the danger against the
// likeliest opponent, and the shape around the kind:
//
//   - ukeire2: over the draws that lower the shanten, the unseen copies of
//     each times the tiles that then lower it again (after the best
//     discard): how fast the hand keeps going, not only how fast it
//     starts;
//   - ukeire2_share: ukeire2 over the best ukeire2 among the candidates of
//     the same shanten;
//   - improve: unseen tiles whose draw keeps the shanten but, after the best
//     discard, widens what lowers it;
//   - good_share: at one-shanten after the discard, the share of the
//     tiles that lower it whose tenpai (after the best discard) waits on two
//     kinds or more;
//   - wait_kinds: at tenpai after the discard, the kinds it waits on;
//   - max_danger: the highest, over the opponents, of P(tenpai) × P(it wins
//     on the kind), where danger sums them;
//   - danger_rank: how many candidates are safer (lower danger);
//   - at_m2 … at_p2: the copies in hand of the kinds two and one below and
//     above (−1 off the suit, or for an honour): the shape around it, which
//     near1 and near2 sum away;
//   - connect: the unseen tiles of the kind and of the kinds within two of
//     it in its suit (the kind alone for an honour): how much an isolated
//     tile can still grow into;
//   - dragon: an honour that is a dragon (yakuhai does not tell them from
//     the seat's and the round's winds);
//   - yaochu_after: terminals and honours left in hand after it.
var LookaheadFeatureNames = []string{
	"ukeire2", "ukeire2_share", "improve", "good_share", "wait_kinds", "max_danger", "danger_rank",
	"at_m2", "at_m1", "at_p1", "at_p2", "connect", "dragon", "yaochu_after",
}

const numLookahead = 14

// numAheadFigures: the first four look-ahead features (ukeire2,
// ukeire2_share, improve, good_share) need deriveLookahead, a draw and a
// best discard for every pair of candidate and unseen kind.
const numAheadFigures = 4

// AheadFigureNames name them: a model that splits on none of them is
// asked without their cost (the rollout's).
var AheadFigureNames = LookaheadFeatureNames[:numAheadFigures]

// lookahead is one candidate's look-ahead figures.
type lookahead struct {
	ukeire2, improve, good float64
}

// deriveLookahead fills p.ahead for every candidate, once per position.
func (p *Position) deriveLookahead() {
	if p.aheadDone {
		return
	}
	p.aheadDone = true
	in := &p.in
	for i, d := range p.discard[:p.nd] {
		if p.aheadOnly != 0 && !p.aheadOnly.Has(d.Kind) {
			p.ahead[i] = lookahead{}
			continue
		}
		w := in.Counts
		w[d.Kind]--
		vis := in.Seen
		vis[d.Kind]++
		a := lookahead{}
		for t := range tile.Kind(tile.NumKinds) {
			left := 4 - int(w[t]) - int(vis[t])
			// A draw that wins from tenpai adds to neither figure.
			if left <= 0 || d.Shanten == 0 && d.Tiles.Has(t) {
				continue
			}
			w[t]++
			b, ok := hand.BestDiscard(&w, &vis)
			w[t]--
			if !ok {
				continue
			}
			switch {
			case d.Tiles.Has(t):
				if d.Shanten >= 1 {
					a.ukeire2 += float64(left * b.Count)
				}
				if d.Shanten == 1 && b.Tiles.Len() >= 2 {
					a.good += float64(left)
				}
			case b.Shanten == d.Shanten && b.Count > d.Count:
				a.improve += float64(left)
			}
		}
		if d.Shanten == 1 && d.Count > 0 {
			a.good /= float64(d.Count)
		} else {
			a.good = 0
		}
		p.ahead[i] = a
	}
}

// lookaheadFeatures writes the look-ahead features of candidate i (kind k)
// into x (len(LookaheadFeatureNames)); the first numAheadFigures are 0
// unless ahead.
func (p *Position) lookaheadFeatures(i int, k tile.Kind, x []float64, ahead bool) {
	d := p.discard[i]
	var a lookahead
	share := 0.0
	if ahead {
		p.deriveLookahead()
		a = p.ahead[i]
		best := 0.0
		for j, e := range p.discard[:p.nd] {
			if e.Shanten == d.Shanten {
				best = max(best, p.ahead[j].ukeire2)
			}
		}
		if best > 0 {
			share = a.ukeire2 / best
		}
	}
	waits := 0
	if d.Shanten == 0 {
		waits = d.Tiles.Len()
	}
	maxD := 0.0
	for _, o := range p.in.Opp {
		if o.Waits != nil && !o.Safe.Has(k) {
			maxD = max(maxD, o.Tenpai*o.Waits[k])
		}
	}
	safer := 0
	for _, e := range p.discard[:p.nd] {
		if p.danger[e.Kind] < p.danger[k] {
			safer++
		}
	}
	x[0], x[1], x[2], x[3] = a.ukeire2, share, a.improve, a.good
	x[4], x[5], x[6] = float64(waits), maxD, float64(safer)
	p.shapeFeatures(k, x[7:])
}

// shapeFeatures writes at_m2 … yaochu_after of kind k into x.
func (p *Position) shapeFeatures(k tile.Kind, x []float64) {
	c := &p.in.Counts
	unseen := func(j tile.Kind) int { return max(0, 4-int(c[j])-int(p.in.Seen[j])) }
	connect := unseen(k)
	if !k.IsHonor() {
		num, lo := k.Number(), k-tile.Kind(k.Number()-1)
		for d := -2; d <= 2; d++ {
			if n := num + d; d != 0 && n >= 1 && n <= 9 {
				connect += unseen(lo + tile.Kind(n-1))
			}
		}
	}
	yaochu := 0
	for j, n := range c {
		if tile.Kind(j).IsTerminalOrHonor() {
			yaochu += int(n)
		}
	}
	if k.IsTerminalOrHonor() {
		yaochu--
	}
	x[0], x[1], x[2], x[3] = copiesAt(c, k, -2), copiesAt(c, k, -1), copiesAt(c, k, 1), copiesAt(c, k, 2)
	x[4], x[5], x[6] = float64(connect), b2f(k.IsDragon()), float64(yaochu)
}

// copiesAt returns the copies in c of the kind d numbers from k in its
// suit: −1 off the suit, or for an honour.
func copiesAt(c *tile.Counts, k tile.Kind, d int) float64 {
	if k.IsHonor() {
		return -1
	}
	n := k.Number() + d
	if n < 1 || n > 9 {
		return -1
	}
	return float64(c[int(k)+d])
}
