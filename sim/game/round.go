package game

import (
	"fmt"
	"math/bits"

	"github.com/mjrank/mjrank/sim/hand"
	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// NumSeats is the number of seats of the per-seat arrays: the players of
// a four-player game. A three-player round ([Rules.Players] 3) plays seats
// 0..2; seat 3 stays empty (no tiles, score 0) and never acts.
const NumSeats = 4

// MaxRiver bounds one seat's discards (its river, called tiles included):
// 70 live draws and 4 rinshan draws spread over four players leave no seat
// more than 30 discards; with three players a seat's turns are at most its
// share of the 55 live draws (19), one more for each call the two others
// make (8) and one for each of its own calls (4): 31. A kita's replacement
// draw adds no discard.
const MaxRiver = 32

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
	river    [MaxRiver]RiverTile
	nRiver   uint8

	riichi        riichiState
	doubleRiichi  bool
	ippatsu       bool
	tempFuriten   bool // passed a winning tile since the last own discard
	riichiFuriten bool // passed a winning tile after riichi: for the rest of the round
	discarded     tile.KindSet
	waits         tile.KindSet // kinds that complete the 3n+1 hand (own karaten removed)
	kans          uint8
	nagashi       bool  // every discard terminal or honour, none called
	pao           int8  // seat liable for daisangen/daisuushii, or -1
	kita          uint8 // Norths set aside (kita): bit i for tile id 4·North+i
}

// numKita returns how many Norths the seat has set aside.
func (s *seatState) numKita() int { return bits.OnesCount8(s.kita) }

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
	FourWinds              // suufon renda (kaze4); four players only
	FourRiichi             // suucha riichi (reach4); four players only
	FourKans               // suukaikan (kan4)
	TripleRon              // sanchahou (ron3); four players only
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
	np     uint8 // seats in play: rules.Players()
	doraAt uint8 // wall index of the first dora indicator ([Layout].Dora)

	next        int // wall index of the next live draw
	liveEnd     int // wall index after the last live draw: it moves with each replacement draw
	kans        int // kans made (rinshan tiles taken)
	kitas       int // kitas made (replacement tiles taken)
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
// dealer then draws w[52]. w must hold every tile once. With three players
// (rules.Players() 3) w is laid out as [Layout3]: the deal is w[0:39], the
// dealer draws w[39], the first dora indicator is w[98].
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
	np := rules.Players()
	lay := LayoutFor(np)
	if !w.ValidFor(np) {
		return fmt.Errorf("game: wall does not hold the %d tiles of a %d-player game once each", lay.Tiles, np)
	}
	if int(setup.Dealer) >= np || setup.Index < 0 || setup.Honba < 0 || setup.Sticks < 0 {
		return fmt.Errorf("game: bad round setup %+v", setup)
	}
	for i := np; i < NumSeats; i++ {
		if setup.Scores[i] != 0 {
			return fmt.Errorf("game: bad round setup: seat %d scores %d, but it is empty with %d players", i, setup.Scores[i], np)
		}
	}
	*r = Round{rules: *rules, index: setup.Index, honba: setup.Honba, sticks: setup.Sticks,
		dealer: setup.Dealer, scores: setup.Scores, wall: *w, next: lay.Deal, numDora: 1,
		np: uint8(np), doraAt: uint8(lay.Dora), liveEnd: lay.Rinshan}
	for i := range r.seats {
		s := &r.seats[i]
		s.pao = -1
		s.nagashi = true
		if i >= np {
			continue
		}
		rel := (i + np - int(r.dealer)) % np
		for _, t := range w[13*rel : 13*rel+13] {
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

// Rules returns the rules the round is played under.
func (r *Round) Rules() Rules { return r.rules }

// Players returns the number of seats in play, 4 or 3 ([Rules.Players]).
func (r *Round) Players() int { return int(r.np) }

// Draws returns how many tiles have been drawn so far from the live wall
// (the dealer's first draw included, the deal not) and from the dead wall
// (one replacement draw per kan and per kita). [Round.LiveRemaining] falls
// by one for either, so only these counts say which wall a draw came from.
func (r *Round) Draws() (live, rinshan int) { return r.next - 13*int(r.np), r.kans + r.kitas }

// Kita returns how many Norths seat has set aside (nukidora) this round.
func (r *Round) Kita(seat int) int { return r.seats[seat].numKita() }

// Current returns the player to move (PhaseTurn) or the discarder or kan
// maker being answered (PhaseCall, PhaseChankan).
func (r *Round) Current() int { return int(r.cur) }

// Index returns the round index: 0 = East 1, 4 = South 1.
func (r *Round) Index() int { return r.index }

// RoundWind returns the prevailing wind.
func (r *Round) RoundWind() tile.Kind { return tile.East + tile.Kind(r.index/4%4) }

// SeatWind returns seat's wind this round.
func (r *Round) SeatWind(seat int) tile.Kind {
	return tile.East + tile.Kind((uint8(seat)+r.np-r.dealer)%r.np)
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
func (r *Round) LiveRemaining() int { return r.liveEnd - r.next }

// DoraIndicators returns the revealed dora indicators.
func (r *Round) DoraIndicators() []tile.Tile {
	return r.wall[r.doraAt : int(r.doraAt)+r.numDora]
}

// uraIndicators returns the ura dora indicators under the revealed ones.
func (r *Round) uraIndicators() []tile.Tile {
	ura := int(r.doraAt) + 5
	return r.wall[ura : ura+r.numDora]
}

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

// drawRinshan draws a kan's replacement tile.
func (r *Round) drawRinshan() {
	r.drawReplacement()
	r.kans++
}

// drawKitaReplacement draws a kita's replacement tile.
func (r *Round) drawKitaReplacement() {
	r.drawReplacement()
	r.kitas++
}

// drawReplacement draws the next replacement tile from the dead wall
// (see the layout in wall.go); the live wall's end moves one tile forward.
func (r *Round) drawReplacement() {
	t := r.wall[replacementIndex(int(r.doraAt)-4, r.kans+r.kitas)]
	r.liveEnd--
	r.draw(t, true)
}

// nextSeat returns the seat after s in turn order.
func (r *Round) nextSeat(s uint8) uint8 {
	s++
	if s == r.np {
		s = 0
	}
	return s
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
