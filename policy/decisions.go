package policy

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"slices"
	"sync"

	"github.com/mjrank/mjrank/internal/xgbmodel"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// The decision models beyond the discard, each a binary tree model
// trained by package train on the records: would a Houou player make this
// move (one row per candidate action; "none of them" is the move when no
// candidate reaches one half)?
const (
	RiichiModel  = "riichi"  // declare riichi (else dama) with a tenpai hand that may
	CallModel    = "call"    // chi, pon or daiminkan on a discard (else pass)
	KanModel     = "kan"     // ankan or kakan at the seat's turn
	KyuushuModel = "kyuushu" // abort the first turn with nine terminal and honour kinds
	// RolloutRiichiModel is riichi or dama as the Monte Carlo rollout
	// decides it for the seat, on the features its simulated round keeps
	// (RolloutRiichiFeatureNames).
	RolloutRiichiModel = "rollriichi"
	// RolloutCallModel is chi, pon or pass as the Monte Carlo rollout
	// decides it for the seat (RolloutCallFeatureNames).
	RolloutCallModel = "rollcall"
	// KitaModel is setting a North aside now (else not) at the seat's
	// turn outside riichi: three players only.
	KitaModel = "kita"
)

// DecisionSchema versions the features of the decision models: it is
// the schema of the newest, and each model has its own
// (DecisionSpec.Schema), which its card must carry to load. 1: the first
// features of all four; 2: the riichi model's of issue 19 (the call, kan
// and kyuushu features are still those of schema 1).
const DecisionSchema = 2

// DecisionSpec names a decision model, the schema of its features and
// the features.
type DecisionSpec struct {
	Name     string
	Schema   int
	Features []string
	// ThreeOnly marks a decision of three-player games alone (the kita):
	// no 4-player model has it.
	ThreeOnly bool
}

// DecisionSpecs lists the decision models, in the order train writes them.
var DecisionSpecs = []DecisionSpec{
	{Name: RiichiModel, Schema: 2, Features: RiichiFeatureNames},
	{Name: CallModel, Schema: 1, Features: CallFeatureNames},
	{Name: KanModel, Schema: 1, Features: KanFeatureNames},
	{Name: KyuushuModel, Schema: 1, Features: KyuushuFeatureNames},
	{Name: RolloutRiichiModel, Schema: 1, Features: RolloutRiichiFeatureNames},
	{Name: RolloutCallModel, Schema: 1, Features: RolloutCallFeatureNames},
	{Name: KitaModel, Schema: 1, Features: KitaFeatureNames, ThreeOnly: true},
}

// SpecsFor returns the decision models of a number of players: every
// one for 3, those not ThreeOnly for 4.
func SpecsFor(players int) []DecisionSpec {
	if players == 3 {
		return DecisionSpecs
	}
	return slices.DeleteFunc(slices.Clone(DecisionSpecs), func(d DecisionSpec) bool { return d.ThreeOnly })
}

// Decisions holds the decision models. A model absent from the folder is
// nil, and its decision is left to the player's rules. Safe for
// concurrent use.
type Decisions struct {
	Riichi, Call, Kan, Kyuushu *xgbmodel.Model
	RolloutRiichi, RolloutCall *xgbmodel.Model // the rollout's, not the player's
	Kita                       *xgbmodel.Model // three players only
	Cards                      []xgbmodel.Card
}

// slots returns where each model of DecisionSpecs goes, in its order.
func (d *Decisions) slots() []**xgbmodel.Model {
	return []**xgbmodel.Model{&d.Riichi, &d.Call, &d.Kan, &d.Kyuushu, &d.RolloutRiichi, &d.RolloutCall, &d.Kita}
}

// LoadDecisions loads the 4-player decision models of fsys's folder dir
// (DecisionSpecs but the ThreeOnly), refusing a model of another schema
// than its spec's; a model without a card there is left nil.
func LoadDecisions(fsys fs.FS, dir string) (*Decisions, error) {
	d := &Decisions{}
	dst := d.slots()
	// The models load at once (each decompresses and parses alone: the
	// first analysis of a process waits on them); results are taken in
	// DecisionSpecs' order, so the cards and the error reported are those
	// of loading one after the other.
	cards := make([]*xgbmodel.Card, len(DecisionSpecs))
	errs := make([]error, len(DecisionSpecs))
	var wg sync.WaitGroup
	for i, sp := range DecisionSpecs {
		if found, _ := fs.Glob(fsys, path.Join(dir, sp.Name+"-*.json")); len(found) == 0 || sp.ThreeOnly {
			continue
		}
		wg.Go(func() {
			m, card, err := xgbmodel.LoadFS(fsys, dir, sp.Name, sp.Schema, len(sp.Features))
			if err != nil {
				errs[i] = fmt.Errorf("policy: %s model: %w", sp.Name, err)
				return
			}
			*dst[i], cards[i] = m, card
		})
	}
	wg.Wait()
	for i := range DecisionSpecs {
		if errs[i] != nil {
			return nil, errs[i]
		}
		if cards[i] != nil {
			d.Cards = append(d.Cards, *cards[i])
		}
	}
	return d, nil
}

// LoadDecisionsDir loads the decision models from a folder on disk.
func LoadDecisionsDir(dir string) (*Decisions, error) { return LoadDecisions(os.DirFS(dir), ".") }

var defaultDecisions = sync.OnceValues(func() (*Decisions, error) { return LoadDecisions(embedded, "models") })

// DefaultDecisions returns the decision models embedded in the binary,
// loaded once.
func DefaultDecisions() (*Decisions, error) { return defaultDecisions() }

// errNoModel is returned by predict for a model that is not loaded.
var errNoModel = errors.New("policy: decision model not loaded")

func predict(m *xgbmodel.Model, x []float64) float64 {
	v, err := m.PredictOne(x)
	if err != nil {
		panic(err) // the feature count was checked at load
	}
	return v
}

// Choice is a decision model's answer: the candidate action it scores
// highest and that score (a probability); the move is Action when Score
// is at least one half, else none of the candidates.
type Choice struct {
	Action game.Action
	Score  float64
}

// Take reports whether the chosen candidate is the move.
func (c Choice) Take() bool { return c.Score >= 0.5 }

// RiichiScore returns P(a Houou player declares riichi with tile t) in
// v's position (s reset for v with the opponent models m).
func (d *Decisions) RiichiScore(s *Situation, v game.View, m *opponent.Models, t tile.Tile) (float64, error) {
	if d.Riichi == nil {
		return 0, errNoModel
	}
	var x [NumRiichiFeatures]float64
	s.RiichiFeatures(v, m, t, x[:])
	return predict(d.Riichi, x[:]), nil
}

// BestCall scores every Chi, Pon and Daiminkan of legal and returns the
// best (ok false when legal has none or the model is not loaded).
func (d *Decisions) BestCall(s *Situation, v game.View, legal []game.Action) (c Choice, ok bool) {
	if d.Call == nil {
		return c, false
	}
	var x [NumCallFeatures]float64
	for _, a := range legal {
		if a.Type != game.Chi && a.Type != game.Pon && a.Type != game.Daiminkan {
			continue
		}
		s.CallFeatures(v, a, x[:])
		if p := predict(d.Call, x[:]); !ok || p > c.Score {
			c, ok = Choice{a, p}, true
		}
	}
	return c, ok
}

// BestKan scores every Ankan and Kakan of legal and returns the best (ok
// false when legal has none or the model is not loaded).
func (d *Decisions) BestKan(s *Situation, v game.View, legal []game.Action) (c Choice, ok bool) {
	if d.Kan == nil {
		return c, false
	}
	var x [NumKanFeatures]float64
	for _, a := range legal {
		if a.Type != game.Ankan && a.Type != game.Kakan {
			continue
		}
		s.KanFeatures(v, a, x[:])
		if p := predict(d.Kan, x[:]); !ok || p > c.Score {
			c, ok = Choice{a, p}, true
		}
	}
	return c, ok
}

// KyuushuScore returns P(a Houou player aborts the round) for v's seat,
// which may declare kyuushu kyuuhai.
func (d *Decisions) KyuushuScore(s *Situation, v game.View) (float64, error) {
	if d.Kyuushu == nil {
		return 0, errNoModel
	}
	var x [NumKyuushuFeatures]float64
	s.KyuushuFeatures(v, x[:])
	return predict(d.Kyuushu, x[:]), nil
}
