package train

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mjrank/mjrank/data/dataset"
	"github.com/mjrank/mjrank/internal/shard"
)

// rowsShard is one shard's folder read back.
type rowsShard struct {
	dir   string
	man   RowsManifest
	games []RowsGame
	drop  []bool // games[g] repeats a game of an earlier shard
}

// rowsSet is the shards of one extraction, in shard order, and what the
// one-process run makes of their games: a game whose key an earlier
// shard holds is left out (a duplicate), as a later file's copy is.
type rowsSet struct {
	shards  []rowsShard
	games   int
	heldOut int
	skips   map[string]int
	fit     baselineFit
}

// readRows reads the shards of the rows folder dir and checks that they
// are the N shards of one extraction (shard.Check: the same options,
// corpus and extractor, every shard once), each whole.
func readRows(dir string) (*rowsSet, error) {
	names, err := filepath.Glob(filepath.Join(dir, "shard-*-of-*"))
	if err != nil {
		return nil, err
	}
	names = slices.DeleteFunc(names, func(n string) bool { return strings.HasSuffix(n, ".partial") })
	if len(names) == 0 {
		return nil, fmt.Errorf("train: no shard folder (shard-I-of-N) in %s: extract the rows first (mjrank train --extract-only --shard i/N --rows %s)", dir, dir)
	}
	shards := make([]rowsShard, len(names))
	hs := make([]shard.Header, len(names))
	for k, n := range names {
		if err := shards[k].read(n); err != nil {
			return nil, err
		}
		hs[k] = shards[k].man.Shard
	}
	order, err := shard.Check(hs, names)
	if err != nil {
		return nil, fmt.Errorf("train: the rows of %s: %w", dir, err)
	}
	set := &rowsSet{skips: map[string]int{}}
	for _, k := range order {
		set.shards = append(set.shards, shards[k])
	}
	set.merge()
	return set, nil
}

// read reads a shard folder's manifest and games and checks that they
// agree.
func (s *rowsShard) read(dir string) error {
	s.dir = dir
	if err := readJSON(filepath.Join(dir, "manifest.json"), &s.man); err != nil {
		return err
	}
	if s.man.Format != RowsFormat {
		return fmt.Errorf("train: %s: rows format %q, want %q (extract them again)", dir, s.man.Format, RowsFormat)
	}
	if err := readJSON(filepath.Join(dir, "games.json"), &s.games); err != nil {
		return err
	}
	sp, err := specsOfKind(s.man.Kind)
	if err != nil {
		return fmt.Errorf("train: %s: %w", dir, err)
	}
	if len(s.man.Models) != len(sp) {
		return fmt.Errorf("train: %s: %d models, want %d", dir, len(s.man.Models), len(sp))
	}
	rows := make([][2]int, len(sp))
	for _, g := range s.games {
		if len(g.Rows) != len(sp) {
			return fmt.Errorf("train: %s: game %s has rows of %d models, want %d", dir, g.Key, len(g.Rows), len(sp))
		}
		for m := range rows {
			rows[m][b2i(g.Held)] += g.Rows[m]
		}
	}
	for m, rm := range s.man.Models {
		if rm.Name != sp[m].name || rm.Train != rows[m][0] || rm.Test != rows[m][1] || len(rm.Features) != len(sp[m].features) {
			return fmt.Errorf("train: %s: model %d is %s with %d/%d rows, but games.json gives %s %d/%d rows",
				dir, m+1, rm.Name, rm.Train, rm.Test, sp[m].name, rows[m][0], rows[m][1])
		}
	}
	return nil
}

// specsOfKind returns the models of a kind of rows.
func specsOfKind(kind string) ([]spec, error) {
	switch kind {
	case rowsPredictors:
		return specs(0, 0, 0), nil
	case rowsDecisions:
		return decisionSpecs(0, 0, 0), nil
	case rowsPolicy:
		return []spec{policySpec(0, 0, 0)}, nil
	}
	return nil, fmt.Errorf("rows of kind %q, want %s, %s or %s", kind, rowsPredictors, rowsDecisions, rowsPolicy)
}

// readJSON decodes the JSON file path into v, refusing unknown fields.
func readJSON(path string, v any) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("train: %w", err)
	}
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("train: %s: %w", path, err)
	}
	return nil
}

// merge marks the games repeated from an earlier shard and adds up the
// counts and the baseline fits (duplicates' counts are taken out by
// refit); the value baseline's sum of points is the games' sums added in
// order, as one process adds them.
func (set *rowsSet) merge() {
	seen := map[string]bool{}
	points := 0.0
	for k := range set.shards {
		s := &set.shards[k]
		s.drop = make([]bool, len(s.games))
		for why, n := range s.man.Skips {
			set.skips[why] += n
		}
		fit := baselineFit{tenpai: s.man.Fit.Tenpai, value: s.man.Fit.Value, rank: s.man.Fit.Rank}
		set.fit.add(&fit)
		for g, rg := range s.games {
			if seen[rg.Key] {
				s.drop[g] = true
				set.skips[skipDuplicate]++
				continue
			}
			seen[rg.Key] = true
			set.games++
			if rg.Held {
				set.heldOut++
			}
			points += rg.ValuePoints
		}
	}
	set.fit.value.SumPoints = points
}

// checkCorpus checks that files (cfg's corpus, listed now) are those the
// rows were extracted from.
func (set *rowsSet) checkCorpus(cfg *Config, files []string) error {
	h := set.shards[0].man.Shard
	now := shard.Identify(cfg.Corpus, files)
	if now.Digest != h.Inputs.Digest || strings.Join(now.Paths, " ") != strings.Join(h.Inputs.Paths, " ") {
		return fmt.Errorf("train: the corpus %s (%d files, %d bytes) is not the one the rows were extracted from (%s: %d files, %d bytes): give the same --corpus and --max-files",
			strings.Join(cfg.Corpus, " "), now.Files, now.Bytes, strings.Join(h.Inputs.Paths, " "), h.Inputs.Files, h.Inputs.Bytes)
	}
	return nil
}

// refit takes the baseline fit of each training game dropped as a
// duplicate out of the merged fit, replaying it from the corpus files.
func (set *rowsSet) refit(cfg *Config, files []string) error {
	if set.kind() != rowsPredictors {
		return nil // no baseline
	}
	for _, s := range set.shards {
		for g, rg := range s.games {
			if !s.drop[g] || rg.Held {
				continue
			}
			fit, err := gameFit(cfg, files, rg)
			if err != nil {
				return err
			}
			set.fit.sub(fit)
		}
	}
	return nil
}

// gameFit replays game rg and returns its baseline fit.
func gameFit(cfg *Config, files []string, rg RowsGame) (*baselineFit, error) {
	if rg.File < 0 || rg.File >= len(files) {
		return nil, fmt.Errorf("train: the rows name file %d of a corpus of %d", rg.File+1, len(files))
	}
	var fit *baselineFit
	var err error
	eachUsable(files[rg.File], nil, func(gr *dataset.GameRef) bool {
		if gr.N != rg.N {
			return true
		}
		if gr.Key != rg.Key {
			err = fmt.Errorf("train: %s game %d is %s, the rows say %s", gr.File, gr.N, gr.Key, rg.Key)
			return false
		}
		var rows *gameRows
		rows, err = extractRows(gr, cfg)
		if err == nil {
			fit = &rows.fit
		}
		return false
	})
	if err == nil && fit == nil {
		err = fmt.Errorf("train: %s holds no usable game %d (%s)", files[rg.File], rg.N, rg.Key)
	}
	return fit, err
}

// sub takes o's counts out of f (not its sum of points: see merge).
func (f *baselineFit) sub(o *baselineFit) {
	neg := *o
	neg.tenpai.Riichi = Cell{-o.tenpai.Riichi.Samples, -o.tenpai.Riichi.Tenpai}
	for t := range neg.tenpai.ByTurnMelds {
		for m, c := range neg.tenpai.ByTurnMelds[t] {
			neg.tenpai.ByTurnMelds[t][m] = Cell{-c.Samples, -c.Tenpai}
		}
	}
	// The sum of points leaves the dropped games out already (merge).
	neg.value.Samples, neg.value.SumPoints = -o.value.Samples, 0
	for i := range neg.rank.Counts {
		for j := range neg.rank.Counts[i] {
			neg.rank.Counts[i][j] = -o.rank.Counts[i][j]
		}
	}
	f.add(&neg)
}

// jobPart is a slice of a shard's rows of one model and split: the rows
// ranges [from, to) of its X and y arrays (all of them when Ranges is
// nil), Rows in all.
type jobPart struct {
	X string `json:"x"`
	Y string `json:"y"`
	// Q, for a ranking model, holds each row's query group, a number
	// within the shard; QOffset is added to it so that groups increase
	// from part to part.
	Q       string   `json:"q,omitempty"`
	QOffset int64    `json:"q_offset,omitempty"`
	Cols    int      `json:"cols"`
	Rows    int      `json:"rows"`
	Ranges  [][2]int `json:"ranges"`
}

// parts returns the rows of model m's split (held-out or not) of the
// games keep accepts, one part per shard that has some, duplicates left
// out.
func (set *rowsSet) parts(m int, held bool, keep func(RowsGame) bool) []jobPart {
	split := "train"
	if held {
		split = "test"
	}
	var out []jobPart
	for _, s := range set.shards {
		name := s.man.Models[m].Name
		p := jobPart{X: filepath.Join(s.dir, rowsFile(name, split, "X")),
			Y: filepath.Join(s.dir, rowsFile(name, split, "y")), Cols: len(s.man.Models[m].Features)}
		if s.man.Kind == rowsPolicy {
			p.Q, p.QOffset = filepath.Join(s.dir, rowsFile(name, split, "q")), int64(len(out))<<24
		}
		at, all := 0, true
		for g, rg := range s.games {
			if rg.Held != held {
				continue
			}
			n := rg.Rows[m]
			if s.drop[g] || !keep(rg) {
				all = all && n == 0
			} else if n > 0 {
				p.add(at, at+n)
			}
			at += n
		}
		if all {
			p.Ranges = nil
		}
		if p.Rows > 0 {
			out = append(out, p)
		}
	}
	return out
}

// add adds rows [from, to), joined to the last range when they follow it.
func (p *jobPart) add(from, to int) {
	p.Rows += to - from
	if k := len(p.Ranges) - 1; k >= 0 && p.Ranges[k][1] == from {
		p.Ranges[k][1] = to
		return
	}
	p.Ranges = append(p.Ranges, [2]int{from, to})
}

// readPart reads a part's rows: X (rows × cols, row after row) and y.
func readPart(p jobPart) (x, y []float32, err error) {
	xa, xr, xc, err := readNPY(p.X)
	if err != nil {
		return nil, nil, err
	}
	ya, yr, _, err := readNPY(p.Y)
	if err != nil {
		return nil, nil, err
	}
	if xc != p.Cols || xr != yr {
		return nil, nil, fmt.Errorf("train: %s is %d×%d and %s %d rows; the manifest says %d columns", p.X, xr, xc, p.Y, yr, p.Cols)
	}
	ranges := p.Ranges
	if ranges == nil {
		ranges = [][2]int{{0, xr}}
	}
	for _, r := range ranges {
		if r[0] < 0 || r[1] > xr || r[0] > r[1] {
			return nil, nil, errors.New("train: " + p.X + ": rows out of range")
		}
		x = append(x, xa[r[0]*xc:r[1]*xc]...)
		y = append(y, ya[r[0]:r[1]]...)
	}
	return x, y, nil
}
