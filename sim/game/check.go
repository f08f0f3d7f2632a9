package game

import (
	"errors"
	"fmt"

	"github.com/mjrank/mjrank/sim/hand"
	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// ErrInvariant is wrapped by every error of [Round.Check].
var ErrInvariant = errors.New("round invariant broken")

// Where a tile is, for Check: the live wall, the dead wall, or a seat's
// hand, melds or river (place + seat).
const (
	placeNone uint8 = iota
	placeLive
	placeDead
	placeHand  // + seat
	placeMelds = placeHand + NumSeats
	placeRiver = placeMelds + NumSeats
	placeKita  = placeRiver + NumSeats
)

// placeName names a place for an error message.
func placeName(p uint8) string {
	switch {
	case p == placeLive:
		return "the live wall"
	case p == placeDead:
		return "the dead wall"
	case p >= placeKita:
		return fmt.Sprintf("the Norths set aside by seat %d", p-placeKita)
	case p >= placeRiver:
		return fmt.Sprintf("the river of seat %d", p-placeRiver)
	case p >= placeMelds:
		return fmt.Sprintf("the melds of seat %d", p-placeMelds)
	case p >= placeHand:
		return fmt.Sprintf("the hand of seat %d", p-placeHand)
	}
	return "nowhere"
}

// tilePlaces records where each of the 136 tiles is.
type tilePlaces [tile.NumTiles]uint8

// put records t at p, or reports the error of a tile that is invalid or
// already somewhere else.
func (w *tilePlaces) put(t tile.Tile, p uint8, phase Phase) error {
	if !t.Valid() {
		return fmt.Errorf("game: %w: invalid tile id %d in %s (phase %v)", ErrInvariant, t, placeName(p), phase)
	}
	if w[t] != placeNone {
		return fmt.Errorf("game: %w: tile %v (id %d) both in %s and in %s (phase %v)",
			ErrInvariant, t, t, placeName(w[t]), placeName(p), phase)
	}
	w[t] = p
	return nil
}

// Check verifies the round's state against what its history allows and
// recomputes what the round keeps incrementally:
//
//   - tile conservation: each of the 136 tiles (108 with three players)
//     exactly once in the live wall's remainder, the dead wall, a hand, a
//     meld, a river (a called discard counts in its meld only) or a seat's
//     Norths set aside, and no other tile anywhere;
//   - the wall counters (live draws, kans, kitas, dora indicators) in
//     range, the live wall's end where the replacement draws put it, the
//     Norths set aside as many as the kitas made (one more while a kita
//     waits for a robbing ron, or was robbed);
//   - with three players: seat 3 empty, no chi;
//   - each hand's counts by kind in step with its tiles, the drawn tile in
//     the hand of the seat to move;
//   - hand sizes: 13 tiles (a meld counted as 3), 14 for the seat to move
//     in PhaseTurn, and at the end 14 at most for the seat that ended it;
//   - the waits of every 13-tile hand equal to recomputed ones;
//   - the flags history fixes: the discarded kinds (permanent furiten)
//     equal to the river's, riichi furiten, ippatsu and double riichi only
//     with a riichi, one riichi tile in the river exactly when in riichi,
//     nagashi exactly when every discard is a terminal or honour and none
//     was called;
//   - time: the discards' turns are 0..Turns()−1, each once, increasing
//     along each river; each meld's source seat and turn agree with the
//     called discard in that seat's river (chi from the seat on the left),
//     and every called discard is in a meld.
//
// It returns nil when all hold, else an error wrapping [ErrInvariant] that
// names the first failure (seat, tile id, phase). It does not allocate
// unless it fails. The point sum is not checked: a Round does not know
// the points the game started with.
func (r *Round) Check() error {
	ph := r.phase
	np := int(r.np)
	if np != 3 && np != NumSeats {
		return fmt.Errorf("game: %w: %d players (phase %v)", ErrInvariant, np, ph)
	}
	lay := layoutOf(np)
	repl := r.kans + r.kitas
	if int(r.doraAt) != lay.Dora || r.kans < 0 || r.kans > 4 || r.kitas < 0 || r.kitas > lay.MaxReplacements-4 ||
		r.liveEnd != lay.Rinshan-repl || r.next < lay.Deal || r.next > r.liveEnd {
		return fmt.Errorf("game: %w: wall counters: next draw %d, live wall's end %d, %d kans, %d kitas (phase %v)",
			ErrInvariant, r.next, r.liveEnd, r.kans, r.kitas, ph)
	}
	if err := r.checkKitaCount(); err != nil {
		return err
	}
	// One indicator per kan made besides the first, shown or pending; a
	// closed kan's shows before its rinshan draw, so one more while it
	// waits for a robbing kokushi (or after one robbed it).
	extra := r.numDora + r.pendingDora - 1 - r.kans
	closedKanOpen := r.pendingKan.Type == Ankan && (ph == PhaseChankan || ph == PhaseEnd)
	if r.numDora < 1 || r.pendingDora < 0 || r.numDora > 5 || (extra != 0 && (extra != 1 || !closedKanOpen)) {
		return fmt.Errorf("game: %w: %d dora indicators shown and %d pending after %d kans (phase %v)",
			ErrInvariant, r.numDora, r.pendingDora, r.kans, ph)
	}
	var where tilePlaces
	if err := r.placeWall(&where, lay); err != nil {
		return err
	}
	var turnSeen [4]uint64 // bit set of the discards' turns (0..255)
	discards, calledInRivers, calledMelds := 0, 0, 0
	for s := range NumSeats {
		st := &r.seats[s]
		if s >= np {
			if err := r.checkEmptySeat(s); err != nil {
				return err
			}
			continue
		}
		if err := r.checkSeat(s, &where, &turnSeen); err != nil {
			return err
		}
		discards += int(st.nRiver)
		for _, d := range st.river[:st.nRiver] {
			if d.Called {
				calledInRivers++
			}
		}
		for _, m := range st.melds[:st.numMelds] {
			if m.Type != score.Ankan {
				calledMelds++
			}
		}
	}
	if discards != r.turns {
		return fmt.Errorf("game: %w: %d discards in the rivers, %d made (phase %v)", ErrInvariant, discards, r.turns, ph)
	}
	if calledInRivers != calledMelds {
		return fmt.Errorf("game: %w: %d called discards in the rivers, %d called melds (phase %v)",
			ErrInvariant, calledInRivers, calledMelds, ph)
	}
	for i, p := range where {
		// Asked only where it can fail: every tile is in play with four.
		switch {
		case p == placeNone && lay.InPlay(tile.Tile(i)):
			return fmt.Errorf("game: %w: tile %v (id %d) is nowhere (phase %v)", ErrInvariant, tile.Tile(i), i, ph)
		case p != placeNone && np == 3 && !lay.InPlay(tile.Tile(i)):
			return fmt.Errorf("game: %w: tile %v (id %d) in %s is not in a %d-player game (phase %v)",
				ErrInvariant, tile.Tile(i), i, placeName(p), np, ph)
		}
	}
	return nil
}

// placeWall places the tiles of the live wall's remainder and of the dead
// wall (the replacement tiles not yet drawn, the indicators), and checks
// that a three-player wall holds nothing after its 108 tiles.
func (r *Round) placeWall(where *tilePlaces, lay *Layout) error {
	ph := r.phase
	for _, t := range r.wall[r.next:r.liveEnd] {
		if err := where.put(t, placeLive, ph); err != nil {
			return err
		}
	}
	// The replacement draws took w[Rinshan:Rinshan+m] and, past four,
	// the tiles below Rinshan down to liveEnd+4 (Layout.Replacement): the
	// dead wall is the m tiles from the live wall's end and w[Rinshan+m:].
	m := min(r.kans+r.kitas, 4)
	for _, part := range [2][]tile.Tile{r.wall[r.liveEnd : r.liveEnd+m], r.wall[lay.Rinshan+m : lay.Tiles]} {
		for _, t := range part {
			if err := where.put(t, placeDead, ph); err != nil {
				return err
			}
		}
	}
	for i, t := range r.wall[lay.Tiles:] {
		if t != tile.NoTile {
			return fmt.Errorf("game: %w: wall index %d holds %v (id %d) past a %d-player wall's %d tiles (phase %v)",
				ErrInvariant, lay.Tiles+i, t, t, lay.Players, lay.Tiles, ph)
		}
	}
	return nil
}

// checkKitaCount checks the Norths set aside against the kitas made: one
// more while a kita waits for a robbing ron or after it was robbed (the
// replacement draw, which counts the kita, never came).
func (r *Round) checkKitaCount() error {
	set := 0
	for i := range r.seats {
		set += r.seats[i].numKita()
	}
	extra := set - r.kitas
	open := r.pendingKan.Type == Kita && (r.phase == PhaseChankan || r.phase == PhaseEnd)
	if extra != 0 && (extra != 1 || !open) {
		return fmt.Errorf("game: %w: %d Norths set aside after %d kitas (phase %v)", ErrInvariant, set, r.kitas, r.phase)
	}
	return nil
}

// checkEmptySeat checks that seat s, not in play, is empty.
func (r *Round) checkEmptySeat(s int) error {
	st := &r.seats[s]
	if st.n != 0 || st.numMelds != 0 || st.nRiver != 0 || st.kita != 0 || st.riichi != noRiichi || r.scores[s] != 0 {
		return fmt.Errorf("game: %w: seat %d is not in a %d-player game but holds %d tiles, %d melds, %d discards, kita %04b, riichi %d, score %d (phase %v)",
			ErrInvariant, s, r.np, st.n, st.numMelds, st.nRiver, st.kita, st.riichi, r.scores[s], r.phase)
	}
	return nil
}

// checkSeat checks what Check checks of one seat, placing its tiles in
// where and its discards' turns in turnSeen.
func (r *Round) checkSeat(s int, where *tilePlaces, turnSeen *[4]uint64) error {
	if err := r.checkHand(s, where); err != nil {
		return err
	}
	st := &r.seats[s]
	if st.kita != 0 {
		for i := range 4 {
			if st.kita&(1<<i) != 0 {
				if err := where.put(tile.Tile(tile.North)*4+tile.Tile(i), placeKita+uint8(s), r.phase); err != nil {
					return err
				}
			}
		}
	}
	if st.kita>>4 != 0 {
		return fmt.Errorf("game: %w: seat %d: Norths set aside %08b: not four Norths (phase %v)", ErrInvariant, s, st.kita, r.phase)
	}
	return r.checkRiver(s, where, turnSeen)
}

// checkHand checks seat s's hand, counts, drawn tile, melds, size and
// waits.
func (r *Round) checkHand(s int, where *tilePlaces) error {
	st := &r.seats[s]
	ph := r.phase
	var c tile.Counts
	for _, t := range st.hand[:st.n] {
		if err := where.put(t, placeHand+uint8(s), ph); err != nil {
			return err
		}
		c[t.Kind()]++
	}
	if c != st.counts {
		return fmt.Errorf("game: %w: seat %d: counts by kind out of step with the hand (phase %v)", ErrInvariant, s, ph)
	}
	if ph == PhaseTurn && uint8(s) == r.cur && r.drawn != tile.NoTile && !st.has(r.drawn) {
		return fmt.Errorf("game: %w: seat %d: drawn tile %v (id %d) not in the hand (phase %v)", ErrInvariant, s, r.drawn, r.drawn, ph)
	}
	// Melds, their tiles and their time.
	for i, m := range st.melds[:st.numMelds] {
		if err := m.Check(); err != nil {
			return fmt.Errorf("game: %w: seat %d meld %d: %v (phase %v)", ErrInvariant, s, i, err, ph)
		}
		for _, t := range m.TilesSlice() {
			if err := where.put(t, placeMelds+uint8(s), ph); err != nil {
				return err
			}
		}
		if err := r.checkMeldInfo(s, i); err != nil {
			return err
		}
	}
	// Hand size.
	n := int(st.n) + 3*int(st.numMelds)
	want := 13
	if ph == PhaseTurn && uint8(s) == r.cur {
		want = 14
	}
	if n != want && (ph != PhaseEnd || uint8(s) != r.cur || n != 14) {
		return fmt.Errorf("game: %w: seat %d holds %d tiles (melds as 3), want %d (phase %v)", ErrInvariant, s, n, want, ph)
	}
	if n == 13 {
		w, own := hand.WaitInfo(&st.counts)
		if w&^own != st.waits {
			return fmt.Errorf("game: %w: seat %d: waits %v, recomputed %v (phase %v)", ErrInvariant, s, st.waits, w&^own, ph)
		}
	}
	return nil
}

// checkRiver checks seat s's river: its tiles, their turns, and the
// discarded kinds, nagashi and riichi flags it fixes.
func (r *Round) checkRiver(s int, where *tilePlaces, turnSeen *[4]uint64) error {
	st := &r.seats[s]
	ph := r.phase
	var kinds tile.KindSet
	riichiTiles := 0
	nagashi := true
	last := -1
	for _, d := range st.river[:st.nRiver] {
		if !d.Called {
			if err := where.put(d.Tile, placeRiver+uint8(s), ph); err != nil {
				return err
			}
		} else {
			nagashi = false
		}
		if !d.Tile.Valid() {
			return fmt.Errorf("game: %w: seat %d: invalid tile id %d in the river (phase %v)", ErrInvariant, s, d.Tile, ph)
		}
		k := d.Tile.Kind()
		kinds = kinds.Add(k)
		if !k.IsTerminalOrHonor() {
			nagashi = false
		}
		if d.Riichi {
			riichiTiles++
		}
		turn := int(d.Turn)
		if turn <= last || turn >= r.turns {
			return fmt.Errorf("game: %w: seat %d: discard %v (id %d) has turn %d after turn %d, of %d discards (phase %v)",
				ErrInvariant, s, d.Tile, d.Tile, turn, last, r.turns, ph)
		}
		if turnSeen[turn/64]&(1<<(turn%64)) != 0 {
			return fmt.Errorf("game: %w: seat %d: discard %v (id %d) has turn %d, taken by another discard (phase %v)",
				ErrInvariant, s, d.Tile, d.Tile, turn, ph)
		}
		turnSeen[turn/64] |= 1 << (turn % 64)
		last = turn
	}
	if kinds != st.discarded {
		return fmt.Errorf("game: %w: seat %d: discarded kinds %v, the river holds %v (phase %v)", ErrInvariant, s, st.discarded, kinds, ph)
	}
	if nagashi != st.nagashi {
		return fmt.Errorf("game: %w: seat %d: nagashi %v, the river says %v (phase %v)", ErrInvariant, s, st.nagashi, nagashi, ph)
	}
	inRiichi := st.riichi != noRiichi
	if (riichiTiles == 1) != inRiichi || riichiTiles > 1 {
		return fmt.Errorf("game: %w: seat %d: %d riichi tiles in the river, riichi state %d (phase %v)", ErrInvariant, s, riichiTiles, st.riichi, ph)
	}
	accepted := st.riichi == riichiAccepted
	if (st.riichiFuriten && !accepted) || (st.ippatsu && !accepted) || (st.doubleRiichi && !inRiichi) {
		return fmt.Errorf("game: %w: seat %d: riichi furiten %v, ippatsu %v, double riichi %v with riichi state %d (phase %v)",
			ErrInvariant, s, st.riichiFuriten, st.ippatsu, st.doubleRiichi, st.riichi, ph)
	}
	return nil
}

// checkMeldInfo checks meld i of seat s against the river it was called
// from.
func (r *Round) checkMeldInfo(s, i int) error {
	st := &r.seats[s]
	m, info := st.melds[i], st.meldInfo[i]
	ph := r.phase
	if m.Type == score.Ankan {
		if int(info.From) != s || int(info.Turn) > r.turns {
			return fmt.Errorf("game: %w: seat %d: ankan %v from seat %d at turn %d, of %d discards (phase %v)",
				ErrInvariant, s, m, info.From, info.Turn, r.turns, ph)
		}
		return nil
	}
	chiFrom := (s + NumSeats - 1) % NumSeats
	if r.np != NumSeats {
		chiFrom = -1 // no chi with three players
	}
	if info.From >= r.np || int(info.From) == s || (m.Type == score.Chi && int(info.From) != chiFrom) {
		return fmt.Errorf("game: %w: seat %d: %v called from seat %d (phase %v)", ErrInvariant, s, m, info.From, ph)
	}
	from := &r.seats[info.From]
	for _, d := range from.river[:from.nRiver] {
		if d.Tile != m.Tiles[0] {
			continue
		}
		ok := d.Called && d.Turn == info.Turn
		if m.Type == score.Kakan {
			ok = d.Called && d.Turn < info.Turn && int(info.Turn) <= r.turns
		}
		if !ok {
			return fmt.Errorf("game: %w: seat %d: %v at turn %d, its tile %v (id %d) discarded by seat %d at turn %d, called %v (phase %v)",
				ErrInvariant, s, m, info.Turn, d.Tile, d.Tile, info.From, d.Turn, d.Called, ph)
		}
		return nil
	}
	return fmt.Errorf("game: %w: seat %d: %v called tile %v (id %d) is not in seat %d's river (phase %v)",
		ErrInvariant, s, m, m.Tiles[0], m.Tiles[0], info.From, ph)
}
