// Package opponent predicts, from public information only, what an opponent
// holds: P(tenpai); for each of the 34 tile kinds, P(it wins for them | they
// are tenpai); and the points their hand makes on a ron. Features are defined
// once (features.go, versioned by [Schema] and [WaitSchema]) and shared by training (package
// train) and inference. The models are gradient-boosted trees trained by the
// xgboost command-line tool and evaluated with leaves (see package
// xgbmodel); the default ones are embedded from models/.
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

//go:embed models
var embedded embed.FS

// Models are the three opponent predictors. They are safe for concurrent
// use.
type Models struct {
	tenpai, wait, value *xgbmodel.Model
	Cards               []xgbmodel.Card // tenpai, wait, value
}

// Load loads the three models from fsys's folder dir, refusing any whose
// schema differs from the code's ([Schema]; [WaitSchema] for the wait
// model).
func Load(fsys fs.FS, dir string) (*Models, error) {
	m := &Models{}
	for _, spec := range []struct {
		name   string
		schema int
		n      int
		dst    **xgbmodel.Model
	}{
		{TenpaiModel, Schema, NumTenpaiFeatures, &m.tenpai},
		{WaitModel, WaitSchema, NumWaitFeatures, &m.wait},
		{ValueModel, Schema, NumTenpaiFeatures, &m.value},
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

// LoadDir loads the three models from a folder on disk (as `mjrank train`
// writes them).
func LoadDir(dir string) (*Models, error) { return xgbmodel.LoadDir(dir, Load) }

var defaultModels = sync.OnceValues(func() (*Models, error) { return Load(embedded, "models") })

// Default returns the models embedded in the binary, loaded once.
func Default() (*Models, error) { return defaultModels() }

// EmbeddedFS returns the embedded model folder ("models/...").
func EmbeddedFS() fs.FS { return embedded }

// Tenpai returns P(the opponent is tenpai): the tree model's probability
// through the calibration map of its card (see [Models.TenpaiRaw]).
func (m *Models) Tenpai(p *Public) float64 {
	return m.Cards[0].Calibration.Apply(m.TenpaiRaw(p))
}

// TenpaiRaw returns the tenpai trees' probability before calibration.
func (m *Models) TenpaiRaw(p *Public) float64 {
	var x [NumTenpaiFeatures]float64
	p.TenpaiFeatures(x[:])
	v, err := m.tenpai.PredictOne(x[:])
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
	var x [NumWaitFeatures]float64
	p.WaitFeatures(k, x[:])
	v, err := m.wait.PredictOne(x[:])
	if err != nil {
		panic(err)
	}
	return v
}

// Waits writes WaitProb for every kind into dst. One pair of buffers
// serves the 34 kinds (buffers passed to the trees escape to the heap).
func (m *Models) Waits(p *Public, dst *[tile.NumKinds]float64) {
	x, out := make([]float64, NumWaitFeatures), make([]float64, 1)
	for k := range tile.NumKinds {
		p.WaitFeatures(tile.Kind(k), x)
		if err := m.wait.Predict(x, out); err != nil {
			panic(err) // sizes are fixed by Load
		}
		dst[k] = out[0]
	}
}

// Value returns the expected points of the opponent's ron (before honba
// and sticks) given that they are tenpai and win.
func (m *Models) Value(p *Public) float64 {
	var x [NumTenpaiFeatures]float64
	p.TenpaiFeatures(x[:])
	v, err := m.value.PredictOne(x[:])
	if err != nil {
		panic(err)
	}
	return v
}
