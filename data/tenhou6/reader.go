package tenhou6

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/internal/codec"
	"github.com/mjrank/mjrank/data/internal/kindlevel"
	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// Reader reads tenhou.net/6 JSON game records one at a time, in the
// shape of bufio.Scanner (see [data.Reader]). The input is a sequence of JSON
// objects separated by white space, plain or gzip-compressed: a whole game
// per object (as tenhou.net and mjai-reviewer write them), or one round per
// object (as mjx writes them, one per line), each read as a Game of one
// round. Play order, physical tile ids and other things the format leaves
// out are reconstructed; the package doc says how and what cannot be.
type Reader struct {
	name string
	src  io.Reader
	s    *jsonStream
	game *data.Game
	err  error
	n    int
}

// NewReader returns a reader of the tenhou.net/6 records in r; name
// appears in errors.
func NewReader(r io.Reader, name string) *Reader {
	return &Reader{name: name, src: r}
}

// Game returns the game read by the last successful call to Next.
func (r *Reader) Game() *data.Game { return r.game }

// Err returns the first error met, or nil at a clean end of input. Errors
// from the input are *ParseError values.
func (r *Reader) Err() error { return r.err }

// Next reads the next game and reports whether it succeeded.
func (r *Reader) Next() bool {
	if r.err != nil {
		return false
	}
	if r.s == nil {
		r.s = newJSONStream(r.src)
	}
	r.game = nil
	val, p, err := r.s.next()
	if err == io.EOF {
		return false
	}
	r.n++
	if err != nil {
		r.err = &data.ParseError{File: r.name, Game: r.n, Line: p.line, Column: p.col, Offset: p.off, Err: err}
		return false
	}
	g, err := parseTenhou6(val, p, r.name, r.n)
	if err != nil {
		r.err = err
		r.game = g
		return false
	}
	r.game = g
	return true
}

// t6Header holds the fields of a tenhou.net/6 record other than the log.
type t6Header struct {
	Title []string `json:"title"`
	Name  []string `json:"name"`
	Rule  struct {
		Disp  string `json:"disp"`
		Aka   *int   `json:"aka"`
		Aka51 *int   `json:"aka51"`
		Aka52 *int   `json:"aka52"`
		Aka53 *int   `json:"aka53"`
	} `json:"rule"`
	Ref        string            `json:"ref"`
	Ratingc    string            `json:"ratingc"`
	Lobby      int               `json:"lobby"`
	Dan        []string          `json:"dan"`
	Rate       []float64         `json:"rate"`
	Sx         []string          `json:"sx"`
	Sc         []json.RawMessage `json:"sc"`
	Connection []struct {
		What int `json:"what"`
		Log  int `json:"log"`
		Who  int `json:"who"`
		Step int `json:"step"`
	} `json:"connection"`
}

// t6Error builds a *ParseError at byte i of val.
func t6Error(name string, n int, val []byte, p pos, i int, round int, rdName, tag string, err error) *data.ParseError {
	q := p.at(val, i)
	return &data.ParseError{File: name, Game: n, Round: round, Name: rdName, Line: q.line, Column: q.col, Offset: q.off, Tag: tag, Err: err}
}

// parseTenhou6 reads one record value that starts at p.
func parseTenhou6(val []byte, p pos, name string, n int) (*data.Game, error) {
	if _, ok := objectMember(val, "log"); !ok {
		// Checked first: a model card or a config is JSON too, and its
		// fields would fail as a record's before the missing log says
		// what it is.
		return nil, t6Error(name, n, val, p, 0, 0, "", "log", codec.Cause(data.ErrNotRecord, `a JSON object without "log" is not a tenhou.net/6 record`))
	}
	var h t6Header
	if err := json.Unmarshal(val, &h); err != nil {
		off, cause := codec.JSONError(err)
		return nil, t6Error(name, n, val, p, off, 0, "", "", cause)
	}
	fail := func(i int, tag string, err error) error {
		return t6Error(name, n, val, p, i, 0, "", tag, err)
	}
	g := h.game()
	if len(h.Sc) >= 8 {
		o, err := h.owari()
		if err != nil {
			return nil, fail(0, "sc", err)
		}
		g.Owari = o
	}
	rounds, at, err := t6Log(val)
	if err != nil {
		return nil, fail(at, "log", err)
	}
	g.Rounds = make([]data.Round, len(rounds))
	for i, sp := range rounds {
		rd := &g.Rounds[i]
		if err := parseT6Round(g, rd, val[sp.start:sp.end], h.conns(i)); err != nil {
			rdName := ""
			if rd.Number >= 0 && rd.Honba >= 0 {
				rdName = rd.Name()
			}
			g.Rounds = g.Rounds[:i+1]
			return g, t6Error(name, n, val, p, sp.start, i+1, rdName, "log["+strconv.Itoa(i)+"]", err)
		}
	}
	g.Rules.Type = g.Rules.TenhouType(g.Players)
	return g, nil
}

// game returns the game the header describes, without its rounds or final
// scores.
func (h *t6Header) game() *data.Game {
	g := &data.Game{Players: h.players(), Ref: h.Ref, Lobby: h.Lobby}
	g.Rules = rulesFromDisp(h.Rule.Disp, h.redFives())
	copy(g.Title[:], h.Title)
	copy(g.Names[:], h.Name)
	for i, d := range h.Dan {
		if i < 4 {
			g.Dan[i] = max(danIndex(d), 0)
		}
	}
	copy(g.Rate[:], h.Rate)
	copy(g.Sex[:], h.Sx)
	return g
}

// players returns 3 for a 3-player record, as tenhou.net marks one: rating
// class "PF3" or a rule text beginning with 三 ("三鳳南喰赤"); else 4.
func (h *t6Header) players() int {
	if h.Ratingc == "PF3" || strings.HasPrefix(h.Rule.Disp, "三") {
		return 3
	}
	return 4
}

// redFives reads the aka fields: aka, else any of aka51..aka53; red fives
// when none is given.
func (h *t6Header) redFives() bool {
	r := &h.Rule
	switch {
	case r.Aka != nil:
		return *r.Aka != 0
	case r.Aka51 != nil || r.Aka52 != nil || r.Aka53 != nil:
		return (r.Aka51 != nil && *r.Aka51 != 0) || (r.Aka52 != nil && *r.Aka52 != 0) || (r.Aka53 != nil && *r.Aka53 != 0)
	}
	return true
}

// owari reads the final scores and points of sc (at least 8 elements).
func (h *t6Header) owari() (*data.Owari, error) {
	o := &data.Owari{}
	for i := range 4 {
		var bad string
		if o.Scores[i], bad = t6Number(h.Sc[2*i]); bad != "" {
			return nil, codec.Cause(data.ErrBadValue, fmt.Sprintf("sc[%d]: final score %s %s", 2*i, quoteRaw(h.Sc[2*i]), bad))
		}
		if json.Unmarshal(h.Sc[2*i+1], &o.RankPt[i]) != nil {
			return nil, codec.Cause(data.ErrBadValue, fmt.Sprintf("sc[%d]: final points %s %s", 2*i+1, quoteRaw(h.Sc[2*i+1]), notNumber))
		}
	}
	return o, nil
}

// conns returns the disconnections and reconnections of round i. Those
// before the game (log −1, as tenhou.net writes them) open the first
// round, as the mjlog reader puts them.
func (h *t6Header) conns(i int) []t6conn {
	var conn []t6conn
	for _, c := range h.Connection {
		switch {
		case c.Log == i:
			conn = append(conn, t6conn{bye: c.What == 0, who: c.Who, step: c.Step})
		case c.Log == -1 && i == 0:
			conn = append(conn, t6conn{bye: c.What == 0, who: c.Who, step: 0})
		}
	}
	return conn
}

// t6Log returns the spans of the rounds of val's log; an error comes with
// the offset it is at.
func t6Log(val []byte) ([]span, int, error) {
	ls, ok := objectMember(val, "log")
	if !ok {
		return nil, 0, codec.Cause(data.ErrBadValue, "no log")
	}
	rounds, ok := arrayElements(val, ls.start)
	if !ok {
		return nil, ls.start, codec.Cause(data.ErrSyntax, "log is not an array")
	}
	if len(rounds) > data.MaxRoundsPerGame {
		return nil, ls.start, fmt.Errorf("%w: %d rounds, more than %d", data.ErrTooLarge, len(rounds), data.MaxRoundsPerGame)
	}
	if len(rounds) == 0 {
		return nil, ls.start, codec.Cause(data.ErrBadValue, "no rounds")
	}
	return rounds, ls.start, nil
}

// rulesFromDisp reads the rule text of tenhou.net/6 ("鳳南喰赤", "上東喰赤速",
// "三鳳南喰赤" for three players): the lobby (般 上 特 鳳), 東 (east only) or 南 (east-south), 喰 (open
// tanyao), 赤 (red fives; also given by the aka fields) and 速 (fast).
// Text it does not know (e.g. "Gold Room South") gives an east-south game
// with open tanyao unless it says "East".
func rulesFromDisp(disp string, red bool) data.Rules {
	disp = strings.TrimPrefix(disp, "三") // 3 players: see t6Header.players
	r := data.Rules{EastSouth: true, OpenTanyao: true, RedFives: red}
	if !strings.ContainsAny(disp, "般上特鳳東南喰赤速") {
		if strings.Contains(disp, "East") {
			r.EastSouth = false
		}
		return r
	}
	r.OpenTanyao = strings.Contains(disp, "喰")
	r.EastSouth = !strings.Contains(disp, "東")
	r.Fast = strings.Contains(disp, "速")
	switch {
	case strings.Contains(disp, "鳳"):
		r.Level = data.Houou
	case strings.Contains(disp, "特"):
		r.Level = data.Tokujou
	case strings.Contains(disp, "上"):
		r.Level = data.Joukyuu
	}
	return r
}

// dispOf writes the rule text for rules r in a game of players seats.
func dispOf(r data.Rules, players int) string {
	var b strings.Builder
	if players == 3 {
		b.WriteString("三")
	}
	b.WriteString([...]string{"般", "上", "特", "鳳"}[r.Level&3])
	if r.EastSouth {
		b.WriteString("南")
	} else {
		b.WriteString("東")
	}
	if r.OpenTanyao {
		b.WriteString("喰")
	}
	if r.RedFives {
		b.WriteString("赤")
	}
	if r.Fast {
		b.WriteString("速")
	}
	return b.String()
}

// t6conn is a disconnection (bye) or reconnection of the "connection" list:
// it happens after step draws, discards and calls of the round.
type t6conn struct {
	bye  bool
	who  int
	step int
}

// event is the Bye or Reconnect event.
func (c t6conn) event() data.Event {
	if c.bye {
		return data.Bye(c.who)
	}
	return data.Reconnect(c.who)
}

// t6Face reads a tile code: 11–19 man, 21–29 pin, 31–39 sou, 41–47 honours,
// 51–53 red fives.
func t6Face(code int) (kindlevel.Face, bool) {
	switch {
	case code >= 11 && code <= 19:
		return kindlevel.Face(code - 11), true
	case code >= 21 && code <= 29:
		return kindlevel.Face(9 + code - 21), true
	case code >= 31 && code <= 39:
		return kindlevel.Face(18 + code - 31), true
	case code >= 41 && code <= 47:
		return kindlevel.Face(27 + code - 41), true
	case code >= 51 && code <= 53:
		return kindlevel.RedFace(tile.Kind((code - 51) * 9)), true
	}
	return kindlevel.NoFace, false
}

// t6Code is the inverse of t6Face.
func t6Code(f kindlevel.Face) int {
	if f.Red() {
		return 51 + int(f-tile.NumKinds)
	}
	k := int(f)
	return (k/9+1)*10 + k%9 + 1
}

// What is wrong with a JSON number, as t6Number says.
const (
	notNumber  = "is not a number"
	notInteger = "is not an integer"
	outOfRange = "out of range"
)

// t6Number reads a JSON number that must be an integer within ±1e9, or
// says what is wrong with it (notNumber, notInteger, outOfRange). Callers
// quote the value as written ("99999999999 out of range", not
// 9.9999999999e+10).
func t6Number(raw json.RawMessage) (int, string) {
	var x float64
	if err := json.Unmarshal(raw, &x); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) && strings.HasPrefix(te.Value, "number") {
			return 0, outOfRange // beyond float64
		}
		return 0, notNumber
	}
	if x != math.Trunc(x) {
		return 0, notInteger
	}
	if x < -1e9 || x > 1e9 {
		return 0, outOfRange
	}
	return int(x), ""
}

// quoteRaw returns a JSON value as written, cut to 40 bytes.
func quoteRaw(raw json.RawMessage) string {
	if len(raw) > 40 {
		return string(raw[:37]) + "..."
	}
	return string(raw)
}

// t6Elements decodes a JSON array into its elements.
func t6Elements(raw json.RawMessage, what string) ([]json.RawMessage, error) {
	var xs []json.RawMessage
	if err := json.Unmarshal(raw, &xs); err != nil {
		return nil, codec.Cause(data.ErrBadValue, what+": "+err.Error())
	}
	return xs, nil
}

// t6Ints decodes a JSON array of integers.
func t6Ints(raw json.RawMessage, what string) ([]int, error) {
	xs, err := t6Elements(raw, what)
	if err != nil {
		return nil, err
	}
	out := make([]int, len(xs))
	for i, x := range xs {
		var bad string
		if out[i], bad = t6Number(x); bad != "" {
			return nil, codec.Cause(data.ErrBadValue, fmt.Sprintf("%s[%d]: %s %s", what, i, quoteRaw(x), bad))
		}
	}
	return out, nil
}

// t6TileCode reads one tile code, or says what is wrong with it, quoting
// the value as written.
func t6TileCode(raw json.RawMessage) (kindlevel.Face, error) {
	if len(raw) == 0 || (raw[0] != '-' && (raw[0] < '0' || raw[0] > '9')) {
		return kindlevel.NoFace, fmt.Errorf("%s is not a tile code", quoteRaw(raw))
	}
	code, bad := t6Number(raw)
	f, ok := t6Face(code)
	switch {
	case bad == notInteger || bad == notNumber:
		return kindlevel.NoFace, fmt.Errorf("%s %s", quoteRaw(raw), bad)
	case bad == outOfRange || !ok:
		return kindlevel.NoFace, fmt.Errorf("tile code %s out of range", quoteRaw(raw))
	}
	return f, nil
}

// t6Faces decodes a JSON array of tile codes.
func t6Faces(raw json.RawMessage, what string) ([]kindlevel.Face, error) {
	xs, err := t6Elements(raw, what)
	if err != nil {
		return nil, err
	}
	fs := make([]kindlevel.Face, len(xs))
	for i, x := range xs {
		if fs[i], err = t6TileCode(x); err != nil {
			return nil, codec.Cause(data.ErrBadValue, fmt.Sprintf("%s[%d]: %v", what, i, err))
		}
	}
	return fs, nil
}

// parseT6Call reads a call string of seat: "c282627" (chi), "13p1313" (pon,
// from the seat its position names), "m39393939" (daiminkan), "3636k3636"
// (kakan), "121212a12" (ankan).
func parseT6Call(s string, seat int) (t6item, error) {
	var it t6item
	c, msg := scanT6Call(s)
	if msg != "" {
		return it, badT6Call(s, msg)
	}
	it.f = c.codes[c.marked]
	j := 0
	for i := range c.n {
		if i != c.marked {
			it.own[j] = c.codes[i]
			j++
		}
	}
	if msg := it.setCall(&c, seat); msg != "" {
		return it, badT6Call(s, msg)
	}
	for _, f := range c.codes[:c.n] {
		if f.Kind() != it.f.Kind() && it.kind != t6Chi {
			return it, badT6Call(s, "tiles of different kinds")
		}
	}
	return it, nil
}

// badT6Call is the error of a call string that cannot be read.
func badT6Call(s, msg string) error {
	return codec.Cause(data.ErrBadValue, fmt.Sprintf("call %q: %s", s, msg))
}

// t6callText is a call string split up: its n tile codes and its one
// letter, which stands before codes[marked].
type t6callText struct {
	codes  [4]kindlevel.Face
	n      int
	marked int
	letter byte
}

// scanT6Call splits a call string; msg says what is wrong with one that
// cannot be split.
func scanT6Call(s string) (c t6callText, msg string) {
	c.marked = -1
	for i := 0; i < len(s); {
		ch := s[i]
		if ch >= 'a' && ch <= 'z' {
			if c.letter != 0 {
				return c, "two letters"
			}
			c.letter, c.marked = ch, c.n
			i++
			continue
		}
		if i+2 > len(s) || c.n == 4 {
			return c, "want two-digit tile codes"
		}
		code, ok := codec.Atoi([]byte(s[i : i+2]))
		if !ok {
			return c, "want two-digit tile codes"
		}
		f, ok := t6Face(code)
		if !ok {
			return c, "bad tile code " + s[i:i+2]
		}
		c.codes[c.n] = f
		c.n++
		i += 2
	}
	if c.marked < 0 || c.marked >= c.n {
		return c, "no call letter before a tile"
	}
	return c, ""
}

// setCall sets the kind of the call c's letter names and, for a chi, pon
// or daiminkan, the seat called from, which the letter's place gives. It
// returns what is wrong with a call of the wrong shape.
func (it *t6item) setCall(c *t6callText, seat int) string {
	rel := [4]int{3, 2, 1, 1} // kamicha, toimen, shimocha, shimocha
	n, marked := c.n, c.marked
	switch c.letter {
	case 'c':
		if n != 3 || marked != 0 {
			return "a chi is c and three tiles"
		}
		it.kind = t6Chi
		it.from = int8((seat + 3) % 4)
	case 'p':
		if n != 3 || marked > 2 {
			return "a pon has three tiles"
		}
		it.kind = t6Pon
		it.from = int8((seat + rel[marked]) % 4)
	case 'm':
		if n != 4 {
			return "a daiminkan has four tiles"
		}
		it.kind = t6Minkan
		it.from = int8((seat + rel[marked]) % 4)
	case 'k':
		if n != 4 || marked > 2 {
			return "a kakan has four tiles"
		}
		it.kind = t6Kakan
	case 'a':
		if n != 4 {
			return "an ankan has four tiles"
		}
		it.kind = t6Ankan
		it.own = c.codes
	default:
		return "unknown call letter " + string(c.letter)
	}
	return ""
}

// parseT6Items reads a draw list (draws true) or a discard list of seat in
// a game of players seats.
func parseT6Items(raw json.RawMessage, seat, players int, draws bool, what string) ([]t6item, error) {
	vs, err := t6Elements(raw, what)
	if err != nil {
		return nil, err
	}
	items := make([]t6item, 0, len(vs))
	for i, v := range vs {
		where := fmt.Sprintf("%s[%d]", what, i)
		var it t6item
		var x string
		switch code, bad := t6Number(v); {
		case bad == "" && code == 60 && !draws:
			it.kind = t6Tsumogiri
		case bad == "" && code == 0 && !draws:
			it.kind = t6Zero
		case bad != notNumber:
			if it.f, err = t6TileCode(v); err != nil {
				return nil, codec.Cause(data.ErrBadValue, fmt.Sprintf("%s: %v", where, err))
			}
		case json.Unmarshal(v, &x) == nil:
			if !draws && strings.HasPrefix(x, "r") {
				code, ok := codec.Atoi([]byte(x[1:]))
				if !ok {
					return nil, codec.Cause(data.ErrBadValue, fmt.Sprintf("%s: bad riichi discard %q", where, x))
				}
				it.riichi = true
				if code == 60 {
					it.kind = t6Tsumogiri
				} else if it.f, ok = t6Face(code); !ok {
					return nil, codec.Cause(data.ErrBadValue, fmt.Sprintf("%s: bad riichi discard %q", where, x))
				}
				break
			}
			if strings.HasPrefix(x, "f") {
				if it, err = parseT6Kita(x, players, draws); err != nil {
					return nil, codec.Cause(data.ErrBadValue, fmt.Sprintf("%s: %v", where, err))
				}
				break
			}
			if it, err = parseT6Call(x, seat); err != nil {
				return nil, fmt.Errorf("%s: %w", where, err)
			}
			if draws != it.isCall() {
				return nil, codec.Cause(data.ErrBadValue, fmt.Sprintf("%s: call %q in the wrong list", where, x))
			}
			if msg := callIn3p(&it, players); msg != "" {
				return nil, codec.Cause(data.ErrBadValue, fmt.Sprintf("%s: call %q: %s", where, x, msg))
			}
		default:
			return nil, codec.Cause(data.ErrBadValue, fmt.Sprintf("%s: %s is neither a tile nor a call", where, quoteRaw(v)))
		}
		items = append(items, it)
	}
	return items, nil
}

// parseT6Kita reads a kita, "f44": a North set aside, written in the
// discard list of a 3-player game.
func parseT6Kita(x string, players int, draws bool) (t6item, error) {
	it := t6item{kind: t6Kita, f: kindlevel.Face(tile.North)}
	switch {
	case x != "f44":
		return it, fmt.Errorf("bad kita %q (a kita is \"f44\", a North)", x)
	case draws:
		return it, fmt.Errorf("kita %q in the draw list", x)
	case players != 3:
		return it, fmt.Errorf("kita %q in a %d-player game", x, players)
	}
	return it, nil
}

// callIn3p says what is wrong with call it in a game of players seats: a
// chi, or a call from the empty fourth seat, in a 3-player game.
func callIn3p(it *t6item, players int) string {
	switch {
	case players != 3:
		return ""
	case it.kind == t6Chi:
		return "chi in a 3-player game"
	case it.isCall() && int(it.from) >= players:
		return fmt.Sprintf("called from seat %d, empty in a 3-player game", it.from)
	}
	return ""
}

// t6Win is one win of a 和了 result.
type t6Win struct {
	deltas         [4]int
	who, from, pao int
	points         string
	yaku           []string
}

// parseT6Result reads the result array of a round of players seats.
func parseT6Result(raw json.RawMessage, players int) (name string, deltas [4]int, wins []t6Win, err error) {
	vs, err := t6Elements(raw, "result")
	if err != nil {
		return "", deltas, nil, err
	}
	if len(vs) == 0 {
		return "", deltas, nil, codec.Cause(data.ErrBadValue, "empty result")
	}
	if json.Unmarshal(vs[0], &name) != nil {
		return "", deltas, nil, codec.Cause(data.ErrBadValue, "result: want a name first")
	}
	readDeltas := func(v json.RawMessage) ([4]int, error) {
		var d [4]int
		xs, err := t6Ints(v, "result: deltas")
		if err != nil {
			return d, err
		}
		if len(xs) < 4 {
			return d, codec.Cause(data.ErrBadValue, "result: want four deltas")
		}
		copy(d[:], xs)
		if players == 3 && d[3] != 0 {
			return d, codec.Cause(data.ErrBadValue, fmt.Sprintf("result: seat 3 delta %d in a 3-player game", d[3]))
		}
		return d, nil
	}
	if name != t6Agari {
		if _, ok := t6DrawTypes[name]; !ok {
			return "", deltas, nil, codec.Cause(data.ErrBadValue, fmt.Sprintf("unknown result %q", name))
		}
		if len(vs) > 1 {
			if deltas, err = readDeltas(vs[1]); err != nil {
				return "", deltas, nil, err
			}
		}
		return name, deltas, nil, nil
	}
	if len(vs) < 3 || len(vs)%2 != 1 {
		return "", deltas, nil, codec.Cause(data.ErrBadValue, "和了: want deltas and details for each win")
	}
	for i := 1; i < len(vs); i += 2 {
		var w t6Win
		if w.deltas, err = readDeltas(vs[i]); err != nil {
			return "", deltas, nil, err
		}
		if err := parseT6Win(vs[i+1], &w, players); err != nil {
			return "", deltas, nil, err
		}
		wins = append(wins, w)
	}
	return name, deltas, wins, nil
}

// parseT6Win reads the details of a win: [who, from, pao, points, yaku…],
// the seats below players.
func parseT6Win(raw json.RawMessage, w *t6Win, players int) error {
	var xs []json.RawMessage
	if json.Unmarshal(raw, &xs) != nil || len(xs) < 3 {
		return codec.Cause(data.ErrBadValue, "和了: want [who, from, pao, points, yaku…]")
	}
	var seats [3]int
	for i := range seats {
		var bad string
		if seats[i], bad = t6Number(xs[i]); bad != "" || seats[i] < 0 || seats[i] >= players {
			return codec.Cause(data.ErrBadValue, fmt.Sprintf("和了: seat %s in a %d-player game", quoteRaw(xs[i]), players))
		}
	}
	w.who, w.from, w.pao = seats[0], seats[1], seats[2]
	if len(xs) == 3 {
		return nil // no points text: the scoring is unknown
	}
	if json.Unmarshal(xs[3], &w.points) != nil {
		return codec.Cause(data.ErrBadValue, "和了: want a points text")
	}
	for _, y := range xs[4:] {
		var s string
		if json.Unmarshal(y, &s) != nil {
			return codec.Cause(data.ErrBadValue, "和了: want yaku texts")
		}
		w.yaku = append(w.yaku, s)
	}
	return nil
}

// parseT6Points reads a points text: "30符1飜1000点" (ron), "30符2飜500-1000点"
// (non-dealer tsumo: each child, the dealer), "30符1飜500点∀" (dealer tsumo:
// each), "満貫8000点", "役満16000-32000点". It returns fu (0 for a limit hand,
// which the text does not give), the hand's total value and the limit code:
// a tsumo's total is what the players-1 others pay (one child fewer in a
// 3-player game, which pays tsumo as Tenhou does, without the absent seat's
// share).
func parseT6Points(s string, players int) (fu, points, limit int, err error) {
	bad := func() (int, int, int, error) {
		return 0, 0, 0, codec.Cause(data.ErrBadValue, fmt.Sprintf("points text %q", s))
	}
	t := s
	if strings.HasPrefix(t, "数え役満") {
		limit, t = 5, t[len("数え役満"):]
	}
	for l := 5; l >= 1 && limit == 0; l-- {
		if strings.HasPrefix(t, limitNames[l]) {
			limit, t = l, t[len(limitNames[l]):]
		}
	}
	if i := strings.Index(t, "符"); i >= 0 {
		x, ok := codec.Atoi([]byte(t[:i]))
		if !ok {
			return bad()
		}
		fu = x
		t = t[i+len("符"):]
		j := strings.Index(t, "飜")
		if j < 0 {
			return bad()
		}
		t = t[j+len("飜"):]
	}
	all := strings.HasSuffix(t, "∀")
	t = strings.TrimSuffix(t, "∀")
	if !strings.HasSuffix(t, "点") {
		return bad()
	}
	t = strings.TrimSuffix(t, "点")
	if a, b, ok := strings.Cut(t, "-"); ok {
		x, ok1 := codec.Atoi([]byte(a))
		y, ok2 := codec.Atoi([]byte(b))
		if !ok1 || !ok2 || all {
			return bad()
		}
		return fu, (players-2)*x + y, limit, nil
	}
	x, ok := codec.Atoi([]byte(t))
	if !ok {
		return bad()
	}
	if all {
		x *= players - 1
	}
	return fu, x, limit, nil
}

// parseT6Yaku reads "立直(1飜)" or "大三元(役満)".
func parseT6Yaku(s string) (id, han int, yakuman bool, err error) {
	i := strings.LastIndexByte(s, '(')
	if i < 0 || !strings.HasSuffix(s, ")") {
		return 0, 0, false, codec.Cause(data.ErrBadValue, fmt.Sprintf("yaku text %q", s))
	}
	name, inner := s[:i], s[i+1:len(s)-1]
	id, ok := yakuByName[name]
	if !ok {
		return 0, 0, false, codec.Cause(data.ErrBadValue, fmt.Sprintf("unknown yaku %q", name))
	}
	if inner == "役満" {
		return id, 0, true, nil
	}
	h, ok := codec.Atoi([]byte(strings.TrimSuffix(inner, "飜")))
	if !ok || !strings.HasSuffix(inner, "飜") {
		return 0, 0, false, codec.Cause(data.ErrBadValue, fmt.Sprintf("yaku text %q", s))
	}
	return id, h, false, nil
}

// parseT6Round reads one round array into rd.
func parseT6Round(g *data.Game, rd *data.Round, b []byte, conn []t6conn) error {
	rd.Number, rd.Honba = -1, -1
	var parts []json.RawMessage
	if err := json.Unmarshal(b, &parts); err != nil {
		return codec.Cause(data.ErrSyntax, err.Error())
	}
	if len(parts) < 16 || len(parts) > 17 {
		return codec.Cause(data.ErrBadValue, fmt.Sprintf("a round has 16 or 17 elements, not %d", len(parts)))
	}
	if err := parseT6RoundInfo(rd, parts, g.Players); err != nil {
		return err
	}
	dora, ura, err := parseT6Indicators(parts)
	if err != nil {
		return err
	}
	s := t6solver{players: g.Players}
	hands, err := s.readSeats(parts)
	if err != nil {
		return err
	}
	resName, deltas, wins, err := s.readResult(parts)
	if err != nil {
		return err
	}
	if !s.solve(hands, rd.Dealer) {
		if s.budget < 0 {
			return codec.Cause(data.ErrInconsistent, "cannot put the draws and discards in order (search too long)")
		}
		return codec.Cause(data.ErrInconsistent, "cannot put the draws and discards in an order that fits the hands and the result")
	}
	return feedT6(g, rd, &s, hands, dora, ura, conn, resName, deltas, wins)
}

// parseT6RoundInfo reads a round's [round, honba, sticks] and scores. A
// 3-player round has a dealer of seats 0..2 and a score of 0 for seat 3.
func parseT6RoundInfo(rd *data.Round, parts []json.RawMessage, players int) error {
	info, err := t6Ints(parts[0], "[round, honba, sticks]")
	if err != nil {
		return err
	}
	if len(info) != 3 || info[0] < 0 || info[0] > 15 || info[1] < 0 || info[1] > 99 || info[2] < 0 || info[2] > 99 {
		return codec.Cause(data.ErrBadValue, fmt.Sprintf("[round, honba, sticks] = %v", info))
	}
	rd.Number, rd.Honba, rd.Sticks = info[0], info[1], info[2]
	rd.Dealer = rd.Number % 4
	scores, err := t6Ints(parts[1], "scores")
	if err != nil {
		return err
	}
	if len(scores) != 4 {
		return codec.Cause(data.ErrBadValue, "want four scores")
	}
	copy(rd.Scores[:], scores)
	if players == 3 {
		if rd.Dealer == 3 {
			return codec.Cause(data.ErrBadValue, fmt.Sprintf("round %d (%s): seat 3 deals in a 3-player game", rd.Number, rd.Name()))
		}
		if rd.Scores[3] != 0 {
			return codec.Cause(data.ErrBadValue, fmt.Sprintf("seat 3 has a score of %d in a 3-player game", rd.Scores[3]))
		}
	}
	return nil
}

// parseT6Indicators reads a round's dora and ura dora indicators.
func parseT6Indicators(parts []json.RawMessage) (dora, ura []kindlevel.Face, err error) {
	dora, err = t6Faces(parts[2], "dora")
	if err != nil {
		return nil, nil, err
	}
	if len(dora) == 0 || len(dora) > 5 {
		return nil, nil, codec.Cause(data.ErrBadValue, fmt.Sprintf("%d dora indicators", len(dora)))
	}
	ura, err = t6Faces(parts[3], "ura")
	if err != nil {
		return nil, nil, err
	}
	if len(ura) > 5 {
		return nil, nil, codec.Cause(data.ErrBadValue, fmt.Sprintf("%d ura indicators", len(ura)))
	}
	return dora, ura, nil
}

// readSeats reads each seat's starting hand, which it returns, and its
// draw and discard lists, which the solver puts in order. The empty seat
// of a 3-player game has three empty lists.
func (s *t6solver) readSeats(parts []json.RawMessage) ([4][]kindlevel.Face, error) {
	var hands [4][]kindlevel.Face
	var err error
	for p := range 4 {
		what := "seat " + strconv.Itoa(p)
		if p >= s.players {
			for i, part := range [3]string{"hand", "draws", "discards"} {
				if xs, err := t6Elements(parts[4+3*p+i], what+" "+part); err != nil || len(xs) > 0 {
					return hands, codec.Cause(data.ErrBadValue, fmt.Sprintf("%s %s not empty in a %d-player game", what, part, s.players))
				}
			}
			continue
		}
		if hands[p], err = t6Faces(parts[4+3*p], what+" hand"); err != nil {
			return hands, err
		}
		if len(hands[p]) != 13 {
			hint := ""
			if p == 3 && len(hands[p]) == 0 {
				hint = ` (a 3-player record says "ratingc":"PF3" or a rule "disp" beginning with 三)`
			}
			return hands, codec.Cause(data.ErrBadValue, fmt.Sprintf("%s hand has %d tiles%s", what, len(hands[p]), hint))
		}
		if s.draws[p], err = parseT6Items(parts[5+3*p], p, s.players, true, what+" draws"); err != nil {
			return hands, err
		}
		if s.discs[p], err = parseT6Items(parts[6+3*p], p, s.players, false, what+" discards"); err != nil {
			return hands, err
		}
		if err := s.checkKita(p, hands[p]); err != nil {
			return hands, err
		}
	}
	return hands, nil
}

// checkKita refuses a seat whose kita outnumber the Norths it is dealt
// and draws: the order search would only say that nothing fits.
func (s *t6solver) checkKita(p int, hand []kindlevel.Face) error {
	north := kindlevel.Face(tile.North)
	have, kita := 0, 0
	for _, f := range hand {
		if f == north {
			have++
		}
	}
	for _, it := range s.draws[p] {
		if it.kind == t6Tile && it.f == north {
			have++
		}
	}
	for _, it := range s.discs[p] {
		if it.kind == t6Kita {
			kita++
		}
	}
	if kita > have {
		return codec.Cause(data.ErrInconsistent, fmt.Sprintf("seat %d: %d kita (f44), but only %d Norths dealt and drawn", p, kita, have))
	}
	return nil
}

// readResult reads the round's result, if it has one, and sets what the
// solver's order must end with.
func (s *t6solver) readResult(parts []json.RawMessage) (resName string, deltas [4]int, wins []t6Win, err error) {
	s.want.any = true
	if len(parts) < 17 {
		return resName, deltas, wins, nil
	}
	if resName, deltas, wins, err = parseT6Result(parts[16], s.players); err != nil {
		return resName, deltas, wins, err
	}
	s.want.any = false
	if resName != t6Agari {
		s.want.draw = true
		s.want.dtype = t6DrawTypes[resName]
		return resName, deltas, wins, nil
	}
	s.want.from = int8(wins[0].from)
	for _, w := range wins {
		if w.from != wins[0].from || (len(wins) > 1 && w.who == w.from) {
			return resName, deltas, wins, codec.Cause(data.ErrBadValue, "the wins of one round come from different seats")
		}
		s.want.winners = append(s.want.winners, int8(w.who))
	}
	return resName, deltas, wins, nil
}

// feedT6 builds the round from the solved order.
func feedT6(g *data.Game, rd *data.Round, s *t6solver, hands [4][]kindlevel.Face, dora, ura []kindlevel.Face, conn []t6conn, resName string, deltas [4]int, wins []t6Win) error {
	f := t6feed{dora: dora, next: 1, riichi: -1, conn: conn, players: g.Players}
	rd.Events = make([]data.Event, 0, len(s.steps)+16)
	if err := f.b.Start(g, rd, dora[0], hands); err != nil {
		return err
	}
	for _, st := range s.steps {
		if err := f.step(st); err != nil {
			return err
		}
	}
	if err := f.connections(); err != nil {
		return err
	}
	defer f.connectionsAfterResult()
	if f.next != len(dora) {
		return codec.Cause(data.ErrInconsistent, fmt.Sprintf("%d dora indicators listed, %d revealed by the kans", len(dora), f.next))
	}
	return f.result(resName, deltas, wins, ura)
}

// t6feed feeds the solved order of a round to a builder, placing what
// tenhou.net/6 does not date: kan dora, riichi acceptance and
// disconnections.
//
// Kan dora are revealed as Tenhou reveals them: a closed kan's at once
// (with any still hidden); an open kan's (daiminkan, kakan) at the next
// discard, or at the replacement draw of a further kan or of a kita, which
// shows that kan was not robbed. A kan robbed by chankan, or followed by a
// rinshan win, reveals nothing more.
type t6feed struct {
	b       kindlevel.Builder
	dora    []kindlevel.Face // the round's dora indicators
	next    int              // dora[:next] are revealed
	pending int              // open kans whose indicator is still hidden
	atDraw  int              // of those, the ones the next draw reveals (a further kan's replacement draw)
	riichi  int              // the seat whose riichi discard awaits acceptance, or -1
	conn    []t6conn
	counted int // draws, discards, calls and kita fed so far: the connections' steps
	players int
}

// step feeds one step of the order.
func (f *t6feed) step(st t6step) error {
	seat, it := int(st.seat), st.item
	if it.kind != t6Zero {
		if st.draw {
			// A riichi is accepted as its discard passes, before the
			// next draw or call: tenhou.net/6 does not say whether a
			// connection at that step came before or after it, and
			// Tenhou's logs mostly write it after (20 of 21 corpus
			// records).
			if err := f.acceptRiichi(); err != nil {
				return err
			}
		}
		if err := f.connections(); err != nil {
			return err
		}
	}
	switch {
	case st.draw && it.kind == t6Tile:
		return f.draw(seat, it.f)
	case st.draw:
		return f.call(seat, it)
	case it.kind == t6Tile || it.kind == t6Tsumogiri:
		return f.discard(seat, st)
	case it.kind == t6Kakan:
		return f.kakan(seat, it.f)
	case it.kind == t6Ankan:
		return f.ankan(seat, it.own)
	case it.kind == t6Kita:
		// Its replacement draw shows that the open kans before it were
		// not robbed: Tenhou reveals their indicators then, as at a
		// further kan's.
		f.atDraw = f.pending
		f.counted++
		return f.b.Kita(seat, it.f)
	}
	return nil
}

// draw: seat draws x, after accepting a pending riichi and revealing the
// indicators a further kan's replacement draw shows.
func (f *t6feed) draw(seat int, x kindlevel.Face) error {
	if err := f.acceptRiichi(); err != nil {
		return err
	}
	if f.atDraw > 0 {
		n := f.atDraw
		f.pending -= n
		f.atDraw = 0
		if err := f.reveal(n); err != nil {
			return err
		}
	}
	f.counted++
	return f.b.Draw(seat, x)
}

// call: a chi, pon or daiminkan of the last discard.
func (f *t6feed) call(seat int, it *t6item) error {
	if err := f.acceptRiichi(); err != nil {
		return err
	}
	t := score.Chi
	switch it.kind {
	case t6Pon:
		t = score.Pon
	case t6Minkan:
		t = score.Daiminkan
	}
	if err := f.b.Call(seat, t, it.f, it.own[:it.nOwn()], int(it.from)); err != nil {
		return err
	}
	if t == score.Daiminkan {
		f.openKan()
	}
	f.counted++
	return nil
}

// discard: a discard, declaring riichi if the item says so; it reveals the
// open kans' indicators.
func (f *t6feed) discard(seat int, st t6step) error {
	if f.pending > 0 {
		n := f.pending
		f.pending, f.atDraw = 0, 0
		if err := f.reveal(n); err != nil {
			return err
		}
	}
	if st.item.riichi {
		if err := f.b.Riichi(seat, 1, nil); err != nil {
			return err
		}
	}
	if err := f.b.Discard(seat, st.f, st.tsumogiri); err != nil {
		return err
	}
	if st.item.riichi {
		f.riichi = seat
	}
	f.counted++
	return nil
}

// kakan: an added kan, whose indicator waits like a daiminkan's.
func (f *t6feed) kakan(seat int, x kindlevel.Face) error {
	if err := f.b.Kakan(seat, x); err != nil {
		return err
	}
	f.openKan()
	f.counted++
	return nil
}

// ankan: a closed kan, which reveals its indicator and any still hidden.
func (f *t6feed) ankan(seat int, own [4]kindlevel.Face) error {
	if err := f.b.Ankan(seat, own); err != nil {
		return err
	}
	n := f.pending + 1
	f.pending, f.atDraw = 0, 0
	f.counted++
	return f.reveal(n)
}

// openKan holds back an open kan's indicator: the kans already pending
// are revealed by this kan's replacement draw.
func (f *t6feed) openKan() {
	f.atDraw = f.pending
	f.pending++
}

// reveal reveals the next n dora indicators.
func (f *t6feed) reveal(n int) error {
	for range n {
		if f.next >= len(f.dora) {
			return codec.Cause(data.ErrInconsistent, "the kans reveal more dora indicators than the round lists")
		}
		f.next++
		if err := f.b.NewDora(f.dora[f.next-1]); err != nil {
			return err
		}
	}
	return nil
}

// acceptRiichi accepts the pending riichi, if any.
func (f *t6feed) acceptRiichi() error {
	if f.riichi < 0 {
		return nil
	}
	s := f.riichi
	f.riichi = -1
	return f.b.Riichi(s, 2, nil)
}

// connections adds the disconnections and reconnections that come after
// the steps counted so far.
func (f *t6feed) connections() error {
	for _, c := range f.conn {
		if c.step == f.counted {
			if err := f.b.Connection(c.bye, c.who); err != nil {
				return err
			}
		}
	}
	return nil
}

// connectionsAfterResult adds the connections whose step is beyond the
// play: they come after the result.
func (f *t6feed) connectionsAfterResult() {
	for _, c := range f.conn {
		if c.step > f.counted {
			f.b.Add(c.event())
		}
	}
}

// result feeds the round's result (none if resName is "").
func (f *t6feed) result(resName string, deltas [4]int, wins []t6Win, ura []kindlevel.Face) error {
	if resName == "" {
		return nil
	}
	if resName != t6Agari && resName != "三家和了" {
		if err := f.acceptRiichi(); err != nil {
			return err
		}
	}
	if resName != t6Agari {
		return f.b.Ryuukyoku(t6DrawTypes[resName], deltas, t6Shown(resName, deltas, f.b.LastActor(), f.players))
	}
	if err := f.b.SetUra(ura); err != nil {
		return err
	}
	for _, w := range wins {
		a, err := f.b.Agari(w.who, w.from, w.deltas)
		if err != nil {
			return err
		}
		if w.pao != w.who {
			a.Pao = w.pao
		}
		if err := t6Scoring(a, w, f.players); err != nil {
			return err
		}
	}
	return nil
}

// t6Scoring reads a win's points and yaku texts into a, a win in a game of
// players seats.
func t6Scoring(a *data.Agari, w t6Win, players int) error {
	if w.points != "" { // absent in some hand-made files
		var err error
		if a.Fu, a.Points, a.Limit, err = parseT6Points(w.points, players); err != nil {
			return err
		}
		if !a.Tsumo() && strings.Contains(w.points, "-") {
			return codec.Cause(data.ErrBadValue, fmt.Sprintf("points text %q for a ron", w.points))
		}
	}
	hasUra := false
	for _, y := range w.yaku {
		id, han, yakuman, err := parseT6Yaku(y)
		if err != nil {
			return err
		}
		if yakuman {
			a.Yakuman = append(a.Yakuman, id)
		} else {
			a.Yaku = append(a.Yaku, data.Yaku{ID: id, Han: han})
			hasUra = hasUra || id == data.YakuUraDora
		}
	}
	if a.Ura != nil && !hasUra && len(a.Yakuman) == 0 {
		// Tenhou lists ura dora for every riichi win, 0 han included;
		// tenhou.net/6 leaves out the 0.
		a.Yaku = append(a.Yaku, data.Yaku{ID: data.YakuUraDora, Han: 0})
	}
	return nil
}

// t6Shown returns the seats whose hands a draw result shows: the tenpai
// hands (positive deltas) of an exhaustive draw, all of them for 全員聴牌
// and 四家立直, the declarer's (last, the last seat to act) at 九種九牌, the
// three ronners' at 三家和了; only seats below players.
func t6Shown(resName string, deltas [4]int, last, players int) [4]bool {
	var shown [4]bool
	switch t := t6DrawTypes[resName]; {
	case resName == t6AllTenpai || t == data.FourRiichi:
		for i := range players {
			shown[i] = true
		}
	case resName == t6Draw:
		for i, d := range deltas {
			shown[i] = d > 0
		}
	case t == data.NineTerminals:
		shown[last] = true
	case t == data.TripleRon:
		shown = [4]bool{true, true, true, true}
		shown[last] = false
	}
	return shown
}
