package bot

import (
	"fmt"
	"os"
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
// walls. A 3-player game reads the folder's 3-player set from DIR/3p, laid
// out as the embedded ones (*/models/3p; make train-3p writes them, and
// mjrank train --players 3 with --out, --rank-out and --policy-out all
// DIR/3p): a bot of a 3-player game (Options.Rules) whose DIR/3p holds
// none is refused, not played on the embedded 3-player models, which
// would be another set than the one named. A bot made without rules
// reads 3-player views with DIR/3p's models when there are some, else
// with DIR's 4-player ones.

// ThreePlayerDir is the subfolder of a models folder (and of each
// embedded models folder) that holds the 3-player models.
const ThreePlayerDir = "3p"

// modelSet is one folder's models, loaded once per process: a model is
// read-only, and every bot of the folder shares it.
type modelSet struct {
	opp  *opponent.Models
	rank *rankmodel.Model
	pol  *policy.Model
	dec  *policy.Decisions
	// three loads the folder's 3-player models, from DIR/3p, once: only
	// a 3-player game asks for them.
	three func() (*modelSet3, error)
}

// modelSet3 is a folder's 3-player models (DIR/3p). The rollout's discard
// model and decision models may be absent (nil), as in a 4-player set.
type modelSet3 struct {
	opp  *opponent.Models
	rank *rankmodel.Model
	pol  *policy.Model
	dec  *policy.Decisions
	roll *policy.Model
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
		ms.three = sync.OnceValues(func() (*modelSet3, error) { return loadModels3(filepath.Join(dir, ThreePlayerDir)) })
		return &ms, nil
	}))
	ms, err := f.(func() (*modelSet, error))()
	if err != nil {
		return nil, fmt.Errorf("bot: models in %s: %w", dir, err)
	}
	return ms, nil
}

// loadModels3 loads the 3-player models of folder dir (a models folder's
// 3p), refusing a folder without them.
func loadModels3(dir string) (*modelSet3, error) {
	if !has(dir, opponent.NameFor(opponent.TenpaiModel, 3)) {
		return nil, fmt.Errorf("no 3-player models in %s (want %s-*, as mjrank train --players 3 writes them)", dir, opponent.NameFor(opponent.TenpaiModel, 3))
	}
	var ms modelSet3
	var err error
	if ms.opp, err = opponent.LoadDirFor(dir, 3); err != nil {
		return nil, err
	}
	if ms.rank, err = rankmodel.LoadDirFor(dir, 3); err != nil {
		return nil, err
	}
	fsys := os.DirFS(dir)
	if ms.pol, err = policy.LoadFor(fsys, ".", 3); err != nil {
		return nil, err
	}
	if ms.dec, err = policy.LoadDecisionsFor(fsys, ".", 3); err != nil {
		return nil, err
	}
	if ms.roll, err = policy.LoadRolloutFor(fsys, ".", 3); err != nil {
		return nil, err
	}
	return &ms, nil
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

// newOnModels returns bot base (policy or mc) on the models of dir: for
// a 3-player game (o.Rules), on those of dir/3p; without o.Rules, on
// those of dir/3p for 3-player views if dir has them.
func newOnModels(base, dir string, seed uint64, o Options) (game.Player, error) {
	if !takesModels(base) {
		return nil, fmt.Errorf("bot: %s@%s: only policy and mc take a models folder", base, dir)
	}
	ms, err := loadModels(dir)
	if err != nil {
		return nil, err
	}
	var three *modelSet3
	switch {
	case o.Rules != nil && o.Rules.Players() == 3:
		if three, err = ms.three(); err != nil {
			return nil, fmt.Errorf("bot: %s@%s in a 3-player game: %w", base, dir, err)
		}
	case o.Rules == nil && has(filepath.Join(dir, ThreePlayerDir), opponent.NameFor(opponent.TenpaiModel, 3)):
		// The seat count is not known: the folder's 3-player models read
		// the 3-player views, as the embedded ones do for the bot without
		// a folder.
		if three, err = ms.three(); err != nil {
			return nil, fmt.Errorf("bot: %s@%s: %w", base, dir, err)
		}
	}
	if base == "policy" {
		p := &Policy{p: policy.NewPlayer(ms.opp, ms.pol, ms.dec)}
		if three != nil {
			p.p3 = policy.NewPlayer(three.opp, three.pol, three.dec)
		}
		return p, nil
	}
	set := mc.ModelSet{Opponents: ms.opp, Rank: ms.rank, Policy: ms.pol, Decisions: ms.dec}
	if three != nil {
		set.Opponents3, set.Rank3, set.Policy3, set.Decisions3, set.Rollout3 = three.opp, three.rank, three.pol, three.dec, three.roll
	}
	eng, err := mc.New(set.Predictors())
	if err != nil {
		return nil, err
	}
	return NewMC(eng, seed, o)
}
