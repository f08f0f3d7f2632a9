package train

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/mjrank/mjrank/data/dataset"
	"github.com/mjrank/mjrank/data/records"
	"github.com/mjrank/mjrank/internal/xgbmodel"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/policy"
	"github.com/mjrank/mjrank/rankmodel"
)

// Skip reasons counted in the cards beside those of [dataset.Usable].
const (
	skipDuplicate = "duplicate game (same log id or wall seed)"
	// Counted in files, not games, and left out of the total of games.
	skipUnreadable = "files without a readable game"
)

// Run trains the four models as cfg says: samples of the corpus into
// LibSVM files, xgboost on each, then the held-out metrics into the cards;
// then, unless cfg.NoPolicy, the discard policy on the opponent models
// just trained. A complete 4-player game whose replay fails or disagrees
// with its record stops the run: its labels would be wrong, and skipping
// it would shrink the training set unseen.
func Run(ctx context.Context, cfg Config) (*Result, error) {
	start := time.Now()
	cfg.defaults()
	if err := cfg.ResolvePaths(); err != nil {
		return nil, err
	}
	if err := cfg.check(); err != nil {
		return nil, err
	}
	work, cleanup, files, corpus, err := cfg.prepare()
	if err != nil {
		return nil, err
	}
	defer cleanup()
	commit, discard := cfg.beginStage()
	defer discard()
	res := &Result{}
	modelDir, corpus, err := trainPredictors(ctx, &cfg, files, corpus, work, res)
	if err != nil {
		return nil, err
	}
	if !cfg.NoPolicy && len(cfg.Only) == 0 && cfg.players() == 4 {
		// The discard policy's features use the opponent models: it is
		// trained on those just trained.
		opp, err := opponent.LoadDir(modelDir)
		if err != nil {
			return nil, err
		}
		pol, b, err := trainPolicy(ctx, &cfg, files, corpus, work, opp)
		if err != nil {
			return nil, err
		}
		if err := pol.save(&cfg, b); err != nil {
			return nil, err
		}
		res.addPolicy(pol)
		// The riichi, call, kan, kyuushu and rollout riichi models, on the same opponent
		// models.
		dec, err := TrainDecisions(ctx, cfg, opp)
		if err != nil {
			return nil, err
		}
		res.DecisionsExtractSeconds = dec.ExtractSeconds
		for _, r := range dec.Runs {
			res.addRun(r)
		}
	}
	if err := commit(ctx); err != nil {
		return nil, err
	}
	res.finish(start)
	return res, nil
}

// RunDecisions trains the decision models of cfg.Only (all four when it
// names none) and nothing else, their features computed with the opponent
// models opp, and saves them into cfg.PolicyOut (or cfg.Out): what [Run]
// does after the discard policy, without retraining the opponent models
// and the policy first. With the opponent models Run trained (those it
// wrote into cfg.Out) and the same corpus, seed, threads and rounds, each
// model is the same bytes as Run's. The result has the decision models'
// cards and runs; Eval and Policy are nil.
//
// cfg.Only may also name the discard policy (policy.ModelName, "discard"):
// it is then trained first, as [TrainPolicy] does (with the rollout's
// discard model on its rows), and the decision models only if cfg.Only
// names some too. The rollout's discard model (policy.RolloutModelName)
// alone is [TrainRollout]'s.
func RunDecisions(ctx context.Context, cfg Config, opp *opponent.Models) (*Result, error) {
	start := time.Now()
	cfg.defaults()
	withPolicy := slices.Contains(cfg.Only, policy.ModelName)
	withRollout := slices.Contains(cfg.Only, policy.RolloutModelName)
	rest := slices.DeleteFunc(slices.Clone(cfg.Only), func(n string) bool { return n == policy.ModelName || n == policy.RolloutModelName })
	if _, err := decisionSetOf(rest, cfg.players()); err != nil {
		return nil, err
	}
	if err := cfg.ResolvePaths(); err != nil {
		return nil, err
	}
	for i, n := range cfg.Only {
		if (n == policy.ModelName || n == policy.RolloutModelName) && slices.Contains(cfg.Only[:i], n) {
			return nil, fmt.Errorf("train: %q named twice", n)
		}
	}
	if err := cfg.checkTool(cfg.policyOut()); err != nil {
		return nil, err
	}
	commit, discard := cfg.beginStage()
	defer discard()
	res := &Result{}
	if withPolicy {
		pol, err := TrainPolicy(ctx, cfg, opp)
		if err != nil {
			return nil, err
		}
		res.addPolicy(pol)
	} else if withRollout {
		pol, err := TrainRollout(ctx, cfg, opp)
		if err != nil {
			return nil, err
		}
		res.PolicyExtractSeconds = pol.ExtractSeconds
		res.addRun(pol.Run)
		res.Cards = append(res.Cards, pol.Card)
	}
	if !withPolicy && !withRollout || len(rest) > 0 {
		cfg.Only = rest
		dec, err := TrainDecisions(ctx, cfg, opp)
		if err != nil {
			return nil, err
		}
		res.Cards = append(res.Cards, dec.Cards...)
		res.DecisionsExtractSeconds = dec.ExtractSeconds
		for _, r := range dec.Runs {
			res.addRun(r)
		}
	}
	if err := commit(ctx); err != nil {
		return nil, err
	}
	res.finish(start)
	return res, nil
}

// check stops a run that could not write its models before it starts:
// they are written last.
func (cfg *Config) check() error {
	if cfg.Out == "" {
		return errors.New("train: no folder for the models (Config.Out)")
	}
	for _, name := range cfg.Only {
		if !slices.Contains(Predictors, name) {
			return fmt.Errorf("train: no predictor %q to train alone (%s; the decision models alone: RunDecisions)", name, strings.Join(Predictors, ", "))
		}
	}
	for _, spc := range specsFor(cfg.players(), cfg.Seed, cfg.Threads, cfg.Rounds) {
		if !cfg.trains(spc.name) {
			if _, _, err := cfg.existing(spc); err != nil {
				return err
			}
		}
	}
	return cfg.checkTool(cfg.Out, cfg.RankOut, cfg.policyOut())
}

// checkTool checks that the folders dirs can be written and that the
// xgboost tool is there, whose path it makes absolute when it names a
// file relative to this folder.
func (cfg *Config) checkTool(dirs ...string) error {
	if slices.Contains(dirs, "") {
		return errors.New("train: no folder for the models (Config.Out or Config.PolicyOut)")
	}
	for _, dir := range dirs {
		if err := xgbmodel.CheckWritable(dir); err != nil {
			return fmt.Errorf("train: %w", err)
		}
	}
	path, err := exec.LookPath(cfg.XGBoost)
	if err != nil {
		return fmt.Errorf("train: the xgboost command-line tool is needed (apt-get install xgboost): %w", err)
	}
	// xgboost runs in the work folder: a relative path (./xgboost.sh)
	// must name the same file from there.
	if strings.ContainsRune(cfg.XGBoost, filepath.Separator) {
		if cfg.XGBoost, err = filepath.Abs(path); err != nil {
			return fmt.Errorf("train: --xgboost %s: %w", path, err)
		}
	}
	return nil
}

// trainPredictors writes the four predictors' samples, trains them,
// measures them on the held-out games and saves them into cfg.Out and
// cfg.RankOut; it returns the work folder they are also saved in for the
// policy, and corpus with its game counts.
func trainPredictors(ctx context.Context, cfg *Config, files []string, corpus xgbmodel.Corpus, work string, res *Result) (string, xgbmodel.Corpus, error) {
	t0 := time.Now()
	sp := specsFor(cfg.players(), cfg.Seed, cfg.Threads, cfg.Rounds)
	set, err := writeSamples(ctx, cfg, files, work, sp)
	if err != nil {
		return "", corpus, err
	}
	corpus.Games, corpus.HeldOutGames, corpus.Skipped, corpus.SkippedBy = set.games, set.heldOut, set.skipped(), set.skips
	res.ExtractSeconds = time.Since(t0).Seconds()
	cfg.logf("samples: %d games (%d held out; skipped: %s) in %.1fs", corpus.Games, corpus.HeldOutGames, set.skipText(), res.ExtractSeconds)
	for m := range sp {
		if set.samples[m].Train == 0 || set.samples[m].HeldOut == 0 {
			return "", corpus, fmt.Errorf("train: no %s samples in the training or held-out games (%d/%d): corpus too small", sp[m].name, set.samples[m].Train, set.samples[m].HeldOut)
		}
	}
	modelDir := filepath.Join(work, "models")
	cards, models, err := trainModels(ctx, cfg, work, modelDir, sp, set, corpus, res)
	if err != nil {
		return "", corpus, err
	}
	t0 = time.Now()
	if err := measure(ctx, cfg, files, modelDir, set, cards, res); err != nil {
		return "", corpus, err
	}
	res.EvalSeconds = time.Since(t0).Seconds()
	for m := range sp {
		if !cfg.trains(sp[m].name) {
			continue
		}
		if err := cfg.saveModel(cfg.outOf(sp[m].name), &cards[m], models[m]); err != nil {
			return "", corpus, err
		}
		res.Cards = append(res.Cards, cards[m])
	}
	return modelDir, corpus, nil
}

// beginStage makes the models that cfg's run saves (saveModel) wait in a
// stage until commit puts them all in place, when ctx has not ended
// (xgbmodel.Stage); discard, deferred, removes what a run that stops
// before left staged. An entry point calls it: one called by another
// (Run calls TrainDecisions) shares its caller's stage, and its commit
// and discard do nothing.
func (cfg *Config) beginStage() (commit func(ctx context.Context) error, discard func()) {
	if cfg.stage != nil {
		return func(context.Context) error { return nil }, func() {}
	}
	st := &xgbmodel.Stage{}
	cfg.stage = st
	commit = func(ctx context.Context) error {
		// The renames are not interrupted: a signal from now on finds
		// the whole new set written.
		if err := context.Cause(ctx); err != nil {
			return err
		}
		if err := st.Commit(); err != nil {
			return fmt.Errorf("train: %w", err)
		}
		return nil
	}
	return commit, st.Discard
}

// saveModel saves a model and its card into dir, through the run's stage
// when it has one.
func (cfg *Config) saveModel(dir string, c *xgbmodel.Card, b []byte) error {
	if cfg.stage == nil {
		return xgbmodel.Save(dir, c, b)
	}
	if err := cfg.stage.Save(dir, c, b); err != nil {
		return fmt.Errorf("train: staging the %s model in %s (no model is put in place: the model folders are left as they were): %w", c.Name, dir, err)
	}
	return nil
}

// outOf is the folder of predictor name's models.
func (cfg *Config) outOf(name string) string {
	if baseName(name) == rankmodel.ModelName {
		return cfg.RankOut
	}
	return cfg.Out
}

// existing reads the model of spc that cfg.Out (or cfg.RankOut) holds: its
// card and the model's bytes (uncompressed), for a run that does not train
// it ([Config.Only]).
func (cfg *Config) existing(spc spec) (xgbmodel.Card, []byte, error) {
	dir := cfg.outOf(spc.name)
	fsys := os.DirFS(dir)
	_, card, err := xgbmodel.LoadFS(fsys, ".", spc.name, spc.schema, len(spc.features))
	if err != nil {
		return xgbmodel.Card{}, nil, fmt.Errorf("train: %s is not trained in this run (--only) and is read from %s: %w", spc.name, dir, err)
	}
	b, err := fs.ReadFile(fsys, card.File)
	if err == nil {
		b, err = xgbmodel.Decompress(b)
	}
	return *card, b, err
}

// defaults fills the unset fields that have defaults.
func (cfg *Config) defaults() {
	if cfg.RankOut == "" {
		cfg.RankOut = cfg.Out
	}
	if cfg.Threads <= 0 {
		cfg.Threads = DefaultThreads
	}
	if cfg.XGBoost == "" {
		cfg.XGBoost = "xgboost"
	}
	if cfg.PolicyRate <= 0 {
		cfg.PolicyRate = DefaultConfig().PolicyRate
	}
	if cfg.MemoryBudget <= 0 {
		cfg.MemoryBudget = DefaultMemoryBudget
	}
}

// workDir returns the folder for the run's files and what removes it.
func (cfg *Config) workDir() (string, func(), error) {
	if cfg.Work != "" {
		return cfg.Work, func() {}, os.MkdirAll(cfg.Work, 0o755)
	}
	work, err := os.MkdirTemp("", "mjrank-train-")
	if err != nil {
		return "", nil, err
	}
	return work, func() { os.RemoveAll(work) }, nil
}

// prepare fills cfg's defaults, makes the work folder (cleanup removes a
// temporary one) and lists the corpus: what every training entry point
// starts with.
func (cfg *Config) prepare() (work string, cleanup func(), files []string, corpus xgbmodel.Corpus, err error) {
	cfg.defaults()
	if err = cfg.ResolvePaths(); err != nil {
		return "", nil, nil, corpus, err
	}
	if work, cleanup, err = cfg.workDir(); err != nil {
		return "", nil, nil, corpus, err
	}
	if files, corpus, err = cfg.corpusFiles(); err != nil {
		cleanup()
		return "", nil, nil, corpus, err
	}
	return work, cleanup, files, corpus, nil
}

// corpusFiles lists the corpus files (the first MaxFiles) and describes
// them for the cards.
func (cfg *Config) corpusFiles() ([]string, xgbmodel.Corpus, error) {
	files, err := cfg.corpusList()
	if err != nil {
		return nil, xgbmodel.Corpus{}, err
	}
	root := ""
	if len(cfg.Corpus) == 1 {
		root = cfg.Corpus[0]
	}
	digest, err := CorpusDigest(root, files)
	if err != nil {
		return nil, xgbmodel.Corpus{}, err
	}
	return files, xgbmodel.Corpus{Path: strings.Join(cfg.Corpus, " "), Digest: digest, Files: len(files)}, nil
}

// corpusList lists the corpus files (the first MaxFiles), refusing a
// folder it cannot read.
func (cfg *Config) corpusList() ([]string, error) {
	files, unreadable, err := dataset.Files(cfg.Corpus)
	if err != nil {
		return nil, err
	}
	if len(unreadable) > 0 {
		// The corpus digest reads every file: training needs all of it.
		what := unreadable[0]
		if n := len(unreadable) - 1; n > 0 {
			what += fmt.Sprintf(" and %d more", n)
		}
		return nil, fmt.Errorf("train: cannot read the corpus folder %s", what)
	}
	if cfg.MaxFiles > 0 && len(files) > cfg.MaxFiles {
		files = files[:cfg.MaxFiles]
	}
	return files, nil
}

// sampleSet is what the sample phase wrote: the LibSVM files of every model
// (train and held-out) and the tenpai calibration's shards, with their
// counts, the baselines fitted on the training games, and the games used
// and left out. Rows go to the files as the games are read; what stays in
// memory for the whole corpus is the counts, the baseline tables and the
// keys of the games seen (to find duplicates).
type sampleSet struct {
	outs    [4][2]*bufio.Writer // [model][train, test]
	samples [4]xgbmodel.Samples
	// calShards[k] holds the tenpai rows of the training games of inner
	// calibration fold k (again: tenpai.train holds them all in file
	// order), calRows[k] counts them: inner model k trains on the other
	// shards, read as one set, and predicts shard k.
	calShards []*bufio.Writer
	calRows   []int
	fit       baselineFit // on the training games
	seen      map[string]bool
	games     int
	heldOut   int
	calGames  int
	skips     map[string]int // reason → games
	err       error          // the first write error
}

// skipped returns the number of games left out.
func (s *sampleSet) skipped() int {
	n := 0
	for why, c := range s.skips {
		if why != skipUnreadable {
			n += c
		}
	}
	return n
}

// skipText lists the skip reasons with their counts, in a fixed order.
func (s *sampleSet) skipText() string {
	var parts []string
	whys := make([]string, 0, len(s.skips))
	for why := range s.skips {
		whys = append(whys, why)
	}
	slices.Sort(whys)
	for _, why := range whys {
		parts = append(parts, fmt.Sprintf("%d %s", s.skips[why], why))
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

// openSamples creates the LibSVM files in work.
func openSamples(cfg *Config, work string, sp []spec) (*sampleSet, func(), error) {
	s := &sampleSet{seen: map[string]bool{}, skips: map[string]int{}}
	var files []*os.File
	closeAll := func() {
		for _, f := range files {
			f.Close()
		}
	}
	open := func(name string) (*bufio.Writer, error) {
		f, err := os.Create(filepath.Join(work, name))
		if err != nil {
			return nil, err
		}
		files = append(files, f)
		return bufio.NewWriterSize(f, 1<<20), nil
	}
	var err error
	for m := range sp {
		for split, suffix := range []string{"train", "test"} {
			if s.outs[m][split], err = open(sp[m].name + "." + suffix); err != nil {
				closeAll()
				return nil, nil, err
			}
		}
	}
	// The tenpai rows of the training games a second time, one shard an
	// inner fold: inner model k reads the other shards as one set (dmlc's
	// reader takes a list of files), where a training file for each inner
	// model copied every row three more times (2.6 GB more on the whole
	// corpus).
	for k := range cfg.CalibFolds {
		w, err := open(calShard(k))
		if err != nil {
			closeAll()
			return nil, nil, err
		}
		s.calShards = append(s.calShards, w)
	}
	s.calRows = make([]int, cfg.CalibFolds)
	return s, closeAll, nil
}

func (s *sampleSet) write(w *bufio.Writer, b []byte) {
	if _, err := w.Write(b); err != nil && s.err == nil {
		s.err = err
	}
}

// add takes one usable game's rows, in file order; a repeated log id is
// skipped.
func (s *sampleSet) add(cfg *Config, key string, rows *gameRows) {
	if s.seen[key] {
		s.skips[skipDuplicate]++
		return
	}
	s.seen[key] = true
	s.games++
	split := 0
	if cfg.heldOut(key) {
		split = 1
		s.heldOut++
	} else {
		s.fit.add(&rows.fit)
		if cfg.CalibFolds > 0 {
			s.calGames++
			k := cfg.calibFold(key)
			s.write(s.calShards[k], rows.rows[0].Bytes())
			s.calRows[k] += rows.n[0]
		}
	}
	for m := range s.outs {
		s.write(s.outs[m][split], rows.rows[m].Bytes())
		if split == 0 {
			s.samples[m].Train += rows.n[m]
		} else {
			s.samples[m].HeldOut += rows.n[m]
		}
	}
}

func (s *sampleSet) flush() error {
	if s.err != nil {
		return s.err
	}
	for m := range s.outs {
		for _, w := range s.outs[m] {
			if err := w.Flush(); err != nil {
				return err
			}
		}
	}
	for _, w := range s.calShards {
		if err := w.Flush(); err != nil {
			return err
		}
	}
	return nil
}

// fileSamples is one file's games: rows of the usable ones, the count of
// the others by reason, or the error that stops the run. Nothing is kept
// of a game left out, so a file of millions of empty games costs no more
// than one.
type fileSamples struct {
	games []gameSamples
	skips fileSkips
	read  int   // games read
	rerr  error // the file could not be read (whole or in part)
	fatal error
}

type gameSamples struct {
	key  string
	n    int // the game's position in its file (GameRef.N)
	rows *gameRows
}

// fileRows reads one record file and extracts the rows of its usable
// games. A game whose key came earlier in the file is a duplicate
// whatever came before the file: it is counted as one unreplayed.
func fileRows(cfg *Config, f string) fileSamples {
	var out fileSamples
	out.read, out.rerr = eachUsableFor(f, cfg.players(), &out.skips, func(gr *dataset.GameRef) bool {
		rows, err := extractRows(gr, cfg)
		if err != nil {
			// A feature row that cannot be written, or a complete 4-player
			// game the engine cannot replay as recorded: both are bugs.
			out.fatal = fmt.Errorf("train: %s game %d: %w", f, gr.N, err)
			return false
		}
		out.games = append(out.games, gameSamples{key: gr.Key, n: gr.N, rows: rows})
		return true
	})
	return out
}

// writeSamples replays the corpus and writes every model's LibSVM files,
// in file order whatever the number of workers.
func writeSamples(ctx context.Context, cfg *Config, files []string, work string, sp []spec) (*sampleSet, error) {
	set, closeAll, err := openSamples(cfg, work, sp)
	if err != nil {
		return nil, err
	}
	defer closeAll()
	bar := cfg.bar(len(files), "samples")
	var fatal error
	err = records.ForEachFile(ctx, files, cfg.Workers,
		func(f string) fileSamples { return fileRows(cfg, f) },
		func(_ string, fs fileSamples) {
			bar.Add(1)
			if fs.fatal != nil && fatal == nil {
				fatal = fs.fatal
			}
			if fs.rerr != nil && fs.read == 0 {
				set.skips[skipUnreadable]++
			}
			for why, n := range fs.skips {
				set.skips[why] += n
			}
			for _, g := range fs.games {
				set.add(cfg, g.key, g.rows)
			}
		})
	bar.Finish()
	if err = errors.Join(err, fatal); err != nil {
		return nil, err
	}
	if err := set.flush(); err != nil {
		return nil, err
	}
	return set, nil
}

// trainSpec runs xgboost on work's NAME.train for one model, checks the
// loader on NAME.test, and returns the model's card (without baseline,
// calibration or metrics), its bytes and what it cost (the loader check
// included).
func trainSpec(ctx context.Context, cfg *Config, work string, spc spec, corpus xgbmodel.Corpus, samples xgbmodel.Samples) (xgbmodel.Card, []byte, ModelRun, error) {
	job := xgbJob{name: spc.name, spc: spc, train: []string{spc.rowsName() + ".train"}, test: spc.rowsName() + ".test",
		rows: samples.Train, testRows: samples.HeldOut}
	cfg.logf("xgboost: training %s on %d rows (%s)", spc.name, samples.Train, memoryMode(cfg.external(job.rows+job.testRows, len(spc.features))))
	b, run, err := cfg.runXGBoost(ctx, work, job)
	if err != nil {
		return xgbmodel.Card{}, nil, run, err
	}
	secs := run.Seconds
	check, pred, err := cfg.checkLoader(ctx, work, b, filepath.Join(work, job.test), samples.HeldOut)
	if err != nil {
		return xgbmodel.Card{}, nil, run, fmt.Errorf("train: %s: %w", spc.name, err)
	}
	run.Seconds += pred.Seconds
	run.PeakRSS = max(run.PeakRSS, pred.PeakRSS)
	params := map[string]string{}
	for _, p := range spc.params {
		params[p[0]] = p[1]
	}
	cfg.logf("xgboost: %s in %.1fs, peak RSS %s; leaves vs xgboost on %d held-out rows: max |diff| %.2g",
		spc.name, secs, FormatBytes(run.PeakRSS), check.Rows, check.MaxAbsDiff)
	return xgbmodel.Card{
		Name: spc.name, Schema: spc.schema, Features: spc.features, Objective: params["objective"],
		Params: params, Seed: cfg.Seed, XGBoost: xgboostVersion(cfg.XGBoost), Corpus: corpus, Samples: samples,
		Seconds: math.Round(secs*10) / 10, Memory: run.Mode(), Loader: check,
	}, b, run, nil
}

// trainModels runs xgboost for every model, checks the loader on the
// held-out rows, fits the tenpai calibration, and saves each model with its
// card (without metrics yet) into modelDir.
func trainModels(ctx context.Context, cfg *Config, work, modelDir string, sp []spec, set *sampleSet, corpus xgbmodel.Corpus, res *Result) ([]xgbmodel.Card, [][]byte, error) {
	cards := make([]xgbmodel.Card, len(sp))
	models := make([][]byte, len(sp))
	for m, spc := range sp {
		if !cfg.trains(spc.name) {
			c, b, err := cfg.existing(spc)
			if err != nil {
				return nil, nil, err
			}
			cards[m], models[m] = c, b
			if err := xgbmodel.Save(modelDir, &cards[m], b); err != nil {
				return nil, nil, err
			}
			continue
		}
		card, b, run, err := trainSpec(ctx, cfg, work, spc, corpus, set.samples[m])
		if err != nil {
			return nil, nil, err
		}
		res.addRun(run)
		c := &cards[m]
		*c = card
		if n, err := strconv.Atoi(c.Params["num_class"]); err == nil {
			c.NumClass = n
		}
		if c.Baseline, err = set.fit.cardJSON(spc.name); err != nil {
			return nil, nil, err
		}
		if baseName(spc.name) == opponent.TenpaiModel && cfg.CalibFolds > 0 {
			t0 := time.Now()
			cal, runs, err := crossFitCalibration(ctx, cfg, work, spc, set)
			if err != nil {
				return nil, nil, err
			}
			cal.Games = set.calGames
			c.Calibration = cal
			for _, r := range runs {
				res.addRun(r)
			}
			cfg.logf("calibration: %s, %d inner folds, out-of-fold predictions of %d rows of %d games in %.1fs: %d knots",
				spc.name, cfg.CalibFolds, cal.Samples, set.calGames, time.Since(t0).Seconds(), len(cal.X))
		}
		models[m] = b
		if err := xgbmodel.Save(modelDir, c, b); err != nil {
			return nil, nil, err
		}
	}
	return cards, models, nil
}

// measure evaluates the models of modelDir, as Go loads them, on the
// held-out games and writes the metrics into the cards.
func measure(ctx context.Context, cfg *Config, files []string, modelDir string, set *sampleSet, cards []xgbmodel.Card, res *Result) error {
	opp, err := opponent.LoadDirFor(modelDir, cfg.players())
	if err != nil {
		return err
	}
	rk, err := rankmodel.LoadDirFor(modelDir, cfg.players())
	if err != nil {
		return err
	}
	held := map[string]bool{}
	for k := range set.seen {
		if cfg.heldOut(k) {
			held[k] = true
		}
	}
	bar := cfg.bar(len(files), "evaluation")
	ev, col, err := evaluate(ctx, files, opp, rk, EvalOptions{Workers: cfg.Workers, Players: cfg.Players, Progress: func(int, int) { bar.Add(1) },
		Filter: func(g *dataset.GameRef) bool { return held[g.Key] }, FilterReason: "training game"})
	bar.Finish()
	if err != nil {
		return err
	}
	res.Eval, res.col = ev, col
	for m := range cards {
		cards[m].Metrics = ev.Metrics(cards[m].Name)
	}
	return nil
}
