package train

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/mjrank/mjrank/data/dataset"
	"github.com/mjrank/mjrank/data/records"
	"github.com/mjrank/mjrank/internal/xgbmodel"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/sim/game"
)

// DecisionsResult is what [TrainDecisions] measured: each model's card,
// whose held-out metrics are the agreements with the recorded moves.
type DecisionsResult struct {
	Cards          []xgbmodel.Card
	Runs           []ModelRun // what each model's xgboost cost
	ExtractSeconds float64    // writing the rows
	Seconds        float64
}

// TrainDecisions trains the riichi, call, kan, kyuushu and rollout riichi models
// (policy.DecisionSpecs; those of cfg.Only when it names some) on cfg's
// corpus, their features computed with the opponent models opp, measures
// their agreement with the recorded moves on the held-out games beside
// today's rules, and saves them into cfg.PolicyOut (or cfg.Out). [Run]
// calls it after the discard policy; [RunDecisions] on its own. A model
// is the same bytes whichever others are trained with it.
func TrainDecisions(ctx context.Context, cfg Config, opp *opponent.Models) (*DecisionsResult, error) {
	start := time.Now()
	want, err := decisionSetOf(cfg.Only, cfg.players())
	if err != nil {
		return nil, err
	}
	work, cleanup, files, corpus, err := cfg.prepare()
	if err != nil {
		return nil, err
	}
	defer cleanup()
	commit, discard := cfg.beginStage()
	defer discard()
	samples, err := writeDecisionRows(ctx, &cfg, files, work, &corpus, opp, want)
	if err != nil {
		return nil, err
	}
	res := &DecisionsResult{ExtractSeconds: time.Since(start).Seconds()}
	for i, spc := range decisionSpecsFor(cfg.players(), cfg.Seed, cfg.Threads, cfg.Rounds) {
		if !want[i] {
			continue
		}
		if samples[i].Train == 0 || samples[i].HeldOut == 0 {
			// Kyuushu kyuuhai and kans are rare: a slice of the corpus
			// may hold none. The model is then not trained, and its
			// decision stays with the player's rules.
			cfg.logf("%s: not trained: %d training and %d held-out rows", spc.name, samples[i].Train, samples[i].HeldOut)
			continue
		}
		card, b, run, err := trainSpec(ctx, &cfg, work, spc, corpus, samples[i])
		if err != nil {
			return nil, err
		}
		m, err := xgbmodel.Load(b)
		if err != nil {
			return nil, err
		}
		if card.Metrics, err = measureDecisions(m, work, spc.name, i); err != nil {
			return nil, err
		}
		for _, mt := range card.Metrics {
			cfg.logf("%s: held-out %s %.4f (SE %.4f; today's rule %.4f, SE of the difference %.4f) on %d decisions",
				spc.name, mt.Name, mt.Model, mt.ModelSE, mt.Baseline, mt.SE, mt.N)
		}
		cfg.logf("%s: xgboost %.1fs", spc.name, run.Seconds)
		if err := cfg.sanmaDecisionCard(&card, m, spc, work); err != nil {
			return nil, err
		}
		res.Runs = append(res.Runs, run)
		if err := cfg.saveModel(cfg.policyOut(), &card, b); err != nil {
			return nil, err
		}
		res.Cards = append(res.Cards, card)
	}
	if err := commit(ctx); err != nil {
		return nil, err
	}
	res.Seconds = time.Since(start).Seconds()
	return res, nil
}

// decisionFiles are the open outputs of one model: NAME.train, NAME.test
// and NAME.groups (one line per held-out decision: held-out game number,
// candidates, played, baseline, candidate action types).
type decisionFiles struct{ train, test, groups *bufio.Writer }

// writeDecisionRows replays files and writes the rows of the decision
// models of want (the others' files stay empty); it returns the row
// counts and completes corpus's game counts.
func writeDecisionRows(ctx context.Context, cfg *Config, files []string, work string, corpus *xgbmodel.Corpus, opp *opponent.Models, want decisionSet) ([numDecisions]xgbmodel.Samples, error) {
	var samples [numDecisions]xgbmodel.Samples
	var out [numDecisions]decisionFiles
	var closers []*os.File
	defer func() {
		for _, f := range closers {
			f.Close()
		}
	}()
	specs := decisionSpecsFor(cfg.players(), 0, 0, 0)
	for i, spc := range specs {
		for _, p := range []struct {
			ext string
			w   **bufio.Writer
		}{{".train", &out[i].train}, {".test", &out[i].test}, {".groups", &out[i].groups}} {
			f, err := os.Create(filepath.Join(work, spc.name+p.ext))
			if err != nil {
				return samples, err
			}
			closers = append(closers, f)
			*p.w = bufio.NewWriterSize(f, 1<<20)
		}
	}
	seen := map[string]bool{}
	var fatal error
	corpus.Games, corpus.HeldOutGames = 0, 0
	err := records.ForEachFile(ctx, files, cfg.Workers, func(f string) []*decisionGame {
		// Read as they come: nothing is kept of a game left out.
		var gs []*decisionGame
		eachUsableFor(f, cfg.players(), nil, func(gr *dataset.GameRef) bool {
			g, err := decisionRows(gr, opp, cfg.heldOut(gr.Key), want)
			if err != nil {
				g.fatal = fmt.Errorf("train: %s game %d: %w", f, gr.N, err)
			}
			gs = append(gs, g)
			return true
		})
		return gs
	}, func(_ string, gs []*decisionGame) {
		for _, g := range gs {
			switch {
			case g.fatal != nil:
				fatal = cmp(fatal, g.fatal)
			case !seen[g.key]:
				seen[g.key] = true
				corpus.Games++
				held := cfg.heldOut(g.key)
				if held {
					corpus.HeldOutGames++
				}
				for i := range specs {
					g.write(&out[i], &samples[i], held, corpus.HeldOutGames-1, i)
				}
			}
		}
	})
	var werr error
	for i := range specs {
		werr = errors.Join(werr, out[i].train.Flush(), out[i].test.Flush(), out[i].groups.Flush())
	}
	for _, f := range closers {
		werr = errors.Join(werr, f.Close())
	}
	closers = nil
	return samples, errors.Join(err, fatal, werr)
}

// write appends model i's rows of g to the training or test file, and a
// held-out game's group lines prefixed with its number.
func (g *decisionGame) write(out *decisionFiles, s *xgbmodel.Samples, held bool, gameNo, i int) {
	if !held {
		out.train.Write(g.rows[i].Bytes())
		s.Train += g.n[i]
		return
	}
	out.test.Write(g.rows[i].Bytes())
	s.HeldOut += g.n[i]
	prefix := strconv.Itoa(gameNo) + " "
	for line := range strings.Lines(g.groups[i].String()) {
		out.groups.WriteString(prefix)
		out.groups.WriteString(line)
	}
}

// agreeTally counts, per held-out game, decisions and agreements of the
// model and of the baseline.
type agreeTally struct{ n, model, base []int }

func (t *agreeTally) add(game int, model, base bool) {
	for len(t.n) <= game {
		t.n, t.model, t.base = append(t.n, 0), append(t.model, 0), append(t.base, 0)
	}
	t.n[game]++
	t.model[game] += b2i(model)
	t.base[game] += b2i(base)
}

// metric returns the tally's agreements with the standard errors of the
// model's figure and of model − baseline, from 200 bootstrap resamples of
// the held-out games (fixed seed).
func (t *agreeTally) metric(name string) xgbmodel.Metric {
	sum := func(v []int, idx func(int) int) float64 {
		s := 0
		for j := range v {
			s += v[idx(j)]
		}
		return float64(s)
	}
	id := func(j int) int { return j }
	n := sum(t.n, id)
	mt := xgbmodel.Metric{Name: name, N: int(n)}
	if n == 0 {
		mt.NoVerdict = "no held-out decisions"
		return mt
	}
	mt.Model, mt.Baseline = sum(t.model, id)/n, sum(t.base, id)/n
	rng := rand.New(rand.NewPCG(1, 2))
	var s, s2, d, d2 float64
	const boots = 200
	pick := make([]int, len(t.n))
	for range boots {
		for j := range pick {
			pick[j] = rng.IntN(len(t.n))
		}
		at := func(j int) int { return pick[j] }
		bn := max(sum(t.n, at), 1)
		m, diff := sum(t.model, at)/bn, (sum(t.model, at)-sum(t.base, at))/bn
		s, s2, d, d2 = s+m, s2+m*m, d+diff, d2+diff*diff
	}
	mt.ModelSE = math.Sqrt(max(s2/boots-(s/boots)*(s/boots), 0))
	mt.SE = math.Sqrt(max(d2/boots-(d/boots)*(d/boots), 0))
	mt.Beats = mt.Model-mt.Baseline > 2*mt.SE
	return mt
}

// measureDecisions predicts the held-out rows of model i (file NAME.test)
// with m and scores each decision of NAME.groups: the model's move is its
// best candidate when that scores at least one half, else none; it agrees
// when it is the recorded move. The calls are also scored per kind of
// opportunity (a seat that could chi, pon, daiminkan: did model and player
// both make that kind of call, the same one, or both not?) and on the
// opportunities where the player called; the kans where the player did.
func measureDecisions(m *xgbmodel.Model, work, name string, i int) ([]xgbmodel.Metric, error) {
	p, _, err := predictFile(m, filepath.Join(work, name+".test"), nil, nil)
	if err != nil {
		return nil, err
	}
	return scoreDecisions(p, filepath.Join(work, name+".groups"), name, i)
}

// scoreDecisions scores the held-out decisions of the groups file (model
// i's NAME.groups) from the predictions p of their rows, in order, as
// measureDecisions describes.
func scoreDecisions(p []float64, groups, name string, i int) ([]xgbmodel.Metric, error) {
	f, err := os.Open(groups)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var all, made, always agreeTally
	var kinds [3]agreeTally // chi, pon, daiminkan
	row := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var gd groupLine
		if err := gd.parse(sc.Text()); err != nil {
			return nil, fmt.Errorf("train: %s.groups: %w", name, err)
		}
		if row+gd.n > len(p) {
			return nil, fmt.Errorf("train: %s.groups names more rows than %s.test holds (%d)", name, name, len(p))
		}
		choice := gd.choice(p[row : row+gd.n])
		row += gd.n
		all.add(gd.game, choice == gd.played, gd.base == gd.played)
		if gd.played >= 0 {
			made.add(gd.game, choice == gd.played, gd.base == gd.played)
		}
		always.add(gd.game, choice == gd.played, gd.played == 0)
		if i == decCall || i == decRolloutCall {
			for k, t := range []game.ActionType{game.Chi, game.Pon, game.Daiminkan} {
				if gd.offers(t) {
					pk := gd.of(t, gd.played)
					kinds[k].add(gd.game, gd.of(t, choice) == pk, gd.of(t, gd.base) == pk)
				}
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if row != len(p) {
		return nil, fmt.Errorf("train: %s.groups names %d rows, %s.test holds %d", name, row, name, len(p))
	}
	out := []xgbmodel.Metric{all.metric("agreement")}
	switch i {
	case decCall:
		out = append(out, kinds[0].metric("agreement_chi"), kinds[1].metric("agreement_pon"),
			kinds[2].metric("agreement_daiminkan"), made.metric("agreement_when_called"))
	case decRolloutCall:
		out = append(out, kinds[0].metric("agreement_chi"), kinds[1].metric("agreement_pon"),
			made.metric("agreement_when_called"))
	case decKan:
		out = append(out, made.metric("agreement_when_kanned"))
	case decRiichi, decKyuushu, decRolloutRiichi:
		out = append(out, made.metric("agreement_when_declared"))
	case decKita:
		// The rule is the baseline of "agreement"; a model that does not
		// beat "always kita" either is not worth shipping.
		out = append(out, always.metric("agreement_vs_always"), made.metric("agreement_when_set_aside"))
	}
	return out, nil
}

// groupLine is one held-out decision of a .groups file.
type groupLine struct {
	game, n, played, base int
	types                 []game.ActionType
}

func (g *groupLine) parse(s string) error {
	f := strings.Fields(s)
	if len(f) < 4 {
		return fmt.Errorf("bad line %q", s)
	}
	var v [4]int
	for j := range v {
		var err error
		if v[j], err = strconv.Atoi(f[j]); err != nil {
			return fmt.Errorf("bad line %q", s)
		}
	}
	g.game, g.n, g.played, g.base = v[0], v[1], v[2], v[3]
	if len(f) != 4+g.n {
		return fmt.Errorf("line %q: %d candidates, %d types", s, g.n, len(f)-4)
	}
	for _, t := range f[4:] {
		k, err := strconv.Atoi(t)
		if err != nil {
			return fmt.Errorf("bad line %q", s)
		}
		g.types = append(g.types, game.ActionType(k))
	}
	return nil
}

// choice returns the candidate scored highest if it reaches one half,
// else -1 (none).
func (g *groupLine) choice(p []float64) int {
	best := 0
	for j := range p {
		if p[j] > p[best] {
			best = j
		}
	}
	if p[best] < 0.5 {
		return -1
	}
	return best
}

// offers reports whether a candidate is of type t.
func (g *groupLine) offers(t game.ActionType) bool {
	for _, c := range g.types {
		if c == t {
			return true
		}
	}
	return false
}

// of returns candidate j if it is of type t, else -1: a move seen from
// the question "a call of type t, and which?".
func (g *groupLine) of(t game.ActionType, j int) int {
	if j >= 0 && g.types[j] == t {
		return j
	}
	return -1
}
