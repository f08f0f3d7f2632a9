package observe

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/hand"
)

// checkInvariants runs Round.Check and adds the point sum: scores plus
// riichi sticks on the table must stay total, the points at the round's
// start (sim/game's test of the same name, through the accessors).
func checkInvariants(r *game.Round, total int) error {
	if err := r.Check(); err != nil {
		return err
	}
	sum := 1000 * r.Sticks()
	for _, s := range r.Scores() {
		sum += s
	}
	if sum != total {
		return fmt.Errorf("points: scores %v + %d sticks = %d, want %d", r.Scores(), r.Sticks(), sum, total)
	}
	return nil
}

// randomPlayer picks uniformly among legal actions, but wins whenever it
// can. It is sim/game's test player of the same name, move for move: the
// self-play observations pinned here (selfPlayPin) are played by it.
type randomPlayer struct{ rng *rand.Rand }

func (p *randomPlayer) Act(v game.View, legal []game.Action) game.Action {
	best, bestSh := -1, 99
	for i, a := range legal {
		switch a.Type {
		case game.Tsumo, game.Ron:
			return a
		case game.Riichi, game.Ankan, game.Kakan:
			if p.rng.IntN(4) != 0 {
				return a
			}
		case game.Chi, game.Pon, game.Daiminkan:
			if p.rng.IntN(5) == 0 {
				return a
			}
		case game.Discard:
			// Mostly discard toward tenpai, so that hands finish.
			c := v.Counts()
			c[a.Tile.Kind()]--
			sh := hand.Shanten(&c)*8 + p.rng.IntN(8)
			if sh < bestSh {
				best, bestSh = i, sh
			}
		}
	}
	if best >= 0 && p.rng.IntN(10) != 0 {
		return legal[best]
	}
	return legal[p.rng.IntN(len(legal))]
}

// observeErr reports whether err is one of this package's errors, which
// all start "observe: " (issue 50), and its text holds want.
func observeErr(err error, want string) bool {
	return err != nil && strings.HasPrefix(err.Error(), "observe: ") && strings.Contains(err.Error(), want)
}
