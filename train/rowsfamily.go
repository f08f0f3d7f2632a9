package train

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/mjrank/mjrank/data/dataset"
	"github.com/mjrank/mjrank/opponent"
)

// The kinds of rows a shard holds.
const (
	rowsPredictors = "predictors" // tenpai, wait, value, rank
	rowsDecisions  = "decisions"  // the decision models (policy.DecisionSpecs)
	rowsPolicy     = "discard"    // the discard policy's rows, also the rollout's discard model's
)

// rowsFamily is what a kind of rows is made of: its models, the options
// that make its rows (the shard header's), and one file's games.
type rowsFamily struct {
	kind    string
	specs   []spec
	options func(cfg *Config) map[string]string
	file    func(cfg *Config, f string) famFile
}

// famFile is one record file's games for a family.
type famFile struct {
	games []famGame
	skips fileSkips
	read  int   // games read
	rerr  error // the file could not be read (whole or in part)
	fatal error
}

// famGame is one usable game's rows of each model of a family (LibSVM,
// as the one-process run writes them), their counts, a decision model's
// held-out group lines and the predictors' baseline fit.
type famGame struct {
	key    string
	n      int
	rows   [][]byte
	counts []int
	groups [][]byte
	fit    *baselineFit
	sizes  []uint8 // the discard policy's decisions: rows (kinds) of each
}

// rate formats a rate for a shard header.
func rate(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// predictorRows is the family of the four predictors (fileRows).
func predictorRows() rowsFamily {
	return rowsFamily{kind: rowsPredictors, specs: specs(0, 0, 0),
		options: func(cfg *Config) map[string]string {
			return map[string]string{"tenpai-rate": rate(cfg.TenpaiRate), "wait-rate": rate(cfg.WaitRate), "value-rate": rate(cfg.ValueRate)}
		},
		file: func(cfg *Config, f string) famFile {
			fs := fileRows(cfg, f)
			ff := famFile{skips: fs.skips, read: fs.read, rerr: fs.rerr, fatal: fs.fatal}
			for _, g := range fs.games {
				fg := famGame{key: g.key, n: g.n, fit: &g.rows.fit, counts: g.rows.n[:]}
				for m := range g.rows.rows {
					fg.rows = append(fg.rows, g.rows.rows[m].Bytes())
				}
				ff.games = append(ff.games, fg)
			}
			return ff
		}}
}

// decisionRowsFamily is the family of the decision models, their
// features computed with the opponent models opp (decisionRows): every
// decision model's rows are written, whichever a run then trains.
func decisionRowsFamily(opp *opponent.Models) rowsFamily {
	return rowsFamily{kind: rowsDecisions, specs: decisionSpecs(0, 0, 0),
		options: func(*Config) map[string]string {
			return map[string]string{"models": strings.Join(decisionNamesFor(4), ","), "opponent-models": oppDigest(opp)}
		},
		file: func(cfg *Config, f string) famFile {
			var ff famFile
			ff.read, ff.rerr = eachUsable(f, &ff.skips, func(gr *dataset.GameRef) bool {
				g, err := decisionRows(gr, opp, cfg.heldOut(gr.Key), allDecisions)
				if err != nil {
					ff.fatal = fmt.Errorf("train: %s game %d: %w", f, gr.N, err)
					return false
				}
				fg := famGame{key: g.key, n: gr.N, counts: slices.Clone(g.n[:decKita])}
				for i := range decKita { // the 4-player models: all before the kita
					fg.rows, fg.groups = append(fg.rows, g.rows[i].Bytes()), append(fg.groups, g.groups[i].Bytes())
				}
				ff.games = append(ff.games, fg)
				return true
			})
			return ff
		}}
}

// policyRowsFamily is the family of the discard policy's rows (on which
// the rollout's discard model also trains), their features computed with
// the opponent models opp (policyRows): one row per kind of each kept
// turn decision, a decision a query group.
func policyRowsFamily(opp *opponent.Models) rowsFamily {
	return rowsFamily{kind: rowsPolicy, specs: []spec{policySpec(0, 0, 0)},
		options: func(cfg *Config) map[string]string {
			return map[string]string{"policy-rate": rate(cfg.PolicyRate), "opponent-models": oppDigest(opp)}
		},
		file: func(cfg *Config, f string) famFile {
			var ff famFile
			ff.read, ff.rerr = eachUsable(f, &ff.skips, func(gr *dataset.GameRef) bool {
				g, err := policyRows(gr, cfg, opp)
				if err != nil {
					ff.fatal = fmt.Errorf("train: %s game %d: %w", f, gr.N, err)
					return false
				}
				ff.games = append(ff.games, famGame{key: g.key, n: gr.N, rows: [][]byte{g.rows.Bytes()}, counts: []int{g.n}, sizes: g.sizes})
				return true
			})
			return ff
		}}
}

// oppDigest identifies opponent models by their cards' hashes.
func oppDigest(opp *opponent.Models) string {
	digest := make([]string, len(opp.Cards))
	for k, c := range opp.Cards {
		digest[k] = c.Name + ":" + c.SHA256
	}
	return strings.Join(digest, " ")
}
