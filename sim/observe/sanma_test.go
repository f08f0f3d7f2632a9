package observe

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// Three players (issue 54): the observation, the Observer and the
// determinization of Tenhou's sanma, on the same code as four.

// sanmaPlayer sets a North aside three times in four when it may, and
// otherwise plays as the player it wraps: self-play full of kitas.
type sanmaPlayer struct {
	game.Player
	rng *rand.Rand
}

func (p *sanmaPlayer) Act(v game.View, legal []game.Action) game.Action {
	for _, a := range legal {
		if a.Type == game.Kita && p.rng.IntN(4) != 0 {
			return a
		}
	}
	return p.Player.Act(v, legal)
}

// sanmaPlayers returns the players of three-player game seed: random
// players for an even seed, riichi players for an odd one, both keen on
// kitas. Seat 3 stays nil: asking it would panic.
func sanmaPlayers(seed uint64) *[game.NumSeats]game.Player {
	var players [game.NumSeats]game.Player
	for i := range 3 {
		var p game.Player = &randomPlayer{rng: rand.New(rand.NewPCG(seed, uint64(i)))}
		if seed%2 == 1 {
			p = &riichiPlayer{rng: rand.New(rand.NewPCG(seed, uint64(i)))}
		}
		players[i] = &sanmaPlayer{Player: p, rng: rand.New(rand.NewPCG(seed, 10+uint64(i)))}
	}
	return &players
}

// outOfPlay reports whether t is one of 2m..8m, which three players do not
// use.
func outOfPlay(t tile.Tile) bool { return t.Valid() && !game.Layout3.InPlay(t) }

// sameSanma adds to sameObservation what three players have more: the
// Norths set aside, the empty seat, no tile out of play seen or unseen.
func sameSanma(o *Observation, r *game.Round) error {
	if err := sameObservation(o, r); err != nil {
		return err
	}
	if o.Players() != 3 {
		return fmt.Errorf("%d players", o.Players())
	}
	for s := range game.NumSeats {
		if o.Kita(s) != r.Kita(s) {
			return fmt.Errorf("seat %d: %d Norths set aside, round %d", s, o.Kita(s), r.Kita(s))
		}
	}
	if o.Concealed(3) != 0 || len(o.River(3)) != 0 || o.Scores()[3] != 0 {
		return fmt.Errorf("seat 3 is not empty")
	}
	u, v := o.Unseen(), o.Visible()
	for k := tile.Kind(1); k <= 7; k++ { // 2m..8m
		if u[k] != 0 || v[k] != 0 {
			return fmt.Errorf("kind %v: %d unseen, %d visible with three players", k, u[k], v[k])
		}
	}
	return nil
}

// sanmaTally counts what the three-player self-play went through.
type sanmaTally struct {
	games, rounds, actions, kitas, riichiKitas, robbed int
	determinized, withKita, riichiHands, sameSeed      int
}

// checkDeterminized checks a determinization det of o at a decision of the
// real round: the public facts, the round's invariants, 108 tiles and none
// of 2m..8m, every place o knows kept, riichi hands tenpai.
func checkDeterminized(det, real *game.Round, o *Observation, total int, tl *sanmaTally) error {
	seat := o.Seat()
	if err := samePublic(det, real, seat); err != nil {
		return err
	}
	for s := range game.NumSeats {
		if det.Kita(s) != real.Kita(s) {
			return fmt.Errorf("seat %d: %d Norths set aside, real %d", s, det.Kita(s), real.Kita(s))
		}
	}
	if err := checkInvariants(det, total); err != nil {
		return fmt.Errorf("invariants: %w", err)
	}
	w := det.Wall()
	if !w.ValidFor(3) {
		return fmt.Errorf("the wall is not a three-player wall")
	}
	for p, t := range o.known {
		if t != tile.NoTile && w[p] != t {
			return fmt.Errorf("wall place %d: %v, the seat saw %v there", p, w[p], t)
		}
	}
	for s := range 3 {
		for _, t := range det.Hand(s) {
			if outOfPlay(t) {
				return fmt.Errorf("seat %d holds %v", s, t)
			}
		}
		if s != seat && det.InRiichi(s) {
			tl.riichiHands++
			if det.Waits(s) == 0 {
				return fmt.Errorf("seat %d in riichi holds %s", s, tile.Format(det.Hand(s)))
			}
		}
	}
	return nil
}

// playSanmaObserved plays three-player game seed with an Observer in the
// hooks, checking every seat's observation after every action and a
// determinization at every decision (twice with one seed every so often:
// the same round).
func playSanmaObserved(t *testing.T, seed uint64, tl *sanmaTally) error {
	var ob Observer
	h := ob.Hooks()
	total := 0
	h.Start = func(r *game.Round) error {
		tl.rounds++
		total = 1000 * r.Sticks()
		for _, s := range r.Scores() {
			total += s
		}
		return ob.Start(r)
	}
	step := 0
	h.Decision = func(r *game.Round, seat int, _ []game.Action) error {
		step++
		o := ob.Observation(seat)
		rng := rand.New(rand.NewPCG(seed, uint64(step)))
		det, err := o.Determinize(rng, DeterminizeOptions{})
		if err != nil {
			return err
		}
		tl.determinized++
		if r.Kita(0)+r.Kita(1)+r.Kita(2) > 0 {
			tl.withKita++
		}
		if err := checkDeterminized(det, r, o, total, tl); err != nil {
			return fmt.Errorf("seat %d determinized: %w", seat, err)
		}
		if step%16 == 0 {
			again, err := o.Determinize(rand.New(rand.NewPCG(seed, uint64(step))), DeterminizeOptions{})
			if err != nil {
				return err
			}
			if *again.Wall() != *det.Wall() {
				return fmt.Errorf("seat %d: the same seed gives another wall", seat)
			}
			tl.sameSeed++
		}
		return nil
	}
	lastKita := false
	h.Applied = func(r *game.Round, a game.Action) error {
		tl.actions++
		if a.Type == game.Kita {
			tl.kitas++
			if r.InRiichi(int(a.Seat)) {
				tl.riichiKitas++
			}
		}
		if a.Type == game.Ron && lastKita {
			tl.robbed++
		}
		if a.Type != game.Pass {
			lastKita = a.Type == game.Kita
		}
		if err := ob.Update(r); err != nil {
			return err
		}
		if ob.Observation(3) != nil {
			return fmt.Errorf("an observation for seat 3")
		}
		if r.Phase() == game.PhaseEnd {
			return nil // wins and draws are not events
		}
		for s := range 3 {
			if err := sameSanma(ob.Observation(s), r); err != nil {
				return fmt.Errorf("seat %d after %v: %w", s, a, err)
			}
		}
		return nil
	}
	g, err := game.PlayGameHooked(context.Background(), game.TenhouSanma(game.Hanchan), seed, sanmaPlayers(seed), &h)
	if err != nil {
		return err
	}
	tl.games++
	if g.Rounds() < 3 {
		return fmt.Errorf("a game of %d rounds", g.Rounds())
	}
	return nil
}

// TestSanmaObserverSelfPlay plays 200 three-player hanchans of random and
// riichi players (keen on kitas) with an Observer in the play loop's
// hooks: after every action each of the three observations agrees with
// the round (hands, rivers, melds, Norths set aside, scores, the wall
// left, visible and unseen tiles over the 108), and at every decision a
// determinization from the deciding seat's observation keeps every public
// fact and every place the seat knows, passes Round.Check, uses the 108
// tiles only and keeps riichi hands tenpai; one seed gives one round.
func TestSanmaObserverSelfPlay(t *testing.T) {
	games := 200
	if testing.Short() {
		games = 20
	}
	var tl sanmaTally
	for seed := range uint64(games) {
		if err := playSanmaObserved(t, seed, &tl); err != nil {
			t.Fatalf("game %d: %v", seed, err)
		}
	}
	t.Logf("%+v", tl)
	if tl.kitas == 0 || tl.withKita == 0 || tl.riichiHands == 0 || tl.sameSeed == 0 {
		t.Errorf("self-play missed a case: %+v", tl)
	}
	if !testing.Short() && (tl.riichiKitas == 0 || tl.robbed == 0) {
		t.Errorf("no kita in riichi, or none robbed: %+v", tl)
	}
}

// sanmaObservations plays three-player rounds and keeps the observation of
// the seat to act every few decisions.
func sanmaObservations(t testing.TB, games int) []*Observation {
	t.Helper()
	var out []*Observation
	for seed := range uint64(games) {
		var ob Observer
		h := ob.Hooks()
		step := 0
		h.Decision = func(_ *game.Round, seat int, _ []game.Action) error {
			if step%5 == 2 {
				out = append(out, ob.Observation(seat).Clone())
			}
			step++
			return nil
		}
		if _, err := game.PlayGameHooked(context.Background(), game.TenhouSanma(game.Hanchan), seed, sanmaPlayers(seed), &h); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// TestSanmaObservationJSONRoundTrip writes three-player observations (kitas
// among their events), reads them back and writes them again: the same
// JSON, with "players":3 and three scores, the same state by face, the
// same rules, and a round determinized from the copy.
func TestSanmaObservationJSONRoundTrip(t *testing.T) {
	kitas := 0
	for i, o := range sanmaObservations(t, 6) {
		b, err := json.Marshal(o)
		if err != nil {
			t.Fatal(err)
		}
		back, err := ParseObservation(b)
		if err != nil {
			t.Fatalf("observation %d: %v\n%s", i, err, b)
		}
		if back.Players() != 3 || back.Rules() != o.Rules() {
			t.Fatalf("observation %d: read back with %d players, rules %+v", i, back.Players(), back.Rules())
		}
		b2, err := json.Marshal(back)
		if err != nil {
			t.Fatal(err)
		}
		if string(b) != string(b2) {
			t.Fatalf("observation %d: round trip\n%s\n%s", i, b, b2)
		}
		if err := sameByFace(o, back); err != nil {
			t.Fatalf("observation %d: %v", i, err)
		}
		var j struct {
			Scores []int
			Rules  struct{ Players int }
		}
		if err := json.Unmarshal(b, &j); err != nil || len(j.Scores) != 3 || j.Rules.Players != 3 {
			t.Fatalf("observation %d: scores %v, players %d (%v)", i, j.Scores, j.Rules.Players, err)
		}
		for s := range 3 {
			kitas += back.Kita(s)
		}
		if _, err := back.Determinize(rand.New(rand.NewPCG(uint64(i), 0)), DeterminizeOptions{}); err != nil {
			t.Fatalf("observation %d: %v", i, err)
		}
	}
	if kitas == 0 {
		t.Error("no kita in the observations written")
	}
}
