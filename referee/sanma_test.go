package referee

import (
	"context"
	"errors"
	"math/rand/v2"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/mjrank/mjrank/arena"
	"github.com/mjrank/mjrank/data/mjai"
	"github.com/mjrank/mjrank/mjaibot"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/observe"
)

var sanmaBots = [4]string{"thesis", "efficiency", "rulebot"}

// TestSanmaInProcessMatchesArena: three seats played through the protocol
// give the direct 3-player arena's games exactly, nothing rejected.
func TestSanmaInProcessMatchesArena(t *testing.T) {
	games := 9
	if testing.Short() {
		games = 3
	}
	cfg := arena.Config{Players: 3, Seats: sanmaBots, Games: games, Seed: 7, Rotate: true, Length: game.Tonpuusen, Workers: 2}
	direct, err := arena.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	m := Match{Arena: cfg, TimeLimit: time.Hour}
	for i, b := range sanmaBots[:3] {
		m.Arena.Seats[i] = "mjai:" + b
	}
	m.Report = func(e *ReplyError) { t.Errorf("rejected: %v", e) }
	got, err := m.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if got.Hash != direct.Hash || got.Players != 3 {
		t.Errorf("hash %s through mjai (%d players), %s direct", got.Hash, got.Players, direct.Hash)
	}
}

// TestSanmaTCPClient: the mjai bot's TCP client plays a 3-player game
// against the referee's loopback server as the direct arena does.
func TestSanmaTCPClient(t *testing.T) {
	cfg := arena.Config{Players: 3, Seats: sanmaBots, Games: 1, Seed: 11, Length: game.Tonpuusen}
	direct, err := arena.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	m := Match{Arena: cfg, Listener: ln, Wait: time.Hour, TimeLimit: time.Hour}
	m.Arena.Seats[1] = "tcp"
	m.Report = func(e *ReplyError) { t.Errorf("rejected: %v", e) }
	done := make(chan error, 1)
	go func() {
		c, err := mjaibot.NewClient(mjaibot.Config{Bot: sanmaBots[1]})
		if err == nil {
			err = c.Dial(context.Background(), ln.Addr().String(), "tester", "default", 0)
		}
		done <- err
	}()
	got, err := m.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Errorf("client: %v", err)
	}
	if got.Hash != direct.Hash {
		t.Errorf("hash %s over TCP, %s direct", got.Hash, direct.Hash)
	}
}

// sanmaPosition determinizes a 3-player observation (docs/OBSERVATION.md)
// and returns seat's view and legal actions there.
func sanmaPosition(t *testing.T, obs string, seat int) (game.View, []game.Action) {
	t.Helper()
	o, err := observe.ParseObservation([]byte(obs))
	if err != nil {
		t.Fatal(err)
	}
	r := new(game.Round)
	if err := o.DeterminizeInto(r, rand.New(rand.NewPCG(1, 2)), observe.DeterminizeOptions{}); err != nil {
		t.Fatal(err)
	}
	return game.ViewOf(r, seat), r.Legal(seat, nil)
}

// TestSanmaJudge: the replies a 3-player seat may make where a North is
// in play, judged: a nukidora (or kita) of a North it may set aside, a ron
// on another seat's North; and the errors, each naming what is wrong.
func TestSanmaJudge(t *testing.T) {
	const rules = `{"rules":{"players":3},"round":0,"honba":0,"sticks":0,"scores":[35000,35000,35000],"seat":0,"dora_indicator":"1s",`
	drewNorth := rules + `"dealer":0,"hand":["1m","9m","1p","2p","9p","1s","9s","E","S","W","P","F","C"],"events":[{"type":"draw","seat":0,"tile":"N"}]}`
	drew5s := strings.Replace(drewNorth, `"tile":"N"`, `"tile":"5s"`, 1)
	// Seat 0 waits on 9s or N; seat 1 deals and sets a North aside.
	robbed := strings.Replace(rules, `"round":0`, `"round":1`, 1) + `"dealer":1,"hand":["P","P","P","1p","2p","3p","4s","5s","6s","9s","9s","N","N"],` +
		`"events":[{"type":"draw","seat":1},{"type":"kita","seat":1,"tile":"N"}]}`
	four := `{"round":0,"honba":0,"sticks":0,"scores":[25000,25000,25000,25000],"seat":0,"dora_indicator":"1s","dealer":0,` +
		`"hand":["1m","9m","1p","2p","9p","1s","9s","E","S","W","P","F","C"],"events":[{"type":"draw","seat":0,"tile":"N"}]}`
	cases := []struct {
		name, obs, reply string
		want             game.ActionType // when err is ""
		err              string
	}{
		{"nukidora", drewNorth, `{"type":"nukidora","actor":0,"pai":"N"}`, game.Kita, ""},
		{"kita, its other name", drewNorth, `{"type":"kita","actor":0,"pai":"N"}`, game.Kita, ""},
		{"the North discarded", drewNorth, `{"type":"dahai","actor":0,"pai":"N","tsumogiri":true}`, game.Discard, ""},
		{"a nukidora of a 5p", drewNorth, `{"type":"nukidora","actor":0,"pai":"5p"}`, 0, "a nukidora of 5p: only a North (N) is set aside"},
		{"a nukidora of no tile", drewNorth, `{"type":"nukidora","actor":0,"pai":"X"}`, 0, `"X" is not a tile`},
		{"a nukidora without a North", drew5s, `{"type":"nukidora","actor":0,"pai":"N"}`, 0, "no legal nukidora"},
		{"a nukidora by another seat", drewNorth, `{"type":"nukidora","actor":1,"pai":"N"}`, 0, "its actor is not the seat"},
		{"a chi", robbed, `{"type":"chi","actor":0,"target":1,"pai":"N","consumed":["N","N"]}`, 0, "no chi with three players"},
		{"robbing the North", robbed, `{"type":"hora","actor":0,"target":1,"pai":"N"}`, game.Ron, ""},
		{"letting the North go", robbed, `{"type":"none"}`, game.Pass, ""},
		{"a pon of the North", robbed, `{"type":"pon","actor":0,"target":1,"pai":"N","consumed":["N","N"]}`, 0, "no legal pon"},
		{"a nukidora with four players", four, `{"type":"nukidora","actor":0,"pai":"N"}`, 0, "no nukidora with 4 players (three only)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v, legal := sanmaPosition(t, c.obs, 0)
			var e mjai.Event
			if err := mjai.DecodeEvent([]byte(c.reply), &e); err != nil {
				t.Fatal(err)
			}
			a, err := (&table{}).judge(0, v, legal, &e)
			switch {
			case c.err == "" && err != nil:
				t.Errorf("%s: %v, want a %v", c.reply, err, c.want)
			case c.err == "" && a.Type != c.want:
				t.Errorf("%s: %v, want a %v", c.reply, a, c.want)
			case c.err != "" && (!errors.Is(err, ErrIllegal) || !strings.Contains(err.Error(), c.err)):
				t.Errorf("%s: %v (%v), want an illegal move saying %q", c.reply, err, a, c.err)
			}
		})
	}
}

// TestSanmaBrokenPrograms: a program that answers its draws with a
// nukidora it may not make stops a 3-player match with an error naming
// the seat and the reason, or, replaced, lets the game finish and counts
// every one.
func TestSanmaBrokenPrograms(t *testing.T) {
	reply := func(r string) string {
		return `cmd:while read l; do case "$l" in '{"type":"tsumo","actor":0,'*) echo '` + r + `';; *) echo '{"type":"none"}';; esac; done`
	}
	cases := []struct{ name, cmd, want string }{
		{"a nukidora of a 5p", reply(`{"type":"nukidora","actor":0,"pai":"5p"}`), "a nukidora of 5p: only a North (N) is set aside"},
		{"a nukidora of every draw", reply(`{"type":"nukidora","actor":0,"pai":"N"}`), "no legal nukidora"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			base := arena.Config{Players: 3, Seats: [4]string{c.cmd, "efficiency", "efficiency"}, Games: 1, Seed: 3, Length: game.Tonpuusen}
			m := Match{Arena: base, TimeLimit: time.Hour}
			_, err := m.Run(context.Background())
			var re *ReplyError
			if !errors.As(err, &re) || re.Seat != 0 || !errors.Is(err, ErrIllegal) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("stop: got %v, want a seat 0 error saying %q", err, c.want)
			}
			m = Match{Arena: base, TimeLimit: time.Hour, OnIllegal: Replace}
			res, err := m.Run(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if e := res.Entries[0]; res.Played != 1 || e.Illegal == 0 || e.Replaced != e.Illegal {
				t.Errorf("replaced: %d games, %d rejected, %d replaced", res.Played, e.Illegal, e.Replaced)
			}
		})
	}
}
