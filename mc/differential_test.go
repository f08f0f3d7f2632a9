package mc

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/internal/realgames"
	"github.com/mjrank/mjrank/internal/shareddata"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// The differential test: on concrete worlds, the rollout ends a round as
// sim/game — the rules core, proven on real games — ends it when the same
// moves are played.
//
// A world is made concrete from a decision of a real game (a turn, or an
// answer to a discard): the opponents' states are the oracle's
// (Lab.Truth: tenpai, ron kinds and value from their true hands); they
// only discard the tile they draw (tsumogiri), never call, never dodge,
// never become tenpai by chance; the pool is laid out in the order the
// real wall deals it (the live draws first, after a kan candidate its
// replacement tile before them; the kan and ura dora indicators at the end
// where the rollout reads them). The rollout plays each candidate move of
// the decision; sim/game then plays the same moves on a copy of the real
// round: the seat the candidate and then the discards the rollout chose
// (traced), the opponents tsumogiri, everyone taking a win when it is
// legal (as the rollout does); the seat chis and pons as the rollout did
// (Options.SeatCalls: ChooseCall), the opponents pass.
//
// What must be equal:
//   - how the round ends (a win, an exhaustive draw, a triple ron), the
//     dealer repeat, who wins and from whom, the riichi sticks left;
//   - every seat's points when the seat wins or at an exhaustive draw
//     (tenpai payments): the seat's wins are scored by sim/score on both
//     sides;
//   - when an opponent wins by ron, its points are the root's value: the
//     abstraction promises the mean over its ron kinds of what its hand is
//     worth at the root. They must equal the game's where that promise is
//     exact: one ron kind, not won on a red five, the hand worth as much as
//     at the root (no ippatsu lost, no houtei gained since). Honba, sticks
//     and who pays must agree always;
//   - an opponent's tsumo is its ron value split as Tenhou splits a tsumo
//     (the abstraction knows no tsumo value): who pays is compared, equal
//     points only counted;
//   - the next round (game.Rules.Next): index, dealer, honba and sticks
//     always, the scores and the game's end where the points are equal;
//     at the game's end, the seat's exact final rank.
//
// Worlds the abstraction cannot hold are counted and left out: an
// opponent furiten at the root (the abstract opponent is furiten only for
// the kinds of its own river), an opponent tenpai on a kind it could not
// ron for want of a yaku (the oracle counts it noten; sim/game pays it
// tenpai at a draw and lets a closed one win by tsumo). Round endings the
// rollout does not play are counted, not compared: the abortive draws but
// the triple ron (four riichi, four winds, four kans), nagashi mangan and
// a win with a liable seat (pao).
// docs/ENGINE.md ("The rollout against the rules") lists what the
// abstraction keeps apart from the rules.

// diffCounts tallies the differential test.
type diffCounts struct {
	decisions, worlds int
	kinds             map[string]int // outcomes compared, by kind
	skipped           map[string]int // worlds left out, by reason
	unmodelled        map[string]int // game endings the rollout does not play
	oppPoints         map[string]int // opponent wins: points equal or not, by promise
	failures          []string
}

func (c *diffCounts) fail(format string, args ...any) {
	c.failures = append(c.failures, fmt.Sprintf(format, args...))
}

// ownMove is one discard of the seat in the rollout.
type ownMove struct {
	t      tile.Tile
	riichi bool
	call   score.Meld // a chi or pon (t NoTile)
}

// TestRolloutMatchesGame is the differential test on turn decisions (the
// seat has drawn) and answers to a discard (pass, ron, chi, pon) of the
// first games of the shared corpus.
func TestRolloutMatchesGame(t *testing.T) {
	e, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	// 2,000 turn and 1,000 answer decisions of the first 29 games (4 s);
	// with MJRANK_CORPUS=full 30,000 and 15,000 of the first 173 (1 min).
	turns, answers, stride := 2000, 1000, 7
	switch {
	case shareddata.FullCorpus():
		turns, answers, stride = 30000, 15000, 3
	case testing.Short():
		turns, answers = 200, 100
	}
	c := &diffCounts{kinds: map[string]int{}, skipped: map[string]int{}, unmodelled: map[string]int{}, oppPoints: map[string]int{}}
	for _, p := range positions(t, turns, stride) {
		diffDecision(t, e, &p.round, &p.rules, p.seat, p.name, c)
	}
	for _, p := range answerPositions(t, answers, (stride+1)/2-1) {
		diffDecision(t, e, &p.round, &p.rules, p.seat, p.name, c)
	}
	report := func(name string, m map[string]int) {
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var b strings.Builder
		for _, k := range keys {
			fmt.Fprintf(&b, " %s %d;", k, m[k])
		}
		t.Logf("%s:%s", name, b.String())
	}
	t.Logf("%d decisions, %d worlds compared", c.decisions, c.worlds)
	if c.kinds["(of which the seat called)"] == 0 {
		t.Error("the seat never called: the calls are not compared")
	}
	report("outcomes", c.kinds)
	report("worlds left out", c.skipped)
	report("game endings not played by the rollout", c.unmodelled)
	report("opponents' win points", c.oppPoints)
	for i, f := range c.failures {
		if i == 30 {
			t.Errorf("... %d disagreements in all", len(c.failures))
			break
		}
		t.Error(f)
	}
}

// answerPositions collects up to n answer decisions, every stride-th one:
// a seat that may do more than pass on a discard, in the round as it
// stands after the discard, from the first games of the shared corpus.
func answerPositions(t testing.TB, n, stride int) []position {
	t.Helper()
	var out []position
	k := 0
	var buf []game.Action
	for name, g := range realgames.Games(t) {
		rules := g.EngineRules()
		var rep data.ReplayReport
		for st := range data.ReplaySteps(g, &rep) {
			if len(out) >= n {
				break
			}
			rr := st.Engine
			if e, ok := st.LastEvent(); !ok || e.Type != data.EventDiscard || rr.Phase() != game.PhaseCall {
				continue
			}
			for s := range game.NumSeats {
				if !rr.MustAnswer(s) {
					continue
				}
				buf = rr.Legal(s, buf[:0])
				if len(buf) < 2 {
					continue
				}
				k++
				if k%stride == 0 {
					out = append(out, position{name: name + " " + st.Round.Name() + " answer", round: *rr, rules: rules, seat: s})
				}
			}
		}
		if rep.Err != nil {
			t.Fatal(rep.Err)
		}
		if len(out) >= n {
			break
		}
	}
	return out
}

// diffDecision compares every candidate of seat's decision in round r0.
func diffDecision(t *testing.T, e *Engine, r0 *game.Round, rules *game.Rules, seat int, name string, c *diffCounts) {
	v := game.ViewOf(r0, seat)
	o := config{Options: Options{Rules: rules}, Lab: Lab{Truth: r0, Oracle: OracleAll}}
	var pub opponent.Public
	r := e.newRoot(v, rules, &o, &pub)
	c.decisions++
	for s := range game.NumSeats {
		if s == seat || r0.Waits(s) == 0 {
			continue
		}
		if r0.Furiten(s) {
			c.skipped["an opponent furiten at the root"]++
			return
		}
		for k := range r0.Waits(s).Kinds {
			if _, ok := r0.RonValue(s, k); !ok {
				c.skipped["an opponent tenpai on a kind it cannot ron (no yaku)"]++
				return
			}
		}
	}
	var w, wk world
	if err := concreteWorld(r, r0, &w, false); err != nil {
		c.fail("%s: %v", name, err)
		return
	}
	if err := concreteWorld(r, r0, &wk, true); err != nil {
		c.fail("%s: %v", name, err)
		return
	}
	cands := candidates(r, r0.Legal(seat, nil))
	var memo rankMemo
	for ci := range cands {
		cw := &w
		switch cands[ci].Action.Type {
		case game.Ankan, game.Kakan, game.Daiminkan:
			cw = &wk
			c.kinds["(of which kan candidates)"]++
		}
		c.worlds++
		diffWorld(t, e, r0, rules, seat, fmt.Sprintf("%s seat %d %v", name, seat, &cands[ci]), r, cw, &cands[ci], &o, &memo, c)
	}
}

// concreteWorld fills w from the oracle root r of round r0: the opponents'
// states as r.sample draws them (their probabilities are 0 or 1), the pool
// in the order the real wall deals it — the live draws first; at the end,
// where fillWin reads them, the ura dora indicators (last) and before them
// the dora indicators kans will show (kanDoraAt); the rest in between.
//
// After a kan candidate the seat's first draw is the dead wall's
// replacement tile; the rollout takes it from the pool as a live draw and
// counts one live tile less, as the game does (a kan moves the live wall's
// last tile into the dead wall): for those the pool starts with it.
func concreteWorld(r *root, r0 *game.Round, w *world, kan bool) error {
	r.sample(rand.New(rand.NewPCG(1, 2)), w)
	wall := r0.Wall()
	kans := 0
	for s := range game.NumSeats {
		for _, m := range r0.Melds(s) {
			if m.Type.IsKan() {
				kans++
			}
		}
	}
	live := r0.LiveRemaining()
	next := game.RinshanIndex - kans - live
	var put [tile.NumTiles]bool
	end := map[int]tile.Tile{}
	for i := range maxDora {
		end[r.nUnseen-1-i] = wall[game.UraIndex+i]
	}
	for i := r.numDora; i < maxDora; i++ {
		end[r.kanDoraAt(i)] = wall[game.DoraIndex+i]
	}
	for _, t := range end {
		put[t] = true
	}
	pool := w.pool[:0]
	if kan {
		t := wall[game.RinshanIndex+kans]
		pool = append(pool, t)
		put[t] = true
	}
	for _, t := range wall[next : next+live] {
		pool = append(pool, t)
		put[t] = true
	}
	for _, t := range r.unseen[:r.nUnseen] {
		if !put[t] {
			pool = append(pool, t)
		}
	}
	pool = w.pool[:r.nUnseen]
	for i, t := range end {
		pool[i] = t
	}
	a := slices.Clone(pool)
	slices.Sort(a)
	if !slices.Equal(a, r.unseen[:r.nUnseen]) {
		return fmt.Errorf("the live wall and the dead wall's hidden indicators are not the %d tiles the seat has not seen", r.nUnseen)
	}
	return nil
}

// roundEnd is how the rollout, or the game, ended a round.
type roundEnd struct {
	kind    game.EndKind
	renchan bool
	scores  [game.NumSeats]int
	sticks  int
	deltas  [game.NumSeats]int // riichi deposits made in the round left out
	winners []int              // by seat
	from    int                // the discarder on ron, the winner on tsumo, else -1
}

func (x *roundEnd) what(me int) string {
	switch {
	case x.kind != game.Agari:
		return x.kind.String()
	case len(x.winners) > 1 && slices.Contains(x.winners, me):
		return "double ron, the seat one of the winners"
	case len(x.winners) > 1 && x.from == me:
		return "double ron on the seat"
	case len(x.winners) > 1:
		return "double ron on an opponent"
	}
	w := x.winners[0]
	switch {
	case w == me && x.from == me:
		return "seat tsumo"
	case w == me:
		return "seat ron"
	case x.from == w:
		return "opponent tsumo"
	case x.from == me:
		return "opponent ron on the seat"
	}
	return "opponent ron on an opponent"
}

// diffWorld plays candidate cand in world w with the rollout, the same
// moves in a copy of r0, and compares the two ends.
func diffWorld(t *testing.T, e *Engine, r0 *game.Round, rules *game.Rules, seat int, name string, r *root, w *world, cand *Candidate, o *config, memo *rankMemo, c *diffCounts) {
	d := &diffRun{t: t, e: e, r0: r0, rules: rules, seat: seat, name: name, r: r, w: w, cand: cand, o: o, memo: memo, c: c}
	d.playRollout()
	if !d.rolloutEnd() || !d.replay() || !d.gameEnd() {
		return
	}
	gw, ok := d.compareEnds()
	if !ok {
		return
	}
	pointsEqual := d.comparePoints(gw)
	d.compareOutcome(gw, pointsEqual)
	d.compareNext(gw, pointsEqual)
}

// diffRun is one world of the differential test: the rollout's play of a
// candidate, the same moves replayed in the game, and the two ends.
type diffRun struct {
	t     *testing.T
	e     *Engine
	r0    *game.Round
	rules *game.Rules
	seat  int
	name  string
	r     *root
	w     *world
	cand  *Candidate
	o     *config
	memo  *rankMemo
	c     *diffCounts

	// The rollout.
	s      *sim
	moves  []ownMove // the seat's moves, as the rollout traced them
	atRoot bool      // the round ended on the root's tile
	ro     roundEnd  // the rollout's end, in the game's terms

	// The game.
	g        game.Round
	ronValue [game.NumSeats]int // each ron winner's hand value as it won
	mi       int                // the next of moves to play
	first    bool               // the candidate not played yet
	buf      []game.Action
	res      *game.Result
	ge       roundEnd
}

// playRollout plays the candidate in the world with the rollout, the
// seat's moves traced.
func (d *diffRun) playRollout() {
	s := &sim{literal: true}
	s.trace = func(t tile.Tile, riichi bool, m score.Meld) { d.moves = append(d.moves, ownMove{t, riichi, m}) }
	s.reset(d.r, d.w)
	s.calls = false
	d.r.seatCalls = true
	s.apply(d.cand, false)
	d.atRoot = s.over && len(d.moves) == 0
	if !s.over {
		s.play(false)
	}
	s.finish(d.e, d.o, d.memo)
	d.s = s
}

// rolloutEnd sets ro, the rollout's end in the game's terms: false (a
// failure counted) when its winners and payers make no win.
func (d *diffRun) rolloutEnd() bool {
	s, r := d.s, d.r
	ro := roundEnd{kind: s.kind, renchan: s.renchan, scores: s.scores, sticks: s.sticks, from: -1}
	for i := range game.NumSeats {
		ro.deltas[i] = s.scores[i] - r.scores[i]
	}
	// Riichi deposits: the seat's, and the stick of a riichi declared with
	// the discard answered at the root, once nobody ronned it.
	if s.riichi && !r.riichi {
		ro.deltas[d.seat] += 1000
	}
	if r.pendingRiichi && !(d.atRoot && (s.kind == game.Agari || s.kind == game.TripleRon)) {
		ro.deltas[r.cur] += 1000
	}
	if ro.kind == game.Agari {
		var payers []int
		for i, x := range ro.deltas {
			if x > 0 {
				ro.winners = append(ro.winners, i)
			} else if x < 0 {
				payers = append(payers, i)
			}
		}
		switch {
		case len(ro.winners) == 1 && len(payers) == game.NumSeats-1:
			ro.from = ro.winners[0]
		case len(payers) == 1:
			ro.from = payers[0]
		default:
			d.c.fail("%s: a rollout win with winners %v and payers %v", d.name, ro.winners, payers)
			return false
		}
	}
	d.ro = ro
	return true
}

// replay plays the rollout's moves in a copy of r0 to its end: false (a
// failure counted) when the game cannot.
func (d *diffRun) replay() bool {
	d.g = *d.r0
	d.first = true
	for steps := 0; d.g.Phase() != game.PhaseEnd; steps++ {
		if steps > 1000 {
			d.c.fail("%s: the game does not end", d.name)
			return false
		}
		step := d.turn
		if d.g.Phase() != game.PhaseTurn {
			step = d.answer
		}
		if !step() {
			return false
		}
	}
	if d.mi < len(d.moves) {
		d.c.fail("%s: the game ended with the rollout's discards %v not played", d.name, d.moves[d.mi:])
	}
	return true
}

// answer plays every seat's answer to a discard in the game: the candidate
// or the rollout's call for the seat, a ron when legal, else a pass.
func (d *diffRun) answer() bool {
	g, moves := &d.g, d.moves
	for sa := range game.NumSeats {
		if !g.MustAnswer(sa) {
			continue
		}
		d.buf = g.Legal(sa, d.buf[:0])
		a, ok := game.FindAction(d.buf, game.Ron)
		switch {
		case sa == d.seat && d.first:
			a, d.first = d.cand.Action, false
		case sa == d.seat && !ok && d.mi < len(moves) && moves[d.mi].call.Tiles[0] == g.LastTile() && moves[d.mi].call.Type != score.NoMeld:
			if a, ok = findCall(d.buf, moves[d.mi].call); !ok {
				d.c.fail("%s: the rollout's call %v is not legal in the game (legal %v)", d.name, moves[d.mi].call, d.buf)
				return false
			}
			d.mi++
		case !ok:
			a = game.PassAction(d.buf)
		}
		if a.Type == game.Ron {
			d.ronValue[sa], _ = g.RonValue(sa, g.LastTile().Kind())
		}
		if !d.apply(a) {
			return false
		}
	}
	return true
}

// turn plays the current seat's turn in the game: the candidate or the
// rollout's discard for the seat, a tsumo when legal, else tsumogiri.
func (d *diffRun) turn() bool {
	g, moves := &d.g, d.moves
	cur := g.Current()
	d.buf = g.Legal(cur, d.buf[:0])
	win, canWin := game.FindAction(d.buf, game.Tsumo)
	var a game.Action
	switch {
	case cur == d.seat && d.first:
		a, d.first = d.cand.Action, false
		if a.Type == game.Discard || a.Type == game.Riichi {
			if len(moves) == 0 || moves[0] != (ownMove{t: a.Tile, riichi: a.Type == game.Riichi}) {
				d.c.fail("%s: the rollout's first discard %v is not the candidate's", d.name, moves)
				return false
			}
			d.mi = 1
		}
	case canWin:
		a = win
	case cur == d.seat:
		if d.mi >= len(moves) {
			d.c.fail("%s: the seat must discard in the game, not in the rollout (moves %v)", d.name, moves)
			return false
		}
		m := moves[d.mi]
		d.mi++
		if m.call.Type != score.NoMeld {
			d.c.fail("%s: the rollout calls %v where the game has the seat draw (moves %v)", d.name, m.call, moves)
			return false
		}
		a = game.Action{Type: game.Discard, Seat: uint8(cur), Tile: m.t}
		if m.riichi {
			a.Type = game.Riichi
		}
	default:
		a = game.Action{Type: game.Discard, Seat: uint8(cur), Tile: g.Drawn()}
	}
	return d.apply(a)
}

// apply plays a in the game: false (a failure counted) when it refuses.
func (d *diffRun) apply(a game.Action) bool {
	if err := d.g.Apply(a); err != nil {
		d.c.fail("%s: the game refuses the rollout's move: %v (moves %v)", d.name, err, d.moves)
		return false
	}
	return true
}

// gameEnd sets res and ge, the game's end: false (counted) when the round
// ended in a way the rollout does not play.
func (d *diffRun) gameEnd() bool {
	res := d.g.Result()
	ge := roundEnd{kind: res.Kind, renchan: res.Renchan, scores: d.g.Scores(), sticks: d.g.Sticks(), deltas: res.Deltas, from: -1}
	for _, wr := range res.Wins[:res.NumWins] {
		ge.winners = append(ge.winners, int(wr.Seat))
		ge.from = int(wr.From)
	}
	slices.Sort(ge.winners)
	d.res, d.ge = res, ge
	if res.Kind == game.ExhaustiveDraw && slices.Contains(res.Nagashi[:], true) {
		d.c.unmodelled["nagashi mangan"]++
		return false
	}
	if res.Kind.IsAbort() && res.Kind != game.TripleRon {
		d.c.unmodelled[res.Kind.String()]++
		return false
	}
	for _, wr := range res.Wins[:res.NumWins] {
		if wr.Pao >= 0 { // the rollout makes no one liable
			d.c.unmodelled["a win with a liable seat (pao)"]++
			return false
		}
	}
	return true
}

// compareEnds compares how the round ended, who won and from whom, the
// dealer repeat and the sticks; it counts the outcome and returns its
// kind, false (a failure counted) when the ends differ.
func (d *diffRun) compareEnds() (string, bool) {
	ge, ro, c := &d.ge, &d.ro, d.c
	gw, rw := ge.what(d.seat), ro.what(d.seat)
	if gw != rw || !slices.Equal(ge.winners, ro.winners) || ge.from != ro.from {
		c.fail("%s: the game ends in %s (winners %v from %d), the rollout in %s (winners %v from %d)", d.name, gw, ge.winners, ge.from, rw, ro.winners, ro.from)
		return gw, false
	}
	c.kinds[gw]++
	for _, m := range d.moves {
		if m.call.Type != score.NoMeld {
			c.kinds["(of which the seat called)"]++
			break
		}
	}
	if ge.renchan != ro.renchan || ge.sticks != ro.sticks {
		c.fail("%s (%s): renchan %v, %d sticks in the game; %v, %d in the rollout", d.name, gw, ge.renchan, ge.sticks, ro.renchan, ro.sticks)
	}
	return gw, true
}

// comparePoints compares the points as far as the abstraction promises
// them, and reports whether the deltas are equal.
func (d *diffRun) comparePoints(gw string) bool {
	ge, ro, res := &d.ge, &d.ro, d.res
	pointsEqual := ge.deltas == ro.deltas
	oppWin := false
	for _, wr := range res.Wins[:res.NumWins] {
		oppWin = oppWin || int(wr.Seat) != d.seat
	}
	switch {
	case !oppWin:
		if !pointsEqual || ge.scores != ro.scores {
			d.c.fail("%s (%s): scores %v (deltas %v) in the game, %v (%v) in the rollout", d.name, gw, ge.scores, ge.deltas, ro.scores, ro.deltas)
		}
	case res.Wins[0].Tsumo:
		d.c.oppPoints[fmt.Sprintf("tsumo (the ron value split): equal %v", pointsEqual)]++
	default:
		d.compareOppRon(gw, pointsEqual)
	}
	return pointsEqual
}

// compareOppRon compares the points of a ron won by an opponent: the
// game's deltas with each opponent's value in place of its hand's points
// (honba, sticks and who pays must agree), equal points where the value
// is exact.
func (d *diffRun) compareOppRon(gw string, pointsEqual bool) {
	ge, ro, c := &d.ge, &d.ro, d.c
	want := ge.deltas
	promised := true
	for _, wr := range d.res.Wins[:d.res.NumWins] {
		j := int(wr.Seat)
		if j == d.seat {
			continue
		}
		x := d.s.opp[j].value - wr.Score.Points
		want[j] += x
		want[ge.from] -= x
		op := &d.r.opp[j]
		promised = promised && oneKind(&op.waitP) && !wr.Win.WinTile.Red() &&
			d.ronValue[j] == wr.Score.Points && d.ronValue[j] == op.value
	}
	if want != ro.deltas {
		c.fail("%s (%s): deltas %v in the game, %v in the rollout: not its value's difference", d.name, gw, ge.deltas, ro.deltas)
	}
	switch {
	case promised && !pointsEqual:
		c.fail("%s (%s): one ron kind, the hand's value unchanged: deltas %v in the game, %v in the rollout", d.name, gw, ge.deltas, ro.deltas)
	case promised:
		c.oppPoints["ron, one kind, value unchanged since the root: equal"]++
	default:
		c.oppPoints[fmt.Sprintf("ron, the value a mean or changed since the root: equal %v", pointsEqual)]++
	}
}

// compareOutcome compares the outcome the engine records with the game's.
func (d *diffRun) compareOutcome(gw string, pointsEqual bool) {
	out, ge := &d.s.out, &d.ge
	won := slices.Contains(ge.winners, d.seat)
	dealtIn := ge.kind == game.Agari && !won && ge.from == d.seat
	if out.won != won || out.dealtIn != dealtIn || out.draw != (ge.kind == game.ExhaustiveDraw) {
		d.c.fail("%s (%s): outcome won %v, dealt in %v, draw %v", d.name, gw, out.won, out.dealtIn, out.draw)
	}
	if x := ge.scores[d.seat] - d.r0.Scores()[d.seat]; pointsEqual && out.delta != x {
		d.c.fail("%s (%s): outcome delta %d, the game's %d", d.name, gw, out.delta, x)
	}
}

// compareNext compares the next round (game.Rules.Next): index, dealer,
// honba and sticks always, all of it where the points are equal, and then
// at the game's end the seat's final rank.
func (d *diffRun) compareNext(gw string, pointsEqual bool) {
	ge, ro, rules := &d.ge, &d.ro, d.rules
	setup := d.r.setup
	gn, gover := rules.Next(setup, ge.scores, ge.sticks, ge.kind, ge.renchan)
	rn, rover := rules.Next(setup, ro.scores, ro.sticks, ro.kind, ro.renchan)
	if gn.Index != rn.Index || gn.Dealer != rn.Dealer || gn.Honba != rn.Honba || gn.Sticks != rn.Sticks {
		d.c.fail("%s (%s): next round %+v in the game, %+v in the rollout", d.name, gw, gn, rn)
	}
	if !pointsEqual {
		return
	}
	if gn != rn || gover != rover {
		d.c.fail("%s (%s): next round %+v (over %v) in the game, %+v (%v) in the rollout", d.name, gw, gn, gover, rn, rover)
	}
	if gover {
		gm := game.NewGame(*rules)
		gm.SetNext(setup)
		if err := gm.EndRound(&d.g); err != nil {
			d.t.Fatal(err)
		}
		_, _, rank := gm.Final()
		if d.s.out.dist[rank[d.seat]-1] != 1 {
			d.c.fail("%s (%s): the game is over, the seat's rank %d, the rollout's distribution %v", d.name, gw, rank[d.seat], d.s.out.dist)
		}
		d.c.kinds["(of which the game's end)"]++
	}
}

func oneKind(p *[tile.NumKinds]float64) bool {
	n := 0
	for _, x := range p {
		if x > 0 {
			n++
		}
	}
	return n == 1
}

// findCall returns the chi or pon of legal that makes meld m: the same
// kinds and red fives (Legal lists one call of each), played with m's
// tiles.
func findCall(legal []game.Action, m score.Meld) (game.Action, bool) {
	same := func(x, y tile.Tile) bool { return x.Kind() == y.Kind() && x.Red() == y.Red() }
	want := m.Tiles[:3]
	for _, a := range legal {
		if (a.Type != game.Chi && a.Type != game.Pon) || a.Meld.Type != m.Type {
			continue
		}
		got := a.Meld.Tiles[:3]
		if got[0] == want[0] && (same(got[1], want[1]) && same(got[2], want[2]) || same(got[1], want[2]) && same(got[2], want[1])) {
			a.Meld = m
			return a, true
		}
	}
	return game.Action{}, false
}
