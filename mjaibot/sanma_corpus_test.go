package mjaibot

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/mjai"
	"github.com/mjrank/mjrank/data/records"
	"github.com/mjrank/mjrank/internal/shareddata"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// TestSanmaCorpusSeats plays every seat of real 3-player Houou games (40
// of the corpus sample, 6 under -short, all with MJRANK_CORPUS=full) as the
// mjai bot sees them: each game written as mjai (the 3-player forks'
// convention), then, for each seat, the other seats' hands and draws
// hidden. The client's bot is scripted to make the recorded player's
// moves; the client accepts every event, finds each move among its legal
// actions, and answers it as the record has it: every nukidora, win
// (robbing a North included), riichi, pon, kan and discard, and "none"
// wherever the player let a chance go.
func TestSanmaCorpusSeats(t *testing.T) {
	n := 40
	switch {
	case shareddata.FullCorpus():
		n = 1 << 30
	case testing.Short():
		n = 6
	}
	games := sanmaCorpusGames(t, n)
	if len(games) == 0 {
		t.Fatal("no 3-player game in the corpus sample")
	}
	moves := map[string]int{}
	for _, g := range games {
		var buf bytes.Buffer
		if err := records.NewWriter(&buf, records.FormatMjai).Write(g); err != nil {
			t.Fatalf("%s: %v", g.Ref, err)
		}
		var log []mjai.Event
		for _, line := range bytes.Split(bytes.TrimSpace(buf.Bytes()), []byte("\n")) {
			var e mjai.Event
			if err := mjai.DecodeEvent(line, &e); err != nil {
				t.Fatalf("%s: %v", g.Ref, err)
			}
			log = append(log, e)
		}
		for seat := range 3 {
			if err := playSeat(log, seat, moves); err != nil {
				t.Fatalf("%s seat %d: %v", g.Ref, seat, err)
			}
		}
	}
	t.Logf("%d games, the players' moves answered as recorded: %v", len(games), moves)
	if moves["nukidora"] == 0 || moves["hora"] == 0 || moves["dahai"] == 0 || moves["pon"] == 0 || moves["reach"] == 0 {
		t.Errorf("moves %v: want nukidoras, wins, discards, pons and riichis among them", moves)
	}
}

// scripted plays the recorded player's move: the legal action of the
// event next (nil: a pass); err keeps the first move it could not find.
type scripted struct {
	log  []mjai.Event
	next int // the index of the move in log, or -1
	err  error
}

func (p *scripted) Act(v game.View, legal []game.Action) game.Action {
	if p.next < 0 {
		if a, ok := game.FindAction(legal, game.Pass); ok {
			return a
		}
		p.err = errors.Join(p.err, fmt.Errorf("asked to move (%v) where the record shows none", legal))
		return legal[0]
	}
	e := &p.log[p.next]
	for _, a := range legal {
		if matches(a, e, p.log, p.next) {
			return a
		}
	}
	p.err = errors.Join(p.err, fmt.Errorf("the recorded %s %s %v is not among the legal actions %v", e.Type, e.Pai, e.Consumed, legal))
	return legal[0]
}

// matches reports whether a is the recorded move log[i].
func matches(a game.Action, e *mjai.Event, log []mjai.Event, i int) bool {
	face := func(name string) bool { return a.Tile.Mjai() == name }
	switch e.Type {
	case "dahai":
		return a.Type == game.Discard && face(e.Pai)
	case "reach": // the riichi tile is the next dahai's
		return a.Type == game.Riichi && i+1 < len(log) && face(log[i+1].Pai)
	case "nukidora":
		return a.Type == game.Kita
	case "hora":
		return a.Type == game.Tsumo || a.Type == game.Ron
	case "ryukyoku":
		return a.Type == game.KyuushuKyuuhai
	case "ankan", "kakan":
		name := e.Pai
		if len(e.Consumed) > 0 {
			name = e.Consumed[0]
		}
		return (a.Type == game.Ankan || a.Type == game.Kakan) && a.Type.String() == e.Type &&
			a.Tile.Kind().Mjai() == strings.TrimSuffix(name, "r")
	case "pon", "daiminkan":
		if a.Type.String() != e.Type {
			return false
		}
		got := tile.MjaiNames(a.Meld.TilesSlice()[1:])
		want := slices.Clone(e.Consumed)
		slices.Sort(got)
		slices.Sort(want)
		return slices.Equal(got, want)
	}
	return false
}

// ownMove lists the events that are a seat's own decision.
var ownMove = map[string]bool{"dahai": true, "reach": true, "nukidora": true, "hora": true, "pon": true, "daiminkan": true, "ankan": true, "kakan": true}

// silent lists the events that ask nothing but may come between a
// decision's event and its move in Tenhou's order: a kan's indicator
// between the replacement draw and the discard, a riichi accepted between
// the discard and a call on it.
var silent = map[string]bool{"dora": true, "reach_accepted": true}

// asks lists the events that may give a seat a decision: its own draw,
// pon or reach, another seat's discard, added kan or North.
var asks = map[string]bool{"tsumo": true, "pon": true, "reach": true, "dahai": true, "kakan": true, "nukidora": true}

// recorded returns the index of seat's move that answers log[i] in the
// record (the next event but the silent ones; its own win among the wins
// on one discard; a nine-terminal draw after its own draw), or -1.
func recorded(log []mjai.Event, i, seat int) int {
	mine := func(e *mjai.Event) bool { return e.Actor != nil && *e.Actor == seat }
	if !asks[log[i].Type] {
		return -1 // a silent event: the client answered the one before
	}
	for j := i + 1; j < len(log); j++ {
		e := &log[j]
		switch {
		case silent[e.Type]:
			continue
		case e.Type == "hora":
			for k := j; k < len(log) && log[k].Type == "hora"; k++ {
				if mine(&log[k]) {
					return k
				}
			}
		case e.Type == "ryukyoku" && e.Reason == "yao9" && log[i].Type == "tsumo" && mine(&log[i]):
			return j
		case ownMove[e.Type] && mine(e):
			return j
		}
		return -1
	}
	return -1
}

// playSeat feeds seat's view of the game log to a client whose bot makes
// the recorded moves, and checks every reply against the record.
func playSeat(log []mjai.Event, seat int, moves map[string]int) error {
	c, err := NewClient(Config{Bot: "tsumogiri"})
	if err != nil {
		return err
	}
	p := &scripted{log: log}
	for i := range log {
		e := seatView(&log[i], seat)
		p.next = recorded(log, i, seat)
		reply, err := c.React(&e)
		if err != nil {
			return fmt.Errorf("event %d (%s): %w", i+1, e.Type, err)
		}
		if e.Type == "start_game" {
			c.player = p
		}
		if p.err != nil {
			return fmt.Errorf("event %d (%s): %w", i+1, e.Type, p.err)
		}
		if reply.Type == "none" && p.next >= 0 && log[p.next].Type != "ryukyoku" {
			return fmt.Errorf("event %d (%s): none, where the player made its %s", i+1, e.Type, log[p.next].Type)
		}
		if reply.Type != "none" {
			if p.next < 0 || !sameReply(&reply, &log[p.next]) {
				return fmt.Errorf("event %d (%s): reply %s, the record %s", i+1, e.Type, line(&reply), line(&log[max(p.next, 0)]))
			}
			moves[reply.Type]++
			if reply.Type == "hora" && e.Type == "nukidora" {
				moves["hora robbing a North"]++
			}
		}
	}
	if c.InGame() {
		return errors.New("the game did not end")
	}
	return nil
}

// sameReply reports whether the client's reply is the recorded move: its
// type, actor, target and tile (a discard's face), and a call's tiles.
func sameReply(reply, rec *mjai.Event) bool {
	eq := func(a, b *int) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }
	if rec.Type == "ryukyoku" { // the record's nine-terminal draw has no actor
		return reply.Type == rec.Type
	}
	if reply.Type != rec.Type || !eq(reply.Actor, rec.Actor) || !eq(reply.Target, rec.Target) || reply.Pai != rec.Pai {
		return false
	}
	a, b := slices.Clone(reply.Consumed), slices.Clone(rec.Consumed)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// line writes e as its JSON line.
func line(e *mjai.Event) string {
	b, err := mjai.AppendEvent(nil, e)
	if err != nil {
		return err.Error()
	}
	return strings.TrimSpace(string(b))
}

// seatView is e as the referee sends it to seat: start_game with the
// seat's id, the other seats' dealt tiles and draws hidden.
func seatView(e *mjai.Event, seat int) mjai.Event {
	v := *e
	switch v.Type {
	case "start_game":
		v.ID = &seat
	case "start_kyoku":
		v.Tehais = slices.Clone(v.Tehais)
		for s := range v.Tehais {
			if s != seat {
				v.Tehais[s] = strings.Split(strings.Repeat("?", 13), "")
			}
		}
	case "tsumo":
		if *v.Actor != seat {
			v.Pai = "?"
		}
	}
	return v
}

// sanmaCorpusGames reads up to n complete 3-player games of the corpus
// sample (INDEX.tsv's GO type), spread over it.
func sanmaCorpusGames(t *testing.T, n int) []*data.Game {
	t.Helper()
	dir, chosen := shareddata.CorpusSet(t)
	idx, err := shareddata.ReadIndex(dir)
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, e := range idx {
		if e.Complete && chosen[e.Rel] && data.PlayersFromType(e.GoType) == 3 {
			paths = append(paths, e.Rel)
		}
	}
	n = min(n, len(paths))
	games := make([]*data.Game, 0, n)
	for i := range n {
		p := paths[i*len(paths)/n]
		raw, err := os.ReadFile(filepath.Join(dir, p))
		if err != nil {
			t.Fatal(err)
		}
		r, _, err := records.NewReader(bytes.NewReader(raw), p)
		if err != nil {
			t.Fatal(err)
		}
		if !r.Next() {
			t.Fatalf("%s: %v", p, r.Err())
		}
		games = append(games, r.Game())
	}
	return games
}
