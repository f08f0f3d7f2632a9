package game

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"strconv"
	"sync"
	"testing"

	"github.com/mjrank/mjrank/sim/hand"
)

// checkInvariants runs Round.Check and adds the point sum: scores plus
// riichi sticks on the table must stay total, the points at the round's
// start.
func checkInvariants(r *Round, total int) error {
	if err := r.Check(); err != nil {
		return err
	}
	sum := 1000 * r.sticks
	for _, s := range r.scores {
		sum += s
	}
	if sum != total {
		return fmt.Errorf("points: scores %v + %d sticks = %d, want %d", r.scores, r.sticks, sum, total)
	}
	return nil
}

// randomPlayer picks uniformly among legal actions, but wins whenever it can
// (so wins are common enough to exercise scoring).
type randomPlayer struct{ rng *rand.Rand }

func (p *randomPlayer) Act(v View, legal []Action) Action {
	best, bestSh := -1, 99
	for i, a := range legal {
		switch a.Type {
		case Tsumo, Ron:
			return a
		case Riichi, Ankan, Kakan:
			if p.rng.IntN(4) != 0 {
				return a
			}
		case Chi, Pon, Daiminkan:
			if p.rng.IntN(5) == 0 {
				return a
			}
		case Discard:
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

// playChecked plays a four-player game checking the invariants at every
// round's start and after every action.
func playChecked(seed uint64) (*Game, map[EndKind]int, error) {
	var players [NumSeats]Player
	for i := range players {
		players[i] = &randomPlayer{rand.New(rand.NewPCG(seed, uint64(i)))}
	}
	return playCheckedWith(Tenhou(Hanchan), seed, &players, nil)
}

// playCheckedWith plays a game under rules as playChecked does, calling
// applied (if not nil) after each action too.
func playCheckedWith(rules Rules, seed uint64, players *[NumSeats]Player, applied func(r *Round, a Action) error) (*Game, map[EndKind]int, error) {
	ends := map[EndKind]int{}
	total, steps := 0, 0
	hooks := Hooks{
		Start: func(r *Round) error {
			total, steps = 1000*r.Sticks(), 0
			for _, s := range r.Scores() {
				total += s
			}
			return checkInvariants(r, total)
		},
		Applied: func(r *Round, a Action) error {
			steps++
			if err := checkInvariants(r, total); err != nil {
				return fmt.Errorf("step %d: %w", steps, err)
			}
			if applied != nil {
				return applied(r, a)
			}
			return nil
		},
		End: func(r *Round) error {
			ends[r.Result().Kind]++
			return nil
		},
	}
	g, err := PlayGameHooked(context.Background(), rules, seed, players, &hooks)
	if err != nil {
		return nil, nil, fmt.Errorf("seed %d: %w", seed, err)
	}
	return g, ends, nil
}

// checkFinalSums reports a game whose final scores do not sum to total
// or whose final points do not sum to zero.
func checkFinalSums(g *Game, total int) error {
	scores, points, _ := g.Final()
	sum, psum := 0, 0.0
	for i := range scores {
		sum += scores[i]
		psum += points[i]
	}
	if sum != total || psum > 1e-9 || psum < -1e-9 {
		return fmt.Errorf("final scores %v sum %d (want %d), points %v", scores, sum, total, points)
	}
	return nil
}

// TestSelfPlayInvariants plays hanchans of random players, checking tile and
// point conservation after every action: 10,000 by default, 300 under
// -short, or MJRANK_SELFPLAY_GAMES (e.g. 1000000 for the benchmark run
// reported in docs/BENCHMARKS.md), spread over all CPUs.
func TestSelfPlayInvariants(t *testing.T) {
	n := 10000
	if testing.Short() {
		n = 300
	}
	if v := os.Getenv("MJRANK_SELFPLAY_GAMES"); v != "" {
		var err error
		if n, err = strconv.Atoi(v); err != nil {
			t.Fatalf("MJRANK_SELFPLAY_GAMES=%q: %v", v, err)
		}
	}
	type tally struct {
		rounds int
		ends   map[EndKind]int
	}
	workers := runtime.GOMAXPROCS(0)
	results := make([]tally, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res := tally{ends: map[EndKind]int{}}
			for seed := uint64(w); seed < uint64(n); seed += uint64(workers) {
				g, e, err := playChecked(seed)
				if err != nil {
					t.Error(err)
					return
				}
				for k, v := range e {
					res.ends[k] += v
				}
				res.rounds += g.Rounds()
				if err := checkFinalSums(g, 100000); err != nil {
					t.Errorf("seed %d: %v", seed, err)
					return
				}
			}
			results[w] = res
		}()
	}
	wg.Wait()
	ends := map[EndKind]int{}
	rounds := 0
	for _, r := range results {
		rounds += r.rounds
		for k, v := range r.ends {
			ends[k] += v
		}
	}
	t.Logf("%d hanchans, %d rounds, endings %v", n, rounds, ends)
	if ends[Agari] == 0 || ends[ExhaustiveDraw] == 0 {
		t.Errorf("random play never won or never drew: %v", ends)
	}
}

func TestSameSeedSameGame(t *testing.T) {
	a, _, err := playChecked(42)
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := playChecked(42)
	if err != nil {
		t.Fatal(err)
	}
	if a.Scores != b.Scores || a.Rounds() != b.Rounds() {
		t.Errorf("seed 42 twice: %v in %d rounds vs %v in %d", a.Scores, a.Rounds(), b.Scores, b.Rounds())
	}
}

func BenchmarkSelfPlayRandom(b *testing.B) {
	var players [NumSeats]Player
	for i := range players {
		players[i] = &randomPlayer{rand.New(rand.NewPCG(1, uint64(i)))}
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if _, err := PlayGame(context.Background(), Tenhou(Hanchan), uint64(i), &players); err != nil {
			b.Fatal(err)
		}
	}
}
