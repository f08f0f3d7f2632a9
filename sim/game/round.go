package game

import (
	"fmt"

	"github.com/mjrank/mjrank/sim/hand"
	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// NumSeats is the number of players.
const NumSeats = 4

// maxRiver bounds one player's discards: 70 live draws and 4 rinshan draws
// spread over four players leave no seat more than 30 discards.
const maxRiver = 32

// RiverTile is one discard as everyone saw it.
type RiverTile struct {
	Tile      tile.Tile
	Tsumogiri bool // the tile just drawn was discarded
	Riichi    bool // the riichi declaration tile
	Called    bool // another player called it (it left the river)
	// Turn is the discard's place in the round's order of discards: 0 for
	// the round's first, counting every seat's discards, called ones
	// included. Comparing the turns of two seats' discards says which came
	// first, which a river's own order cannot (a call skips seats).
	Turn uint8
}

// MeldInfo is where and when a meld came from: the meld of the same index
// in [Round.Melds] (and [View.Melds]).
type MeldInfo struct {
	// From is the seat whose discard was called (for a kakan, the seat its
	// pon was called from), or the owner itself for an ankan.
	From uint8
	// Turn is when the meld was made: for chi, pon and daiminkan the
	// [RiverTile.Turn] of the called discard; for ankan and kakan the number
	// of discards made before the kan. (A kakan's pon was called at the
	// Turn of its called tile, Tiles[0], in From's river.)
	Turn uint8
}

type riichiState uint8

const (
	noRiichi riichiState = iota
	riichiDeclared
	riichiAccepted
)

// seatState is everything the round knows about one seat.
type seatState struct {
	hand     [score.MaxHand]tile.Tile // concealed tiles, in no particular order
	n        uint8
	counts   tile.Counts
	melds    [score.MaxMelds]score.Meld
	meldInfo [score.MaxMelds]MeldInfo
	numMelds uint8
	river    [maxRiver]RiverTile
	nRiver   uint8

	riichi        riichiState
	doubleRiichi  bool
	ippatsu       bool
	tempFuriten   bool // passed a winning tile since the last own discard
	riichiFuriten bool // passed a winning tile after riichi: for the rest of the round
	discarded     tile.KindSet
	waits         tile.KindSet // kinds that complete the 3n+1 hand (own karaten removed)
	kans          uint8
	nagashi       bool // every discard terminal or honour, none called
	pao           int8 // seat liable for daisangen/daisuushii, or -1
}

func (s *seatState) open() bool {
	for _, m := range s.melds[:s.numMelds] {
		if m.Open() {
			return true
		}
	}
	return false
}

func (s *seatState) add(t tile.Tile) {
	s.hand[s.n] = t
	s.n++
	s.counts[t.Kind()]++
}

// remove takes tile t out of the hand; it reports false if t is not there.
func (s *seatState) remove(t tile.Tile) bool {
	for i := uint8(0); i < s.n; i++ {
		if s.hand[i] == t {
			s.n--
			s.hand[i] = s.hand[s.n]
			s.counts[t.Kind()]--
			return true
		}
	}
	return false
}

func (s *seatState) has(t tile.Tile) bool {
	for _, x := range s.hand[:s.n] {
		if x == t {
			return true
		}
	}
	return false
}

// updateWaits recomputes the waits of a 3n+1 hand.
func (s *seatState) updateWaits() {
	w, own := hand.WaitInfo(&s.counts)
	s.waits = w &^ own
}

func (s *seatState) furiten() bool {
	return s.tempFuriten || s.riichiFuriten || s.waits&s.discarded != 0
}

// EndKind is how a round ended.
type EndKind uint8

// Round endings.
const (
	NotEnded       EndKind = iota
	Agari                  // one or two players won
	ExhaustiveDraw         // the live wall ran out (ryuukyoku), nagashi mangan included
	NineTerminals          // kyuushu kyuuhai (yao9)
	FourWinds              // suufon renda (kaze4)
	FourRiichi             // suucha riichi (reach4)
	FourKans               // suukaikan (kan4)
	TripleRon              // sanchahou (ron3)
)

var endNames = [...]string{"not ended", "agari", "exhaustive draw", "nine terminals", "four winds", "four riichi", "four kans", "triple ron"}

func (k EndKind) String() string {
	if int(k) < len(endNames) {
		return endNames[k]
	}
	return fmt.Sprintf("EndKind(%d)", uint8(k))
}

// IsAbort reports whether k is an abortive draw.
func (k EndKind) IsAbort() bool { return k >= NineTerminals }

// WinResult is one win: who, from whom, the scored hand and its score.
type WinResult struct {
	Seat, From uint8 // From == Seat on tsumo
	Tsumo      bool
	Pao        int8 // liable seat, or -1
	Win        score.Win
	Score      score.Result
}

// Result is how a round ended and what it paid.
type Result struct {
	Kind    EndKind
	Wins    [2]WinResult // Wins[:NumWins], in turn order from the discarder
	NumWins uint8
	Tenpai  [NumSeats]bool // at an exhaustive draw: who was tenpai
	Nagashi [NumSeats]bool // at an exhaustive draw: who had nagashi mangan
	// Deltas is each seat's point change at the round's end (wins, tenpai
	// and nagashi payments, riichi sticks taken). Riichi deposits made
	// during the round are not in it: they left the scores when accepted.
	Deltas [NumSeats]int
	// Renchan: the dealer keeps the deal.
	Renchan bool
}

// Round is one hand of mahjong from the deal to its end. Create it with
// [NewRound]; drive it with [Round.Apply]; read it through accessors or a
// seat's [View].
//
// A Round is a plain value: it holds no pointer, slice, map, string or
// interface, at any depth (its rules included, copied in by [Round.Reset]),
// so an assignment r2 := *r is an independent clone that can be played on
// without touching r — what a search that tries moves or rolls rounds out
// needs. TestRoundIsAValue keeps it so. Slices the accessors return point
// into the Round they were called on.
type Round struct {
	rules  Rules
	index  int // 0 = East 1, 4 = South 1, ...
	honba  int
	sticks int // riichi sticks on the table
	dealer uint8
	scores [NumSeats]int
	wall   Wall

	next        int // wall index of the next live draw
	kans        int // kans made (rinshan tiles taken)
	numDora     int // dora indicators revealed
	pendingDora int // open/added kans whose indicator comes after the discard

	seats [NumSeats]seatState

	phase       Phase
	cur         uint8     // the player to move, or the discarder in PhaseCall
	drawn       tile.Tile // the tile cur just drew, NoTile after a call
	rinshan     bool      // drawn came from the dead wall
	afterCall   bool      // cur called chi or pon and must discard
	kuikae      tile.KindSet
	anyCall     bool // a call or closed kan has happened this round
	turns       int  // discards made so far: the Turn of the next discard
	lastTile    tile.Tile
	pendingKan  Action // the kan waiting in PhaseChankan
	mustAnswer  uint8  // seats that still have to answer in PhaseCall/PhaseChankan
	canAnswer   uint8  // seats that had something to answer
	answers     [NumSeats]Action
	kanOwners   uint8 // bit mask of seats that made a kan
	result      Result
	firstWind   tile.Kind
	windsBroken bool
	scratch     score.Win // canWin's score input
}

// RoundSetup is where a round starts.
type RoundSetup struct {
	Index  int // 0 = East 1 … 3 = East 4, 4 = South 1, …
	Honba  int
	Sticks int // riichi sticks on the table from earlier rounds
	Dealer uint8
	Scores [NumSeats]int
}

// NewRound deals w for the setup. The dealer's 13 tiles are w[0:13], the next
// seat's w[13:26], and so on; the first dora indicator is w[DoraIndex]. The
// dealer then draws w[52]. w must hold every tile once.
func NewRound(rules *Rules, setup RoundSetup, w *Wall) (*Round, error) {
	r := new(Round)
	if err := r.Reset(rules, setup, w); err != nil {
		return nil, err
	}
	return r, nil
}

// Reset starts r afresh as NewRound does, reusing its memory. The rules
// are copied: r does not keep the pointer.
func (r *Round) Reset(rules *Rules, setup RoundSetup, w *Wall) error {
	if !w.Valid() {
		return fmt.Errorf("game: wall does not hold the 136 tiles once each")
	}
	if setup.Dealer >= NumSeats || setup.Index < 0 || setup.Honba < 0 || setup.Sticks < 0 {
		return fmt.Errorf("game: bad round setup %+v", setup)
	}
	*r = Round{rules: *rules, index: setup.Index, honba: setup.Honba, sticks: setup.Sticks,
		dealer: setup.Dealer, scores: setup.Scores, wall: *w, next: DealSize, numDora: 1}
	for i := range r.seats {
		s := &r.seats[i]
		s.pao = -1
		s.nagashi = true
		rel := (uint8(i) + NumSeats - r.dealer) % NumSeats
		for _, t := range w[13*int(rel) : 13*int(rel)+13] {
			s.add(t)
		}
		s.updateWaits()
	}
	r.cur = r.dealer
	r.drawLive()
	return nil
}

// Accessors.

// Phase returns what the round waits for.
func (r *Round) Phase() Phase { return r.phase }

// Current returns the player to move (PhaseTurn) or the discarder or kan
// maker being answered (PhaseCall, PhaseChankan).
func (r *Round) Current() int { return int(r.cur) }

// Index returns the round index: 0 = East 1, 4 = South 1.
func (r *Round) Index() int { return r.index }

// RoundWind returns the prevailing wind.
func (r *Round) RoundWind() tile.Kind { return tile.East + tile.Kind(r.index/4%4) }

// SeatWind returns seat's wind this round.
func (r *Round) SeatWind(seat int) tile.Kind {
	return tile.East + tile.Kind((uint8(seat)+NumSeats-r.dealer)%NumSeats)
}

// Dealer returns the dealer's seat.
func (r *Round) Dealer() int { return int(r.dealer) }

// Honba returns the repeat counter.
func (r *Round) Honba() int { return r.honba }

// Sticks returns the riichi sticks on the table.
func (r *Round) Sticks() int { return r.sticks }

// Scores returns the current scores (riichi deposits already taken).
func (r *Round) Scores() [NumSeats]int { return r.scores }

// LiveRemaining returns how many tiles can still be drawn from the live wall.
func (r *Round) LiveRemaining() int { return RinshanIndex - r.kans - r.next }

// DoraIndicators returns the revealed dora indicators.
func (r *Round) DoraIndicators() []tile.Tile { return r.wall[DoraIndex : DoraIndex+r.numDora] }

// Drawn returns the tile the player to move just drew, or NoTile.
func (r *Round) Drawn() tile.Tile { return r.drawn }

// LastTile returns the discard (or kan tile) being answered.
func (r *Round) LastTile() tile.Tile { return r.lastTile }

// Hand returns seat's concealed tiles (unordered; do not modify).
func (r *Round) Hand(seat int) []tile.Tile { s := &r.seats[seat]; return s.hand[:s.n] }

// Counts returns seat's concealed tiles by kind.
func (r *Round) Counts(seat int) tile.Counts { return r.seats[seat].counts }

// Melds returns seat's melds (do not modify).
func (r *Round) Melds(seat int) []score.Meld { s := &r.seats[seat]; return s.melds[:s.numMelds] }

// MeldInfos returns where and when each of seat's melds came from, index
// for index with Melds (do not modify).
func (r *Round) MeldInfos(seat int) []MeldInfo {
	s := &r.seats[seat]
	return s.meldInfo[:s.numMelds]
}

// Turns returns the number of discards made in the round so far, every
// seat's counted: the [RiverTile.Turn] the next discard will have.
func (r *Round) Turns() int { return r.turns }

// River returns seat's discards in order (do not modify).
func (r *Round) River(seat int) []RiverTile { s := &r.seats[seat]; return s.river[:s.nRiver] }

// InRiichi reports whether seat's riichi is declared (accepted or about to be).
func (r *Round) InRiichi(seat int) bool { return r.seats[seat].riichi != noRiichi }

// RiichiAccepted reports whether seat's riichi stick has been paid.
func (r *Round) RiichiAccepted(seat int) bool { return r.seats[seat].riichi == riichiAccepted }

// Waits returns the waits of seat's hand when it holds 3n+1 tiles.
func (r *Round) Waits(seat int) tile.KindSet { return r.seats[seat].waits }

// Furiten reports whether seat may not win by ron now.
func (r *Round) Furiten(seat int) bool { return r.seats[seat].furiten() }

// Result returns how the round ended; Kind is NotEnded before PhaseEnd.
func (r *Round) Result() *Result { return &r.result }

// Wall returns the round's wall.
func (r *Round) Wall() *Wall { return &r.wall }

// MustAnswer reports whether seat still has to answer in PhaseCall or
// PhaseChankan.
func (r *Round) MustAnswer(seat int) bool { return r.mustAnswer&(1<<seat) != 0 }

// ToAct returns the seat whose decision the round waits for: the seat to
// move in PhaseTurn, else the first seat that must still answer; −1 once
// the round has ended.
func (r *Round) ToAct() int {
	switch r.phase {
	case PhaseEnd:
		return -1
	case PhaseTurn:
		return int(r.cur)
	}
	for s := range NumSeats {
		if r.MustAnswer(s) {
			return s
		}
	}
	return int(r.cur)
}

// Draws.

func (r *Round) drawLive() {
	t := r.wall[r.next]
	r.next++
	r.draw(t, false)
}

func (r *Round) drawRinshan() {
	t := r.wall[RinshanIndex+r.kans]
	r.kans++
	r.draw(t, true)
}

// draw gives t to the seat to move and opens its turn.
func (r *Round) draw(t tile.Tile, rinshan bool) {
	r.seats[r.cur].add(t)
	r.drawn = t
	r.rinshan = rinshan
	r.afterCall = false
	r.kuikae = 0
	r.phase = PhaseTurn
}

func (r *Round) revealPending() {
	for r.pendingDora > 0 {
		r.pendingDora--
		r.numDora++
	}
}

// Legality.

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
// riichi yet, a closed hand not just after a call, 1000 points, 4 live
// tiles, and a hand some discard leaves tenpai (shanten 0 or complete).
func (r *Round) riichiPossible() bool {
	s := &r.seats[r.cur]
	if s.riichi != noRiichi || r.afterCall || s.open() || r.scores[r.cur] < 1000 || r.LiveRemaining() < 4 {
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
	copy(w.Dora[:], r.wall[DoraIndex:DoraIndex+r.numDora])
	w.NumDora = uint8(r.numDora)
	if w.Riichi {
		copy(w.UraDora[:], r.wall[UraIndex:UraIndex+r.numDora])
		w.NumUraDora = uint8(r.numDora)
	}
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

func (r *Round) canRon(seat uint8, t tile.Tile, chankan bool) bool {
	s := &r.seats[seat]
	if !s.waits.Has(t.Kind()) || s.furiten() {
		return false
	}
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
		if !riichiAnkanKeepsWaits(&before, k) {
			return false
		}
	}
	return true
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
		if seat != (r.cur+1)%NumSeats {
			return false
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
	if seat == (r.cur+1)%NumSeats && !k.IsHonor() {
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
	if !maybe && seat == (r.cur+1)%NumSeats && !k.IsHonor() {
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

// resolve settles the answers to a discard or kan by priority.
func (r *Round) resolve() {
	t := r.lastTile
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
		return
	}
	if n > 0 {
		r.win(rons[:n], t, false, r.phase == PhaseChankan)
		return
	}
	// Nobody won: a missed winning tile makes furiten. A closed kan's tile
	// counts only for those who could rob it (kokushi).
	closedKan := r.phase == PhaseChankan && r.pendingKan.Type == Ankan
	for i := uint8(0); i < NumSeats; i++ {
		s := &r.seats[i]
		if closedKan && r.canAnswer&(1<<i) == 0 {
			continue
		}
		if i != r.cur && s.waits.Has(t.Kind()) {
			s.tempFuriten = true
			if s.riichi == riichiAccepted {
				s.riichiFuriten = true
			}
		}
	}
	if r.phase == PhaseChankan {
		r.finishKan()
		return
	}
	d := &r.seats[r.cur]
	if d.riichi == riichiDeclared {
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
			return
		}
	}
	if r.turns == 4 && !r.anyCall && !r.windsBroken {
		r.endAbort(FourWinds)
		return
	}
	if r.kans == 4 && r.kanOwners&(r.kanOwners-1) != 0 {
		r.endAbort(FourKans)
		return
	}
	// Pon and kan before chi.
	for i := uint8(1); i < NumSeats; i++ {
		seat := (r.cur + i) % NumSeats
		if a := r.answers[seat]; a.Type == Pon || a.Type == Daiminkan {
			r.call(a)
			return
		}
	}
	for i := uint8(1); i < NumSeats; i++ {
		seat := (r.cur + i) % NumSeats
		if a := r.answers[seat]; a.Type == Chi {
			r.call(a)
			return
		}
	}
	if r.LiveRemaining() == 0 {
		r.endExhaustive()
		return
	}
	r.cur = (r.cur + 1) % NumSeats
	r.drawLive()
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

// finishKan completes a kan nobody robbed.
func (r *Round) finishKan() {
	a := r.pendingKan
	r.anyCall = true
	r.cancelIppatsu()
	if a.Type == Kakan {
		// Only now, unrobbed, is the kan made.
		r.openKanMade(a.Seat)
	}
	r.drawRinshan()
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
	if nagashi {
		for i := uint8(0); i < NumSeats; i++ {
			if !res.Nagashi[i] {
				continue
			}
			for j := uint8(0); j < NumSeats; j++ {
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
		n := 0
		for _, t := range res.Tenpai {
			if t {
				n++
			}
		}
		if n > 0 && n < NumSeats {
			for i, t := range res.Tenpai {
				if t {
					res.Deltas[i] += 3000 / n
				} else {
					res.Deltas[i] -= 3000 / (NumSeats - n)
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
