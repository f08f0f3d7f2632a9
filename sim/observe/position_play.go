package observe

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/score"
)

// How a typed position becomes events: the rivers are replayed in turn
// order from the dealer, a marked discard handing the turn to its caller.
// This file builds those events, then the seat's own draws and deal.

// endKind is how the events end.
type endKind uint8

const (
	endAnswer endKind = iota + 1 // after another seat's discard the seat may call
	endDraw                      // after the seat's draw (or rinshan draw)
	endCall                      // after the seat's chi or pon, before its discard
)

// timeline is the events of a typed position, with where each came from.
type timeline struct {
	ev       []FaceEvent
	where    []string
	drawTurn [game.NumSeats][]bool        // per discard: its turn began with a wall draw
	callTurn [game.NumSeats]map[int]int   // meld index → the discard that followed the call
	riichiAt [game.NumSeats]int           // the riichi discard's index, or -1
	accepted [game.NumSeats]bool          // the riichi stick was paid
	end      endKind                      //
	fromWall bool                         // endDraw: a wall draw (not a daiminkan's rinshan)
	last     int                          // the seat of the last discard, or -1
	final    int                          // endDraw: the index of the seat's last draw
	shown    int                          // dora indicators shown
	openDora int                          // open kans whose indicator is not shown yet
	riichi   int                          // the seat whose riichi awaits acceptance, or -1
	kans     [game.NumSeats]map[int][]int // the closed and added kans before each discard
}

func (tl *timeline) emit(e FaceEvent, where string) {
	tl.ev = append(tl.ev, e)
	tl.where = append(tl.where, where)
}

func (tl *timeline) draw(s int, rinshan bool, where string) {
	tl.emit(FaceEvent{Type: "draw", Seat: intp(s), Rinshan: rinshan}, where)
}

// accept pays the pending riichi: it precedes the next draw or call.
func (tl *timeline) accept() {
	if s := tl.riichi; s >= 0 {
		tl.emit(FaceEvent{Type: "riichi_accepted", Seat: intp(s)}, fmt.Sprintf("river %d: the riichi (*)", s))
		tl.accepted[s], tl.riichi = true, -1
	}
}

// showDora shows the next dora indicator, for the kan of where.
func (b *posBuilder) showDora(tl *timeline, where string) error {
	if tl.shown >= len(b.dora) {
		return fmt.Errorf("dora: %d indicators, but %s shows one more (the first, then one per kan)", len(b.dora), where)
	}
	tl.emit(FaceEvent{Type: "dora", Tile: b.dora[tl.shown].face()}, fmt.Sprintf("dora %d (%s)", tl.shown+1, b.dora[tl.shown]))
	tl.shown++
	return nil
}

// play replays the rivers from the dealer, with the closed and added kans
// of kans (none at first, to learn the turns).
func (b *posBuilder) play(kans [game.NumSeats]map[int][]int) (*timeline, error) {
	tl := &timeline{last: -1, final: -1, shown: 1, riichi: -1, kans: kans}
	for s := range tl.riichiAt {
		tl.riichiAt[s], tl.callTurn[s] = -1, map[int]int{}
	}
	var pos, next [game.NumSeats]int // discards made; calls made
	cur, fromWall := int(b.setup.Dealer), true
	for {
		river, j := b.rivers[cur], pos[cur]
		if fromWall && j == len(river) {
			return tl, b.endOnDraw(tl, cur, &pos, &next)
		}
		if j == len(river) {
			return tl, b.endOnCall(tl, cur, &pos, &next)
		}
		t := river[j]
		where := fmt.Sprintf("river %d, discard %d (%s)", cur, j+1, t)
		tl.drawTurn[cur] = append(tl.drawTurn[cur], fromWall)
		if fromWall {
			tl.accept()
			tl.draw(cur, false, where+": its draw")
			b.kitasAt(tl, cur, j)
			if err := b.kansAt(tl, cur, j); err != nil {
				return nil, err
			}
		}
		for ; tl.openDora > 0; tl.openDora-- {
			if err := b.showDora(tl, where+", after an open kan,"); err != nil {
				return nil, err
			}
		}
		pos[cur]++
		tl.emit(FaceEvent{Type: "discard", Seat: intp(cur), Tile: t.face(), Tsumogiri: t.tsumogiri, Riichi: t.riichi}, where)
		tl.last = cur
		if t.riichi {
			tl.riichi, tl.riichiAt[cur] = cur, j
		}
		if t.calledBy < 0 {
			cur, fromWall = (cur+1)%b.n, true
			continue
		}
		if err := b.call(tl, cur, t, where, &pos, &next); err != nil {
			return nil, err
		}
		cur, fromWall = t.calledBy, false
	}
}

// call makes the call of discard t of seat from: its caller's next meld.
func (b *posBuilder) call(tl *timeline, from int, t riverTile, where string, pos, next *[game.NumSeats]int) error {
	c := t.calledBy
	if next[c] == len(b.open[c]) {
		return fmt.Errorf("%s: marked as called by seat %d, whose melds have no call left for it", where, c)
	}
	mi := b.open[c][next[c]]
	m := &b.melds[c][mi]
	mwhere := fmt.Sprintf("melds %d: %s", c, m.text)
	switch {
	case m.typ == score.Chi && c != (from+1)%game.NumSeats:
		return fmt.Errorf("%s: marked as called by seat %d, whose next call is a chi (%s): a chi calls the previous seat's discard, marked -", where, c, mwhere)
	case m.tiles[m.called].face() != t.face():
		return fmt.Errorf("%s: called by seat %d, but its meld (%s) calls %s", where, c, mwhere, m.tiles[m.called].face())
	}
	m.from = from
	next[c]++
	tl.accept()
	typ := score.Pon
	switch m.typ {
	case score.Chi, score.Daiminkan:
		typ = m.typ
	}
	own := m.own()
	if m.typ == score.Daiminkan {
		own = own[:3]
	}
	tl.emit(FaceEvent{Type: typ.String(), Seat: intp(c), From: intp(from), Tile: t.face(), Tiles: own}, fmt.Sprintf("%s (%s)", mwhere, where))
	tl.callTurn[c][mi] = pos[c]
	if m.typ == score.Daiminkan {
		tl.draw(c, true, mwhere+": the rinshan draw")
		tl.openDora++
	}
	return nil
}

// kansAt makes seat s's closed and added kans before its discard j, each
// followed by its rinshan draw.
func (b *posBuilder) kansAt(tl *timeline, s, j int) error {
	if tl.kans[s] == nil {
		return nil
	}
	for _, mi := range tl.kans[s][j] {
		m := &b.melds[s][mi]
		where := fmt.Sprintf("melds %d: %s", s, m.text)
		if m.typ == score.Ankan {
			faces := make([]string, 4)
			for i, t := range m.tiles {
				faces[i] = t.face()
			}
			tl.emit(FaceEvent{Type: "ankan", Seat: intp(s), Tiles: faces}, where)
			if err := b.showDora(tl, where); err != nil {
				return err
			}
		} else {
			tl.emit(FaceEvent{Type: "kakan", Seat: intp(s), Tile: m.tiles[3].face()}, where)
			tl.openDora++
		}
		tl.draw(s, true, where+": the rinshan draw")
	}
	return nil
}

// allPlayed checks that every river and call was used when seat cur's
// turn finds its river done.
func (b *posBuilder) allPlayed(cur int, pos, next *[game.NumSeats]int) error {
	for s := range b.rivers {
		if pos[s] < len(b.rivers[s]) {
			return fmt.Errorf("river %d: %d discards, but the turn comes to seat %d after the last of its %d: the rivers do not fit the turn order (from the dealer, seat %d, each seat discards in turn; a call moves the turn to the caller)%s",
				s, len(b.rivers[s]), cur, pos[cur], b.setup.Dealer, b.riverLengths())
		}
	}
	for s := range b.open {
		if next[s] < len(b.open[s]) {
			m := &b.melds[s][b.open[s][next[s]]]
			return fmt.Errorf("melds %d: %s: no discard is marked as called by seat %d for it (in the discarder's river, - for the next seat, = the opposite, + the previous)", s, m.text, s)
		}
	}
	return nil
}

func (b *posBuilder) riverLengths() string {
	var parts []string
	for s := range b.n {
		parts = append(parts, fmt.Sprintf("seat %d: %d", s, len(b.rivers[s])))
	}
	return " (discards by seat: " + strings.Join(parts, ", ") + ")"
}

// endOnDraw ends the events when seat cur is to draw with its river done.
func (b *posBuilder) endOnDraw(tl *timeline, cur int, pos, next *[game.NumSeats]int) error {
	if err := b.allPlayed(cur, pos, next); err != nil {
		return err
	}
	if !b.hasDraw {
		switch tl.last {
		case -1:
			return fmt.Errorf("hand: %d tiles and no discard to answer: give the draw of the dealer, seat %d", len(b.hand), b.setup.Dealer)
		case b.seat:
			return fmt.Errorf("hand: %d tiles, but the last discard is seat %d's own: give its draw (the turn is seat %d's%s)", len(b.hand), b.seat, cur, b.riverLengths())
		}
		tl.end = endAnswer
		return nil
	}
	if cur != b.seat {
		return fmt.Errorf("hand: %d tiles with a draw, but after these rivers seat %d is to draw, not seat %d: a river is a discard too long or too short%s",
			len(b.hand)+len(b.draw), cur, b.seat, b.riverLengths())
	}
	tl.accept()
	tl.draw(cur, false, "draw")
	tl.drawTurn[cur] = append(tl.drawTurn[cur], true)
	b.kitasAt(tl, cur, pos[cur])
	if err := b.kansAt(tl, cur, pos[cur]); err != nil {
		return err
	}
	tl.end, tl.fromWall, tl.final = endDraw, true, len(tl.ev)-1
	return nil
}

// endOnCall ends the events when seat cur has called with its river done.
func (b *posBuilder) endOnCall(tl *timeline, cur int, pos, next *[game.NumSeats]int) error {
	if err := b.allPlayed(cur, pos, next); err != nil {
		return err
	}
	last := tl.ev[len(tl.ev)-1]
	if cur != b.seat {
		return fmt.Errorf("%s: seat %d called and has no discard after it: only the deciding seat, %d, ends the position on a call", tl.where[len(tl.where)-1], cur, b.seat)
	}
	if !b.hasDraw {
		return fmt.Errorf("hand: %d tiles, but seat %d has just called (%s): it holds %d", len(b.hand), cur, tl.where[len(tl.where)-1], len(b.hand)+1)
	}
	if last.Type == "draw" { // a daiminkan's rinshan draw
		tl.end, tl.final = endDraw, len(tl.ev)-1
		return nil
	}
	if len(b.draw) > 0 {
		return fmt.Errorf("draw: seat %d has just called (%s) and draws nothing before its discard", cur, tl.where[len(tl.where)-1])
	}
	tl.end = endCall
	return nil
}

// schedule places every closed and added kan before a discard of its
// seat (docs/OBSERVATION.md): at @N if written, an ankan of a seat in
// riichi at its riichi turn, else the seat's last turn that began with a
// draw (for a kakan, after its pon), else the deciding seat's turn now.
// any says whether there is such a kan.
func (b *posBuilder) schedule(tl *timeline) (kans [game.NumSeats]map[int][]int, any bool, err error) {
	for s := range b.melds {
		kans[s] = map[int][]int{}
		for mi := range b.melds[s] {
			if !b.melds[s][mi].closedKan() {
				continue
			}
			j, err := b.kanTurn(tl, s, mi)
			if err != nil {
				return kans, false, err
			}
			kans[s][j] = append(kans[s][j], mi)
			any = true
		}
	}
	return kans, any, nil
}

// kanTurn is the discard of seat s that meld mi's kan comes before.
func (b *posBuilder) kanTurn(tl *timeline, s, mi int) (int, error) {
	m := &b.melds[s][mi]
	n := len(b.rivers[s])
	after := -1
	if m.typ == score.Kakan {
		after = tl.callTurn[s][mi]
	}
	ok := func(j int) bool {
		switch {
		case j <= after || j > n:
			return false
		case j < n:
			return tl.drawTurn[s][j]
		}
		return s == b.seat && tl.end == endDraw && tl.fromWall
	}
	where := fmt.Sprintf("melds %d: %s", s, m.text)
	if m.at >= 0 {
		if !ok(m.at) {
			return 0, fmt.Errorf("%s: @%d: not a turn of seat %d that began with a draw%s", where, m.at+1, s, kakanNote(m))
		}
		return m.at, nil
	}
	if r := tl.riichiAt[s]; m.typ == score.Ankan && r >= 0 && ok(r) {
		return r, nil
	}
	for j := n - 1; j >= 0; j-- {
		if ok(j) {
			return j, nil
		}
	}
	if ok(n) {
		return n, nil
	}
	return 0, fmt.Errorf("%s: seat %d has no turn that began with a draw to make this kan on%s", where, s, kakanNote(m))
}

func kakanNote(m *posMeld) string {
	if m.typ == score.Kakan {
		return " after its pon"
	}
	return ""
}

// fillOwn walks the seat's own events back from its hand now: each
// discard and meld returns its tiles to the hand, each draw takes one
// out. A draw before a tsumogiri discard drew that tile; any other draw
// drew the last tile of the hand in tenhou order that is not the discard
// after it. What is left is the deal, in tenhou order.
func (b *posBuilder) fillOwn(tl *timeline) ([]string, error) {
	var hand []string
	for _, t := range b.hand {
		hand = append(hand, t.face())
	}
	drawn := ""
	if tl.end == endDraw {
		if len(b.draw) == 1 {
			drawn = b.draw[0].face()
		} else {
			drawn, hand = hand[len(hand)-1], hand[:len(hand)-1]
		}
		hand = append(hand, drawn)
	}
	var after *FaceEvent // the seat's next event in time
	for i := len(tl.ev) - 1; i >= 0; i-- {
		e := &tl.ev[i]
		if e.Seat == nil || *e.Seat != b.seat || e.Type == "riichi_accepted" {
			continue
		}
		switch e.Type {
		case "discard", "kakan", "kita":
			hand = append(hand, e.Tile)
		case "chi", "pon", "daiminkan", "ankan":
			hand = append(hand, e.Tiles...)
		case "draw":
			e.Tile = ownDraw(hand, after, i == tl.final, drawn)
			k := slices.Index(hand, e.Tile)
			if k < 0 {
				return nil, fmt.Errorf("%s: no %s in the hand to have drawn", tl.where[i], e.Tile)
			}
			hand = slices.Delete(hand, k, k+1)
		}
		after = e
	}
	if len(hand) != 13 {
		return nil, fmt.Errorf("hand: the seat's tiles make a deal of %d, not 13", len(hand))
	}
	return sortFaceNames(hand), nil
}

// ownDraw picks the tile a draw of the seat drew (fillOwn).
func ownDraw(hand []string, after *FaceEvent, final bool, drawn string) string {
	switch {
	case final:
		return drawn
	case after != nil && after.Type == "discard" && after.Tsumogiri, after != nil && after.Type == "kita":
		return after.Tile
	}
	avoid := ""
	if after != nil && after.Type == "discard" {
		avoid = after.Tile
	}
	sorted := sortFaceNames(slices.Clone(hand))
	for i := len(sorted) - 1; i >= 0; i-- {
		if sorted[i] != avoid {
			return sorted[i]
		}
	}
	return avoid
}

// sortFaceNames sorts faces in tenhou order, a red five first.
func sortFaceNames(fs []string) []string {
	key := func(f string) int { // a red five just before the fives
		if f[0] == '0' {
			return 20*strings.IndexByte("mpsz", f[1]) + 9
		}
		return 20*strings.IndexByte("mpsz", f[1]) + 2*int(f[0]-'0')
	}
	slices.SortStableFunc(fs, func(a, c string) int { return key(a) - key(c) })
	return fs
}

// fixScores turns the scores and sticks now into those at the round's
// start (a riichi paid this round returns to its seat) and warns of
// scores that do not add up.
func (b *posBuilder) fixScores(tl *timeline) ([]string, error) {
	paid := 0
	for s, ok := range tl.accepted {
		if ok {
			paid++
			if b.scores { // the default is the start points at the round's start
				b.setup.Scores[s] += 1000
			}
		}
	}
	sticks := b.sticks
	if sticks < 0 {
		sticks = paid
	}
	if sticks < paid {
		return nil, fmt.Errorf("sticks: %d, but the riichi of this round put %d on the table", sticks, paid)
	}
	b.setup.Sticks = sticks - paid
	if !b.scores {
		return nil, nil
	}
	var warn []string
	sum := 1000 * sticks
	for s, p := range b.setup.Scores {
		now := p
		if tl.accepted[s] {
			now -= 1000
		}
		sum += now
		if now%100 != 0 {
			warn = append(warn, fmt.Sprintf("scores: seat %d's %d is not a multiple of 100", s, now))
		}
	}
	if want := b.n * b.rules.StartPoints; sum != want {
		warn = append(warn, fmt.Sprintf("scores: with the %d sticks on the table they make %d, not %d: a score mistyped?", sticks, sum, want))
	}
	return warn, nil
}

// observation feeds the events to a FaceObservation, as the JSON form's
// reader does; an impossible event is named by where it came from.
func (b *posBuilder) observation(tl *timeline, dealt []string) (*Observation, error) {
	f, err := newFaceObservation(b.rules, b.setup, b.seat, dealt, b.dora[0].face())
	if err != nil {
		return nil, fmt.Errorf("round, scores or sticks: %w", unprefixed(err))
	}
	for i := range tl.ev {
		if err := f.append(&tl.ev[i], "event"); err != nil {
			return nil, fmt.Errorf("%s: %w", tl.where[i], unprefixed(err))
		}
	}
	return f.o, nil
}

// unprefixed drops the prefix the JSON form's errors carry.
func unprefixed(err error) error {
	if oe, ok := errors.AsType[*ObservationError](err); ok {
		return errors.New(oe.Msg)
	}
	return errors.New(strings.TrimPrefix(err.Error(), "observe: observation JSON: "))
}
