package observe

import (
	"errors"
	"fmt"

	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/hand"
	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// ObsEventType says what an [ObsEvent] records. The zero ObsEventType is
// ObsNone, which is not an event.
type ObsEventType uint8

// Observation event types. Passes are not events: a draw by the next seat
// says that every seat passed the discard.
const (
	ObsNone           ObsEventType = iota
	ObsDraw                        // Seat draws Tile (NoTile: another seat's hidden draw); Rinshan if from the dead wall
	ObsDiscard                     // Seat discards Tile; Tsumogiri if the tile just drawn; Riichi if it declares riichi
	ObsCall                        // Seat calls the last discard of seat From: Meld (Chi, Pon, Daiminkan) with the called tile first
	ObsAnkan                       // Seat makes the closed kan Meld
	ObsKakan                       // Seat adds Tile to its pon of that kind; Meld is the kan it makes
	ObsDora                        // a new dora indicator Tile is shown
	ObsRiichiAccepted              // Seat's riichi declaration passed unrobbed: its stick is paid
	ObsKita                        // Seat sets the North Tile aside (three players; its replacement draw follows unless robbed)
)

var obsEventNames = [...]string{"none", "draw", "discard", "call", "ankan", "kakan", "dora", "riichi_accepted", "kita"}

func (t ObsEventType) String() string {
	if int(t) < len(obsEventNames) {
		return obsEventNames[t]
	}
	return fmt.Sprintf("ObsEventType(%d)", uint8(t))
}

// ObsEvent is one event of a round as one seat saw it. Type says which
// fields are used; unused tiles are NoTile by convention (Append does not
// read them).
type ObsEvent struct {
	Type      ObsEventType
	Seat      uint8      // acting seat; unused for ObsDora
	Tile      tile.Tile  // Draw (NoTile when hidden), Discard, Kakan (the added tile), Dora, Kita (the North)
	Rinshan   bool       // Draw: from the dead wall, after a kan or a kita
	Tsumogiri bool       // Discard: the tile just drawn
	Riichi    bool       // Discard: the riichi declaration tile
	From      uint8      // Call: the seat whose discard was called
	Meld      score.Meld // Call, Ankan, Kakan
}

func (e ObsEvent) String() string {
	switch e.Type {
	case ObsDraw:
		s := fmt.Sprintf("seat %d draw %s", e.Seat, obsTileString(e.Tile))
		if e.Rinshan {
			s += " (rinshan)"
		}
		return s
	case ObsDiscard:
		s := fmt.Sprintf("seat %d discard %s", e.Seat, obsTileString(e.Tile))
		if e.Tsumogiri {
			s += "*"
		}
		if e.Riichi {
			s += " riichi"
		}
		return s
	case ObsCall:
		return fmt.Sprintf("seat %d %v from %d", e.Seat, e.Meld, e.From)
	case ObsAnkan:
		return fmt.Sprintf("seat %d %v", e.Seat, e.Meld)
	case ObsKakan:
		return fmt.Sprintf("seat %d kakan %s", e.Seat, obsTileString(e.Tile))
	case ObsDora:
		return "dora " + obsTileString(e.Tile)
	case ObsRiichiAccepted:
		return fmt.Sprintf("seat %d riichi accepted", e.Seat)
	case ObsKita:
		return fmt.Sprintf("seat %d kita %s", e.Seat, obsTileString(e.Tile))
	}
	return e.Type.String()
}

func obsTileString(t tile.Tile) string {
	if !t.Valid() {
		return "?"
	}
	return t.String()
}

// ErrObservation is wrapped by every error for an observation no round
// could have shown the seat.
var ErrObservation = errors.New("impossible observation")

// ObservationError says which event of an observation is impossible and
// why. It wraps [ErrObservation].
type ObservationError struct {
	Event int    // index of the event in the observation; -1 for the setup and the deal
	What  string // the event as ObsEvent.String writes it; "" for the setup
	Msg   string
}

func (e *ObservationError) Error() string {
	if e.Event < 0 {
		return "observe: observation: " + e.Msg
	}
	return fmt.Sprintf("observe: observation event %d (%s): %s", e.Event, e.What, e.Msg)
}

// Unwrap returns ErrObservation.
func (e *ObservationError) Unwrap() error { return ErrObservation }

// obsStep is what the observation waits for next.
type obsStep uint8

const (
	stepDraw    obsStep = iota // cur draws (rinshan if o.rinshanDue)
	stepTurn                   // cur acts on its hand
	stepAnswers                // the others answer cur's discard
	stepEnded                  // an abortive draw the seat saw ended the round
)

// maxHeld bounds the concealed tiles of a seat.
const maxHeld = score.MaxHand

// riichiState is a seat's riichi as the observer saw it.
type riichiState uint8

const (
	noRiichi       riichiState = iota
	riichiDeclared             // the declaration tile discarded
	riichiAccepted             // its stick paid
)

// obsSeat is what the observer knows of one seat.
type obsSeat struct {
	melds     [score.MaxMelds]score.Meld
	numMelds  uint8
	river     [game.MaxRiver]game.RiverTile
	nRiver    uint8
	conc      uint8 // concealed tiles, a pending draw included
	riichi    riichiState
	discarded tile.KindSet // kinds in the river
	// passed: for a seat in riichi, the kinds it could have won on since
	// its declaration tile (discards and added kans after it, its own
	// draws): a riichi hand waiting on one would have won.
	passed tile.KindSet
	// riichiKans: the kinds of closed kans made in riichi, in order.
	riichiKans  [4]tile.Kind
	nRiichiKans uint8
	nKita       uint8 // Norths set aside (three players)
	// held: for another seat, the wall places of the tiles it holds, in
	// the order they came; pending is the place of the tile it just drew
	// (also in held), or -1.
	held    [maxHeld]uint8
	nHeld   uint8
	pending int16
}

func (s *obsSeat) open() bool {
	for _, m := range s.melds[:s.numMelds] {
		if m.Open() {
			return true
		}
	}
	return false
}

// take removes a held place of another seat's hand for a tile leaving it:
// the pending draw if want says so and there is one, else the earliest
// place other than the pending draw when notPending is set. It returns -1
// when none fits.
func (s *obsSeat) take(wantPending, notPending bool) int {
	j := -1
	if wantPending && s.pending >= 0 {
		for i, p := range s.held[:s.nHeld] {
			if int16(p) == s.pending {
				j = i
			}
		}
	} else {
		for i, p := range s.held[:s.nHeld] {
			if !notPending || int16(p) != s.pending {
				j = i
				break
			}
		}
	}
	if j < 0 {
		return -1
	}
	p := s.held[j]
	copy(s.held[j:], s.held[j+1:s.nHeld])
	s.nHeld--
	if int16(p) == s.pending {
		s.pending = -1
	}
	return int(p)
}

// Observation is one seat's knowledge of one round: the setup, the seat's
// dealt tiles, the first dora indicator and the events it saw, in order.
// Other seats' draws are hidden (NoTile). Create it with [NewObservation]
// and feed it with [Observation.Append], which checks each event against
// everything seen so far; the accessors give the state the events lead to.
// A determinized full-information round comes from [Observation.Determinize].
//
// Tiles are ids. Formats that name only faces (kinds and red fives) give
// each tile a free id of its face ([Observation.UnmarshalJSON] does so).
//
// An Observation holds a slice: copy it with [Observation.Clone].
type Observation struct {
	rules  game.Rules
	lay    game.Layout // the wall's layout for the rules' players
	setup  game.RoundSetup
	seat   uint8
	dealt  [13]tile.Tile
	events []ObsEvent

	// The state the events lead to.
	seats  [game.NumSeats]obsSeat
	hand   [maxHeld]tile.Tile // the observer's concealed tiles, in the order they came
	n      uint8
	counts tile.Counts
	drawn  tile.Tile // the observer's pending draw, or NoTile
	seen   [tile.NumTiles]bool
	// known is the tile at each wall place as far as the observer can
	// tell: its own deal and draws, every other seat's tile that has
	// left its hand (placed where it was drawn or dealt), the dora
	// indicators. NoTile elsewhere.
	known       [tile.NumTiles]tile.Tile
	dora        [5]tile.Tile
	nDora       uint8
	live        int // live draws made
	kans        int // kans declared
	rinshan     int // replacement draws made: after kans and kitas
	scores      [game.NumSeats]int
	sticks      int
	turns       int // discards made
	step        obsStep
	cur         uint8
	rinshanDue  bool
	afterCall   bool
	kuikae      tile.KindSet
	lastTile    tile.Tile // the discard being answered, NoTile once called
	anyCall     bool
	firstWind   tile.Kind
	windsBroken bool
	kanOwners   uint8
}

// NewObservation starts seat's observation of a round from the setup, the
// seat's 13 dealt tiles and the first dora indicator. The round is played
// under rules (determinized rounds refer to the observation's copy).
func NewObservation(rules game.Rules, setup game.RoundSetup, seat int, dealt [13]tile.Tile, dora tile.Tile) (*Observation, error) {
	o := new(Observation)
	if err := o.reset(&rules, setup, seat, dealt, dora); err != nil {
		return nil, err
	}
	return o, nil
}

// reset starts o afresh as NewObservation does, keeping the memory of its
// events.
func (o *Observation) reset(rules *game.Rules, setup game.RoundSetup, seat int, dealt [13]tile.Tile, dora tile.Tile) error {
	fail := func(format string, args ...any) error {
		return &ObservationError{Event: -1, Msg: fmt.Sprintf(format, args...)}
	}
	if err := rules.Check(); err != nil {
		return fail("rules: %v", err)
	}
	np := rules.Players()
	if seat < 0 || seat >= np {
		return fail("seat %d is not a seat of a %d-player round", seat, np)
	}
	if err := setup.Check(rules); err != nil {
		return fail("%v", err)
	}
	*o = Observation{rules: *rules, lay: game.LayoutFor(np), setup: setup, seat: uint8(seat), dealt: dealt, events: o.events[:0]}
	for i := range o.known {
		o.known[i] = tile.NoTile
		// Tiles out of play (2m..8m with three players) count as seen:
		// nothing hidden can be one of them.
		o.seen[i] = !o.lay.InPlay(tile.Tile(i))
	}
	rel := (seat + np - int(setup.Dealer)) % np
	for i, t := range dealt {
		if !t.Valid() {
			return fail("dealt tile %d: invalid tile id %d", i, t)
		}
		if !o.lay.InPlay(t) {
			return fail("dealt tile %d: %v (id %d) is not used with three players", i, t, t)
		}
		if o.seen[t] {
			return fail("dealt tile %d: %v (id %d) twice", i, t, t)
		}
		o.seen[t] = true
		o.known[13*rel+i] = t
		o.hand[i] = t
		o.counts[t.Kind()]++
	}
	o.n = 13
	if !dora.Valid() {
		return fail("dora indicator: invalid tile id %d", dora)
	}
	if !o.lay.InPlay(dora) {
		return fail("dora indicator %v (id %d) is not used with three players", dora, dora)
	}
	if o.seen[dora] {
		return fail("dora indicator %v (id %d) is in the hand", dora, dora)
	}
	o.seen[dora] = true
	o.known[o.lay.Dora] = dora
	o.dora[0], o.nDora = dora, 1
	o.drawn = tile.NoTile
	o.lastTile = tile.NoTile
	o.scores = setup.Scores
	o.sticks = setup.Sticks
	o.cur = setup.Dealer
	o.step = stepDraw
	for s := range o.seats {
		st := &o.seats[s]
		st.pending = -1
		if s >= np {
			continue // the empty seat of a three-player round
		}
		st.conc = 13
		if s == seat {
			continue
		}
		r := (s + np - int(setup.Dealer)) % np
		for i := range 13 {
			st.held[i] = uint8(13*r + i)
		}
		st.nHeld = 13
	}
	return nil
}

// Clone returns a copy of o that shares nothing with it.
func (o *Observation) Clone() *Observation {
	c := *o
	c.events = append([]ObsEvent(nil), o.events...)
	return &c
}

// Append adds the next event after checking that the seat could have seen
// it after the events before. An impossible event is an
// *[ObservationError] naming its index and the reason; o is then
// unchanged.
func (o *Observation) Append(e ObsEvent) error {
	if err := o.check(&e); err != nil {
		return &ObservationError{Event: len(o.events), What: e.String(), Msg: err.Error()}
	}
	o.apply(&e)
	o.events = append(o.events, e)
	return nil
}

func (o *Observation) mine(seat uint8) bool { return seat == o.seat }

func (o *Observation) hasTile(t tile.Tile) bool {
	for _, x := range o.hand[:o.n] {
		if x == t {
			return true
		}
	}
	return false
}

// checkNew checks that t is a tile the observer has not seen.
func (o *Observation) checkNew(t tile.Tile, what string) error {
	if !t.Valid() {
		return fmt.Errorf("%s: invalid tile id %d", what, t)
	}
	if !o.lay.InPlay(t) {
		return fmt.Errorf("%s: %v (id %d) is not used with three players", what, t, t)
	}
	if o.seen[t] {
		return fmt.Errorf("%s: %v (id %d) was seen before", what, t, t)
	}
	return nil
}

// checkOwn checks that a tile leaving seat's hand can: in the observer's
// hand, or a tile it has not seen for another seat.
func (o *Observation) checkOwn(seat uint8, t tile.Tile, what string) error {
	if !o.mine(seat) {
		return o.checkNew(t, what)
	}
	if !t.Valid() || !o.hasTile(t) {
		return fmt.Errorf("%s: %s is not in the hand %s", what, obsTileString(t), tile.Format(o.hand[:o.n]))
	}
	return nil
}

func (o *Observation) liveRemaining() int {
	return o.lay.Rinshan - o.rinshan - o.lay.Deal - o.live
}

// answering reports whether cur's discard is being answered, and if so
// that a riichi declared with it has been accepted.
func (o *Observation) checkAnswered() error {
	if o.seats[o.cur].riichi == riichiDeclared {
		return fmt.Errorf("seat %d's riichi was not accepted", o.cur)
	}
	if o.abortsAfterDiscard() {
		return fmt.Errorf("the round ended in an abortive draw")
	}
	return nil
}

// abortsAfterDiscard reports whether the discard being answered ends the
// round if nobody wins on it: four winds (four players only), or four kans
// by several seats.
func (o *Observation) abortsAfterDiscard() bool {
	if o.turns == 4 && !o.anyCall && !o.windsBroken && o.lay.Players == game.NumSeats {
		return true
	}
	return o.kans == 4 && o.kanOwners&(o.kanOwners-1) != 0
}

// check reports why e cannot come next, or nil.
func (o *Observation) check(e *ObsEvent) error {
	if o.step == stepEnded {
		return fmt.Errorf("the round ended in an abortive draw")
	}
	if e.Type != ObsDora && int(e.Seat) >= o.lay.Players {
		return fmt.Errorf("seat %d is not a seat of a %d-player round", e.Seat, o.lay.Players)
	}
	s := &o.seats[e.Seat%game.NumSeats]
	switch e.Type {
	case ObsDraw:
		return o.checkDraw(e)
	case ObsDiscard:
		return o.checkDiscard(e, s)
	case ObsCall:
		return o.checkCall(e, s)
	case ObsAnkan, ObsKakan:
		if o.step != stepTurn || e.Seat != o.cur {
			return o.notToAct(e.Seat)
		}
		if o.afterCall {
			return fmt.Errorf("a kan right after a call")
		}
		if o.kans >= 4 || o.liveRemaining() <= 0 {
			return fmt.Errorf("no kan is left to make")
		}
		if e.Type == ObsKakan {
			return o.checkKakan(e, s)
		}
		return o.checkAnkan(e, s)
	case ObsDora:
		if int(o.nDora) >= 1+o.kans || o.nDora >= 5 {
			return fmt.Errorf("indicator %d after %d kans", o.nDora+1, o.kans)
		}
		return o.checkNew(e.Tile, "dora indicator")
	case ObsRiichiAccepted:
		if s.riichi != riichiDeclared || o.step != stepAnswers || o.cur != e.Seat || o.lastTile == tile.NoTile {
			return fmt.Errorf("seat %d has no riichi declaration waiting on its discard", e.Seat)
		}
		return nil
	case ObsKita:
		return o.checkKita(e, s)
	}
	return fmt.Errorf("unknown event type %v", e.Type)
}

// checkDraw checks a draw: whose, from which end of the wall, and that
// another seat's tile is hidden.
func (o *Observation) checkDraw(e *ObsEvent) error {
	var want uint8
	rinshan := false
	switch o.step {
	case stepDraw:
		want, rinshan = o.cur, o.rinshanDue
	case stepAnswers:
		if err := o.checkAnswered(); err != nil {
			return err
		}
		want = (o.cur + 1) % uint8(o.lay.Players)
	default:
		return fmt.Errorf("seat %d is to act, not to draw", o.cur)
	}
	if e.Seat != want {
		return fmt.Errorf("seat %d draws next", want)
	}
	if e.Rinshan != rinshan {
		if rinshan {
			return fmt.Errorf("a draw after a kan is a rinshan draw")
		}
		return fmt.Errorf("a rinshan draw only follows a kan")
	}
	if !rinshan && o.liveRemaining() <= 0 {
		return fmt.Errorf("the live wall is empty")
	}
	if !o.mine(e.Seat) {
		if e.Tile != tile.NoTile {
			return fmt.Errorf("another seat's draw must be hidden (NoTile)")
		}
		return nil
	}
	return o.checkNew(e.Tile, "draw")
}

// checkDiscard checks a discard (and a riichi declared with it).
func (o *Observation) checkDiscard(e *ObsEvent, s *obsSeat) error {
	if o.step != stepTurn || e.Seat != o.cur {
		return o.notToAct(e.Seat)
	}
	if err := o.checkOwn(e.Seat, e.Tile, "discard"); err != nil {
		return err
	}
	pending := o.mine(e.Seat) && o.drawn != tile.NoTile || !o.mine(e.Seat) && s.pending >= 0
	if o.mine(e.Seat) && e.Tsumogiri != (e.Tile == o.drawn) {
		return fmt.Errorf("tsumogiri is %v but the tile drawn was %s", e.Tsumogiri, obsTileString(o.drawn))
	}
	if e.Tsumogiri && !pending {
		return fmt.Errorf("tsumogiri without a tile drawn")
	}
	if o.kuikae.Has(e.Tile.Kind()) {
		return fmt.Errorf("kuikae: %v may not be discarded after the call", e.Tile.Kind())
	}
	if s.riichi != noRiichi {
		if e.Riichi {
			return fmt.Errorf("riichi twice")
		}
		if !e.Tsumogiri {
			return fmt.Errorf("a seat in riichi discards the tile it drew")
		}
	}
	if e.Riichi {
		switch {
		case s.open():
			return fmt.Errorf("riichi with an open hand")
		case o.afterCall:
			return fmt.Errorf("riichi right after a call")
		case o.scores[e.Seat] < 1000:
			return fmt.Errorf("riichi with %d points", o.scores[e.Seat])
		case o.liveRemaining() < o.lay.Players: // a live tile for every seat
			return fmt.Errorf("riichi with %d live tiles left", o.liveRemaining())
		}
		if o.mine(e.Seat) {
			c := o.counts
			c[e.Tile.Kind()]--
			if w, own := hand.WaitInfo(&c); w&^own == 0 {
				return fmt.Errorf("riichi leaves %v not tenpai", c)
			}
		}
	}
	return nil
}

// checkCall checks a chi, pon or daiminkan on the last discard.
func (o *Observation) checkCall(e *ObsEvent, s *obsSeat) error {
	if o.step != stepAnswers || o.lastTile == tile.NoTile {
		return fmt.Errorf("no discard to call")
	}
	if err := o.checkAnswered(); err != nil {
		return err
	}
	m := e.Meld
	switch {
	case e.From != o.cur:
		return fmt.Errorf("the last discard is seat %d's, not seat %d's", o.cur, e.From)
	case e.Seat == o.cur:
		return fmt.Errorf("seat %d calls its own discard", e.Seat)
	case m.Type != score.Chi && m.Type != score.Pon && m.Type != score.Daiminkan:
		return fmt.Errorf("a call makes a chi, pon or daiminkan, not %v", m.Type)
	case m.Tiles[0] != o.lastTile:
		return fmt.Errorf("the meld's called tile %s is not the last discard %v", obsTileString(m.Tiles[0]), o.lastTile)
	case m.Type == score.Chi && o.lay.Players != game.NumSeats:
		return fmt.Errorf("no chi with three players")
	case m.Type == score.Chi && e.Seat != (e.From+1)%game.NumSeats:
		return fmt.Errorf("chi only from the seat on the left")
	case s.riichi != noRiichi:
		return fmt.Errorf("a call in riichi")
	case o.liveRemaining() <= 0:
		return fmt.Errorf("a call on the last discard")
	case m.Type == score.Daiminkan && o.kans >= 4:
		return fmt.Errorf("a fifth kan")
	}
	if err := m.Check(); err != nil {
		return err
	}
	for _, t := range m.TilesSlice()[1:] {
		if err := o.checkOwn(e.Seat, t, "meld"); err != nil {
			return err
		}
	}
	if o.mine(e.Seat) && m.Type != score.Daiminkan {
		c := o.counts
		for _, t := range m.TilesSlice()[1:] {
			c[t.Kind()]--
		}
		ban := game.KuikaeBan(m)
		left := false
		for k, n := range c {
			left = left || n > 0 && !ban.Has(tile.Kind(k))
		}
		if !left {
			return fmt.Errorf("kuikae: nothing left to discard after the call")
		}
	}
	return nil
}

func (o *Observation) notToAct(seat uint8) error {
	if o.step == stepTurn {
		return fmt.Errorf("seat %d is to act, not seat %d", o.cur, seat)
	}
	return fmt.Errorf("seat %d cannot act now (a draw or the answers to a discard come first)", seat)
}

func (o *Observation) checkKakan(e *ObsEvent, s *obsSeat) error {
	if s.riichi != noRiichi {
		return fmt.Errorf("kakan in riichi")
	}
	if err := o.checkOwn(e.Seat, e.Tile, "kakan"); err != nil {
		return err
	}
	for _, m := range s.melds[:s.numMelds] {
		if m.Type == score.Pon && m.Tiles[0].Kind() == e.Tile.Kind() {
			k := m
			k.Type, k.Tiles[3] = score.Kakan, e.Tile
			if e.Meld.Type != score.NoMeld && e.Meld != k {
				return fmt.Errorf("the meld %v is not the pon %v with %v added", e.Meld, m, e.Tile)
			}
			return nil
		}
	}
	return fmt.Errorf("no pon of %v to add to", e.Tile.Kind())
}

func (o *Observation) checkAnkan(e *ObsEvent, s *obsSeat) error {
	m := e.Meld
	if m.Type != score.Ankan {
		return fmt.Errorf("an ankan event needs an ankan meld, not %v", m.Type)
	}
	if err := m.Check(); err != nil {
		return err
	}
	for _, t := range m.Tiles {
		if err := o.checkOwn(e.Seat, t, "ankan"); err != nil {
			return err
		}
	}
	if s.riichi == noRiichi {
		return nil
	}
	k := m.Tiles[0].Kind()
	if !o.mine(e.Seat) {
		if s.pending < 0 {
			return fmt.Errorf("ankan in riichi without a tile drawn")
		}
		return nil
	}
	if o.drawn == tile.NoTile || o.drawn.Kind() != k {
		return fmt.Errorf("ankan in riichi must use the tile drawn")
	}
	before := o.counts
	before[k]--
	if !o.rules.RiichiAnkanAllowed(&before, k) {
		return fmt.Errorf("ankan of %v in riichi changes the waits", k)
	}
	return nil
}

// checkKita checks a North set aside: three players, the seat to act not
// just after a call, a live tile left to replace it, a North the seat can
// hold (in riichi, the one just drawn).
func (o *Observation) checkKita(e *ObsEvent, s *obsSeat) error {
	switch {
	case o.lay.Players != 3:
		return fmt.Errorf("a kita with %d players (three only)", o.lay.Players)
	case o.step != stepTurn || e.Seat != o.cur:
		return o.notToAct(e.Seat)
	case o.afterCall:
		return fmt.Errorf("a kita right after a call")
	case !e.Tile.Valid() || e.Tile.Kind() != tile.North:
		return fmt.Errorf("a kita sets aside a North, not %s", obsTileString(e.Tile))
	case o.liveRemaining() <= 0:
		return fmt.Errorf("a kita with no live tile left")
	}
	if err := o.checkOwn(e.Seat, e.Tile, "kita"); err != nil {
		return err
	}
	if s.riichi == noRiichi {
		return nil
	}
	if o.mine(e.Seat) && e.Tile != o.drawn || !o.mine(e.Seat) && s.pending < 0 {
		return fmt.Errorf("a seat in riichi sets aside only the North it drew")
	}
	return nil
}

// removeOwn takes t out of the observer's hand.
func (o *Observation) removeOwn(t tile.Tile) {
	for i, x := range o.hand[:o.n] {
		if x == t {
			copy(o.hand[i:], o.hand[i+1:o.n])
			o.n--
			o.counts[t.Kind()]--
			return
		}
	}
	panic("observe: observation: removing a tile the hand does not hold")
}

// leave records tile t leaving seat's concealed tiles. For another seat the
// tile is placed at the wall place of a tile it held: the pending draw for
// a tsumogiri (and first for a kan), else the earliest other.
func (o *Observation) leave(seat uint8, t tile.Tile, pendingFirst, notPending bool) {
	o.seen[t] = true
	s := &o.seats[seat]
	s.conc--
	if o.mine(seat) {
		o.removeOwn(t)
		return
	}
	p := s.take(pendingFirst, notPending)
	if p < 0 && pendingFirst {
		p = s.take(false, false)
	}
	if p < 0 {
		panic("observe: observation: a tile leaves a hand with no tile left")
	}
	o.known[p] = t
}

// addPassed marks kind k as passed by every seat in riichi but except.
func (o *Observation) addPassed(k tile.Kind, except int) {
	for i := range o.seats {
		if i != except && o.seats[i].riichi != noRiichi {
			o.seats[i].passed = o.seats[i].passed.Add(k)
		}
	}
}

func (o *Observation) apply(e *ObsEvent) {
	s := &o.seats[e.Seat%game.NumSeats]
	switch e.Type {
	case ObsDraw:
		o.applyDraw(e, s)
	case ObsDiscard:
		o.applyDiscard(e, s)
	case ObsCall:
		o.applyCall(e, s)
	case ObsAnkan:
		k := e.Meld.Tiles[0].Kind()
		for i, t := range e.Meld.Tiles {
			o.leave(e.Seat, t, i == 0, false)
		}
		if s.riichi != noRiichi {
			s.riichiKans[s.nRiichiKans] = k
			s.nRiichiKans++
		}
		s.melds[s.numMelds] = e.Meld
		s.numMelds++
		o.kanMade(e.Seat)
	case ObsKakan:
		o.leave(e.Seat, e.Tile, true, false)
		for i := range s.melds[:s.numMelds] {
			if m := &s.melds[i]; m.Type == score.Pon && m.Tiles[0].Kind() == e.Tile.Kind() {
				m.Type, m.Tiles[3] = score.Kakan, e.Tile
				e.Meld = *m
			}
		}
		o.addPassed(e.Tile.Kind(), int(e.Seat))
		o.kanMade(e.Seat)
	case ObsDora:
		o.seen[e.Tile] = true
		o.known[o.lay.Dora+int(o.nDora)] = e.Tile
		o.dora[o.nDora] = e.Tile
		o.nDora++
	case ObsRiichiAccepted:
		o.applyRiichiAccepted(e, s)
	case ObsKita:
		// The drawn tile first: in riichi it must be the North.
		o.leave(e.Seat, e.Tile, true, false)
		s.nKita++
		// A seat in riichi waiting on North could have robbed it.
		o.addPassed(tile.North, int(e.Seat))
		o.replacementDue(e.Seat)
	}
}

// applyDraw: seat e.Seat (s) draws from the live wall or the dead wall;
// the tile is known only when the seat is the observer.
func (o *Observation) applyDraw(e *ObsEvent, s *obsSeat) {
	var p int
	if e.Rinshan {
		p = o.lay.Replacement(o.rinshan)
		o.rinshan++
	} else {
		p = o.lay.Deal + o.live
		o.live++
	}
	o.cur = e.Seat
	o.step = stepTurn
	o.rinshanDue, o.afterCall, o.kuikae = false, false, 0
	o.lastTile = tile.NoTile
	s.conc++
	if o.mine(e.Seat) {
		o.hand[o.n] = e.Tile
		o.n++
		o.counts[e.Tile.Kind()]++
		o.drawn = e.Tile
		o.seen[e.Tile] = true
		o.known[p] = e.Tile
	} else {
		s.held[s.nHeld] = uint8(p)
		s.nHeld++
		s.pending = int16(p)
	}
}

// applyDiscard: seat e.Seat (s) discards, declaring riichi or not; the
// first go-around's four winds are followed.
func (o *Observation) applyDiscard(e *ObsEvent, s *obsSeat) {
	t := e.Tile
	o.leave(e.Seat, t, e.Tsumogiri, !e.Tsumogiri)
	s.pending = -1
	o.drawn = tile.NoTile
	s.river[s.nRiver] = game.RiverTile{Tile: t, Tsumogiri: e.Tsumogiri, Riichi: e.Riichi, Turn: uint8(o.turns)}
	s.nRiver++
	s.discarded = s.discarded.Add(t.Kind())
	o.addPassed(t.Kind(), -1)
	if e.Riichi {
		s.riichi = riichiDeclared
	}
	o.turns++
	if o.turns == 1 {
		o.firstWind = t.Kind()
	}
	if o.turns <= 4 && (!t.Kind().IsWind() || t.Kind() != o.firstWind) {
		o.windsBroken = true
	}
	o.step = stepAnswers
	o.lastTile = t
	o.afterCall, o.kuikae = false, 0
}

// applyCall: seat e.Seat (s) calls the last discard (chi, pon or an open
// kan, whose replacement draw comes next).
func (o *Observation) applyCall(e *ObsEvent, s *obsSeat) {
	d := &o.seats[e.From]
	d.river[d.nRiver-1].Called = true
	for _, t := range e.Meld.TilesSlice()[1:] {
		o.leave(e.Seat, t, false, false)
	}
	s.melds[s.numMelds] = e.Meld
	s.numMelds++
	o.anyCall = true
	o.cur = e.Seat
	o.lastTile = tile.NoTile
	if e.Meld.Type == score.Daiminkan {
		o.kans++
		o.kanOwners |= 1 << e.Seat
		o.step, o.rinshanDue = stepDraw, true
	} else {
		o.step, o.afterCall, o.kuikae = stepTurn, true, game.KuikaeBan(e.Meld)
	}
}

// applyRiichiAccepted: seat e.Seat's (s) riichi stick goes down; four
// accepted riichi end the round.
func (o *Observation) applyRiichiAccepted(e *ObsEvent, s *obsSeat) {
	s.riichi = riichiAccepted
	o.scores[e.Seat] -= 1000
	o.sticks++
	accepted := 0
	for i := range o.seats {
		if o.seats[i].riichi == riichiAccepted {
			accepted++
		}
	}
	if accepted == game.NumSeats {
		o.step = stepEnded
	}
}

func (o *Observation) kanMade(seat uint8) {
	o.kans++
	o.kanOwners |= 1 << seat
	o.replacementDue(seat)
}

// replacementDue: after a kan or a kita, seat draws from the dead wall
// next; like a call, it ends the first go-around.
func (o *Observation) replacementDue(seat uint8) {
	o.seats[seat].pending = -1
	o.drawn = tile.NoTile
	o.anyCall = true
	o.step, o.rinshanDue = stepDraw, true
	o.lastTile = tile.NoTile
}

// Accessors.

// Rules returns the rules of the round.
func (o *Observation) Rules() game.Rules { return o.rules }

// Setup returns the round's start: index, honba, riichi sticks, dealer and
// scores.
func (o *Observation) Setup() game.RoundSetup { return o.setup }

// Players returns the number of seats in play, 4 or 3 ([game.Rules.Players]);
// with three, seat 3 is empty.
func (o *Observation) Players() int { return o.lay.Players }

// Kita returns how many Norths a seat has set aside (three players).
func (o *Observation) Kita(seat int) int { return int(o.seats[seat].nKita) }

// Seat returns the observing seat.
func (o *Observation) Seat() int { return int(o.seat) }

// Dealt returns the seat's 13 dealt tiles, in dealing order.
func (o *Observation) Dealt() [13]tile.Tile { return o.dealt }

// Events returns the events so far (do not modify).
func (o *Observation) Events() []ObsEvent { return o.events }

// Hand returns the seat's concealed tiles now, in the order they came (do
// not modify).
func (o *Observation) Hand() []tile.Tile { return o.hand[:o.n] }

// Counts returns the seat's concealed tiles by kind.
func (o *Observation) Counts() tile.Counts { return o.counts }

// Drawn returns the tile the seat has just drawn and not yet discarded, or
// NoTile.
func (o *Observation) Drawn() tile.Tile { return o.drawn }

// Melds returns any seat's melds (do not modify).
func (o *Observation) Melds(seat int) []score.Meld {
	s := &o.seats[seat]
	return s.melds[:s.numMelds]
}

// River returns any seat's discards in order (do not modify).
func (o *Observation) River(seat int) []game.RiverTile {
	s := &o.seats[seat]
	return s.river[:s.nRiver]
}

// Concealed returns how many concealed tiles a seat holds, a tile just
// drawn included.
func (o *Observation) Concealed(seat int) int { return int(o.seats[seat].conc) }

// InRiichi reports whether a seat has declared riichi.
func (o *Observation) InRiichi(seat int) bool { return o.seats[seat].riichi != noRiichi }

// RiichiAccepted reports whether a seat's riichi stick has been paid.
func (o *Observation) RiichiAccepted(seat int) bool { return o.seats[seat].riichi == riichiAccepted }

// DoraIndicators returns the dora indicators shown so far (do not modify).
func (o *Observation) DoraIndicators() []tile.Tile { return o.dora[:o.nDora] }

// Scores returns the scores now (accepted riichi sticks paid).
func (o *Observation) Scores() [game.NumSeats]int { return o.scores }

// Sticks returns the riichi sticks on the table.
func (o *Observation) Sticks() int { return o.sticks }

// LiveRemaining returns how many tiles the live wall still holds.
func (o *Observation) LiveRemaining() int { return o.liveRemaining() }

// Turn returns the number of discards made so far by all seats.
func (o *Observation) Turn() int { return o.turns }

// Ended reports whether an abortive draw the seat saw (four riichi) has
// ended the round. Wins and other draws are not events, so an observation
// ends with the last event before them.
func (o *Observation) Ended() bool { return o.step == stepEnded }

// Visible returns the counts of every tile the seat has seen and that is
// still in sight: its hand, all melds, all rivers (called tiles counted
// once, in the meld), the Norths set aside and the dora indicators. Tiles
// out of play (2m..8m with three players) are neither visible nor unseen.
func (o *Observation) Visible() tile.Counts {
	c := o.counts
	for s := range o.seats {
		st := &o.seats[s]
		c[tile.North] += st.nKita
		for _, m := range st.melds[:st.numMelds] {
			for _, t := range m.TilesSlice() {
				c[t.Kind()]++
			}
		}
		for _, d := range st.river[:st.nRiver] {
			if !d.Called {
				c[d.Tile.Kind()]++
			}
		}
	}
	for _, t := range o.dora[:o.nDora] {
		c[t.Kind()]++
	}
	return c
}

// Unseen returns, by kind, the tiles in play the seat has not seen: the
// other seats' concealed tiles, the wall and the dead wall.
func (o *Observation) Unseen() tile.Counts {
	var c tile.Counts
	for t, s := range o.seen {
		if !s {
			c[tile.Tile(t).Kind()]++
		}
	}
	return c
}
