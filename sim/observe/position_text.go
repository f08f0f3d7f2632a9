package observe

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// Position is a position typed by hand: the short text form of
// docs/OBSERVATION.md ("A position by hand"), one field per flag of
// `mjrank analyze`. Tiles are in tenhou notation ("123m406p11z", 0 a red
// five). Seats are 0..3 (seat 0 deals East 1) or, in Rivers and Melds, the
// wind a seat has this round (E, S, W, N). The rules are Tenhou's hanchan.
type Position struct {
	Hand   string   // the seat's concealed tiles; with 3n+2 tiles the last written is its draw
	Draw   string   // the drawn tile, with a hand of 3n+1 tiles; "" for none
	Dora   string   // the dora indicators in order, comma-separated ("5m,1z")
	Round  string   // "E1", "S3-2" (South 3, 2 honba); "" is E1
	Seat   int      // the deciding seat 0..3, or -1 to take it from Wind
	Wind   string   // the deciding seat's wind this round (E, S, W, N), or ""
	Scores string   // the scores now by seat ("25000,25000,25000,25000"); "": the start points less this round's riichi
	Sticks int      // riichi sticks on the table now; -1: those of this round's riichi
	Rivers []string // "SEAT:TILES", each tile marked _ (tsumogiri), * (riichi), - = + (called by the next, opposite, previous seat)
	Melds  []string // "SEAT:MELD,MELD" in the order made, each TYPE=TILES as the score command writes it (pon=055p, kakan=5550s), an ankan or kakan optionally @N
	// Players is 3 for a 3-player position (Tenhou's sanma: seats 0..2);
	// 0 or 4 for four players.
	Players int
	// Kita is, with three players, the Norths each seat has set aside,
	// by seat ("1,0,2"); "" for none.
	Kita string
}

// NewPosition returns a Position with Seat and Sticks unset (-1).
func NewPosition() *Position { return &Position{Seat: -1, Sticks: -1} }

// posTile is one tile of the text form with the marks written after it.
type posTile struct {
	k     tile.Kind
	red   bool
	marks string
}

// face names the tile as the JSON form does ("5m", "0m").
func (t posTile) face() string {
	if t.red {
		return tile.Canonical(t.k, true).String()
	}
	return t.k.String()
}

// String writes the tile with its marks.
func (t posTile) String() string { return t.face() + t.marks }

// scanMarked reads tenhou notation in which a tile may be followed by
// marks from allowed, written after its digit or after the suit letter
// that closes it ("9m_" and "19_m" both mark 9m); it returns the tiles in
// order and the number of suit letters. field names the input in errors.
func scanMarked(s, allowed, field string) ([]posTile, int, error) {
	var out []posTile
	pending := 0 // tiles of out still waiting for their suit letter
	suits := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			out = append(out, posTile{k: tile.Kind(c - '0')})
			pending++
		case strings.IndexByte("mpsz", c) >= 0:
			if pending == 0 {
				return nil, 0, fmt.Errorf("%s: %q: suit letter %c at offset %d without digits", field, s, c, i)
			}
			for j := len(out) - pending; j < len(out); j++ {
				d := byte(out[j].k) + '0'
				k, red, ok := kindOfDigit(d, c)
				if !ok {
					return nil, 0, fmt.Errorf("%s: %q: no tile %c%c", field, s, d, c)
				}
				out[j].k, out[j].red = k, red
			}
			pending = 0
			suits++
		case c < 0x80 && allowed != "" && strings.IndexByte(allowed, c) >= 0:
			if len(out) == 0 {
				return nil, 0, fmt.Errorf("%s: %q: mark %c at offset %d follows no tile", field, s, c, i)
			}
			out[len(out)-1].marks += string(c)
		default:
			return nil, 0, fmt.Errorf("%s: %q: unexpected %s at offset %d", field, s, strconv.QuoteRune(rune(c)), i)
		}
	}
	if pending > 0 {
		return nil, 0, fmt.Errorf("%s: %q: digits without a suit letter (m, p, s, z) at the end", field, s)
	}
	return out, suits, nil
}

// kindOfDigit maps digit d and a suit letter to a kind and red flag.
func kindOfDigit(d, suit byte) (tile.Kind, bool, bool) {
	if suit == 'z' {
		if d < '1' || d > '7' {
			return 0, false, false
		}
		return tile.East + tile.Kind(d-'1'), false, true
	}
	base := tile.Sou1
	switch suit {
	case 'm':
		base = tile.Man1
	case 'p':
		base = tile.Pin1
	}
	if d == '0' {
		return base + 4, true, true
	}
	return base + tile.Kind(d-'1'), false, true
}

// riverTile is one discard of a river.
type riverTile struct {
	posTile
	tsumogiri, riichi bool
	calledBy          int // the seat that called it, or -1
}

// posMeld is one meld of the text form.
type posMeld struct {
	typ    score.MeldType // Chi, Pon, Daiminkan, Kakan, Ankan
	tiles  []posTile      // as written; a kakan's added tile last
	called int            // index in tiles of the called tile (0); -1 for an ankan
	from   int            // the seat called from, once the call is made; -1 before
	at     int            // @N less one: the discard its kan comes before; -1 by default
	text   string
}

// own returns the faces the meld's owner gave from its hand to the call
// (all but the called tile, and for a kakan not the added one).
func (m *posMeld) own() []string {
	var out []string
	for i, t := range m.tiles {
		if i != m.called && !(m.typ == score.Kakan && i == 3) {
			out = append(out, t.face())
		}
	}
	return out
}

// open reports whether the meld began by calling a discard.
func (m *posMeld) open() bool { return m.typ != score.Ankan }

// closedKan reports whether the meld has a kan made on the owner's turn.
func (m *posMeld) closedKan() bool { return m.typ == score.Ankan || m.typ == score.Kakan }

// parseMeld reads one meld as the score command writes it (TYPE=TILES,
// the called tile first; a kakan's added tile last; score.ParseMeld),
// optionally followed by @N for an ankan or kakan. The seat it was called
// from is learnt from the river whose discard is marked as called.
func parseMeld(text, field string) (posMeld, error) {
	m := posMeld{called: -1, from: -1, at: -1, text: text}
	body := text
	if i := strings.IndexByte(text, '@'); i >= 0 {
		n, err := strconv.Atoi(text[i+1:])
		if err != nil || n < 1 || n > 64 {
			return m, fmt.Errorf("%s: %q: @%s is not a discard number (1 to 64)", field, text, text[i+1:])
		}
		m.at, body = n-1, text[:i]
	}
	sm, err := score.ParseMeld(body)
	if err != nil {
		return m, fmt.Errorf("%s: %w", field, err)
	}
	m.typ = sm.Type
	for _, t := range sm.TilesSlice() {
		m.tiles = append(m.tiles, posTile{k: t.Kind(), red: t.Red()})
	}
	if m.open() {
		m.called = 0
	}
	if m.at >= 0 && !m.closedKan() {
		return m, fmt.Errorf("%s: %q: @N places an ankan or a kakan only", field, text)
	}
	return m, nil
}

// parseRiver reads the river of seat s at a table of n players.
func parseRiver(s, n int, text, field string) ([]riverTile, error) {
	ts, _, err := scanMarked(text, "_*-=+", field)
	if err != nil {
		return nil, err
	}
	out := make([]riverTile, len(ts))
	for i, t := range ts {
		r := riverTile{posTile: t, calledBy: -1}
		for _, c := range []byte(t.marks) {
			dup := strings.Count(t.marks, string(c)) > 1
			switch {
			case dup:
				return nil, fmt.Errorf("%s: discard %d (%s): mark %c twice", field, i+1, t, c)
			case c == '_':
				r.tsumogiri = true
			case c == '*':
				r.riichi = true
			case r.calledBy >= 0:
				return nil, fmt.Errorf("%s: discard %d (%s): called twice", field, i+1, t)
			case n == 3 && c == '=':
				return nil, fmt.Errorf("%s: discard %d (%s): = marks a call by the opposite seat, which a 3-player table has not (- the next, + the previous)", field, i+1, t)
			case n == 3:
				r.calledBy = (s + 1 + strings.IndexByte("-+", c)) % 3
			default:
				r.calledBy = (s + 1 + strings.IndexByte("-=+", c)) % 4
			}
		}
		out[i] = r
	}
	return out, nil
}

// seatKey reads a seat written as 0..n-1 or as its wind this round at a
// table of n players.
func seatKey(key string, dealer, n int) (int, bool) {
	if len(key) != 1 {
		return 0, false
	}
	if key[0] >= '0' && int(key[0]-'0') < n {
		return int(key[0] - '0'), true
	}
	if w := strings.IndexByte("ESWN", key[0]&^0x20); w >= 0 && w < n {
		return (dealer + w) % n, true
	}
	return 0, false
}

// windWords and windOr list the seat winds of a table of 3 or 4 players.
var (
	windWords = [...]string{3: "E, S, W", 4: "E, S, W, N"}
	windOr    = [...]string{3: "E, S or W", 4: "E, S, W or N"}
)

// parseRound reads "E1" or "E1-2" (case-insensitive).
func parseRound(s string) (index, honba int, err error) {
	if s == "" {
		return 0, 0, nil
	}
	name, hb, hasHonba := strings.Cut(s, "-")
	if len(name) != 2 || strings.IndexByte("ESWN", name[0]&^0x20) < 0 || name[1] < '1' || name[1] > '4' {
		return 0, 0, fmt.Errorf("round: %q: want a wind and a number, E1 to W4, then -honba (E1-2)", s)
	}
	index = strings.IndexByte("ESWN", name[0]&^0x20)*4 + int(name[1]-'1')
	if hasHonba {
		if honba, err = strconv.Atoi(hb); err != nil || honba < 0 || honba > game.MaxHonba {
			return 0, 0, fmt.Errorf("round: %q: honba %q: want 0 to %d", s, hb, game.MaxHonba)
		}
	}
	return index, honba, nil
}

// parseScores reads n comma-separated scores (4, or 3 with three
// players, the empty seat's 0).
func parseScores(s string, n int) ([4]int, error) {
	var out [4]int
	parts := strings.Split(s, ",")
	if len(parts) != n {
		return out, fmt.Errorf("scores: %q: want %d scores by seat, comma-separated", s, n)
	}
	for i, p := range parts {
		v, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || v < 0 || v > game.MaxPoints {
			return out, fmt.Errorf("scores: seat %d: %q: want 0 to %d", i, p, game.MaxPoints)
		}
		out[i] = v
	}
	return out, nil
}

// posBuilder holds a parsed position while its events are built.
type posBuilder struct {
	rules   game.Rules
	setup   game.RoundSetup // Scores hold the scores now until build
	seat    int
	hand    []posTile // the concealed tiles, the draw left out
	draw    []posTile // the drawn tile, if the hand holds one
	dora    []posTile
	rivers  [game.NumSeats][]riverTile
	melds   [game.NumSeats][]posMeld
	open    [game.NumSeats][]int // indices into melds of the calls, in order
	sticks  int                  // sticks now, or -1
	scores  bool                 // the scores were given
	hasDraw bool                 // the seat holds 3n+2 tiles
	n       int                  // players: 4, or 3
	kita    [game.NumSeats]int   // three players: the Norths each seat set aside
	// kitaTurn is the discard of each seat its kitas come before (-1:
	// none yet; position_sanma.go).
	kitaTurn [game.NumSeats]int
}

// ParsePosition builds the observation of a position typed by hand: the
// same observation the JSON form of the position builds, so everything
// downstream reads it alike. The events the text leaves out are filled in
// one documented way (docs/OBSERVATION.md, "A position by hand"). A
// position that cannot exist is an error naming the field and what is
// wrong; facts that only look wrong (scores that do not add up) are
// returned as warnings.
func ParsePosition(p *Position) (*Observation, []string, error) {
	o, warn, err := parsePosition(p)
	if err != nil {
		return nil, nil, fmt.Errorf("observe: position: %w", err)
	}
	return o, warn, nil
}

func parsePosition(p *Position) (*Observation, []string, error) {
	b := &posBuilder{rules: game.Tenhou(game.Hanchan), sticks: p.Sticks}
	if err := b.parsePlayers(p); err != nil {
		return nil, nil, err
	}
	if err := b.parseSetup(p); err != nil {
		return nil, nil, err
	}
	if err := b.parseTiles(p); err != nil {
		return nil, nil, err
	}
	if err := b.checkSanmaTiles(); err != nil {
		return nil, nil, err
	}
	if err := b.checkCounts(); err != nil {
		return nil, nil, err
	}
	tl, err := b.play([game.NumSeats]map[int][]int{})
	if err != nil {
		return nil, nil, err
	}
	kans, any, err := b.schedule(tl)
	if err != nil {
		return nil, nil, err
	}
	kitas, err := b.scheduleKitas(tl)
	if err != nil {
		return nil, nil, err
	}
	if any || kitas {
		if tl, err = b.play(kans); err != nil {
			return nil, nil, err
		}
	}
	if tl.shown != len(b.dora) {
		return nil, nil, fmt.Errorf("dora: %d indicators, but the kans show %d (the first, then one per kan, an open kan's after its discard)", len(b.dora), tl.shown)
	}
	dealt, err := b.fillOwn(tl)
	if err != nil {
		return nil, nil, err
	}
	warn, err := b.fixScores(tl)
	if err != nil {
		return nil, nil, err
	}
	o, err := b.observation(tl, dealt)
	return o, warn, err
}

// parseSetup reads the round, the seat, the scores and the sticks.
func (b *posBuilder) parseSetup(p *Position) error {
	index, honba, err := parseRound(p.Round)
	if err != nil {
		return err
	}
	b.setup = game.RoundSetup{Index: index, Honba: honba, Dealer: uint8(index % game.NumSeats)}
	if err := b.checkSanmaRound(p.Round); err != nil {
		return err
	}
	switch {
	case p.Seat >= 0 && p.Wind != "":
		return errors.New("seat: give the seat or its wind, not both")
	case p.Seat >= b.n:
		return fmt.Errorf("seat: %d is not a seat (%s)", p.Seat, b.seatWord())
	case p.Seat >= 0:
		b.seat = p.Seat
	case p.Wind == "":
		return fmt.Errorf("seat: missing: give the deciding seat (%s) or its wind (%s)", b.seatWord(), windWords[b.n])
	default:
		s, ok := seatKey(p.Wind, index%game.NumSeats, b.n)
		if !ok || p.Wind[0] <= '9' {
			return fmt.Errorf("wind: %q: want %s", p.Wind, windOr[b.n])
		}
		b.seat = s
	}
	if p.Sticks < -1 || p.Sticks > game.MaxSticks {
		return fmt.Errorf("sticks: %d: want 0 to %d", p.Sticks, game.MaxSticks)
	}
	for s := range b.n {
		b.setup.Scores[s] = b.rules.StartPoints
	}
	if p.Scores != "" {
		b.scores = true
		if b.setup.Scores, err = parseScores(p.Scores, b.n); err != nil {
			return err
		}
	}
	return nil
}

// parseTiles reads the hand, the draw, the dora indicators, the rivers
// and the melds, and checks the hand's size against the melds.
func (b *posBuilder) parseTiles(p *Position) error {
	var err error
	if b.hand, _, err = scanMarked(p.Hand, "", "hand"); err != nil {
		return err
	}
	if p.Draw != "" {
		if b.draw, _, err = scanMarked(p.Draw, "", "draw"); err != nil {
			return err
		}
		if len(b.draw) != 1 {
			return fmt.Errorf("draw: %q: want one tile", p.Draw)
		}
	}
	for _, part := range strings.Split(p.Dora, ",") {
		ts, _, err := scanMarked(strings.TrimSpace(part), "", "dora")
		if err != nil {
			return err
		}
		b.dora = append(b.dora, ts...)
	}
	if len(b.dora) < 1 || len(b.dora) > 5 {
		return fmt.Errorf("dora: %d indicators: want 1 to 5 (the first, and one per kan)", len(b.dora))
	}
	if err := b.parseRivers(p.Rivers); err != nil {
		return err
	}
	if err := b.parseMelds(p.Melds); err != nil {
		return err
	}
	return b.checkHandSize(p)
}

// seatField splits "SEAT:VALUE" of flag name; seen records the seats given.
func (b *posBuilder) seatField(name, kv string, seen *[game.NumSeats]bool) (int, string, string, error) {
	key, val, ok := strings.Cut(kv, ":")
	s, okSeat := seatKey(key, int(b.setup.Dealer), b.n)
	switch {
	case !ok || !okSeat:
		return 0, "", "", fmt.Errorf("%s: %q: want SEAT:TILES, SEAT %s or a wind (%s)", name, kv, b.seatWord(), windWords[b.n])
	case seen[s]:
		return 0, "", "", fmt.Errorf("%s: seat %d given twice", name, s)
	}
	seen[s] = true
	return s, val, fmt.Sprintf("%s %d", name, s), nil
}

func (b *posBuilder) parseRivers(rivers []string) error {
	var seen [game.NumSeats]bool
	for _, kv := range rivers {
		s, val, field, err := b.seatField("river", kv, &seen)
		if err != nil {
			return err
		}
		if b.rivers[s], err = parseRiver(s, b.n, val, field); err != nil {
			return err
		}
		riichi := 0
		for _, t := range b.rivers[s] {
			if t.riichi {
				riichi++
			}
		}
		if riichi > 1 {
			return fmt.Errorf("%s: %d riichi tiles (*): a seat declares riichi once", field, riichi)
		}
	}
	return nil
}

func (b *posBuilder) parseMelds(melds []string) error {
	var seen [game.NumSeats]bool
	for _, kv := range melds {
		s, val, field, err := b.seatField("melds", kv, &seen)
		if err != nil {
			return err
		}
		parts := strings.Split(val, ",")
		if len(parts) > 4 {
			return fmt.Errorf("%s: %d melds: a seat makes at most 4", field, len(parts))
		}
		for _, text := range parts {
			m, err := parseMeld(strings.TrimSpace(text), field)
			if err != nil {
				return err
			}
			if m.open() {
				b.open[s] = append(b.open[s], len(b.melds[s]))
			}
			b.melds[s] = append(b.melds[s], m)
		}
	}
	return nil
}

// checkHandSize checks the seat's concealed tiles against its melds and
// takes the draw from the hand when the hand holds it.
func (b *posBuilder) checkHandSize(p *Position) error {
	base := 13 - 3*len(b.melds[b.seat])
	n := len(b.hand) + len(b.draw)
	switch {
	case len(b.draw) == 1 && len(b.hand) != base:
		return fmt.Errorf("hand: %d tiles with %d melds and a draw: want %d", len(b.hand), len(b.melds[b.seat]), base)
	case n != base && n != base+1:
		return fmt.Errorf("hand: %d tiles with %d melds: want %d (answering a discard) or %d (with the draw, or just after a call)", n, len(b.melds[b.seat]), base, base+1)
	}
	b.hasDraw = n == base+1
	return nil
}

// place counts the tiles of one kind a field holds.
type place struct {
	field string
	n     int
}

// checkCounts refuses a fifth copy of a kind or a second red five across
// the hand, the draw, the rivers, the melds (a called tile once, in its
// river) and the dora indicators.
func (b *posBuilder) checkCounts() error {
	var at [tile.NumKinds][]place
	var reds [tile.NumKinds][]string
	add := func(t posTile, field string) {
		ps := at[t.k]
		if len(ps) == 0 || ps[len(ps)-1].field != field {
			ps = append(ps, place{field: field})
		}
		ps[len(ps)-1].n++
		at[t.k] = ps
		if t.red {
			reds[t.k] = append(reds[t.k], field)
		}
	}
	for _, t := range b.hand {
		add(t, "hand")
	}
	for _, t := range b.draw {
		add(t, "draw")
	}
	for _, t := range b.dora {
		add(t, "dora")
	}
	for s := range b.rivers {
		for _, t := range b.rivers[s] {
			add(t.posTile, fmt.Sprintf("river %d", s))
		}
		for _, m := range b.melds[s] {
			for i, t := range m.tiles {
				if i != m.called {
					add(t, fmt.Sprintf("melds %d", s))
				}
			}
		}
	}
	for k := range at {
		if err := countError(tile.Kind(k), at[k], reds[k], b.rules.Score.RedFives); err != nil {
			return err
		}
	}
	return nil
}

// countError says what is wrong with the copies of kind k, or nil.
func countError(k tile.Kind, at []place, reds []string, redRules bool) error {
	n := 0
	var where []string
	for _, p := range at {
		n += p.n
		where = append(where, fmt.Sprintf("%s: %d", p.field, p.n))
	}
	switch {
	case n > 4:
		return fmt.Errorf("a fifth %v (%s): there are four of each tile", k, strings.Join(where, ", "))
	case len(reds) > 1:
		return fmt.Errorf("a second red %v, 0%c (%s): there is one red five of each suit", k, k.String()[1], strings.Join(reds, ", "))
	case redRules && k.IsFive() && n == 4 && len(reds) == 0:
		return fmt.Errorf("four plain %v (%s): one of the four is the red five, written 0%c", k, strings.Join(where, ", "), k.String()[1])
	}
	return nil
}
