package data

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// mjaiEvent holds every field of every mjai event this package reads or
// writes. Fields marked "extension" are mjrank's additions, which other mjai
// readers ignore (see the package doc).
type mjaiEvent struct {
	Type       string     `json:"type"`
	Names      []string   `json:"names,omitempty"`       // start_game
	KyokuFirst *int       `json:"kyoku_first,omitempty"` // start_game: 0 east-south, 4 east only (as mjai-reviewer writes)
	AkaFlag    *bool      `json:"aka_flag,omitempty"`    // start_game: red fives (as mjai-reviewer writes)
	Bakaze     string     `json:"bakaze,omitempty"`      // start_kyoku
	DoraMarker string     `json:"dora_marker,omitempty"` // start_kyoku, dora
	Kyoku      int        `json:"kyoku,omitempty"`       // start_kyoku, 1..4
	Honba      *int       `json:"honba,omitempty"`       // start_kyoku
	Kyotaku    *int       `json:"kyotaku,omitempty"`     // start_kyoku
	Oya        *int       `json:"oya,omitempty"`         // start_kyoku
	Scores     []int      `json:"scores,omitempty"`      // start_kyoku; reach_accepted, end_game (after)
	Tehais     [][]string `json:"tehais,omitempty"`      // start_kyoku; ryukyoku: hands shown (extension)
	Actor      *int       `json:"actor,omitempty"`
	Target     *int       `json:"target,omitempty"`
	Pai        string     `json:"pai,omitempty"`
	Consumed   []string   `json:"consumed,omitempty"`
	Tsumogiri  *bool      `json:"tsumogiri,omitempty"`
	Deltas     []int      `json:"deltas,omitempty"`      // reach_accepted, hora, ryukyoku
	UraMarkers []string   `json:"ura_markers,omitempty"` // hora
	UraAlias   []string   `json:"uradora_markers,omitempty"`
	// extensions
	Fu         *int      `json:"fu,omitempty"`          // hora
	Fan        *int      `json:"fan,omitempty"`         // hora
	HoraPoints *int      `json:"hora_points,omitempty"` // hora: the hand's value
	Limit      *int      `json:"limit,omitempty"`       // hora: Tenhou limit code
	Yaku       [][2]int  `json:"yaku,omitempty"`        // hora: Tenhou yaku number and han
	Yakuman    []int     `json:"yakuman,omitempty"`     // hora: Tenhou yakuman numbers
	Pao        *int      `json:"pao,omitempty"`         // hora
	Reason     string    `json:"reason,omitempty"`      // ryukyoku: mjlog type name
	RankPt     []float64 `json:"rank_pt,omitempty"`     // end_game
	TenhouType *int      `json:"tenhou_type,omitempty"` // start_game: GO type
	Ref        string    `json:"ref,omitempty"`         // start_game
	Lobby      *int      `json:"lobby,omitempty"`       // start_game
	Dan        []int     `json:"dan,omitempty"`         // start_game
	Rate       []float64 `json:"rate,omitempty"`        // start_game
	Sx         []string  `json:"sx,omitempty"`          // start_game
}

// MjaiReader reads mjai JSON-lines game logs one game at a time, in the
// shape of bufio.Scanner (see MjlogReader): each game runs from start_game
// to end_game. Tiles name kinds, so ids are assigned as the tenhou.net/6
// reader does; "?" (a hidden tile) becomes NoTile, and the hands of such
// seats are not tracked.
type MjaiReader struct {
	name string
	src  io.Reader
	br   *bufio.Reader
	game *Game
	err  error
	n    int

	line     int
	off      int64
	ev       mjaiEvent
	lineOff  int64
	lineBuf  []byte
	pushback bool
}

// NewMjaiReader returns a reader of the mjai log in r; name appears in
// errors.
func NewMjaiReader(r io.Reader, name string) *MjaiReader {
	return &MjaiReader{name: name, src: r}
}

// Game returns the game read by the last successful call to Next.
func (r *MjaiReader) Game() *Game { return r.game }

// Err returns the first error met, or nil at a clean end of input.
func (r *MjaiReader) Err() error { return r.err }

// readLine reads the next non-empty line into r.lineBuf; io.EOF at the end.
func (r *MjaiReader) readLine() error {
	for {
		r.lineBuf = r.lineBuf[:0]
		r.lineOff = r.off
		for {
			b, err := r.br.ReadSlice('\n')
			r.lineBuf = append(r.lineBuf, b...)
			r.off += int64(len(b))
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
func (r *MjaiReader) fail(g *Game, col int, err error) error {
	pe := &ParseError{File: r.name, Game: r.n, Line: r.line, Column: col, Offset: r.lineOff + int64(col-1), Tag: r.ev.Type, Err: err}
	if g != nil && len(g.Rounds) > 0 {
		pe.Round = len(g.Rounds)
		pe.Name = g.Rounds[len(g.Rounds)-1].Name()
	}
	return pe
}

// next decodes the next line into r.ev.
func (r *MjaiReader) next(g *Game) error {
	if r.pushback {
		r.pushback = false
		return nil
	}
	if err := r.readLine(); err != nil {
		if err == io.EOF {
			return io.EOF
		}
		return r.fail(g, 1, err)
	}
	r.ev = mjaiEvent{}
	if err := json.Unmarshal(r.lineBuf, &r.ev); err != nil {
		sentinel := ErrBadValue
		var se *json.SyntaxError
		if errors.As(err, &se) {
			sentinel = ErrSyntax
		}
		return r.fail(g, jsonErrOffset(err)+1, cause(sentinel, err.Error()))
	}
	if r.ev.Type == "" {
		return r.fail(g, 1, cause(ErrBadTag, "event without a type"))
	}
	return nil
}

// Next reads the next game and reports whether it succeeded.
func (r *MjaiReader) Next() bool {
	if r.err != nil {
		return false
	}
	if r.br == nil {
		r.br = maybeGunzip(r.src)
	}
	return nextGame(&r.game, &r.err, r.readGame)
}

func (r *MjaiReader) readGame() (*Game, error) {
	if err := r.next(nil); err != nil {
		return nil, err
	}
	r.n++
	if r.ev.Type != "start_game" {
		return nil, r.fail(nil, 1, cause(ErrBadTag, fmt.Sprintf("want start_game, got %q", r.ev.Type)))
	}
	g, err := mjaiGameStart(&r.ev)
	if err != nil {
		return nil, r.fail(nil, 1, err)
	}
	s := mjaiGame{g: g}
	for {
		err := r.next(g)
		if err == io.EOF {
			return g, r.fail(g, 1, cause(ErrTruncated, "input ends before end_game"))
		}
		if err != nil {
			return g, err
		}
		if err := s.event(&r.ev); err != nil {
			if _, ok := err.(*ParseError); ok {
				return g, err
			}
			return g, r.fail(g, 1, err)
		}
		if r.ev.Type == "end_game" {
			return g, nil
		}
	}
}

// mjaiGameStart returns the game a start_game event begins: the names, the
// rules (from tenhou_type, else kyoku_first and aka_flag) and the players'
// details.
func mjaiGameStart(e *mjaiEvent) (*Game, error) {
	g := &Game{Players: 4, Rules: TenhouRules(), Ref: e.Ref}
	copy(g.Names[:], e.Names)
	if e.TenhouType != nil {
		g.Rules = RulesFromType(*e.TenhouType)
		if PlayersFromType(*e.TenhouType) != 4 {
			return nil, cause(ErrUnsupported, "3-player mjai logs are not supported")
		}
	} else {
		if e.KyokuFirst != nil {
			g.Rules.EastSouth = *e.KyokuFirst == 0
		}
		if e.AkaFlag != nil {
			g.Rules.RedFives = *e.AkaFlag
		}
		g.Rules.Type = g.Rules.TenhouType(4)
	}
	if e.Lobby != nil {
		g.Lobby = *e.Lobby
	}
	copy(g.Dan[:], e.Dan)
	copy(g.Rate[:], e.Rate)
	copy(g.Sex[:], e.Sx)
	return g, nil
}

// mjaiFace reads an mjai tile name; "?" is noFace.
func mjaiFace(s string) (face, error) {
	if s == "?" {
		return noFace, nil
	}
	t, err := tile.ParseMjai(s)
	if err != nil {
		return noFace, cause(ErrBadValue, fmt.Sprintf("tile %q", s))
	}
	return faceOf(t), nil
}

func mjaiFaces(ss []string) ([]face, error) {
	fs := make([]face, len(ss))
	for i, s := range ss {
		f, err := mjaiFace(s)
		if err != nil {
			return nil, err
		}
		fs[i] = f
	}
	return fs, nil
}

func mjaiSeat(p *int, what string) (int, error) {
	if p == nil || *p < 0 || *p > 3 {
		return 0, cause(ErrBadValue, "missing or bad "+what)
	}
	return *p, nil
}

func mjaiDeltas(d []int) ([4]int, error) {
	var out [4]int
	if d == nil {
		return out, nil
	}
	if len(d) != 4 {
		return out, cause(ErrBadValue, "want four deltas")
	}
	copy(out[:], d)
	return out, nil
}

// mjaiGame is the state of a game being read: the builder of the current
// round, whether a round has started and whether it has its result.
type mjaiGame struct {
	g       *Game
	b       builder
	inRound bool
	ended   bool
}

// event handles one event of the game.
func (s *mjaiGame) event(e *mjaiEvent) error {
	seat, err := s.check(e)
	if err != nil {
		return err
	}
	switch e.Type {
	case "start_kyoku":
		return s.startKyoku(e)
	case "tsumo":
		f, err := mjaiFace(e.Pai)
		if err != nil {
			return err
		}
		return s.b.draw(seat, f)
	case "dahai":
		f, err := mjaiFace(e.Pai)
		if err != nil || f == noFace {
			return cause(ErrBadValue, "dahai: bad pai")
		}
		return s.b.discard(seat, f, e.Tsumogiri != nil && *e.Tsumogiri)
	case "chi", "pon", "daiminkan":
		return s.call(seat, e)
	case "kakan":
		f, err := mjaiFace(e.Pai)
		if err != nil {
			return err
		}
		return s.b.kakan(seat, f)
	case "ankan":
		return s.ankan(seat, e)
	case "dora":
		f, err := mjaiFace(e.DoraMarker)
		if err != nil || f == noFace {
			return cause(ErrBadValue, "dora: bad dora_marker")
		}
		return s.b.newDora(f)
	case "reach":
		return s.b.riichi(seat, 1, nil)
	case "reach_accepted":
		var sc *[4]int
		if len(e.Scores) == 4 {
			sc = (*[4]int)(e.Scores)
		}
		return s.b.riichi(seat, 2, sc)
	case "hora":
		return s.hora(seat, e)
	case "ryukyoku":
		return s.ryukyoku(e)
	case "end_kyoku":
		if !s.ended {
			return cause(ErrTruncated, "end_kyoku without a result")
		}
		return nil
	case "end_game":
		return s.endGame(e)
	case "start_game":
		return cause(ErrBadTag, "start_game inside a game")
	case "none":
		return nil
	}
	return cause(ErrBadTag, fmt.Sprintf("unknown event type %q", e.Type))
}

// check checks that an event of a round comes inside one, and returns the
// seat of a player's event (its actor; 0 for the other events).
func (s *mjaiGame) check(e *mjaiEvent) (int, error) {
	switch e.Type {
	case "tsumo", "dahai", "chi", "pon", "daiminkan", "kakan", "ankan", "reach", "reach_accepted", "hora":
		if !s.inRound {
			return 0, cause(ErrBadTag, e.Type+" outside a round")
		}
		return mjaiSeat(e.Actor, "actor")
	case "dora", "ryukyoku", "end_kyoku":
		if !s.inRound {
			return 0, cause(ErrBadTag, e.Type+" outside a round")
		}
	}
	return 0, nil
}

// startKyoku begins a round.
func (s *mjaiGame) startKyoku(e *mjaiEvent) error {
	if s.inRound && !s.ended {
		return cause(ErrTruncated, "the previous round has no result")
	}
	w := strings.Index("ESWN", e.Bakaze)
	if len(e.Bakaze) != 1 || w < 0 || e.Kyoku < 1 || e.Kyoku > 4 || e.Honba == nil || e.Kyotaku == nil || e.Oya == nil || len(e.Scores) != 4 || len(e.Tehais) != 4 {
		return cause(ErrBadValue, "start_kyoku needs bakaze, kyoku 1..4, honba, kyotaku, oya, four scores and four tehais")
	}
	if *e.Oya < 0 || *e.Oya > 3 || *e.Honba < 0 || *e.Kyotaku < 0 {
		return cause(ErrBadValue, "start_kyoku: bad oya, honba or kyotaku")
	}
	g := s.g
	g.Rounds = append(g.Rounds, Round{Number: w*4 + e.Kyoku - 1, Honba: *e.Honba, Sticks: *e.Kyotaku, Dealer: *e.Oya, Events: make([]Event, 0, 160)})
	rd := &g.Rounds[len(g.Rounds)-1]
	copy(rd.Scores[:], e.Scores)
	var hands [4][]face
	for i, h := range e.Tehais {
		fs, err := mjaiFaces(h)
		if err != nil {
			return err
		}
		hands[i] = fs
	}
	dora, err := mjaiFace(e.DoraMarker)
	if err != nil || dora == noFace {
		return cause(ErrBadValue, "start_kyoku: bad dora_marker")
	}
	s.inRound, s.ended = true, false
	return s.b.start(g, rd, dora, hands)
}

// call: a chi, pon or daiminkan.
func (s *mjaiGame) call(seat int, e *mjaiEvent) error {
	from, err := mjaiSeat(e.Target, "target")
	if err != nil {
		return err
	}
	f, err := mjaiFace(e.Pai)
	if err != nil {
		return err
	}
	own, err := mjaiFaces(e.Consumed)
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
	return s.b.call(seat, t, f, own, from)
}

// ankan: a closed kan of the four consumed tiles.
func (s *mjaiGame) ankan(seat int, e *mjaiEvent) error {
	own, err := mjaiFaces(e.Consumed)
	if err != nil {
		return err
	}
	if len(own) != 4 {
		return cause(ErrBadValue, "ankan: want four consumed tiles")
	}
	return s.b.ankan(seat, [4]face(own))
}

// hora: a win, with its scoring from the extensions when present.
func (s *mjaiGame) hora(seat int, e *mjaiEvent) error {
	from, err := mjaiSeat(e.Target, "target")
	if err != nil {
		return err
	}
	d, err := mjaiDeltas(e.Deltas)
	if err != nil {
		return err
	}
	ura := e.UraMarkers
	if ura == nil {
		ura = e.UraAlias
	}
	uf, err := mjaiFaces(ura)
	if err != nil {
		return err
	}
	if err := s.b.setUra(uf); err != nil {
		return err
	}
	a, err := s.b.agari(seat, from, d)
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
		a.Yaku = append(a.Yaku, Yaku{ID: y[0], Han: y[1]})
	}
	a.Yakuman = e.Yakuman
	return nil
}

// ryukyoku: a draw. The hands shown are those the event lists (the tehais
// extension); without it, the tenpai hands (positive deltas) of an
// exhaustive draw, all four at four riichi, the declarer's at nine
// terminals.
func (s *mjaiGame) ryukyoku(e *mjaiEvent) error {
	d, err := mjaiDeltas(e.Deltas)
	if err != nil {
		return err
	}
	t, err := ParseRyuukyokuType(e.Reason)
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
		case Exhaustive:
			for i, x := range d {
				shown[i] = x > 0
			}
		case FourRiichi:
			shown = [4]bool{true, true, true, true}
		case NineTerminals:
			shown[s.b.lastActor()] = true
		}
	}
	s.ended = true
	return s.b.ryuukyoku(t, d, shown)
}

// endGame ends the game, with the final scores and points if given.
func (s *mjaiGame) endGame(e *mjaiEvent) error {
	if s.inRound && !s.ended {
		return cause(ErrTruncated, "the last round has no result")
	}
	if len(e.Scores) == 4 {
		o := &Owari{}
		copy(o.Scores[:], e.Scores)
		copy(o.RankPt[:], e.RankPt)
		s.g.Owari = o
	}
	return nil
}

// MjaiWriter writes games as mjai JSON lines: start_game, and for each
// round start_kyoku, the play (tsumo, dahai, chi, pon, daiminkan, kakan,
// ankan, dora, reach, reach_accepted), hora or ryukyoku, end_kyoku; then
// end_game. Besides the fields Mortal reads, it writes the extensions named
// in the package doc, so that reading the log back loses only what mjai
// cannot hold (ids, dice, seeds, disconnections).
type MjaiWriter struct {
	w     io.Writer
	buf   bytes.Buffer
	enc   *json.Encoder
	plain bool // the game has no red fives
}

// NewMjaiWriter returns a writer to w.
func NewMjaiWriter(w io.Writer) *MjaiWriter {
	mw := &MjaiWriter{w: w}
	mw.enc = json.NewEncoder(&mw.buf)
	mw.enc.SetEscapeHTML(false)
	return mw
}

// Write writes one game. A 3-player game is an ErrUnsupported error.
func (w *MjaiWriter) Write(g *Game) error {
	w.buf.Reset()
	if err := w.game(g); err != nil {
		return err
	}
	_, err := w.w.Write(w.buf.Bytes())
	return err
}

// MarshalMjai returns g as mjai JSON lines.
func MarshalMjai(g *Game) ([]byte, error) {
	var b bytes.Buffer
	if err := NewMjaiWriter(&b).Write(g); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func intp(x int) *int    { return &x }
func boolp(x bool) *bool { return &x }

// mjaiNames returns the mjai names of ts; without red fives (plain), the
// ids 16, 52 and 88 are plain fives.
func mjaiNames(ts []tile.Tile, plain bool) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = mjaiName(t, plain)
	}
	return out
}

func mjaiName(t tile.Tile, plain bool) string {
	switch {
	case !t.Valid():
		return "?"
	case plain:
		return t.Kind().Mjai()
	}
	return t.Mjai()
}

func (w *MjaiWriter) emit(e *mjaiEvent) error { return w.enc.Encode(e) }

func (w *MjaiWriter) game(g *Game) error {
	if g.Players != 4 {
		return fmt.Errorf("data: mjai: %w: %d-player game", ErrUnsupported, g.Players)
	}
	w.plain = !g.Rules.RedFives
	kf := 4
	if g.Rules.EastSouth {
		kf = 0
	}
	t := g.Rules.Type
	if t == 0 {
		t = g.Rules.TenhouType(4)
	}
	start := &mjaiEvent{Type: "start_game", Names: g.Names[:], KyokuFirst: &kf, AkaFlag: boolp(g.Rules.RedFives),
		TenhouType: &t, Ref: g.Ref, Lobby: intp(g.Lobby), Dan: g.Dan[:], Rate: g.Rate[:], Sx: g.Sex[:]}
	if err := w.emit(start); err != nil {
		return err
	}
	for i := range g.Rounds {
		if err := w.round(&g.Rounds[i]); err != nil {
			return fmt.Errorf("data: mjai: round %d (%s): %w", i+1, g.Rounds[i].Name(), err)
		}
	}
	end := &mjaiEvent{Type: "end_game"}
	if g.Owari != nil {
		end.Scores = g.Owari.Scores[:]
		end.RankPt = g.Owari.RankPt[:]
	}
	return w.emit(end)
}

func (w *MjaiWriter) round(rd *Round) error {
	sk := &mjaiEvent{Type: "start_kyoku", Bakaze: string("ESWN"[rd.Number/4%4]), DoraMarker: mjaiName(rd.DoraIndicator, w.plain),
		Kyoku: rd.Number%4 + 1, Honba: intp(rd.Honba), Kyotaku: intp(rd.Sticks), Oya: intp(rd.Dealer), Scores: rd.Scores[:]}
	for s := range 4 {
		sk.Tehais = append(sk.Tehais, mjaiNames(rd.Hands[s][:], w.plain))
	}
	if err := w.emit(sk); err != nil {
		return err
	}
	prev := rd.Scores
	for _, e := range rd.Events {
		s := int(e.Seat)
		var m *mjaiEvent
		switch e.Type {
		case EventDraw:
			m = &mjaiEvent{Type: "tsumo", Actor: intp(s), Pai: mjaiName(e.Tile, w.plain)}
		case EventDiscard:
			m = &mjaiEvent{Type: "dahai", Actor: intp(s), Pai: mjaiName(e.Tile, w.plain), Tsumogiri: boolp(e.Tsumogiri)}
		case EventCall:
			md := e.Meld
			switch md.Type {
			case score.Chi, score.Pon, score.Daiminkan:
				m = &mjaiEvent{Type: md.Type.String(), Actor: intp(s), Target: intp(int(e.From)), Pai: mjaiName(md.Tiles[0], w.plain), Consumed: mjaiNames(md.Tiles[1:md.Type.Size()], w.plain)}
			case score.Kakan:
				m = &mjaiEvent{Type: "kakan", Actor: intp(s), Pai: mjaiName(md.Tiles[3], w.plain), Consumed: mjaiNames(md.Tiles[:3], w.plain)}
			case score.Ankan:
				m = &mjaiEvent{Type: "ankan", Actor: intp(s), Consumed: mjaiNames(md.Tiles[:4], w.plain)}
			default:
				return fmt.Errorf("%w: meld type %v", ErrBadValue, md.Type)
			}
		case EventRiichi:
			if e.Step == 1 {
				m = &mjaiEvent{Type: "reach", Actor: intp(s)}
			} else {
				var sc [4]int
				var d [4]int
				for i := range 4 {
					sc[i] = int(e.Scores[i])
					d[i] = sc[i] - prev[i]
				}
				prev = sc
				m = &mjaiEvent{Type: "reach_accepted", Actor: intp(s), Deltas: d[:], Scores: sc[:]}
			}
		case EventNewDora:
			m = &mjaiEvent{Type: "dora", DoraMarker: mjaiName(e.Tile, w.plain)}
		case EventKita:
			return fmt.Errorf("%w: kita", ErrUnsupported)
		case EventAgari:
			if int(e.Index) >= len(rd.Agari) {
				return fmt.Errorf("%w: agari index %d", ErrBadValue, e.Index)
			}
			a := &rd.Agari[e.Index]
			m = &mjaiEvent{Type: "hora", Actor: intp(a.Who), Target: intp(a.From), Pai: mjaiName(a.WinTile, w.plain), Deltas: a.Deltas[:],
				Fu: intp(a.Fu), Fan: intp(a.Han()), HoraPoints: intp(a.Points), Limit: intp(a.Limit), Yakuman: a.Yakuman}
			if len(a.Ura) > 0 {
				m.UraMarkers = mjaiNames(a.Ura, w.plain)
			}
			if a.Pao >= 0 {
				m.Pao = intp(a.Pao)
			}
			for _, y := range a.Yaku {
				m.Yaku = append(m.Yaku, [2]int{y.ID, y.Han})
			}
		case EventRyuukyoku:
			d := rd.Ryuukyoku
			if d == nil {
				return fmt.Errorf("%w: ryuukyoku event without a result", ErrBadValue)
			}
			m = &mjaiEvent{Type: "ryukyoku", Deltas: d.Deltas[:], Reason: d.Type.Mjlog(), Tehais: make([][]string, 4)}
			for i, h := range d.Hands {
				m.Tehais[i] = mjaiNames(h, w.plain)
			}
		case EventBye, EventReconnect:
			continue // mjai has no such events
		default:
			return fmt.Errorf("%w: event type %v", ErrBadValue, e.Type)
		}
		if err := w.emit(m); err != nil {
			return err
		}
	}
	return w.emit(&mjaiEvent{Type: "end_kyoku"})
}
