package policy_test

import (
	"testing"

	"github.com/mjrank/mjrank/policy"
	"github.com/mjrank/mjrank/sim/tile"
)

// TestValueFeatures checks the value features of schema 4 on hands worked
// out by hand.
func TestValueFeatures(t *testing.T) {
	type want map[string]float64
	for _, c := range []struct {
		name, hand, kind string
		set              func(in *policy.Inputs)
		want             want
	}{
		{"quiet", "123m456p789s1234z5m", "1z", nil, want{
			"at_m3": -1, "at_p3": -1, "own_discarded": 0, "furiten_after": 0,
			"sanshoku_after": 4, // 3-5: 35m 45p; also 4-6 and 5-7
			"ittsu_after":    4, "melds_simple": -1, "off_meld_suit": -1, "safe_count": 0,
		}},
		{"sanshoku and ittsu", "123m123p12s456789m", "4m", nil, want{
			"sanshoku_after": 8, "ittsu_after": 8, "at_m3": 1, "at_p3": 1,
		}},
		{"furiten tenpai: waits 2m 5m, 5m in the river", "12334m4569p789s11z", "9p", func(in *policy.Inputs) {
			in.OwnRiverKinds = in.OwnRiverKinds.Add(tile.MustParseKind("5m"))
		}, want{"furiten_after": 1, "own_discarded": 0}},
		{"the same tenpai, 7m in the river", "12334m4569p789s11z", "9p", func(in *policy.Inputs) {
			in.OwnRiverKinds = in.OwnRiverKinds.Add(tile.MustParseKind("7m"))
		}, want{"furiten_after": 0}},
		{"a tenpai on the kind discarded: shanpon 1m 2z", "111m456p789s123s22z", "1m", nil, want{"furiten_after": 1}},
		{"tenpai on 3s after 5z", "111m456p789s12s225z", "5z", nil, want{"furiten_after": 0}},
		{"not tenpai after", "111m456p789s12s225z", "1m", nil, want{"furiten_after": 0}},
		{"open tanyao hand, a terminal", "234m567p33s19p5s", "9p", func(in *policy.Inputs) {
			in.OwnMelds[tile.MustParseKind("6s")] = 1
			in.OwnMelds[tile.MustParseKind("7s")] = 1
			in.OwnMelds[tile.MustParseKind("8s")] = 1
		}, want{"melds_simple": 1, "off_meld_suit": 1, "sanshoku_after": 6}},
		{"open honour pon", "234m567p33s19p5s", "9p", func(in *policy.Inputs) {
			in.OwnMelds[tile.MustParseKind("5z")] = 3
		}, want{"melds_simple": 0, "off_meld_suit": 0}},
		{"safe against two", "123m456p789s1234z5m", "4z", func(in *policy.Inputs) {
			in.Opp[0].Safe = in.Opp[0].Safe.Add(tile.MustParseKind("4z"))
			in.Opp[2].Safe = in.Opp[2].Safe.Add(tile.MustParseKind("4z"))
			in.OwnRiverKinds = in.OwnRiverKinds.Add(tile.MustParseKind("4z"))
		}, want{"safe_count": 2, "own_discarded": 1}},
	} {
		in := inputsOf(c.hand)
		if c.set != nil {
			c.set(in)
		}
		var pos policy.Position
		pos.ResetInputs(in)
		x := make([]float64, policy.NumFeatures)
		pos.Features(tile.MustParseKind(c.kind), x)
		for name, w := range c.want {
			if got := feature(t, policy.FeatureNames, x, name); got != w {
				t.Errorf("%s: %s = %v, want %v", c.name, name, got, w)
			}
		}
	}
}
