package policy

import (
	"slices"

	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/hand"
	"github.com/mjrank/mjrank/sim/tile"
)

// Schema versions the features: a model trained on another schema is
// refused. Schema 3 adds LookaheadFeatureNames after the 45 of schema 2,
// schema 4 ValueFeatureNames after those.
const Schema = 4

// FeatureNames names the features of one candidate discard, in order.
var FeatureNames = slices.Concat(baseFeatureNames, LookaheadFeatureNames, ValueFeatureNames)

// baseFeatureNames are the features of schema 2.
var baseFeatureNames = []string{
	"shanten_after", "shanten_loss", "ukeire_after", "ukeire_share", "ukeire_rank",
	"honor", "number", "edge_distance", "in_hand", "seen",
	"near1", "near2", "yakuhai", "dora", "red",
	"drawn", "riichi_opponents", "safe_vs_riichi", "suji_vs_riichi", "max_open_melds",
	"in_rivers", "turn", "live", "own_open_melds", "dealer",
	"danger", "danger_points", "max_tenpai", "safe_vs_threat", "shanten_before",
	"candidates", "place", "chiitoi_after", "pairs_after",
	"suit_in_hand", "max_suit", "honors_in_hand", "yaochu_in_hand", "near_dora",
	"dora_after", "own_river_suit", "gap_above", "gap_below", "round", "honba_sticks",
}

// NumFeatures is len(FeatureNames).
const NumFeatures = numBaseFeatures + numLookahead + numValue

const numBaseFeatures = 45

// Position is one seat's turn decision, gathered once; [Position.Features]
// then describes each discard. The zero value is ready for Reset; a
// Position is reused from decision to decision without allocating.
type Position struct {
	in      Inputs
	discard [14]hand.Discard
	nd      int
	best    hand.Discard
	before  int
	general [15]float64  // the features common to every candidate
	suits   [4]int       // concealed tiles per suit (honours last)
	doraIn  int          // dora in the concealed hand, red fives included
	nRiichi int          // opponents in riichi
	safeAll tile.KindSet // safe against every riichi opponent
	sujiCnt tile.Counts  // riichi opponents each kind is suji against
	rivers  tile.Counts  // opponents that discarded each kind
	danger  [tile.NumKinds]float64
	points  [tile.NumKinds]float64
	threat  tile.KindSet // safe against the opponent most likely tenpai
	waits   [game.NumSeats - 1][tile.NumKinds]float64
	pub     opponent.Public

	meldsSimple float64 // deriveMelds
	meldSuit    int

	aheadDone bool          // ahead is computed
	ahead     [14]lookahead // by candidate, as discard
	// aheadOnly, when not empty, are the candidates whose look-ahead
	// figures deriveLookahead computes (the others' are 0): BestScreened.
	aheadOnly tile.KindSet
}

// Reset gathers the position of v's seat, whose turn it is, with the
// opponents' tenpai, wait and value predictions of m.
func (p *Position) Reset(v game.View, m *opponent.Models) {
	p.inputsOf(v, m)
	p.derive()
}

// Inputs returns what p was computed from (valid until p is reset).
func (p *Position) Inputs() *Inputs { return &p.in }

// ResetInputs sets the position from in (copied; its Waits arrays are
// read, not copied, and must not change while p is used).
func (p *Position) ResetInputs(in *Inputs) {
	p.in = *in
	p.derive()
}

// derive computes from p.in what every candidate's features share.
func (p *Position) derive() {
	p.aheadDone, p.aheadOnly = false, 0
	p.deriveHand()
	maxOpen, maxT := p.deriveOpponents()
	p.deriveGeneral(maxOpen, maxT)
	p.deriveMelds()
}

// deriveHand: the discards the seat could make (tile efficiency first),
// its shanten, suits and dora.
func (p *Position) deriveHand() {
	in := &p.in
	ds := hand.Discards(&in.Counts, &in.Seen, p.discard[:0])
	// After a chi or pon the kuikae kinds may not be discarded: they are
	// no candidates, in training as in play.
	if ban := in.Kuikae; ban != 0 {
		ds = slices.DeleteFunc(ds, func(d hand.Discard) bool { return ban.Has(d.Kind) })
	}
	p.nd = len(ds)
	if p.nd > 0 {
		p.best = ds[0]
	}
	p.before = hand.Shanten(&in.Counts)
	p.suits = [4]int{}
	for k, n := range in.Counts {
		p.suits[tile.Kind(k).Suit()] += int(n)
	}
	p.doraIn = 0
	for k, n := range in.Counts {
		p.doraIn += int(n) * int(in.Dora[k])
	}
	for _, n := range in.Red {
		p.doraIn += int(n)
	}
}

// deriveOpponents gathers, per kind, the danger of discarding it (from the
// opponents' predictions) and its safety against riichi and the likeliest
// tenpai opponent; it returns the most open melds of an opponent and the
// highest P(tenpai).
func (p *Position) deriveOpponents() (maxOpen int, maxT float64) {
	p.nRiichi = 0
	p.safeAll = tile.KindSet(0)
	p.sujiCnt, p.rivers = tile.Counts{}, tile.Counts{}
	p.danger, p.points = [tile.NumKinds]float64{}, [tile.NumKinds]float64{}
	maxT = -1
	all := ^tile.KindSet(0)
	for i := range p.in.Opp {
		o := &p.in.Opp[i]
		for k := range tile.Kind(tile.NumKinds) {
			if o.River.Has(k) {
				p.rivers[k]++
			}
			if !o.Safe.Has(k) {
				p.danger[k] += o.Tenpai * o.Waits[k]
				p.points[k] += o.Tenpai * o.Waits[k] * o.Value
			}
		}
		if o.Riichi {
			p.nRiichi++
			all &= o.Safe
			for k := range tile.Kind(tile.NumKinds) {
				if o.Suji.Has(k) {
					p.sujiCnt[k]++
				}
			}
		}
		maxOpen = max(maxOpen, o.OpenMelds)
		if o.Tenpai > maxT {
			maxT, p.threat = o.Tenpai, o.Safe
		}
	}
	if p.nRiichi > 0 {
		p.safeAll = all
	}
	return maxOpen, maxT
}

// deriveGeneral fills the features common to every candidate: threats,
// turn, wall, the seat's melds, place and point gaps, round.
func (p *Position) deriveGeneral(maxOpen int, maxT float64) {
	in := &p.in
	p.general = [15]float64{
		float64(p.nRiichi), float64(maxOpen), float64(in.OwnRiver), float64(in.Live),
		float64(in.OwnOpen), b2f(in.Dealer), maxT, float64(p.before), float64(p.nd), float64(in.Place),
		float64(in.Above) / 1000, float64(in.Below) / 1000, float64(in.Round), float64(in.HonbaSticks),
	}
}

// Kinds returns the kinds the seat may discard: one per distinct kind in
// its hand, best for tile efficiency first.
func (p *Position) Kinds(dst []tile.Kind) []tile.Kind {
	for _, d := range p.discard[:p.nd] {
		dst = append(dst, d.Kind)
	}
	return dst
}

// Features writes the NumFeatures features of discarding kind k, one of
// [Position.Kinds], into x.
func (p *Position) Features(k tile.Kind, x []float64) { p.features(k, x, true) }

// features is Features, with the look-ahead figures (ukeire2 …
// good_share) left 0 unless ahead.
func (p *Position) features(k tile.Kind, x []float64, ahead bool) {
	_ = x[NumFeatures-1]
	var d hand.Discard
	rank := 0
	for i, c := range p.discard[:p.nd] {
		if c.Kind == k {
			d, rank = c, i
		}
	}
	num, edge := 0, -1
	near1, near2 := 0, 0
	if !k.IsHonor() {
		num = k.Number()
		edge = min(num-1, 9-num)
		lo := k - tile.Kind(num-1)
		at := func(n int) int {
			if n < 1 || n > 9 {
				return 0
			}
			return int(p.in.Counts[lo+tile.Kind(n-1)])
		}
		near1 = at(num-1) + at(num+1)
		near2 = at(num-2) + at(num+2)
	}
	share := 0.0
	if p.best.Count > 0 {
		share = float64(d.Count) / float64(p.best.Count)
	}
	c := p.in.Counts
	c[k]--
	pairs := 0
	for _, n := range c {
		if n >= 2 {
			pairs++
		}
	}
	g := &p.general
	x[0], x[1], x[2], x[3], x[4] = float64(d.Shanten), float64(d.Shanten-p.best.Shanten), float64(d.Count), share, float64(rank)
	x[5], x[6], x[7], x[8], x[9] = b2f(k.IsHonor()), float64(num), float64(edge), float64(p.in.Counts[k]), float64(p.in.Seen[k])
	x[10], x[11], x[12], x[13], x[14] = float64(near1), float64(near2), b2f(p.in.Yakuhai.Has(k)), float64(p.in.Dora[k]), float64(p.in.Red[k])
	x[15], x[16], x[17], x[18], x[19] = b2f(k == p.in.Drawn), g[0], b2f(p.safeAll.Has(k)), float64(p.sujiCnt[k]), g[1]
	x[20], x[21], x[22], x[23], x[24] = float64(p.rivers[k]), g[2], g[3], g[4], g[5]
	x[25], x[26], x[27], x[28], x[29] = p.danger[k], p.points[k], g[6], b2f(p.threat.Has(k)), g[7]
	x[30], x[31], x[32], x[33] = g[8], g[9], float64(hand.ShantenChiitoitsu(&c)), float64(pairs)
	suit := k.Suit()
	yaochu, nearDora := 0, 0
	for j, n := range p.in.Counts {
		if tile.Kind(j).IsTerminalOrHonor() {
			yaochu += int(n)
		}
	}
	if !k.IsHonor() {
		for j := max(int(k)-2, int(suit)*9); j <= min(int(k)+2, int(suit)*9+8); j++ {
			nearDora += int(p.in.Dora[j])
		}
	}
	doraAfter := p.doraIn - int(p.in.Dora[k])
	if p.in.Red[k] > 0 && p.in.Counts[k] == p.in.Red[k] {
		doraAfter-- // only red fives of the kind left to discard
	}
	x[34], x[35], x[36], x[37], x[38] = float64(p.suits[suit]), float64(max(p.suits[0], p.suits[1], p.suits[2])), float64(p.suits[3]), float64(yaochu), float64(nearDora)
	x[39], x[40], x[41], x[42], x[43] = float64(doraAfter), float64(p.in.OwnRiverSuits[suit]), g[10], g[11], g[12]
	x[44] = g[13]
	p.lookaheadFeatures(rank, k, x[numBaseFeatures:], ahead)
	p.valueFeatures(rank, k, x[numBaseFeatures+numLookahead:])
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
