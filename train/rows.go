package train

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/mjrank/mjrank/data/records"
	"github.com/mjrank/mjrank/internal/shard"
	"github.com/mjrank/mjrank/internal/xgbmodel"
)

// RowsFormat names the layout of a shard's rows folder; raise it when
// what the files mean changes, so that older rows are refused.
const RowsFormat = "mjrank-rows/1"

// RowsCommand is the command a rows shard's header names.
const RowsCommand = "train --extract-only"

// RowsManifest describes one shard's rows folder (manifest.json): which
// slice of which corpus it holds (Shard), each model's features and row
// counts, and what the one-process run counts of the same games.
type RowsManifest struct {
	Shard  shard.Header `json:"shard"`
	Format string       `json:"format"` // RowsFormat
	Kind   string       `json:"kind"`   // rowsPredictors or rowsDecisions
	Models []RowsModel  `json:"models"`
	// The shard's usable games (a game repeated inside the shard once),
	// those held out, and the games left out by reason.
	Games   int            `json:"games"`
	HeldOut int            `json:"held_out_games"`
	Skips   map[string]int `json:"skipped_by"`
	// Fit is the baselines fitted on the shard's training games.
	Fit Baselines `json:"baseline_fit"`
}

// RowsModel is one model's rows in a shard: NAME.train.X.npy (float32,
// rows × features, NaN where the LibSVM row has no entry),
// NAME.train.y.npy (float32 labels), and the same for .test (the
// held-out games); a decision model's NAME.groups describes its held-out
// decisions (decisionGame's group lines, each prefixed with the number
// of its game among the shard's held-out games).
type RowsModel struct {
	Name     string   `json:"name"`
	Schema   int      `json:"schema"`
	Features []string `json:"features"`
	Train    int      `json:"train_rows"`
	Test     int      `json:"test_rows"`
}

// RowsGame is one game of a shard (games.json, in the shard's order):
// the file it came from (an index into the corpus's file list), its
// position there, whether it is held out and its rows of each model.
type RowsGame struct {
	Key  string `json:"key"`
	File int    `json:"file"`
	N    int    `json:"n"`
	Held bool   `json:"held_out"`
	Rows []int  `json:"rows"`
	// ValuePoints is a training game's sum of the value baseline's
	// points: the merge adds the games' sums in the one-process order,
	// so that the float sum is the same bits.
	ValuePoints float64 `json:"value_points,omitempty"`
}

// Files lists the corpus files a run of cfg reads (the first MaxFiles):
// the list the shards of [ExtractShard] slice.
func (cfg Config) Files() ([]string, error) { return cfg.corpusList() }

// CheckRows checks that the rows folder dir holds the N shards of one
// extraction, each once and whole, and returns N.
func CheckRows(dir string) (int, error) {
	set, err := readRows(dir)
	if err != nil {
		return 0, err
	}
	return len(set.shards), nil
}

// ShardDir is the folder of shard i of n inside a rows folder.
func ShardDir(rows string, i, n int) string {
	return filepath.Join(rows, fmt.Sprintf("shard-%04d-of-%04d", i, n))
}

// extractorID identifies what makes the rows: the format, each model's
// schema and features, and the binary's revision when it knows it. Rows
// of different extractors are not merged.
func extractorID() string {
	h := sha256.New()
	fmt.Fprintln(h, RowsFormat)
	for _, s := range append(specs(0, 0, 0), decisionSpecs(0, 0, 0)...) {
		fmt.Fprintln(h, s.name, s.schema, strings.Join(s.features, ","))
	}
	id := "extractor sha256:" + hex.EncodeToString(h.Sum(nil))[:16]
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" || s.Key == "vcs.modified" && s.Value == "true" {
				id += " " + s.Key + "=" + s.Value
			}
		}
	}
	return id
}

// rowsHeader is the shard header of shard i of n of cfg's corpus files
// for family fam's rows.
func (cfg *Config) rowsHeader(files []string, i, n int, fam rowsFamily) shard.Header {
	from, to := shard.Range(i, n, len(files))
	opts := map[string]string{"max-files": strconv.Itoa(cfg.MaxFiles)}
	for k, v := range fam.options(cfg) {
		opts[k] = v
	}
	return shard.Header{
		Format: shard.Format, Command: RowsCommand, Options: opts,
		Inputs: shard.Identify(cfg.Corpus, files), Build: extractorID(),
		Shard: i, Shards: n, Unit: "files", Total: len(files), From: from, To: to,
	}
}

// ExtractShard writes the predictors' rows of shard i of n of cfg's
// corpus (its files from ⌊(i−1)·F/n⌋ to ⌊i·F/n⌋, shard.Range) into
// ShardDir(rows, i, n): the rows a one-process run writes for those
// games, in the same order, as .npy files with a manifest. The folder is
// written aside and renamed into place at the end, so a shard folder is
// whole or absent.
func ExtractShard(ctx context.Context, cfg Config, rows string, i, n int) (*RowsManifest, error) {
	return extractShard(ctx, cfg, predictorRows(), rows, i, n)
}

// extractShard writes family fam's rows of shard i of n into rows.
func extractShard(ctx context.Context, cfg Config, fam rowsFamily, rows string, i, n int) (*RowsManifest, error) {
	cfg.defaults()
	files, err := cfg.corpusList()
	if err != nil {
		return nil, err
	}
	dir := ShardDir(rows, i, n)
	tmp := dir + ".partial"
	if err := os.RemoveAll(tmp); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(tmp, 0o755); err != nil {
		return nil, fmt.Errorf("train: %w", err)
	}
	m, err := extractInto(ctx, &cfg, fam, files, tmp, i, n)
	if err == nil {
		err = os.RemoveAll(dir)
	}
	if err == nil {
		err = os.Rename(tmp, dir)
	}
	if err != nil {
		os.RemoveAll(tmp)
		return nil, fmt.Errorf("train: shard %d/%d: %w", i, n, err)
	}
	return m, nil
}

// extractInto replays shard i of n's files and writes fam's rows into
// dir.
func extractInto(ctx context.Context, cfg *Config, fam rowsFamily, files []string, dir string, i, n int) (*RowsManifest, error) {
	m := &RowsManifest{Shard: cfg.rowsHeader(files, i, n, fam), Format: RowsFormat, Kind: fam.kind, Skips: map[string]int{}}
	w, err := openShardWriter(dir, fam.specs)
	if err != nil {
		return nil, err
	}
	defer w.abort()
	seen := map[string]bool{}
	var fit baselineFit
	var games []RowsGame
	var fatal error
	index := map[string]int{}
	for k, f := range files {
		index[f] = k
	}
	err = records.ForEachFile(ctx, files[m.Shard.From:m.Shard.To], cfg.Workers,
		func(f string) famFile { return fam.file(cfg, f) },
		func(f string, ff famFile) {
			fatal = cmp(fatal, ff.fatal)
			m.addSkips(ff)
			for _, g := range ff.games {
				if seen[g.key] {
					m.Skips[skipDuplicate]++
					continue
				}
				seen[g.key] = true
				rg := RowsGame{Key: g.key, File: index[f], N: g.n, Held: cfg.heldOut(g.key), Rows: g.counts}
				if !rg.Held && g.fit != nil {
					fit.add(g.fit)
					rg.ValuePoints = g.fit.value.SumPoints
				}
				games = append(games, rg)
				fatal = cmp(fatal, w.add(g, rg.Held))
			}
		})
	if err := errors.Join(err, fatal, w.close()); err != nil {
		return nil, err
	}
	return m, m.finish(dir, w, games, &fit)
}

// addSkips counts a file's games left out (an unreadable file counted as
// one).
func (m *RowsManifest) addSkips(ff famFile) {
	if ff.rerr != nil && ff.read == 0 {
		m.Skips[skipUnreadable]++
	}
	for why, c := range ff.skips {
		m.Skips[why] += c
	}
}

// finish fills the manifest from what was written and writes it with
// the games list.
func (m *RowsManifest) finish(dir string, w *shardWriter, games []RowsGame, fit *baselineFit) error {
	for k, s := range w.specs {
		m.Models = append(m.Models, RowsModel{Name: s.name, Schema: s.schema, Features: s.features,
			Train: w.out[k][0].x.rows, Test: w.out[k][1].x.rows})
	}
	for _, g := range games {
		m.Games++
		if g.Held {
			m.HeldOut++
		}
	}
	m.Fit = Baselines{Tenpai: fit.tenpai, Value: fit.value, Rank: fit.rank}
	if m.Kind == rowsDecisions {
		for k, s := range w.specs {
			if err := os.WriteFile(filepath.Join(dir, s.name+".groups"), []byte(w.groups[k].String()), 0o644); err != nil {
				return err
			}
		}
	}
	if err := writeJSON(filepath.Join(dir, "games.json"), games); err != nil {
		return err
	}
	return writeJSON(filepath.Join(dir, "manifest.json"), m)
}

// writeJSON writes v as indented JSON into path.
func writeJSON(path string, v any) error {
	b, err := json.MarshalIndent(v, "", " ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}

// npyPair is one model's X and y of one split.
type npyPair struct{ x, y *npyWriter }

// shardWriter writes every model's rows of a shard as .npy files.
type shardWriter struct {
	specs  []spec
	out    [][2]npyPair      // [model][train, test]
	q      [2]*npyWriter     // the discard policy's NAME.SPLIT.q.npy
	qn     [2]int            // decisions written to q
	groups []strings.Builder // [model]: NAME.groups
	held   int               // held-out games written
	dir    string
}

// rowsFile names a model's array of a split ("train", "test") in a shard
// folder: NAME.SPLIT.X.npy or NAME.SPLIT.y.npy.
func rowsFile(name, split, array string) string { return name + "." + split + "." + array + ".npy" }

func openShardWriter(dir string, sp []spec) (*shardWriter, error) {
	w := &shardWriter{specs: sp, out: make([][2]npyPair, len(sp)), groups: make([]strings.Builder, len(sp)), dir: dir}
	if sp[0].ranking() {
		for j, split := range []string{"train", "test"} {
			q, err := createNPY(filepath.Join(dir, rowsFile(sp[0].name, split, "q")), 0)
			if err != nil {
				w.abort()
				return nil, err
			}
			w.q[j] = q
		}
	}
	for k, s := range sp {
		for j, split := range []string{"train", "test"} {
			x, err := createNPY(filepath.Join(dir, rowsFile(s.name, split, "X")), len(s.features))
			if err != nil {
				w.abort()
				return nil, err
			}
			w.out[k][j].x = x
			if w.out[k][j].y, err = createNPY(filepath.Join(dir, rowsFile(s.name, split, "y")), 0); err != nil {
				w.abort()
				return nil, err
			}
		}
	}
	return w, nil
}

// add writes one game's rows of every model to its split's files, and a
// held-out game's group lines prefixed with its number among the shard's
// held-out games.
func (w *shardWriter) add(g famGame, held bool) error {
	split := 0
	if held {
		split = 1
	}
	for k, s := range w.specs {
		p := w.out[k][split]
		err := libsvmRows(bytes.NewReader(g.rows[k]), len(s.features), func(label float32, x []float32, _ int) error {
			return errors.Join(p.x.row(x), p.y.row([]float32{label}))
		})
		if err != nil {
			return fmt.Errorf("%s rows: %w", s.name, err)
		}
		if err := w.addQuery(g, split); err != nil {
			return err
		}
		if held && g.groups != nil {
			prefix := strconv.Itoa(w.held) + " "
			for line := range strings.Lines(string(g.groups[k])) {
				w.groups[k].WriteString(prefix + line)
			}
		}
	}
	if held {
		w.held++
	}
	return nil
}

// addQuery writes, for the discard policy's rows, each row's decision
// (its query group) numbered within the shard's split, as float32 (exact
// below 2^24 decisions a shard).
func (w *shardWriter) addQuery(g famGame, split int) error {
	if w.q[split] == nil {
		return nil
	}
	for _, n := range g.sizes {
		if w.qn[split] >= 1<<24 {
			return errors.New("more than 2^24 discard decisions in a shard: use more shards")
		}
		for range n {
			if err := w.q[split].row([]float32{float32(w.qn[split])}); err != nil {
				return err
			}
		}
		w.qn[split]++
	}
	return nil
}

func (w *shardWriter) close() error {
	var err error
	for _, q := range w.q {
		if q != nil {
			err = errors.Join(err, q.Close())
		}
	}
	for k := range w.out {
		for _, p := range w.out[k] {
			for _, a := range []*npyWriter{p.x, p.y} {
				if a != nil {
					err = errors.Join(err, a.Close())
				}
			}
		}
	}
	return err
}

// abort closes what close has not (after an error).
func (w *shardWriter) abort() { w.close() }

// parseXGB is xgbmodel.ParseLikeXGBoost: the float32 xgboost reads.
func parseXGB(s string) (float32, bool) { return xgbmodel.ParseLikeXGBoost(s) }
