package bot

import (
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/hand"
	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// RuleBot is the Riichi variant of the rule-based bot algorithm
// (../shared/seeds/rule-based-bot-algorithm.txt):
//
//   - Closed or open: with an open meld it plays open; with a concealed
//     triplet, a closed kan or a live pair of yakuhai (dragons, seat or
//     round wind, a copy still unseen) it aims open; otherwise closed. A
//     closed hand never calls.
//   - Discard: the concealed tiles left over by a decomposition with the
//     most complete sets (chow, pong) are ranked by the document's
//     priorities — dead tiles, problem tiles, dead incomplete chows, dead
//     pairs when there are two or more, single number tiles, single
//     honours, minor tiles, incomplete chows, dead pairs, pairs — and the
//     first found goes; tiles of complete sets go last. An open hand whose
//     only yaku is a yakuhai pair never breaks that pair.
//   - Riichi whenever it may (with the discard it would make, else the
//     riichi discard it ranks first).
//   - Calls (open hand only): a chi or pon when the maximum number of
//     concealed sets stays the same without the tiles it uses; an open kan
//     also when it drops by one. Added and closed kans are always made.
//
// Ties within a priority go to efficiency (lower shanten, more ukeire),
// which the document leaves open. With three players (which the document
// does not know) it makes the kitas [kita] says before any kan.
type RuleBot struct {
	buf [14]hand.Discard
}

// Act implements game.Player.
func (b *RuleBot) Act(v game.View, legal []game.Action) game.Action {
	if a, ok := game.WinAction(legal); ok {
		return a
	}
	seat := v.Seat()
	c := v.Counts()
	vis := seen(v)
	if v.Phase() != game.PhaseTurn {
		if !b.aimOpen(v, &c, &vis) {
			return game.PassAction(legal)
		}
		before := maxSets(&c, false)
		for _, a := range legal {
			if a.Type != game.Chi && a.Type != game.Pon && a.Type != game.Daiminkan {
				continue
			}
			after := c
			for _, x := range a.Meld.TilesSlice()[1:] {
				after[x.Kind()]--
			}
			n := maxSets(&after, false)
			if n == before || (a.Type == game.Daiminkan && n == before-1) {
				return a
			}
		}
		return game.PassAction(legal)
	}
	if a, ok := kita(v, legal, b.buf[:0]); ok {
		return a
	}
	if a, ok := game.FindAction(legal, game.Kakan); ok {
		return a
	}
	if a, ok := game.FindAction(legal, game.Ankan); ok {
		return a
	}
	drawn := v.Drawn()
	if v.InRiichi(seat) {
		if a, ok := game.DiscardAction(legal, game.Discard, drawn.Kind(), drawn); ok {
			return a
		}
	}
	ds := hand.Discards(&c, &vis, b.buf[:0])
	var prio [tile.NumKinds]int
	b.priorities(v, &c, &vis, &prio)
	pick := func(t game.ActionType) (game.Action, bool) {
		best, bestP, found := game.Action{}, 1<<30, false
		for _, d := range ds {
			a, ok := game.DiscardAction(legal, t, d.Kind, drawn)
			if ok && prio[d.Kind] < bestP {
				best, bestP, found = a, prio[d.Kind], true
			}
		}
		return best, found
	}
	if a, ok := pick(game.Riichi); ok {
		return a
	}
	if a, ok := pick(game.Discard); ok {
		return a
	}
	return legal[0]
}

// aimOpen is the document's closed/open decision.
func (b *RuleBot) aimOpen(v game.View, c, vis *tile.Counts) bool {
	seat := v.Seat()
	for _, m := range v.Melds(seat) {
		if m.Open() || m.Type == score.Ankan {
			return true
		}
	}
	for k, n := range c {
		kind := tile.Kind(k)
		if n >= 3 || (n == 2 && yakuhai(v, seat, kind) && int(n)+int(vis[k]) < 4) {
			return true
		}
	}
	return false
}

// The discard priorities, first discarded first.
const (
	prioDead = iota
	prioProblem
	prioDeadChow
	prioDeadPairs // a dead pair when the hand holds more than one
	prioSingle
	prioSingleHonor
	prioMinor
	prioChow
	prioDeadPair
	prioPair
	prioSet  // part of a complete set
	prioKeep // the only yakuhai pair of an open hand
)

// priorities ranks every kind in c.
func (b *RuleBot) priorities(v game.View, c, vis *tile.Counts, prio *[tile.NumKinds]int) {
	h := prioHand{c: c, vis: vis, left: leftover(c)}
	for k := range h.left {
		if h.left[k] == 2 && h.live(k) == 0 {
			h.deadPairs++
		}
	}
	h.combos = maxSets(c, true)
	for k := range c {
		if c[k] > 0 {
			prio[k] = h.priority(k)
		}
	}
	keepYakuhaiPair(v, c, prio)
}

// prioHand is the hand whose kinds priorities ranks.
type prioHand struct {
	c, vis    *tile.Counts
	left      tile.Counts // the tiles outside the complete sets (leftover)
	deadPairs int         // left-over pairs of which no copy is unseen
	combos    int         // maxSets(c, true)
}

// live returns the unseen copies of kind k.
func (h *prioHand) live(k int) int { return max(0, 4-int(h.c[k])-int(h.vis[k])) }

func (h *prioHand) have(k int) bool { return h.c[k] > 0 }

// avail reports whether a tile of kind k is held or may still come.
func (h *prioHand) avail(k int) bool { return h.c[k] > 0 || h.live(k) > 0 }

// near reports whether the hand holds the number tile d away from number
// kind k, in its suit.
func (h *prioHand) near(k, d int) bool {
	n := k % 9
	return !tile.Kind(k).IsHonor() && n+d >= 0 && n+d <= 8 && h.have(k+d)
}

// priority returns the priority of a kind the hand holds.
func (h *prioHand) priority(k int) int {
	left := h.left[k]
	if left == 0 {
		return prioSet
	}
	num := !tile.Kind(k).IsHonor()
	seqOK := num && h.seqOK(k)
	partner := h.near(k, -2) || h.near(k, -1) || h.near(k, 1) || h.near(k, 2)
	single := left == 1 && (!num || !partner)
	chow := left == 1 && partner
	deadChow := chow && h.deadChow(k)
	w := *h.c
	w[k]--
	minor := num && maxSets(&w, true) == h.combos
	switch {
	case left == 1 && h.live(k) == 0 && !seqOK:
		return prioDead
	case left == 1 && ((!num && h.vis[k] >= 1) || (num && !seqOK)):
		return prioProblem
	case deadChow:
		return prioDeadChow
	case left >= 2 && h.live(k) == 0 && h.deadPairs > 1:
		return prioDeadPairs
	case single && num:
		return prioSingle
	case single:
		return prioSingleHonor
	case minor:
		return prioMinor
	case chow:
		return prioChow
	case left >= 2 && h.live(k) == 0:
		return prioDeadPair
	case left >= 2:
		return prioPair
	}
	return prioSet
}

// seqOK reports whether a sequence could still hold number kind k: one
// whose other two tiles are each held or still unseen.
func (h *prioHand) seqOK(k int) bool {
	n := k % 9
	ok := false
	for lo := n - 2; lo <= n; lo++ {
		if lo < 0 || lo+2 > 8 {
			continue
		}
		all := true
		for x := lo; x <= lo+2; x++ {
			if x != n && !h.avail(k-n+x) {
				all = false
			}
		}
		ok = ok || all
	}
	return ok
}

// deadChow reports whether every incomplete chow that kind k belongs to
// cannot be completed: no tile that would complete one is held or unseen.
func (h *prioHand) deadChow(k int) bool {
	n := k % 9
	dead := true
	for d := -2; d <= 2; d++ {
		if d == 0 || !h.near(k, d) {
			continue
		}
		lo, hi := min(n, n+d), max(n, n+d)
		var need [2]int
		m := 0
		if hi-lo == 1 {
			if lo > 0 {
				need[m] = k - n + lo - 1
				m++
			}
			if hi < 8 {
				need[m] = k - n + hi + 1
				m++
			}
		} else {
			need[m] = k - n + lo + 1
			m++
		}
		for _, x := range need[:m] {
			if h.avail(x) {
				dead = false
			}
		}
	}
	return dead
}

// keepYakuhaiPair marks the yakuhai pairs prioKeep when they are an open
// hand's only possible yaku: no yakuhai meld or triplet.
func keepYakuhaiPair(v game.View, c *tile.Counts, prio *[tile.NumKinds]int) {
	seat := v.Seat()
	if !openHand(v, seat) {
		return
	}
	for _, m := range v.Melds(seat) {
		if m.Type != score.Chi && yakuhai(v, seat, m.Tiles[0].Kind()) {
			return
		}
	}
	for k, n := range c {
		if n >= 3 && yakuhai(v, seat, tile.Kind(k)) {
			return
		}
	}
	for k, n := range c {
		if n == 2 && yakuhai(v, seat, tile.Kind(k)) {
			prio[k] = prioKeep
		}
	}
}

// maxSets returns the most complete sets (pongs and chows; with pairs
// also pairs) that c can be split into.
func maxSets(c *tile.Counts, pairs bool) int {
	w := *c
	return maxSetsFrom(&w, 0, pairs)
}

func maxSetsFrom(c *tile.Counts, k int, pairs bool) int {
	for k < tile.NumKinds && c[k] == 0 {
		k++
	}
	if k >= tile.NumKinds {
		return 0
	}
	// Leave one copy of k out of every set.
	c[k]--
	best := maxSetsFrom(c, k, pairs)
	c[k]++
	if c[k] >= 3 {
		c[k] -= 3
		best = max(best, 1+maxSetsFrom(c, k, pairs))
		c[k] += 3
	}
	if pairs && c[k] >= 2 {
		c[k] -= 2
		best = max(best, 1+maxSetsFrom(c, k, pairs))
		c[k] += 2
	}
	if k < int(tile.East) && k%9 <= 6 && c[k+1] > 0 && c[k+2] > 0 {
		c[k]--
		c[k+1]--
		c[k+2]--
		best = max(best, 1+maxSetsFrom(c, k, pairs))
		c[k]++
		c[k+1]++
		c[k+2]++
	}
	return best
}

// leftover returns the tiles of c outside the complete sets of a
// decomposition with the most sets (of those, the one leaving the most
// pairs and partial chows).
func leftover(c *tile.Counts) tile.Counts {
	w := *c
	var cur, best tile.Counts
	bestSets, bestShape := -1, -1
	var rec func(k, sets int)
	rec = func(k, sets int) {
		for k < tile.NumKinds && w[k] == 0 {
			k++
		}
		if k >= tile.NumKinds {
			shape := shapeScore(&cur)
			if sets > bestSets || (sets == bestSets && shape > bestShape) {
				best, bestSets, bestShape = cur, sets, shape
			}
			return
		}
		if w[k] >= 3 {
			w[k] -= 3
			rec(k, sets+1)
			w[k] += 3
		}
		if k < int(tile.East) && k%9 <= 6 && w[k+1] > 0 && w[k+2] > 0 {
			w[k]--
			w[k+1]--
			w[k+2]--
			rec(k, sets+1)
			w[k]++
			w[k+1]++
			w[k+2]++
		}
		w[k]--
		cur[k]++
		rec(k, sets)
		cur[k]--
		w[k]++
	}
	rec(0, 0)
	return best
}

// shapeScore counts pairs and partial chows among leftover tiles.
func shapeScore(c *tile.Counts) int {
	n := 0
	for k, x := range c {
		if x >= 2 {
			n++
		}
		if k < int(tile.East) && x > 0 {
			if k%9 <= 7 && c[k+1] > 0 {
				n++
			}
			if k%9 <= 6 && c[k+2] > 0 {
				n++
			}
		}
	}
	return n
}
