package tenhou6

import (
	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/internal/kindlevel"
	"github.com/mjrank/mjrank/sim/tile"
)

// tenhou.net/6 gives each seat's draws and discards as two separate lists.
// Putting them back in play order is a search: the dealer draws first, each
// draw is followed by the same seat's next discard (or kan), and after a
// discard either a call at the head of another seat's draw list takes it —
// a chi only by the next seat, a pon or open kan by any seat, whose string
// names the discarder — or the next seat draws. Calls make the only
// choices: the same tile may be discarded twice before the caller's turn
// comes, and a chi and a pon may both fit one discard. The solver tries the
// calls first (pon and kan before chi) and the plain draw last, and backs up
// when a seat's lists run out of order: a seat asked to draw whose next item
// is a call, a discard of a tile the hand does not hold (hands are tracked
// by kind), a tsumogiri right after a call, or lists not all used up when
// the round must end. The round must end as its result says: a tsumo or
// kyuushu kyuuhai right after the winner's draw, a ron after a discard (or a
// kan, for chankan, or a kita, robbing the North) of the seat it names, the
// other draws after a discard. In a 3-player game the turn passes over
// seats 0..2, and a kita ("f44" in the discard list) is followed by the
// same seat's replacement draw, as a closed kan is.

// t6kind is the kind of one item of a draw or discard list.
type t6kind uint8

const (
	t6Tile      t6kind = iota // a tile (drawn, or discarded from the hand)
	t6Tsumogiri               // 60: the tile just drawn is discarded
	t6Zero                    // 0: the discard slot of a daiminkan
	t6Chi
	t6Pon
	t6Minkan // daiminkan
	t6Kakan
	t6Ankan
	t6Kita // "f44": a North set aside (3-player games), then a replacement draw
)

// t6item is one parsed list item.
type t6item struct {
	kind   t6kind
	riichi bool              // discard with "r"
	f      kindlevel.Face    // the tile; for a call the called tile, for a kakan the added tile
	own    [4]kindlevel.Face // the caller's own tiles: 2 (chi, pon), 3 (daiminkan), 4 (ankan)
	from   int8              // source seat of a chi, pon or daiminkan
}

func (it *t6item) isCall() bool { return it.kind >= t6Chi && it.kind <= t6Minkan }

// nOwn returns how many own tiles the item uses.
func (it *t6item) nOwn() int {
	switch it.kind {
	case t6Chi, t6Pon:
		return 2
	case t6Minkan:
		return 3
	case t6Ankan:
		return 4
	}
	return 0
}

// t6step is one step of the reconstructed order.
type t6step struct {
	draw bool // a draw-list item (draw or call); else a discard-list item
	seat int8
	item *t6item
	// for a discard: the face discarded and whether it is tsumogiri
	f         kindlevel.Face
	tsumogiri bool
}

// t6end says how the play ended, for the result check.
type t6end uint8

const (
	endAfterDraw    t6end = iota // the actor drew and did not discard
	endAfterDiscard              // after a discard
	endAfterKan                  // after a kakan, ankan or kita, before the replacement draw
)

// t6want is what the result requires of the end of play.
type t6want struct {
	any     bool // no result: any end
	draw    bool // a draw (ryuukyoku)
	dtype   data.RyuukyokuType
	winners []int8 // who of each win
	from    int8   // from of the wins
}

type t6solver struct {
	players int
	draws   [4][]t6item
	discs   [4][]t6item
	want    t6want
	steps   []t6step
	budget  int
}

type t6state struct {
	pd, pc   [4]int16
	cnt      [4][tile.NumKinds + 3]int8
	lastDraw [4]kindlevel.Face
	pons     [4]uint64 // kinds the seat has a pon of
	discSeat int8
	discFace kindlevel.Face
}

const (
	phDraw = iota
	phAfterDraw
	phAfterCall
	phClaim
	// Not phases: what a step returns when its branch of the search ends.
	phFail   // the lists do not fit this order
	phSolved // the whole round is placed
)

// solve finds the play order; hands are the starting faces.
func (s *t6solver) solve(hands [4][]kindlevel.Face, dealer int) bool {
	var st t6state
	for p := range s.players {
		for _, f := range hands[p] {
			if f.Valid() {
				st.cnt[p][f]++
			}
		}
		st.lastDraw[p] = kindlevel.NoFace
	}
	st.discSeat = -1
	s.budget = 200000
	return s.play(st, dealer, phDraw)
}

func (s *t6solver) next(p int) int { return (p + 1) % s.players }

// exhausted reports whether every list has been used up.
func (s *t6solver) exhausted(st *t6state) bool {
	for p := range s.players {
		if int(st.pd[p]) != len(s.draws[p]) || int(st.pc[p]) != len(s.discs[p]) {
			return false
		}
	}
	return true
}

// finish reports whether the play may end here.
func (s *t6solver) finish(st *t6state, how t6end, actor int) bool {
	if !s.exhausted(st) {
		return false
	}
	w := &s.want
	if w.any {
		return true
	}
	switch how {
	case endAfterDraw:
		if w.draw {
			return w.dtype == data.NineTerminals
		}
		return len(w.winners) == 1 && int(w.winners[0]) == actor && int(w.from) == actor
	case endAfterDiscard:
		if w.draw {
			return w.dtype != data.NineTerminals
		}
		return int(w.from) == actor && !w.hasWinner(actor)
	default: // after a kan: only a robbing win
		return !w.draw && int(w.from) == actor && !w.hasWinner(actor)
	}
}

func (w *t6want) hasWinner(p int) bool {
	for _, x := range w.winners {
		if int(x) == p {
			return true
		}
	}
	return false
}

// play runs from state st with actor in phase ph; it returns true once the
// whole round is placed (s.steps then holds the order).
func (s *t6solver) play(st t6state, actor, ph int) bool {
	for {
		s.budget--
		if s.budget < 0 {
			return false
		}
		switch ph {
		case phDraw:
			ph = s.draw(&st, actor)
		case phAfterDraw:
			ph = s.discardAfterDraw(&st, actor)
		case phAfterCall:
			ph = s.discardAfterCall(&st, actor)
		case phClaim:
			if ph = s.claim(&st, actor); ph == phDraw {
				actor = s.next(actor) // nobody called: the next seat draws
			}
		}
		switch ph {
		case phFail:
			return false
		case phSolved:
			return true
		}
	}
}

// verdict is the step of a branch that ends here: phSolved if the play may
// end, else phFail.
func verdict(ok bool) int {
	if ok {
		return phSolved
	}
	return phFail
}

// draw places actor's next draw, or, when its draw list is used up, ends
// the round after the last discard or kan.
func (s *t6solver) draw(st *t6state, actor int) int {
	if int(st.pd[actor]) == len(s.draws[actor]) {
		// Nobody draws: the round ended after the last discard or kan.
		if len(s.steps) > 0 {
			last := s.steps[len(s.steps)-1]
			how := endAfterDiscard
			if !last.draw && (last.item.kind == t6Kakan || last.item.kind == t6Ankan || last.item.kind == t6Kita) {
				how = endAfterKan
			}
			return verdict(s.finish(st, how, int(last.seat)))
		}
		return phFail
	}
	it := &s.draws[actor][st.pd[actor]]
	if it.kind != t6Tile {
		return phFail
	}
	st.pd[actor]++
	st.cnt[actor][it.f]++
	st.lastDraw[actor] = it.f
	s.steps = append(s.steps, t6step{draw: true, seat: int8(actor), item: it})
	return phAfterDraw
}

// discardAfterDraw places actor's next discard-list item after a draw: a
// discard, a kakan or an ankan; or ends the round after the draw.
func (s *t6solver) discardAfterDraw(st *t6state, actor int) int {
	if int(st.pc[actor]) == len(s.discs[actor]) {
		return verdict(s.finish(st, endAfterDraw, actor))
	}
	it := &s.discs[actor][st.pc[actor]]
	st.pc[actor]++
	switch it.kind {
	case t6Tile, t6Tsumogiri:
		f, tg := it.f, it.kind == t6Tsumogiri
		if tg {
			f = st.lastDraw[actor]
		}
		if f == kindlevel.NoFace || st.cnt[actor][f] == 0 {
			return phFail
		}
		st.cnt[actor][f]--
		st.lastDraw[actor] = kindlevel.NoFace
		st.discSeat, st.discFace = int8(actor), f
		s.steps = append(s.steps, t6step{seat: int8(actor), item: it, f: f, tsumogiri: tg})
		return phClaim
	case t6Kakan:
		k := it.f.Kind()
		if st.pons[actor]&(1<<k) == 0 || st.cnt[actor][it.f] == 0 {
			return phFail
		}
		st.cnt[actor][it.f]--
		st.pons[actor] &^= 1 << k
		st.lastDraw[actor] = kindlevel.NoFace
		s.steps = append(s.steps, t6step{seat: int8(actor), item: it})
		return phDraw // the replacement draw, unless robbed
	case t6Ankan:
		if !st.takeOwn(actor, it) {
			return phFail
		}
		st.lastDraw[actor] = kindlevel.NoFace
		s.steps = append(s.steps, t6step{seat: int8(actor), item: it})
		return phDraw
	case t6Kita:
		if st.cnt[actor][tile.North] == 0 {
			return phFail
		}
		st.cnt[actor][tile.North]--
		st.lastDraw[actor] = kindlevel.NoFace
		s.steps = append(s.steps, t6step{seat: int8(actor), item: it})
		return phDraw // the replacement draw, unless robbed
	}
	return phFail
}

// discardAfterCall places the discard that follows actor's chi or pon: a
// tile from the hand, without riichi.
func (s *t6solver) discardAfterCall(st *t6state, actor int) int {
	if int(st.pc[actor]) == len(s.discs[actor]) {
		return phFail
	}
	it := &s.discs[actor][st.pc[actor]]
	st.pc[actor]++
	if it.kind != t6Tile || it.riichi || st.cnt[actor][it.f] == 0 {
		return phFail
	}
	st.cnt[actor][it.f]--
	st.discSeat, st.discFace = int8(actor), it.f
	s.steps = append(s.steps, t6step{seat: int8(actor), item: it, f: it.f})
	return phClaim
}

// claim tries each call of another seat on actor's discard, pon and kan
// first, each in a branch of its own. It returns phSolved when one branch
// places the whole round, phDraw when none does (the next seat draws), or
// the end of the round when every list is used up.
func (s *t6solver) claim(st *t6state, actor int) int {
	if s.exhausted(st) {
		return verdict(s.finish(st, endAfterDiscard, actor))
	}
	for pass := range 2 {
		for q := range s.players {
			if q == actor || int(st.pd[q]) == len(s.draws[q]) {
				continue
			}
			it := &s.draws[q][st.pd[q]]
			if !it.isCall() || (it.kind == t6Chi) != (pass == 1) || int(it.from) != actor || it.f != st.discFace {
				continue
			}
			if s.tryCall(*st, q, it) {
				return phSolved
			}
		}
	}
	return phDraw
}

// tryCall plays seat q's call it on the discard from st on, and reports
// whether that places the whole round; if not, the steps are as before.
func (s *t6solver) tryCall(st t6state, q int, it *t6item) bool {
	if !st.takeOwn(q, it) {
		return false
	}
	st.pd[q]++
	st.lastDraw[q] = kindlevel.NoFace
	mark := len(s.steps)
	s.steps = append(s.steps, t6step{draw: true, seat: int8(q), item: it})
	nph := phAfterCall
	if it.kind == t6Pon {
		st.pons[q] |= 1 << it.f.Kind()
	}
	if it.kind == t6Minkan {
		// The discard slot holds a 0; then the replacement draw.
		if int(st.pc[q]) == len(s.discs[q]) || s.discs[q][st.pc[q]].kind != t6Zero {
			s.steps = s.steps[:mark]
			return false
		}
		s.steps = append(s.steps, t6step{seat: int8(q), item: &s.discs[q][st.pc[q]]})
		st.pc[q]++
		nph = phDraw
	}
	if s.play(st, q, nph) {
		return true
	}
	s.steps = s.steps[:mark]
	return false
}

// takeOwn removes a call's own tiles from seat p's counts.
func (st *t6state) takeOwn(p int, it *t6item) bool {
	c := st.cnt[p]
	for _, f := range it.own[:it.nOwn()] {
		if !f.Valid() || c[f] == 0 {
			return false
		}
		c[f]--
	}
	st.cnt[p] = c
	return true
}
