package policy_test

import (
	"testing"

	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/policy"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// deal returns East 1 with the given starting hands (seat 0 deals), seat
// 0's first draw, the dora indicator, and the other tiles in a fixed
// order: a hand-made position.
func deal(t *testing.T, hands [4]string, draw, dora string) *game.Round {
	t.Helper()
	all := tile.MustParse(hands[0] + hands[1] + hands[2] + hands[3] + draw + dora)
	if len(all) != 54 {
		t.Fatalf("%d tiles: want 4 hands of 13, a draw and a dora indicator", len(all))
	}
	var w game.Wall
	used := map[tile.Tile]bool{}
	for _, x := range all {
		used[x] = true
	}
	copy(w[:52], all[:52])
	w[52], w[game.DoraIndex] = all[52], all[53]
	next := tile.Tile(0)
	for i := range w {
		if i < 53 || i == game.DoraIndex {
			continue
		}
		for used[next] {
			next++
		}
		w[i] = next
		next++
	}
	rules := game.Tenhou(game.Hanchan)
	r, err := game.NewRound(&rules, game.RoundSetup{Scores: [4]int{25000, 25000, 25000, 25000}}, &w)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// The other seats' hands of every position below: nothing they hold
// matters.
const (
	filler1 = "2223336667778m"
	filler2 = "1112223337779p"
	filler3 = "1112224446667s"
)

func opp(t *testing.T) *opponent.Models {
	t.Helper()
	m, err := opponent.Default()
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func feature(t *testing.T, names []string, x []float64, name string) float64 {
	t.Helper()
	for i, n := range names {
		if n == name {
			return x[i]
		}
	}
	t.Fatalf("no feature %q", name)
	return 0
}

func TestFeatureNameCounts(t *testing.T) {
	for _, c := range []struct {
		names []string
		n     int
	}{
		{policy.RiichiFeatureNames, policy.NumRiichiFeatures}, {policy.CallFeatureNames, policy.NumCallFeatures},
		{policy.KanFeatureNames, policy.NumKanFeatures}, {policy.KyuushuFeatureNames, policy.NumKyuushuFeatures},
		{policy.RolloutRiichiFeatureNames, policy.NumRolloutRiichiFeatures}, {policy.RolloutCallFeatureNames, policy.NumRolloutCallFeatures},
		{policy.KitaFeatureNames, policy.NumKitaFeatures},
	} {
		seen := map[string]bool{}
		for _, n := range c.names {
			if seen[n] {
				t.Errorf("feature %q twice", n)
			}
			seen[n] = true
		}
		if len(c.names) != c.n {
			t.Errorf("%d names, %d features (%v)", len(c.names), c.n, c.names[len(c.names)-1])
		}
	}
}

// TestRiichiFeatures: a two-sided wait against a closed one, and a hand
// with a yaku without riichi (tanyao) against one without.
func TestRiichiFeatures(t *testing.T) {
	m := opp(t)
	for _, c := range []struct {
		name, hand      string
		kinds, live     float64
		damaShare       float64
		damaPositive    bool
		riichiAboveDama bool
	}{
		{"ryanmen, no yaku", "234m456p789p34s11z", 2, 8, 0, false, true},
		{"kanchan, no yaku", "234m456p789p35s11z", 1, 4, 0, false, true},
		{"ryanmen, tanyao", "234m456p678p34s88p", 2, 8, 1, true, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := deal(t, [4]string{c.hand, filler1, filler2, filler3}, "9m", "1z")
			v := game.ViewOf(r, 0)
			legal := r.Legal(0, nil)
			tt, ok := policy.RiichiCandidate(v, legal)
			if !ok || tt.Kind() != tile.MustParseKind("9m") {
				t.Fatalf("riichi candidate %v %v; legal %v", tt, ok, legal)
			}
			var s policy.Situation
			s.Reset(v, m)
			var x [policy.NumRiichiFeatures]float64
			s.RiichiFeatures(v, m, tt, x[:])
			f := func(n string) float64 { return feature(t, policy.RiichiFeatureNames, x[:], n) }
			if f("wait_kinds") != c.kinds || f("wait_live") != c.live || f("dama_yaku_share") != c.damaShare {
				t.Errorf("wait kinds %v, live %v, dama share %v", f("wait_kinds"), f("wait_live"), f("dama_yaku_share"))
			}
			if (f("dama_max") > 0) != c.damaPositive || f("riichi_mean") <= f("dama_mean") {
				t.Errorf("dama max %v, dama mean %v, riichi mean %v", f("dama_max"), f("dama_mean"), f("riichi_mean"))
			}
			if f("tsumogiri") != 1 || f("furiten") != 0 || f("dealer") != 1 {
				t.Errorf("tsumogiri %v furiten %v dealer %v", f("tsumogiri"), f("furiten"), f("dealer"))
			}
		})
	}
}

// riichiFeatures returns the riichi features of seat 0's turn in r, with
// the riichi candidate's kind.
func riichiFeatures(t *testing.T, r *game.Round, m *opponent.Models) (func(string) float64, tile.Kind) {
	t.Helper()
	v := game.ViewOf(r, 0)
	tt, ok := policy.RiichiCandidate(v, r.Legal(0, nil))
	if !ok {
		t.Fatalf("no riichi among %v", r.Legal(0, nil))
	}
	var s policy.Situation
	s.Reset(v, m)
	x := make([]float64, policy.NumRiichiFeatures)
	s.RiichiFeatures(v, m, tt, x)
	return func(n string) float64 { return feature(t, policy.RiichiFeatureNames, x, n) }, tt.Kind()
}

// TestRiichiFeaturesDama: the features schema 2 added, on hands dealt
// tenpai (so tenpai before the draw too) with the draw to declare with.
func TestRiichiFeaturesDama(t *testing.T) {
	m := opp(t)
	for _, c := range []struct {
		name, hand, draw, dora, cand string
		want                         map[string]float64
	}{
		// 2s and 5s, no yaku without riichi: a draw of 1z (the one left),
		// 3s or 4s (three each) makes a shanpon with the double east.
		{"ryanmen, no yaku", "234m456p789p34s11z", "9m", "1z", "9m", map[string]float64{
			"wait_shape": 0, "alt_shape": 0, "improve_live": 0, "improve_value": 7, "dama_turns": 0,
			"waits_changed": 0, "live_before": 8, "alt_dama_max": 0, "discard_dora": 0}},
		// A 2s or a 6s (four each) makes it two-sided.
		{"kanchan", "234m456p789p35s11z", "9m", "1z", "9m", map[string]float64{
			"wait_shape": 3, "alt_shape": 3, "improve_live": 8, "live_before": 4}},
		{"penchan", "123m456p678p12s88p", "9m", "1z", "9m", map[string]float64{"wait_shape": 3}},
		{"shanpon", "234m456p678p3399s", "9m", "1z", "9m", map[string]float64{"wait_shape": 1}},
		{"tanki", "234m456p678p3s888p", "9m", "1z", "9m", map[string]float64{"wait_shape": 2}},
		// Tanyao and pinfu, dealer: 2,900 dama, nothing dearer to draw.
		{"pinfu tanyao", "234m456p678p34s88p", "9m", "1z", "9m", map[string]float64{
			"wait_shape": 0, "alt_dama_max": 2.9, "improve_value": 0}},
		{"declaring with the dora", "234m456p789p34s11z", "9m", "8m", "9m", map[string]float64{"discard_dora": 1}},
		// The 6s drawn makes the kanchan two-sided: the declaration
		// changes the wait the hand had before the draw.
		{"tenpai changed", "234m456p789p35s11z", "6s", "1z", "3s", map[string]float64{
			"wait_shape": 0, "waits_changed": 1, "live_before": 4, "tenpai_before_draw": 1, "tsumogiri": 0}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := deal(t, [4]string{c.hand, filler1, filler2, filler3}, c.draw, c.dora)
			f, k := riichiFeatures(t, r, m)
			if k != tile.MustParseKind(c.cand) {
				t.Fatalf("riichi candidate %v, want %s", k, c.cand)
			}
			for n, want := range c.want {
				if got := f(n); got != want {
					t.Errorf("%s = %v, want %v", n, got, want)
				}
			}
			if f("tenpai_danger_min") < 0 || f("tenpai_danger_min") > f("discard_danger") {
				t.Errorf("the safest tenpai discard's danger %v, the candidate's %v", f("tenpai_danger_min"), f("discard_danger"))
			}
		})
	}
}

// TestRiichiFeaturesDamaTurns: a hand dealt tenpai and kept a turn by a
// tsumogiri has been dama once at its next turn.
func TestRiichiFeaturesDamaTurns(t *testing.T) {
	m := opp(t)
	r := deal(t, [4]string{"234m456p789p35s11z", filler1, filler2, filler3}, "9m", "1z")
	f, _ := riichiFeatures(t, r, m)
	if f("dama_turns") != 0 || f("tenpai_before_draw") != 1 {
		t.Fatalf("first turn: dama turns %v, tenpai before the draw %v", f("dama_turns"), f("tenpai_before_draw"))
	}
	// Every seat discards what it draws, and no one calls, until seat 0's
	// next turn.
	for first := true; first || r.Phase() != game.PhaseTurn || r.Current() != 0; first = false {
		if r.Phase() == game.PhaseTurn {
			if err := r.Apply(game.Action{Type: game.Discard, Seat: uint8(r.Current()), Tile: r.Drawn()}); err != nil {
				t.Fatal(err)
			}
			continue
		}
		for s := range game.NumSeats {
			if r.MustAnswer(s) {
				if err := r.Apply(game.Action{Type: game.Pass, Seat: uint8(s)}); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	f, k := riichiFeatures(t, r, m)
	if f("dama_turns") != 1 || f("tenpai_before_draw") != 1 || f("waits_changed") != 0 || f("live_before") != 4 || f("tsumogiri") != 1 {
		t.Errorf("second turn (candidate %v): dama turns %v, tenpai before %v, waits changed %v, live before %v, tsumogiri %v",
			k, f("dama_turns"), f("tenpai_before_draw"), f("waits_changed"), f("live_before"), f("tsumogiri"))
	}
}

// TestCallFeatures: a pon of a yakuhai has a yaku; a pon of a plain pair
// has one in reach only if a yakuhai pair is left to pon (or tanyao,
// honitsu or toitoi are near). Seat 0 discards, seat 2 may pon.
func TestCallFeatures(t *testing.T) {
	m := opp(t)
	for _, c := range []struct {
		name, hand, discard         string
		yakuhai, yakuhaiMelds, path float64
	}{
		{"pon of haku", "55z1m5m9m3s7s9s1p8p4m7p9p", "5z", 1, 1, 1},
		{"pon of 2p, hatsu pair kept", "22p66z1m5m9m3s7s9s1p8p4m", "2p", 0, 0, 1},
		{"pon of 2p, no yaku in reach", "22p24z1m5m9m3s7s9s1p8p4m", "2p", 0, 0, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := deal(t, [4]string{c.discard + "345666p8m1133z7z", filler1, c.hand, filler3}, "7z", "1z")
			k := tile.MustParseKind(c.discard)
			var d tile.Tile
			for _, x := range r.Hand(0) {
				if x.Kind() == k {
					d = x
				}
			}
			if err := r.Apply(game.Action{Type: game.Discard, Seat: 0, Tile: d}); err != nil {
				t.Fatal(err)
			}
			v := game.ViewOf(r, 2)
			var pon game.Action
			for _, a := range r.Legal(2, nil) {
				if a.Type == game.Pon {
					pon = a
				}
			}
			if pon.Type != game.Pon {
				t.Fatalf("no pon among %v", r.Legal(2, nil))
			}
			var s policy.Situation
			s.Reset(v, m)
			var x [policy.NumCallFeatures]float64
			s.CallFeatures(v, pon, x[:])
			f := func(n string) float64 { return feature(t, policy.CallFeatureNames, x[:], n) }
			if f("called_yakuhai") != c.yakuhai || f("yakuhai_melds_after") != c.yakuhaiMelds || f("yaku_path") != c.path {
				t.Errorf("called yakuhai %v, yakuhai melds %v, yaku path %v", f("called_yakuhai"), f("yakuhai_melds_after"), f("yaku_path"))
			}
			if f("call_type") != 1 || f("shanten_after") > f("shanten_before") || f("own_open_melds") != 0 {
				t.Errorf("type %v, shanten %v -> %v, open melds %v", f("call_type"), f("shanten_before"), f("shanten_after"), f("own_open_melds"))
			}
			// The rollout's call features are the call model's without
			// the ukeire: every one it shares has the call model's value.
			var rx [policy.NumRolloutCallFeatures]float64
			s.RolloutCallFeatures(v, pon, rx[:])
			for i, n := range policy.RolloutCallFeatureNames {
				if f(n) != rx[i] {
					t.Errorf("%s: %v for the rollout, %v for the call model", n, rx[i], f(n))
				}
			}
		})
	}
}

// TestKyuushuFeatures: twelve terminal and honour kinds and a pair of one
// are a kokushi tenpai after the right discard.
func TestKyuushuFeatures(t *testing.T) {
	m := opp(t)
	r := deal(t, [4]string{"19m19p19s123456z5m", filler1, filler2, filler3}, "9m", "1z")
	v := game.ViewOf(r, 0)
	if _, ok := findAction(r.Legal(0, nil), game.KyuushuKyuuhai); !ok {
		t.Fatal("kyuushu kyuuhai not legal")
	}
	var s policy.Situation
	s.Reset(v, m)
	var x [policy.NumKyuushuFeatures]float64
	s.KyuushuFeatures(v, x[:])
	f := func(n string) float64 { return feature(t, policy.KyuushuFeatureNames, x[:], n) }
	if f("yaochu_kinds") != 12 || f("yaochu_pairs") != 1 || f("kokushi_shanten") != 0 {
		t.Errorf("kinds %v, pairs %v, kokushi shanten %v", f("yaochu_kinds"), f("yaochu_pairs"), f("kokushi_shanten"))
	}
}

func findAction(legal []game.Action, typ game.ActionType) (game.Action, bool) {
	for _, a := range legal {
		if a.Type == typ {
			return a, true
		}
	}
	return game.Action{}, false
}

// TestEmbeddedDecisions: the six 4-player decision models are embedded, each of
// its spec's schema (DecisionSchema the newest), with their held-out
// agreements in the cards.
func TestEmbeddedDecisions(t *testing.T) {
	d, err := policy.DefaultDecisions()
	if err != nil {
		t.Fatal(err)
	}
	if d.Riichi == nil || d.Call == nil || d.Kan == nil || d.Kyuushu == nil || d.RolloutRiichi == nil || d.RolloutCall == nil || len(d.Cards) != len(policy.SpecsFor(4)) {
		t.Fatalf("embedded decision models: %d cards", len(d.Cards))
	}
	newest := 0
	for i, c := range d.Cards {
		if len(c.Metrics) == 0 || c.Metrics[0].Name != "agreement" || c.Metrics[0].N == 0 {
			t.Errorf("%s: metrics %+v", c.Name, c.Metrics)
		}
		if sp := policy.DecisionSpecs[i]; c.Name != sp.Name || c.Schema != sp.Schema {
			t.Errorf("card %d: %s schema %d, spec %s schema %d", i, c.Name, c.Schema, sp.Name, sp.Schema)
		}
		newest = max(newest, c.Schema)
	}
	if newest != policy.DecisionSchema {
		t.Errorf("the newest schema of the models is %d, DecisionSchema %d", newest, policy.DecisionSchema)
	}
}

// TestChiShape: the shape a chi completes, seat 1 calling seat 0's
// discard.
func TestChiShape(t *testing.T) {
	m := opp(t)
	const rest = "58p258s2456z9p9s"
	for _, c := range []struct {
		name, pair, discard string
		shape               float64
	}{
		{"kanchan", "13m", "2m", 1},
		{"penchan", "12m", "3m", 2},
		{"ryanmen", "34m", "2m", 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := deal(t, [4]string{c.discard + "345666p8m1133z7z", c.pair + rest, filler2, filler3}, "7z", "1z")
			k := tile.MustParseKind(c.discard)
			for _, x := range r.Hand(0) {
				if x.Kind() == k {
					if err := r.Apply(game.Action{Type: game.Discard, Seat: 0, Tile: x}); err != nil {
						t.Fatal(err)
					}
					break
				}
			}
			chi, ok := findAction(r.Legal(1, nil), game.Chi)
			if !ok {
				t.Fatalf("no chi among %v", r.Legal(1, nil))
			}
			v := game.ViewOf(r, 1)
			var s policy.Situation
			s.Reset(v, m)
			var x [policy.NumCallFeatures]float64
			s.CallFeatures(v, chi, x[:])
			f := func(n string) float64 { return feature(t, policy.CallFeatureNames, x[:], n) }
			if f("call_type") != 0 || f("chi_shape") != c.shape || f("called_from_left") != 1 {
				t.Errorf("type %v, shape %v (want %v), from the left %v", f("call_type"), f("chi_shape"), c.shape, f("called_from_left"))
			}
		})
	}
}
