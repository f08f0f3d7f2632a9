package mjlog

import (
	"fmt"
	"io"
	"strconv"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// Writer writes games as mjlog XML, one <mjloggm> element per game, in
// the modern layout Tenhou uses (SHUFFLE, GO, UN, TAIKYOKU, then the
// rounds), with each AGARI's m= codes as Tenhou writes them (the
// winner's N codes, latest first). Reading what it writes gives back an
// equal Game, except that disconnections recorded before the first round
// move after its INIT.
type Writer struct {
	w   io.Writer
	buf []byte
}

// NewWriter returns a writer to w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// Write writes one game. Scores must be multiples of 100 points, as they
// are in Tenhou's records.
func (w *Writer) Write(g *data.Game) error {
	b, err := appendMjlog(w.buf[:0], g)
	if err != nil {
		return err
	}
	w.buf = b
	_, err = w.w.Write(b)
	return err
}

// Marshal returns g as mjlog XML.
func Marshal(g *data.Game) ([]byte, error) { return appendMjlog(nil, g) }

type mjlogEncoder struct {
	b   []byte
	err error
}

func appendMjlog(b []byte, g *data.Game) ([]byte, error) {
	if g.Players != 3 && g.Players != 4 {
		return b, fmt.Errorf("data: mjlog: %w: %d players", data.ErrUnsupported, g.Players)
	}
	e := &mjlogEncoder{b: b}
	e.str(`<mjloggm ver="2.3">`)
	if g.Seed != "" || g.Ref != "" {
		e.str(`<SHUFFLE seed="`)
		e.escaped(g.Seed)
		e.str(`" ref="`)
		e.escaped(g.Ref)
		e.str(`"/>`)
	}
	t := g.Rules.Type
	if t == 0 {
		t = g.Rules.TenhouType(g.Players)
	}
	e.str(`<GO type="`)
	e.int(t)
	e.str(`" lobby="`)
	e.int(g.Lobby)
	e.str(`"/><UN`)
	for i := range 4 {
		e.str(" " + seatAttrNames[i] + `="`)
		e.urlEncoded(g.Names[i])
		e.str(`"`)
	}
	e.str(` dan="`)
	e.ints(g.Dan[:], 1)
	e.str(`" rate="`)
	for i, r := range g.Rate {
		if i > 0 {
			e.str(",")
		}
		e.float(r, 2)
	}
	e.str(`" sx="`)
	for i, s := range g.Sex {
		if i > 0 {
			e.str(",")
		}
		e.escaped(s)
	}
	e.str(`"/><TAIKYOKU oya="0"/>`)
	for i := range g.Rounds {
		last := i == len(g.Rounds)-1
		e.round(g, &g.Rounds[i], last)
	}
	e.str(`</mjloggm>`)
	return e.b, e.err
}

func (e *mjlogEncoder) str(s string) { e.b = append(e.b, s...) }

// float writes x with prec decimals as Tenhou does ("1500.00", "47.0"), or
// with as many as it needs if that would round it.
func (e *mjlogEncoder) float(x float64, prec int) {
	s := strconv.FormatFloat(x, 'f', prec, 64)
	if v, err := strconv.ParseFloat(s, 64); err != nil || v != x {
		s = strconv.FormatFloat(x, 'f', -1, 64)
	}
	e.b = append(e.b, s...)
}
func (e *mjlogEncoder) int(x int) { e.b = strconv.AppendInt(e.b, int64(x), 10) }

// hundreds writes points in Tenhou's units of 100.
func (e *mjlogEncoder) hundreds(x int) {
	if x%100 != 0 && e.err == nil {
		e.err = fmt.Errorf("data: mjlog: %w: %d points is not a multiple of 100", data.ErrUnsupported, x)
	}
	e.int(x / 100)
}

func (e *mjlogEncoder) ints(xs []int, div int) {
	for i, x := range xs {
		if i > 0 {
			e.str(",")
		}
		if div == 100 {
			e.hundreds(x)
		} else {
			e.int(x)
		}
	}
}

func (e *mjlogEncoder) tiles(ts []tile.Tile) {
	for i, t := range ts {
		if i > 0 {
			e.str(",")
		}
		e.int(int(t))
	}
}

// escaped writes s with XML's special characters escaped.
func (e *mjlogEncoder) escaped(s string) {
	for i := range len(s) {
		switch c := s[i]; c {
		case '&':
			e.str("&amp;")
		case '<':
			e.str("&lt;")
		case '>':
			e.str("&gt;")
		case '"':
			e.str("&quot;")
		default:
			e.b = append(e.b, c)
		}
	}
}

// urlEncoded writes every byte of s as %XX, as Tenhou writes names.
func (e *mjlogEncoder) urlEncoded(s string) {
	const hex = "0123456789ABCDEF"
	for i := range len(s) {
		e.b = append(e.b, '%', hex[s[i]>>4], hex[s[i]&15])
	}
}

func (e *mjlogEncoder) round(g *data.Game, rd *data.Round, last bool) {
	e.str(`<INIT seed="`)
	e.ints([]int{rd.Number, rd.Honba, rd.Sticks, rd.Dice[0], rd.Dice[1], int(rd.DoraIndicator)}, 1)
	e.str(`" ten="`)
	e.ints(rd.Scores[:], 100)
	e.str(`" oya="`)
	e.int(rd.Dealer)
	e.str(`"`)
	for i := range 4 {
		e.str(" " + haiAttrNames[i] + `="`)
		if i < g.Players {
			e.tiles(rd.Hands[i][:])
		}
		e.str(`"`)
	}
	if rd.Shuffle != "" {
		e.str(` shuffle="`)
		e.escaped(rd.Shuffle)
		e.str(`"`)
	}
	e.str(`/>`)
	// The result carrying owari= is the last result event of the last round.
	lastResult := -1
	if last && g.Owari != nil {
		for i, ev := range rd.Events {
			if ev.Type == data.EventAgari || ev.Type == data.EventRyuukyoku {
				lastResult = i
			}
		}
	}
	for i := range rd.Events {
		e.event(g, rd, i, i == lastResult)
	}
}

// event writes rd.Events[i].
func (e *mjlogEncoder) event(g *data.Game, rd *data.Round, i int, owari bool) {
	ev := rd.Events[i]
	s := int(ev.Seat)
	switch ev.Type {
	case data.EventDraw, data.EventDiscard:
		c := byte('T')
		if ev.Type == data.EventDiscard {
			c = 'D'
		}
		e.b = append(e.b, '<', c+byte(s))
		e.int(int(ev.Tile))
		e.str(`/>`)
	case data.EventCall:
		m, err := encodeMeld(ev.Meld, s, int(ev.From), g.Players)
		if err != nil && e.err == nil {
			e.err = fmt.Errorf("data: mjlog: round %s: %w: %v", rd.Name(), data.ErrBadValue, err)
		}
		e.str(`<N who="`)
		e.int(s)
		e.str(`" m="`)
		e.int(m)
		e.str(`" />`)
	case data.EventKita:
		e.str(`<N who="`)
		e.int(s)
		e.str(`" m="`)
		e.int(encodeKita(ev.Tile))
		e.str(`" />`)
	case data.EventRiichi:
		e.str(`<REACH who="`)
		e.int(s)
		if ev.Step == 2 {
			e.str(`" ten="`)
			for i := range 4 {
				if i > 0 {
					e.str(",")
				}
				e.hundreds(int(ev.Scores[i]))
			}
		}
		e.str(`" step="`)
		e.int(int(ev.Step))
		e.str(`"/>`)
	case data.EventNewDora:
		e.str(`<DORA hai="`)
		e.int(int(ev.Tile))
		e.str(`" />`)
	case data.EventAgari:
		if int(ev.Index) >= len(rd.Agari) {
			if e.err == nil {
				e.err = fmt.Errorf("data: mjlog: round %s: %w: agari index %d", rd.Name(), data.ErrBadValue, ev.Index)
			}
			return
		}
		a := &rd.Agari[ev.Index]
		e.agari(g, a, e.agariMelds(g, a, data.ShownMelds(rd.Events[:i], a.Who)), owari)
	case data.EventRyuukyoku:
		if rd.Ryuukyoku == nil {
			if e.err == nil {
				e.err = fmt.Errorf("data: mjlog: round %s: %w: ryuukyoku event without a result", rd.Name(), data.ErrBadValue)
			}
			return
		}
		e.ryuukyoku(g, rd.Ryuukyoku, owari)
	case data.EventBye:
		e.str(`<BYE who="`)
		e.int(s)
		e.str(`" />`)
	case data.EventReconnect:
		e.str(`<UN n`)
		e.int(s)
		e.str(`="`)
		if s >= 0 && s < 4 {
			e.urlEncoded(g.Names[s])
		}
		e.str(`" />`)
	}
}

func (e *mjlogEncoder) ba(honba, sticks int) {
	e.str(`ba="`)
	e.int(honba)
	e.str(`,`)
	e.int(sticks)
	e.str(`"`)
}

func (e *mjlogEncoder) sc(g *data.Game, scores, deltas [4]int) {
	e.str(` sc="`)
	for i := range 4 {
		if i > 0 {
			e.str(",")
		}
		e.hundreds(scores[i])
		e.str(",")
		e.hundreds(deltas[i])
	}
	e.str(`"`)
}

func (e *mjlogEncoder) owari(g *data.Game) {
	e.str(` owari="`)
	for i := range 4 {
		if i > 0 {
			e.str(",")
		}
		e.hundreds(g.Owari.Scores[i])
		e.str(",")
		e.float(g.Owari.RankPt[i], 1)
	}
	e.str(`"`)
}

// agariMelds returns the m= codes of a win whose winner made the calls
// shown. Tenhou writes there the codes of the winner's N tags, latest call
// first, a kakan in the place of its pon, kita among them: so does this
// when the win's melds agree with the calls. Otherwise it writes the win's
// melds in their order, called from Agari.MeldFrom (or, without it, from
// the previous seat), then the kita.
func (e *mjlogEncoder) agariMelds(g *data.Game, a *data.Agari, shown []data.ShownMeld) []int {
	var codes []int
	meld := func(i, from int) {
		m, err := encodeMeld(a.Melds[i], a.Who, from, g.Players)
		if err != nil && e.err == nil {
			e.err = fmt.Errorf("data: mjlog: agari: %w: %v", data.ErrBadValue, err)
		}
		codes = append(codes, m)
	}
	if order, err := data.MatchShown(a, shown); err == nil {
		for k := len(shown) - 1; k >= 0; k-- {
			if shown[k].Kita != tile.NoTile {
				codes = append(codes, encodeKita(a.Kita[order[k]]))
			} else {
				meld(order[k], shown[k].From)
			}
		}
		return codes
	}
	for i, md := range a.Melds {
		from := guessMeldFrom(md, a.Who, g.Players)
		if i < len(a.MeldFrom) {
			from = a.MeldFrom[i]
		}
		meld(i, from)
	}
	for _, t := range a.Kita {
		codes = append(codes, encodeKita(t))
	}
	return codes
}

func (e *mjlogEncoder) agari(g *data.Game, a *data.Agari, melds []int, owari bool) {
	e.str(`<AGARI `)
	e.ba(a.Honba, a.Sticks)
	e.str(` hai="`)
	e.tiles(a.Hand)
	e.str(`"`)
	if len(melds) > 0 {
		e.str(` m="`)
		e.ints(melds, 1)
		e.str(`"`)
	}
	e.str(` machi="`)
	e.int(int(a.WinTile))
	e.str(`" ten="`)
	e.ints([]int{a.Fu, a.Points, a.Limit}, 1)
	e.str(`"`)
	if len(a.Yaku) > 0 {
		e.str(` yaku="`)
		for i, y := range a.Yaku {
			if i > 0 {
				e.str(",")
			}
			e.int(y.ID)
			e.str(",")
			e.int(y.Han)
		}
		e.str(`"`)
	}
	if len(a.Yakuman) > 0 {
		e.str(` yakuman="`)
		e.ints(a.Yakuman, 1)
		e.str(`"`)
	}
	e.str(` doraHai="`)
	e.tiles(a.Dora)
	e.str(`"`)
	if len(a.Ura) > 0 {
		e.str(` doraHaiUra="`)
		e.tiles(a.Ura)
		e.str(`"`)
	}
	e.str(` who="`)
	e.int(a.Who)
	e.str(`" fromWho="`)
	e.int(a.From)
	e.str(`"`)
	if a.Pao >= 0 {
		e.str(` paoWho="`)
		e.int(a.Pao)
		e.str(`"`)
	}
	e.sc(g, a.Scores, a.Deltas)
	if owari {
		e.owari(g)
	}
	e.str(` />`)
}

// guessMeldFrom is the source written for a win's meld when neither the
// record nor the round's calls give it: the previous seat for an open meld
// (the meld's tiles and type are what readers use), the caller itself for a
// closed kan.
func guessMeldFrom(md score.Meld, who, players int) int {
	if md.Type == score.Ankan {
		return who
	}
	from := (who + 3) % 4
	if from >= players {
		from = (who + 2) % 4
	}
	return from
}

func (e *mjlogEncoder) ryuukyoku(g *data.Game, d *data.Ryuukyoku, owari bool) {
	e.str(`<RYUUKYOKU `)
	if d.Type != data.Exhaustive {
		e.str(`type="`)
		e.str(d.Type.Mjlog())
		e.str(`" `)
	}
	e.ba(d.Honba, d.Sticks)
	e.sc(g, d.Scores, d.Deltas)
	for i := range 4 {
		if d.Hands[i] == nil {
			continue
		}
		e.str(" " + haiAttrNames[i] + `="`)
		e.tiles(d.Hands[i])
		e.str(`"`)
	}
	if owari {
		e.owari(g)
	}
	e.str(` />`)
}
