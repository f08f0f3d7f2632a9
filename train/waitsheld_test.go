package train

import (
	"testing"

	"github.com/mjrank/mjrank/data/dataset"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// TestWaitsHeldTrial measures whether the tiles a tenpai hand waits on
// are spread over the opponents' hands and the wall as the unseen tiles
// are (the Monte Carlo rollout's pool assumes so: its seat and abstract
// opponents draw from all unseen tiles alike). After every discard that
// leaves the discarder tenpai in the training games, it counts the
// copies of its winning kinds it cannot see, those in the opponents'
// concealed hands, and what a uniform split would put there (the unseen
// copies × the opponents' concealed tiles / all unseen tiles); the same
// for all unseen tiles by class of kind as a contrast (MJRANK_TRIALS=1;
// docs/ENGINE.md).
func TestWaitsHeldTrial(t *testing.T) {
	all := trials(t)
	var unseenW, heldW, expW float64
	// By class of kind (honours, 1 and 9, 2 and 8, 3 to 7), all unseen
	// tiles: what a weighted pool would weight by.
	var heldC, expC [4]float64
	n := 0
	for _, gr := range all {
		if dataset.HeldOut(gr.Key) {
			continue
		}
		err := VisitGame(gr.Game, Visitor{Discard: func(s *DiscardSample) {
			if !s.Tenpai || s.Winning == 0 || s.Away {
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
			n++
			for k := tile.Kind(0); k < tile.NumKinds; k++ {
				u := float64(4 - int(vis[k]))
				if s.Winning.Has(k) {
					unseenW += u
					heldW += float64(held[k])
					expW += u * share
				}
				c := kindClass(k)
				heldC[c] += float64(held[k])
				expC[c] += u * share
			}
		}})
		if err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d tenpai discards: wait copies unseen %.0f, held by opponents %.0f, uniform expects %.0f (ratio %.3f)",
		n, unseenW, heldW, expW, heldW/expW)
	for c, name := range []string{"honours", "1 and 9", "2 and 8", "3 to 7"} {
		t.Logf("%s: held by opponents %.0f, uniform expects %.0f (ratio %.3f)", name, heldC[c], expC[c], heldC[c]/expC[c])
	}
}

// kindClass is 0 for an honour, 1 for a terminal, 2 for a 2 or 8, 3 for
// a 3 to 7.
func kindClass(k tile.Kind) int {
	switch n := k % 9; {
	case k >= 27:
		return 0
	case n == 0 || n == 8:
		return 1
	case n == 1 || n == 7:
		return 2
	}
	return 3
}
