package bot

import (
	"fmt"
	"path/filepath"
	"strings"
	"sync"

	"github.com/mjrank/mjrank/mc"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/policy"
	"github.com/mjrank/mjrank/rankmodel"
	"github.com/mjrank/mjrank/sim/game"
)

// A bot that plays on models (policy, mc) may take them from a folder
// instead of the embedded ones: "policy@DIR", "mc@DIR". DIR holds a whole
// set as mjrank train writes it with --out, --rank-out and --policy-out
// all DIR: tenpai, wait, value, rank, discard and the decision models. So
// the arena can seat the bots of two model sets at one table, on the same
// walls.

// modelSet is one folder's models, loaded once per process: a model is
// read-only, and every bot of the folder shares it.
type modelSet struct {
	opp  *opponent.Models
	rank *rankmodel.Model
	pol  *policy.Model
	dec  *policy.Decisions
	// opp3 and rank3 are the folder's three-player models, nil when it
	// has none (mjrank train --players 3 writes them): the mc engine
	// then reads 3-player games with the four-player ones.
	opp3  *opponent.Models
	rank3 *rankmodel.Model
}

var modelSets sync.Map // folder → func() (*modelSet, error)

// loadModels returns the models of folder dir.
func loadModels(dir string) (*modelSet, error) {
	f, _ := modelSets.LoadOrStore(dir, sync.OnceValues(func() (*modelSet, error) {
		var ms modelSet
		var err error
		if ms.opp, err = opponent.LoadDir(dir); err != nil {
			return nil, err
		}
		if ms.rank, err = rankmodel.LoadDir(dir); err != nil {
			return nil, err
		}
		if ms.pol, err = policy.LoadDir(dir); err != nil {
			return nil, err
		}
		if ms.dec, err = policy.LoadDecisionsDir(dir); err != nil {
			return nil, err
		}
		if has(dir, opponent.NameFor(opponent.TenpaiModel, 3)) {
			if ms.opp3, err = opponent.LoadDirFor(dir, 3); err != nil {
				return nil, err
			}
		}
		if has(dir, rankmodel.NameFor(3)) {
			if ms.rank3, err = rankmodel.LoadDirFor(dir, 3); err != nil {
				return nil, err
			}
		}
		return &ms, nil
	}))
	ms, err := f.(func() (*modelSet, error))()
	if err != nil {
		return nil, fmt.Errorf("bot: models in %s: %w", dir, err)
	}
	return ms, nil
}

// has reports whether folder dir holds a model file named name-HASH.
func has(dir, name string) bool {
	m, err := filepath.Glob(filepath.Join(dir, name+"-*"))
	return err == nil && len(m) > 0
}

// splitModels splits "NAME@DIR" into NAME and DIR ("" without "@").
func splitModels(name string) (base, dir string) {
	base, dir, _ = strings.Cut(name, "@")
	return base, dir
}

// Base returns the bot a seat name plays: "mc" for "mc" and "mc@DIR".
func Base(name string) string {
	base, _ := splitModels(name)
	return base
}

// takesModels reports whether bot base may play on a models folder.
func takesModels(base string) bool { return base == "policy" || base == "mc" }

// newOnModels returns bot base (policy or mc) on the models of dir.
func newOnModels(base, dir string, seed uint64, o Options) (game.Player, error) {
	if !takesModels(base) {
		return nil, fmt.Errorf("bot: %s@%s: only policy and mc take a models folder", base, dir)
	}
	ms, err := loadModels(dir)
	if err != nil {
		return nil, err
	}
	if base == "policy" {
		return &Policy{p: policy.NewPlayer(ms.opp, ms.pol, ms.dec)}, nil
	}
	set := mc.ModelSet{Opponents: ms.opp, Rank: ms.rank, Policy: ms.pol, Decisions: ms.dec, Opponents3: ms.opp3, Rank3: ms.rank3}
	eng, err := mc.New(set.Predictors())
	if err != nil {
		return nil, err
	}
	return NewMC(eng, seed, o)
}
