package policy_test

import (
	"math"
	"testing"

	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/policy"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/hand"
	"github.com/mjrank/mjrank/sim/tile"
)

// inputsOf is a quiet table: the hand h, nothing seen, no threat.
func inputsOf(h string) *policy.Inputs {
	var waits [game.NumSeats - 1][tile.NumKinds]float64
	in := &policy.Inputs{Counts: tile.MustParseCounts(h), Drawn: tile.NoKind, OwnLast: tile.NoKind, Above: 100_000, Below: 100_000, Live: 60}
	for i := range in.Opp {
		in.Opp[i].Waits = &waits[i]
	}
	return in
}

// TestLookaheadKnown checks the look-ahead and shape features of a hand
// worked out by hand: 123m 23m 456p 789s 1z 5z after discarding 9m is one
// from tenpai on 1m 4m 1z 5z (13 unseen tiles); 1z or 5z gives the
// two-sided 14m (7 tiles), 1m or 4m a single wait on the other honour (3).
func TestLookaheadKnown(t *testing.T) {
	var pos policy.Position
	pos.ResetInputs(inputsOf("122339m456p789s15z"))
	x := make([]float64, policy.NumFeatures)
	pos.Features(tile.MustParseKind("9m"), x)
	for _, c := range []struct {
		name string
		want float64
	}{
		{"shanten_after", 1},
		{"ukeire_after", 13},
		{"ukeire2", 3*7 + 3*7 + 3*3 + 4*3},
		{"good_share", 6.0 / 13},
		{"wait_kinds", 0},
		{"at_m2", 0}, {"at_m1", 0}, {"at_p1", -1}, {"at_p2", -1},
		{"connect", 3 + 4 + 4},
		{"dragon", 0},
		{"yaochu_after", 4}, // 1m 9s 1z 5z
		{"max_danger", 0},
	} {
		if got := feature(t, policy.FeatureNames, x, c.name); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("%s = %v, want %v", c.name, got, c.want)
		}
	}
	// Discarding 5z leaves a tenpai-free hand too; the dragon flag is its.
	pos.Features(tile.MustParseKind("5z"), x)
	if feature(t, policy.FeatureNames, x, "dragon") != 1 || feature(t, policy.FeatureNames, x, "at_m1") != -1 {
		t.Errorf("5z: dragon %v, at_m1 %v", feature(t, policy.FeatureNames, x, "dragon"), feature(t, policy.FeatureNames, x, "at_m1"))
	}
	// A tenpai hand: 123m 456p 789s 11z 34m after 9p waits on 2m 5m.
	pos.ResetInputs(inputsOf("12334m4569p789s11z"))
	pos.Features(tile.MustParseKind("9p"), x)
	if feature(t, policy.FeatureNames, x, "wait_kinds") != 2 || feature(t, policy.FeatureNames, x, "ukeire2") != 0 {
		t.Errorf("9p: wait_kinds %v, ukeire2 %v", feature(t, policy.FeatureNames, x, "wait_kinds"), feature(t, policy.FeatureNames, x, "ukeire2"))
	}
}

// TestLookaheadBruteForce recomputes ukeire2, improve, good_share and ukeire2_share of
// every candidate of real positions from hand.Ukeire alone (every draw,
// every discard after it) and compares.
func TestLookaheadBruteForce(t *testing.T) {
	opp, err := opponent.Default()
	if err != nil {
		t.Fatal(err)
	}
	var pos policy.Position
	x := make([]float64, policy.NumFeatures)
	n := 0
	for i, tn := range turns(t, 120) {
		v := game.ViewOf(&tn.round, tn.seat)
		pos.Reset(v, opp)
		in := pos.Inputs()
		type got struct{ sh, u2, share float64 }
		byKind := map[tile.Kind]got{}
		for _, k := range pos.Kinds(nil) {
			pos.Features(k, x)
			w := in.Counts
			w[k]--
			vis := in.Seen
			vis[k]++
			sh, _, count := hand.Ukeire(&w, &vis)
			_, tiles, _ := hand.Ukeire(&w, nil)
			var u2, improve, good float64
			for d := range tile.Kind(tile.NumKinds) {
				left := 4 - int(w[d]) - int(vis[d])
				if left <= 0 {
					continue
				}
				w[d]++
				bestSh, bestN, bestWaits := int8(99), -1, 0
				for e := range tile.Kind(tile.NumKinds) {
					if w[e] == 0 {
						continue
					}
					w[e]--
					seen := vis
					seen[e]++ // the discard is seen, as hand.Discards counts
					s, ts, c := hand.Ukeire(&w, &seen)
					w[e]++
					if s < bestSh || s == bestSh && c > bestN {
						bestSh, bestN, bestWaits = s, c, ts.Len()
					}
				}
				w[d]--
				switch {
				case tiles.Has(d):
					if sh >= 1 {
						u2 += float64(left * bestN)
					}
					if sh == 1 && bestWaits >= 2 {
						good += float64(left)
					}
				case bestSh == sh && bestN > count:
					improve += float64(left)
				}
			}
			if sh == 1 && count > 0 {
				good /= float64(count)
			} else {
				good = 0
			}
			if feature(t, policy.FeatureNames, x, "ukeire2") != u2 || feature(t, policy.FeatureNames, x, "improve") != improve ||
				feature(t, policy.FeatureNames, x, "good_share") != good {
				t.Fatalf("decision %d, kind %s: ukeire2 %v improve %v good_share %v, brute force %v %v %v",
					i, k, feature(t, policy.FeatureNames, x, "ukeire2"), feature(t, policy.FeatureNames, x, "improve"),
					feature(t, policy.FeatureNames, x, "good_share"), u2, improve, good)
			}
			byKind[k] = got{float64(sh), u2, feature(t, policy.FeatureNames, x, "ukeire2_share")}
			n++
		}
		for k, g := range byKind {
			best := 0.0
			for _, o := range byKind {
				if o.sh == g.sh {
					best = max(best, o.u2)
				}
			}
			if best > 0 && math.Abs(g.share-g.u2/best) > 1e-12 {
				t.Fatalf("decision %d, kind %s: ukeire2_share %v, want %v", i, k, g.share, g.u2/best)
			}
		}
	}
	t.Logf("%d candidates checked", n)
}

// TestAheadFiguresSkipped: a model that splits on no look-ahead figure
// (the rollout's) is asked without them, and scores every candidate of
// real positions as on the full features; the figures are where the code
// skips them.
func TestAheadFiguresSkipped(t *testing.T) {
	for i, n := range policy.AheadFigureNames {
		if j := policy.NumFeatures - len(policy.ValueFeatureNames) - len(policy.LookaheadFeatureNames) + i; policy.FeatureNames[j] != n {
			t.Fatalf("feature %d is %q, want the look-ahead figure %q", j, policy.FeatureNames[j], n)
		}
	}
	opp, err := opponent.Default()
	if err != nil {
		t.Fatal(err)
	}
	roll, err := policy.DefaultRollout()
	if err != nil || roll == nil {
		t.Fatalf("rollout model: %v", err)
	}
	pol, err := policy.Default()
	if err != nil {
		t.Fatal(err)
	}
	x := make([]float64, policy.NumFeatures)
	n := 0
	for _, m := range []*policy.Model{roll, pol} {
		var pos policy.Position
		for _, tn := range turns(t, 60) {
			pos.Reset(game.ViewOf(&tn.round, tn.seat), opp)
			for _, k := range pos.Kinds(nil) {
				got := m.Score(&pos, k)
				pos.Features(k, x)
				if want := m.ScoreRow(x); got != want {
					t.Fatalf("%s, kind %s: %v, on the full features %v", m.Card.Name, k, got, want)
				}
				n++
			}
		}
	}
	t.Logf("%d candidates", n)
}
