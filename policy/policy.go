// Package policy is a learned discard policy: from what a seat sees at its
// turn — its hand, every river, the opponents' predicted tenpai, waits and
// values (package opponent) — a score for each kind it may discard, higher
// for the discard a Houou player is likelier to make. Trained by package
// train on the records (a binary tree model: was this kind the one
// discarded?), it is the Monte Carlo engine's prior move: the move played
// unless the simulations show another better (after Mizukami & Tsuruoka,
// whose Monte Carlo player starts from a discard model learned from
// experts). The default model is embedded from models/.
//
// Four decision models complete it (decisions.go): riichi or dama, a
// call or pass on a discard, ankan and kakan, kyuushu kyuuhai, each
// trained the same way on the candidate actions of a decision, with
// features of the shared [Situation] (threats and the score situation)
// and of the move.
package policy

import (
	"embed"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path"
	"slices"
	"sync"

	"github.com/mjrank/mjrank/internal/xgbmodel"
	"github.com/mjrank/mjrank/sim/tile"
)

// ModelName names the model files: discard-HASH.bin with the card
// discard-HASH.json.
const ModelName = "discard"

// RolloutModelName names the rollout's discard model (rollout-HASH.bin): a
// smaller model on the discard policy's rows without its look-ahead
// figures, which it is asked without, ranking the candidates by stages;
// the Monte Carlo engine's learned rollout and the rollout bot play the
// seat's turns with it.
const RolloutModelName = "rollout"

//go:embed models
var embedded embed.FS

// Model is the discard policy. It is safe for concurrent use.
type Model struct {
	m       *xgbmodel.Model
	Card    xgbmodel.Card
	ranking bool // scores are a ranking objective's, compared within a decision
	n       int  // the features it reads: NumFeatures, or fewer for an older schema
	// ahead: the model splits on a look-ahead figure (ukeire2 …
	// good_share), the features that cost the most to compute; a model
	// trained without them (the rollout's) is asked without their work.
	ahead bool
	// stage > 0: Best ranks by stages, every candidate on the first stage
	// trees and the stageKeep best of them on all (the rollout's model).
	stage int
}

// stageKeep is how many candidates Best's second stage scores on all the
// trees: the first quarter of the rollout model's trees (30 of 120) ranks
// every candidate and the stageKeep best go on, 780 tree walks for 14
// candidates instead of 1,680. TestBestByStages holds the staged choice to
// the full ranking's at all but 1 in 200 real turns.
const stageKeep = 4

// newModel wraps a loaded model.
func newModel(m *xgbmodel.Model, card *xgbmodel.Card) *Model {
	ahead := false
	for j := numBaseFeatures; j < numBaseFeatures+numAheadFigures && j < m.NumFeatures(); j++ {
		ahead = ahead || m.Splits(j)
	}
	return &Model{m: m, Card: *card, ranking: xgbmodel.Ranking(m.Objective()), n: m.NumFeatures(), ahead: ahead}
}

// Load loads the model from fsys's folder dir. A model of an older schema
// loads too when its features are the first of FeatureNames (each schema
// appended its features to the one before): it reads only those, so that
// `policy@DIR` seats a model trained before the newest features beside
// the new one. Any other schema is refused.
func Load(fsys fs.FS, dir string) (*Model, error) {
	m, card, err := xgbmodel.LoadFSPrefix(fsys, dir, ModelName, Schema, FeatureNames)
	if err != nil {
		return nil, fmt.Errorf("policy: %w", err)
	}
	return newModel(m, card), nil
}

// LoadDir loads the model from a folder on disk (as `mjrank train` writes
// it).
func LoadDir(dir string) (*Model, error) { return Load(os.DirFS(dir), ".") }

// LoadRollout loads the rollout model from fsys's folder dir, or returns
// nil when the folder has none.
func LoadRollout(fsys fs.FS, dir string) (*Model, error) {
	if cards, _ := fs.Glob(fsys, path.Join(dir, RolloutModelName+"-*.json")); len(cards) == 0 {
		return nil, nil
	}
	m, card, err := xgbmodel.LoadFSPrefix(fsys, dir, RolloutModelName, Schema, FeatureNames)
	if err != nil {
		return nil, fmt.Errorf("policy: rollout model: %w", err)
	}
	r := newModel(m, card)
	r.stage = m.NumTrees() / 4
	return r, nil
}

var defaultRollout = sync.OnceValues(func() (*Model, error) { return LoadRollout(embedded, "models") })

// DefaultRollout returns the rollout model embedded in the binary (nil if
// none), loaded once.
func DefaultRollout() (*Model, error) { return defaultRollout() }

var defaultModel = sync.OnceValues(func() (*Model, error) { return Load(embedded, "models") })

// Default returns the model embedded in the binary, loaded once.
func Default() (*Model, error) { return defaultModel() }

// EmbeddedFS returns the embedded model folder ("models/...").
func EmbeddedFS() fs.FS { return embedded }

// Score returns the model's score of discarding kind k in position p,
// higher for the kind a Houou player likelier discards: for the shipped
// ranking model a raw score, meaningful only against the other kinds of
// the same position (a softmax over them gives the prior, [Player]); for
// a binary model the probability of that kind taken alone.
func (m *Model) Score(p *Position, k tile.Kind) float64 {
	var x [NumFeatures]float64
	p.features(k, x[:], m.ahead)
	return m.ScoreRow(x[:])
}

// ScoreRow returns the model's score of the features x of one candidate
// (as [Position.Features] writes them).
func (m *Model) ScoreRow(x []float64) float64 {
	v, err := m.m.PredictOne(x[:m.n])
	if err != nil {
		panic(err) // the feature count was checked at load
	}
	return v
}

// Best returns the kind the model scores highest in p, and false when p
// has no discard.
func (m *Model) Best(p *Position) (tile.Kind, bool) {
	if m.stage > 0 && p.nd > stageKeep {
		return m.bestByStages(p), true
	}
	best, bv := tile.NoKind, math.Inf(-1) // a ranking model's scores may be negative
	for _, d := range p.discard[:p.nd] {
		if v := m.Score(p, d.Kind); v > bv {
			best, bv = d.Kind, v
		}
	}
	return best, best != tile.NoKind
}

// bestByStages is Best for a model with stages: every candidate's margin
// on the first m.stage trees, then the stageKeep best of them on the
// rest (the margin orders candidates as the score does); ties to the
// first in p's order, as Best.
func (m *Model) bestByStages(p *Position) tile.Kind {
	var (
		rows [len(p.discard)][NumFeatures]float64
		part [len(p.discard)]float64
		keep [stageKeep]int // indices, best first
	)
	nk := 0
	for i, d := range p.discard[:p.nd] {
		p.features(d.Kind, rows[i][:], m.ahead)
		part[i] = m.m.Margin(rows[i][:m.n], 0, m.stage)
		// Insert i among the kept, which stay sorted by part.
		j := min(nk, stageKeep)
		for ; j > 0 && part[i] > part[keep[j-1]]; j-- {
			if j < stageKeep {
				keep[j] = keep[j-1]
			}
		}
		if j < stageKeep {
			keep[j] = i
		}
		nk = min(nk+1, stageKeep)
	}
	slices.Sort(keep[:nk])
	best, bv := tile.NoKind, math.Inf(-1)
	for _, i := range keep[:nk] {
		if v := part[i] + m.m.Margin(rows[i][:m.n], m.stage, m.m.NumTrees()); v > bv {
			best, bv = p.discard[i].Kind, v
		}
	}
	return best
}
