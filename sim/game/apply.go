package game

import (
	"fmt"

	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// Applying a move: the turn's actions, the answers to a discard, calls,
// kans and the round's end.

// Apply performs a, or returns an error wrapping ErrIllegalAction and leaves
// the round unchanged.
func (r *Round) Apply(a Action) error {
	if a.Seat >= NumSeats {
		return fmt.Errorf("game: %w: seat %d", ErrIllegalAction, a.Seat)
	}
	switch r.phase {
	case PhaseTurn:
		return r.applyTurn(a)
	case PhaseCall, PhaseChankan:
		return r.applyAnswer(a)
	}
	return fmt.Errorf("game: %w: %v: the round is over", ErrIllegalAction, a)
}

func (r *Round) illegal(a Action, why string) error {
	return fmt.Errorf("game: %w: %v: %s", ErrIllegalAction, a, why)
}

func (r *Round) applyTurn(a Action) error {
	if a.Seat != r.cur {
		return r.illegal(a, fmt.Sprintf("seat %d is to move", r.cur))
	}
	s := &r.seats[r.cur]
	switch a.Type {
	case Discard:
		if !r.canDiscard(a.Tile) {
			return r.illegal(a, "tile not in hand, banned by kuikae, or riichi must discard the drawn tile")
		}
		r.discard(a.Tile, false)
	case Riichi:
		if !r.canRiichi(a.Tile) {
			return r.illegal(a, "riichi needs a closed tenpai hand after the discard, 1000 points and 4 live tiles")
		}
		s.riichi = riichiDeclared
		s.doubleRiichi = r.firstTurn(r.cur)
		r.discard(a.Tile, true)
	case Tsumo:
		if !r.canTsumo() {
			return r.illegal(a, "not a complete hand with a yaku")
		}
		r.win([]uint8{r.cur}, r.drawn, true, false)
	case KyuushuKyuuhai:
		if !r.canKyuushu() {
			return r.illegal(a, "needs nine terminal and honour kinds on the first uninterrupted draw")
		}
		r.endAbort(NineTerminals)
	case Ankan:
		if !a.Tile.Valid() || !r.canAnkan(a.Tile.Kind()) {
			return r.illegal(a, "needs four of the kind, a kan left, and in riichi unchanged waits")
		}
		r.ankan(a.Tile.Kind())
	case Kakan:
		if !r.canKakan(a.Tile) {
			return r.illegal(a, "needs a pon of the kind, the tile in hand and a kan left")
		}
		r.kakan(a.Tile)
	case Kita:
		if !r.canKita(a.Tile) {
			return r.illegal(a, "needs three players, a North in hand (in riichi the one drawn), not just after a call, and a live tile left")
		}
		r.kita(a.Tile)
	default:
		return r.illegal(a, "not a turn action")
	}
	return nil
}

func (r *Round) discard(t tile.Tile, riichi bool) {
	s := &r.seats[r.cur]
	s.remove(t)
	s.river[s.nRiver] = RiverTile{Tile: t, Tsumogiri: t == r.drawn, Riichi: riichi, Turn: uint8(r.turns)}
	s.nRiver++
	s.discarded = s.discarded.Add(t.Kind())
	if !t.Kind().IsTerminalOrHonor() {
		s.nagashi = false
	}
	if s.riichi == riichiAccepted {
		s.ippatsu = false // the go-around is over
	}
	s.tempFuriten = false
	s.updateWaits()
	r.revealPending()
	r.turns++
	if r.turns == 1 {
		r.firstWind = t.Kind()
	}
	if r.turns <= 4 && (!t.Kind().IsWind() || t.Kind() != r.firstWind) {
		r.windsBroken = true
	}
	r.lastTile = t
	r.drawn = tile.NoTile
	r.afterCall = false
	r.kuikae = 0
	r.openAnswers(PhaseCall, t)
}

// openAnswers asks every seat that can do something with t.
func (r *Round) openAnswers(p Phase, t tile.Tile) {
	r.phase = p
	r.mustAnswer = 0
	for i := uint8(0); i < NumSeats; i++ {
		r.answers[i] = Action{Type: Pass, Seat: i}
		if i != r.cur && r.hasAnswer(i) {
			r.mustAnswer |= 1 << i
		}
	}
	r.canAnswer = r.mustAnswer
	if r.mustAnswer == 0 {
		r.resolve()
	}
}

// hasAnswer reports whether seat has a legal answer other than Pass to
// lastTile: what Legal would list, decided without listing where a count
// of the hand settles it.
func (r *Round) hasAnswer(seat uint8) bool {
	if r.canRon(seat, r.lastTile, r.phase == PhaseChankan) {
		return true
	}
	s := &r.seats[seat]
	if r.phase != PhaseCall || s.riichi != noRiichi || r.LiveRemaining() == 0 {
		return false
	}
	k := r.lastTile.Kind()
	maybe := s.counts[k] >= 2
	if !maybe && r.np == NumSeats && seat == (r.cur+1)%NumSeats && !k.IsHonor() {
		n := k % 9
		has := func(d int) bool { return int(n)+d >= 0 && int(n)+d <= 8 && s.counts[int(k)+d] > 0 }
		maybe = (has(-2) && has(-1)) || (has(-1) && has(1)) || (has(1) && has(2))
	}
	if !maybe {
		return false
	}
	var buf [16]Action
	return len(r.appendCalls(seat, buf[:0])) > 0
}

func (r *Round) applyAnswer(a Action) error {
	if r.mustAnswer&(1<<a.Seat) == 0 {
		return r.illegal(a, "this seat has nothing to answer")
	}
	ok := false
	switch a.Type {
	case Pass:
		ok = true
	case Ron:
		ok = r.canRon(a.Seat, r.lastTile, r.phase == PhaseChankan)
	case Chi, Pon, Daiminkan:
		ok = r.canCall(a.Seat, a.Type, a.Meld)
	}
	if !ok {
		return r.illegal(a, fmt.Sprintf("not a legal answer to %v", r.lastTile))
	}
	r.answers[a.Seat] = a
	r.mustAnswer &^= 1 << a.Seat
	if r.mustAnswer == 0 {
		r.resolve()
	}
	return nil
}

// resolve settles the answers to a discard or kan by priority: a ron,
// else (after the missed wins' furiten) the kan, or the discard's riichi
// and abortive draws, then a call, then the next draw.
func (r *Round) resolve() {
	if r.settleRons() {
		return
	}
	r.markMissedWins()
	if r.phase == PhaseChankan {
		r.finishKan()
		return
	}
	if r.acceptRiichi() || r.abortAfterDiscard() || r.takeCall() {
		return
	}
	if r.LiveRemaining() == 0 {
		r.endExhaustive()
		return
	}
	r.cur = r.nextSeat(r.cur)
	r.drawLive()
}

// settleRons ends the round if any seat answered Ron, in turn order from
// the discarder: a win, or the abortive draw of a triple ron. It reports
// whether it did. (Turn order over four seats, the empty seat 3 left out,
// is the order over three.)
func (r *Round) settleRons() bool {
	var rons [3]uint8
	n := 0
	for i := uint8(1); i < NumSeats; i++ {
		seat := (r.cur + i) % NumSeats
		if r.answers[seat].Type == Ron {
			rons[n] = seat
			n++
		}
	}
	if n == 3 {
		r.endAbort(TripleRon)
		return true
	}
	if n > 0 {
		r.win(rons[:n], r.lastTile, false, r.robbingKan())
		return true
	}
	return false
}

// markMissedWins makes furiten the seats that let their winning tile pass
// (nobody won). A closed kan's tile counts only for those who could rob it
// (kokushi).
func (r *Round) markMissedWins() {
	closedKan := r.phase == PhaseChankan && r.pendingKan.Type == Ankan
	for i := uint8(0); i < NumSeats; i++ {
		s := &r.seats[i]
		if closedKan && r.canAnswer&(1<<i) == 0 {
			continue
		}
		if i != r.cur && s.waits.Has(r.lastTile.Kind()) {
			s.tempFuriten = true
			if s.riichi == riichiAccepted {
				s.riichiFuriten = true
			}
		}
	}
}

// acceptRiichi accepts the discarder's riichi once its tile has passed:
// the stick goes on the table. It reports whether that made four riichi,
// which ends the round.
func (r *Round) acceptRiichi() bool {
	d := &r.seats[r.cur]
	if d.riichi != riichiDeclared {
		return false
	}
	d.riichi = riichiAccepted
	d.ippatsu = true
	r.scores[r.cur] -= 1000
	r.sticks++
	accepted := 0
	for i := range r.seats {
		if r.seats[i].riichi == riichiAccepted {
			accepted++
		}
	}
	if accepted == NumSeats {
		r.endAbort(FourRiichi)
		return true
	}
	return false
}

// abortAfterDiscard ends the round in the abortive draws a passed discard
// completes, four winds (four players only) and four kans by more than one
// seat, and reports whether it did.
func (r *Round) abortAfterDiscard() bool {
	if r.turns == 4 && !r.anyCall && !r.windsBroken && r.np == NumSeats {
		r.endAbort(FourWinds)
		return true
	}
	if r.kans == 4 && r.kanOwners&(r.kanOwners-1) != 0 {
		r.endAbort(FourKans)
		return true
	}
	return false
}

// takeCall makes the call answered to the discard, pon and kan before
// chi, and reports whether there was one.
func (r *Round) takeCall() bool {
	for i := uint8(1); i < NumSeats; i++ {
		seat := (r.cur + i) % NumSeats
		if a := r.answers[seat]; a.Type == Pon || a.Type == Daiminkan {
			r.call(a)
			return true
		}
	}
	for i := uint8(1); i < NumSeats; i++ {
		seat := (r.cur + i) % NumSeats
		if a := r.answers[seat]; a.Type == Chi {
			r.call(a)
			return true
		}
	}
	return false
}

func (r *Round) cancelIppatsu() {
	for i := range r.seats {
		r.seats[i].ippatsu = false
	}
}

func (r *Round) call(a Action) {
	from := r.cur
	d := &r.seats[from]
	d.river[d.nRiver-1].Called = true
	d.nagashi = false
	s := &r.seats[a.Seat]
	for _, t := range a.Meld.TilesSlice()[1:] {
		s.remove(t)
	}
	s.melds[s.numMelds] = a.Meld
	s.meldInfo[s.numMelds] = MeldInfo{From: from, Turn: d.river[d.nRiver-1].Turn}
	s.numMelds++
	r.anyCall = true
	r.cancelIppatsu()
	r.cur = a.Seat
	r.checkPao(s, a.Meld, from)
	if a.Type == Daiminkan {
		r.openKanMade(a.Seat)
		r.drawRinshan()
		return
	}
	r.drawn = tile.NoTile
	r.rinshan = false
	r.afterCall = true
	r.kuikae = KuikaeBan(a.Meld)
	r.phase = PhaseTurn
}

// checkPao makes the discarder liable when a call completes the third dragon
// set or the fourth wind set.
func (r *Round) checkPao(s *seatState, m score.Meld, from uint8) {
	k := m.Tiles[0].Kind()
	if m.Type != score.Pon && m.Type != score.Daiminkan {
		return
	}
	dragons, winds := 0, 0
	for _, x := range s.melds[:s.numMelds] {
		if x.Type == score.Chi {
			continue
		}
		switch xk := x.Tiles[0].Kind(); {
		case xk.IsDragon():
			dragons++
		case xk.IsWind():
			winds++
		}
	}
	if (k.IsDragon() && dragons == 3) || (k.IsWind() && winds == 4) {
		s.pao = int8(from)
	}
}

func (r *Round) ankan(k tile.Kind) {
	s := &r.seats[r.cur]
	m := score.Meld{Type: score.Ankan}
	i := 0
	for _, t := range s.hand[:s.n] {
		if t.Kind() == k {
			m.Tiles[i] = t
			i++
		}
	}
	for _, t := range m.Tiles {
		s.remove(t)
	}
	s.melds[s.numMelds] = m
	s.meldInfo[s.numMelds] = MeldInfo{From: r.cur, Turn: uint8(r.turns)}
	s.numMelds++
	s.updateWaits()
	r.anyCall = true
	r.cancelIppatsu()
	r.revealPending()
	r.numDora++ // a closed kan shows its indicator at once
	r.kanOwners |= 1 << r.cur
	s.kans++
	r.pendingKan = Action{Type: Ankan, Seat: r.cur, Tile: m.Tiles[0]}
	r.lastTile = m.Tiles[0]
	r.openAnswers(PhaseChankan, m.Tiles[0])
}

func (r *Round) kakan(t tile.Tile) {
	s := &r.seats[r.cur]
	s.remove(t)
	for i := range s.melds[:s.numMelds] {
		if m := &s.melds[i]; m.Type == score.Pon && m.Tiles[0].Kind() == t.Kind() {
			m.Type = score.Kakan
			m.Tiles[3] = t
			s.meldInfo[i].Turn = uint8(r.turns)
		}
	}
	s.updateWaits()
	r.pendingKan = Action{Type: Kakan, Seat: r.cur, Tile: t}
	r.lastTile = t
	r.openAnswers(PhaseChankan, t)
}

// openKanMade records seat's open or added kan: an earlier kan's
// indicator shows now, this one's after the next discard (at once where
// the rules say so).
func (r *Round) openKanMade(seat uint8) {
	r.revealPending()
	r.pendingDora++
	if r.rules.OpenKanDoraAtOnce {
		r.revealPending()
	}
	r.kanOwners |= 1 << seat
	r.seats[seat].kans++
}

// finishKan completes a kan or a kita nobody robbed. A kita, like a kan,
// ends every ippatsu and every seat's first uninterrupted turn (Tenhou's
// records: no ippatsu, double riichi or nine-terminals draw after one).
func (r *Round) finishKan() {
	a := r.pendingKan
	r.anyCall = true
	r.cancelIppatsu()
	switch a.Type {
	case Kita:
		r.drawKitaReplacement()
		return
	case Kakan:
		// Only now, unrobbed, is the kan made.
		r.openKanMade(a.Seat)
	}
	r.drawRinshan()
}

// robbingKan reports whether a ron now robs a kan (chankan): in
// PhaseChankan for a kan, not for a kita, whose robbing win gets no
// chankan (Tenhou's records).
func (r *Round) robbingKan() bool {
	return r.phase == PhaseChankan && r.pendingKan.Type != Kita
}

// kita sets the North t aside for the seat to move; the others may rob
// it, then the seat draws its replacement. An open kan's pending dora
// indicator shows now, as before a kan (Tenhou's records).
func (r *Round) kita(t tile.Tile) {
	s := &r.seats[r.cur]
	s.remove(t)
	s.kita |= 1 << (t - tile.Tile(tile.North)*4)
	s.updateWaits()
	r.revealPending()
	r.pendingKan = Action{Type: Kita, Seat: r.cur, Tile: t}
	r.lastTile = t
	r.openAnswers(PhaseChankan, t)
}

func (r *Round) win(seats []uint8, t tile.Tile, tsumo, chankan bool) {
	res := &r.result
	res.Kind = Agari
	from := r.cur
	for i, seat := range seats {
		w := r.winInput(seat, t, tsumo, chankan, from)
		if i > 0 { // double ron: honba and sticks go to the first winner
			w.Honba, w.RiichiSticks = 0, 0
		}
		sr, err := score.Score(&w, &r.rules.Score)
		if err != nil {
			panic(fmt.Sprintf("game: win checked legal but scoring failed: %v", err))
		}
		res.Wins[i] = WinResult{Seat: seat, From: w.From, Tsumo: tsumo, Pao: r.seats[seat].pao, Win: w, Score: sr}
		res.NumWins++
		for j, p := range sr.Payments {
			res.Deltas[j] += p
			r.scores[j] += p
		}
		if seat == r.dealer {
			res.Renchan = true
		}
	}
	r.sticks = 0
	r.phase = PhaseEnd
}

func (r *Round) endAbort(k EndKind) {
	r.result.Kind = k
	r.result.Renchan = true
	r.phase = PhaseEnd
}

func (r *Round) endExhaustive() {
	res := &r.result
	res.Kind = ExhaustiveDraw
	nagashi := false
	for i := range r.seats {
		s := &r.seats[i]
		res.Tenpai[i] = s.waits != 0
		if s.nagashi && s.nRiver > 0 {
			res.Nagashi[i] = true
			nagashi = true
		}
	}
	np := int(r.np)
	if nagashi {
		// A mangan tsumo's payments, without the fourth seat's share with
		// three players (tsumo-son).
		for i := uint8(0); i < r.np; i++ {
			if !res.Nagashi[i] {
				continue
			}
			for j := uint8(0); j < r.np; j++ {
				if j == i {
					continue
				}
				pay := 2000
				if i == r.dealer || j == r.dealer {
					pay = 4000
				}
				res.Deltas[j] -= pay
				res.Deltas[i] += pay
			}
		}
	} else {
		// The noten seats pay 1,000 per seat beyond the first in all
		// (3,000; 2,000 with three players), shared among the tenpai ones.
		n := 0
		for _, t := range res.Tenpai {
			if t {
				n++
			}
		}
		if pool := 1000 * (np - 1); n > 0 && n < np {
			for i, t := range res.Tenpai[:np] {
				if t {
					res.Deltas[i] += pool / n
				} else {
					res.Deltas[i] -= pool / (np - n)
				}
			}
		}
	}
	for i, d := range res.Deltas {
		r.scores[i] += d
	}
	res.Renchan = res.Tenpai[r.dealer]
	r.phase = PhaseEnd
}
