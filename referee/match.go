package referee

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/mjrank/mjrank/arena"
	"github.com/mjrank/mjrank/bot"
	"github.com/mjrank/mjrank/mjaibot"
	"github.com/mjrank/mjrank/sim/game"
)

// OnIllegal says what a rejected reply does.
type OnIllegal uint8

const (
	// Stop ends the match with the reply's error.
	Stop OnIllegal = iota
	// Replace plays the tsumogiri (or pass) in its place and goes on; the
	// result counts it (Counters.Illegal, and Replaced for the decisions
	// played). A seat that is late or gone is dropped: replaced for the
	// rest of its game (Counters.Dropped).
	Replace
)

// DefaultTimeLimit is the default time a reply may take.
const DefaultTimeLimit = 10 * time.Second

// Match is a referee's configuration: the arena's, with seats that may
// speak mjai.
type Match struct {
	// Arena is the arena run: its Seats are seat specs (see ParseSeat);
	// Match sets its NewTable.
	Arena arena.Config
	// TimeLimit bounds the wait for every reply (0: DefaultTimeLimit).
	TimeLimit time.Duration
	// OnIllegal says what a rejected reply does.
	OnIllegal OnIllegal
	// Stderr, when not empty, is a folder where each game's programs'
	// standard error is kept (GAME-seatS.stderr); otherwise only its end
	// is shown in an error.
	Stderr string
	// Report, when not nil, is told every rejected reply (serialised).
	Report func(*ReplyError)
	// Warn, when not nil, is told what went wrong after a finished game
	// without undoing it: a program that left processes running or did
	// not exit, killed with every process it started (serialised).
	Warn func(error)
	// Listener, for "tcp" seats, is where their players connect, one per
	// seat and game, in seat order (a classic mjai server: hello, join,
	// then the game); each is waited for at most Wait (0: a minute).
	Listener net.Listener
	Wait     time.Duration

	mu   sync.Mutex
	ctx  context.Context // Run's: a wait for a reply ends with it
	stop context.CancelCauseFunc
}

// Seat kinds.
const (
	prefixCmd  = "cmd:"
	prefixMjai = "mjai:"
	seatTCP    = "tcp"
)

// ParseSeat checks a seat spec: a built-in bot's name (played directly),
// "mjai:NAME" (a built-in bot played through the protocol in this
// process), "cmd:COMMAND" (a program speaking mjai on its standard input
// and output, started by /bin/sh for every game) or "tcp" (a client of the
// referee's mjai server, Match.Listener).
func ParseSeat(spec string) error {
	switch {
	case spec == seatTCP:
		return nil
	case strings.HasPrefix(spec, prefixCmd):
		if strings.TrimSpace(spec[len(prefixCmd):]) == "" {
			return fmt.Errorf("seat %q: an empty command", spec)
		}
		return nil
	case strings.HasPrefix(spec, prefixMjai):
		spec = spec[len(prefixMjai):]
	}
	if !bot.Valid(spec) {
		return fmt.Errorf("seat %q: not a bot (%s), mjai:BOT or cmd:COMMAND", spec, strings.Join(bot.Names(), ", "))
	}
	return nil
}

// Run plays the match. A match stopped before its end, by ctx or by a
// game's error (a rejected reply under Stop, a tcp seat nobody joined),
// returns the result of the games finished before, marked Partial, with
// the error (ctx's cause, or the game's).
func (m *Match) Run(ctx context.Context) (*arena.Result, error) {
	np := m.Arena.Players
	if np == 0 {
		np = game.NumSeats
	}
	if np != 3 && np != game.NumSeats {
		return nil, fmt.Errorf("%w: players %d: 3 or 4", arena.ErrConfig, m.Arena.Players)
	}
	// The arena's check says what a fourth seat of a 3-player match is.
	for i, s := range m.Arena.Seats[:np] {
		if err := ParseSeat(s); err != nil {
			return nil, fmt.Errorf("%w: entry %d: %v", arena.ErrConfig, i+1, err)
		}
	}
	if m.TimeLimit == 0 {
		m.TimeLimit = DefaultTimeLimit
	}
	if m.Wait == 0 {
		m.Wait = time.Minute
	}
	if slices.Contains(m.Arena.Seats[:], seatTCP) {
		if m.Listener == nil {
			return nil, fmt.Errorf("%w: a tcp seat needs a listener (--listen)", arena.ErrConfig)
		}
		// Players connect in seat order, one game after another.
		m.Arena.Workers = 1
	}
	if m.Stderr != "" {
		if err := os.MkdirAll(m.Stderr, 0o755); err != nil {
			return nil, err
		}
	}
	ctx, stop := context.WithCancelCause(ctx)
	defer stop(nil)
	m.ctx, m.stop = ctx, stop
	c := m.Arena
	c.NewTable = m.newTable
	return arena.Run(ctx, c)
}

// abort stops the match for err, a game's error, and returns what the
// arena is told: err as a cut game. The arena then reports the games
// finished before (Partial) with err, the context's cause, as it does for
// a signal, where a game's own error would give no result at all.
func (m *Match) abort(err error) error {
	if cause := m.ctx.Err(); cause != nil && errors.Is(err, cause) {
		return err // cut by a signal, or by another game's error
	}
	m.stop(err)
	return &cutError{err: err, ctxErr: m.ctx.Err()}
}

// cutError is a game's error that stopped the match: it is its context's
// error too (errors.Is), so that the arena counts the game as cut.
type cutError struct{ err, ctxErr error }

func (e *cutError) Error() string        { return e.err.Error() }
func (e *cutError) Unwrap() error        { return e.err }
func (e *cutError) Is(target error) bool { return target == e.ctxErr }

func (m *Match) warn(err error) {
	if m.Warn == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.Warn(err)
}

func (m *Match) report(e *ReplyError) {
	if m.Report == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.Report(e)
}

// newTable seats one game.
func (m *Match) newTable(spec *arena.TableSpec) (arena.Table, error) {
	t := &table{m: m, spec: spec}
	t.hooks = game.Hooks{Start: t.start, Applied: t.applied, End: t.end}
	for s, name := range spec.Names[:spec.Rules.Players()] {
		st := &t.seats[s]
		st.spec = name
		c, err := m.openSeat(spec, s, name, st)
		if err == nil && c == nil {
			bo := m.Arena.Bots
			bo.Rules = &spec.Rules
			t.players[s], err = bot.NewWith(name, spec.Seeds[s], bo)
		}
		if err != nil {
			return nil, t.Close(nil, fmt.Errorf("seat %d (%s): %w", s, name, err))
		}
		if c != nil {
			st.conn = c
			t.players[s] = &player{t: t, seat: s}
			t.any = true
		}
	}
	return t, nil
}

// openSeat connects seat s's player when it speaks mjai (a program, a tcp
// client, an in-process mjai bot), or returns nil for a built-in bot. The
// result is the interface, nil on every error: a nil *client or *process
// stored in a conn would not compare equal to nil, and Close would call
// its close.
func (m *Match) openSeat(spec *arena.TableSpec, s int, name string, st *seat) (conn, error) {
	switch {
	case strings.HasPrefix(name, prefixCmd):
		var log io.Writer
		if m.Stderr != "" {
			f, err := os.Create(filepath.Join(m.Stderr, fmt.Sprintf("%s-seat%d.stderr", spec.ID, s)))
			if err != nil {
				return nil, err
			}
			st.log, log = f, f
		}
		p, err := startProcess(name[len(prefixCmd):], log)
		if err != nil {
			return nil, err
		}
		return p, nil
	case name == seatTCP:
		c, err := accept(m.Listener, m.Wait)
		if err != nil {
			return nil, err
		}
		return c, nil
	case strings.HasPrefix(name, prefixMjai):
		p, err := startInProcess(mjaibot.Config{Bot: name[len(prefixMjai):], Options: m.Arena.Bots, Length: spec.Rules.Length})
		if err != nil {
			return nil, err
		}
		return p, nil
	}
	return nil, nil
}
