// Package rankmodel predicts a seat's final rank from a game situation at a
// round start (after Mizukami & Tsuruoka's expected final ranks): round,
// honba, riichi sticks, the scores seen from the seat, the dealer and the
// game's length, to P(rank 1..4). It turns a simulated round result into
// an expected rank or expected rank points. The number of seats is a
// parameter ([Situation.Players]): a three-player (sanma) game has its own
// model, of three places, over the same feature definitions with two
// opponents. The default models are embedded from models/ (four players)
// and models/3p/ (three players); [DefaultFor] picks one by the seat count.
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

// ModelName is the four-player model's file name prefix.
const ModelName = "rank"

// ModelName3 is the three-player model's file name prefix.
const ModelName3 = "rank3"

// NameFor returns the model's file name prefix for a number of players
// (3 or 4).
func NameFor(players int) string {
	if players == 3 {
		return ModelName3
	}
	return ModelName
}

// Situation is the state of a game at the start of a round.
type Situation struct {
	Index   int                // 0 = East 1 … 4 = South 1 …
	Honba   int                // repeat counter
	Sticks  int                // riichi sticks on the table
	Scores  [game.NumSeats]int // by seat
	Dealer  int                // seat of the dealer
	Hanchan bool               // east-south game (else east only)
	// Players is the number of seats in play: 0 or 4, or 3 for a
	// three-player game (seat 3 empty, its score ignored; rounds East 1-3
	// are indices 0-2, South 1-3 are 4-6, as the records number them).
	Players int
}

// NumPlayers returns the number of seats in play: 3, or 4 (Players 0 reads
// as 4).
func (s *Situation) NumPlayers() int {
	if s.Players == 3 {
		return 3
	}
	return 4
}

// SituationOf returns the situation of a round at its start (or now).
func SituationOf(r *game.Round, hanchan bool) Situation {
	s := Situation{Index: r.Index(), Honba: r.Honba(), Sticks: r.Sticks(), Scores: r.Scores(), Dealer: r.Dealer(), Hanchan: hanchan}
	if r.Players() == 3 {
		s.Players = 3
	}
	return s
}

// FeatureNames names the four-player features, in order.
var FeatureNames = []string{
	"round_index", "rounds_left", "all_last", "hanchan", "honba", "sticks", "dealer_offset",
	"score", "score_next", "score_across", "score_prev",
	"rank_now", "gap_above", "gap_below", "gap_top", "gap_last",
}

// FeatureNames3 names the three-player features, in order: the
// four-player ones without the seat across.
var FeatureNames3 = []string{
	"round_index", "rounds_left", "all_last", "hanchan", "honba", "sticks", "dealer_offset",
	"score", "score_next", "score_prev",
	"rank_now", "gap_above", "gap_below", "gap_top", "gap_last",
}

// NumFeatures is len(FeatureNames), the most features of any seat count:
// a buffer of NumFeatures holds either.
const NumFeatures = 16

// NumFeatures3 is len(FeatureNames3).
const NumFeatures3 = 15

// FeatureNamesFor returns the feature names for a number of players.
func FeatureNamesFor(players int) []string {
	if players == 3 {
		return FeatureNames3
	}
	return FeatureNames
}

// Features writes seat's features of s into x (len(FeatureNamesFor(
// s.NumPlayers()))). Scores are given from the seat: its own, then the
// next seats in turn order; rounds_left counts the rounds of the game's
// regular length after this one (negative in an extension).
func Features(s *Situation, seat int, x []float64) {
	n := s.NumPlayers()
	// A round's position among the game's rounds: with three players a
	// wind has three rounds, numbered 4k..4k+2.
	ord := func(index int) int { return index/4*n + index%4 }
	last := n - 1
	if s.Hanchan {
		last = 4 + n - 1
	}
	own := s.Scores[seat]
	rank := game.RankOf(s.Scores, n)
	above, below := 0, 0
	top, bottom := own, own
	for i, sc := range s.Scores[:n] {
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
	var v [NumFeatures]float64
	f := append(v[:0], float64(s.Index), float64(ord(last)-ord(s.Index)), b2f(s.Index >= last), b2f(s.Hanchan),
		float64(s.Honba), float64(s.Sticks), float64((s.Dealer-seat+n)%n), float64(own))
	for k := 1; k < n; k++ {
		f = append(f, float64(s.Scores[(seat+k)%n]))
	}
	f = append(f, float64(rank[seat]), float64(above), float64(below), float64(top-own), float64(own-bottom))
	for i, f := range f {
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
	m       *xgbmodel.Model
	players int
	Card    xgbmodel.Card
}

// Load loads the four-player model from fsys's folder dir, refusing
// another schema.
func Load(fsys fs.FS, dir string) (*Model, error) { return LoadFor(fsys, dir, 4) }

// LoadFor loads the model for a number of players (3 or 4) from fsys's
// folder dir: NameFor(players)-HASH.bin, with as many outputs as places.
func LoadFor(fsys fs.FS, dir string, players int) (*Model, error) {
	if players != 3 && players != 4 {
		return nil, fmt.Errorf("rankmodel: no model for %d players (3 or 4)", players)
	}
	names := FeatureNamesFor(players)
	m, c, err := xgbmodel.LoadFS(fsys, dir, NameFor(players), Schema, len(names))
	if err != nil {
		return nil, fmt.Errorf("rankmodel: %w", err)
	}
	if m.NumOutputs() != players {
		return nil, fmt.Errorf("rankmodel: %s gives %d outputs, want %d (one per place)", c.File, m.NumOutputs(), players)
	}
	return &Model{m: m, players: players, Card: *c}, nil
}

// LoadDir loads the four-player model from a folder on disk.
func LoadDir(dir string) (*Model, error) { return xgbmodel.LoadDir(dir, Load) }

// LoadDirFor loads the model for a number of players from a folder on disk.
func LoadDirFor(dir string, players int) (*Model, error) {
	return xgbmodel.LoadDir(dir, func(fsys fs.FS, dir string) (*Model, error) { return LoadFor(fsys, dir, players) })
}

var (
	defaultModel  = sync.OnceValues(func() (*Model, error) { return Load(embedded, "models") })
	defaultModel3 = sync.OnceValues(func() (*Model, error) { return LoadFor(embedded, "models/3p", 3) })
)

// Default returns the embedded four-player model, loaded once.
func Default() (*Model, error) { return defaultModel() }

// DefaultFor returns the embedded model for a number of players (3 or 4),
// loaded once.
func DefaultFor(players int) (*Model, error) {
	switch players {
	case 4:
		return defaultModel()
	case 3:
		return defaultModel3()
	}
	return nil, fmt.Errorf("rankmodel: no model for %d players (3 or 4)", players)
}

// EmbeddedFS returns the embedded model folders ("models/..." for four
// players, "models/3p/..." for three).
func EmbeddedFS() fs.FS { return embedded }

// Players returns the number of seats the model is for (3 or 4).
func (m *Model) Players() int { return m.players }

// Distribution returns P(seat finishes 1st, 2nd, 3rd, 4th) from s; a
// three-player model gives P(4th) = 0. s must be of the model's number of
// players (a mismatch is a caller's bug, and panics).
func (m *Model) Distribution(s *Situation, seat int) [4]float64 {
	if s.NumPlayers() != m.players {
		panic(fmt.Sprintf("rankmodel: a %d-player situation given to the %d-player model %s", s.NumPlayers(), m.players, m.Card.File))
	}
	var x [NumFeatures]float64
	Features(s, seat, x[:])
	var out [4]float64
	if err := m.m.Predict(x[:m.m.NumFeatures()], out[:m.players]); err != nil {
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

// TenhouSanmaUma is the rank part of Tenhou's three-player final game
// points: uma +20/0/−20 plus the oka (+15, from the 40,000 return on
// 35,000 starts of three seats) to first place; no fourth place.
var TenhouSanmaUma = Utility{35, 0, -20, 0}

// UmaFor returns Tenhou's uma with oka for a number of players (3 or 4).
func UmaFor(players int) Utility {
	if players == 3 {
		return TenhouSanmaUma
	}
	return TenhouUma
}

// HououPoints is Tenhou's 4-player Houou lobby rank points of a hanchan
// (段位pt): +90 / +45 / 0 / −135 (the fourth place at 7-dan). It is for
// four players only: Tenhou's 3-player table pays the first place alone
// and charges the third (a hanchan top is worth 105 pt in the Tokujou
// room: mj-news.net/column/nemata-jantama/20190804130653); its Houou
// figures and the third's loss were not found (issue 54), so mc refuses
// it as a three-player utility and reports no rank points there.
var HououPoints = Utility{90, 45, 0, -135}

// RankOnly values the ranks 1..4 as −1..−4 (maximising it minimises the
// expected rank); with three players, whose P(4th) is 0, likewise.
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
