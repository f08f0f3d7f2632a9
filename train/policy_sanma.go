package train

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/mjrank/mjrank/internal/xgbmodel"
	"github.com/mjrank/mjrank/policy"
)

// The policy's and the decision models' three-player versions are
// trained by the same code on the 3-player games alone (Config.Players 3)
// and named as the 4-player ones with "3" appended (discard3, riichi3 …),
// so that both sets may share a folder and a card never passes for the
// other's. Their cards carry one more metric beside each agreement:
// agreementVs4p, the 3-player model against the embedded 4-player model
// of the same name asked on the same held-out 3-player decisions
// (transfer: the policy's features read a 3-player view with the third
// opponent zero-filled, so the 4-player model reads them as they are).
const agreementVs4p = "agreement_vs_4p_model"

// fourPlayerModel loads the embedded 4-player model of spc (policy's
// models folder) to measure the transfer on 3-player decisions.
func fourPlayerModel(spc spec) (*xgbmodel.Model, error) {
	m, _, err := xgbmodel.LoadFSPrefix(policy.EmbeddedFS(), "models", spc.name, spc.schema, spc.features)
	if err != nil {
		return nil, fmt.Errorf("train: the 4-player %s model to compare the 3-player one with: %w", spc.name, err)
	}
	return m, nil
}

// sanmaPolicyCard completes a three-player run's discard (or rollout)
// card: its agreement beside the 4-player model's on the same held-out
// decisions (rows file, held as measure takes them), and its name. A
// 4-player run's card is left as it is.
func (cfg *Config) sanmaPolicyCard(res *PolicyResult, m *xgbmodel.Model, spc spec, file string, held [][]uint8) error {
	if cfg.players() != 3 {
		return nil
	}
	m4, err := fourPlayerModel(spc)
	if err != nil {
		return err
	}
	per3, err := policyTallies(m, file, held)
	if err != nil {
		return err
	}
	per4, err := policyTallies(m4, file, held)
	if err != nil {
		return fmt.Errorf("train: the 4-player %s model on the 3-player rows: %w", spc.name, err)
	}
	t := agreeTally{n: make([]int, len(per3)), model: make([]int, len(per3)), base: make([]int, len(per3))}
	for g := range per3 {
		t.n[g], t.model[g], t.base[g] = per3[g].n, per3[g].model, per4[g].model
	}
	mt := t.metric(agreementVs4p)
	res.Card.Metrics = append(res.Card.Metrics, mt)
	res.Card.Name = policy.NameFor(res.Card.Name, 3)
	cfg.logf("%s: held-out agreement %.4f, the 4-player model's %.4f (SE of the difference %.4f)", res.Card.Name, mt.Model, mt.Baseline, mt.SE)
	return nil
}

// sanmaDecisionCard completes a three-player run's decision model card
// (model m, decision i of decisionSpecs, rows in work): its agreement
// beside the 4-player model's on the same held-out decisions, and its
// name. A 4-player run's card is left as it is.
func (cfg *Config) sanmaDecisionCard(card *xgbmodel.Card, m *xgbmodel.Model, spc spec, work string) error {
	if cfg.players() != 3 {
		return nil
	}
	if !slices.ContainsFunc(policy.SpecsFor(4), func(d policy.DecisionSpec) bool { return d.Name == spc.name }) {
		card.Name = policy.NameFor(card.Name, 3) // no 4-player model to compare with (the kita)
		return nil
	}
	m4, err := fourPlayerModel(spc)
	if err != nil {
		return err
	}
	test := filepath.Join(work, spc.name+".test")
	p3, _, err := predictFile(m, test, nil, nil)
	if err != nil {
		return err
	}
	p4, _, err := predictFile(m4, test, nil, nil)
	if err != nil {
		return fmt.Errorf("train: the 4-player %s model on the 3-player rows: %w", spc.name, err)
	}
	mt, err := transferDecisions(p3, p4, filepath.Join(work, spc.name+".groups"), spc.name)
	if err != nil {
		return err
	}
	card.Metrics = append(card.Metrics, mt)
	card.Name = policy.NameFor(card.Name, 3)
	cfg.logf("%s: held-out agreement %.4f, the 4-player model's %.4f (SE of the difference %.4f) on %d decisions", card.Name, mt.Model, mt.Baseline, mt.SE, mt.N)
	return nil
}

// transferDecisions scores the held-out decisions of a groups file twice,
// from the predictions p3 of the 3-player model and p4 of the 4-player
// one, as measureDecisions scores one model: the metric's Model is the
// 3-player model's agreement, its Baseline the 4-player model's.
func transferDecisions(p3, p4 []float64, groups, name string) (xgbmodel.Metric, error) {
	if len(p3) != len(p4) {
		return xgbmodel.Metric{}, fmt.Errorf("train: %s: %d and %d predictions of the same rows", name, len(p3), len(p4))
	}
	var t agreeTally
	row := 0
	err := eachGroupLine(groups, name, func(gd *groupLine) error {
		if row+gd.n > len(p3) {
			return fmt.Errorf("train: %s.groups names more rows than %s.test holds (%d)", name, name, len(p3))
		}
		c3, c4 := gd.choice(p3[row:row+gd.n]), gd.choice(p4[row:row+gd.n])
		row += gd.n
		t.add(gd.game, c3 == gd.played, c4 == gd.played)
		return nil
	})
	if err == nil && row != len(p3) {
		err = fmt.Errorf("train: %s.groups names %d rows, %s.test holds %d", name, row, name, len(p3))
	}
	return t.metric(agreementVs4p), err
}

// eachGroupLine calls f with each decision of a groups file (model name's
// NAME.groups), in order.
func eachGroupLine(groups, name string, f func(gd *groupLine) error) error {
	r, err := os.Open(groups)
	if err != nil {
		return err
	}
	defer r.Close()
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		var gd groupLine
		if err := gd.parse(sc.Text()); err != nil {
			return fmt.Errorf("train: %s.groups: %w", name, err)
		}
		if err := f(&gd); err != nil {
			return err
		}
	}
	return sc.Err()
}
