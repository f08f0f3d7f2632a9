package mjaibot

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/data/mjai"
)

// A 3-player round as the 3-player forks of Mortal send it: three names,
// three scores, three tehais. Seat 0 deals and holds no North.
const (
	startGame3  = `{"type":"start_game","id":0,"names":["a","b","c"]}`
	startKyoku3 = `{"type":"start_kyoku","bakaze":"E","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"dora_marker":"1s","scores":[35000,35000,35000],` +
		`"tehais":[["1m","9m","1p","2p","9p","1s","9s","E","S","W","P","F","C"],["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"]]}`
	// Seat 0 waits on 9s or N (a pon of haku for its yaku); seat 1 deals.
	startKyoku3Wait = `{"type":"start_kyoku","bakaze":"E","kyoku":2,"honba":0,"kyotaku":0,"oya":1,"dora_marker":"1s","scores":[35000,35000,35000],` +
		`"tehais":[["P","P","P","1p","2p","3p","4s","5s","6s","9s","9s","N","N"],["?","?","?","?","?","?","?","?","?","?","?","?","?"],["?","?","?","?","?","?","?","?","?","?","?","?","?"]]}`
)

func lines(ls ...string) string { return strings.Join(ls, "\n") + "\n" }

// TestSanmaScripted: the bot's answers in scripted 3-player sessions: its
// own North set aside as nukidora (and its replacement draw played),
// another seat's North robbed by a ron when it completes the hand, passed
// otherwise, and no chi ever answered.
func TestSanmaScripted(t *testing.T) {
	cases := []struct {
		name, bot, input string
		want             []string // the replies, one a line; "" for any legal one
	}{
		{"own kita", "tsumogiri", lines(startGame3, startKyoku3,
			`{"type":"tsumo","actor":0,"pai":"N"}`,
			`{"type":"nukidora","actor":0,"pai":"N"}`,
			`{"type":"tsumo","actor":0,"pai":"5s"}`),
			[]string{`{"type":"none"}`, `{"type":"none"}`, `{"type":"nukidora","actor":0,"pai":"N"}`, `{"type":"none"}`,
				`{"type":"dahai","actor":0,"pai":"5s","tsumogiri":true}`}},
		{"kita, its other name", "efficiency", lines(startGame3, startKyoku3,
			`{"type":"tsumo","actor":0,"pai":"N"}`,
			`{"type":"kita","actor":0,"pai":"N"}`,
			`{"type":"tsumo","actor":0,"pai":"5s"}`),
			[]string{`{"type":"none"}`, `{"type":"none"}`, `{"type":"nukidora","actor":0,"pai":"N"}`, `{"type":"none"}`, ""}},
		{"robbing the North", "tsumogiri", lines(startGame3, startKyoku3Wait,
			`{"type":"tsumo","actor":1,"pai":"?"}`,
			`{"type":"nukidora","actor":1,"pai":"N"}`),
			[]string{`{"type":"none"}`, `{"type":"none"}`, `{"type":"none"}`, `{"type":"hora","actor":0,"target":1,"pai":"N"}`}},
		{"a North that completes nothing", "efficiency", lines(startGame3, startKyoku3,
			`{"type":"tsumo","actor":0,"pai":"5s"}`,
			`{"type":"dahai","actor":0,"pai":"5s","tsumogiri":true}`,
			`{"type":"tsumo","actor":1,"pai":"?"}`,
			`{"type":"nukidora","actor":1,"pai":"N"}`),
			[]string{`{"type":"none"}`, `{"type":"none"}`, "", `{"type":"none"}`, `{"type":"none"}`, `{"type":"none"}`}},
		// Seat 2 sits before seat 0: with four seats 1p 2p could chi its 3p.
		{"no chi", "efficiency", lines(startGame3, startKyoku3,
			`{"type":"tsumo","actor":0,"pai":"5s"}`,
			`{"type":"dahai","actor":0,"pai":"5s","tsumogiri":true}`,
			`{"type":"tsumo","actor":1,"pai":"?"}`,
			`{"type":"dahai","actor":1,"pai":"7s","tsumogiri":true}`,
			`{"type":"tsumo","actor":2,"pai":"?"}`,
			`{"type":"dahai","actor":2,"pai":"3p","tsumogiri":true}`),
			[]string{`{"type":"none"}`, `{"type":"none"}`, "", `{"type":"none"}`, `{"type":"none"}`, `{"type":"none"}`, `{"type":"none"}`, `{"type":"none"}`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			evs, err := serve(t, c.bot, c.input)
			if err != nil && !errors.Is(err, ErrClosed) {
				t.Fatal(err)
			}
			if len(evs) != len(c.want) {
				t.Fatalf("%d replies, want %d: %+v", len(evs), len(c.want), evs)
			}
			for i, w := range c.want {
				got := encode(t, &evs[i])
				if w != "" && got != w {
					t.Errorf("reply %d: %s, want %s", i+1, got, w)
				}
				if evs[i].Type == "chi" {
					t.Errorf("reply %d: a chi in a 3-player game: %s", i+1, got)
				}
			}
		})
	}
}

func encode(t *testing.T, e *mjai.Event) string {
	t.Helper()
	b, err := mjai.AppendEvent(nil, e)
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(b))
}

// TestSanmaSessionAsPlayed: fed what mjrank match sent seat 0 of a
// 3-player east-only game (testdata/sanma-session.jsonl, its seat a
// "mjrank mjai --bot thesis" program), the client makes the moves the
// game holds: every reply but "none" is the next event of the session,
// its nukidoras included.
func TestSanmaSessionAsPlayed(t *testing.T) {
	b, err := os.ReadFile("testdata/sanma-session.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	session := strings.Split(strings.TrimSpace(string(b)), "\n")
	c, err := NewClient(Config{Bot: "thesis"})
	if err != nil {
		t.Fatal(err)
	}
	moves := map[string]int{}
	for i, line := range session {
		var e mjai.Event
		if err := mjai.DecodeEvent([]byte(line), &e); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		reply, err := c.React(&e)
		if err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		if reply.Type == "none" {
			continue
		}
		moves[reply.Type]++
		var next mjai.Event
		if i+1 == len(session) || mjai.DecodeEvent([]byte(session[i+1]), &next) != nil {
			t.Fatalf("line %d: reply %s after the session's end", i+1, encode(t, &reply))
		}
		if !sameMove(&reply, &next) {
			t.Errorf("line %d: reply %s, the game went on with %s", i+1, encode(t, &reply), session[i+1])
		}
	}
	if c.InGame() || moves["nukidora"] == 0 || moves["dahai"] == 0 {
		t.Errorf("moves %v (in a game at the end: %v): want discards and nukidoras, the game ended", moves, c.InGame())
	}
}

// sameMove reports whether the referee's event next is the move reply:
// the same type, actor and tile (hora: the same target).
func sameMove(reply, next *mjai.Event) bool {
	eq := func(a, b *int) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }
	return reply.Type == next.Type && eq(reply.Actor, next.Actor) && reply.Pai == next.Pai &&
		(reply.Type != "hora" || eq(reply.Target, next.Target))
}

// TestSanmaServeErrors: what a 3-player game refuses, each an error naming
// the line and what is wrong.
func TestSanmaServeErrors(t *testing.T) {
	head := lines(startGame3, startKyoku3)
	cases := []struct {
		name, input string
		line        int
		want        string
	}{
		{"a fourth seat's id", strings.Replace(startGame3, `"id":0`, `"id":3`, 1), 1, "id (0..2 in a 3-player game)"},
		{"five names", `{"type":"start_game","id":0,"names":["a","b","c","d","e"]}`, 1, "start_game: 5 names (three or four"},
		{"names against tenhou_type", `{"type":"start_game","id":0,"names":["a","b","c"],"tenhou_type":9}`, 1, "tenhou_type 9 is a 4-player game, but 3 names"},
		{"four scores", startGame3 + "\n" + strings.Replace(startKyoku3, "[35000,35000,35000]", "[35000,35000,35000,0]", 1), 2, "4 scores in a 3-player game"},
		{"four tehais", startGame3 + "\n" + strings.Replace(startKyoku3, `]]}`, `],["?","?","?","?","?","?","?","?","?","?","?","?","?"]]}`, 1), 2, "4 tehais in a 3-player game"},
		{"kyoku 4", startGame3 + "\n" + strings.Replace(startKyoku3, `"kyoku":1`, `"kyoku":4`, 1), 2, "kyoku 4 (1..3)"},
		{"a fourth seat deals", startGame3 + "\n" + strings.Replace(startKyoku3, `"oya":0`, `"oya":3`, 1), 2, "oya missing or not a seat (0..2)"},
		{"a 2m dealt", startGame3 + "\n" + strings.Replace(startKyoku3, `"1p","2p"`, `"1p","2m"`, 1), 2, "not used with three players"},
		{"a fourth seat's draw", head + `{"type":"tsumo","actor":3,"pai":"?"}`, 3, "tsumo: actor 3 is not a seat of a 3-player game (0..2)"},
		{"a chi", head + lines(`{"type":"tsumo","actor":0,"pai":"5s"}`, `{"type":"dahai","actor":0,"pai":"5s","tsumogiri":true}`) +
			`{"type":"chi","actor":1,"target":0,"pai":"5s","consumed":["4s","6s"]}`, 5, "chi by seat 1 in a 3-player game"},
		{"a nukidora of a non-North", head + lines(`{"type":"tsumo","actor":0,"pai":"5s"}`) +
			`{"type":"nukidora","actor":0,"pai":"5p"}`, 4, "nukidora of 5p by seat 0: only a North (N) is set aside"},
		{"a nukidora with four seats", startGame + "\n" + startKyoku + "\n" + myDraw + "\n" + `{"type":"nukidora","actor":0,"pai":"N"}`, 4, "nukidora by seat 0 in a 4-player game (three players only)"},
		{"a nukidora of a North not held", head + lines(`{"type":"tsumo","actor":0,"pai":"5s"}`) + `{"type":"nukidora","actor":0,"pai":"N"}`, 4, "impossible event"},
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
	// A whole (empty) 3-player game, and one on tenhou_type alone.
	for _, start := range []string{startGame3, `{"type":"start_game","id":2,"tenhou_type":25}`} {
		if _, err := serve(t, "efficiency", lines(start, `{"type":"end_game"}`)); err != nil {
			t.Errorf("%s: %v", start, err)
		}
	}
}
