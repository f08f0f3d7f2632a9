package mc

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/rankmodel"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// dealerFeature is the index of the "dealer" feature among an opponent's
// tenpai features: the stub reads it to tell the dealer from the others.
var dealerFeature = slices.Index(opponent.TenpaiFeatureNames, "dealer")

// dealerWaits is a stub opponent reader: the dealer is tenpai, waiting on
// kind deadly alone (if set) for a ron of value points; the other
// opponents are noten and never come to wait on anything.
type dealerWaits struct {
	deadly tile.Kind
	set    bool
	value  float64
}

func isDealer(p *opponent.Public) bool {
	var x [opponent.NumTenpaiFeatures]float64
	p.TenpaiFeatures(x[:])
	return x[dealerFeature] == 1
}

func (d *dealerWaits) Tenpai(p *opponent.Public) float64 {
	if d.set && isDealer(p) {
		return 1
	}
	return 0
}

func (d *dealerWaits) Waits(p *opponent.Public, dst *[tile.NumKinds]float64) {
	*dst = [tile.NumKinds]float64{}
	if d.set && isDealer(p) {
		dst[d.deadly] = 1
	}
}

func (d *dealerWaits) Value(*opponent.Public) float64 { return d.value }

// scoreRank is a stub rank predictor: the seat is first with its score
// over 100,000 points, else last, so that every point counts.
type scoreRank struct{}

func (scoreRank) Distribution(s *rankmodel.Situation, seat int) [4]float64 {
	x := min(1, max(0, float64(s.Scores[seat])/100000))
	return [4]float64{x, 0, 0, 1 - x}
}

// playsKind is a stub prior: it discards kind k, believing that move
// likelier than the others.
type playsKind struct{ k tile.Kind }

func (p playsKind) Decide(_ game.View, legal []game.Action) (game.Action, Belief, bool) {
	belief := func(a game.Action, _ tile.Tile) float64 {
		if a.Type == game.Discard && a.Tile.Kind() == p.k {
			return 0.5
		}
		return 0.5 / float64(len(legal))
	}
	for _, a := range legal {
		if a.Type == game.Discard && a.Tile.Kind() == p.k {
			return a, belief, true
		}
	}
	return game.Action{}, belief, false
}

// TestStubPredictors runs the engine on stub predictors, no model loaded:
// the discard the engine plays when no opponent threatens is abandoned
// once the opponent reader makes it deal in to the dealer every time,
// even as the prior's move; every other discard deals in less often.
func TestStubPredictors(t *testing.T) {
	checked := 0
	for i, p := range positions(t, 60, 7) {
		if checked == 3 {
			break
		}
		r := p.round
		v := game.ViewOf(&r, p.seat)
		dealer := v.Dealer()
		if dealer == p.seat || v.InRiichi(p.seat) {
			continue
		}
		legal := r.Legal(p.seat, nil)
		o := Options{Sims: 1000, Workers: 2, Seed: 9, Decision: uint64(i), Rules: &p.rules}
		safe := stubEngine(t, &dealerWaits{}, nil)
		an, err := safe.Analyze(context.Background(), v, legal, o)
		if err != nil {
			t.Fatal(err)
		}
		best := an.Best().Action
		deadly := best.Tile.Kind()
		if best.Type != game.Discard || slices.ContainsFunc(v.River(dealer), func(d game.RiverTile) bool { return d.Tile.Kind() == deadly }) {
			continue // a riichi, or a kind the dealer may not ron (furiten)
		}
		checked++
		e := stubEngine(t, &dealerWaits{deadly: deadly, set: true, value: 12000}, playsKind{deadly})
		an, err = e.Analyze(context.Background(), v, legal, o)
		if err != nil {
			t.Fatal(err)
		}
		if got := an.Best().Action; got.Tile.Kind() == deadly {
			t.Errorf("%s: plays %v, which deals in every time", p.name, got)
		}
		t.Logf("%s: %v without the threat, %v with it", p.name, best, an.Best().Action)
		for _, c := range an.Candidates {
			isDeadly := c.Action.Type == game.Discard && c.Action.Tile.Kind() == deadly
			switch {
			case isDeadly && (!c.Prior || c.Policy != 0.5):
				t.Errorf("%s: %v: prior %v, belief %v; want the stub prior's move, 0.5", p.name, c.String(), c.Prior, c.Policy)
			case isDeadly && c.Sims > 0 && c.PDealIn != 1:
				t.Errorf("%s: %v deals in %.3f of its simulations, want all", p.name, c.String(), c.PDealIn)
			case !isDeadly && c.Sims > 0 && c.PDealIn >= 1:
				t.Errorf("%s: %v deals in every time too", p.name, c.String())
			}
		}
	}
	if checked == 0 {
		t.Fatal("no position checked")
	}
}

func stubEngine(t *testing.T, opp OpponentReader, prior PriorPolicy) *Engine {
	t.Helper()
	e, err := New(Predictors{Opponents: opp, Rank: scoreRank{}, Prior: prior})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestNewNeedsPredictors: the opponent reader and the rank predictor are
// required.
func TestNewNeedsPredictors(t *testing.T) {
	for _, p := range []Predictors{{}, {Opponents: &dealerWaits{}}, {Rank: scoreRank{}}} {
		if _, err := New(p); !errors.Is(err, errPredictors) {
			t.Errorf("%+v: error %v", p, err)
		}
	}
	if _, err := New(Predictors{Opponents: &dealerWaits{}, Rank: scoreRank{}}); err != nil {
		t.Error(err)
	}
	if _, err := New(FromModels(nil, nil, nil, nil, nil)); !errors.Is(err, errPredictors) {
		t.Errorf("no models: error %v", err)
	}
}
