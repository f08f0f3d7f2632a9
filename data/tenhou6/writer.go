package tenhou6

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/internal/kindlevel"
	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// Writer writes games as tenhou.net/6 JSON, one object per game and
// line, in the layout tenhou.net uses ({"ver":2.3,"ref":…,"log":[…],…}).
// What the format cannot hold is dropped (see the package doc): physical
// tile ids, the interleaving of the seats' draws and discards (the reader
// reconstructs it), fu of limit hands, 0-han yaku, the dice, the seed, the
// exact timing of kan dora.
type Writer struct {
	w   io.Writer
	buf bytes.Buffer
}

// NewWriter returns a writer to w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// Write writes one game, of four or three players (another seat count
// is an ErrUnsupported error).
func (w *Writer) Write(g *data.Game) error {
	w.buf.Reset()
	if err := appendTenhou6(&w.buf, g); err != nil {
		return err
	}
	_, err := w.w.Write(w.buf.Bytes())
	return err
}

// Marshal returns g as one line of tenhou.net/6 JSON.
func Marshal(g *data.Game) ([]byte, error) {
	var b bytes.Buffer
	if err := appendTenhou6(&b, g); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// t6Out is the record as written, in tenhou.net's key order.
type t6Out struct {
	Title      []string    `json:"title,omitempty"`
	Ver        float64     `json:"ver"`
	Ref        string      `json:"ref"`
	Log        []any       `json:"log"`
	Connection []t6ConnOut `json:"connection,omitempty"`
	Ratingc    string      `json:"ratingc"`
	Rule       t6RuleOut   `json:"rule"`
	Lobby      int         `json:"lobby"`
	Dan        []string    `json:"dan"`
	Rate       []float64   `json:"rate"`
	Sx         []string    `json:"sx"`
	Sc         []float64   `json:"sc,omitempty"`
	Name       []string    `json:"name"`
}

// t6RuleOut is the rule object as tenhou.net writes it.
type t6RuleOut struct {
	Disp  string `json:"disp"`
	Aka53 int    `json:"aka53"`
	Aka52 int    `json:"aka52"`
	Aka51 int    `json:"aka51"`
}

type t6ConnOut struct {
	What int `json:"what"`
	Log  int `json:"log"`
	Who  int `json:"who"`
	Step int `json:"step"`
}

func appendTenhou6(buf *bytes.Buffer, g *data.Game) error {
	if g.Players != 4 && g.Players != 3 {
		return fmt.Errorf("data: tenhou.net/6: %w: %d-player game", data.ErrUnsupported, g.Players)
	}
	// A 3-player record keeps tenhou.net's four-seat layout: the fourth
	// seat's name, rank, rate and sex as Tenhou gives them, its score 0
	// and its lists empty.
	o := t6Out{Ver: 2.3, Ref: g.Ref, Ratingc: "PF" + strconv.Itoa(g.Players), Lobby: g.Lobby, Name: g.Names[:], Rate: g.Rate[:], Sx: g.Sex[:]}
	if g.Title != [2]string{} {
		o.Title = g.Title[:]
	}
	o.Rule = t6RuleOut{Disp: dispOf(g.Rules, g.Players)}
	if g.Rules.RedFives {
		o.Rule.Aka53, o.Rule.Aka52, o.Rule.Aka51 = 1, 1, 1
	}
	for _, d := range g.Dan {
		if d < 0 || d >= len(danNames) {
			d = 0
		}
		o.Dan = append(o.Dan, danNames[d])
	}
	if g.Owari != nil {
		for i := range 4 {
			o.Sc = append(o.Sc, float64(g.Owari.Scores[i]), g.Owari.RankPt[i])
		}
	}
	x := t6enc{plain: !g.Rules.RedFives, players: g.Players}
	o.Log = make([]any, 0, len(g.Rounds))
	for i := range g.Rounds {
		rd := &g.Rounds[i]
		r, conn, err := x.roundOut(rd)
		if err != nil {
			return fmt.Errorf("data: tenhou.net/6: round %d (%s): %w", i+1, rd.Name(), err)
		}
		for _, c := range conn {
			c.Log = i
			o.Connection = append(o.Connection, c)
		}
		o.Log = append(o.Log, r)
	}
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	return enc.Encode(o)
}

// t6enc holds what the conversion of a game needs: without red fives, the
// ids 16, 52 and 88 are plain fives; players is 3 or 4.
type t6enc struct {
	plain   bool
	players int
}

// face returns the face of t in the game.
func (x t6enc) face(t tile.Tile) kindlevel.Face {
	if x.plain {
		return kindlevel.Face(t.Kind())
	}
	return kindlevel.FaceOf(t)
}

// sorted returns the codes of ts in tenhou.net/6's order: by kind, the
// red five after the plain fives.
func (x t6enc) sorted(ts []tile.Tile) []int {
	fs := make([]kindlevel.Face, 0, len(ts))
	for _, t := range ts {
		fs = append(fs, x.face(t))
	}
	slices.SortFunc(fs, func(a, b kindlevel.Face) int {
		if ka, kb := a.Kind(), b.Kind(); ka != kb {
			return int(ka) - int(kb)
		}
		return int(a) - int(b)
	})
	out := make([]int, len(fs))
	for i, f := range fs {
		out[i] = t6Code(f)
	}
	return out
}

// own returns the codes of a call's own tiles, plain before red.
func (x t6enc) own(ts []tile.Tile) []string {
	codes := x.sorted(ts)
	out := make([]string, len(codes))
	for i, c := range codes {
		out[i] = strconv.Itoa(c)
	}
	return out
}

// callString writes a call of seat: see parseT6Call.
func (x t6enc) callString(m score.Meld, seat, from int) (string, error) {
	code := func(t tile.Tile) string { return strconv.Itoa(t6Code(x.face(t))) }
	pos := [4]int{3: 0, 2: 1, 1: 2}[(from-seat+4)%4] // kamicha 0, toimen 1, shimocha 2
	switch m.Type {
	case score.Chi:
		return "c" + code(m.Tiles[0]) + strings.Join(x.own(m.Tiles[1:3]), ""), nil
	case score.Pon, score.Daiminkan:
		letter := "p"
		own := x.own(m.Tiles[1:m.Type.Size()])
		if m.Type == score.Daiminkan {
			letter = "m"
			if pos == 2 {
				pos = 3
			}
		}
		if from == seat {
			return "", fmt.Errorf("%w: %v from the caller itself", data.ErrBadValue, m)
		}
		own = slices.Insert(own, pos, letter+code(m.Tiles[0]))
		return strings.Join(own, ""), nil
	case score.Kakan:
		// The pon's string, with "k" and the added tile before the called one.
		own := x.own(m.Tiles[1:3])
		own = slices.Insert(own, pos, "k"+code(m.Tiles[3])+code(m.Tiles[0]))
		return strings.Join(own, ""), nil
	case score.Ankan:
		own := x.own(m.Tiles[:4])
		return own[0] + own[1] + own[2] + "a" + own[3], nil
	}
	return "", fmt.Errorf("%w: meld type %v", data.ErrBadValue, m.Type)
}

// roundOut converts one round.
func (x t6enc) roundOut(rd *data.Round) ([]any, []t6ConnOut, error) {
	l := t6lists{dora: []int{t6Code(x.face(rd.DoraIndicator))}}
	for i := range rd.Events {
		if err := l.add(x, &rd.Events[i]); err != nil {
			return nil, nil, err
		}
	}
	out := []any{[]int{rd.Number, rd.Honba, rd.Sticks}, rd.Scores[:], l.dora, x.uraOut(rd)}
	for p := range 4 {
		if l.draws[p] == nil {
			l.draws[p] = []any{}
		}
		if l.discs[p] == nil {
			l.discs[p] = []any{}
		}
		hand := []int{}
		if p < x.players {
			hand = x.sorted(rd.Hands[p][:])
		}
		out = append(out, hand, l.draws[p], l.discs[p])
	}
	res, err := t6ResultOut(rd, x.players)
	if err != nil {
		return nil, nil, err
	}
	if res != nil {
		out = append(out, res)
	}
	return out, l.conn, nil
}

// t6lists gathers a round's lists from its events: each seat's draws and
// discards, the dora indicators and the disconnections.
type t6lists struct {
	draws, discs [4][]any
	dora         []int
	conn         []t6ConnOut
	riichi       [4]bool // the seat's next discard is its riichi tile
	step         int     // draws, discards and calls so far
	ended        bool    // the result came
}

// add adds event e to the lists.
func (l *t6lists) add(x t6enc, e *data.Event) error {
	s := int(e.Seat)
	switch e.Type {
	case data.EventDraw:
		l.draws[s] = append(l.draws[s], t6Code(x.face(e.Tile)))
		l.step++
	case data.EventDiscard:
		var v any = t6Code(x.face(e.Tile))
		if e.Tsumogiri {
			v = 60
		}
		if l.riichi[s] {
			v = "r" + strconv.Itoa(v.(int))
			l.riichi[s] = false
		}
		l.discs[s] = append(l.discs[s], v)
		l.step++
	case data.EventCall:
		if err := l.call(x, e); err != nil {
			return err
		}
		l.step++
	case data.EventRiichi:
		if e.Step == 1 {
			l.riichi[s] = true
		}
	case data.EventNewDora:
		l.dora = append(l.dora, t6Code(x.face(e.Tile)))
	case data.EventKita:
		l.discs[s] = append(l.discs[s], "f"+strconv.Itoa(t6Code(kindlevel.Face(tile.North))))
		l.step++
	case data.EventBye, data.EventReconnect:
		what := 1
		if e.Type == data.EventBye {
			what = 0
		}
		at := l.step
		if l.ended {
			at = l.step + 1 // after the result
		}
		l.conn = append(l.conn, t6ConnOut{What: what, Who: s, Step: at})
	case data.EventAgari, data.EventRyuukyoku:
		l.ended = true
	}
	return nil
}

// call adds a call's string to the caller's draws (chi, pon, daiminkan,
// which also takes a 0 discard slot) or discards (kakan, ankan).
func (l *t6lists) call(x t6enc, e *data.Event) error {
	s := int(e.Seat)
	str, err := x.callString(e.Meld, s, int(e.From))
	if err != nil {
		return err
	}
	switch e.Meld.Type {
	case score.Chi, score.Pon:
		l.draws[s] = append(l.draws[s], str)
	case score.Daiminkan:
		l.draws[s] = append(l.draws[s], str)
		l.discs[s] = append(l.discs[s], 0)
	default:
		l.discs[s] = append(l.discs[s], str)
	}
	return nil
}

// uraOut returns the ura dora indicators of the round's first win that
// shows them, or an empty list.
func (x t6enc) uraOut(rd *data.Round) []int {
	ura := []int{}
	for _, a := range rd.Agari {
		if len(a.Ura) > 0 {
			ura = ura[:0]
			for _, t := range a.Ura {
				ura = append(ura, t6Code(x.face(t)))
			}
			break
		}
	}
	return ura
}

// t6ResultOut converts a round's result, or returns nil if it has none.
func t6ResultOut(rd *data.Round, players int) ([]any, error) {
	if len(rd.Agari) > 0 {
		res := []any{t6Agari}
		for i := range rd.Agari {
			a := &rd.Agari[i]
			pao := a.Who
			if a.Pao >= 0 {
				pao = a.Pao
			}
			detail := []any{a.Who, a.From, pao, t6PointsText(a, rd.Dealer, players)}
			for _, y := range a.Yaku {
				if y.Han == 0 {
					continue
				}
				if y.ID < 0 || y.ID >= len(yakuNames) {
					return nil, fmt.Errorf("%w: yaku number %d", data.ErrBadValue, y.ID)
				}
				detail = append(detail, yakuNames[y.ID]+"("+strconv.Itoa(y.Han)+"飜)")
			}
			for _, id := range a.Yakuman {
				if id < 0 || id >= len(yakuNames) {
					return nil, fmt.Errorf("%w: yakuman number %d", data.ErrBadValue, id)
				}
				detail = append(detail, yakuNames[id]+"(役満)")
			}
			res = append(res, a.Deltas[:], detail)
		}
		return res, nil
	}
	d := rd.Ryuukyoku
	if d == nil {
		return nil, nil
	}
	if d.Type != data.Exhaustive {
		if int(d.Type) >= len(t6DrawNames) || t6DrawNames[d.Type] == "" {
			return nil, fmt.Errorf("%w: ryuukyoku type %v", data.ErrBadValue, d.Type)
		}
		if d.Deltas != [4]int{} {
			return []any{t6DrawNames[d.Type], d.Deltas[:]}, nil
		}
		return []any{t6DrawNames[d.Type]}, nil
	}
	if d.Deltas == [4]int{} {
		if allShown(d.Hands[:players]) {
			return []any{t6AllTenpai}, nil
		}
		return []any{t6NoTenpai}, nil
	}
	return []any{t6Draw, d.Deltas[:]}, nil
}

// allShown reports whether every hand is shown (not nil).
func allShown(hands [][]tile.Tile) bool {
	for _, h := range hands {
		if h == nil {
			return false
		}
	}
	return true
}

// t6PointsText writes a win's points text in a game of players seats (see
// parseT6Points).
func t6PointsText(a *data.Agari, dealer, players int) string {
	var b strings.Builder
	if a.Limit > 0 && a.Limit < len(limitNames) {
		b.WriteString(limitNames[a.Limit])
	} else {
		b.WriteString(strconv.Itoa(a.Fu) + "符" + strconv.Itoa(a.Han()) + "飜")
	}
	p := a.Points
	switch {
	case !a.Tsumo():
		b.WriteString(strconv.Itoa(p) + "点")
	case a.Who == dealer:
		b.WriteString(strconv.Itoa(p/(players-1)) + "点∀")
	default:
		// p = (players−2)·x + y with y = 2x or 2x − 100 (rounding): the
		// children pay x each, the dealer y.
		n := players // 4x or 3x, less 100 when y = 2x − 100
		x := (p + 100) / n
		if p%(100*n) == 0 {
			x = p / n
		}
		b.WriteString(strconv.Itoa(x) + "-" + strconv.Itoa(p-(players-2)*x) + "点")
	}
	return b.String()
}
