package mc

import (
	"context"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/policy"
	"github.com/mjrank/mjrank/rankmodel"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// Three players (issue 54): the same engine with the seat count from the
// rules.

// sanmaKitaPosition plays a three-player East 1 from wall seed, every
// seat discarding its drawn tile and passing every call, up to the first
// turn in which the seat to move may set a North aside; ok false when
// the round ends first.
func sanmaKitaPosition(t testing.TB, rules *game.Rules, seed uint64) (r *game.Round, seat int, ok bool) {
	t.Helper()
	w := game.NewWallFor(3, seed, 0, 0)
	r, err := game.NewRound(rules, game.RoundSetup{Scores: [game.NumSeats]int{35000, 35000, 35000, 0}}, &w)
	if err != nil {
		t.Fatal(err)
	}
	for r.Phase() != game.PhaseEnd {
		if r.Phase() != game.PhaseTurn {
			for s := range 3 {
				if r.MustAnswer(s) {
					if err := r.Apply(game.PassAction(r.Legal(s, nil))); err != nil {
						t.Fatal(err)
					}
				}
			}
			continue
		}
		cur := r.Current()
		legal := r.Legal(cur, nil)
		if _, ok := game.FindAction(legal, game.Kita); ok {
			return r, cur, true
		}
		a, ok := game.DiscardAction(legal, game.Discard, r.Drawn().Kind(), r.Drawn())
		if !ok {
			a, _ = game.FindAction(legal, game.Discard)
		}
		if err := r.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	return nil, 0, false
}

// sanmaPosition returns the first three-player kita decision of the
// seeds from 1.
func sanmaPosition(t testing.TB) (*game.Round, int, *game.Rules) {
	t.Helper()
	rules := game.TenhouSanma(game.Hanchan)
	for seed := uint64(1); seed < 50; seed++ {
		if r, seat, ok := sanmaKitaPosition(t, &rules, seed); ok {
			return r, seat, &rules
		}
	}
	t.Fatal("no kita decision in 50 three-player rounds")
	return nil, 0, nil
}

// sanmaEngine returns the default engine and sanmaPosition's decision.
func sanmaEngine(t testing.TB) (*Engine, *game.Round, int, *game.Rules) {
	t.Helper()
	e, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	r, seat, rules := sanmaPosition(t)
	return e, r, seat, rules
}

// TestSanmaDecision: a three-player turn with a North in hand: the
// candidates include the kita and no chi, every candidate's expected
// rank is within 1..3 (P(4th) = 0, the distribution sums to 1), and the
// analysis is the same at 1 and 3 workers.
func TestSanmaDecision(t *testing.T) {
	e, r, seat, rules := sanmaEngine(t)
	v := game.ViewOf(r, seat)
	legal := r.Legal(seat, nil)
	var ans [2]*Analysis
	for i, workers := range []int{1, 3} {
		an, err := e.Analyze(context.Background(), v, legal, Options{Sims: 600, Workers: workers, Seed: 7, Decision: 3, Rules: rules})
		if err != nil {
			t.Fatal(err)
		}
		ans[i] = an
	}
	if !reflect.DeepEqual(stripSeconds(ans[0]), stripSeconds(ans[1])) {
		t.Errorf("1 and 3 workers differ:\n%+v\n%+v", ans[0].Candidates, ans[1].Candidates)
	}
	kita := false
	for _, c := range ans[0].Candidates {
		switch c.Action.Type {
		case game.Kita:
			kita = true
		case game.Chi:
			t.Errorf("a chi candidate with three players: %v", c.String())
		}
		if c.Sims == 0 {
			continue
		}
		sum := c.RankDist[0] + c.RankDist[1] + c.RankDist[2] + c.RankDist[3]
		if c.ExpectedRank < 1 || c.ExpectedRank > 3 || c.RankDist[3] != 0 || math.Abs(sum-1) > 1e-9 {
			t.Errorf("%v: expected rank %.3f, distribution %v: want 1..3 over three places", c.String(), c.ExpectedRank, c.RankDist)
		}
	}
	if !kita {
		t.Errorf("no kita candidate among %d (legal: %v)", len(ans[0].Candidates), legal)
	}
}

func stripSeconds(an *Analysis) Analysis {
	x := *an
	x.Seconds = 0
	return x
}

// TestSanmaRefusesFourPlayerRules: a three-player view under four-player
// rules (the default) is an error naming both counts, not a misread
// round.
func TestSanmaRefusesFourPlayerRules(t *testing.T) {
	e, r, seat, _ := sanmaEngine(t)
	_, err := e.Analyze(context.Background(), game.ViewOf(r, seat), r.Legal(seat, nil), Options{Sims: 50, Workers: 1})
	if err == nil || !strings.Contains(err.Error(), "3 players, the rules (Options.Rules) 4") {
		t.Fatalf("err = %v, want the players' mismatch", err)
	}
}

// TestSanmaRoot: the root of a three-player decision reads two
// opponents (seat 3 empty, never tenpai), and its unseen tiles are of
// the 108 (no 2m–8m), the Norths set aside excluded.
func TestSanmaRoot(t *testing.T) {
	e, r, seat, rules := sanmaEngine(t)
	if err := r.Apply(game.Action{Type: game.Kita, Seat: uint8(seat), Tile: firstNorth(r.Hand(seat))}); err != nil {
		t.Fatal(err)
	}
	// Nobody robs it (the tsumogiri hands): pass to the replacement draw.
	for s := range 3 {
		if r.MustAnswer(s) {
			if err := r.Apply(game.PassAction(r.Legal(s, nil))); err != nil {
				t.Fatal(err)
			}
		}
	}
	v := game.ViewOf(r, seat)
	o := &config{Options: Options{Rules: rules}}
	root := e.newRoot(v, rules, o, &opponent.Public{})
	if root.np != 3 || root.kita != 1 {
		t.Fatalf("root: %d players, %d kita; want 3 and 1", root.np, root.kita)
	}
	if root.opp[3] != (oppRoot{}) {
		t.Errorf("the empty seat has a reading: %+v", root.opp[3])
	}
	var norths int
	for _, u := range root.unseen[:root.nUnseen] {
		if k := u.Kind(); k > tile.Man1 && k < tile.Man9 {
			t.Fatalf("unseen %v: not a three-player tile", u)
		}
		if u.Kind() == tile.North {
			norths++
		}
	}
	vis := v.Visible()
	if want := 4 - int(vis[tile.North]); norths != want {
		t.Errorf("%d Norths unseen, want %d (%d seen, the kita included)", norths, want, vis[tile.North])
	}
	// Every tile in play is seen or unseen: 108 in all.
	seen := 0
	for _, n := range vis {
		seen += int(n)
	}
	if seen+root.nUnseen != 108 {
		t.Errorf("%d seen + %d unseen, want 108", seen, root.nUnseen)
	}
}

func firstNorth(h []tile.Tile) tile.Tile {
	for _, t := range h {
		if t.Kind() == tile.North {
			return t
		}
	}
	return tile.NoTile
}

// TestSanmaExhaustivePayments: tenpai payments of a three-player
// exhaustive draw are 2,000 in all (one tenpai: +2,000 / −1,000 −1,000;
// two: +1,000 +1,000 / −2,000), the empty seat untouched.
func TestSanmaExhaustivePayments(t *testing.T) {
	for _, c := range []struct {
		seatTenpai, opp1 bool
		want             [game.NumSeats]int
	}{
		{true, false, [game.NumSeats]int{2000, -1000, -1000, 0}},
		{true, true, [game.NumSeats]int{1000, 1000, -2000, 0}},
		{false, false, [game.NumSeats]int{}},
	} {
		hand := "123456789p1s19m4z"
		if c.seatTenpai {
			hand = "123456789p11s99m"
		}
		s := seatSim(hand)
		s.r.setPlayers(3)
		s.updateWaits()
		s.opp[1].tenpai = c.opp1
		s.exhaustive()
		if s.scores != c.want {
			t.Errorf("seat tenpai %v, opponent 1 tenpai %v: scores %v, want %v", c.seatTenpai, c.opp1, s.scores, c.want)
		}
	}
}

// TestSanmaRolloutSetsNorthsAside: in the rollouts of a three-player
// decision the seat sets Norths aside (each one dora to its wins), and
// every seat move keeps the rule's contract: the North it holds at the
// end of a rollout is one it needs.
func TestSanmaRolloutSetsNorthsAside(t *testing.T) {
	e, r, seat, rules := sanmaEngine(t)
	v := game.ViewOf(r, seat)
	legal := r.Legal(seat, nil)
	o := &config{Options: Options{Rules: rules, Sims: 1, Workers: 1, Seed: 1}}
	if _, err := o.withDefaults(); err != nil {
		t.Fatal(err)
	}
	root := e.newRoot(v, rules, o, &opponent.Public{})
	cands := candidates(root, legal)
	disc := -1
	for i, c := range cands {
		if c.Action.Type == game.Discard && c.Action.Tile.Kind() != tile.North {
			disc = i
			break
		}
	}
	if disc < 0 {
		t.Fatal("no discard of another kind than North")
	}
	sc := &scratch{}
	asides := 0
	for i := range uint64(200) {
		sc.sample(root, o, i)
		e.playOut(root, o, &cands[disc], sc)
		asides += sc.s.kita - root.kita
		if sc.s.kita > 4 {
			t.Fatalf("world %d: %d Norths set aside", i, sc.s.kita)
		}
	}
	if asides == 0 {
		t.Error("the seat set no North aside in 200 rollouts")
	}
}

// TestSetsNorthAside: the kita rule keeps a North the hand needs.
func TestSetsNorthAside(t *testing.T) {
	for _, c := range []struct {
		hand string
		want bool
	}{
		{"123p456p789s11s19m4z", true},  // an isolated North
		{"123p456p789s11s1m44z", false}, // the pair of a tenpai hand
		{"123p456p789s1m444z9m", false}, // a set of Norths
		{"123p456p789s11s19m1z", false}, // no North
	} {
		c14 := tile.Counts{}
		for _, x := range tile.MustParse(c.hand) {
			c14[x.Kind()]++
		}
		if got := policy.SetsNorthAside(&c14); got != c.want {
			t.Errorf("%s: %v, want %v", c.hand, got, c.want)
		}
	}
}

// recRank is a rank predictor that records the seat counts it is asked
// about and answers a fixed distribution.
type recRank struct {
	dist    [4]float64
	players map[int]int
}

func (r *recRank) Distribution(s *rankmodel.Situation, seat int) [4]float64 {
	r.players[s.Players]++
	return r.dist
}

// TestSanmaRankPredictors: a three-player decision asks Rank3 with
// three-player situations; without Rank3 it asks Rank with four-player
// ones (FoldedRank) and folds P(4th) into P(3rd).
func TestSanmaRankPredictors(t *testing.T) {
	opp, _, _ := embedded(t)
	r, seat, rules := sanmaPosition(t)
	v := game.ViewOf(r, seat)
	legal := r.Legal(seat, nil)
	o := Options{Sims: 200, Workers: 1, Seed: 1, Rules: rules, Margin: -1}
	four := &recRank{dist: [4]float64{0.1, 0.2, 0.3, 0.4}, players: map[int]int{}}
	three := &recRank{dist: [4]float64{0.5, 0.3, 0.2, 0}, players: map[int]int{}}
	e, err := New(Predictors{Opponents: opp, Rank: four, Rank3: three})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.Analyze(context.Background(), v, legal, o); err != nil {
		t.Fatal(err)
	}
	if len(four.players) != 0 || three.players[3] == 0 || len(three.players) != 1 {
		t.Errorf("with Rank3: the 4-player model asked %v, the 3-player one %v", four.players, three.players)
	}
	e, err = New(Predictors{Opponents: opp, Rank: four})
	if err != nil {
		t.Fatal(err)
	}
	an, err := e.Analyze(context.Background(), v, legal, o)
	if err != nil {
		t.Fatal(err)
	}
	if four.players[0] == 0 || len(four.players) != 1 {
		t.Errorf("folded: the 4-player model asked %v, want four-player situations only", four.players)
	}
	for _, c := range an.Candidates {
		if c.Sims > 0 && (c.RankDist[3] != 0 || c.ExpectedRank > 3) {
			t.Errorf("%v: distribution %v, expected rank %.3f", c.String(), c.RankDist, c.ExpectedRank)
		}
	}
}

// TestDefaultModels3: the default models hold the embedded three-player
// opponent and rank models, of three players, whenever the binary embeds
// them.
func TestDefaultModels3(t *testing.T) {
	m, err := DefaultModels()
	if err != nil {
		t.Fatal(err)
	}
	if embeds(opponent.EmbeddedFS(), "models/3p/"+opponent.NameFor(opponent.TenpaiModel, 3)+"-*") != (m.Opponents3 != nil) {
		t.Errorf("opponent models/3p embedded but not loaded, or the reverse: %v", m.Opponents3 != nil)
	}
	if embeds(rankmodel.EmbeddedFS(), "models/3p/"+rankmodel.ModelName3+"-*") != (m.Rank3 != nil) {
		t.Errorf("rank3 embedded but not loaded, or the reverse: %v", m.Rank3 != nil)
	}
	if m.Opponents3 != nil && m.Opponents3.Players() != 3 || m.Rank3 != nil && m.Rank3.Players() != 3 {
		t.Error("a three-player model of another seat count")
	}
	if m.Policy3 == nil || m.Decisions3 == nil || m.Rollout3 == nil {
		t.Fatalf("the policy's three-player models not loaded: %v %v %v", m.Policy3 != nil, m.Decisions3 != nil, m.Rollout3 != nil)
	}
	e, err := New(m.Predictors())
	if err != nil {
		t.Fatal(err)
	}
	if e.three == nil || e.three.prior == e.prior || e.three.roll.Learned == e.roll.Learned || e.three.three != nil {
		t.Error("three-player decisions do not get the three-player prior and rollout")
	}
}

// TestSanmaRankPoints: a three-player decision has no Houou rank points
// (Tenhou's 3-player table is not known): they are refused as the
// utility, and an analysis says so (NoRankPoints) with every candidate's
// RankPoints 0; a four-player one has them.
func TestSanmaRankPoints(t *testing.T) {
	e, r, seat, rules := sanmaEngine(t)
	v := game.ViewOf(r, seat)
	legal := r.Legal(seat, nil)
	u := rankmodel.HououPoints
	_, err := e.Analyze(context.Background(), v, legal, Options{Sims: 50, Workers: 1, Rules: rules, Utility: &u})
	if !errors.Is(err, ErrSanmaRankPoints) {
		t.Fatalf("err = %v, want ErrSanmaRankPoints", err)
	}
	an, err := e.Analyze(context.Background(), v, legal, Options{Sims: 300, Workers: 1, Seed: 5, Rules: rules})
	if err != nil {
		t.Fatal(err)
	}
	if !an.NoRankPoints {
		t.Error("a three-player analysis without NoRankPoints")
	}
	for _, c := range an.Candidates {
		if c.RankPoints != 0 || c.VsBest.RankPoints != 0 {
			t.Errorf("%v: rank points %v (vs best %v), want 0", c.String(), c.RankPoints, c.VsBest.RankPoints)
		}
	}
	p := positions(t, 1, 37)[0]
	r4 := p.round
	an, err = e.Analyze(context.Background(), game.ViewOf(&r4, p.seat), r4.Legal(p.seat, nil), Options{Sims: 300, Workers: 1, Seed: 5, Rules: &p.rules, Utility: &u})
	if err != nil {
		t.Fatal(err)
	}
	if an.NoRankPoints || an.Best().RankPoints == 0 {
		t.Errorf("four players: NoRankPoints %v, the pick's rank points %v", an.NoRankPoints, an.Best().RankPoints)
	}
}
