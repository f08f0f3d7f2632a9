package policy

import (
	"slices"

	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/hand"
	"github.com/mjrank/mjrank/sim/tile"
)

// Schema versions the features: a model trained on another schema is
// refused.
const Schema = 2

// FeatureNames names the features of one candidate discard, in order.
var FeatureNames = []string{
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
const NumFeatures = 45

// Position is one seat's turn decision, gathered once; [Position.Features]
// then describes each discard. The zero value is ready for Reset; a
// Position is reused from decision to decision without allocating.
type Position struct {
	seat    int
	counts  tile.Counts // the seat's concealed hand
	seen    tile.Counts // what it sees outside its hand
	red     tile.Counts // red fives in the hand, by kind
	drawn   tile.Kind
	discard [14]hand.Discard
	nd      int
	best    hand.Discard
	before  int
	general [15]float64 // the features common to every candidate
	suits   [4]int      // concealed tiles per suit (honours last)
	ownSuit [4]int      // the seat's own discards per suit
	doraIn  int         // dora in the concealed hand, red fives included
	yakuhai tile.KindSet
	dora    tile.Counts // dora value of each kind
	riichi  []int       // opponents in riichi
	riiBuf  [3]int
	safeAll tile.KindSet // safe against every riichi opponent
	sujiCnt tile.Counts  // riichi opponents each kind is suji against
	rivers  tile.Counts  // opponents that discarded each kind
	danger  [tile.NumKinds]float64
	points  [tile.NumKinds]float64
	threat  tile.KindSet // safe against the opponent most likely tenpai
	waits   [tile.NumKinds]float64
	pub     opponent.Public
}

// Reset gathers the position of v's seat, whose turn it is, with the
// opponents' tenpai, wait and value predictions of m.
func (p *Position) Reset(v game.View, m *opponent.Models) {
	p.seat = v.Seat()
	p.resetHand(v)
	maxOpen, maxT := p.resetOpponents(v, m)
	p.resetGeneral(v, maxOpen, maxT)
}

// resetHand gathers the seat's own tiles: the hand, what it sees, the
// discards it could make, suits, yakuhai and dora.
func (p *Position) resetHand(v game.View) {
	seat := p.seat
	p.counts = v.Counts()
	p.seen = v.Visible()
	for k := range p.seen {
		p.seen[k] -= p.counts[k]
	}
	p.red = tile.Counts{}
	for _, t := range v.Hand() {
		if t.Red() {
			p.red[t.Kind()]++
		}
	}
	p.drawn = tile.NoKind
	if d := v.Drawn(); d != tile.NoTile {
		p.drawn = d.Kind()
	}
	ds := hand.Discards(&p.counts, &p.seen, p.discard[:0])
	// After a chi or pon the kuikae kinds may not be discarded: they are
	// no candidates, in training as in play.
	if ban := v.Kuikae(); ban != 0 {
		ds = slices.DeleteFunc(ds, func(d hand.Discard) bool { return ban.Has(d.Kind) })
	}
	p.nd = len(ds)
	if p.nd > 0 {
		p.best = ds[0]
	}
	p.before = hand.Shanten(&p.counts)
	p.suits, p.ownSuit = [4]int{}, [4]int{}
	for k, n := range p.counts {
		p.suits[tile.Kind(k).Suit()] += int(n)
	}
	for _, d := range v.River(seat) {
		p.ownSuit[d.Tile.Kind().Suit()]++
	}
	p.yakuhai = 0
	for k := range tile.Kind(tile.NumKinds) {
		if k.IsDragon() || k == v.SeatWind(seat) || k == v.RoundWind() {
			p.yakuhai = p.yakuhai.Add(k)
		}
	}
	p.dora = tile.Counts{}
	for _, t := range v.DoraIndicators() {
		p.dora[t.Kind().DoraFrom()]++
	}
	p.doraIn = 0
	for k, n := range p.counts {
		p.doraIn += int(n) * int(p.dora[k])
	}
	for _, n := range p.red {
		p.doraIn += int(n)
	}
}

// resetOpponents gathers, per kind, the danger of discarding it (from the
// opponent models) and its safety against riichi and the likeliest tenpai
// opponent; it returns the most open melds of an opponent and the highest
// P(tenpai).
func (p *Position) resetOpponents(v game.View, m *opponent.Models) (maxOpen int, maxT float64) {
	p.riichi = p.riiBuf[:0]
	p.safeAll = tile.KindSet(0)
	p.sujiCnt, p.rivers = tile.Counts{}, tile.Counts{}
	p.danger, p.points = [tile.NumKinds]float64{}, [tile.NumKinds]float64{}
	maxT = -1
	all := ^tile.KindSet(0)
	for s := range game.NumSeats {
		if s == p.seat {
			continue
		}
		p.pub.Reset(v, s)
		pt := 1.0
		if !v.InRiichi(s) {
			pt = m.Tenpai(&p.pub)
		}
		m.Waits(&p.pub, &p.waits)
		val := m.Value(&p.pub) / 1000
		var safe tile.KindSet
		for k := range tile.Kind(tile.NumKinds) {
			if p.pub.Genbutsu(k) || p.pub.Passed(k) {
				safe = safe.Add(k)
			}
			if p.pub.Genbutsu(k) {
				p.rivers[k]++
			}
			if !safe.Has(k) {
				p.danger[k] += pt * p.waits[k]
				p.points[k] += pt * p.waits[k] * val
			}
		}
		if v.InRiichi(s) {
			p.riichi = append(p.riichi, s)
			all &= safe
			for k := range tile.Kind(tile.NumKinds) {
				if p.pub.Suji(k) {
					p.sujiCnt[k]++
				}
			}
		}
		maxOpen = max(maxOpen, p.pub.OpenMelds())
		if pt > maxT {
			maxT, p.threat = pt, safe
		}
	}
	if len(p.riichi) > 0 {
		p.safeAll = all
	}
	return maxOpen, maxT
}

// resetGeneral fills the features common to every candidate: threats,
// turn, wall, the seat's melds, place and point gaps, round.
func (p *Position) resetGeneral(v game.View, maxOpen int, maxT float64) {
	seat := p.seat
	own := 0
	for _, m := range v.Melds(seat) {
		if m.Open() {
			own++
		}
	}
	place, above, below := standing(v) // points to the next seat up and down
	p.general = [15]float64{
		float64(len(p.riichi)), float64(maxOpen), float64(len(v.River(seat))), float64(v.LiveRemaining()),
		float64(own), b2f(v.Dealer() == seat), maxT, float64(p.before), float64(p.nd), float64(place),
		float64(above) / 1000, float64(below) / 1000, float64(v.RoundIndex()), float64(v.Honba() + v.Sticks()),
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
func (p *Position) Features(k tile.Kind, x []float64) {
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
			return int(p.counts[lo+tile.Kind(n-1)])
		}
		near1 = at(num-1) + at(num+1)
		near2 = at(num-2) + at(num+2)
	}
	share := 0.0
	if p.best.Count > 0 {
		share = float64(d.Count) / float64(p.best.Count)
	}
	c := p.counts
	c[k]--
	pairs := 0
	for _, n := range c {
		if n >= 2 {
			pairs++
		}
	}
	g := &p.general
	x[0], x[1], x[2], x[3], x[4] = float64(d.Shanten), float64(d.Shanten-p.best.Shanten), float64(d.Count), share, float64(rank)
	x[5], x[6], x[7], x[8], x[9] = b2f(k.IsHonor()), float64(num), float64(edge), float64(p.counts[k]), float64(p.seen[k])
	x[10], x[11], x[12], x[13], x[14] = float64(near1), float64(near2), b2f(p.yakuhai.Has(k)), float64(p.dora[k]), float64(p.red[k])
	x[15], x[16], x[17], x[18], x[19] = b2f(k == p.drawn), g[0], b2f(p.safeAll.Has(k)), float64(p.sujiCnt[k]), g[1]
	x[20], x[21], x[22], x[23], x[24] = float64(p.rivers[k]), g[2], g[3], g[4], g[5]
	x[25], x[26], x[27], x[28], x[29] = p.danger[k], p.points[k], g[6], b2f(p.threat.Has(k)), g[7]
	x[30], x[31], x[32], x[33] = g[8], g[9], float64(hand.ShantenChiitoitsu(&c)), float64(pairs)
	suit := k.Suit()
	yaochu, nearDora := 0, 0
	for j, n := range p.counts {
		if tile.Kind(j).IsTerminalOrHonor() {
			yaochu += int(n)
		}
	}
	if !k.IsHonor() {
		for j := max(int(k)-2, int(suit)*9); j <= min(int(k)+2, int(suit)*9+8); j++ {
			nearDora += int(p.dora[j])
		}
	}
	doraAfter := p.doraIn - int(p.dora[k])
	if p.red[k] > 0 && p.counts[k] == p.red[k] {
		doraAfter-- // only red fives of the kind left to discard
	}
	x[34], x[35], x[36], x[37], x[38] = float64(p.suits[suit]), float64(max(p.suits[0], p.suits[1], p.suits[2])), float64(p.suits[3]), float64(yaochu), float64(nearDora)
	x[39], x[40], x[41], x[42], x[43] = float64(doraAfter), float64(p.ownSuit[suit]), g[10], g[11], g[12]
	x[44] = g[13]
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
