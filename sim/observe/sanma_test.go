package observe

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/score"
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
		if s == seat {
			continue
		}
		// No hidden hand holds more Norths than the seat has not seen.
		if c := det.Counts(s); c[tile.North] > o.Unseen()[tile.North] {
			return fmt.Errorf("seat %d holds %d Norths, %d unseen", s, c[tile.North], o.Unseen()[tile.North])
		}
		if det.InRiichi(s) {
			tl.riichiHands++
			if det.Waits(s) == 0 {
				return fmt.Errorf("seat %d in riichi holds %s", s, tile.Format(det.Hand(s)))
			}
		}
	}
	return nil
}

// sanmaDecision determinizes seat's observation at a decision of r (step
// of game seed) and checks the round; every 16th time it determinizes
// again with the same seed, which must give the same wall.
func sanmaDecision(o *Observation, r *game.Round, seed uint64, step, total int, tl *sanmaTally) error {
	det, err := o.Determinize(rand.New(rand.NewPCG(seed, uint64(step))), DeterminizeOptions{})
	if err != nil {
		return err
	}
	tl.determinized++
	if r.Kita(0)+r.Kita(1)+r.Kita(2) > 0 {
		tl.withKita++
	}
	if err := checkDeterminized(det, r, o, total, tl); err != nil {
		return fmt.Errorf("seat %d determinized: %w", o.Seat(), err)
	}
	if step%16 == 0 {
		again, err := o.Determinize(rand.New(rand.NewPCG(seed, uint64(step))), DeterminizeOptions{})
		if err != nil {
			return err
		}
		if *again.Wall() != *det.Wall() {
			return fmt.Errorf("seat %d: the same seed gives another wall", o.Seat())
		}
		tl.sameSeed++
	}
	return nil
}

// playSanmaObserved plays three-player game seed with an Observer in the
// hooks, checking every seat's observation after every action and a
// determinization at every decision (sanmaDecision).
func playSanmaObserved(seed uint64, tl *sanmaTally) error {
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
		return sanmaDecision(ob.Observation(seat), r, seed, step, total, tl)
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
		if err := playSanmaObserved(seed, &tl); err != nil {
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

// sanmaJSON is a short three-player observation: seat 1's view of East 1,
// seat 0 setting a North aside and discarding on its replacement draw, up
// to seat 1's first discard.
const sanmaJSON = `{"rules":{"players":3},"round":0,"honba":0,"sticks":0,"dealer":0,"scores":[35000,35000,35000],"seat":1,
"hand":["1m","1m","9m","0p","6p","7p","1s","1s","9s","1z","1z","4z","7z"],"dora_indicator":"3p",
"events":[{"type":"draw","seat":0},{"type":"kita","seat":0,"tile":"4z"},{"type":"draw","seat":0,"rinshan":true},
{"type":"discard","seat":0,"tile":"9m","tsumogiri":true},{"type":"draw","seat":1,"tile":"4s"},{"type":"discard","seat":1,"tile":"7z"}]}`

// TestSanmaObservationJSON reads sanmaJSON: three players, the North seat
// 0 set aside (seen, visible, out of the unseen), the replacement draw from
// the dead wall, the live wall of 55 less one draw per seat and the kita's.
func TestSanmaObservationJSON(t *testing.T) {
	o, err := ParseObservation([]byte(sanmaJSON))
	if err != nil {
		t.Fatal(err)
	}
	r := o.Rules()
	if o.Players() != 3 || r.Players() != 3 || r.StartPoints != 35000 || o.Scores() != [4]int{35000, 35000, 35000, 0} {
		t.Errorf("players %d, rules %+v, scores %v", o.Players(), r, o.Scores())
	}
	if o.Kita(0) != 1 || o.Visible()[tile.North] != 2 || o.Unseen()[tile.North] != 2 {
		t.Errorf("kita %d, North visible %d unseen %d; want 1, 2, 2", o.Kita(0), o.Visible()[tile.North], o.Unseen()[tile.North])
	}
	// 55 live draws: the dealer's and seat 1's taken, and one moved to the
	// dead wall by the kita.
	if o.LiveRemaining() != 52 {
		t.Errorf("live remaining %d, want 52", o.LiveRemaining())
	}
	unseen := 0
	for _, n := range o.Unseen() {
		unseen += int(n)
	}
	// 108 tiles: 14 in the hand (dealt and drawn, one discarded), the
	// indicator, two discards and the North set aside are seen.
	if want := 108 - 13 - 1 - 1 - 1 - 1; unseen != want {
		t.Errorf("%d unseen, want %d", unseen, want)
	}
	det, err := o.Determinize(rand.New(rand.NewPCG(1, 2)), DeterminizeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// Unless seat 0 or 2 can call the 7z, seat 2 has drawn.
	_, repl := det.Draws()
	if det.Kita(0) != 1 || det.Players() != 3 || repl != 1 || det.LiveRemaining() < 51 || len(det.River(0)) != 1 || len(det.River(1)) != 1 {
		t.Errorf("determinized: kita %d, players %d, %d replacement draws, live %d, rivers %v %v",
			det.Kita(0), det.Players(), repl, det.LiveRemaining(), det.River(0), det.River(1))
	}
}

// TestSanmaObservationJSONErrors: three-player observation JSON with four
// seats' data, a seat 3, tiles out of play or a kita that cannot be is
// refused, naming the field or the event and why; a kita in a
// four-player observation too.
func TestSanmaObservationJSONErrors(t *testing.T) {
	for _, c := range []struct {
		name, old, new string
		want           string
	}{
		{"four scores", `[35000,35000,35000]`, `[35000,35000,35000,0]`, "scores: 4 values, want 3"},
		{"seat 3", `"seat":1`, `"seat":3`, "seat 3 is not a seat of a 3-player round"},
		{"dealer 3", `"dealer":0`, `"dealer":3`, "dealer: 3 is not a seat of 3 players"},
		{"five players", `"players":3`, `"players":5`, "rules.players: 5 (want 3 or 4)"},
		{"four-player score rules", `"players":3`, `"players":3,"score":"tenhou"`, "rules.score: rules for 4 players, but players is 3"},
		{"dealt 3m", `"1m","1m","9m"`, `"1m","3m","9m"`, "dealt tile 1: 3m (id 8) is not used with three players"},
		{"indicator 5m", `"dora_indicator":"3p"`, `"dora_indicator":"5m"`, "dora indicator 5m (id 17) is not used with three players"},
		{"discard 0m", `"tile":"9m","tsumogiri":true`, `"tile":"0m","tsumogiri":true`, "discard: 0m (id 16) is not used with three players"},
		{"event of seat 3", `{"type":"draw","seat":1,"tile":"4s"}`, `{"type":"draw","seat":3}`, "events[4].seat: missing or not a seat of 3 players"},
		{"kita of a wind", `"type":"kita","seat":0,"tile":"4z"`, `"type":"kita","seat":0,"tile":"3z"`, "a kita sets aside a North, not 3z"},
		{"kita with a field", `"type":"kita","seat":0,"tile":"4z"`, `"type":"kita","seat":0,"tile":"4z","from":1`, "events[1].from: not a field of a kita event"},
		{"kita out of turn", `"type":"kita","seat":0,"tile":"4z"`, `"type":"kita","seat":2,"tile":"4z"`, "seat 0 is to act, not seat 2"},
		{"draw not rinshan", `{"type":"draw","seat":0,"rinshan":true}`, `{"type":"draw","seat":0}`, "a draw after a kan is a rinshan draw"},
		{"chi", `{"type":"draw","seat":1,"tile":"4s"}`, `{"type":"chi","seat":1,"from":0,"tiles":["1m","1m"]}`, "no chi with three players"},
	} {
		t.Run(c.name, func(t *testing.T) {
			in := strings.Replace(sanmaJSON, c.old, c.new, 1)
			if in == sanmaJSON {
				t.Fatalf("%q not in the base", c.old)
			}
			if _, err := ParseObservation([]byte(in)); !observeErr(err, c.want) {
				t.Fatalf("got %v, want an error with %q", err, c.want)
			}
		})
	}
	four := strings.Replace(strings.Replace(sanmaJSON, `"rules":{"players":3},`, ``, 1), `[35000,35000,35000]`, `[25000,25000,25000,25000]`, 1)
	if _, err := ParseObservation([]byte(four)); !observeErr(err, "a kita with 4 players (three only)") {
		t.Errorf("a kita with four players: %v", err)
	}
}

// TestSanmaAppendErrors appends impossible events to seat 1's
// three-player observations (sanmaJSON, and a variant where seat 1
// declares riichi): each must be refused as an ObservationError naming
// its index and why, leaving the observation as it was.
func TestSanmaAppendErrors(t *testing.T) {
	base, err := ParseObservation([]byte(sanmaJSON))
	if err != nil {
		t.Fatal(err)
	}
	riichiJSON := strings.Replace(strings.Replace(sanmaJSON, `"1m","1m","9m","0p","6p","7p","1s","1s","9s","1z","1z","4z","7z"`,
		`"1m","1m","1m","9m","9m","9m","1p","2p","3p","4z","4z","7z","7z"`, 1),
		`{"type":"discard","seat":1,"tile":"7z"}`, `{"type":"discard","seat":1,"tile":"4s","tsumogiri":true,"riichi":true}`, 1)
	inRiichi, err := ParseObservation([]byte(riichiJSON))
	if err != nil {
		t.Fatal(err)
	}
	setAside := base.Events()[1].Tile // the North seat 0 set aside
	var mine, unseenNorth tile.Tile = tile.NoTile, tile.NoTile
	for _, h := range base.Hand() {
		if h.Kind() == tile.North {
			mine = h
		}
	}
	for n := tile.Tile(tile.North) * 4; n < tile.Tile(tile.North)*4+4; n++ {
		if n != setAside && !slices.Contains(base.Hand(), n) {
			unseenNorth = n
		}
	}
	unseen := tile.MustParseTile("8s")
	hidden := func(s uint8) ObsEvent { return ObsEvent{Type: ObsDraw, Seat: s, Tile: tile.NoTile} }
	seven := base.River(1)[0].Tile
	pon := score.Meld{Type: score.Pon, Tiles: [4]tile.Tile{seven, seven + 1, seven + 2}}
	round := []ObsEvent{hidden(2), {Type: ObsDiscard, Seat: 2, Tile: unseen, Tsumogiri: true},
		hidden(0), {Type: ObsDiscard, Seat: 0, Tile: unseen + 1, Tsumogiri: true}}
	ownDraw := append(slices.Clone(round), ObsEvent{Type: ObsDraw, Seat: 1, Tile: unseen + 2})
	riichiDraw := append([]ObsEvent{{Type: ObsRiichiAccepted, Seat: 1}}, ownDraw...)
	for _, c := range []struct {
		name   string
		o      *Observation
		before []ObsEvent
		e      ObsEvent
		want   string
	}{
		{"seat 3 draws", base, nil, hidden(3), "seat 3 is not a seat of a 3-player round"},
		{"seat 3 calls", base, nil, ObsEvent{Type: ObsCall, Seat: 3, From: 1, Meld: pon}, "seat 3 is not a seat of a 3-player round"},
		{"seat 0 draws after seat 2", base, round[:2], hidden(1), "seat 0 draws next"},
		{"chi", base, nil, ObsEvent{Type: ObsCall, Seat: 2, From: 1, Meld: score.Meld{Type: score.Chi, Tiles: [4]tile.Tile{seven, unseen, unseen + 4}}}, "no chi with three players"},
		{"2m discarded", base, round[:1], ObsEvent{Type: ObsDiscard, Seat: 2, Tile: tile.MustParseTile("2m")}, "2m (id 4) is not used with three players"},
		{"5m in a pon", base, nil, ObsEvent{Type: ObsCall, Seat: 2, From: 1, Meld: score.Meld{Type: score.Pon, Tiles: [4]tile.Tile{seven, tile.MustParseTile("5m"), seven + 1}}}, "invalid meld"},
		{"kita of the North set aside", base, round[:1], ObsEvent{Type: ObsKita, Seat: 2, Tile: setAside}, fmt.Sprintf("kita: 4z (id %d) was seen before", setAside)},
		{"kita of the observer's North", base, round[:1], ObsEvent{Type: ObsKita, Seat: 2, Tile: mine}, "was seen before"},
		{"kita before the draw", base, nil, ObsEvent{Type: ObsKita, Seat: 2, Tile: unseenNorth}, "seat 2 cannot act now"},
		{"kita after a call", base, []ObsEvent{{Type: ObsCall, Seat: 2, From: 1, Meld: pon}}, ObsEvent{Type: ObsKita, Seat: 2, Tile: unseenNorth}, "a kita right after a call"},
		{"kita of a wind", base, round[:1], ObsEvent{Type: ObsKita, Seat: 2, Tile: tile.MustParseTile("3z")}, "a kita sets aside a North, not 3z"},
		{"own kita of a North not held", base, ownDraw, ObsEvent{Type: ObsKita, Seat: 1, Tile: unseenNorth}, "is not in the hand"},
		{"kita in riichi, not the drawn North", inRiichi, riichiDraw, ObsEvent{Type: ObsKita, Seat: 1, Tile: mine}, "a seat in riichi sets aside only the North it drew"},
		{"replacement draw not rinshan", base, append(slices.Clone(round[:1]), ObsEvent{Type: ObsKita, Seat: 2, Tile: unseenNorth}), hidden(2), "a draw after a kan is a rinshan draw"},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := c.o.Clone()
			for i, e := range c.before {
				if err := o.Append(e); err != nil {
					t.Fatalf("before[%d]: %v", i, err)
				}
			}
			was, _ := json.Marshal(o)
			err := o.Append(c.e)
			var oe *ObservationError
			if !errors.As(err, &oe) || !errors.Is(err, ErrObservation) || !observeErr(err, c.want) {
				t.Fatalf("got %v, want an ObservationError with %q", err, c.want)
			}
			if oe.Event != len(c.o.Events())+len(c.before) || oe.What != c.e.String() {
				t.Errorf("error at event %d (%s), want %d (%s)", oe.Event, oe.What, len(c.o.Events())+len(c.before), c.e)
			}
			if now, _ := json.Marshal(o); string(now) != string(was) {
				t.Errorf("the observation changed")
			}
		})
	}
	// In riichi, the North just drawn may go aside; its replacement comes
	// from the dead wall's next place.
	o := inRiichi.Clone()
	for i, e := range append(slices.Clone(riichiDraw[:len(riichiDraw)-1]), ObsEvent{Type: ObsDraw, Seat: 1, Tile: unseenNorth},
		ObsEvent{Type: ObsKita, Seat: 1, Tile: unseenNorth}, ObsEvent{Type: ObsDraw, Seat: 1, Tile: unseen + 3, Rinshan: true}) {
		if err := o.Append(e); err != nil {
			t.Fatalf("riichi kita, event %d: %v", i, err)
		}
	}
	if o.Kita(1) != 1 || o.known[game.Layout3.Replacement(1)] != unseen+3 {
		t.Errorf("riichi kita: %d set aside, replacement place holds %v", o.Kita(1), o.known[game.Layout3.Replacement(1)])
	}
}

// TestSanmaNewObservationErrors: a three-player observation refuses seat
// 3, tiles out of play dealt or shown, and a four-player setup.
func TestSanmaNewObservationErrors(t *testing.T) {
	rules := game.TenhouSanma(game.Hanchan)
	setup := game.RoundSetup{Scores: [4]int{35000, 35000, 35000, 0}}
	var dealt [13]tile.Tile
	for i := range dealt {
		dealt[i] = tile.Tile(32 + 4*i) // 9m, 1p, ...: one of a kind each
	}
	dora := tile.MustParseTile("1m")
	if _, err := NewObservation(rules, setup, 2, dealt, dora); err != nil {
		t.Fatalf("seat 2: %v", err)
	}
	bad3m := dealt
	bad3m[5] = tile.MustParseTile("3m")
	four := setup
	four.Scores[3] = 35000
	for _, c := range []struct {
		name  string
		seat  int
		setup game.RoundSetup
		dealt [13]tile.Tile
		dora  tile.Tile
		want  string
	}{
		{"seat 3", 3, setup, dealt, dora, "seat 3 is not a seat of a 3-player round"},
		{"3m dealt", 0, setup, bad3m, dora, "dealt tile 5: 3m (id 8) is not used with three players"},
		{"indicator 7m", 0, setup, dealt, tile.MustParseTile("7m"), "dora indicator 7m (id 24) is not used with three players"},
		{"seat 3 scored", 0, four, dealt, dora, "scores[3] 35000: seat 3 is empty"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := NewObservation(rules, c.setup, c.seat, c.dealt, c.dora)
			var oe *ObservationError
			if !errors.As(err, &oe) || oe.Event != -1 || !observeErr(err, c.want) {
				t.Errorf("got %v, want a setup ObservationError with %q", err, c.want)
			}
		})
	}
}

// sanmaRounds plays three-player games and keeps each round's states after
// the deal and after every action: what an Observer is fed.
func sanmaRounds(t testing.TB, games int) (states [][]game.Round) {
	t.Helper()
	for seed := range uint64(games) {
		var rs []game.Round
		h := game.Hooks{
			Start: func(r *game.Round) error {
				if rs != nil {
					states = append(states, rs)
				}
				rs = []game.Round{*r}
				return nil
			},
			Applied: func(r *game.Round, _ game.Action) error { rs = append(rs, *r); return nil },
		}
		if _, err := game.PlayGameHooked(context.Background(), game.TenhouSanma(game.Hanchan), seed, sanmaPlayers(seed), &h); err != nil {
			t.Fatal(err)
		}
		states = append(states, rs)
	}
	return states
}

// TestSanmaAllocs: once grown, an Observer feeds three-player rounds (kitas
// and all) without allocating, and determinizing three-player positions
// into a caller's round allocates nothing.
func TestSanmaAllocs(t *testing.T) {
	states := sanmaRounds(t, 2)
	var ob Observer
	if err := feedAll(&ob, states); err != nil {
		t.Fatal(err)
	}
	if allocs := testing.AllocsPerRun(5, func() {
		if err := feedAll(&ob, states); err != nil {
			t.Fatal(err)
		}
	}); allocs != 0 {
		t.Errorf("%v allocations feeding %d three-player rounds", allocs, len(states))
	}
	obs := sanmaObservations(t, 2)
	rng := rand.New(rand.NewPCG(1, 2))
	var r game.Round
	for _, opt := range []DeterminizeOptions{{}, {Tenpai: [4]TenpaiState{TenpaiForced, NotenForced, TenpaiForced, TenpaiForced}, WaitWeight: manyWaits}} {
		i := 0
		if allocs := testing.AllocsPerRun(200, func() {
			o := obs[i%len(obs)]
			i++
			if err := o.DeterminizeInto(&r, rng, opt); err != nil && !errors.Is(err, ErrNoWorld) {
				t.Fatal(err)
			}
		}); allocs != 0 {
			t.Errorf("options %+v: %v allocations per three-player DeterminizeInto", opt.Tenpai, allocs)
		}
	}
}

// BenchmarkDeterminizeSanma determinizes three-player self-play positions
// into one round, with the default options.
func BenchmarkDeterminizeSanma(b *testing.B) {
	obs := sanmaObservations(b, 6)
	rng := rand.New(rand.NewPCG(1, 2))
	var r game.Round
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if err := obs[i%len(obs)].DeterminizeInto(&r, rng, DeterminizeOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestSanmaTenpaiHandNearUniform: over the 108 tiles, constructed tenpai
// hands of 7 and 4 tiles (after calls) agree with hands drawn uniformly
// among the tenpai ones by rejection, within four standard errors per
// statistic, as TestTenpaiHandNearUniform checks with 136 tiles; none
// holds a tile out of play.
func TestSanmaTenpaiHandNearUniform(t *testing.T) {
	var dealt [13]tile.Tile
	for i := range dealt {
		dealt[i] = tile.Tile(32 + 6*i) // in play: 9m and up
	}
	o, err := NewObservation(game.TenhouSanma(game.Hanchan), game.RoundSetup{Scores: [4]int{35000, 35000, 35000, 0}}, 0, dealt, 135)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 8))
	n := 3000
	if testing.Short() {
		n = 800
	}
	for _, m := range []int{7, 4} {
		st, p := exactTenpai(o, rng, m, n)
		want := st.stats()
		var got handStats
		h := make([]tile.Tile, m)
		for range n {
			sp := o.freshSampler(rng)
			if why := o.tenpaiHand(&sp, 1, h, &DeterminizeOptions{AllowFuriten: true}); why != worldOK {
				t.Fatal(noWorldText[why])
			}
			for _, x := range h {
				if outOfPlay(x) {
					t.Fatalf("%d tiles: %s holds a tile out of play", m, tile.Format(h))
				}
			}
			got.add(h)
		}
		t.Logf("%d tiles: P(tenpai) %.3g by rejection", m, p)
		for _, name := range statNames {
			if name == "chiitoitsu" {
				continue
			}
			w, g := want[name], got.stats()[name]
			z := (g.mean - w.mean) / math.Hypot(g.se, w.se)
			t.Logf("%2d tiles %-13s constructed %.4f ± %.4f, uniform %.4f ± %.4f (z %+.1f)", m, name, g.mean, g.se, w.mean, w.se, z)
			if math.Abs(z) > 4 {
				t.Errorf("%d tiles: %s: constructed %.4f, uniform %.4f (z = %.1f)", m, name, g.mean, w.mean, z)
			}
		}
	}
}
