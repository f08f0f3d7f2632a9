package train

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/dataset"
	"github.com/mjrank/mjrank/data/records"
	"github.com/mjrank/mjrank/internal/xgbmodel"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/policy"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// policySpec is the discard policy's training setup: one row per kind the
// player could discard, labelled 1 for the kind discarded, a query group
// (qid) per decision for the ranking objective, which asks which of a
// decision's kinds is discarded; 600 trees at eta 0.2. Both were chosen
// by trials against binary:logistic and fewer trees (docs/MODELS.md,
// "Discard policy").
func policySpec(seed, threads, rounds int) spec {
	return spec{policy.ModelName, policy.FeatureNames, policy.Schema,
		xgbParams(xgbmodel.RankPairwise, seed, threads, rounds,
			[2]string{"max_depth", "8"}, [2]string{"num_round", "600"}, [2]string{"eta", "0.2"}), "", nil}
}

// rolloutSpec is the rollout's discard model: the discard policy's rows
// without its look-ahead figures (policy.AheadFigureNames, most of the
// features' cost), fewer trees (RolloutTrees of depth RolloutDepth at
// eta 0.3), the policy's ranking objective, so that a rollout can ask it
// at every turn (docs/MODELS.md, "The rollout's discard model").
func rolloutSpec(seed, threads, rounds int) spec {
	return spec{policy.RolloutModelName, policy.FeatureNames, policy.Schema,
		xgbParams(xgbmodel.RankPairwise, seed, threads, rounds,
			[2]string{"max_depth", strconv.Itoa(RolloutDepth)}, [2]string{"num_round", strconv.Itoa(RolloutTrees)},
			[2]string{"eta", "0.3"}),
		policy.ModelName, policy.AheadFigureNames}
}

// The rollout's discard model's size: the fewest trees that keep most of
// the policy's agreement at a cost a rollout can pay at every turn
// (docs/MODELS.md, "The rollout's discard model").
const RolloutTrees, RolloutDepth = 120, 8

// policyGame is one game's rows: the LibSVM rows of its kept turn
// decisions, and how many rows (kinds) each decision has, which is all the
// measurement keeps of a held-out game (the rows are read back from
// NAME.test).
type policyGame struct {
	key   string
	rows  bytes.Buffer
	n     int
	sizes []uint8
	fatal error
}

// policyRows replays g and writes a row for each kind in hand at every
// kept turn decision of every seat (see turnDecisions).
func policyRows(gr *dataset.GameRef, cfg *Config, opp *opponent.Models) (*policyGame, error) {
	out := &policyGame{key: gr.Key}
	var pos policy.Position
	var x [policy.NumFeatures]float64
	var kinds [14]tile.Kind
	var werr error
	err := turnDecisions(gr, cfg.PolicyRate, func(st *data.ReplayStep, d data.Decision) {
		pos.Reset(game.ViewOf(st.Engine, d.Seat), opp)
		ks := pos.Kinds(kinds[:0])
		if len(ks) < 2 {
			return
		}
		if d.Played.Type == game.Kita {
			return // a 3-player kita: setting a North aside, not a discard
		}
		played := d.Played.Tile.Kind()
		for _, k := range ks {
			pos.Features(k, x[:])
			werr = cmp(werr, libsvm(&out.rows, b2f(k == played), x[:]))
		}
		out.n += len(ks)
		out.sizes = append(out.sizes, uint8(len(ks)))
	})
	return out, errors.Join(err, werr)
}

// turnDecisions replays gr and calls f with each kept turn decision of
// every seat and the step before it (a riichi counts as the discard it
// makes; rate of them kept, deterministic by game, round and event),
// leaving out the discards Tenhou made for a disconnected seat (see
// absence): no player decided them.
func turnDecisions(gr *dataset.GameRef, rate float64, f func(st *data.ReplayStep, d data.Decision)) error {
	var rep data.ReplayReport
	away := absenceOf(gr.Game)
	for st, d := range data.ReplayDecisions(gr.Game, &rep) {
		// keep's round is 1-based.
		if d.Turn && !away.away(st.RoundIndex, d.Event, d.Seat) && keep(rate, gr.Key, st.RoundIndex+1, d.Event+3000) {
			f(st, d)
		}
	}
	err := rep.Err
	if err == nil && len(rep.Mismatches) > 0 {
		err = fmt.Errorf("%w: %v", ErrReplayMismatch, rep.Mismatches[0])
	}
	return err
}

// PolicyResult is what [TrainPolicy] measured.
type PolicyResult struct {
	Card      xgbmodel.Card
	Decisions int // held-out decisions
	// Agreement with the recorded discard on the held-out decisions: the
	// model's highest-scored kind, and the baseline's (tile efficiency:
	// lowest shanten, then most tiles that lower it).
	Agreement, Baseline, SE float64
	Seconds                 float64
	ExtractSeconds          float64  // writing the rows
	Run                     ModelRun // what xgboost cost
	// Rollout is the rollout's discard model, trained and measured on the
	// same rows (its Rollout nil), and RolloutModel its bytes.
	Rollout      *PolicyResult
	RolloutModel []byte `json:"-"`
}

// TrainPolicy trains the discard policy on cfg's corpus, its features
// computed with the opponent models opp, measures it on the held-out
// games against the tile-efficiency discard, and saves it into
// cfg.PolicyOut (or cfg.Out). [Run] calls it after the opponent models,
// with those it trained.
func TrainPolicy(ctx context.Context, cfg Config, opp *opponent.Models) (*PolicyResult, error) {
	start := time.Now()
	work, cleanup, files, corpus, err := cfg.prepare()
	if err != nil {
		return nil, err
	}
	defer cleanup()
	commit, discard := cfg.beginStage()
	defer discard()
	res, b, err := trainPolicy(ctx, &cfg, files, corpus, work, opp)
	if err != nil {
		return nil, err
	}
	if err := res.save(&cfg, b); err != nil {
		return nil, err
	}
	if err := commit(ctx); err != nil {
		return nil, err
	}
	res.Seconds = time.Since(start).Seconds()
	return res, nil
}

// TrainRollout trains only the rollout's discard model, on the same rows
// and with the same parameters as [TrainPolicy] (so the same bytes as the
// one a whole run writes beside the discard policy), and saves it into
// cfg.PolicyOut (or cfg.Out). It spares the discard model's training (an
// hour on the whole corpus) when only the rollout model is wanted.
func TrainRollout(ctx context.Context, cfg Config, opp *opponent.Models) (*PolicyResult, error) {
	start := time.Now()
	work, cleanup, files, corpus, err := cfg.prepare()
	if err != nil {
		return nil, err
	}
	defer cleanup()
	commit, discard := cfg.beginStage()
	defer discard()
	held, samples, err := policySamples(ctx, &cfg, files, work, &corpus, opp)
	if err != nil {
		return nil, err
	}
	extract := time.Since(start).Seconds()
	res, b, err := trainRollout(ctx, &cfg, corpus, samples, work, held)
	if err != nil {
		return nil, err
	}
	res.ExtractSeconds = extract
	if err := cfg.saveModel(cfg.policyOut(), &res.Card, b); err != nil {
		return nil, err
	}
	if err := commit(ctx); err != nil {
		return nil, err
	}
	res.Seconds = time.Since(start).Seconds()
	return res, nil
}

// save writes the discard model (bytes b) and the rollout model, with
// their cards, into cfg's policy folder (cfg.saveModel).
func (res *PolicyResult) save(cfg *Config, b []byte) error {
	dir := cfg.policyOut()
	if err := cfg.saveModel(dir, &res.Card, b); err != nil {
		return err
	}
	if res.Rollout == nil {
		return nil
	}
	return cfg.saveModel(dir, &res.Rollout.Card, res.RolloutModel)
}

// policyOut is the folder the discard policy is saved into.
func (cfg *Config) policyOut() string {
	if cfg.PolicyOut != "" {
		return cfg.PolicyOut
	}
	return cfg.Out
}

// trainPolicy writes the policy's rows of files into work, trains it and
// measures it; it returns the result (card included) and the model bytes.
func trainPolicy(ctx context.Context, cfg *Config, files []string, corpus xgbmodel.Corpus, work string, opp *opponent.Models) (*PolicyResult, []byte, error) {
	start := time.Now()
	spc := policySpec(cfg.Seed, cfg.Threads, cfg.Rounds)
	held, samples, err := policySamples(ctx, cfg, files, work, &corpus, opp)
	if err != nil {
		return nil, nil, err
	}
	res := &PolicyResult{ExtractSeconds: time.Since(start).Seconds()}
	card, b, run, err := trainSpec(ctx, cfg, work, spc, corpus, samples)
	if err != nil {
		return nil, nil, err
	}
	res.Card, res.Run = card, run
	m, err := xgbmodel.Load(b)
	if err != nil {
		return nil, nil, err
	}
	if err := res.measure(m, filepath.Join(work, spc.name+".test"), held); err != nil {
		return nil, nil, fmt.Errorf("train: %s: %w", spc.name, err)
	}
	res.Seconds = time.Since(start).Seconds()
	cfg.logf("%s: held-out agreement %.4f (tile efficiency %.4f, SE of the difference %.4f) on %d decisions; %.0fs",
		spc.name, res.Agreement, res.Baseline, res.SE, res.Decisions, res.Seconds)
	if err := cfg.sanmaPolicyCard(res, m, spc, filepath.Join(work, spc.name+".test"), held); err != nil {
		return nil, nil, err
	}
	if res.Rollout, res.RolloutModel, err = trainRollout(ctx, cfg, corpus, samples, work, held); err != nil {
		return nil, nil, err
	}
	return res, b, nil
}

// policySamples writes the discard policy's rows of files into work
// (writePolicyRows) and refuses a corpus without decisions on either side.
func policySamples(ctx context.Context, cfg *Config, files []string, work string, corpus *xgbmodel.Corpus, opp *opponent.Models) ([][]uint8, xgbmodel.Samples, error) {
	start := time.Now()
	held, samples, err := writePolicyRows(ctx, cfg, files, work, corpus, opp)
	if err != nil {
		return nil, samples, err
	}
	if samples.Train == 0 || samples.HeldOut == 0 {
		return nil, samples, fmt.Errorf("train: no discard decisions in the training or held-out games (%d/%d rows): corpus too small", samples.Train, samples.HeldOut)
	}
	cfg.logf("%s: rows of %d training games, %d held out in %.1fs", policy.ModelName, corpus.Games-corpus.HeldOutGames, corpus.HeldOutGames, time.Since(start).Seconds())
	return held, samples, nil
}

// trainRollout trains and measures the rollout's discard model on the
// discard policy's rows in work.
func trainRollout(ctx context.Context, cfg *Config, corpus xgbmodel.Corpus, samples xgbmodel.Samples, work string, held [][]uint8) (*PolicyResult, []byte, error) {
	start := time.Now()
	spc := rolloutSpec(cfg.Seed, cfg.Threads, cfg.Rounds)
	if err := omitRows(work, &spc); err != nil {
		return nil, nil, err
	}
	card, b, run, err := trainSpec(ctx, cfg, work, spc, corpus, samples)
	if err != nil {
		return nil, nil, err
	}
	res := &PolicyResult{Card: card, Run: run}
	m, err := xgbmodel.Load(b)
	if err != nil {
		return nil, nil, err
	}
	if err := res.measure(m, filepath.Join(work, spc.rowsName()+".test"), held); err != nil {
		return nil, nil, fmt.Errorf("train: %s: %w", spc.name, err)
	}
	if err := cfg.sanmaPolicyCard(res, m, spc, filepath.Join(work, spc.rowsName()+".test"), held); err != nil {
		return nil, nil, err
	}
	res.Seconds = time.Since(start).Seconds()
	cfg.logf("%s: held-out agreement %.4f (tile efficiency %.4f) on %d decisions; %.0fs",
		spc.name, res.Agreement, res.Baseline, res.Decisions, res.Seconds)
	return res, b, nil
}

// writePolicyRows replays files and writes the policy's LibSVM rows: the
// training games' into NAME.train, the held-out games' into NAME.test, in
// file order whatever the number of workers. It returns the rows of each
// decision of each held-out game, in that order, for the measurement,
// and completes corpus's game counts.
func writePolicyRows(ctx context.Context, cfg *Config, files []string, work string, corpus *xgbmodel.Corpus, opp *opponent.Models) ([][]uint8, xgbmodel.Samples, error) {
	var samples xgbmodel.Samples
	trainF, err := os.Create(filepath.Join(work, policy.ModelName+".train"))
	if err != nil {
		return nil, samples, err
	}
	defer trainF.Close()
	testF, err := os.Create(filepath.Join(work, policy.ModelName+".test"))
	if err != nil {
		return nil, samples, err
	}
	defer testF.Close()
	out := [2]*bufio.Writer{bufio.NewWriterSize(trainF, 1<<20), bufio.NewWriterSize(testF, 1<<20)}
	seen := map[string]bool{}
	var held [][]uint8
	var fatal, werr error
	qid := 0
	corpus.Games, corpus.HeldOutGames = 0, 0
	bar := cfg.bar(len(files), "policy samples")
	err = records.ForEachFile(ctx, files, cfg.Workers, func(f string) []*policyGame {
		return filePolicyRows(cfg, f, opp)
	}, func(_ string, gs []*policyGame) {
		bar.Add(1)
		for _, g := range gs {
			switch {
			case g.fatal != nil:
				fatal = cmp(fatal, g.fatal)
				continue
			case seen[g.key]:
				continue
			}
			seen[g.key] = true
			corpus.Games++
			split := 0
			if cfg.heldOut(g.key) {
				split = 1
				corpus.HeldOutGames++
				samples.HeldOut += g.n
				held = append(held, g.sizes)
			} else {
				samples.Train += g.n
			}
			var e error
			qid, e = writeGrouped(out[split], g, qid)
			werr = cmp(werr, e)
		}
	})
	bar.Finish()
	return held, samples, errors.Join(err, fatal, werr, out[0].Flush(), out[1].Flush(), trainF.Close(), testF.Close())
}

// writeGrouped writes g's rows to w, each decision's a query group: the
// qid, from first on in file order, goes after the label. It returns the
// next qid.
func writeGrouped(w *bufio.Writer, g *policyGame, first int) (int, error) {
	rows := g.rows.Bytes()
	qid := first
	var num []byte
	for _, n := range g.sizes {
		num = strconv.AppendInt(append(num[:0], " qid:"...), int64(qid), 10)
		for range n {
			end := bytes.IndexByte(rows, '\n') + 1
			label := bytes.IndexByte(rows[:end], ' ')
			if end == 0 || label < 0 {
				return qid, fmt.Errorf("train: %s: %d rows for %d decisions", g.key, g.n, len(g.sizes))
			}
			w.Write(rows[:label])
			w.Write(num)
			w.Write(rows[label:end])
			rows = rows[end:]
		}
		qid++
	}
	if len(rows) > 0 {
		return qid, fmt.Errorf("train: %s: rows left after %d decisions", g.key, len(g.sizes))
	}
	return qid, nil
}

// filePolicyRows reads one record file and writes the policy's rows of its
// usable games (read as they come: nothing is kept of the others).
func filePolicyRows(cfg *Config, f string, opp *opponent.Models) []*policyGame {
	var out []*policyGame
	eachUsableFor(f, cfg.players(), nil, func(gr *dataset.GameRef) bool {
		g, err := policyRows(gr, cfg, opp)
		if err != nil {
			g.fatal = fmt.Errorf("train: %s game %d: %w", f, gr.N, err)
		}
		out = append(out, g)
		return true
	})
	return out
}

// cmp keeps the first error.
func cmp(first, err error) error {
	if first != nil {
		return first
	}
	return err
}

// measure scores the held-out decisions with m, reading their rows back
// from file (held gives the rows of each decision of each game, in the
// file's order): agreement of the model's and of the efficiency
// baseline's choice (the first row of a decision: Kinds lists the
// efficiency order) with the recorded discard (the row labelled 1), and
// the standard error of their difference from 200 bootstrap resamples of
// the games.
func (res *PolicyResult) measure(m *xgbmodel.Model, file string, held [][]uint8) error {
	per, err := policyTallies(m, file, held)
	if err != nil {
		return err
	}
	res.score(per)
	return nil
}

// score sets the result's agreements and their metric from the held-out
// games' tallies.
func (res *PolicyResult) score(per []policyTally) {
	var all policyTally
	for _, t := range per {
		all.n, all.model, all.base = all.n+t.n, all.model+t.model, all.base+t.base
	}
	res.Decisions = all.n
	if all.n == 0 {
		return
	}
	res.Agreement = float64(all.model) / float64(all.n)
	res.Baseline = float64(all.base) / float64(all.n)
	rng := rand.New(rand.NewPCG(1, 2))
	var s, s2 float64
	const boots = 200
	for range boots {
		var b policyTally
		for range per {
			t := per[rng.IntN(len(per))]
			b.n, b.model, b.base = b.n+t.n, b.model+t.model, b.base+t.base
		}
		d := float64(b.model-b.base) / float64(max(b.n, 1))
		s, s2 = s+d, s2+d*d
	}
	mean := s / boots
	res.SE = math.Sqrt(max(s2/boots-mean*mean, 0))
	res.Card.Metrics = []xgbmodel.Metric{{Name: "agreement", Model: res.Agreement, Baseline: res.Baseline, SE: res.SE,
		Beats: res.Agreement-res.Baseline > 2*res.SE}}
}

// policyTally counts one game's held-out decisions and those where the
// model's and the baseline's choice was the recorded discard.
type policyTally struct{ n, model, base int }

// policyTallies predicts the rows of file with m, decision by decision
// (held[g][d] rows for decision d of game g), and tallies each game.
func policyTallies(m *xgbmodel.Model, file string, held [][]uint8) ([]policyTally, error) {
	return policyTalliesOf(m, file, held, func(row func(label float64, x []float64) error) error {
		return readLibSVM(file, m.NumFeatures(), func(label string, x []float64) error {
			l, err := strconv.ParseFloat(label, 64)
			if err != nil {
				return fmt.Errorf("%s: bad label %q", file, label)
			}
			return row(l, x)
		})
	})
}

// policyTalliesOf is policyTallies over the rows each gives, in order
// (name names them in errors).
func policyTalliesOf(m *xgbmodel.Model, name string, held [][]uint8, each func(row func(label float64, x []float64) error) error) ([]policyTally, error) {
	per := make([]policyTally, len(held))
	want, got := 0, 0
	for _, h := range held {
		want += len(h)
	}
	g, d, i := 0, 0, 0 // game, decision, row within the decision
	var bestV float64
	var bestPlayed, firstPlayed bool
	err := each(func(l float64, x []float64) error {
		for g < len(held) && d == len(held[g]) {
			g, d = g+1, 0
		}
		if g == len(held) {
			return fmt.Errorf("%s: more rows than the held-out decisions", name)
		}
		v, err := m.PredictOne(x)
		if err != nil {
			return err
		}
		played := l > 0.5
		if i == 0 {
			bestV, bestPlayed, firstPlayed = v, played, played
		} else if v > bestV { // the first of equal scores stays
			bestV, bestPlayed = v, played
		}
		if i++; i < int(held[g][d]) {
			return nil
		}
		t := &per[g]
		t.n++
		got++
		t.model += int(b2f(bestPlayed))
		t.base += int(b2f(firstPlayed))
		d, i = d+1, 0
		return nil
	})
	if err == nil && (i != 0 || got != want) {
		err = fmt.Errorf("%s: rows for %d of the %d held-out decisions", name, got, want)
	}
	return per, err
}
