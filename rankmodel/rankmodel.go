// Package rankmodel predicts a seat's final rank from a game situation at a
// round start (after Mizukami & Tsuruoka's expected final ranks): round,
// honba, riichi sticks, the four scores seen from the seat, the dealer and
// the game's length, to P(rank 1..4). It turns a simulated round result
// into an expected rank or expected rank points. The default model is
// embedded from models/.
package rankmodel

import (
	"embed"
	"fmt"
	"io/fs"
	"sync"

	"github.com/mjrank/mjrank/internal/xgbmodel"
	"github.com/mjrank/mjrank/sim/game"
)

// Schema is the version of the feature definitions below; see
// opponent.Schema.
const Schema = 1

// ModelName is the model's file name prefix.
const ModelName = "rank"

// Situation is the state of a game at the start of a round.
type Situation struct {
	Index   int                // 0 = East 1 … 4 = South 1 …
	Honba   int                // repeat counter
	Sticks  int                // riichi sticks on the table
	Scores  [game.NumSeats]int // by seat
	Dealer  int                // seat of the dealer
	Hanchan bool               // east-south game (else east only)
}

// SituationOf returns the situation of a round at its start (or now).
func SituationOf(r *game.Round, hanchan bool) Situation {
	return Situation{Index: r.Index(), Honba: r.Honba(), Sticks: r.Sticks(), Scores: r.Scores(), Dealer: r.Dealer(), Hanchan: hanchan}
}

// FeatureNames names the features, in order.
var FeatureNames = []string{
	"round_index", "rounds_left", "all_last", "hanchan", "honba", "sticks", "dealer_offset",
	"score", "score_next", "score_across", "score_prev",
	"rank_now", "gap_above", "gap_below", "gap_top", "gap_last",
}

// NumFeatures is len(FeatureNames).
const NumFeatures = 16

// Features writes seat's features of s into x (len NumFeatures). Scores
// are given from the seat: its own, then the next seats in turn order.
func Features(s *Situation, seat int, x []float64) {
	last := 3
	if s.Hanchan {
		last = 7
	}
	own := s.Scores[seat]
	rank := game.Rank(s.Scores)
	above, below := 0, 0
	top, bottom := own, own
	for i, sc := range s.Scores {
		top, bottom = max(top, sc), min(bottom, sc)
		if i == seat {
			continue
		}
		if rank[i] == rank[seat]-1 {
			above = sc - own
		}
		if rank[i] == rank[seat]+1 {
			below = own - sc
		}
	}
	v := [NumFeatures]float64{
		float64(s.Index), float64(last - s.Index), b2f(s.Index >= last), b2f(s.Hanchan),
		float64(s.Honba), float64(s.Sticks), float64((s.Dealer - seat + 4) % 4),
		float64(own), float64(s.Scores[(seat+1)%4]), float64(s.Scores[(seat+2)%4]), float64(s.Scores[(seat+3)%4]),
		float64(rank[seat]), float64(above), float64(below), float64(top - own), float64(own - bottom),
	}
	for i, f := range v {
		x[i] = float64(float32(f))
	}
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

//go:embed models
var embedded embed.FS

// Model is the final-rank model. It is safe for concurrent use.
type Model struct {
	m    *xgbmodel.Model
	Card xgbmodel.Card
}

// Load loads the model from fsys's folder dir, refusing another schema.
func Load(fsys fs.FS, dir string) (*Model, error) {
	m, c, err := xgbmodel.LoadFS(fsys, dir, ModelName, Schema, NumFeatures)
	if err != nil {
		return nil, fmt.Errorf("rankmodel: %w", err)
	}
	if m.NumOutputs() != 4 {
		return nil, fmt.Errorf("rankmodel: %s gives %d outputs, want 4", c.File, m.NumOutputs())
	}
	return &Model{m: m, Card: *c}, nil
}

// LoadDir loads the model from a folder on disk.
func LoadDir(dir string) (*Model, error) { return xgbmodel.LoadDir(dir, Load) }

var defaultModel = sync.OnceValues(func() (*Model, error) { return Load(embedded, "models") })

// Default returns the embedded model, loaded once.
func Default() (*Model, error) { return defaultModel() }

// EmbeddedFS returns the embedded model folder ("models/...").
func EmbeddedFS() fs.FS { return embedded }

// Distribution returns P(seat finishes 1st, 2nd, 3rd, 4th) from s.
func (m *Model) Distribution(s *Situation, seat int) [4]float64 {
	var x [NumFeatures]float64
	Features(s, seat, x[:])
	var out [4]float64
	if err := m.m.Predict(x[:], out[:]); err != nil {
		panic(err) // sizes are fixed by Load
	}
	return out
}

// Utility gives a value to each final rank, 1st to 4th.
type Utility [4]float64

// TenhouUma is the rank part of Tenhou's final game points: uma +20/+10/
// −10/−20 plus the oka (+20, from the 30,000 return on 25,000 starts) to
// first place.
var TenhouUma = Utility{40, 10, -10, -20}

// HououPoints is Tenhou's Houou lobby rank points of a hanchan (段位pt):
// +90 / +45 / 0 / −135 (the fourth place at 7-dan).
var HououPoints = Utility{90, 45, 0, -135}

// RankOnly values the ranks 1..4 as −1..−4 (maximising it minimises the
// expected rank).
var RankOnly = Utility{-1, -2, -3, -4}

// Expected returns the utility's expectation under a rank distribution.
func (u Utility) Expected(dist [4]float64) float64 {
	e := 0.0
	for i, p := range dist {
		e += p * u[i]
	}
	return e
}

// ExpectedRank returns the mean rank under a distribution.
func ExpectedRank(dist [4]float64) float64 {
	return dist[0] + 2*dist[1] + 3*dist[2] + 4*dist[3]
}
