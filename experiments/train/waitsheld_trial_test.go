//go:build experiments

package train_test

import (
	"math"
	"testing"

	"github.com/mjrank/mjrank/data/dataset"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
	"github.com/mjrank/mjrank/train"
)

// TestWaitsHeldTrial measures whether the tiles a tenpai hand waits on
// are spread over the opponents' hands and the wall as the unseen tiles
// are (a uniform pool of the Monte Carlo rollout assumes so: its seat
// and abstract opponents draw from all unseen tiles alike). After every discard that
// leaves the discarder tenpai in the training games, it counts the
// copies of its winning kinds it cannot see, those in the opponents'
// concealed hands, and what a uniform split would put there (the unseen
// copies × the opponents' concealed tiles / all unseen tiles); the same
// for all unseen tiles by class of kind as a contrast. After every
// discard, tenpai or not, the same by class and stage of the round: the
// table opponent.HeldRatio holds for the learned rollout's pool weights
// (it fails when they drift apart; MJRANK_TRIALS=1; docs/ENGINE.md).
func TestWaitsHeldTrial(t *testing.T) {
	all := trials(t)
	var unseenW, heldW, expW float64
	// By class of kind (honours, 1 and 9, 2 and 8, 3 to 7), all unseen
	// tiles: what a weighted pool would weight by.
	var heldC, expC [opponent.NumClasses]float64
	// The same after every discard, tenpai or not, by stage of the round
	// (opponent.HeldStage): what the rollout's pool weights read
	// (opponent.HeldRatio).
	var heldA, expA [opponent.NumHeldStages][opponent.NumClasses]float64
	n, nAll := 0, 0
	for _, gr := range all {
		if dataset.HeldOut(gr.Key) {
			continue
		}
		err := train.VisitGame(gr.Game, train.Visitor{Discard: func(s *train.DiscardSample) {
			if s.Away {
				return
			}
			v := game.ViewOf(s.Round, s.Seat)
			vis := v.Visible()
			var held tile.Counts
			H := 0
			for j := range game.NumSeats {
				if j == s.Seat {
					continue
				}
				c := s.Round.Counts(j)
				for k := range c {
					held[k] += c[k]
					H += int(c[k])
				}
			}
			U := 0
			for k := range vis {
				U += 4 - int(vis[k])
			}
			if U == 0 {
				return
			}
			share := float64(H) / float64(U)
			nAll++
			st := opponent.HeldStage(v.LiveRemaining())
			for k := tile.Kind(0); k < tile.NumKinds; k++ {
				c := opponent.KindClass(k)
				heldA[st][c] += float64(held[k])
				expA[st][c] += float64(4-int(vis[k])) * share
			}
			if !s.Tenpai || s.Winning == 0 {
				return
			}
			n++
			for k := tile.Kind(0); k < tile.NumKinds; k++ {
				u := float64(4 - int(vis[k]))
				if s.Winning.Has(k) {
					unseenW += u
					heldW += float64(held[k])
					expW += u * share
				}
				c := opponent.KindClass(k)
				heldC[c] += float64(held[k])
				expC[c] += u * share
			}
		}})
		if err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d discards, %d of them into tenpai", nAll, n)
	t.Logf("%d tenpai discards: wait copies unseen %.0f, held by opponents %.0f, uniform expects %.0f (ratio %.3f)",
		n, unseenW, heldW, expW, heldW/expW)
	for c, name := range []string{"honours", "1 and 9", "2 and 8", "3 to 7"} {
		t.Logf("%s: held by opponents %.0f, uniform expects %.0f (ratio %.3f)", name, heldC[c], expC[c], heldC[c]/expC[c])
		for st := range heldA {
			r := heldA[st][c] / expA[st][c]
			t.Logf("  after every discard, live wall from %d: %.3f", st*10, r)
			if math.Abs(r-opponent.HeldRatio[st][c]) > 0.01 {
				t.Errorf("%s, live wall from %d: opponent.HeldRatio says %.3f, the corpus %.3f", name, st*10, opponent.HeldRatio[st][c], r)
			}
		}
	}
}
