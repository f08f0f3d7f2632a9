package mc

import (
	"github.com/mjrank/mjrank/policy"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/hand"
	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// Call is a chi or pon the rollout's seat makes: the meld's type and the
// two kinds it takes from the hand beside the called tile.
type Call struct {
	Type score.MeldType
	A, B tile.Kind
}

// Yakuhai returns the kinds whose triplet is a yaku for a seat of wind
// seat in a round of wind round: the dragons, the two winds.
func Yakuhai(seat, round tile.Kind) tile.KindSet {
	return tile.KindSet(0).Add(seat).Add(round).Add(tile.Haku).Add(tile.Haku + 1).Add(tile.Haku + 2)
}

// PickTile returns a tile of kind k from ts: a plain one before the red
// five when plainFirst, else the red one first (NoTile when ts holds
// none).
func PickTile(ts []tile.Tile, k tile.Kind, plainFirst bool) tile.Tile {
	found := tile.NoTile
	for _, t := range ts {
		if t.Kind() != k {
			continue
		}
		if t.Red() != plainFirst {
			return t
		}
		found = t
	}
	return found
}

// CallHand is what the seat's call rule reads of its hand and table.
type CallHand struct {
	Counts  *tile.Counts // the concealed hand, 3n+1 tiles (not changed)
	Melds   []score.Meld // its melds
	Yakuhai tile.KindSet // the dragons, its seat wind and the round wind
	Threat  bool         // an opponent is in riichi
}

// ChooseCall is the hand-made call rule the rollout's seat plays without
// the rollout's call model (Lab.RuleCalls, or an engine without the
// decision models; learnedCall otherwise), on a discard of
// kind k (left: from the seat on its left, so a chi is allowed): among
// the pons and chis the hand can make, the one whose best discard after it
// (kuikae excluded) leaves the lowest shanten, if that is lower than the
// hand's shanten now in the normal form (four sets and a pair), the hand keeps a yaku in sight (a yakuhai triplet,
// all simples but one tile, or one suit and honours but one tile: an open
// hand without a yaku cannot win) and, against a riichi, the call makes
// the hand tenpai. A yakuhai pon is made at any shanten; any other call
// only when it leaves the hand at most maxCallShanten from tenpai (Houou
// players rarely open a far hand for tanyao or a flush).
func ChooseCall(h *CallHand, k tile.Kind, left bool) (Call, bool) {
	chi, ok := callable(h.Counts, k, left)
	if !ok {
		return Call{}, false
	}
	return chooseCall(h, k, chi)
}

// callable reports whether the hand c can pon a discard of kind k, or chi
// it (chi; left: it comes from the seat on the left). Most discards make
// no call possible: the call rules answer those before any shanten (they
// run on every discard of every rollout).
func callable(c *tile.Counts, k tile.Kind, left bool) (chi, ok bool) {
	n := k.Number()
	chi = left && !k.IsHonor() && (n >= 3 && c[k-2] > 0 && c[k-1] > 0 ||
		n >= 2 && n <= 8 && c[k-1] > 0 && c[k+1] > 0 || n <= 7 && c[k+1] > 0 && c[k+2] > 0)
	return chi, chi || c[k] >= 2
}

// learnedCall is the rollout's call model's choice (policy.RolloutCallModel)
// for the seat on tile t (left: discarded by the seat on its left): among
// the pons and chis the hand can make with a discard left after them
// (kuikae), the one the model gives the highest probability, if that is
// RolloutCallThreshold or more.
func (s *sim) learnedCall(t tile.Tile, left bool) (Call, bool) {
	k := t.Kind()
	chi, ok := callable(&s.counts, k, left)
	if !ok {
		return Call{}, false
	}
	r := s.r
	tb := s.callHand(left)
	best, bestP := Call{}, -1.0
	try := func(typ score.MeldType, a, b tile.Kind) {
		c := &s.counts
		if c[a] == 0 || c[b] == 0 || (a == b && c[a] < 2) || !discardLeft(c, typ, k, a, b) {
			return
		}
		m := score.Meld{Type: typ, Tiles: [4]tile.Tile{t, tile.Canonical(a, false), tile.Canonical(b, false)}}
		policy.RolloutCallFeatures(&tb, &s.ch, m, s.cx[:])
		p, err := r.rollCall.PredictOne(s.cx[:])
		if err == nil && p > bestP {
			best, bestP = Call{typ, a, b}, p
		}
	}
	eachCall(k, chi, try)
	return best, bestP >= RolloutCallThreshold
}

// eachCall calls try with each pon and, when chi, each chi of a discard of
// kind k, by the two kinds it takes from the hand (which may lack them).
func eachCall(k tile.Kind, chi bool, try func(typ score.MeldType, a, b tile.Kind)) {
	try(score.Pon, k, k)
	if !chi || k.IsHonor() {
		return
	}
	n := k.Number()
	if n >= 3 {
		try(score.Chi, k-2, k-1)
	}
	if n >= 2 && n <= 8 {
		try(score.Chi, k-1, k+1)
	}
	if n <= 7 {
		try(score.Chi, k+1, k+2)
	}
}

// RolloutCallThreshold is the rollout's call model's probability from
// which the seat calls in the rollout (and the rollout bot on a table).
// At the players' one half (policy.Choice.Take) the rollout's seat, whose
// hands are worse shaped than theirs, called too little and won less
// often; the lower threshold brings its wins nearer the players' and the
// predictions of deal-in and draw closer (training folds 1 and 2,
// docs/ENGINE.md).
const RolloutCallThreshold = 0.35

// callHand sets s.ch to the seat's hand as the rollout's call features
// read it (left: the discard comes from the seat on its left) and returns
// its table.
func (s *sim) callHand(left bool) policy.Table {
	s.ch = policy.CallHand{Counts: s.counts, Hand: s.hand[:s.n], Melds: s.melds[:s.nm], Dora: s.doraIndicators(),
		Yakuhai: s.r.yakuhai, Left: left}
	return s.table()
}

// discardLeft reports whether the hand c, after a call of type typ on kind
// k with a and b from it, keeps a tile the kuikae ban allows it to discard
// (Tenhou refuses the call otherwise).
func discardLeft(c *tile.Counts, typ score.MeldType, k, a, b tile.Kind) bool {
	ban := banOf(typ, k, a, b)
	for kk, n := range c {
		left := int(n) - b2i(tile.Kind(kk) == a) - b2i(tile.Kind(kk) == b)
		if left > 0 && !ban.Has(tile.Kind(kk)) {
			return true
		}
	}
	return false
}

// chooseCall is ChooseCall once a call is possible.
func chooseCall(h *CallHand, k tile.Kind, left bool) (Call, bool) {
	c := *h.Counts
	// Against the normal form only: an open hand has no seven pairs.
	now := int8(hand.ShantenNormal(&c))
	var best Call
	bestSh := now
	try := func(typ score.MeldType, a, b tile.Kind) {
		if c[a] == 0 || c[b] == 0 || (a == b && c[a] < 2) {
			return
		}
		c[a]--
		c[b]--
		defer func() { c[a]++; c[b]++ }()
		sh, ok := shantenAfterCall(&c, banOf(typ, k, a, b))
		yakuhaiPon := typ == score.Pon && h.Yakuhai.Has(k)
		if !ok || sh >= bestSh || (!yakuhaiPon && sh > maxCallShanten) || (h.Threat && sh > 0) {
			return
		}
		if !yakuhaiPon && !keepsYaku(&c, h.Melds, h.Yakuhai, typ, k, a) {
			return
		}
		best, bestSh = Call{typ, a, b}, sh
	}
	eachCall(k, left, try)
	return best, bestSh < now
}

// maxCallShanten is the farthest from tenpai a call but a yakuhai pon
// leaves the rollout's seat.
const maxCallShanten = 1

// banOf is the kuikae ban of a call of kind k with a and b from the hand
// (game.KuikaeBan's rule).
func banOf(typ score.MeldType, k, a, b tile.Kind) tile.KindSet {
	m := score.Meld{Type: typ, Tiles: [4]tile.Tile{tile.Canonical(k, false), tile.Canonical(a, false), tile.Canonical(b, false)}}
	return game.KuikaeBan(m)
}

// shantenAfterCall is the lowest shanten of the hand c (after the call, 3n+2
// tiles) over the discards the kuikae ban allows; ok is false when it
// allows none (Tenhou refuses such a call).
func shantenAfterCall(c *tile.Counts, ban tile.KindSet) (int8, bool) {
	var sh [tile.NumKinds]int8
	best := ShantenAfter(c, &sh, ban)
	return best, best != Banned
}

// keepsYaku reports whether the hand c with melds and the new meld (of
// type typ on kind k, lowest kind of the hand's part a) has a yaku in
// sight: a yakuhai triplet, all simples, or one suit with honours, each
// allowing one concealed tile off it (the next discard).
func keepsYaku(c *tile.Counts, melds []score.Meld, yakuhai tile.KindSet, typ score.MeldType, k, a tile.Kind) bool {
	low := min(k, a)
	if typ == score.Pon {
		low = k
	}
	meldSimple := func(typ score.MeldType, low tile.Kind) bool {
		if typ == score.Chi {
			return low.Number() >= 2 && low.Number() <= 6
		}
		return low.IsSimple()
	}
	simples := meldSimple(typ, low)
	suit, flush := low.Suit(), true
	if low.IsHonor() {
		suit = 3 // to be set by the first number tile
	}
	for _, m := range melds {
		mk := m.Kind()
		if m.Type != score.Chi && yakuhai.Has(mk) {
			return true
		}
		simples = simples && meldSimple(m.Type, mk)
		if !mk.IsHonor() {
			if suit == 3 {
				suit = mk.Suit()
			}
			flush = flush && mk.Suit() == suit
		}
	}
	offSimple := 0
	var perSuit [3]int
	for kk, n := range c {
		if n == 0 {
			continue
		}
		kind := tile.Kind(kk)
		if n >= 3 && yakuhai.Has(kind) {
			return true
		}
		if !kind.IsSimple() {
			offSimple += int(n)
		}
		if !kind.IsHonor() {
			perSuit[kind.Suit()] += int(n)
		}
	}
	if simples && offSimple <= 1 {
		return true
	}
	if !flush {
		return false
	}
	total := perSuit[0] + perSuit[1] + perSuit[2]
	if suit == 3 { // no number meld: the hand's main suit
		for s, n := range perSuit {
			if suit == 3 || n > perSuit[suit] {
				suit = tile.Suit(s)
			}
		}
	}
	return total-perSuit[suit] <= 1
}

// seatCall lets the seat chi or pon tile t, discarded by seat from and
// ronned by nobody, by the rollout's call model (learnedCall) or the rule
// (ChooseCall), unless Lab.NoSeatCalls, and then discard:
// the seats in between lose their turn. It reports whether the seat
// called.
func (s *sim) seatCall(from int, t tile.Tile) bool {
	r := s.r
	if !r.seatCalls || s.over || s.riichi || s.live == 0 || s.nm == score.MaxMelds {
		return false
	}
	// Three players never chi: no seat is "left" for a chi.
	left := r.np == 4 && from == (r.me+game.NumSeats-1)%game.NumSeats
	var c Call
	var ok bool
	if r.rollCall != nil {
		c, ok = s.learnedCall(t, left)
	} else {
		h := CallHand{Counts: &s.counts, Melds: s.melds[:s.nm], Yakuhai: r.yakuhai, Threat: s.threatened()}
		c, ok = ChooseCall(&h, t.Kind(), left)
	}
	if !ok {
		return false
	}
	a := s.pick(c.A, true)
	s.remove(a)
	b := s.pick(c.B, true)
	s.remove(b)
	m := score.Meld{Type: c.Type, Tiles: [4]tile.Tile{t, a, b}}
	if s.trace != nil {
		s.trace(tile.NoTile, false, m)
	}
	s.melds[s.nm] = m
	s.nm++
	s.closed = false
	s.ippatsu, s.firstGo = false, false
	s.ban = game.KuikaeBan(m)
	s.drawn, s.rinshan = tile.NoTile, false
	s.next = r.me
	s.ownTurn()
	return true
}
