package mjaibot

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"time"

	"github.com/mjrank/mjrank/data/mjai"
)

// MaxLine is the longest line Serve and Dial read (a batch of a whole
// round fits many times over).
const MaxLine = mjai.MaxLine

// ErrClosed is wrapped by the error of an input that ends in the middle of
// a game.
var ErrClosed = errors.New("input closed before end_game")

// ErrNoGame is wrapped by Dial's error when the server closes the
// connection before any start_game.
var ErrNoGame = errors.New("the server closed before start_game")

// LineError says which input line an error is about.
type LineError struct {
	Line int
	Err  error
}

// Error escapes the whole message as mjai.Excerpt does: its cause may
// quote a peer's text from another package (a JSON error naming the event
// type, an observation's complaint about a tile).
func (e *LineError) Error() string {
	return fmt.Sprintf("line %d: %s", e.Line, mjai.Excerpt([]byte(e.Err.Error()), maxMessage))
}

// maxMessage bounds a LineError's message: room for a few quoted excerpts.
const maxMessage = 8 * mjai.ExcerptLen

func (e *LineError) Unwrap() error { return e.Err }

// Serve plays on a stream, as Mortal and mjai.app run bots: each line of r
// is one event, answered by one line on w, or a JSON array of events (a
// batch), answered by one line: the reaction to its last event (the
// others' reactions must be "none"). It returns nil at the end of the
// input outside a game, and a *LineError for malformed JSON, an impossible
// event, or an input that ends inside a game.
func (c *Client) Serve(r io.Reader, w io.Writer) error {
	in := bufio.NewReaderSize(r, 64<<10)
	out := bufio.NewWriter(w)
	n := 0
	for {
		line, err := mjai.ReadLine(in, MaxLine)
		if err == io.EOF {
			if c.InGame() {
				return &LineError{Line: n + 1, Err: ErrClosed}
			}
			return nil
		}
		n++
		if err != nil {
			return &LineError{Line: n, Err: err}
		}
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		reply, err := c.reactLine(line)
		if err != nil {
			return &LineError{Line: n, Err: err}
		}
		if err := writeEvent(out, &reply); err != nil {
			return err
		}
	}
}

// reactLine reacts to one line: an event or a batch.
func (c *Client) reactLine(line []byte) (mjai.Event, error) {
	trimmed := bytes.TrimSpace(line)
	if trimmed[0] != '[' {
		var e mjai.Event
		if err := mjai.DecodeEvent(trimmed, &e); err != nil {
			return none(), err
		}
		return c.React(&e)
	}
	var batch []json.RawMessage
	if err := json.Unmarshal(trimmed, &batch); err != nil {
		return none(), fmt.Errorf("a batch that is not a JSON array of events: %v", err)
	}
	reply := none()
	for i, raw := range batch {
		var e mjai.Event
		if err := mjai.DecodeEvent(raw, &e); err != nil {
			return none(), fmt.Errorf("batch event %d: %w", i, err)
		}
		// Tenhou's order reveals an open or added kan's new indicator
		// after the replacement draw: a batch may bring it after the draw
		// that asked for a move, which is then decided again with it.
		redecide := reply.Type != "none" && e.Type == "dora"
		if reply.Type != "none" && !redecide {
			return none(), fmt.Errorf("batch event %d: the event before it asked for a move (%s)", i, reply.Type)
		}
		r, err := c.React(&e)
		if err == nil && redecide {
			r, err = c.decide(false)
		}
		if err != nil {
			return none(), fmt.Errorf("batch event %d: %w", i, err)
		}
		reply = r
	}
	return reply, nil
}

func writeEvent(w *bufio.Writer, e *mjai.Event) error {
	if err := mjai.EncodeEvent(w, e); err != nil {
		return err
	}
	return w.Flush()
}

// Dial plays as a TCP client of a classic mjai server (the protocol
// akochan's client and the original mjai server speak): the server says
// hello, the client joins room under name, then every line the server
// sends is answered by one line, until the server closes the connection
// after end_game. An "error" line from the server ends the game with its
// message. Every read waits at most idle (0: no limit).
func (c *Client) Dial(ctx context.Context, addr, name, room string, idle time.Duration) error {
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return err
	}
	defer conn.Close()
	stop := context.AfterFunc(ctx, func() { conn.Close() })
	defer stop()
	in := bufio.NewReaderSize(conn, 64<<10)
	out := bufio.NewWriter(conn)
	started := false // a start_game came: a close after end_game is the end
	for n := 1; ; n++ {
		if idle > 0 {
			conn.SetReadDeadline(time.Now().Add(idle))
		}
		line, err := mjai.ReadLine(in, MaxLine)
		if err != nil {
			if err == io.EOF && !c.InGame() && started {
				return nil
			}
			switch {
			case err == io.EOF && !started:
				err = ErrNoGame
			case err == io.EOF:
				err = ErrClosed
			}
			if ctx.Err() != nil {
				err = context.Cause(ctx)
			}
			return &LineError{Line: n, Err: err}
		}
		var e mjai.Event
		if err := mjai.DecodeEvent(line, &e); err != nil {
			return &LineError{Line: n, Err: err}
		}
		var reply mjai.Event
		switch e.Type {
		case "hello":
			reply = mjai.Event{Type: "join", Name: name, Room: room}
		case "error":
			return &LineError{Line: n, Err: fmt.Errorf("the server says: %s", mjai.Excerpt([]byte(e.Message), mjai.ExcerptLen))}
		case "start_game":
			started = true
			fallthrough
		default:
			if reply, err = c.React(&e); err != nil {
				return &LineError{Line: n, Err: err}
			}
		}
		if err := writeEvent(out, &reply); err != nil {
			return err
		}
	}
}
