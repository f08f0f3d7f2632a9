package mjai

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// Writer writes games as mjai JSON lines: start_game, and for each
// round start_kyoku, the play (tsumo, dahai, chi, pon, daiminkan, kakan,
// ankan, dora, reach, reach_accepted), hora or ryukyoku, end_kyoku; then
// end_game. Besides the fields Mortal reads, it writes the extensions named
// in the package doc, so that reading the log back loses only what mjai
// cannot hold (ids, dice, seeds, disconnections).
type Writer struct {
	w       io.Writer
	buf     bytes.Buffer  // the game's lines
	enc     *json.Encoder // to buf
	plain   bool          // the game has no red fives
	players int           // 4, or 3: seat arrays of three
}

// NewWriter returns a writer to w.
func NewWriter(w io.Writer) *Writer {
	mw := &Writer{w: w}
	mw.enc = newLineEncoder(&mw.buf)
	return mw
}

// Write writes one game. A 3-player game is written as the 3-player forks
// of Mortal write it: names, scores, tehais and deltas of three seats, and
// a kita as {"type":"nukidora","actor":a,"pai":"N"} before its
// replacement draw; the extensions dan, rate and sx keep Tenhou's four
// entries. Another number of players is an ErrUnsupported error.
func (w *Writer) Write(g *data.Game) error {
	w.buf.Reset()
	if err := w.game(g); err != nil {
		return err
	}
	_, err := w.w.Write(w.buf.Bytes())
	return err
}

// Marshal returns g as mjai JSON lines.
func Marshal(g *data.Game) ([]byte, error) {
	var b bytes.Buffer
	if err := NewWriter(&b).Write(g); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func intp(x int) *int    { return &x }
func boolp(x bool) *bool { return &x }

// tileNames returns the mjai names of ts; without red fives (plain), the
// ids 16, 52 and 88 are plain fives.
func tileNames(ts []tile.Tile, plain bool) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = tileName(t, plain)
	}
	return out
}

func tileName(t tile.Tile, plain bool) string {
	switch {
	case !t.Valid():
		return "?"
	case plain:
		return t.Kind().Mjai()
	}
	return t.Mjai()
}

// emit adds one event to the game's lines, encoded as AppendEvent
// encodes it.
func (w *Writer) emit(e *Event) error { return w.enc.Encode(e) }

func (w *Writer) game(g *data.Game) error {
	if g.Players != 4 && g.Players != 3 {
		return fmt.Errorf("data: mjai: %w: %d-player game", data.ErrUnsupported, g.Players)
	}
	w.plain = !g.Rules.RedFives
	w.players = g.Players
	kf := 4
	if g.Rules.EastSouth {
		kf = 0
	}
	t := g.Rules.Type
	if t == 0 {
		t = g.Rules.TenhouType(g.Players)
	}
	start := &Event{Type: "start_game", Names: g.Names[:g.Players], KyokuFirst: &kf, AkaFlag: boolp(g.Rules.RedFives),
		TenhouType: &t, Ref: g.Ref, Lobby: intp(g.Lobby), Dan: g.Dan[:], Rate: g.Rate[:], Sx: g.Sex[:]}
	if err := w.emit(start); err != nil {
		return err
	}
	for i := range g.Rounds {
		if err := w.round(&g.Rounds[i]); err != nil {
			return fmt.Errorf("data: mjai: round %d (%s): %w", i+1, g.Rounds[i].Name(), err)
		}
	}
	end := &Event{Type: "end_game"}
	if g.Owari != nil {
		end.Scores = g.Owari.Scores[:g.Players]
		end.RankPt = g.Owari.RankPt[:g.Players]
	}
	return w.emit(end)
}

// round writes one round: start_kyoku, a message per event, end_kyoku.
func (w *Writer) round(rd *data.Round) error {
	if err := w.emit(w.startKyoku(rd)); err != nil {
		return err
	}
	prev := rd.Scores
	for i := range rd.Events {
		m, err := w.event(rd, &rd.Events[i], &prev)
		if err != nil {
			return err
		}
		if m == nil {
			continue // mjai has no such event
		}
		if err := w.emit(m); err != nil {
			return err
		}
	}
	return w.emit(&Event{Type: "end_kyoku"})
}

// startKyoku returns the round's start_kyoku message.
func (w *Writer) startKyoku(rd *data.Round) *Event {
	sk := &Event{Type: "start_kyoku", Bakaze: string("ESWN"[rd.Number/4%4]), DoraMarker: tileName(rd.DoraIndicator, w.plain),
		Kyoku: rd.Number%4 + 1, Honba: intp(rd.Honba), Kyotaku: intp(rd.Sticks), Oya: intp(rd.Dealer), Scores: rd.Scores[:w.players]}
	for s := range w.players {
		sk.Tehais = append(sk.Tehais, tileNames(rd.Hands[s][:], w.plain))
	}
	return sk
}

// event returns the message of event e of rd, nil for an event mjai does
// not have. prev holds the scores as of the last accepted riichi.
func (w *Writer) event(rd *data.Round, e *data.Event, prev *[4]int) (*Event, error) {
	s := int(e.Seat)
	switch e.Type {
	case data.EventDraw:
		return &Event{Type: "tsumo", Actor: intp(s), Pai: tileName(e.Tile, w.plain)}, nil
	case data.EventDiscard:
		return &Event{Type: "dahai", Actor: intp(s), Pai: tileName(e.Tile, w.plain), Tsumogiri: boolp(e.Tsumogiri)}, nil
	case data.EventCall:
		return w.call(e)
	case data.EventRiichi:
		if e.Step == 1 {
			return &Event{Type: "reach", Actor: intp(s)}, nil
		}
		var sc [4]int
		var d [4]int
		for i := range 4 {
			sc[i] = int(e.Scores[i])
			d[i] = sc[i] - prev[i]
		}
		*prev = sc
		return &Event{Type: "reach_accepted", Actor: intp(s), Deltas: d[:w.players], Scores: sc[:w.players]}, nil
	case data.EventNewDora:
		return &Event{Type: "dora", DoraMarker: tileName(e.Tile, w.plain)}, nil
	case data.EventKita:
		return &Event{Type: "nukidora", Actor: intp(s), Pai: tileName(e.Tile, w.plain)}, nil
	case data.EventAgari:
		return w.hora(rd, e)
	case data.EventRyuukyoku:
		return w.ryukyoku(rd)
	case data.EventBye, data.EventReconnect:
		return nil, nil
	}
	return nil, fmt.Errorf("%w: event type %v", data.ErrBadValue, e.Type)
}

// call returns the message of a call event.
func (w *Writer) call(e *data.Event) (*Event, error) {
	s, md := int(e.Seat), e.Meld
	switch md.Type {
	case score.Chi, score.Pon, score.Daiminkan:
		return &Event{Type: md.Type.String(), Actor: intp(s), Target: intp(int(e.From)), Pai: tileName(md.Tiles[0], w.plain), Consumed: tileNames(md.Tiles[1:md.Type.Size()], w.plain)}, nil
	case score.Kakan:
		return &Event{Type: "kakan", Actor: intp(s), Pai: tileName(md.Tiles[3], w.plain), Consumed: tileNames(md.Tiles[:3], w.plain)}, nil
	case score.Ankan:
		return &Event{Type: "ankan", Actor: intp(s), Consumed: tileNames(md.Tiles[:4], w.plain)}, nil
	}
	return nil, fmt.Errorf("%w: meld type %v", data.ErrBadValue, md.Type)
}

// hora returns the message of a win event: the win it indexes in rd.Agari.
func (w *Writer) hora(rd *data.Round, e *data.Event) (*Event, error) {
	if int(e.Index) >= len(rd.Agari) {
		return nil, fmt.Errorf("%w: agari index %d", data.ErrBadValue, e.Index)
	}
	a := &rd.Agari[e.Index]
	m := &Event{Type: "hora", Actor: intp(a.Who), Target: intp(a.From), Pai: tileName(a.WinTile, w.plain), Deltas: a.Deltas[:w.players],
		Fu: intp(a.Fu), Fan: intp(a.Han()), HoraPoints: intp(a.Points), Limit: intp(a.Limit), Yakuman: a.Yakuman}
	if len(a.Ura) > 0 {
		m.UraMarkers = tileNames(a.Ura, w.plain)
	}
	if a.Pao >= 0 {
		m.Pao = intp(a.Pao)
	}
	for _, y := range a.Yaku {
		m.Yaku = append(m.Yaku, [2]int{y.ID, y.Han})
	}
	return m, nil
}

// ryukyoku returns the message of a draw event: the round's result.
func (w *Writer) ryukyoku(rd *data.Round) (*Event, error) {
	d := rd.Ryuukyoku
	if d == nil {
		return nil, fmt.Errorf("%w: ryuukyoku event without a result", data.ErrBadValue)
	}
	m := &Event{Type: "ryukyoku", Deltas: d.Deltas[:w.players], Reason: d.Type.Mjlog(), Tehais: make([][]string, w.players)}
	for i, h := range d.Hands[:w.players] {
		m.Tehais[i] = tileNames(h, w.plain)
	}
	return m, nil
}
