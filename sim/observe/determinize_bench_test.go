package observe

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// selfPlayObservations plays rounds of riichi players and keeps the
// observation of the seat to act every few actions: positions with riichi
// opponents and a thinning wall.
func selfPlayObservations(t testing.TB, rounds int) []*Observation {
	t.Helper()
	var out []*Observation
	for seed := range uint64(rounds) {
		rules := game.Tenhou(game.Hanchan)
		w := game.NewWall(seed, 0, 0)
		r, err := game.NewRound(&rules, game.RoundSetup{Index: int(seed % 4), Dealer: uint8(seed % 4), Scores: [4]int{25000, 25000, 25000, 25000}}, &w)
		if err != nil {
			t.Fatal(err)
		}
		p := &riichiPlayer{rng: rand.New(rand.NewPCG(seed, 1))}
		players := [game.NumSeats]game.Player{p, p, p, p}
		var ob Observer
		h := ob.Hooks()
		step := 0
		h.Decision = func(_ *game.Round, seat int, _ []game.Action) error {
			if step%7 == 3 {
				out = append(out, ob.Observation(seat).Clone())
			}
			step++
			return nil
		}
		if err := r.PlayHooked(&players, nil, &h); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// BenchmarkDeterminize determinizes self-play positions into one round
// (DeterminizeInto), with the default options.
func BenchmarkDeterminize(b *testing.B) {
	obs := selfPlayObservations(b, 40)
	rng := rand.New(rand.NewPCG(1, 2))
	var r game.Round
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if err := obs[i%len(obs)].DeterminizeInto(&r, rng, DeterminizeOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDeterminizeTenpai forces every seat not in riichi tenpai and
// weights the waits: the constructed-hand path for all three opponents.
func BenchmarkDeterminizeTenpai(b *testing.B) {
	obs := selfPlayObservations(b, 40)
	rng := rand.New(rand.NewPCG(1, 2))
	opt := DeterminizeOptions{Tenpai: [4]TenpaiState{TenpaiForced, TenpaiForced, TenpaiForced, TenpaiForced},
		WaitWeight: manyWaits}
	var r game.Round
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if err := obs[i%len(obs)].DeterminizeInto(&r, rng, opt); err != nil {
			b.Fatal(err)
		}
	}
}

func manyWaits(_ int, w tile.KindSet) float64 { return float64(w.Len()) }

// TestDeterminizeIntoAllocs: determinizing into a caller's round allocates
// nothing, with or without tenpai constraints.
func TestDeterminizeIntoAllocs(t *testing.T) {
	obs := selfPlayObservations(t, 4)
	rng := rand.New(rand.NewPCG(1, 2))
	var r game.Round
	for _, opt := range []DeterminizeOptions{{}, {Tenpai: [4]TenpaiState{TenpaiForced, NotenForced, TenpaiForced, TenpaiAny}, WaitWeight: manyWaits}} {
		i := 0
		allocs := testing.AllocsPerRun(200, func() {
			o := obs[i%len(obs)]
			i++
			if err := o.DeterminizeInto(&r, rng, opt); err != nil {
				if !errors.Is(err, ErrNoWorld) {
					t.Fatal(err)
				}
			}
		})
		if allocs != 0 {
			t.Errorf("options %+v: %v allocations per DeterminizeInto", opt.Tenpai, allocs)
		}
	}
}
