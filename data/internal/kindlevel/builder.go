// Package kindlevel builds records from the formats that name tiles by kind
// (tenhou.net/6 and mjai): the readers of data/tenhou6 and data/mjai feed
// a [Builder] the play as faces (a kind, or a red five) and get back a
// data.Round of physical tile ids, with what those formats leave out
// derived from the tracked hands.
package kindlevel

import (
	"fmt"
	"slices"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// Face is a tile as the kind-level formats name it: a kind 0..33, or
// 34..36 for the red 5m, 5p, 5s.
type Face uint8

// NoFace is the absence of a face: a hidden tile (mjai "?").
const NoFace Face = 255

// FaceOf returns the face of tile t (red fives are red).
func FaceOf(t tile.Tile) Face {
	if t.Red() {
		return Face(tile.NumKinds) + Face(t.Kind()/9)
	}
	return Face(t.Kind())
}

// RedFace returns the red face of the suit of five k.
func RedFace(k tile.Kind) Face { return Face(tile.NumKinds) + Face(k/9) }

// Kind returns the face's kind (a red five's is the five).
func (f Face) Kind() tile.Kind {
	if f >= tile.NumKinds {
		return tile.Kind(f-tile.NumKinds)*9 + 4
	}
	return tile.Kind(f)
}

// Red reports whether f is a red five.
func (f Face) Red() bool { return f >= tile.NumKinds && f < tile.NumKinds+3 }

// Valid reports whether f is a face (not NoFace).
func (f Face) Valid() bool { return f < tile.NumKinds+3 }

// String returns the face in tenhou notation ("5m", "0m" for the red
// five), or "?".
func (f Face) String() string {
	if !f.Valid() {
		return "?"
	}
	return tile.Canonical(f.Kind(), f.Red()).String()
}

// tileString formats a tile that may be NoTile or invalid.
func tileString(t tile.Tile) string {
	if !t.Valid() {
		return "?"
	}
	return t.String()
}

// Builder turns a round given as kind-level actions into a Round of
// physical tiles: it gives every tile that comes into play a distinct id of
// its kind (the red five its own id, plain fives the other copies), tracks
// the concealed hands to pick the id a discard or call uses, and derives what
// the formats leave out: tsumogiri, the scores after a riichi, the ba and
// scores before a result, the winner's hand, melds and winning tile.
type Builder struct {
	g        *data.Game
	rd       *data.Round
	used     [tile.NumKinds]uint8 // copies handed out, as a bit mask
	hand     [4][]tile.Tile       // concealed tiles
	hidden   [4]bool              // hands not shown (mjai "?")
	melds    [4][]score.Meld
	lastDraw [4]tile.Tile
	lastSeat int       // seat of the last discard or kan tile
	lastTile tile.Tile // that tile
	cur      [4]int
	sticks   int
	inRiichi [4]bool
	dora     []tile.Tile
	ura      []tile.Tile
	kita     [4][]tile.Tile // North tiles set aside (3-player games)
	ended    bool

	// lastKita: the last tile set aside is a kita, which a ron may rob
	// but no call may take.
	lastKita bool

	// hiddenDraw: the seat's pending draw is hidden (mjai "?"), so only
	// the format's tsumogiri flag tells whether it was discarded.
	hiddenDraw [4]bool
}

// faceOf returns the face of tile t under the game's rules: without red
// fives, ids 16, 52 and 88 are plain fives.
func (b *Builder) faceOf(t tile.Tile) Face {
	if !b.g.Rules.RedFives {
		return Face(t.Kind())
	}
	return FaceOf(t)
}

// norm maps a red face to the plain one in a game without red fives.
func (b *Builder) norm(f Face) Face {
	if f.Red() && !b.g.Rules.RedFives {
		return Face(f.Kind())
	}
	return f
}

// Start begins a round. hands holds each seat's 13 faces (NoFace for a
// hidden tile); the round's Number, Honba, Sticks, Scores and Dealer must be
// set.
func (b *Builder) Start(g *data.Game, rd *data.Round, dora Face, hands [4][]Face) error {
	*b = Builder{g: g, rd: rd, lastSeat: -1, lastTile: tile.NoTile}
	b.cur = rd.Scores
	b.sticks = rd.Sticks
	id, err := b.alloc(dora)
	if err != nil {
		return fmt.Errorf("dora indicator: %w", err)
	}
	rd.DoraIndicator = id
	b.dora = append(b.dora, id)
	for s := range 4 {
		b.lastDraw[s] = tile.NoTile
		for j := range rd.Hands[s] {
			rd.Hands[s][j] = tile.NoTile
		}
		if s >= g.Players {
			if len(hands[s]) != 0 {
				return fmt.Errorf("%w: seat %d has a hand in a %d-player game", data.ErrBadValue, s, g.Players)
			}
			continue
		}
		if len(hands[s]) != 13 {
			return fmt.Errorf("seat %d: %d starting tiles, want 13", s, len(hands[s]))
		}
		for j, f := range hands[s] {
			if f == NoFace {
				b.hidden[s] = true
				continue
			}
			id, err := b.alloc(f)
			if err != nil {
				return fmt.Errorf("seat %d starting hand: %w", s, err)
			}
			rd.Hands[s][j] = id
			b.hand[s] = append(b.hand[s], id)
		}
	}
	return nil
}

// alloc hands out a new id of face f.
func (b *Builder) alloc(f Face) (tile.Tile, error) {
	if !f.Valid() {
		return tile.NoTile, fmt.Errorf("%w: no such tile", data.ErrBadValue)
	}
	k := f.Kind()
	if b.g.Players == 3 && !k.InSanma() {
		return tile.NoTile, fmt.Errorf("%w: %v in a 3-player game (no 2m to 8m)", data.ErrBadValue, f)
	}
	u := &b.used[k]
	if f.Red() && !b.g.Rules.RedFives {
		f = Face(k)
	}
	if f.Red() {
		if *u&1 != 0 {
			return tile.NoTile, fmt.Errorf("%w: red %v twice", data.ErrInconsistent, f)
		}
		*u |= 1
		return tile.Tile(k * 4), nil
	}
	order := [4]uint8{0, 1, 2, 3}
	if k.IsFive() {
		order = [4]uint8{1, 2, 3, 0}
	}
	for _, c := range order {
		if c == 0 && k.IsFive() && b.g.Rules.RedFives {
			break
		}
		if *u&(1<<c) == 0 {
			*u |= 1 << c
			return tile.Tile(uint8(k)*4 + c), nil
		}
	}
	return tile.NoTile, fmt.Errorf("%w: a fifth %v", data.ErrInconsistent, f)
}

// take removes a tile of face f from seat s's hand, preferring not to take
// avoid, and returns it. A hidden hand hands out a new id.
func (b *Builder) take(s int, f Face, avoid tile.Tile) (tile.Tile, error) {
	if b.hidden[s] {
		return b.alloc(f)
	}
	f = b.norm(f)
	h := b.hand[s]
	j := -1
	for i, t := range h {
		if b.faceOf(t) == f && (j < 0 || h[j] == avoid) {
			j = i
		}
	}
	if j < 0 {
		return tile.NoTile, fmt.Errorf("%w: seat %d has no %v", data.ErrInconsistent, s, f)
	}
	t := h[j]
	b.hand[s] = append(h[:j], h[j+1:]...)
	return t, nil
}

// remove takes tile id out of seat s's hand.
func (b *Builder) remove(s int, id tile.Tile) bool {
	for i, t := range b.hand[s] {
		if t == id {
			b.hand[s] = append(b.hand[s][:i], b.hand[s][i+1:]...)
			return true
		}
	}
	return false
}

// Add appends e to the round's events as it is.
func (b *Builder) Add(e data.Event) { b.rd.Events = append(b.rd.Events, e) }

func (b *Builder) checkSeat(s int) error {
	if s < 0 || s >= b.g.Players {
		return fmt.Errorf("%w: seat %d", data.ErrBadValue, s)
	}
	if b.ended {
		return fmt.Errorf("%w: play after the round's result", data.ErrInconsistent)
	}
	return nil
}

// Draw: seat s draws f (NoFace: hidden).
func (b *Builder) Draw(s int, f Face) error {
	if err := b.checkSeat(s); err != nil {
		return err
	}
	id := tile.NoTile
	if f != NoFace {
		var err error
		if id, err = b.alloc(f); err != nil {
			return err
		}
		if !b.hidden[s] {
			b.hand[s] = append(b.hand[s], id)
		}
	}
	b.lastDraw[s] = id
	b.hiddenDraw[s] = id == tile.NoTile
	b.Add(data.Draw(s, id))
	return nil
}

// Discard: seat s discards f; tsumogiri says it is the tile just drawn.
func (b *Builder) Discard(s int, f Face, tsumogiri bool) error {
	if err := b.checkSeat(s); err != nil {
		return err
	}
	var id tile.Tile
	if tsumogiri && b.lastDraw[s] != tile.NoTile && !b.hidden[s] {
		if b.faceOf(b.lastDraw[s]) != b.norm(f) {
			return fmt.Errorf("%w: tsumogiri of %v, but the tile drawn was %v", data.ErrInconsistent, f, b.lastDraw[s])
		}
		id = b.lastDraw[s]
		if !b.remove(s, id) {
			return fmt.Errorf("%w: seat %d no longer holds the tile drawn", data.ErrInconsistent, s)
		}
	} else {
		var err error
		if id, err = b.take(s, f, b.lastDraw[s]); err != nil {
			return err
		}
	}
	b.Add(data.Discard(s, id, id == b.lastDraw[s] && id != tile.NoTile || tsumogiri && b.hiddenDraw[s]))
	b.lastDraw[s] = tile.NoTile
	b.hiddenDraw[s] = false
	b.lastSeat, b.lastTile, b.lastKita = s, id, false
	return nil
}

// Call makes a chi, pon or daiminkan of the last discard (face called, from
// seat from) with own tiles of seat s.
func (b *Builder) Call(s int, t score.MeldType, called Face, own []Face, from int) error {
	if err := b.checkSeat(s); err != nil {
		return err
	}
	if t == score.Chi && b.g.Players == 3 {
		return fmt.Errorf("%w: chi in a 3-player game", data.ErrBadValue)
	}
	if b.lastKita {
		return fmt.Errorf("%w: %v of a kita (a North set aside can only be robbed by a ron)", data.ErrInconsistent, t)
	}
	if from != b.lastSeat || b.lastTile == tile.NoTile || b.faceOf(b.lastTile) != b.norm(called) {
		return fmt.Errorf("%w: %v of %v from seat %d, but the last discard was %v from seat %d", data.ErrInconsistent, t, called, from, tileString(b.lastTile), b.lastSeat)
	}
	if len(own) != t.Size()-1 {
		return fmt.Errorf("%w: %v with %d own tiles", data.ErrBadValue, t, len(own))
	}
	m := score.Meld{Type: t}
	m.Tiles[0] = b.lastTile
	for i, f := range own {
		id, err := b.take(s, f, tile.NoTile)
		if err != nil {
			return err
		}
		m.Tiles[i+1] = id
	}
	if err := m.Check(); err != nil {
		return fmt.Errorf("%w: %v", data.ErrInconsistent, err)
	}
	b.melds[s] = append(b.melds[s], m)
	b.lastDraw[s], b.hiddenDraw[s] = tile.NoTile, false
	b.lastTile = tile.NoTile
	b.Add(data.Call(s, m, from))
	return nil
}

// Kakan adds f to seat s's pon of its kind.
func (b *Builder) Kakan(s int, f Face) error {
	if err := b.checkSeat(s); err != nil {
		return err
	}
	j := -1
	for i, m := range b.melds[s] {
		if m.Type == score.Pon && m.Tiles[0].Kind() == f.Kind() {
			j = i
		}
	}
	if j < 0 {
		return fmt.Errorf("%w: kakan of %v without a pon", data.ErrInconsistent, f)
	}
	id, err := b.take(s, f, tile.NoTile)
	if err != nil {
		return err
	}
	m := b.melds[s][j]
	m.Type = score.Kakan
	m.Tiles[3] = id
	b.melds[s][j] = m
	from := -1
	for _, e := range b.rd.Events {
		if e.Type == data.EventCall && int(e.Seat) == s && e.Meld.Type == score.Pon && e.Meld.Tiles[0] == m.Tiles[0] {
			from = int(e.From)
		}
	}
	b.lastDraw[s], b.hiddenDraw[s] = tile.NoTile, false
	b.lastSeat, b.lastTile, b.lastKita = s, id, false
	b.Add(data.Call(s, m, from))
	return nil
}

// Ankan makes a closed kan of the four faces.
func (b *Builder) Ankan(s int, fs [4]Face) error {
	if err := b.checkSeat(s); err != nil {
		return err
	}
	m := score.Meld{Type: score.Ankan}
	for i, f := range fs {
		id, err := b.take(s, f, tile.NoTile)
		if err != nil {
			return err
		}
		m.Tiles[i] = id
	}
	if err := m.Check(); err != nil {
		return fmt.Errorf("%w: %v", data.ErrInconsistent, err)
	}
	b.melds[s] = append(b.melds[s], m)
	b.lastDraw[s], b.hiddenDraw[s] = tile.NoTile, false
	b.lastSeat, b.lastTile, b.lastKita = s, m.Tiles[0], false
	b.Add(data.Call(s, m, s))
	return nil
}

// Kita sets aside seat s's North f (3-player games): a dora, which the
// other seats may rob by ron before the replacement draw.
func (b *Builder) Kita(s int, f Face) error {
	if err := b.checkSeat(s); err != nil {
		return err
	}
	if b.g.Players != 3 {
		return fmt.Errorf("%w: kita in a %d-player game", data.ErrBadValue, b.g.Players)
	}
	if f.Kind() != tile.North {
		return fmt.Errorf("%w: kita of %v, not a North", data.ErrBadValue, f)
	}
	// The North just drawn, if it is one: in riichi it must be that one.
	id := b.lastDraw[s]
	if id == tile.NoTile || id.Kind() != tile.North || !b.remove(s, id) {
		var err error
		if id, err = b.take(s, f, tile.NoTile); err != nil {
			return err
		}
	}
	b.kita[s] = append(b.kita[s], id)
	b.lastDraw[s], b.hiddenDraw[s] = tile.NoTile, false
	b.lastSeat, b.lastTile, b.lastKita = s, id, true
	b.Add(data.Kita(s, id))
	return nil
}

// Riichi records step 1 or 2 of seat s's riichi; scores, if not nil, are the
// points after the stick as the format gives them.
func (b *Builder) Riichi(s, step int, scores *[4]int) error {
	if err := b.checkSeat(s); err != nil {
		return err
	}
	switch step {
	case 1:
		b.inRiichi[s] = true
		b.Add(data.Riichi(s, 1, [4]int{}))
	case 2:
		b.cur[s] -= 1000
		b.sticks++
		if scores != nil {
			b.cur = *scores
		}
		b.Add(data.Riichi(s, 2, b.cur))
	default:
		return fmt.Errorf("%w: riichi step %d", data.ErrBadValue, step)
	}
	return nil
}

// NewDora reveals indicator f.
func (b *Builder) NewDora(f Face) error {
	id, err := b.alloc(f)
	if err != nil {
		return err
	}
	b.dora = append(b.dora, id)
	b.Add(data.NewDora(id))
	return nil
}

// Connection records a disconnection (bye) or reconnection of seat s.
func (b *Builder) Connection(bye bool, s int) error {
	if s < 0 || s >= b.g.Players {
		return fmt.Errorf("%w: seat %d", data.ErrBadValue, s)
	}
	if bye {
		b.Add(data.Bye(s))
	} else {
		b.Add(data.Reconnect(s))
	}
	return nil
}

// SetUra gives ids to the ura indicators (once per round).
func (b *Builder) SetUra(fs []Face) error {
	if b.ura != nil || len(fs) == 0 {
		return nil
	}
	for _, f := range fs {
		id, err := b.alloc(f)
		if err != nil {
			return fmt.Errorf("ura indicator: %w", err)
		}
		b.ura = append(b.ura, id)
	}
	return nil
}

// Agari records a win of who from from and returns it for the caller to
// fill in the scoring (Fu, Points, Limit, Yaku, Yakuman, Pao). Hand, Melds,
// WinTile, Dora, Ura (for a riichi winner), ba and Scores are derived.
func (b *Builder) Agari(who, from int, deltas [4]int) (*data.Agari, error) {
	if who < 0 || who >= b.g.Players || from < 0 || from >= b.g.Players {
		return nil, fmt.Errorf("%w: agari by seat %d from seat %d", data.ErrBadValue, who, from)
	}
	rd := b.rd
	if rd.Ryuukyoku != nil || len(rd.Agari) >= 3 {
		return nil, fmt.Errorf("%w: agari after the round's result", data.ErrInconsistent)
	}
	a := data.Agari{Who: who, From: from, Pao: -1, Honba: rd.Honba, Sticks: b.sticks, Scores: b.cur, Deltas: deltas}
	if len(rd.Agari) > 0 {
		a.Sticks = 0
	}
	a.Hand = append([]tile.Tile(nil), b.hand[who]...)
	if who == from {
		a.WinTile = b.lastDraw[who]
	} else {
		a.WinTile = b.lastTile
		if from != b.lastSeat || b.lastTile == tile.NoTile {
			return nil, fmt.Errorf("%w: ron from seat %d, but the last discard was from seat %d", data.ErrInconsistent, from, b.lastSeat)
		}
		a.Hand = append(a.Hand, b.lastTile)
	}
	slices.Sort(a.Hand) // as Tenhou lists them
	if b.hidden[who] {
		a.Hand = nil
	}
	a.Melds = append([]score.Meld(nil), b.melds[who]...)
	a.Dora = append([]tile.Tile(nil), b.dora...)
	if len(b.kita[who]) > 0 {
		a.Kita = append([]tile.Tile(nil), b.kita[who]...)
	}
	if b.inRiichi[who] && b.ura != nil {
		a.Ura = append([]tile.Tile(nil), b.ura...)
	}
	for i := range b.cur {
		b.cur[i] += deltas[i]
	}
	b.sticks = 0
	b.ended = true
	rd.Agari = append(rd.Agari, a)
	b.Add(data.Event{Type: data.EventAgari, Seat: int8(who), Tile: tile.NoTile, From: -1, Index: uint8(len(rd.Agari) - 1)})
	return &rd.Agari[len(rd.Agari)-1], nil
}

// Ryuukyoku records a draw; shown marks the seats whose hands are shown.
func (b *Builder) Ryuukyoku(t data.RyuukyokuType, deltas [4]int, shown [4]bool) error {
	rd := b.rd
	if b.ended {
		return fmt.Errorf("%w: ryuukyoku after the round's result", data.ErrInconsistent)
	}
	d := &data.Ryuukyoku{Type: t, Honba: rd.Honba, Sticks: b.sticks, Scores: b.cur, Deltas: deltas}
	for s := range b.g.Players {
		if shown[s] && !b.hidden[s] {
			d.Hands[s] = slices.Sorted(slices.Values(b.hand[s]))
			if d.Hands[s] == nil {
				d.Hands[s] = []tile.Tile{}
			}
		}
	}
	for i := range b.cur {
		b.cur[i] += deltas[i]
	}
	b.ended = true
	rd.Ryuukyoku = d
	b.Add(data.Event{Type: data.EventRyuukyoku, Seat: -1, Tile: tile.NoTile, From: -1})
	return nil
}

// LastActor returns the seat of the round's last draw or discard.
func (b *Builder) LastActor() int {
	rd := b.rd
	for i := len(rd.Events) - 1; i >= 0; i-- {
		if e := rd.Events[i]; e.Type == data.EventDraw || e.Type == data.EventDiscard {
			return int(e.Seat)
		}
	}
	return rd.Dealer
}
