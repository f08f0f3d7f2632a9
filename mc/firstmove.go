package mc

import (
	"github.com/mjrank/mjrank/policy"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// apply plays the candidate's first move in the simulation.
func (s *sim) apply(c *Candidate, models bool) {
	r := s.r
	a := c.Action
	switch a.Type {
	case game.Discard, game.Riichi:
		s.discard(a.Tile, a.Type == game.Riichi)
	case game.Tsumo:
		s.drawn = r.drawn
		if !s.tryTsumo() {
			// Not a win after all (cannot happen for a legal tsumo): play on.
			s.ownTurn()
		}
	case game.KyuushuKyuuhai:
		s.end(game.NineTerminals, true)
	case game.Ankan:
		s.applyAnkan(a.Tile.Kind())
	case game.Kakan:
		s.applyKakan(a.Tile)
	case game.Pass:
		s.applyPass()
	case game.Ron:
		s.applyRon()
	case game.Chi, game.Pon, game.Daiminkan:
		s.applyCall(a.Meld, c.Discard)
	case game.Kita:
		s.drawn = r.drawn
		s.setNorthAside(a.Tile)
	}
}

// applyAnkan: the seat's closed kan of kind k, then its replacement draw.
func (s *sim) applyAnkan(k tile.Kind) {
	// The meld holds the four tiles of the kind (a meld of one tile and
	// three zero ids made every later win of the seat fail to score).
	m := score.Meld{Type: score.Ankan}
	i := 0
	for _, t := range s.hand[:s.n] {
		if t.Kind() == k && i < len(m.Tiles) {
			m.Tiles[i] = t
			i++
		}
	}
	for _, t := range m.Tiles[:i] {
		s.remove(t)
	}
	s.seenAdd[k] += 4
	s.addMeld(m)
	s.kanDora(true)
	s.kanDraw()
}

// applyKakan: the seat adds t to its pon; the opponents waiting on it may
// rob the kan; else the replacement draw.
func (s *sim) applyKakan(t tile.Tile) {
	k := t.Kind()
	s.remove(t)
	s.seenAdd[k]++
	for i := range s.melds[:s.nm] {
		if m := &s.melds[i]; m.Type == score.Pon && m.Kind() == k {
			m.Type, m.Tiles[3] = score.Kakan, t
		}
	}
	s.ippatsu, s.firstGo = false, false
	// Chankan by the opponents waiting on it.
	if s.ronBy(t, s.r.me, ronAuto) {
		return
	}
	s.kanDora(false)
	s.kanDraw()
}

// applyPass: the seat declines the tile it is answering.
func (s *sim) applyPass() {
	r := s.r
	if r.phase == game.PhaseChankan {
		s.next = r.cur
		s.tryRonPassed(r.last)
		return
	}
	if !s.ronBy(r.last, r.cur, ronDecline) {
		s.rootAnswered()
		s.next = r.succ[r.cur]
	}
}

// applyRon: the seat rons the tile it is answering (with any opponent
// that rons it too).
func (s *sim) applyRon() {
	r := s.r
	if r.phase == game.PhaseChankan {
		// The opponents do not rob a kan (see applyPass). Robbing a
		// North set aside is a ron without chankan.
		s.fillWin(r.last, false, r.cur)
		s.win.Chankan = !r.robbingKita
		if res, err := score.Score(&s.win, &r.rules.Score); err == nil {
			s.settle(&res, r.me)
			return
		}
	} else if s.ronBy(r.last, r.cur, ronTake) {
		return
	}
	// Not a win after all (cannot happen for a legal ron): play on.
	s.rootAnswered()
	s.next = r.succ[r.cur]
}

// applyCall: the seat calls m (chi or pon, then discards follow; or an
// open kan, then its replacement draw), unless an opponent rons the tile
// first.
func (s *sim) applyCall(m score.Meld, follow tile.Tile) {
	r := s.r
	if s.ronBy(r.last, r.cur, ronDecline) {
		return
	}
	s.rootAnswered()
	for _, t := range m.Tiles[1:m.Type.Size()] {
		s.remove(t)
		s.seenAdd[t.Kind()]++
	}
	s.addMeld(m)
	if m.Type == score.Daiminkan {
		s.kanDora(false)
		s.kanDraw()
		return
	}
	s.discard(follow, false)
}

// addMeld adds the seat's call or kan; like any call or kan it ends
// ippatsu and the first go-around.
func (s *sim) addMeld(m score.Meld) {
	s.melds[s.nm] = m
	s.nm++
	s.ippatsu, s.firstGo = false, false
	if m.Open() {
		s.closed = false
	}
}

// rootAnswered: nobody ronned the discard answered at the root; a riichi
// declared with it is accepted, its stick paid.
func (s *sim) rootAnswered() {
	if s.r.pendingRiichi {
		s.scores[s.r.cur] -= 1000
		s.sticks++
	}
}

// kanDraw: the replacement draw after the seat's kan, then its turn.
func (s *sim) kanDraw() {
	s.drawn, s.rinshan = s.take(), true
	s.live--
	s.add(s.drawn)
	s.ownTurn()
}

// tryRonPassed: the seat declined a ron on t; furiten follows.
func (s *sim) tryRonPassed(t tile.Tile) {
	if s.waits.Has(t.Kind()) {
		s.tempFuriten = true
		if s.riichi {
			s.riichiFur = true
		}
	}
}

// kitaAside: with three players, in its turn after a draw, the seat sets
// a North aside where the rules allow it (a live tile left; in riichi
// only the drawn North, which leaves its waits as they were) and the
// rule policy.SetsNorthAside says so: always, unless the North is needed
// for the hand. It reports whether it did (setNorthAside played on).
func (s *sim) kitaAside() bool {
	if s.drawn == tile.NoTile || s.live == 0 || s.counts[tile.North] == 0 {
		return false
	}
	t := s.drawn
	switch {
	case s.riichi:
		if t.Kind() != tile.North {
			return false
		}
	case !policy.SetsNorthAside(&s.counts):
		return false
	default:
		t = s.pick(tile.North, true)
	}
	s.setNorthAside(t)
	return true
}

// setNorthAside: the seat sets the North t aside (one dora to it, ending
// every ippatsu and the first go-around); the others may rob it, else
// the seat draws the replacement (a tsumo on it is rinshan kaihou; the
// live wall ends a tile sooner) and plays its turn.
func (s *sim) setNorthAside(t tile.Tile) {
	s.remove(t)
	s.kita++
	s.seenAdd[tile.North]++
	s.ippatsu, s.firstGo = false, false
	s.updateWaits()
	s.revealPending()
	if s.ronBy(t, s.r.me, ronAuto) {
		return
	}
	s.kanDraw()
}
