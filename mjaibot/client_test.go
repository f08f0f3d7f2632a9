package mjaibot

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"net"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mjrank/mjrank/data/mjai"
)

const (
	startGame  = `{"type":"start_game","id":0,"names":["a","b","c","d"]}`
	startKyoku = `{"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"dora_marker":"5p","scores":[25000,25000,25000,25000],` +
		`"tehais":[["1m","2m","3m","4p","5p","6p","7s","8s","1s","E","E","N","N"],["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"]]}`
	myDraw = `{"type":"tsumo","actor":0,"pai":"C"}`
)

func serve(t *testing.T, bot, input string) ([]mjai.Event, error) {
	t.Helper()
	c, err := NewClient(Config{Bot: bot})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	err = c.Serve(strings.NewReader(input), &out)
	var evs []mjai.Event
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		if line == "" {
			continue
		}
		var e mjai.Event
		if derr := mjai.DecodeEvent([]byte(line), &e); derr != nil {
			t.Fatalf("reply %q: %v", line, derr)
		}
		evs = append(evs, e)
	}
	return evs, err
}

func TestServeAnswersEveryLine(t *testing.T) {
	in := strings.Join([]string{startGame, startKyoku, myDraw,
		`{"type":"dahai","actor":0,"pai":"1s","tsumogiri":false}`,
		`{"type":"tsumo","actor":1,"pai":"?"}`,
		`{"type":"dahai","actor":1,"pai":"E","tsumogiri":true}`,
		`{"type":"pon","actor":0,"target":1,"pai":"E","consumed":["E","E"]}`,
		`{"type":"end_game"}`,
	}, "\n")
	evs, err := serve(t, "efficiency", in)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"none", "none", "dahai", "none", "none", "", "dahai", "none"}
	if len(evs) != len(want) {
		t.Fatalf("%d replies to %d lines: %+v", len(evs), len(want), evs)
	}
	for i, w := range want {
		if w != "" && evs[i].Type != w {
			t.Errorf("reply %d: %s, want %s", i+1, evs[i].Type, w)
		}
	}
	// The reply to seat 1's East: the bot may pon or pass, nothing else.
	if ty := evs[5].Type; ty != "pon" && ty != "none" {
		t.Errorf("reply to the East: %s", ty)
	}
	if d := evs[2]; !strings.Contains("1m 2m 3m 4p 5p 6p 7s 8s 1s E N C", d.Pai) || d.Tsumogiri == nil || *d.Tsumogiri != (d.Pai == "C") {
		t.Errorf("first discard %+v: not a tile of the hand, or a wrong tsumogiri flag", d)
	}
	if d := evs[6]; d.Tsumogiri == nil || *d.Tsumogiri || d.Pai == "E" {
		t.Errorf("discard after the pon %+v", d)
	}
}

func TestServeBatch(t *testing.T) {
	in := "[" + strings.Join([]string{startGame, startKyoku, myDraw}, ",") + "]\n"
	evs, err := serve(t, "efficiency", in)
	if !errors.Is(err, ErrClosed) {
		t.Errorf("err %v, want ErrClosed (the game did not end)", err)
	}
	if len(evs) != 1 || evs[0].Type != "dahai" {
		t.Errorf("one batch: replies %+v, want one dahai", evs)
	}
}

func TestServeErrors(t *testing.T) {
	cases := []struct {
		name, input string
		line        int
		want        string
	}{
		{"malformed", startGame + "\n{\"type\":", 2, "line 2"},
		{"no type", startGame + "\n{}", 2, "without a type"},
		{"before start_game", myDraw, 1, "before start_game"},
		{"no seat", `{"type":"start_game"}`, 1, "id"},
		{"not in hand", startGame + "\n" + startKyoku + "\n" + `{"type":"dahai","actor":0,"pai":"9p","tsumogiri":false}`, 3, "impossible event"},
		{"out of turn", startGame + "\n" + startKyoku + "\n" + myDraw + "\n" + `{"type":"dahai","actor":0,"pai":"C","tsumogiri":true}` + "\n" + `{"type":"dahai","actor":2,"pai":"E","tsumogiri":false}`, 5, "impossible event"},
		{"unknown type", startGame + "\n" + startKyoku + "\n" + `{"type":"fly","actor":0}`, 3, "unknown event type"},
		{"closed", startGame + "\n" + startKyoku, 3, "closed before end_game"},
		{"bad batch", "[1,2", 1, "batch"},
		{"negative score", startGame + "\n" + strings.Replace(startKyoku, "[25000,25000,25000,25000]", "[-50000,25000,25000,100000]", 1), 2, "scores[0] -50000: want 0 to 1000000"},
		{"huge honba", startGame + "\n" + strings.Replace(startKyoku, `"honba":0`, `"honba":1099511627776`, 1), 2, "honba 1099511627776: want 0 to 100"},
		{"dealer not the round's", startGame + "\n" + strings.Replace(startKyoku, `"oya":0`, `"oya":2`, 1), 2, "dealer 2: the dealer of E1 is seat 0"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := serve(t, "efficiency", c.input)
			var le *LineError
			if !errors.As(err, &le) || le.Line != c.line || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %v, want line %d saying %q", err, c.line, c.want)
			}
		})
	}
	if _, err := serve(t, "efficiency", ""); err != nil {
		t.Errorf("empty input: %v", err)
	}
	if _, err := serve(t, "efficiency", startGame+"\n"+`{"type":"end_game"}`+"\n"); err != nil {
		t.Errorf("a whole (empty) game: %v", err)
	}
}

// FuzzServe: no input makes the client panic; a failure is a LineError.
func FuzzServe(f *testing.F) {
	f.Add(startGame + "\n" + startKyoku + "\n" + myDraw + "\n")
	f.Add("[" + startGame + "," + startKyoku + "]\n")
	f.Add(startGame + "\n" + startKyoku + "\n" + `{"type":"pon","actor":0,"target":3,"pai":"E","consumed":["E","E"]}` + "\n")
	f.Add(startGame3 + "\n" + startKyoku3 + "\n" + `{"type":"tsumo","actor":0,"pai":"N"}` + "\n" + `{"type":"nukidora","actor":0,"pai":"N"}` + "\n")
	f.Add(startGame3 + "\n" + startKyoku3Wait + "\n" + `{"type":"tsumo","actor":1,"pai":"?"}` + "\n" + `{"type":"kita","actor":1,"pai":"N"}` + "\n")
	f.Fuzz(func(t *testing.T, in string) {
		c, err := NewClient(Config{Bot: "efficiency"})
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		err = c.Serve(strings.NewReader(in), &out)
		var le *LineError
		if err != nil && !errors.As(err, &le) {
			t.Fatalf("error %v is not a LineError", err)
		}
	})
}

// TestDialServerMisbehaves: a server that says hello and closes is an
// error, not a game played; a server's error message is quoted with its
// control characters escaped.
func TestDialServerMisbehaves(t *testing.T) {
	tests := []struct {
		name, send string
		want       error
		text       string
	}{
		{"hello then close", `{"type":"hello","protocol":"mjsonp","protocol_version":3}` + "\n", ErrNoGame, "before start_game"},
		{"error with escapes", `{"type":"error","message":"\u001b[2Jgone"}` + "\n", nil, `the server says: \x1b[2Jgone`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			defer ln.Close()
			go func() {
				c, err := ln.Accept()
				if err != nil {
					return
				}
				c.Write([]byte(tt.send))
				c.Read(make([]byte, 512)) // the join, or the client's close
				c.Close()
			}()
			cl, err := NewClient(Config{Bot: "tsumogiri"})
			if err != nil {
				t.Fatal(err)
			}
			err = cl.Dial(context.Background(), ln.Addr().String(), "t", "default", 0)
			if err == nil || (tt.want != nil && !errors.Is(err, tt.want)) || !strings.Contains(err.Error(), tt.text) {
				t.Fatalf("Dial: %v, want an error saying %q", err, tt.text)
			}
		})
	}
}

// printable reports the first byte of s a terminal could act on: a C0 or
// C1 control character, DEL, or a byte that is not UTF-8 (-1: none).
func printable(s string) int {
	for i, r := range s {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || r == utf8.RuneError {
			return i
		}
	}
	return -1
}

// TestPeerTextEscaped: whatever text of a peer's event an error quotes
// (its type, a tile, a field JSON could not read) comes out with its
// control characters escaped, on stdin and over TCP.
func TestPeerTextEscaped(t *testing.T) {
	const esc = `\u001b[2J\u009b1m\u0007`
	cases := []struct{ name, input, want string }{
		{"type before start_game", `{"type":"bogus` + esc + `"}`, `bogus\x1b[2J\x9b1m\x07`},
		{"type outside a round", startGame + "\n" + `{"type":"bogus` + esc + `"}`, `bogus\x1b[2J`},
		{"type of a bad event", `{"type":"x` + esc + `","actor":"zero"}`, `x\x1b[2J`},
		{"tile", startGame + "\n" + startKyoku + "\n" + `{"type":"tsumo","actor":0,"pai":"` + esc + `"}`, `\x1b[2J`},
		{"dora marker", startGame + "\n" + strings.Replace(startKyoku, `"dora_marker":"5p"`, `"dora_marker":"`+esc+`"`, 1), `\x1b[2J`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := serve(t, "efficiency", c.input)
			if err == nil {
				t.Fatal("no error")
			}
			if i := printable(err.Error()); i >= 0 || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q: a control character at byte %d, or %q missing", err, i, c.want)
			}
		})
	}
	// Row 58 of the audit: over TCP, names and then a type with escapes.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		defer c.Close()
		c.Write([]byte(`{"type":"hello"}` + "\n"))
		in := bufio.NewReader(c)
		in.ReadString('\n') // the join
		c.Write([]byte(`{"type":"start_game","id":0,"names":["\u001b]0;pwned\u0007","b","c","d"]}` + "\n"))
		in.ReadString('\n')
		c.Write([]byte(`{"type":"bogus` + esc + `"}` + "\n"))
		in.ReadString('\n')
	}()
	cl, err := NewClient(Config{Bot: "tsumogiri"})
	if err != nil {
		t.Fatal(err)
	}
	err = cl.Dial(context.Background(), ln.Addr().String(), "t", "default", 0)
	if err == nil || printable(err.Error()) >= 0 || !strings.Contains(err.Error(), `bogus\x1b[2J`) {
		t.Errorf("Dial: %q, want the type escaped", err)
	}
}

// TestServeBatchKanDora: Tenhou's order brings an added kan's new dora
// indicator after the replacement draw; a batch [kakan, tsumo, dora] is
// answered once, by a discard decided with the new indicator, not refused
// as an event after a move was asked.
func TestServeBatchKanDora(t *testing.T) {
	c, err := NewClient(Config{Bot: "efficiency"})
	if err != nil {
		t.Fatal(err)
	}
	kyoku := strings.Replace(startKyoku, `["1m","2m","3m","4p","5p","6p","7s","8s","1s","E","E","N","N"]`,
		`["1m","2m","3m","4p","5p","6p","7s","8s","9s","E","E","N","N"]`, 1)
	react := func(line string) mjai.Event {
		t.Helper()
		reply, err := c.reactLine([]byte(line))
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		return reply
	}
	for _, line := range []string{startGame, kyoku, myDraw,
		`{"type":"dahai","actor":0,"pai":"C","tsumogiri":true}`,
		`{"type":"tsumo","actor":1,"pai":"?"}`,
		`{"type":"dahai","actor":1,"pai":"E","tsumogiri":true}`,
		`{"type":"pon","actor":0,"target":1,"pai":"E","consumed":["E","E"]}`,
		`{"type":"dahai","actor":0,"pai":"N","tsumogiri":false}`,
		`{"type":"tsumo","actor":1,"pai":"?"}`, `{"type":"dahai","actor":1,"pai":"9p","tsumogiri":true}`,
		`{"type":"tsumo","actor":2,"pai":"?"}`, `{"type":"dahai","actor":2,"pai":"9p","tsumogiri":true}`,
		`{"type":"tsumo","actor":3,"pai":"?"}`, `{"type":"dahai","actor":3,"pai":"9p","tsumogiri":true}`,
		`{"type":"tsumo","actor":0,"pai":"E"}`,
	} {
		react(line)
	}
	reply := react(`[{"type":"kakan","actor":0,"pai":"E","consumed":["E","E","E"]},` +
		`{"type":"tsumo","actor":0,"pai":"P"},{"type":"dora","dora_marker":"1p"}]`)
	if reply.Type != "dahai" || reply.Actor == nil || *reply.Actor != 0 {
		t.Errorf("reply to [kakan, tsumo, dora]: %+v, want seat 0's discard", reply)
	}
}
