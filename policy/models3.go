package policy

import (
	"fmt"
	"io/fs"
	"path"
	"sync"

	"github.com/mjrank/mjrank/internal/xgbmodel"
)

// The three-player models are trained on the 3-player games alone and
// named as the 4-player ones with "3" appended (discard3, riichi3 …);
// they are embedded with the others, from models/3p/.

// NameFor returns the name of the model name (ModelName, RolloutModelName
// or a DecisionSpec's) for a number of players: name for 4, name+"3" for 3.
func NameFor(name string, players int) string {
	if players == 3 {
		return name + "3"
	}
	return name
}

// checkPlayers refuses a seat count other than 3 and 4.
func checkPlayers(players int) error {
	if players != 3 && players != 4 {
		return fmt.Errorf("policy: %d players: 3 or 4", players)
	}
	return nil
}

// LoadFor loads the discard policy of a number of players (3 or 4) from
// fsys's folder dir, as Load does for four.
func LoadFor(fsys fs.FS, dir string, players int) (*Model, error) {
	if err := checkPlayers(players); err != nil {
		return nil, err
	}
	m, card, err := xgbmodel.LoadFSPrefix(fsys, dir, NameFor(ModelName, players), Schema, FeatureNames)
	if err != nil {
		return nil, fmt.Errorf("policy: %w", err)
	}
	return newModel(m, card), nil
}

// LoadRolloutFor loads the rollout model of a number of players (3 or 4)
// from fsys's folder dir, or returns nil when the folder has none, as
// LoadRollout does for four.
func LoadRolloutFor(fsys fs.FS, dir string, players int) (*Model, error) {
	if err := checkPlayers(players); err != nil {
		return nil, err
	}
	name := NameFor(RolloutModelName, players)
	if cards, _ := fs.Glob(fsys, path.Join(dir, name+"-*.json")); len(cards) == 0 {
		return nil, nil
	}
	m, card, err := xgbmodel.LoadFSPrefix(fsys, dir, name, Schema, FeatureNames)
	if err != nil {
		return nil, fmt.Errorf("policy: rollout model: %w", err)
	}
	r := newModel(m, card)
	r.stage = m.NumTrees() / 4
	return r, nil
}

// LoadDecisionsFor loads the decision models of a number of players (3 or
// 4) from fsys's folder dir, as LoadDecisions does for four: a model
// without a card there is left nil.
func LoadDecisionsFor(fsys fs.FS, dir string, players int) (*Decisions, error) {
	if err := checkPlayers(players); err != nil {
		return nil, err
	}
	if players == 4 {
		return LoadDecisions(fsys, dir)
	}
	d := &Decisions{}
	dst := d.slots()
	for i, sp := range DecisionSpecs {
		name := NameFor(sp.Name, players)
		if found, _ := fs.Glob(fsys, path.Join(dir, name+"-*.json")); len(found) == 0 {
			continue
		}
		m, card, err := xgbmodel.LoadFS(fsys, dir, name, sp.Schema, len(sp.Features))
		if err != nil {
			return nil, fmt.Errorf("policy: %s model: %w", name, err)
		}
		*dst[i] = m
		d.Cards = append(d.Cards, *card)
	}
	return d, nil
}

var (
	defaultModel3     = sync.OnceValues(func() (*Model, error) { return LoadFor(embedded, "models/3p", 3) })
	defaultRollout3   = sync.OnceValues(func() (*Model, error) { return LoadRolloutFor(embedded, "models/3p", 3) })
	defaultDecisions3 = sync.OnceValues(func() (*Decisions, error) { return LoadDecisionsFor(embedded, "models/3p", 3) })
)

// DefaultFor returns the embedded discard policy of a number of players:
// Default for 4, the models/3p one for 3.
func DefaultFor(players int) (*Model, error) { return byPlayers(players, defaultModel3, Default) }

// DefaultRolloutFor returns the embedded rollout model of a number of
// players (nil if none): DefaultRollout for 4, the models/3p one for 3.
func DefaultRolloutFor(players int) (*Model, error) {
	return byPlayers(players, defaultRollout3, DefaultRollout)
}

// DefaultDecisionsFor returns the embedded decision models of a number of
// players: DefaultDecisions for 4, the models/3p ones for 3.
func DefaultDecisionsFor(players int) (*Decisions, error) {
	return byPlayers(players, defaultDecisions3, DefaultDecisions)
}

// byPlayers calls three for 3 players, four for 4, and refuses another
// number.
func byPlayers[T any](players int, three, four func() (T, error)) (T, error) {
	if players == 3 {
		return three()
	}
	if err := checkPlayers(players); err != nil {
		var zero T
		return zero, err
	}
	return four()
}
