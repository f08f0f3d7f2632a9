package mjai

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/internal/codec"
	"github.com/mjrank/mjrank/data/internal/kindlevel"
	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// Reader reads mjai JSON-lines game logs one game at a time, in the
// shape of bufio.Scanner (see [data.Reader]): each game runs from start_game
// to end_game. Tiles name kinds, so ids are assigned as the tenhou.net/6
// reader does; "?" (a hidden tile) becomes NoTile, and the hands of such
// seats are not tracked.
type Reader struct {
	name string
	src  io.Reader
	br   *bufio.Reader
	game *data.Game
	err  error
	n    int

	line    int
	off     int64
	ev      Event
	lineOff int64
	lineBuf []byte
}

// NewReader returns a reader of the mjai log in r; name appears in
// errors.
func NewReader(r io.Reader, name string) *Reader {
	return &Reader{name: name, src: r}
}

// Game returns the game read by the last successful call to Next.
func (r *Reader) Game() *data.Game { return r.game }

// Err returns the first error met, or nil at a clean end of input.
func (r *Reader) Err() error { return r.err }

// readLine reads the next non-empty line into r.lineBuf; io.EOF at the end.
func (r *Reader) readLine() error {
	for {
		r.lineBuf = r.lineBuf[:0]
		r.lineOff = r.off
		for {
			b, err := r.br.ReadSlice('\n')
			r.lineBuf = append(r.lineBuf, b...)
			r.off += int64(len(b))
			if len(r.lineBuf) > data.MaxLine+2 { // the line end does not count
				r.line++
				return codec.Cause(data.ErrTooLarge, fmt.Sprintf("a line longer than %d bytes", data.MaxLine))
			}
			if err == bufio.ErrBufferFull {
				continue
			}
			if err == io.EOF && len(r.lineBuf) > 0 {
				break
			}
			if err != nil {
				return err
			}
			break
		}
		r.line++
		if len(bytes.TrimSpace(r.lineBuf)) > 0 {
			return nil
		}
	}
}

// fail returns a *ParseError at the current line.
func (r *Reader) fail(g *data.Game, col int, err error) error {
	pe := &data.ParseError{File: r.name, Game: r.n, Line: r.line, Column: col, Offset: r.lineOff + int64(col-1), Tag: r.ev.Type, Err: err}
	if g != nil && len(g.Rounds) > 0 {
		pe.Round = len(g.Rounds)
		pe.Name = g.Rounds[len(g.Rounds)-1].Name()
	}
	return pe
}

// next decodes the next line into r.ev.
func (r *Reader) next(g *data.Game) error {
	if err := r.readLine(); err != nil {
		if err == io.EOF {
			return io.EOF
		}
		return r.fail(g, 1, err)
	}
	if err := DecodeEvent(r.lineBuf, &r.ev); err != nil {
		pe := err.(*data.ParseError)
		return r.fail(g, pe.Column, pe.Err)
	}
	return nil
}

// Next reads the next game and reports whether it succeeded.
func (r *Reader) Next() bool {
	if r.err != nil {
		return false
	}
	if r.br == nil {
		r.br = codec.Gunzip(r.src)
	}
	return codec.NextGame(&r.game, &r.err, r.readGame)
}

func (r *Reader) readGame() (*data.Game, error) {
	if err := r.next(nil); err != nil {
		return nil, err
	}
	r.n++
	if r.ev.Type != "start_game" {
		return nil, r.fail(nil, 1, codec.Cause(data.ErrBadTag, fmt.Sprintf("want start_game, got %q", r.ev.Type)))
	}
	g, err := startGame(&r.ev)
	if err != nil {
		return nil, r.fail(nil, 1, err)
	}
	s := gameState{g: g}
	for {
		err := r.next(g)
		if err == io.EOF {
			return g, r.fail(g, 1, codec.Cause(data.ErrTruncated, "input ends before end_game"))
		}
		if err != nil {
			return g, err
		}
		if err := s.event(&r.ev); err != nil {
			if _, ok := err.(*data.ParseError); ok {
				return g, err
			}
			return g, r.fail(g, 1, err)
		}
		if err := data.CheckSize(g); err != nil {
			return g, r.fail(g, 1, err)
		}
		if r.ev.Type == "end_game" {
			return g, nil
		}
	}
}

// startGame returns the game a start_game event begins: the names, the
// rules (from tenhou_type, else kyoku_first and aka_flag) and the players'
// details. A 3-player game is one whose tenhou_type says so (bit 0x10), or,
// without tenhou_type, one of three names (as the 3-player forks of Mortal
// write it).
func startGame(e *Event) (*data.Game, error) {
	g := &data.Game{Players: 4, Rules: data.TenhouRules(), Ref: e.Ref}
	if e.TenhouType != nil {
		g.Players = data.PlayersFromType(*e.TenhouType)
	} else if len(e.Names) == 3 {
		g.Players = 3
	}
	if len(e.Names) > g.Players {
		return nil, codec.Cause(data.ErrBadValue, fmt.Sprintf("%d names in a %d-player game", len(e.Names), g.Players))
	}
	copy(g.Names[:], e.Names)
	if e.TenhouType != nil {
		g.Rules = data.RulesFromType(*e.TenhouType)
	} else {
		if e.KyokuFirst != nil {
			g.Rules.EastSouth = *e.KyokuFirst == 0
		}
		if e.AkaFlag != nil {
			g.Rules.RedFives = *e.AkaFlag
		}
		g.Rules.Type = g.Rules.TenhouType(g.Players)
	}
	if e.Lobby != nil {
		g.Lobby = *e.Lobby
	}
	copy(g.Dan[:], e.Dan)
	copy(g.Rate[:], e.Rate)
	copy(g.Sex[:], e.Sx)
	return g, nil
}

// parseFace reads an mjai tile name; "?" is kindlevel.NoFace.
func parseFace(s string) (kindlevel.Face, error) {
	if s == "?" {
		return kindlevel.NoFace, nil
	}
	t, err := tile.ParseMjai(s)
	if err != nil {
		return kindlevel.NoFace, codec.Cause(data.ErrBadValue, fmt.Sprintf("tile %q", s))
	}
	return kindlevel.FaceOf(t), nil
}

func parseFaces(ss []string) ([]kindlevel.Face, error) {
	fs := make([]kindlevel.Face, len(ss))
	for i, s := range ss {
		f, err := parseFace(s)
		if err != nil {
			return nil, err
		}
		fs[i] = f
	}
	return fs, nil
}

// parseSeat reads a seat of a game of players seats.
func parseSeat(p *int, what string, players int) (int, error) {
	if p == nil || *p < 0 || *p > 3 {
		return 0, codec.Cause(data.ErrBadValue, "missing or bad "+what)
	}
	if *p >= players {
		return 0, codec.Cause(data.ErrBadValue, fmt.Sprintf("%s %d in a %d-player game", what, *p, players))
	}
	return *p, nil
}

// seatCount names a number of seats, as the errors say it.
func seatCount(players int) string {
	if players == 3 {
		return "three"
	}
	return "four"
}

// parseDeltas reads the deltas of a game of players seats, one a seat.
func parseDeltas(d []int, players int) ([4]int, error) {
	var out [4]int
	if d == nil {
		return out, nil
	}
	if len(d) != players {
		return out, codec.Cause(data.ErrBadValue, "want "+seatCount(players)+" deltas")
	}
	copy(out[:], d)
	return out, nil
}

// gameState is the state of a game being read: the builder of the current
// round, whether a round has started and whether it has its result.
type gameState struct {
	g       *data.Game
	b       kindlevel.Builder
	inRound bool
	ended   bool
}

// event handles one event of the game.
func (s *gameState) event(e *Event) error {
	seat, err := s.check(e)
	if err != nil {
		return err
	}
	switch e.Type {
	case "start_kyoku":
		return s.startKyoku(e)
	case "tsumo":
		f, err := parseFace(e.Pai)
		if err != nil {
			return err
		}
		return s.b.Draw(seat, f)
	case "dahai":
		f, err := parseFace(e.Pai)
		if err != nil || f == kindlevel.NoFace {
			return codec.Cause(data.ErrBadValue, "dahai: bad pai")
		}
		return s.b.Discard(seat, f, e.Tsumogiri != nil && *e.Tsumogiri)
	case "chi", "pon", "daiminkan":
		return s.call(seat, e)
	case "nukidora", "kita":
		f, err := parseFace(e.Pai)
		if err != nil || f == kindlevel.NoFace {
			return codec.Cause(data.ErrBadValue, e.Type+": bad pai")
		}
		return s.b.Kita(seat, f)
	case "kakan":
		f, err := parseFace(e.Pai)
		if err != nil {
			return err
		}
		return s.b.Kakan(seat, f)
	case "ankan":
		return s.ankan(seat, e)
	case "dora":
		f, err := parseFace(e.DoraMarker)
		if err != nil || f == kindlevel.NoFace {
			return codec.Cause(data.ErrBadValue, "dora: bad dora_marker")
		}
		return s.b.NewDora(f)
	case "reach":
		return s.b.Riichi(seat, 1, nil)
	case "reach_accepted":
		var sc *[4]int
		if len(e.Scores) == s.g.Players {
			sc = new([4]int)
			copy(sc[:], e.Scores)
		}
		return s.b.Riichi(seat, 2, sc)
	case "hora":
		return s.hora(seat, e)
	case "ryukyoku":
		return s.ryukyoku(e)
	case "end_kyoku":
		if !s.ended {
			return codec.Cause(data.ErrTruncated, "end_kyoku without a result")
		}
		return nil
	case "end_game":
		return s.endGame(e)
	case "start_game":
		return codec.Cause(data.ErrBadTag, "start_game inside a game")
	case "none":
		return nil
	}
	return codec.Cause(data.ErrBadTag, fmt.Sprintf("unknown event type %q", e.Type))
}

// check checks that an event of a round comes inside one, and returns the
// seat of a player's event (its actor; 0 for the other events).
func (s *gameState) check(e *Event) (int, error) {
	switch e.Type {
	case "tsumo", "dahai", "chi", "pon", "daiminkan", "kakan", "ankan", "nukidora", "kita", "reach", "reach_accepted", "hora":
		if !s.inRound {
			return 0, codec.Cause(data.ErrBadTag, e.Type+" outside a round")
		}
		return parseSeat(e.Actor, "actor", s.g.Players)
	case "dora", "ryukyoku", "end_kyoku":
		if !s.inRound {
			return 0, codec.Cause(data.ErrBadTag, e.Type+" outside a round")
		}
	}
	return 0, nil
}

// startKyoku begins a round.
func (s *gameState) startKyoku(e *Event) error {
	if s.inRound && !s.ended {
		return codec.Cause(data.ErrTruncated, "the previous round has no result")
	}
	g := s.g
	n := g.Players
	w := strings.Index("ESWN", e.Bakaze)
	if len(e.Bakaze) != 1 || w < 0 || e.Kyoku < 1 || e.Kyoku > n || e.Honba == nil || e.Kyotaku == nil || e.Oya == nil || len(e.Scores) != n || len(e.Tehais) != n {
		k := seatCount(n)
		return codec.Cause(data.ErrBadValue, fmt.Sprintf("start_kyoku needs bakaze, kyoku 1..%d, honba, kyotaku, oya, %s scores and %s tehais", n, k, k))
	}
	if *e.Oya < 0 || *e.Oya >= n || *e.Honba < 0 || *e.Kyotaku < 0 {
		return codec.Cause(data.ErrBadValue, "start_kyoku: bad oya, honba or kyotaku")
	}
	g.Rounds = append(g.Rounds, data.Round{Number: w*4 + e.Kyoku - 1, Honba: *e.Honba, Sticks: *e.Kyotaku, Dealer: *e.Oya, Events: make([]data.Event, 0, 160)})
	rd := &g.Rounds[len(g.Rounds)-1]
	copy(rd.Scores[:], e.Scores)
	var hands [4][]kindlevel.Face
	for i, h := range e.Tehais {
		fs, err := parseFaces(h)
		if err != nil {
			return err
		}
		hands[i] = fs
	}
	dora, err := parseFace(e.DoraMarker)
	if err != nil || dora == kindlevel.NoFace {
		return codec.Cause(data.ErrBadValue, "start_kyoku: bad dora_marker")
	}
	s.inRound, s.ended = true, false
	return s.b.Start(g, rd, dora, hands)
}

// call: a chi, pon or daiminkan.
func (s *gameState) call(seat int, e *Event) error {
	from, err := parseSeat(e.Target, "target", s.g.Players)
	if err != nil {
		return err
	}
	f, err := parseFace(e.Pai)
	if err != nil {
		return err
	}
	own, err := parseFaces(e.Consumed)
	if err != nil {
		return err
	}
	t := score.Chi
	switch e.Type {
	case "pon":
		t = score.Pon
	case "daiminkan":
		t = score.Daiminkan
	}
	return s.b.Call(seat, t, f, own, from)
}

// ankan: a closed kan of the four consumed tiles.
func (s *gameState) ankan(seat int, e *Event) error {
	own, err := parseFaces(e.Consumed)
	if err != nil {
		return err
	}
	if len(own) != 4 {
		return codec.Cause(data.ErrBadValue, "ankan: want four consumed tiles")
	}
	return s.b.Ankan(seat, [4]kindlevel.Face(own))
}

// hora: a win, with its scoring from the extensions when present.
func (s *gameState) hora(seat int, e *Event) error {
	from, err := parseSeat(e.Target, "target", s.g.Players)
	if err != nil {
		return err
	}
	d, err := parseDeltas(e.Deltas, s.g.Players)
	if err != nil {
		return err
	}
	ura := e.UraMarkers
	if ura == nil {
		ura = e.UraAlias
	}
	uf, err := parseFaces(ura)
	if err != nil {
		return err
	}
	if err := s.b.SetUra(uf); err != nil {
		return err
	}
	a, err := s.b.Agari(seat, from, d)
	if err != nil {
		return err
	}
	s.ended = true
	if e.Pao != nil {
		a.Pao = *e.Pao
	}
	if e.Fu != nil {
		a.Fu = *e.Fu
	}
	if e.HoraPoints != nil {
		a.Points = *e.HoraPoints
	}
	if e.Limit != nil {
		a.Limit = *e.Limit
	}
	for _, y := range e.Yaku {
		a.Yaku = append(a.Yaku, data.Yaku{ID: y[0], Han: y[1]})
	}
	a.Yakuman = e.Yakuman
	return nil
}

// ryukyoku: a draw. The hands shown are those the event lists (the tehais
// extension); without it, the tenpai hands (positive deltas) of an
// exhaustive draw, all four at four riichi, the declarer's at nine
// terminals.
func (s *gameState) ryukyoku(e *Event) error {
	d, err := parseDeltas(e.Deltas, s.g.Players)
	if err != nil {
		return err
	}
	t, err := data.ParseRyuukyokuType(e.Reason)
	if err != nil {
		return err
	}
	var shown [4]bool
	if e.Tehais != nil {
		for i, h := range e.Tehais {
			shown[i&3] = len(h) > 0
		}
	} else {
		switch t {
		case data.Exhaustive:
			for i, x := range d {
				shown[i] = x > 0
			}
		case data.FourRiichi:
			for i := range s.g.Players {
				shown[i] = true
			}
		case data.NineTerminals:
			shown[s.b.LastActor()] = true
		}
	}
	s.ended = true
	return s.b.Ryuukyoku(t, d, shown)
}

// endGame ends the game, with the final scores and points if given.
func (s *gameState) endGame(e *Event) error {
	if s.inRound && !s.ended {
		return codec.Cause(data.ErrTruncated, "the last round has no result")
	}
	if len(e.Scores) == s.g.Players {
		o := &data.Owari{}
		copy(o.Scores[:], e.Scores)
		copy(o.RankPt[:], e.RankPt)
		s.g.Owari = o
	}
	return nil
}
