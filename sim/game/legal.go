package game

import (
	"github.com/mjrank/mjrank/sim/hand"
	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// Legality: what each seat may do now.

// firstTurn reports whether seat is on its first uninterrupted turn: no call
// has happened and seat has not discarded.
func (r *Round) firstTurn(seat uint8) bool {
	return !r.anyCall && r.seats[seat].nRiver == 0
}

// canDiscard reports whether seat (to move) may discard t.
func (r *Round) canDiscard(t tile.Tile) bool {
	s := &r.seats[r.cur]
	if !s.has(t) {
		return false
	}
	if s.riichi == riichiAccepted || s.riichi == riichiDeclared {
		return t == r.drawn
	}
	return !r.kuikae.Has(t.Kind())
}

func (r *Round) canRiichi(t tile.Tile) bool {
	return r.riichiPossible() && r.seats[r.cur].has(t) && r.riichiWith(t)
}

// riichiPossible checks what riichi needs whatever the tile discarded: no
// riichi yet, a closed hand not just after a call, 1000 points, a live
// tile left for every seat (4; 3 with three players, as Tenhou's records
// show), and a hand some discard leaves tenpai (shanten 0 or complete).
func (r *Round) riichiPossible() bool {
	s := &r.seats[r.cur]
	if s.riichi != noRiichi || r.afterCall || s.open() || r.scores[r.cur] < 1000 || r.LiveRemaining() < int(r.np) {
		return false
	}
	return hand.Shanten(&s.counts) <= 0
}

// riichiWith reports whether discarding t, a tile in the hand, leaves the
// hand tenpai on a wait that is not all in the hand.
func (r *Round) riichiWith(t tile.Tile) bool {
	s := &r.seats[r.cur]
	c := s.counts
	c[t.Kind()]--
	w, own := hand.WaitInfo(&c)
	return w&^own != 0
}

// winInput builds the score input for seat winning on t.
func (r *Round) winInput(seat uint8, t tile.Tile, tsumo, chankan bool, from uint8) score.Win {
	s := &r.seats[seat]
	var w score.Win
	copy(w.Hand[:], s.hand[:s.n])
	w.NumHand = s.n
	if !tsumo {
		w.Hand[w.NumHand] = t
		w.NumHand++
	}
	w.WinTile = t
	w.Tsumo = tsumo
	copy(w.Melds[:], s.melds[:s.numMelds])
	w.NumMelds = s.numMelds
	w.Seat, w.Dealer, w.From = seat, r.dealer, from
	if tsumo {
		w.From = seat
	}
	w.Round = r.RoundWind()
	w.Riichi = s.riichi == riichiAccepted
	w.DoubleRiichi = w.Riichi && s.doubleRiichi
	w.Ippatsu = w.Riichi && s.ippatsu
	if tsumo {
		w.Rinshan = r.rinshan
		w.Haitei = !r.rinshan && r.LiveRemaining() == 0
		if r.firstTurn(seat) {
			w.Tenhou = seat == r.dealer
			w.Chiihou = seat != r.dealer
		}
	} else {
		w.Chankan = chankan
		w.Houtei = !chankan && r.LiveRemaining() == 0
	}
	copy(w.Dora[:], r.DoraIndicators())
	w.NumDora = uint8(r.numDora)
	if w.Riichi {
		copy(w.UraDora[:], r.uraIndicators())
		w.NumUraDora = uint8(r.numDora)
	}
	w.Kita = uint8(s.numKita())
	w.Honba = r.honba
	w.RiichiSticks = r.sticks
	if s.pao >= 0 {
		w.Pao, w.PaoSeat = true, uint8(s.pao)
	}
	return w
}

// canWin reports whether seat wins on t with a yaku.
func (r *Round) canWin(seat uint8, t tile.Tile, tsumo, chankan bool, from uint8) bool {
	// The input lives in the round: a local would escape to the heap.
	r.scratch = r.winInput(seat, t, tsumo, chankan, from)
	_, err := score.Score(&r.scratch, &r.rules.Score)
	return err == nil
}

func (r *Round) canTsumo() bool {
	if r.afterCall || r.drawn == tile.NoTile {
		return false
	}
	s := &r.seats[r.cur]
	if !hand.IsAgari(&s.counts) {
		return false
	}
	return r.canWin(r.cur, r.drawn, true, false, r.cur)
}

// canRon reports whether seat may win by ron on t, the discard or, when
// robbing, the tile of the kan or kita being answered.
func (r *Round) canRon(seat uint8, t tile.Tile, robbing bool) bool {
	s := &r.seats[seat]
	if !s.waits.Has(t.Kind()) || s.furiten() {
		return false
	}
	chankan := robbing && r.pendingKan.Type != Kita
	if chankan && r.pendingKan.Type == Ankan {
		// Only kokushi may rob a closed kan.
		c := s.counts
		c[t.Kind()]++
		if !hand.IsKokushi(&c) {
			return false
		}
	}
	return r.canWin(seat, t, false, chankan, r.cur)
}

// kanAllowed: a kan needs a rinshan tile, a live tile to move into the dead
// wall, and fewer than four kans so far.
func (r *Round) kanAllowed() bool {
	return r.kans < 4 && r.LiveRemaining() > 0
}

func (r *Round) canAnkan(k tile.Kind) bool {
	s := &r.seats[r.cur]
	if r.afterCall || !k.Valid() || s.counts[k] != 4 || !r.kanAllowed() {
		return false
	}
	if s.riichi != noRiichi {
		// Only with the drawn tile, and only if the waits stay the same.
		if r.drawn == tile.NoTile || r.drawn.Kind() != k {
			return false
		}
		before := s.counts
		before[k]--
		if !r.rules.RiichiAnkanAllowed(&before, k) {
			return false
		}
	}
	return true
}

// RiichiAnkanAllowed reports whether a riichi hand before (3n+1 tiles,
// three of k) may make a closed kan of k with the fourth under the rules:
// [RiichiAnkanKeepsWaits], the one rule of Tenhou's 3- and 4-player games.
func (r *Rules) RiichiAnkanAllowed(before *tile.Counts, k tile.Kind) bool {
	return RiichiAnkanKeepsWaits(before, k)
}

// RiichiAnkanKeepsWaits reports whether a riichi hand before (3n+1 tiles,
// three of k) may make a closed kan of k with the fourth: the waits stay
// the same (Tenhou's rule, which [Round.Legal] applies; Tenhou's 3-player
// records of 2018 and 2026 show it allowing such a kan where k is no
// triplet in some reading of a completion, e.g. 123p 444p 6777p 567s
// winning on 5p as 123p 44p 456p 777p 567s). An observation checks a
// seat's kan in riichi, and a determinization builds its hand, by the
// same rule.
func RiichiAnkanKeepsWaits(before *tile.Counts, k tile.Kind) bool {
	wb, ob := hand.WaitInfo(before)
	after := *before
	after[k] = 0
	wa, oa := hand.WaitInfo(&after)
	return wb&^ob == wa&^oa
}

func (r *Round) canKakan(t tile.Tile) bool {
	s := &r.seats[r.cur]
	if r.afterCall || !s.has(t) || !r.kanAllowed() || s.riichi != noRiichi {
		return false
	}
	for _, m := range s.melds[:s.numMelds] {
		if m.Type == score.Pon && m.Tiles[0].Kind() == t.Kind() {
			return true
		}
	}
	return false
}

// canKita reports whether the seat to move may set the North t aside: with
// three players, t in the hand, not just after a call (a discard is due),
// a live tile left to move into the dead wall, and in riichi only the
// tile just drawn (Tenhou's records: every kita in riichi is of the drawn
// North), which leaves the waiting hand as it was.
func (r *Round) canKita(t tile.Tile) bool {
	if r.np != 3 || !t.Valid() || t.Kind() != tile.North || r.afterCall || r.LiveRemaining() == 0 {
		return false
	}
	s := &r.seats[r.cur]
	if s.riichi != noRiichi {
		return t == r.drawn && s.has(t)
	}
	return s.has(t)
}

func (r *Round) canKyuushu() bool {
	if !r.firstTurn(r.cur) || r.afterCall {
		return false
	}
	n := 0
	for k, c := range r.seats[r.cur].counts {
		if c > 0 && tile.Kind(k).IsTerminalOrHonor() {
			n++
		}
	}
	return n >= 9
}

// KuikaeBan returns the kinds a caller may not discard after calling m:
// the called kind, and for a chi on an end of the sequence the kind on its
// other side (Tenhou's rule).
func KuikaeBan(m score.Meld) tile.KindSet {
	called := m.Tiles[0].Kind()
	ban := tile.KindSet(0).Add(called)
	if m.Type == score.Chi {
		lo := m.Kind()
		switch {
		case called == lo && lo%9 <= 5: // called the low end: 3 above is banned
			ban = ban.Add(lo + 3)
		case called == lo+2 && lo%9 >= 1: // called the high end
			ban = ban.Add(lo - 1)
		}
	}
	return ban
}

// canCall checks a chi, pon or daiminkan by seat on the current discard.
func (r *Round) canCall(seat uint8, typ ActionType, m score.Meld) bool {
	if r.phase != PhaseCall || seat == r.cur {
		return false
	}
	s := &r.seats[seat]
	if s.riichi != noRiichi || r.LiveRemaining() == 0 || m.Tiles[0] != r.lastTile {
		return false
	}
	want := score.MeldType(0)
	switch typ {
	case Chi:
		want = score.Chi
		if r.np != NumSeats || seat != (r.cur+1)%NumSeats {
			return false // no chi with three players
		}
	case Pon:
		want = score.Pon
	case Daiminkan:
		want = score.Daiminkan
		if r.kans >= 4 {
			return false
		}
	}
	if m.Type != want || m.Check() != nil {
		return false
	}
	// The other tiles must be distinct tiles in the hand.
	c := s.counts
	tiles := m.TilesSlice()
	for i, t := range tiles[1:] {
		if !s.has(t) {
			return false
		}
		for _, u := range tiles[1 : i+1] {
			if u == t {
				return false
			}
		}
		c[t.Kind()]--
	}
	if typ == Daiminkan {
		return true
	}
	// Kuikae: something must be left to discard.
	ban := KuikaeBan(m)
	for k, n := range c {
		if n > 0 && !ban.Has(tile.Kind(k)) {
			return true
		}
	}
	return false
}

// Legal appends seat's legal actions to dst. In PhaseTurn only the player to
// move has actions; in the answer phases only seats that must still answer
// (Pass is always among them). Discards list one action per distinct tile
// face (kind and redness), the drawn tile's id preferred.
func (r *Round) Legal(seat int, dst []Action) []Action {
	st := uint8(seat)
	s := &r.seats[seat]
	switch r.phase {
	case PhaseTurn:
		if st != r.cur {
			return dst
		}
		if r.canTsumo() {
			dst = append(dst, Action{Type: Tsumo, Seat: st, Tile: r.drawn})
		}
		if r.canKyuushu() {
			dst = append(dst, Action{Type: KyuushuKyuuhai, Seat: st})
		}
		// One action per distinct face, the drawn tile first. The checks of
		// canDiscard and canRiichi that do not depend on the tile are made
		// once: riichi needs a hand that some discard leaves tenpai, which
		// the 14-tile shanten tells cheaply.
		var seen [tile.NumKinds * 2]bool
		inRiichi := s.riichi == riichiAccepted || s.riichi == riichiDeclared
		riichiOK := r.riichiPossible()
		face := func(dst []Action, t tile.Tile) []Action {
			if inRiichi {
				if t == r.drawn {
					dst = append(dst, Action{Type: Discard, Seat: st, Tile: t})
				}
			} else if !r.kuikae.Has(t.Kind()) {
				dst = append(dst, Action{Type: Discard, Seat: st, Tile: t})
			}
			if riichiOK && r.riichiWith(t) {
				dst = append(dst, Action{Type: Riichi, Seat: st, Tile: t})
			}
			return dst
		}
		if r.drawn != tile.NoTile && s.has(r.drawn) {
			seen[faceOf(r.drawn)] = true
			dst = face(dst, r.drawn)
		}
		for _, t := range s.hand[:s.n] {
			if f := faceOf(t); !seen[f] {
				seen[f] = true
				dst = face(dst, t)
			}
		}
		for k := tile.Kind(0); k < tile.NumKinds; k++ {
			if s.counts[k] == 4 && r.canAnkan(k) {
				dst = append(dst, Action{Type: Ankan, Seat: st, Tile: firstOfKind(s, k)})
			}
		}
		if s.numMelds > 0 {
			for _, t := range s.hand[:s.n] {
				if r.canKakan(t) {
					dst = append(dst, Action{Type: Kakan, Seat: st, Tile: t})
				}
			}
		}
		if r.np == 3 && s.counts[tile.North] > 0 {
			dst = r.appendKita(st, dst)
		}
	case PhaseCall, PhaseChankan:
		if r.mustAnswer&(1<<st) == 0 {
			return dst
		}
		dst = append(dst, Action{Type: Pass, Seat: st})
		if r.canRon(st, r.lastTile, r.phase == PhaseChankan) {
			dst = append(dst, Action{Type: Ron, Seat: st, Tile: r.lastTile})
		}
		if r.phase == PhaseCall {
			dst = r.appendCalls(st, dst)
		}
	}
	return dst
}

// appendKita appends the seat's kita, one action: the drawn North if it
// is one, else the first North in the hand.
func (r *Round) appendKita(seat uint8, dst []Action) []Action {
	t := r.drawn
	if t == tile.NoTile || t.Kind() != tile.North {
		t = firstOfKind(&r.seats[seat], tile.North)
	}
	if r.canKita(t) {
		dst = append(dst, Action{Type: Kita, Seat: seat, Tile: t})
	}
	return dst
}

func faceOf(t tile.Tile) int {
	if t.Red() {
		return int(t.Kind()) + tile.NumKinds
	}
	return int(t.Kind())
}

func firstOfKind(s *seatState, k tile.Kind) tile.Tile {
	for _, t := range s.hand[:s.n] {
		if t.Kind() == k {
			return t
		}
	}
	return tile.NoTile
}

// pickFaces returns up to two distinct representatives of kind k in the
// hand: one red and one plain when both exist, else one.
func pickFaces(s *seatState, k tile.Kind) (reps [2]tile.Tile, n int) {
	for _, t := range s.hand[:s.n] {
		if t.Kind() != k {
			continue
		}
		if n == 0 || (n == 1 && reps[0].Red() != t.Red()) {
			reps[n] = t
			n++
		}
	}
	return reps, n
}

// appendCalls appends the chi, pon and daiminkan seat may make.
func (r *Round) appendCalls(seat uint8, dst []Action) []Action {
	s := &r.seats[seat]
	d := r.lastTile
	k := d.Kind()
	if s.riichi != noRiichi || r.LiveRemaining() == 0 {
		return dst
	}
	try := func(typ ActionType, mt score.MeldType, ts ...tile.Tile) {
		m := score.Meld{Type: mt}
		m.Tiles[0] = d
		copy(m.Tiles[1:], ts)
		if r.canCall(seat, typ, m) {
			dst = append(dst, Action{Type: typ, Seat: seat, Meld: m})
		}
	}
	if s.counts[k] >= 2 {
		// Pon with each distinct pair of faces.
		var plain [4]tile.Tile
		np, red := 0, tile.NoTile
		for _, t := range s.hand[:s.n] {
			switch {
			case t.Kind() != k:
			case t.Red():
				red = t
			default:
				plain[np] = t
				np++
			}
		}
		if np >= 2 {
			try(Pon, score.Pon, plain[0], plain[1])
		}
		if red != tile.NoTile && np >= 1 {
			try(Pon, score.Pon, red, plain[0])
		}
		if s.counts[k] == 3 {
			var ts [3]tile.Tile
			i := 0
			for _, t := range s.hand[:s.n] {
				if t.Kind() == k {
					ts[i] = t
					i++
				}
			}
			try(Daiminkan, score.Daiminkan, ts[0], ts[1], ts[2])
		}
	}
	if r.np == NumSeats && seat == (r.cur+1)%NumSeats && !k.IsHonor() {
		n := k % 9
		for _, lo := range [3]int{-2, -1, 0} {
			a, b := int(n)+lo, int(n)+lo+2
			if a < 0 || b > 8 {
				continue
			}
			var need [2]tile.Kind
			j := 0
			for x := a; x <= b; x++ {
				if x != int(n) {
					need[j] = k - tile.Kind(int(n)-x)
					j++
				}
			}
			r1, n1 := pickFaces(s, need[0])
			r2, n2 := pickFaces(s, need[1])
			for i := 0; i < n1; i++ {
				for j := 0; j < n2; j++ {
					try(Chi, score.Chi, r1[i], r2[j])
				}
			}
		}
	}
	return dst
}
