package referee

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/mjrank/mjrank/arena"
	"github.com/mjrank/mjrank/data/mjai"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/observe"
	"github.com/mjrank/mjrank/sim/tile"
)

// ReplyError is a reply the referee did not accept: a move that is not
// legal, a reply to an event that asked nothing, a line that is not an
// mjai event, no reply in time, a program that is gone.
type ReplyError struct {
	Seat  int
	Spec  string // the seat's --seat value
	Event string // the event answered, as sent ("" before any): the referee's own, bounded
	Reply string // the reply line ("" when none came), quoted by mjai.Excerpt: at most a few hundred bytes, control characters escaped
	Err   error
}

func (e *ReplyError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "seat %d (%s)", e.Seat, e.Spec)
	if e.Reply != "" {
		fmt.Fprintf(&b, ": reply %s", e.Reply)
	}
	if e.Event != "" {
		fmt.Fprintf(&b, " to %s", e.Event)
	}
	// The cause may quote the program (its stderr, a field JSON could not
	// read): escaped, its lines kept.
	fmt.Fprintf(&b, ": %s", quoteLines(e.Err.Error()))
	return b.String()
}

// quoteLines returns a peer's text (a program's stderr, an error quoting
// a reply) as a message may show it: every line escaped as mjai.Excerpt
// does, control characters and invalid UTF-8 included, the line breaks
// kept.
func quoteLines(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = mjai.Excerpt([]byte(l), 4*len(l)+1) // \xNN at most: never cut
	}
	return strings.Join(lines, "\n")
}

func (e *ReplyError) Unwrap() error { return e.Err }

// ErrIllegal is wrapped by the error of a reply that is not a legal move
// at that point.
var ErrIllegal = errors.New("not a legal move")

// seat is one seat of a table.
type seat struct {
	spec   string
	conn   conn     // nil: a built-in bot played directly
	log    *os.File // the program's standard error, or nil
	dead   bool     // the connection failed: the seat's moves are replaced from then on
	reply  mjai.Event
	line   []byte // the reply not yet taken by a decision, or nil
	prompt []byte // the event it answered
	last   []byte // the last event sent
}

// table is one game of a match.
type table struct {
	m       *Match
	spec    *arena.TableSpec
	seats   [game.NumSeats]seat
	players [game.NumSeats]game.Player
	hooks   game.Hooks
	ob      observe.Observer
	sent    int                 // observation events sent (every seat has as many)
	reached [game.NumSeats]bool // the seat's reach event went out during its decision
	illegal [game.NumSeats]int
	played  [game.NumSeats]int // decisions played in the seat's place (fallback)
	fatal   error              // a reply that stops the game
	started bool
	any     bool // some seat speaks mjai
}

func (t *table) Players() *[game.NumSeats]game.Player { return &t.players }
func (t *table) Illegal() [game.NumSeats]int          { return t.illegal }

// Replaced returns the decisions the referee played for each seat (a
// rejected reply's, and every one once the seat was dropped) and the
// seats dropped for the rest of the game (late or gone).
func (t *table) Replaced() (moves [game.NumSeats]int, dropped [game.NumSeats]bool) {
	for s := range t.seats {
		dropped[s] = t.seats[s].dead
	}
	return t.played, dropped
}

func (t *table) Hooks() *game.Hooks {
	if !t.any {
		return nil
	}
	return &t.hooks
}

// violation counts a rejected reply of seat s to the event prompt; under
// OnIllegal "stop" the first one ends the game.
func (t *table) violation(s int, prompt, reply []byte, err error) {
	st := &t.seats[s]
	re := &ReplyError{Seat: s, Spec: st.spec, Event: string(prompt), Reply: mjai.Excerpt(reply, mjai.ExcerptLen), Err: err}
	if errors.Is(err, ErrLate) || errors.Is(err, ErrGone) {
		// End the program now, so that all it wrote on stderr is in.
		st.dead = true
		st.conn.close()
		if tail := st.conn.stderr(); tail != "" {
			re.Err = fmt.Errorf("%w; its stderr ends with:\n%s", err, quoteLines(tail))
		}
	}
	t.illegal[s]++
	t.m.report(re)
	if t.m.OnIllegal != Replace && t.fatal == nil {
		t.fatal = re
	}
	st.line = nil
}

// broadcast sends every speaking seat the event make gives it (none when
// ok is false) and reads the replies: a reply that asks a move is kept
// for the seat's decision; an earlier reply that no decision took is a
// violation.
func (t *table) broadcast(make func(s int) (mjai.Event, bool)) {
	var went [game.NumSeats]bool
	for s := range t.seats {
		st := &t.seats[s]
		if st.conn == nil || st.dead {
			continue
		}
		if st.line != nil {
			t.violation(s, st.prompt, st.line, errors.New("it answers an event that asked nothing of the seat"))
		}
		e, ok := make(s)
		if !ok {
			continue
		}
		line, err := mjai.AppendEvent(st.last[:0], &e)
		if err == nil {
			st.last = line[:len(line)-1]
			err = st.conn.send(&e)
		}
		if err != nil {
			t.violation(s, st.last, nil, err)
			continue
		}
		went[s] = true
	}
	for s := range t.seats {
		if went[s] {
			t.receive(s)
		}
	}
}

// receive reads seat s's reply to the event it was just sent.
func (t *table) receive(s int) {
	st := &t.seats[s]
	line, err := st.conn.receive(t.m.TimeLimit, t.m.ctx.Done())
	if errors.Is(err, ErrStopped) {
		// Not the seat's fault, and never replaced: the game stops
		// unfinished, whatever OnIllegal says.
		if t.fatal == nil {
			// Is the context's error (the arena counts the game as cut
			// short, not failed) and says its cause.
			t.fatal = fmt.Errorf("%w: %w", t.m.ctx.Err(), context.Cause(t.m.ctx))
		}
		return
	}
	if err != nil {
		t.violation(s, st.last, nil, err)
		return
	}
	st.line, st.prompt = append(st.line[:0], line...), append(st.prompt[:0], st.last...)
	if err := mjai.DecodeEvent(line, &st.reply); err != nil {
		t.violation(s, st.last, line, fmt.Errorf("not an mjai event: %v", err))
		return
	}
	if st.reply.Type == "none" {
		st.line = nil
	}
}

// take returns seat s's pending reply ("none" when it has none), its
// line and the event it answered, and clears it.
func (t *table) take(s int) (mjai.Event, []byte, []byte) {
	st := &t.seats[s]
	if st.line == nil {
		return mjai.Event{Type: "none"}, []byte(`{"type":"none"}`), st.last
	}
	line := st.line
	st.line = nil
	return st.reply, line, st.prompt
}

// start is the Start hook: the game's and the round's first events.
func (t *table) start(r *game.Round) error {
	if !t.started {
		t.started = true
		t.broadcast(func(s int) (mjai.Event, bool) { return t.startGame(s), true })
	}
	if err := t.ob.Start(r); err != nil {
		return err
	}
	t.sent = 0
	t.broadcast(func(s int) (mjai.Event, bool) { return t.startRound(r, s), true })
	return t.flush(r)
}

func (t *table) startGame(s int) mjai.Event {
	id, first, seed := s, 0, t.spec.Seeds[s]
	if t.spec.Rules.Length == game.Tonpuusen {
		first = 4
	}
	red := t.spec.Rules.Score.RedFives
	// Three names make a 3-player game, as the 3-player forks of Mortal
	// read it.
	return mjai.Event{Type: "start_game", ID: &id, Names: t.spec.Names[:t.spec.Rules.Players()], KyokuFirst: &first, AkaFlag: &red, Seed: &seed}
}

func (t *table) startRound(r *game.Round, s int) mjai.Event {
	honba, sticks, dealer := r.Honba(), r.Sticks(), r.Dealer()
	scores := r.Scores()
	np := r.Players()
	e := mjai.Event{Type: "start_kyoku", Bakaze: r.RoundWind().Mjai(), Kyoku: r.Index()%4 + 1, Honba: &honba,
		Kyotaku: &sticks, Oya: &dealer, DoraMarker: r.DoraIndicators()[0].Mjai(), Scores: scores[:np]}
	dealt := t.ob.Observation(s).Dealt()
	for seat := range np {
		hand := make([]string, 13)
		for i := range hand {
			hand[i] = "?"
			if seat == s {
				hand[i] = dealt[i].Mjai()
			}
		}
		e.Tehais = append(e.Tehais, hand)
	}
	return e
}

// applied is the Applied hook: what the action made public goes out.
func (t *table) applied(r *game.Round, _ game.Action) error {
	if err := t.ob.Update(r); err != nil {
		return err
	}
	if err := t.flush(r); err != nil {
		return err
	}
	return t.fatal
}

// flush sends the observation events not sent yet.
func (t *table) flush(r *game.Round) error {
	n := len(t.ob.Observation(0).Events())
	for ; t.sent < n; t.sent++ {
		k := t.sent
		first := t.ob.Observation(0).Events()[k]
		if first.Type == observe.ObsDiscard && first.Riichi && !t.reached[first.Seat] {
			a := int(first.Seat)
			t.broadcast(func(int) (mjai.Event, bool) { return mjai.Event{Type: "reach", Actor: &a}, true })
		}
		t.broadcast(func(s int) (mjai.Event, bool) {
			e := t.ob.Observation(s).Events()[k]
			return event(&e, r), true
		})
		if first.Type == observe.ObsDiscard {
			t.reached[first.Seat] = false
		}
	}
	return t.fatal
}

// event writes one observation event as mjai's; every array has one
// element a seat of the game.
func event(e *observe.ObsEvent, r *game.Round) mjai.Event {
	a := int(e.Seat)
	m := mjai.Event{Actor: &a}
	switch e.Type {
	case observe.ObsDraw:
		m.Type, m.Pai = "tsumo", "?"
		if e.Tile.Valid() {
			m.Pai = e.Tile.Mjai()
		}
	case observe.ObsDiscard:
		m.Type, m.Pai, m.Tsumogiri = "dahai", e.Tile.Mjai(), &e.Tsumogiri
	case observe.ObsCall:
		from := int(e.From)
		m.Type, m.Target, m.Pai = e.Meld.Type.String(), &from, e.Meld.Tiles[0].Mjai()
		m.Consumed = tile.MjaiNames(e.Meld.TilesSlice()[1:])
	case observe.ObsAnkan:
		m.Type, m.Consumed = "ankan", tile.MjaiNames(e.Meld.Tiles[:])
	case observe.ObsKakan:
		m.Type, m.Pai = "kakan", e.Tile.Mjai()
		for _, t := range e.Meld.Tiles {
			if t != e.Tile {
				m.Consumed = append(m.Consumed, t.Mjai())
			}
		}
	case observe.ObsDora:
		m.Type, m.Actor, m.DoraMarker = "dora", nil, e.Tile.Mjai()
	case observe.ObsRiichiAccepted:
		scores := r.Scores()
		deltas := make([]int, r.Players())
		deltas[a] = -1000
		m.Type, m.Deltas, m.Scores = "reach_accepted", deltas, scores[:r.Players()]
	case observe.ObsKita:
		// The 3-player forks of Mortal's name; their readers take "kita"
		// too.
		m.Type, m.Pai = "nukidora", e.Tile.Mjai()
	}
	return m
}

// end is the End hook: the round's result and end_kyoku.
func (t *table) end(r *game.Round) error {
	for s := range t.seats {
		t.seats[s].line = nil // a reply the round's end made moot
	}
	res := r.Result()
	np := r.Players()
	scores := r.Scores()
	deltas := res.Deltas
	if res.Kind == game.Agari {
		for i := range res.Wins[:res.NumWins] {
			w := &res.Wins[i]
			a, from := int(w.Seat), int(w.From)
			e := mjai.Event{Type: "hora", Actor: &a, Target: &from, Pai: w.Win.WinTile.Mjai()}
			if i == int(res.NumWins)-1 {
				e.Deltas, e.Scores = deltas[:np], scores[:np]
			}
			t.broadcast(func(int) (mjai.Event, bool) { return e, true })
		}
	} else {
		e := mjai.Event{Type: "ryukyoku", Reason: reason(res.Kind), Deltas: deltas[:np], Scores: scores[:np]}
		t.broadcast(func(int) (mjai.Event, bool) { return e, true })
	}
	t.broadcast(func(int) (mjai.Event, bool) { return mjai.Event{Type: "end_kyoku"}, true })
	return t.fatal
}

// reason names a draw as mjlog's RYUUKYOKU type does.
func reason(k game.EndKind) string {
	switch k {
	case game.NineTerminals:
		return "yao9"
	case game.FourWinds:
		return "kaze4"
	case game.FourRiichi:
		return "reach4"
	case game.FourKans:
		return "kan4"
	case game.TripleRon:
		return "ron3"
	}
	return ""
}

// Close sends end_game and ends the seats' programs. A game's error stops
// the match (Match.abort).
func (t *table) Close(g *game.Game, err error) error {
	if g != nil && t.any {
		scores := g.Scores
		np := t.spec.Rules.Players()
		t.broadcast(func(int) (mjai.Event, bool) { return mjai.Event{Type: "end_game", Scores: scores[:np]}, true })
	}
	if err == nil {
		err = t.fatal
	}
	for s := range t.seats {
		st := &t.seats[s]
		if st.conn == nil {
			continue
		}
		cerr := st.conn.close()
		if st.log != nil {
			st.log.Close()
		}
		var linger *lingerError
		switch {
		case cerr == nil || st.dead || g == nil:
		case errors.As(cerr, &linger):
			t.m.warn(fmt.Errorf("seat %d (%s): after end_game: %w", s, st.spec, cerr))
		case err == nil:
			err = &ReplyError{Seat: s, Spec: st.spec, Err: fmt.Errorf("after end_game: %v", cerr)}
		}
	}
	if err != nil {
		return t.m.abort(fmt.Errorf("game %s: %w", t.spec.ID, err))
	}
	return nil
}

// player is a speaking seat's game.Player: its decision is the reply to
// the event that prompted it, judged.
type player struct {
	t    *table
	seat int
}

func (p *player) Act(v game.View, legal []game.Action) game.Action {
	t, s := p.t, p.seat
	reply, line, prompt := t.take(s)
	if t.fatal != nil {
		return fallback(v, legal) // the game stops at this move
	}
	if t.seats[s].dead {
		t.played[s]++
		return fallback(v, legal)
	}
	a, err := t.judge(s, v, legal, &reply)
	if err != nil {
		t.violation(s, prompt, line, err)
		t.played[s]++
		return fallback(v, legal)
	}
	return a
}

// fallback is the move that replaces a rejected reply: the drawn tile's
// discard (tsumogiri) on a turn, a pass on a call.
func fallback(v game.View, legal []game.Action) game.Action {
	for _, a := range legal {
		if a.Type == game.Pass || (a.Type == game.Discard && a.Tile == v.Drawn()) {
			return a
		}
	}
	for _, a := range legal {
		if a.Type == game.Discard || a.Type == game.Riichi {
			return a
		}
	}
	return legal[0]
}
