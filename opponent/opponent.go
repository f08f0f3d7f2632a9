// Package opponent predicts, from public information only, what an opponent
// holds: P(tenpai); for each of the 34 tile kinds, P(it wins for them | they
// are tenpai); and the points their hand makes on a ron. Features are defined
// once (features.go, versioned by [Schema] and [WaitSchema]) and shared by training (package
// train) and inference. The models are gradient-boosted trees trained by the
// xgboost command-line tool and evaluated with leaves (see package
// xgbmodel); the default ones are embedded from models/ (four players) and
// models/3p/ (three players: tenpai3, wait3, value3, on the same features
// over the seats in play plus the kita ones; see [LoadFor]).
package opponent

import (
	"embed"
	"fmt"
	"io/fs"
	"sync"

	"github.com/mjrank/mjrank/internal/xgbmodel"
	"github.com/mjrank/mjrank/sim/tile"
)

// Model names: the files are NAME-HASH.bin with the card NAME-HASH.json.
const (
	TenpaiModel = "tenpai"
	WaitModel   = "wait"
	ValueModel  = "value"
)

// NameFor returns a model's file name prefix for a number of players: name
// itself for four, name + "3" for three (tenpai3, wait3, value3).
func NameFor(name string, players int) string {
	if players == 3 {
		return name + "3"
	}
	return name
}

//go:embed models
var embedded embed.FS

// Models are the three opponent predictors. They are safe for concurrent
// use.
type Models struct {
	tenpai, wait, value *xgbmodel.Model
	players             int
	Cards               []xgbmodel.Card // tenpai, wait, value
}

// Load loads the three four-player models from fsys's folder dir,
// refusing any whose schema differs from the code's ([Schema];
// [WaitSchema] for the wait model).
func Load(fsys fs.FS, dir string) (*Models, error) { return LoadFor(fsys, dir, 4) }

// LoadFor loads the three models for a number of players (3 or 4) from
// fsys's folder dir (NameFor(TenpaiModel, players)-HASH.bin and the
// others), as [Load] does.
func LoadFor(fsys fs.FS, dir string, players int) (*Models, error) {
	if players != 3 && players != 4 {
		return nil, fmt.Errorf("opponent: no models for %d players (3 or 4)", players)
	}
	m := &Models{players: players}
	nt, nw := len(TenpaiFeatureNamesFor(players)), len(WaitFeatureNamesFor(players))
	for _, spec := range []struct {
		name   string
		schema int
		n      int
		dst    **xgbmodel.Model
	}{
		{NameFor(TenpaiModel, players), Schema, nt, &m.tenpai},
		{NameFor(WaitModel, players), WaitSchema, nw, &m.wait},
		{NameFor(ValueModel, players), Schema, nt, &m.value},
	} {
		model, card, err := xgbmodel.LoadFS(fsys, dir, spec.name, spec.schema, spec.n)
		if err != nil {
			return nil, fmt.Errorf("opponent: %w", err)
		}
		*spec.dst = model
		m.Cards = append(m.Cards, *card)
	}
	return m, nil
}

// LoadDir loads the three four-player models from a folder on disk (as
// `mjrank train` writes them).
func LoadDir(dir string) (*Models, error) { return xgbmodel.LoadDir(dir, Load) }

// LoadDirFor loads the three models for a number of players from a folder
// on disk.
func LoadDirFor(dir string, players int) (*Models, error) {
	return xgbmodel.LoadDir(dir, func(fsys fs.FS, dir string) (*Models, error) { return LoadFor(fsys, dir, players) })
}

var (
	defaultModels  = sync.OnceValues(func() (*Models, error) { return Load(embedded, "models") })
	defaultModels3 = sync.OnceValues(func() (*Models, error) { return LoadFor(embedded, "models/3p", 3) })
)

// Default returns the four-player models embedded in the binary, loaded
// once.
func Default() (*Models, error) { return defaultModels() }

// DefaultFor returns the embedded models for a number of players (3 or 4),
// loaded once.
func DefaultFor(players int) (*Models, error) {
	switch players {
	case 4:
		return defaultModels()
	case 3:
		return defaultModels3()
	}
	return nil, fmt.Errorf("opponent: no models for %d players (3 or 4)", players)
}

// EmbeddedFS returns the embedded model folders ("models/..." for four
// players, "models/3p/..." for three).
func EmbeddedFS() fs.FS { return embedded }

// Players returns the number of seats the models are for (3 or 4).
func (m *Models) Players() int { return m.players }

// check panics when p is of another number of players than the models: a
// caller's bug (the features would not be the models'). Four-player
// models may read a three-player position, whose features begin with the
// four-player ones (the kita features follow, unread): the engines' stand-in
// until they have three-player models (mc.Predictors).
func (m *Models) check(p *Public) {
	if p.Players() != m.players && (m.players != 4 || p.Players() != 3) {
		panic(fmt.Sprintf("opponent: a %d-player position given to the %d-player models", p.Players(), m.players))
	}
}

// Tenpai returns P(the opponent is tenpai): the tree model's probability
// through the calibration map of its card (see [Models.TenpaiRaw]).
func (m *Models) Tenpai(p *Public) float64 {
	return m.Cards[0].Calibration.Apply(m.TenpaiRaw(p))
}

// TenpaiRaw returns the tenpai trees' probability before calibration.
func (m *Models) TenpaiRaw(p *Public) float64 {
	m.check(p)
	var x [NumTenpaiFeatures3]float64
	p.TenpaiFeatures(x[:])
	v, err := m.tenpai.PredictOne(x[:m.tenpai.NumFeatures()])
	if err != nil {
		panic(err) // sizes are fixed by Load
	}
	return v
}

// WaitProb returns P(a discard of kind k now lets the opponent ron | the
// opponent is tenpai): k completes their hand with a yaku and they are not
// furiten (no winning kind in their river, no winning tile passed after
// their riichi).
func (m *Models) WaitProb(p *Public, k tile.Kind) float64 {
	m.check(p)
	var x [NumWaitFeatures3]float64
	p.WaitFeatures(k, x[:])
	v, err := m.wait.PredictOne(x[:m.wait.NumFeatures()])
	if err != nil {
		panic(err)
	}
	return v
}

// Waits writes WaitProb for every kind into dst. One pair of buffers
// serves the 34 kinds (buffers passed to the trees escape to the heap).
//
// With three players the 2m..8m, not in play, get 0.
func (m *Models) Waits(p *Public, dst *[tile.NumKinds]float64) {
	m.check(p)
	x, out := make([]float64, NumWaitFeatures3), make([]float64, 1)
	for k := range tile.NumKinds {
		if !InPlay(m.players, tile.Kind(k)) {
			dst[k] = 0
			continue
		}
		p.WaitFeatures(tile.Kind(k), x)
		if err := m.wait.Predict(x[:m.wait.NumFeatures()], out); err != nil {
			panic(err) // sizes are fixed by Load
		}
		dst[k] = out[0]
	}
}

// Value returns the expected points of the opponent's ron (before honba
// and sticks) given that they are tenpai and win.
func (m *Models) Value(p *Public) float64 {
	m.check(p)
	var x [NumTenpaiFeatures3]float64
	p.TenpaiFeatures(x[:])
	v, err := m.value.PredictOne(x[:m.value.NumFeatures()])
	if err != nil {
		panic(err)
	}
	return v
}
