package mc

import (
	"fmt"
	"testing"

	"github.com/mjrank/mjrank/rankmodel"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// Scenario tests of the rollout: fixed worlds built by hand (the seat's
// hand, a pool in a fixed order, fixed abstract opponents), played by sim
// with the opponents' chance moves off (no dodging, no calls, no new
// tenpai), and the round's end checked against Tenhou's rules worked out
// by hand.

// tileSet hands out physical tiles for tenhou notation, each id once
// across every string of a scenario (tile.MustParse alone starts afresh at
// each call).
type tileSet struct{ used [tile.NumTiles]bool }

func (ts *tileSet) take(s string) []tile.Tile {
	var out []tile.Tile
	for _, t := range tile.MustParse(s) {
		k := t.Kind()
		id := tile.NoTile
		if t.Red() {
			id = t
		} else {
			for c := range 4 {
				cand := tile.Tile(int(k)*4 + c)
				if !ts.used[cand] && !cand.Red() {
					id = cand
					break
				}
			}
		}
		if id == tile.NoTile || ts.used[id] {
			panic(fmt.Sprintf("tileSet: no copy of %v left in %q", t, s))
		}
		ts.used[id] = true
		out = append(out, id)
	}
	return out
}

// oppSpec is an abstract opponent of a scenario.
type oppSpec struct {
	waits  string // ron kinds (tenhou notation); empty: noten
	tenpai bool   // tenpai without waits (set by waits too)
	value  int    // its ron value
	riichi bool
	open   bool
	river  string // kinds of its own discards
}

// scenario is one fixed world and the move the seat makes in it.
type scenario struct {
	name string
	// The round: seat 0 is the seat, seat dealer deals.
	index, honba, sticks int
	dealer               int
	scores               [game.NumSeats]int // 0: 25,000 each
	turns                [game.NumSeats]int // discards so far (0: 6 each)
	length               game.Length
	// The seat: its concealed tiles, its melds (tenhou notation, each
	// an open chi or pon unless closedKan), its river kinds, riichi.
	hand         string
	chi, pon     []string
	river        string
	riichi       bool
	ippatsu      bool
	doubleRiichi bool
	firstTurn    bool // the seat's first go-around, uninterrupted (its turns 0)
	// Phase: at the seat's turn the last tile of hand is its draw; at a
	// call (answer != ""), the seat answers seat from's discard answer.
	answer string
	from   int
	// pendingRiichi: seat from declared riichi with the tile answered.
	pendingRiichi bool
	opp           [game.NumSeats]oppSpec
	// The pool: the live draws in order (live: their number, default all
	// of them), the ura dora indicators, the dora indicators.
	draws string
	live  int
	ura   string
	dora  string
	// kanDora: the indicators kans will show, in order; pendingDora of
	// them wait at the root for the next discard.
	kanDora     string
	pendingDora int
	move        game.Action // the seat's move (Seat 0)
	// then, if set, runs after the move (to force what chance decides)
	then func(s *sim)
}

// build returns the root and the world of sc.
func (sc *scenario) build() (*root, *world) {
	var ts tileSet
	rules := game.Tenhou(sc.length)
	r := &root{me: 0, rules: &rules, sticks: sc.sticks, wind: tile.East + tile.Kind(sc.index/4%4)}
	r.setPlayers(rules.Players())
	r.scores = sc.scores
	if r.scores == [game.NumSeats]int{} {
		r.scores = [game.NumSeats]int{25000, 25000, 25000, 25000}
	}
	r.setup = game.RoundSetup{Index: sc.index, Honba: sc.honba, Sticks: sc.sticks, Dealer: uint8(sc.dealer), Scores: r.scores}
	r.turns = sc.turns
	if r.turns == [game.NumSeats]int{} && !sc.firstTurn {
		r.turns = [game.NumSeats]int{6, 6, 6, 6}
	}
	dora := sc.dora
	if dora == "" {
		dora = "7z"
	}
	r.numDora = copy(r.dora[:], ts.take(dora))
	hand := ts.take(sc.hand)
	r.n = copy(r.hand[:], hand)
	for _, c := range sc.chi {
		m := ts.take(c)
		r.melds[r.nm] = score.Meld{Type: score.Chi, Tiles: [4]tile.Tile{m[0], m[1], m[2]}}
		r.nm++
	}
	for _, p := range sc.pon {
		m := ts.take(p)
		r.melds[r.nm] = score.Meld{Type: score.Pon, Tiles: [4]tile.Tile{m[0], m[1], m[2]}}
		r.nm++
	}
	for _, t := range ts.take(sc.river) {
		r.discarded = r.discarded.Add(t.Kind())
	}
	r.riichi, r.ippatsu, r.doubleRiichi, r.firstGo = sc.riichi, sc.ippatsu, sc.doubleRiichi, sc.firstTurn
	r.drawn, r.last = tile.NoTile, tile.NoTile
	if sc.answer == "" {
		r.phase, r.cur, r.drawn = game.PhaseTurn, 0, hand[len(hand)-1]
	} else {
		r.phase, r.cur, r.last = game.PhaseCall, sc.from, ts.take(sc.answer)[0]
		r.pendingRiichi = sc.pendingRiichi
	}
	w := &world{seed1: 1, seed2: 2}
	for j := 1; j < game.NumSeats; j++ {
		o := &sc.opp[j]
		op := &r.opp[j]
		op.riichi, op.open, op.value = o.riichi, o.open, o.value
		for _, t := range ts.take(o.river) {
			op.river = op.river.Add(t.Kind())
		}
		op.safe = op.river
		var waits tile.KindSet
		for _, t := range tile.MustParse(o.waits) {
			waits = waits.Add(t.Kind())
			op.waitP[t.Kind()] = 1
		}
		if waits != 0 || o.tenpai {
			op.pTenpai = 1
		}
		w.opp[j] = oppState{tenpai: op.pTenpai == 1, waits: waits, value: o.value}
	}
	// The pool: the draws, every other unused tile, then the indicators
	// kans show (kanDoraAt) and the five ura dora indicators, read from
	// the end.
	draws := ts.take(sc.draws)
	ura := ts.take(sc.ura)
	kanDora := ts.take(sc.kanDora)
	var rest []tile.Tile
	for t := range tile.Tile(tile.NumTiles) {
		if !ts.used[t] {
			rest = append(rest, t)
		}
	}
	for len(ura) < maxDora {
		ura = append(ura, rest[len(rest)-1])
		rest = rest[:len(rest)-1]
	}
	pool := append(w.pool[:0], draws...)
	pool = append(pool, rest...)
	for i := len(kanDora) - 1; i >= 0; i-- {
		pool = append(pool, kanDora[i])
	}
	for i := len(ura) - 1; i >= 0; i-- {
		pool = append(pool, ura[i])
	}
	r.nUnseen = copy(r.unseen[:], pool)
	r.pendingDora = sc.pendingDora
	r.live = sc.live
	if r.live == 0 {
		r.live = len(draws)
	}
	return r, w
}

// scenarioEnd is what a scenario checks.
type scenarioEnd struct {
	kind    game.EndKind
	renchan bool
	scores  [game.NumSeats]int // after the round, riichi deposits taken
	sticks  int                // left on the table
	won     bool
	dealtIn bool
	// The next round (Index, Honba, Dealer) and whether the game is over;
	// then rank is the seat's exact final rank.
	next game.RoundSetup
	over bool
	rank int
}

// runScenario plays sc's move and the rest of the round.
func runScenario(t *testing.T, e *Engine, sc *scenario) *sim {
	t.Helper()
	r, w := sc.build()
	s := &sim{literal: true}
	s.reset(r, w)
	s.calls = false
	c := Candidate{Action: sc.move, Discard: tile.NoTile}
	switch c.Action.Type {
	case game.Discard, game.Riichi, game.Ankan, game.Kakan:
		// The hand's own copy of the kind.
		for _, h := range r.hand[:r.n] {
			if h.Kind() == c.Action.Tile.Kind() && h.Red() == c.Action.Tile.Red() {
				c.Action.Tile = h
			}
		}
	}
	s.apply(&c, false)
	if sc.then != nil && !s.over {
		sc.then(s)
	}
	if !s.over {
		s.play(false)
	}
	var memo rankMemo
	s.finish(e, &config{}, &memo)
	return s
}

func (sc *scenario) check(t *testing.T, s *sim, want *scenarioEnd) {
	t.Helper()
	r := s.r
	if s.kind != want.kind || s.renchan != want.renchan {
		t.Errorf("ends in %v (renchan %v), want %v (%v)", s.kind, s.renchan, want.kind, want.renchan)
	}
	if s.scores != want.scores || s.sticks != want.sticks {
		t.Errorf("scores %v, %d sticks; want %v, %d", s.scores, s.sticks, want.scores, want.sticks)
	}
	if s.out.won != want.won || s.out.dealtIn != want.dealtIn || s.out.draw != (want.kind == game.ExhaustiveDraw) {
		t.Errorf("outcome won %v dealt in %v draw %v; want %v %v %v", s.out.won, s.out.dealtIn, s.out.draw, want.won, want.dealtIn, want.kind == game.ExhaustiveDraw)
	}
	if d := want.scores[0] - r.scores[0]; s.out.delta != d {
		t.Errorf("outcome delta %d, want %d", s.out.delta, d)
	}
	next, over := r.rules.Next(r.setup, s.scores, s.sticks, s.kind, s.renchan)
	if next.Index != want.next.Index || next.Honba != want.next.Honba || next.Dealer != want.next.Dealer || over != want.over {
		t.Errorf("next round %d honba %d dealer %d over %v; want %d %d %d %v", next.Index, next.Honba, next.Dealer, over,
			want.next.Index, want.next.Honba, want.next.Dealer, want.over)
	}
	if want.over {
		if s.out.dist[want.rank-1] != 1 {
			t.Errorf("final rank distribution %v, want rank %d", s.out.dist, want.rank)
		}
	} else if rankmodel.ExpectedRank(s.out.dist) < 1 {
		t.Errorf("rank distribution %v", s.out.dist)
	}
}

func scenarioEngine(t *testing.T) *Engine {
	t.Helper()
	rk, err := rankmodel.Default()
	if err != nil {
		t.Fatal(err)
	}
	return &Engine{rank: rk} // the scenarios play their rounds by hand: no opponent is read
}

func discardOf(s string) game.Action {
	return game.Action{Type: game.Discard, Tile: tile.MustParse(s)[0]}
}

func tileOf(s string) tile.Tile { return tile.MustParse(s)[0] }

func riichiOf(s string) game.Action {
	return game.Action{Type: game.Riichi, Tile: tile.MustParse(s)[0]}
}

var (
	pass = game.Action{Type: game.Pass}
	ron  = game.Action{Type: game.Ron}
)

// sc25 is 25,000 each plus the given changes.
func sc25(d0, d1, d2, d3 int) [game.NumSeats]int {
	return [game.NumSeats]int{25000 + d0, 25000 + d1, 25000 + d2, 25000 + d3}
}
