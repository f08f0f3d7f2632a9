package referee

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/mjrank/mjrank/data/mjai"
	"github.com/mjrank/mjrank/mjaibot"
)

// ErrLate is wrapped by the error of a reply that did not come in time.
var ErrLate = errors.New("no reply within the time limit")

// ErrGone is wrapped by the error of a seat whose program closed its
// output or exited.
var ErrGone = errors.New("the program is gone (its input or output is closed)")

// ErrStopped is wrapped by the error of a wait for a reply that the
// match's context ended (a signal).
var ErrStopped = errors.New("the match was stopped")

// conn is one seat's mjai connection: events go out one line each, and
// each is answered by one line.
type conn interface {
	// send writes one event.
	send(e *mjai.Event) error
	// receive returns the next reply line, waiting at most limit (0: no
	// limit) and until done is closed (nil: never).
	receive(limit time.Duration, done <-chan struct{}) ([]byte, error)
	// close ends the program and reaps it; it returns what went wrong
	// on its side, if anything (a non-zero exit after end_game).
	close() error
	// stderr returns the end of what the program wrote on its standard
	// error ("" for none).
	stderr() string
}

// lines reads a program's output into a channel, so that a read can time
// out.
type lines struct {
	ch  chan []byte
	err error // set before ch is closed
}

func readLines(r io.Reader) *lines {
	l := &lines{ch: make(chan []byte, 4)}
	go func() {
		in := bufio.NewReaderSize(r, 64<<10)
		for {
			// A reply over mjai.MaxLine ends the stream: the seat is
			// gone, and no more than that is ever held.
			line, err := mjai.ReadLine(in, mjai.MaxLine)
			if len(bytes.TrimSpace(line)) > 0 {
				l.ch <- bytes.TrimSpace(line)
			}
			if err != nil {
				if err != io.EOF {
					l.err = err
				}
				close(l.ch)
				return
			}
		}
	}()
	return l
}

func (l *lines) receive(limit time.Duration, done <-chan struct{}) ([]byte, error) {
	var timeout <-chan time.Time
	if limit > 0 {
		t := time.NewTimer(limit)
		defer t.Stop()
		timeout = t.C
	}
	select {
	case line, ok := <-l.ch:
		if !ok {
			if l.err != nil {
				return nil, fmt.Errorf("%w: %v", ErrGone, l.err)
			}
			return nil, ErrGone
		}
		return line, nil
	case <-timeout:
		return nil, fmt.Errorf("%w (%v)", ErrLate, limit)
	case <-done:
		return nil, ErrStopped
	}
}

// drain discards the lines nobody will read, so that the program is not
// stuck writing them.
func (l *lines) drain() {
	for range l.ch {
	}
}

// tail keeps the last max bytes written to it.
type tail struct {
	mu  sync.Mutex
	buf []byte
	max int
	log io.Writer // a copy of everything, or nil
}

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.log != nil {
		t.log.Write(p)
	}
	t.buf = append(t.buf, p...)
	if len(t.buf) > t.max {
		t.buf = append(t.buf[:0], t.buf[len(t.buf)-t.max:]...)
	}
	return len(p), nil
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(bytes.TrimSpace(t.buf))
}

// stream is the sending half every conn shares: events written as lines
// to w, replies read from out; and a close that runs once.
type stream struct {
	w      io.WriteCloser
	out    *lines
	enc    []byte
	once   sync.Once
	closed error
}

// closeOnce runs end the first time and returns its result every time.
func (p *stream) closeOnce(end func() error) error {
	p.once.Do(func() { p.closed = end() })
	return p.closed
}

func (p *stream) send(e *mjai.Event) error {
	var err error
	if p.enc, err = mjai.AppendEvent(p.enc[:0], e); err != nil {
		return err
	}
	if _, err := p.w.Write(p.enc); err != nil {
		return ErrGone // a broken pipe, or EOF on the reply: the same end
	}
	return nil
}

func (p *stream) receive(limit time.Duration, done <-chan struct{}) ([]byte, error) {
	return p.out.receive(limit, done)
}

// process is a seat played by an external program on its stdin/stdout.
type process struct {
	stream
	cmd  *exec.Cmd
	tree *tree
	err  *tail
}

// startProcess starts command (run by /bin/sh, so that quoting and
// variables work as in a terminal) with its standard error kept in a tail
// and, when log is not nil, copied there. On Linux it runs under a
// supervisor that keeps every process it starts (tree_linux.go); else in
// a process group of its own.
func startProcess(command string, log io.Writer) (*process, error) {
	cmd, tree, err := programCmd(command)
	if err != nil {
		return nil, err
	}
	// Wait returns this long after the program exits even when a process
	// it left holds its output open; close then kills it.
	cmd.WaitDelay = time.Second
	p := &process{cmd: cmd, tree: tree, err: &tail{max: 4 << 10, log: log}}
	cmd.Stderr = p.err
	if p.w, err = cmd.StdinPipe(); err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	err = cmd.Start()
	tree.started()
	if err != nil {
		tree.kill(0) // its lifeline closed
		return nil, fmt.Errorf("starting %q: %w", command, err)
	}
	p.out = readLines(stdout)
	return p, nil
}

func (p *process) stderr() string { return p.err.String() }

// close closes the program's input and waits a moment for it to exit,
// then kills it with every process it started; it always reaps it.
func (p *process) close() error { return p.closeOnce(p.end) }

func (p *process) end() error {
	p.w.Close()
	go p.out.drain()
	done := make(chan error, 1)
	go func() { done <- p.cmd.Wait() }()
	pid := p.cmd.Process.Pid
	var err error
	select {
	case err = <-done:
	case <-time.After(2 * time.Second):
		p.tree.kill(pid)
		select {
		case <-done:
		case <-time.After(10 * time.Second): // a supervisor stuck: its group
			syscall.Kill(-pid, syscall.SIGKILL)
			<-done
		}
		p.tree.outcome(nil, pid)
		return &lingerError{"did not exit within 2s of its input's end: it was killed with every process it started"}
	}
	left, exit := p.tree.outcome(err, pid)
	switch {
	case errors.Is(err, exec.ErrWaitDelay):
		syscall.Kill(-pid, syscall.SIGKILL)
		return &lingerError{"exited, leaving processes that held its output open: they were killed"}
	case exit != nil:
		return exit
	case len(left) > 0:
		return &lingerError{fmt.Sprintf("exited, leaving %s running: killed", strings.Join(left, ", "))}
	}
	return nil
}

// lingerError is a program that did not end cleanly after its game: it
// was killed, and the game stands.
type lingerError struct{ what string }

func (e *lingerError) Error() string { return e.what }

// inProcess is a built-in bot played through the protocol in this
// process: a mjaibot.Client serving on pipes (mjrank match's "mjai:"
// seats, which check the protocol without starting programs).
type inProcess struct {
	stream
	done chan error
}

func startInProcess(cfg mjaibot.Config) (*inProcess, error) {
	c, err := mjaibot.NewClient(cfg)
	if err != nil {
		return nil, err
	}
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	p := &inProcess{stream: stream{w: inW, out: readLines(outR)}, done: make(chan error, 1)}
	go func() {
		err := c.Serve(inR, outW)
		inR.CloseWithError(errors.New("the bot stopped"))
		outW.Close()
		p.done <- err
	}()
	return p, nil
}

func (p *inProcess) stderr() string { return "" }

func (p *inProcess) close() error {
	return p.closeOnce(func() error {
		p.w.Close()
		go p.out.drain()
		return <-p.done
	})
}

// client is a seat played by a TCP client of the referee's mjai server
// (mjrank match --listen): it connected, was sent hello and joined.
type client struct {
	stream
	conn net.Conn
	name string
}

// accept waits for a client on ln (at most limit), says hello and
// reads its join.
func accept(ln net.Listener, limit time.Duration) (*client, error) {
	type result struct {
		c   net.Conn
		err error
	}
	ch := make(chan result, 1)
	go func() {
		c, err := ln.Accept()
		ch <- result{c, err}
	}()
	var res result
	select {
	case res = <-ch:
	case <-time.After(limit):
		go func() {
			if r := <-ch; r.c != nil {
				r.c.Close()
			}
		}()
		return nil, fmt.Errorf("no client joined within %v (listening on %v)", limit, ln.Addr())
	}
	if res.err != nil {
		return nil, res.err
	}
	c := &client{stream: stream{w: res.c, out: readLines(res.c)}, conn: res.c}
	version := 3
	if err := c.send(&mjai.Event{Type: "hello", Protocol: "mjsonp", ProtocolVersion: &version}); err != nil {
		res.c.Close()
		return nil, err
	}
	line, err := c.receive(limit, nil)
	var join mjai.Event
	if err == nil {
		err = mjai.DecodeEvent(line, &join)
	}
	if err == nil && join.Type != "join" {
		err = fmt.Errorf("a %s where join is due", mjai.Excerpt([]byte(join.Type), mjai.ExcerptLen))
	}
	if err != nil {
		res.c.Close()
		// The cause may quote the client's line (a JSON error names its type).
		return nil, &clientError{addr: res.c.RemoteAddr(), err: err}
	}
	c.name = join.Name
	return c, nil
}

// clientError is a client that did not join; it quotes the client's text
// escaped.
type clientError struct {
	addr net.Addr
	err  error
}

func (e *clientError) Error() string {
	return fmt.Sprintf("client %v: %s", e.addr, mjai.Excerpt([]byte(e.err.Error()), 4*mjai.ExcerptLen))
}

func (e *clientError) Unwrap() error { return e.err }

func (c *client) stderr() string { return "" }

func (c *client) close() error {
	return c.closeOnce(func() error {
		go c.out.drain()
		return c.conn.Close()
	})
}
