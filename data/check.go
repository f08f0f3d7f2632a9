package data

import (
	"fmt"

	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// Check replays every round of g at the level of physical tiles and reports
// the first inconsistency, wrapping ErrInconsistent. It checks that:
//
//   - the starting hands and dora indicator are distinct tiles, every drawn
//     tile and new indicator is a tile not yet seen, and a hand holds 14
//     tiles (counting a kan as 3) exactly when it must discard;
//   - a discard comes from the hand, and Tsumogiri says whether it is the
//     tile just drawn;
//   - a chi, pon or open kan takes the last discard from the seat it names
//     (a chi from the previous seat) plus tiles of the caller's hand; a kakan
//     adds a tile of the hand to the caller's own pon; an ankan takes four
//     tiles of the hand; a riichi is declared by a closed hand;
//   - a win shows the winner's concealed tiles and the melds its calls made
//     (called from the seats the calls name, when it says), its winning tile is
//     the tile drawn (tsumo) or the discard or kan tile it robs (ron), and a
//     draw shows the hands as they are;
//   - the scores before each result, after each accepted riichi and at the
//     start of the next round, the honba and riichi sticks of each result,
//     and the final scores follow from the deltas;
//   - the round ends with its result and nothing but disconnections follows.
//
// Records read from any format pass Check; it is what the corpus tests run.
func (g *Game) Check() error {
	var prev *Round
	var cur [4]int
	sticks := 0
	for i := range g.Rounds {
		rd := &g.Rounds[i]
		if prev != nil && prev.HasResult() {
			if rd.Scores != cur {
				return fmt.Errorf("data: %w: round %d (%s): start scores %v, want %v after the previous round", ErrInconsistent, i+1, rd.Name(), rd.Scores, cur)
			}
			if rd.Sticks != sticks {
				return fmt.Errorf("data: %w: round %d (%s): %d riichi sticks at the start, want %d", ErrInconsistent, i+1, rd.Name(), rd.Sticks, sticks)
			}
		}
		c := checker{g: g, rd: rd}
		if err := c.run(); err != nil {
			return fmt.Errorf("data: %w: round %d (%s) %v", ErrInconsistent, i+1, rd.Name(), err)
		}
		cur, sticks = c.cur, c.sticks
		prev = rd
	}
	if g.Owari != nil && prev != nil && prev.HasResult() {
		if g.Owari.Scores != cur {
			// The final scores may include the leftover riichi sticks given
			// to the leader; accept that.
			if !leftoverSticks(g.Owari.Scores, cur, sticks) {
				return fmt.Errorf("data: %w: final scores %v, want %v", ErrInconsistent, g.Owari.Scores, cur)
			}
		}
	}
	return nil
}

// leftoverSticks reports whether final is cur with the leftover riichi
// sticks added to one seat (Tenhou gives them to the leader).
func leftoverSticks(final, cur [4]int, sticks int) bool {
	diff := 0
	for i := range final {
		if d := final[i] - cur[i]; d != 0 {
			if diff != 0 || d != sticks*1000 {
				return false
			}
			diff = d
		}
	}
	return true
}

// HasResult reports whether the round has its result: a win or a draw.
func (r *Round) HasResult() bool { return len(r.Agari) > 0 || r.Ryuukyoku != nil }

// Tile locations during a check.
const (
	locUnseen = iota
	locHand   // + seat
	locPond   = locHand + 4
	locMeld   = locPond + 1
	locDora   = locMeld + 1
	locKita   = locDora + 1
)

type checker struct {
	g        *Game
	rd       *Round
	loc      [tile.NumTiles]uint8
	n        [4]int // concealed tiles
	melds    [4][]score.Meld
	open     [4]bool
	lastDraw [4]tile.Tile
	// the last tile another player may claim: a discard, or a kan tile
	lastSeat int
	lastTile tile.Tile
	lastKan  bool
	cur      [4]int
	sticks   int
	riichi   [4]bool // step 1 declared
	ended    bool
	ei       int // the event checked: its index in rd.Events
}

func (c *checker) size(seat int) int { return c.n[seat] + 3*len(c.melds[seat]) }

func (c *checker) run() error {
	rd, g := c.rd, c.g
	c.cur = rd.Scores
	c.sticks = rd.Sticks
	c.lastSeat = -1
	c.lastTile = tile.NoTile
	if rd.Dealer < 0 || rd.Dealer >= g.Players {
		return fmt.Errorf("dealer %d", rd.Dealer)
	}
	if !rd.DoraIndicator.Valid() {
		return fmt.Errorf("dora indicator %d", rd.DoraIndicator)
	}
	c.loc[rd.DoraIndicator] = locDora
	for s := range g.Players {
		c.lastDraw[s] = tile.NoTile
		for _, t := range rd.Hands[s] {
			if !t.Valid() || c.loc[t] != locUnseen {
				return fmt.Errorf("starting hand %d: tile %v twice or invalid", s, tileString(t))
			}
			c.loc[t] = locHand + uint8(s)
		}
		c.n[s] = 13
	}
	for i, e := range rd.Events {
		c.ei = i
		if err := c.event(e); err != nil {
			return fmt.Errorf("event %d (%v): %v", i+1, e, err)
		}
	}
	if !c.ended {
		return fmt.Errorf("no result")
	}
	return nil
}

func (c *checker) seat(s int8) error {
	if s < 0 || int(s) >= c.g.Players {
		return fmt.Errorf("seat %d", s)
	}
	return nil
}

func (c *checker) event(e Event) error {
	if e.Type == EventBye || e.Type == EventReconnect {
		return c.seat(e.Seat)
	}
	if c.ended && e.Type != EventAgari {
		return fmt.Errorf("after the round's result")
	}
	switch e.Type {
	case EventDraw, EventDiscard, EventKita, EventRiichi:
		if err := c.seat(e.Seat); err != nil {
			return err
		}
	}
	switch e.Type {
	case EventDraw:
		return c.draw(e)
	case EventDiscard:
		return c.discard(e)
	case EventCall:
		return c.call(e)
	case EventKita:
		return c.kita(e)
	case EventRiichi:
		return c.riichiStep(e)
	case EventNewDora:
		if !e.Tile.Valid() || c.loc[e.Tile] != locUnseen {
			return fmt.Errorf("indicator %v already seen", tileString(e.Tile))
		}
		c.loc[e.Tile] = locDora
	case EventAgari:
		return c.agari(e)
	case EventRyuukyoku:
		return c.ryuukyoku()
	default:
		return fmt.Errorf("unknown event type %v", e.Type)
	}
	return nil
}

// draw checks a draw: an unseen tile into a hand of 13.
func (c *checker) draw(e Event) error {
	s := int(e.Seat)
	if !e.Tile.Valid() || c.loc[e.Tile] != locUnseen {
		return fmt.Errorf("tile %v already seen", tileString(e.Tile))
	}
	if c.size(s) != 13 {
		return fmt.Errorf("draw into a hand of %d", c.size(s))
	}
	c.loc[e.Tile] = locHand + uint8(s)
	c.n[s]++
	c.lastDraw[s] = e.Tile
	return nil
}

// discard checks a discard: a tile of a hand of 14, tsumogiri exactly
// when it is the tile drawn.
func (c *checker) discard(e Event) error {
	s := int(e.Seat)
	if err := c.outOf14(s, e.Tile, "discard"); err != nil {
		return err
	}
	if e.Tsumogiri != (c.lastDraw[s] == e.Tile) {
		return fmt.Errorf("tsumogiri=%v but the tile drawn was %v", e.Tsumogiri, tileString(c.lastDraw[s]))
	}
	c.put(s, e.Tile, locPond, false)
	return nil
}

// outOf14 checks that seat s gives up tile t, its own, from a hand of 14
// (what names the move in the error).
func (c *checker) outOf14(s int, t tile.Tile, what string) error {
	if err := c.fromHand(s, t); err != nil {
		return err
	}
	if c.size(s) != 14 {
		return fmt.Errorf("%s from a hand of %d", what, c.size(s))
	}
	return nil
}

// put moves tile t out of seat s's hand to loc, the last tile given up
// (a kita's may be robbed like a kan's).
func (c *checker) put(s int, t tile.Tile, loc uint8, kan bool) {
	c.loc[t] = loc
	c.n[s]--
	c.lastDraw[s] = tile.NoTile
	c.lastSeat, c.lastTile, c.lastKan = s, t, kan
}

// kita checks a 3-player game's north set aside from a hand of 14.
func (c *checker) kita(e Event) error {
	s := int(e.Seat)
	if c.g.Players != 3 || !e.Tile.Valid() || e.Tile.Kind() != tile.North {
		return fmt.Errorf("kita of %v", tileString(e.Tile))
	}
	if err := c.outOf14(s, e.Tile, "kita"); err != nil {
		return err
	}
	c.put(s, e.Tile, locKita, true)
	return nil
}

// riichiStep checks a riichi's declaration (step 1: a closed hand of 14,
// once) or its acceptance (step 2: after the declaration's discard, the
// stick paid in the scores the record shows).
func (c *checker) riichiStep(e Event) error {
	s := int(e.Seat)
	switch e.Step {
	case 1:
		if c.open[s] || c.size(s) != 14 || c.riichi[s] {
			return fmt.Errorf("riichi by an open hand, out of turn or twice")
		}
		c.riichi[s] = true
	case 2:
		if !c.riichi[s] || c.lastSeat != s {
			return fmt.Errorf("riichi accepted without a declaration and discard")
		}
		c.cur[s] -= 1000
		c.sticks++
		for i := range c.g.Players {
			if int(e.Scores[i]) != c.cur[i] {
				return fmt.Errorf("scores after riichi %v, want %v", e.Scores, c.cur)
			}
		}
	default:
		return fmt.Errorf("riichi step %d", e.Step)
	}
	return nil
}

func (c *checker) fromHand(s int, t tile.Tile) error {
	if !t.Valid() || c.loc[t] != locHand+uint8(s) {
		return fmt.Errorf("tile %v is not in hand %d", tileString(t), s)
	}
	return nil
}

func (c *checker) call(e Event) error {
	if err := c.seat(e.Seat); err != nil {
		return err
	}
	s := int(e.Seat)
	m := e.Meld
	if err := m.Check(); err != nil {
		return err
	}
	n := m.Type.Size()
	switch m.Type {
	case score.Chi, score.Pon, score.Daiminkan:
		if c.lastTile != m.Tiles[0] || c.lastKan || c.lastSeat != int(e.From) || c.lastSeat == s {
			return fmt.Errorf("called tile %v from %d, but the last discard was %v from %d", tileString(m.Tiles[0]), e.From, tileString(c.lastTile), c.lastSeat)
		}
		if m.Type == score.Chi && int(e.From) != (s+c.g.Players-1)%c.g.Players {
			return fmt.Errorf("chi from seat %d, not the previous seat", e.From)
		}
		if c.size(s) != 13 {
			return fmt.Errorf("call into a hand of %d", c.size(s))
		}
		for _, t := range m.Tiles[1:n] {
			if err := c.fromHand(s, t); err != nil {
				return err
			}
		}
		for _, t := range m.Tiles[:n] {
			c.loc[t] = locMeld
		}
		c.n[s] -= n - 1
		c.open[s] = true
		c.melds[s] = append(c.melds[s], m)
		c.lastDraw[s] = tile.NoTile
		c.lastTile = tile.NoTile
	case score.Kakan:
		if c.size(s) != 14 {
			return fmt.Errorf("kakan from a hand of %d", c.size(s))
		}
		j := -1
		for i, p := range c.melds[s] {
			if p.Type == score.Pon && sameTiles(p.Tiles[:3], m.Tiles[:3]) && p.Tiles[0] == m.Tiles[0] {
				j = i
			}
		}
		if j < 0 {
			return fmt.Errorf("kakan without the pon")
		}
		if err := c.fromHand(s, m.Tiles[3]); err != nil {
			return err
		}
		c.loc[m.Tiles[3]] = locMeld
		c.n[s]--
		c.melds[s][j] = m
		c.lastDraw[s] = tile.NoTile
		c.lastSeat, c.lastTile, c.lastKan = s, m.Tiles[3], true
	case score.Ankan:
		if c.size(s) != 14 {
			return fmt.Errorf("ankan from a hand of %d", c.size(s))
		}
		if int(e.From) != s {
			return fmt.Errorf("ankan from seat %d", e.From)
		}
		for _, t := range m.Tiles[:4] {
			if err := c.fromHand(s, t); err != nil {
				return err
			}
		}
		for _, t := range m.Tiles[:4] {
			c.loc[t] = locMeld
		}
		c.n[s] -= 4
		c.melds[s] = append(c.melds[s], m)
		c.lastDraw[s] = tile.NoTile
		c.lastSeat, c.lastTile, c.lastKan = s, m.Tiles[0], true
	default:
		return fmt.Errorf("meld type %v", m.Type)
	}
	return nil
}

// sameTiles reports whether a and b hold the same tiles in any order.
func sameTiles(a, b []tile.Tile) bool {
	if len(a) != len(b) {
		return false
	}
	var seen [tile.NumTiles]int8
	for _, t := range a {
		if !t.Valid() {
			return false
		}
		seen[t]++
	}
	for _, t := range b {
		if !t.Valid() || seen[t] == 0 {
			return false
		}
		seen[t]--
	}
	return true
}

// concealed returns seat s's concealed tiles in id order.
func (c *checker) concealed(s int) []tile.Tile {
	var h []tile.Tile
	for t := range tile.NumTiles {
		if c.loc[t] == locHand+uint8(s) {
			h = append(h, tile.Tile(t))
		}
	}
	return h
}

func (c *checker) agari(e Event) error {
	rd := c.rd
	if int(e.Index) >= len(rd.Agari) {
		return fmt.Errorf("agari index %d of %d", e.Index, len(rd.Agari))
	}
	a := &rd.Agari[e.Index]
	if int(e.Seat) != a.Who || c.seat(e.Seat) != nil || a.From < 0 || a.From >= c.g.Players {
		return fmt.Errorf("agari by %d from %d", a.Who, a.From)
	}
	if a.Pao >= c.g.Players || a.Pao < -1 {
		return fmt.Errorf("pao seat %d", a.Pao)
	}
	first := int(e.Index) == 0
	if !first && (a.Tsumo() || a.From != rd.Agari[0].From) {
		return fmt.Errorf("a second win that is not a ron on the same tile")
	}
	w := a.Who
	h := c.concealed(w)
	if a.Tsumo() {
		if c.lastDraw[w] != a.WinTile || c.size(w) != 14 {
			return fmt.Errorf("tsumo on %v, but the tile drawn was %v", tileString(a.WinTile), tileString(c.lastDraw[w]))
		}
	} else {
		if a.From != c.lastSeat || a.WinTile != c.lastTile || a.From == w {
			return fmt.Errorf("ron on %v from %d, but the last tile was %v from %d", tileString(a.WinTile), a.From, tileString(c.lastTile), c.lastSeat)
		}
		h = append(h, a.WinTile)
	}
	if !sameTiles(h, a.Hand) {
		return fmt.Errorf("hand %v, want %v", tile.Format(a.Hand), tile.Format(h))
	}
	if _, err := MatchShown(a, ShownMelds(rd.Events[:c.ei], w)); err != nil {
		return err
	}
	if a.Scores != c.cur {
		return fmt.Errorf("scores before %v, want %v", a.Scores, c.cur)
	}
	wantHonba, wantSticks := rd.Honba, c.sticks
	if !first {
		wantSticks = 0
	}
	if a.Honba != wantHonba || a.Sticks != wantSticks {
		return fmt.Errorf("ba %d,%d, want %d,%d", a.Honba, a.Sticks, wantHonba, wantSticks)
	}
	for i := range c.cur {
		c.cur[i] += a.Deltas[i]
	}
	c.sticks = 0
	c.ended = true
	return nil
}

func (c *checker) ryuukyoku() error {
	d := c.rd.Ryuukyoku
	if d == nil || len(c.rd.Agari) > 0 {
		return fmt.Errorf("ryuukyoku event without a single Ryuukyoku")
	}
	for s := range c.g.Players {
		if d.Hands[s] == nil {
			continue
		}
		if h := c.concealed(s); !sameTiles(h, d.Hands[s]) {
			return fmt.Errorf("shown hand %d %v, want %v", s, tile.Format(d.Hands[s]), tile.Format(h))
		}
	}
	if d.Scores != c.cur {
		return fmt.Errorf("scores before %v, want %v", d.Scores, c.cur)
	}
	if d.Honba != c.rd.Honba || d.Sticks != c.sticks {
		return fmt.Errorf("ba %d,%d, want %d,%d", d.Honba, d.Sticks, c.rd.Honba, c.sticks)
	}
	for i := range c.cur {
		c.cur[i] += d.Deltas[i]
	}
	c.ended = true
	return nil
}
