package mjlog

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net/url"
	"strconv"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/internal/codec"
	"github.com/mjrank/mjrank/sim/tile"
)

// Reader reads Tenhou mjlog XML records (plain or gzip-compressed,
// detected by the magic bytes) one game at a time, in the shape of
// bufio.Scanner:
//
//	r := mjlog.NewReader(f, "2019103023gm-00a9-0000-f90e0fe9.mjlog")
//	for r.Next() {
//		g := r.Game()
//		...
//	}
//	if err := r.Err(); err != nil { ... }
//
// A file normally holds one game (one <mjloggm> element); concatenated
// games are read in turn. The reader is a hand-written tag scanner: it does
// not accept arbitrary XML, only the flat tag sequence Tenhou writes (see the
// package doc for the tags and the checks).
type Reader struct {
	name string
	src  io.Reader
	br   *bufio.Reader
	init bool
	err  error
	game *data.Game
	n    int // games started

	// position of the next unread byte
	off       int64
	line      int
	lineStart int64

	// the current tag
	tagOff  int64
	tagLine int
	tagCol  int
	tagName []byte
	attrs   [maxAttrs]attr
	nattr   int
	long    []byte // a tag longer than the bufio buffer
	st      mjlogState
}

const maxAttrs = 48

type attr struct{ name, value []byte }

// NewReader returns a reader of the mjlog records in r. name (usually
// the file name) appears in errors, and a Tenhou log id in it
// (2019103023gm-00a9-0000-f90e0fe9) becomes Game.Ref unless the record
// has its own (SHUFFLE ref). Ref names the game; the rules it is replayed
// under come from the record where it shows them (data.Game.EngineRules).
func NewReader(r io.Reader, name string) *Reader {
	return &Reader{name: name, src: r, line: 1}
}

// Game returns the game read by the last successful call to Next. After Next
// has returned false because of an error it returns what was read of the
// failing game (complete rounds, and the round in progress), or nil.
func (r *Reader) Game() *data.Game { return r.game }

// Err returns the first error met, or nil at a clean end of input. Errors
// from the input are *ParseError values wrapping ErrSyntax, ErrBadTag,
// ErrBadValue, ErrTruncated (the input ends inside a game or round, or a
// game has no final result) or an I/O error.
func (r *Reader) Err() error { return r.err }

// Next reads the next game and reports whether it succeeded.
func (r *Reader) Next() bool {
	if r.err != nil {
		return false
	}
	if !r.init {
		r.init = true
		r.br = codec.Gunzip(r.src)
	}
	return codec.NextGame(&r.game, &r.err, r.readGame)
}

// advance accounts for the consumed bytes b.
func (r *Reader) advance(b []byte) {
	for i := bytes.IndexByte(b, '\n'); i >= 0; {
		r.line++
		r.lineStart = r.off + int64(i) + 1
		j := bytes.IndexByte(b[i+1:], '\n')
		if j < 0 {
			break
		}
		i += j + 1
	}
	r.off += int64(len(b))
}

// isSpace reports whether b holds only XML white space.
func isSpace(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\n' && c != '\r' && c != '\t' {
			return false
		}
	}
	return true
}

// nextTag reads the next tag and returns its contents between '<' and '>'.
// It returns io.EOF at the end of input outside a tag.
func (r *Reader) nextTag() ([]byte, error) {
	for {
		b, err := r.br.ReadSlice('<')
		text := b
		if err == nil {
			text = b[:len(b)-1]
		}
		if !isSpace(text) {
			i := 0
			for i < len(text) && isSpace(text[i:i+1]) {
				i++
			}
			r.advance(text[:i])
			r.setPos(r.off)
			return nil, r.fail(data.ErrSyntax, "text outside a tag")
		}
		r.advance(b)
		if err == nil {
			break
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err == io.EOF {
			return nil, io.EOF
		}
		r.setPos(r.off)
		return nil, r.ioFail(err)
	}
	r.setPos(r.off - 1)
	b, err := r.br.ReadSlice('>')
	if err == bufio.ErrBufferFull {
		r.long = append(r.long[:0], b...)
		r.advance(b)
		for err == bufio.ErrBufferFull {
			if len(r.long) > data.MaxLine {
				return nil, r.fail(data.ErrTooLarge, fmt.Sprintf("a tag longer than %d bytes", data.MaxLine))
			}
			b, err = r.br.ReadSlice('>')
			r.long = append(r.long, b...)
			r.advance(b)
		}
		b = r.long
	} else {
		r.advance(b)
	}
	if err != nil {
		if err == io.EOF {
			return nil, r.fail(data.ErrTruncated, "input ends inside a tag")
		}
		return nil, r.ioFail(err)
	}
	return b[:len(b)-1], nil
}

// setPos records off as the start of the current tag.
func (r *Reader) setPos(off int64) {
	r.tagOff = off
	r.tagLine = r.line
	r.tagCol = int(off-r.lineStart) + 1
	r.tagName = nil
}

// fail returns a *ParseError at the current tag.
func (r *Reader) fail(sentinel error, msg string) error {
	return r.wrap(codec.Cause(sentinel, msg))
}

// failf is fail with formatting.
func (r *Reader) failf(sentinel error, format string, args ...any) error {
	return r.wrap(codec.Cause(sentinel, fmt.Sprintf(format, args...)))
}

// ioFail wraps an I/O error.
func (r *Reader) ioFail(err error) error { return r.wrap(err) }

func (r *Reader) wrap(err error) error {
	pe := &data.ParseError{File: r.name, Game: r.n, Line: r.tagLine, Column: r.tagCol, Offset: r.tagOff, Tag: string(r.tagName), Err: err}
	if g := r.st.g; g != nil && r.st.inRound && len(g.Rounds) > 0 {
		pe.Round = len(g.Rounds)
		pe.Name = g.Rounds[len(g.Rounds)-1].Name()
	}
	return pe
}

// parseTag splits a tag's contents into its name and attributes.
func (r *Reader) parseTag(b []byte) error {
	if n := len(b); n > 0 && b[n-1] == '/' {
		b = b[:n-1]
	}
	i := 0
	for i < len(b) && b[i] != ' ' && b[i] != '\t' && b[i] != '\n' && b[i] != '\r' {
		i++
	}
	r.tagName = b[:i]
	r.nattr = 0
	for {
		for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
			i++
		}
		if i == len(b) {
			return nil
		}
		j := i
		for j < len(b) && b[j] != '=' && b[j] != ' ' {
			j++
		}
		if j+1 >= len(b) || b[j] != '=' || (b[j+1] != '"' && b[j+1] != '\'') {
			return r.failf(data.ErrSyntax, "malformed attribute %q", truncate(b[i:]))
		}
		q := b[j+1]
		k := bytes.IndexByte(b[j+2:], q)
		if k < 0 {
			return r.failf(data.ErrSyntax, "unterminated attribute value %q", truncate(b[i:]))
		}
		if r.nattr == maxAttrs {
			return r.fail(data.ErrSyntax, "too many attributes")
		}
		r.attrs[r.nattr] = attr{b[i:j], b[j+2 : j+2+k]}
		r.nattr++
		i = j + 2 + k + 1
	}
}

func truncate(b []byte) string {
	if len(b) > 40 {
		return string(b[:40]) + "…"
	}
	return string(b)
}

// get returns the value of the named attribute of the current tag.
func (r *Reader) get(name string) ([]byte, bool) {
	for _, a := range r.attrs[:r.nattr] {
		if string(a.name) == name {
			return a.value, true
		}
	}
	return nil, false
}

// readGame reads one <mjloggm> element.
func (r *Reader) readGame() (*data.Game, error) {
	// Find the opening tag.
	for {
		b, err := r.nextTag()
		if err != nil {
			return nil, err
		}
		if len(b) > 0 && (b[0] == '?' || b[0] == '!') {
			continue // XML declaration or comment
		}
		if err := r.parseTag(b); err != nil {
			return nil, err
		}
		if string(r.tagName) != "mjloggm" {
			r.n++
			return nil, r.failf(data.ErrBadTag, "want <mjloggm>, got <%s>", r.tagName)
		}
		break
	}
	r.n++
	g := &data.Game{Players: 4, Rules: data.TenhouRules(), Ref: logID(r.name)}
	r.st = mjlogState{g: g}
	for {
		b, err := r.nextTag()
		if err == io.EOF {
			r.setPos(r.off)
			return g, r.fail(data.ErrTruncated, "input ends before </mjloggm>")
		}
		if err != nil {
			return g, err
		}
		if len(b) == 0 {
			return g, r.fail(data.ErrSyntax, "empty tag <>")
		}
		if b[0] == '?' || b[0] == '!' {
			continue
		}
		// Fast path: draws and discards, <T12/> … <G135/>.
		if len(b) >= 2 && b[1] >= '0' && b[1] <= '9' {
			if err := r.drawDiscard(b); err != nil {
				return g, err
			}
			if n := len(g.Rounds); n > 0 && len(g.Rounds[n-1].Events) > data.MaxEventsPerRound {
				return g, r.wrap(data.CheckSize(g))
			}
			continue
		}
		if b[0] == '/' {
			r.tagName = b[1:]
			if string(b) != "/mjloggm" {
				return g, r.failf(data.ErrBadTag, "unexpected closing tag </%s>", b[1:])
			}
			return g, r.endGame()
		}
		if err := r.parseTag(b); err != nil {
			return g, err
		}
		if err := r.tag(); err != nil {
			return g, err
		}
		if err := data.CheckSize(g); err != nil {
			return g, r.wrap(err)
		}
		if len(r.st.pending) > data.MaxEventsPerRound {
			return g, r.failf(data.ErrTooLarge, "more than %d connection events before the first round", data.MaxEventsPerRound)
		}
	}
}

// mjlogState is the state of the game being read.
type mjlogState struct {
	g        *data.Game
	inRound  bool // an INIT was read
	result   bool // the round in progress has its result
	roster   bool // the first UN was read
	haveGo   bool // a GO tag was read
	lastDraw [4]tile.Tile
	cur      [4]int       // points during the round, for riichi step 2
	pending  []data.Event // BYE/UN before the first round
}

func (s *mjlogState) round() *data.Round { return &s.g.Rounds[len(s.g.Rounds)-1] }

// addSeatEvent adds a Bye or Reconnect to the current round, or keeps it for
// the first round.
func (s *mjlogState) addSeatEvent(e data.Event) {
	if len(s.g.Rounds) == 0 {
		s.pending = append(s.pending, e)
		return
	}
	rd := s.round()
	rd.Events = append(rd.Events, e)
}

// drawDiscard handles <T12/>-style tags.
func (r *Reader) drawDiscard(b []byte) error {
	if n := len(b); b[n-1] == '/' {
		b = b[:n-1]
	}
	r.tagName = b[:1]
	id, ok := codec.Atoi(b[1:])
	if !ok || id >= tile.NumTiles {
		r.tagName = b
		return r.failf(data.ErrBadValue, "bad tile id in <%s/>", b)
	}
	var seat int
	draw := true
	switch b[0] {
	case 'T', 'U', 'V', 'W':
		seat = int(b[0] - 'T')
	case 'D', 'E', 'F', 'G':
		seat = int(b[0] - 'D')
		draw = false
	default:
		r.tagName = b
		return r.failf(data.ErrBadTag, "unknown tag <%s/>", b)
	}
	s := &r.st
	if err := r.needPlay(); err != nil {
		return err
	}
	if seat >= s.g.Players {
		return r.failf(data.ErrBadValue, "seat %d in a %d-player game", seat, s.g.Players)
	}
	rd := s.round()
	t := tile.Tile(id)
	if draw {
		rd.Events = append(rd.Events, data.Draw(seat, t))
		s.lastDraw[seat] = t
	} else {
		rd.Events = append(rd.Events, data.Discard(seat, t, s.lastDraw[seat] == t))
		s.lastDraw[seat] = tile.NoTile
	}
	return nil
}

// needPlay checks that a round is in play.
func (r *Reader) needPlay() error {
	s := &r.st
	if !s.inRound {
		return r.fail(data.ErrBadTag, "play before the first INIT")
	}
	if s.result {
		return r.fail(data.ErrBadTag, "play after the round's result")
	}
	return nil
}

// playSeat checks that a round is in play and reads the who= of a
// player's tag.
func (r *Reader) playSeat() (int, error) {
	if err := r.needPlay(); err != nil {
		return 0, err
	}
	return r.seatAttr("who")
}

// tag handles one parsed tag other than draws and discards.
func (r *Reader) tag() error {
	s := &r.st
	g := s.g
	switch string(r.tagName) {
	case "SHUFFLE":
		if v, ok := r.get("seed"); ok {
			g.Seed = string(v)
		}
		if v, ok := r.get("ref"); ok && len(v) > 0 {
			g.Ref = string(v)
		}
	case "GO":
		t, err := r.intAttr("type")
		if err != nil {
			return err
		}
		if s.inRound {
			return r.fail(data.ErrBadTag, "GO inside the game")
		}
		g.Rules = data.RulesFromType(t)
		g.Players = data.PlayersFromType(t)
		s.haveGo = true
		if v, ok := r.get("lobby"); ok {
			if g.Lobby, ok = codec.Atoi(v); !ok {
				return r.failf(data.ErrBadValue, "lobby=%q", v)
			}
		}
	case "UN":
		return r.un()
	case "TAIKYOKU":
		// oya= is always 0: seat 0 deals first.
	case "INIT":
		return r.initTag()
	case "N":
		return r.call()
	case "REACH":
		return r.reach()
	case "DORA":
		if err := r.needPlay(); err != nil {
			return err
		}
		t, err := r.tileAttr("hai")
		if err != nil {
			return err
		}
		rd := s.round()
		rd.Events = append(rd.Events, data.NewDora(t))
	case "AGARI":
		return r.agari()
	case "RYUUKYOKU":
		return r.ryuukyoku()
	case "BYE":
		who, err := r.seatAttr("who")
		if err != nil {
			return err
		}
		s.addSeatEvent(data.Bye(who))
	case "mjloggm":
		return r.fail(data.ErrBadTag, "nested <mjloggm>")
	default:
		return r.failf(data.ErrBadTag, "unknown tag <%s>", r.tagName)
	}
	return nil
}

// un handles the roster and reconnections.
func (r *Reader) un() error {
	s := &r.st
	g := s.g
	if !s.roster && len(g.Rounds) == 0 {
		s.roster = true
		for i := range 4 {
			v, ok := r.get(seatAttrNames[i])
			if !ok {
				continue
			}
			name, err := url.PathUnescape(string(v))
			if err != nil {
				return r.failf(data.ErrBadValue, "n%d=%q: %v", i, v, err)
			}
			g.Names[i] = name
		}
		if v, ok := r.get("dan"); ok {
			if _, err := r.ints(v, g.Dan[:], 1, "dan"); err != nil {
				return err
			}
		}
		if v, ok := r.get("rate"); ok {
			i := 0
			for f := range fields(v) {
				if i == 4 {
					break
				}
				x, err := strconv.ParseFloat(string(f), 64)
				if err != nil {
					return r.failf(data.ErrBadValue, "rate=%q", v)
				}
				g.Rate[i] = x
				i++
			}
		}
		if v, ok := r.get("sx"); ok {
			i := 0
			for f := range fields(v) {
				if i == 4 {
					break
				}
				g.Sex[i] = string(f)
				i++
			}
		}
		return nil
	}
	for i := range 4 {
		if _, ok := r.get(seatAttrNames[i]); ok {
			if i >= g.Players {
				return r.failf(data.ErrBadValue, "seat %d in a %d-player game", i, g.Players)
			}
			s.addSeatEvent(data.Reconnect(i))
		}
	}
	return nil
}

// initTag starts a round.
func (r *Reader) initTag() error {
	s := &r.st
	g := s.g
	if s.inRound && !s.result {
		return r.fail(data.ErrTruncated, "round has no result before the next INIT")
	}
	if g.Owari != nil {
		return r.fail(data.ErrBadTag, "INIT after the game's final result")
	}
	if !s.haveGo {
		if v, ok := r.get("hai3"); ok && len(v) == 0 {
			g.Players = 3
		}
	}
	g.Rounds = append(g.Rounds, data.Round{Events: make([]data.Event, 0, 160)})
	s.inRound, s.result = true, false
	rd := s.round()
	if len(s.pending) > 0 {
		rd.Events = append(rd.Events, s.pending...)
		s.pending = nil
	}
	var seed [6]int
	v, ok := r.get("seed")
	if !ok {
		return r.fail(data.ErrBadValue, "missing seed=")
	}
	if n, err := r.ints(v, seed[:], 1, "seed"); err != nil {
		return err
	} else if n != 6 {
		return r.failf(data.ErrBadValue, "seed=%q: want 6 values", v)
	}
	rd.Number, rd.Honba, rd.Sticks = seed[0], seed[1], seed[2]
	rd.Dice = [2]int{seed[3], seed[4]}
	if seed[0] < 0 || seed[0] > 15 || seed[1] < 0 || seed[1] > 99 || seed[2] < 0 || seed[2] > 99 {
		return r.failf(data.ErrBadValue, "seed=%q: round, honba or sticks out of range", v)
	}
	if seed[5] < 0 || seed[5] >= tile.NumTiles {
		return r.failf(data.ErrBadValue, "seed=%q: dora indicator out of range", v)
	}
	rd.DoraIndicator = tile.Tile(seed[5])
	v, ok = r.get("ten")
	if !ok {
		return r.fail(data.ErrBadValue, "missing ten=")
	}
	if _, err := r.ints(v, rd.Scores[:], 100, "ten"); err != nil {
		return err
	}
	s.cur = rd.Scores
	oya, err := r.seatAttr("oya")
	if err != nil {
		return err
	}
	rd.Dealer = oya
	if v, ok := r.get("shuffle"); ok {
		rd.Shuffle = string(v)
	}
	for i := range 4 {
		for j := range rd.Hands[i] {
			rd.Hands[i][j] = tile.NoTile
		}
		name := haiAttrNames[i]
		v, ok := r.get(name)
		if i >= g.Players {
			if ok && len(v) > 0 {
				return r.failf(data.ErrBadValue, "%s= in a %d-player game", name, g.Players)
			}
			continue
		}
		if !ok {
			return r.failf(data.ErrBadValue, "missing %s=", name)
		}
		if n, ok := parseTiles(v, rd.Hands[i][:]); !ok || n != 13 {
			return r.failf(data.ErrBadValue, "%s=%q: want 13 tile ids", name, v)
		}
	}
	s.lastDraw = [4]tile.Tile{tile.NoTile, tile.NoTile, tile.NoTile, tile.NoTile}
	return nil
}

// call handles N.
func (r *Reader) call() error {
	s := &r.st
	who, err := r.playSeat()
	if err != nil {
		return err
	}
	m, err := r.intAttr("m")
	if err != nil {
		return err
	}
	md, from, kita, err := decodeMeld(m, who, s.g.Players)
	if err != nil {
		return r.wrap(codec.Cause(data.ErrBadValue, err.Error()))
	}
	rd := s.round()
	if kita != tile.NoTile {
		rd.Events = append(rd.Events, data.Kita(who, kita))
	} else {
		rd.Events = append(rd.Events, data.Call(who, md, from))
	}
	s.lastDraw[who] = tile.NoTile
	return nil
}

// reach handles REACH.
func (r *Reader) reach() error {
	s := &r.st
	who, err := r.playSeat()
	if err != nil {
		return err
	}
	step, err := r.intAttr("step")
	if err != nil {
		return err
	}
	rd := s.round()
	switch step {
	case 1:
		rd.Events = append(rd.Events, data.Riichi(who, 1, [4]int{}))
	case 2:
		s.cur[who] -= 1000
		if v, ok := r.get("ten"); ok {
			if _, err := r.ints(v, s.cur[:], 100, "ten"); err != nil {
				return err
			}
		}
		rd.Events = append(rd.Events, data.Riichi(who, 2, s.cur))
	default:
		return r.failf(data.ErrBadValue, "step=%d", step)
	}
	return nil
}

// agari handles AGARI.
func (r *Reader) agari() error {
	s := &r.st
	g := s.g
	if !s.inRound {
		return r.fail(data.ErrBadTag, "AGARI before the first INIT")
	}
	rd := s.round()
	if rd.Ryuukyoku != nil || g.Owari != nil {
		return r.fail(data.ErrBadTag, "AGARI after the round's result")
	}
	if len(rd.Agari) >= 3 {
		return r.fail(data.ErrBadValue, "more than three AGARI in a round")
	}
	var a data.Agari
	var err error
	if a.Who, err = r.seatAttr("who"); err != nil {
		return err
	}
	if a.From, err = r.seatAttr("fromWho"); err != nil {
		return err
	}
	a.Pao = -1
	if _, ok := r.get("paoWho"); ok {
		if a.Pao, err = r.seatAttr("paoWho"); err != nil {
			return err
		}
	}
	if a.Hand, err = r.tilesAttr("hai", true); err != nil {
		return err
	}
	if len(a.Hand) == 0 || len(a.Hand) > 14 {
		return r.failf(data.ErrBadValue, "hai= has %d tiles", len(a.Hand))
	}
	if err := r.agariMelds(&a, g.Players); err != nil {
		return err
	}
	if a.WinTile, err = r.tileAttr("machi"); err != nil {
		return err
	}
	if err := r.agariScore(&a); err != nil {
		return err
	}
	if a.Dora, err = r.tilesAttr("doraHai", true); err != nil {
		return err
	}
	if a.Ura, err = r.tilesAttr("doraHaiUra", false); err != nil {
		return err
	}
	if err := r.ba(&a.Honba, &a.Sticks); err != nil {
		return err
	}
	if err := r.sc(&a.Scores, &a.Deltas); err != nil {
		return err
	}
	if err := r.owari(); err != nil {
		return err
	}
	rd.Agari = append(rd.Agari, a)
	rd.Events = append(rd.Events, data.Event{Type: data.EventAgari, Seat: int8(a.Who), Tile: tile.NoTile, From: -1, Index: uint8(len(rd.Agari) - 1)})
	s.result = true
	return nil
}

// agariMelds reads AGARI m=: the melds, with their sources, and the kita.
func (r *Reader) agariMelds(a *data.Agari, players int) error {
	v, ok := r.get("m")
	if !ok || len(v) == 0 {
		return nil
	}
	for f := range fields(v) {
		m, ok := codec.Atoi(f)
		if !ok {
			return r.failf(data.ErrBadValue, "m=%q", v)
		}
		md, from, kita, err := decodeMeld(m, a.Who, players)
		if err != nil {
			return r.wrap(codec.Cause(data.ErrBadValue, err.Error()))
		}
		if kita != tile.NoTile {
			a.Kita = append(a.Kita, kita)
			continue
		}
		if len(a.Melds) == 4 {
			return r.failf(data.ErrBadValue, "m=%q: more than 4 melds", v)
		}
		a.Melds = append(a.Melds, md)
		a.MeldFrom = append(a.MeldFrom, from)
	}
	return nil
}

// agariScore reads AGARI ten=, yaku= and yakuman=.
func (r *Reader) agariScore(a *data.Agari) error {
	v, ok := r.get("ten")
	if !ok {
		return r.fail(data.ErrBadValue, "missing ten=")
	}
	var ten [3]int
	if n, err := r.ints(v, ten[:], 1, "ten"); err != nil {
		return err
	} else if n != 3 || ten[2] < 0 || ten[2] > 5 {
		return r.failf(data.ErrBadValue, "ten=%q: want fu,points,limit", v)
	}
	a.Fu, a.Points, a.Limit = ten[0], ten[1], ten[2]
	if v, ok := r.get("yaku"); ok && len(v) > 0 {
		var id int
		i := 0
		for f := range fields(v) {
			x, ok := codec.Atoi(f)
			if !ok || x > 127 {
				return r.failf(data.ErrBadValue, "yaku=%q", v)
			}
			if i%2 == 0 {
				id = x
			} else {
				a.Yaku = append(a.Yaku, data.Yaku{ID: id, Han: x})
			}
			i++
		}
		if i%2 != 0 {
			return r.failf(data.ErrBadValue, "yaku=%q: odd number of values", v)
		}
	}
	if v, ok := r.get("yakuman"); ok && len(v) > 0 {
		for f := range fields(v) {
			x, ok := codec.Atoi(f)
			if !ok || x > 127 {
				return r.failf(data.ErrBadValue, "yakuman=%q", v)
			}
			a.Yakuman = append(a.Yakuman, x)
		}
	}
	return nil
}

// ryuukyoku handles RYUUKYOKU.
func (r *Reader) ryuukyoku() error {
	s := &r.st
	g := s.g
	if !s.inRound {
		return r.fail(data.ErrBadTag, "RYUUKYOKU before the first INIT")
	}
	if s.result {
		return r.fail(data.ErrBadTag, "RYUUKYOKU after the round's result")
	}
	rd := s.round()
	d := &data.Ryuukyoku{}
	if v, ok := r.get("type"); ok {
		t, err := data.ParseRyuukyokuType(string(v))
		if err != nil || t == data.Exhaustive {
			return r.failf(data.ErrBadValue, "unknown type=%q", v)
		}
		d.Type = t
	}
	if err := r.ba(&d.Honba, &d.Sticks); err != nil {
		return err
	}
	if err := r.sc(&d.Scores, &d.Deltas); err != nil {
		return err
	}
	for i := range g.Players {
		name := haiAttrNames[i]
		if _, ok := r.get(name); !ok {
			continue
		}
		h, err := r.tilesAttr(name, true)
		if err != nil {
			return err
		}
		if h == nil {
			h = []tile.Tile{}
		}
		d.Hands[i] = h
	}
	if err := r.owari(); err != nil {
		return err
	}
	rd.Ryuukyoku = d
	rd.Events = append(rd.Events, data.Event{Type: data.EventRyuukyoku, Seat: -1, Tile: tile.NoTile, From: -1})
	s.result = true
	return nil
}

// ba reads ba="honba,sticks".
func (r *Reader) ba(honba, sticks *int) error {
	v, ok := r.get("ba")
	if !ok {
		return r.fail(data.ErrBadValue, "missing ba=")
	}
	var ba [2]int
	if n, err := r.ints(v, ba[:], 1, "ba"); err != nil {
		return err
	} else if n != 2 {
		return r.failf(data.ErrBadValue, "ba=%q: want honba,sticks", v)
	}
	*honba, *sticks = ba[0], ba[1]
	return nil
}

// sc reads sc="before0,delta0,…" (in hundreds; extra chip values ignored).
func (r *Reader) sc(before, delta *[4]int) error {
	v, ok := r.get("sc")
	if !ok {
		return r.fail(data.ErrBadValue, "missing sc=")
	}
	var sc [8]int
	n, err := r.ints(v, sc[:], 100, "sc")
	if err != nil {
		return err
	}
	if n < 2*r.st.g.Players {
		return r.failf(data.ErrBadValue, "sc=%q: want before,delta for each seat", v)
	}
	for i := range 4 {
		before[i], delta[i] = sc[2*i], sc[2*i+1]
	}
	return nil
}

// owari reads the owari= attribute of a result, if present.
func (r *Reader) owari() error {
	v, ok := r.get("owari")
	if !ok {
		return nil
	}
	o := &data.Owari{}
	i := 0
	for f := range fields(v) {
		if i == 8 {
			break // chip lobbies append chip values
		}
		if i%2 == 0 {
			x, ok := satoi(f)
			if !ok || x > maxHundreds || x < -maxHundreds {
				return r.failf(data.ErrBadValue, "owari=%q", v)
			}
			o.Scores[i/2] = x * 100
		} else {
			x, err := strconv.ParseFloat(string(f), 64)
			if err != nil {
				return r.failf(data.ErrBadValue, "owari=%q", v)
			}
			o.RankPt[i/2] = x
		}
		i++
	}
	if i < 2*r.st.g.Players {
		return r.failf(data.ErrBadValue, "owari=%q: want score,points for each seat", v)
	}
	r.st.g.Owari = o
	return nil
}

// endGame handles </mjloggm>.
func (r *Reader) endGame() error {
	s := &r.st
	if s.inRound && !s.result {
		return r.fail(data.ErrTruncated, "game ends inside a round (no AGARI or RYUUKYOKU)")
	}
	if s.g.Owari == nil {
		return r.fail(data.ErrTruncated, "game ends without its final result (owari=)")
	}
	if len(s.pending) > 0 {
		return r.fail(data.ErrBadTag, "game has no round")
	}
	return nil
}

// intAttr returns a required non-negative integer attribute.
func (r *Reader) intAttr(name string) (int, error) {
	v, ok := r.get(name)
	if !ok {
		return 0, r.failf(data.ErrBadValue, "missing %s=", name)
	}
	x, ok := codec.Atoi(v)
	if !ok {
		return 0, r.failf(data.ErrBadValue, "%s=%q", name, v)
	}
	return x, nil
}

// seatAttr returns a required seat attribute.
func (r *Reader) seatAttr(name string) (int, error) {
	x, err := r.intAttr(name)
	if err != nil {
		return 0, err
	}
	if x >= r.st.g.Players {
		return 0, r.failf(data.ErrBadValue, "%s=%d in a %d-player game", name, x, r.st.g.Players)
	}
	return x, nil
}

// tileAttr returns a required tile attribute.
func (r *Reader) tileAttr(name string) (tile.Tile, error) {
	x, err := r.intAttr(name)
	if err != nil {
		return 0, err
	}
	if x >= tile.NumTiles {
		return 0, r.failf(data.ErrBadValue, "%s=%d: tile id out of range", name, x)
	}
	return tile.Tile(x), nil
}

// tilesAttr returns a list of tile ids; nil if absent (an error if required).
func (r *Reader) tilesAttr(name string, required bool) ([]tile.Tile, error) {
	v, ok := r.get(name)
	if !ok {
		if required {
			return nil, r.failf(data.ErrBadValue, "missing %s=", name)
		}
		return nil, nil
	}
	if len(v) == 0 {
		return nil, nil
	}
	var buf [14]tile.Tile
	n, ok := parseTiles(v, buf[:])
	if !ok {
		return nil, r.failf(data.ErrBadValue, "%s=%q: want at most 14 tile ids", name, v)
	}
	return append([]tile.Tile(nil), buf[:n]...), nil
}

// ints reads comma-separated integers (optionally negative) into dst, each
// multiplied by mul, and returns how many there were; values beyond len(dst)
// are checked but dropped.
func (r *Reader) ints(v []byte, dst []int, mul int, name string) (int, error) {
	n := 0
	for f := range fields(v) {
		x, ok := satoi(f)
		if !ok || (mul == 100 && (x > maxHundreds || x < -maxHundreds)) {
			return 0, r.failf(data.ErrBadValue, "%s=%q", name, v)
		}
		if n < len(dst) {
			dst[n] = x * mul
		}
		n++
	}
	return n, nil
}

// Attribute names by seat.
var (
	seatAttrNames = [4]string{"n0", "n1", "n2", "n3"}
	haiAttrNames  = [4]string{"hai0", "hai1", "hai2", "hai3"}
)

// maxHundreds bounds scores in hundreds of points (±10,000,000 points).
const maxHundreds = 100000

// fields iterates over the comma-separated fields of v (none if v is empty).
func fields(v []byte) func(func([]byte) bool) {
	return func(yield func([]byte) bool) {
		if len(v) == 0 {
			return
		}
		for {
			i := bytes.IndexByte(v, ',')
			if i < 0 {
				yield(v)
				return
			}
			if !yield(v[:i]) {
				return
			}
			v = v[i+1:]
		}
	}
}

// parseTiles parses comma-separated tile ids into dst and returns how many
// there were; false if one is bad or there are more than len(dst).
func parseTiles(v []byte, dst []tile.Tile) (int, bool) {
	n, x, digits := 0, 0, 0
	for i := 0; i <= len(v); i++ {
		if i == len(v) || v[i] == ',' {
			if digits == 0 || x >= tile.NumTiles || n == len(dst) {
				return n, false
			}
			dst[n] = tile.Tile(x)
			n++
			x, digits = 0, 0
			continue
		}
		c := v[i]
		if c < '0' || c > '9' || digits == 3 {
			return n, false
		}
		x = x*10 + int(c-'0')
		digits++
	}
	return n, true
}

// satoi parses an optionally negative decimal integer of at most 9 digits.
func satoi(b []byte) (int, bool) {
	if len(b) > 0 && b[0] == '-' {
		x, ok := codec.Atoi(b[1:])
		return -x, ok
	}
	return codec.Atoi(b)
}

// logID returns the Tenhou log id found in name (a file name or URL), or "".
// A log id is YYYYMMDDHHgm-TTTT-LLLL-XXXXXXXX (T, X hex; L digits).
func logID(name string) string {
	for i := 0; ; {
		j := indexFrom(name, "gm-", i)
		if j < 0 {
			return ""
		}
		i = j + 1
		if j < 10 || j+3+18 > len(name) {
			continue
		}
		s := name[j-10 : j+3+18]
		if isDigits(s[:10]) && isHex(s[13:17]) && s[17] == '-' && isDigits(s[18:22]) && s[22] == '-' && isHex(s[23:31]) {
			return s
		}
	}
}

func indexFrom(s, sub string, from int) int {
	if from > len(s) {
		return -1
	}
	i := bytes.Index([]byte(s[from:]), []byte(sub))
	if i < 0 {
		return -1
	}
	return from + i
}

func isDigits(s string) bool {
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func isHex(s string) bool {
	for i := range len(s) {
		c := s[i]
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}
