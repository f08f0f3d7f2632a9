//go:build experiments

package train_test

import (
	"bufio"
	"bytes"
	"cmp"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/data/dataset"
	"github.com/mjrank/mjrank/data/records"
	"github.com/mjrank/mjrank/sim/score"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/internal/shareddata"
	"github.com/mjrank/mjrank/internal/xgbmodel"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/rankmodel"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
	"github.com/mjrank/mjrank/train"
)

// The trials below are experiments, not checks: they measure candidate
// changes of a model by 10-fold cross-validation over the shared corpus
// (about 15 s each on 2 cores) and log the figures docs/experiments/models-*.md quote.
// Run them with
//
//	MJRANK_TRIALS=1 go test -tags experiments ./experiments/train -run Trials -v
//
// (experiments/README.md lists every trial and its knobs).

// trials skips a trial unless MJRANK_TRIALS=1, needs xgboost, and returns
// the corpus's usable games, each log id once, in file order.
func trials(t *testing.T) []dataset.GameRef {
	t.Helper()
	requireTrials(t)
	needXGBoost(t)
	files, _, err := records.ExpandPaths([]string{shareddata.Dir(t, "tenhou")})
	if err != nil {
		t.Fatal(err)
	}
	// The usable games, each log id once, in file order.
	var games []dataset.GameRef
	seen := map[string]bool{}
	for _, f := range files {
		grs, _ := dataset.ReadFile(f)
		for _, gr := range grs {
			if dataset.Usable(gr.Game) == nil && !seen[gr.Key] {
				seen[gr.Key] = true
				games = append(games, gr)
			}
		}
	}
	return games
}

type trialRank struct {
	s          rankmodel.Situation
	seat, rank int
	fold       int
	game       int32
}

// rankTrialFeatures are the shipped features, plus with extra the seat's
// starting position, its dealer turns left, the top score and whether
// anyone holds 30,000 (the west round), plus with gaps the seat's score
// minus the score at each rank.
func rankTrialFeatures(s *rankmodel.Situation, seat int, extra, gaps bool) []float64 {
	x := make([]float64, rankmodel.NumFeatures)
	rankmodel.Features(s, seat, x)
	if !extra {
		return x
	}
	last := 3
	if s.Hanchan {
		last = 7
	}
	turns := 0
	for i := s.Index + 1; i <= last; i++ {
		if i%4 == seat {
			turns++
		}
	}
	top := 0
	for _, sc := range s.Scores {
		top = max(top, sc)
	}
	x = append(x, float64(seat), float64(turns), float64(top), b2f(top >= 30000))
	if gaps {
		rank := game.Rank(s.Scores)
		var byRank [4]int
		for i := range 4 {
			byRank[rank[i]-1] = s.Scores[i]
		}
		for r := range 4 {
			x = append(x, float64(s.Scores[seat]-byRank[r]))
		}
	}
	return x
}

// rankSamples returns every rank sample of the games, with its game's fold
// and index.
func rankSamples(t *testing.T, all []dataset.GameRef) []trialRank {
	t.Helper()
	var samples []trialRank
	for g, gr := range all {
		fold := int(dataset.Hash(gr.Key) % 10)
		err := train.VisitGame(gr.Game, train.Visitor{Rank: func(s *train.RankSample) {
			samples = append(samples, trialRank{s.Situation, s.Seat, s.Rank, fold, int32(g)})
		}})
		if err != nil {
			t.Fatal(err)
		}
	}
	return samples
}

// TestRankTrials: candidate features and parameters of the rank model,
// each against the score-order baseline on the same pooled folds.
func TestRankTrials(t *testing.T) {
	all := trials(t)
	samples := rankSamples(t, all)
	games := len(all)
	// The baseline, fitted per fold on the other folds.
	base := make([][4]float32, len(samples))
	for f := range train.NumFolds {
		var rb train.RankBaseline
		for _, s := range samples {
			if s.fold != f {
				rb.Counts[game.Rank(s.s.Scores)[s.seat]-1][s.rank-1]++
			}
		}
		for i, s := range samples {
			if s.fold == f {
				d := rb.Predict(&s.s, s.seat)
				base[i] = [4]float32{float32(d[0]), float32(d[1]), float32(d[2]), float32(d[3])}
			}
		}
	}
	for _, tr := range []struct {
		name        string
		extra, gaps bool
		params      string
	}{
		{"shipped", false, false, ""},
		{"+seat, dealer turns, top", true, false, ""},
		{"+ gaps by rank", true, true, ""},
		{"+ gaps, depth 3", true, true, "max_depth=3"},
		{"+ gaps, depth 5", true, true, "max_depth=5"},
		{"+ gaps, min_child_weight 50", true, true, "min_child_weight=50"},
		{"+ gaps, eta 0.05, 300 rounds", true, true, "eta=0.05\nnum_round=300"},
		{"+ gaps, depth 3, eta 0.05, 400 rounds, mcw 20", true, true, "max_depth=3\neta=0.05\nnum_round=400\nmin_child_weight=20"},
	} {
		probs := rankTrialPredict(t, samples, tr.extra, tr.gaps, tr.params)
		n := len(samples)
		llM, llB, accM, accB := make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
		gm := make([]int32, n)
		disagree, rightM, rightB := 0, 0, 0
		for i, s := range samples {
			y := s.rank - 1
			llM[i] = -math.Log(math.Max(float64(probs[i][y]), eps))
			llB[i] = -math.Log(math.Max(float64(base[i][y]), eps))
			accM[i] = b2f(argmax(probs[i]) == y)
			accB[i] = b2f(argmax(base[i]) == y)
			gm[i] = s.game
			if argmax(probs[i]) != argmax(base[i]) {
				disagree++
				rightM += int(accM[i])
				rightB += int(accB[i])
			}
		}
		bs := train.NewBootstrap(games, train.DefaultBootstrap)
		ll := bs.Compare(false, games, train.GameMean(llM, gm), train.GameMean(llB, gm))
		acc := bs.Compare(true, games, train.GameMean(accM, gm), train.GameMean(accB, gm))
		t.Logf("%-48s log-loss %.4f (baseline %.4f, SE %.4f)  accuracy %.4f (baseline %.4f, +%.4f = %.2f SE)  argmax differs on %d of %d: model right %d, baseline %d",
			tr.name, ll.Model, ll.Baseline, ll.DiffSE, acc.Model, acc.Baseline, acc.Model-acc.Baseline, (acc.Model-acc.Baseline)/acc.DiffSE, disagree, n, rightM, rightB)
	}
}

// rankTrialPredict trains the rank model once per fold with the xgboost
// command line and returns every sample's held-out distribution.
func rankTrialPredict(t *testing.T, samples []trialRank, extra, gaps bool, params string) [][4]float32 {
	return rankTrialPredictOn(t, samples, nil, extra, gaps, params)
}

// rankTrialPredictOn is rankTrialPredict training only on the samples use
// accepts (nil: all); every sample of the held-out fold is predicted.
func rankTrialPredictOn(t *testing.T, samples []trialRank, use func(*trialRank) bool, extra, gaps bool, params string) [][4]float32 {
	tf := newTrialFiles(t)
	probs := make([][4]float32, len(samples))
	rows := make([][]float64, len(samples))
	for i, s := range samples {
		rows[i] = rankTrialFeatures(&s.s, s.seat, extra, gaps)
	}
	for f := range train.NumFolds {
		name := func(s string) string { return filepath.Join(tf.dir, fmt.Sprintf("f%d.%s", f, s)) }
		var idx []int
		for i, s := range samples {
			split := "train"
			if s.fold == f {
				split = "test"
				idx = append(idx, i)
			} else if use != nil && !use(&samples[i]) {
				continue
			}
			tf.write(fmt.Sprintf("f%d.%s", f, split), float64(s.rank-1), rows[i])
		}
		tf.close()
		conf := "booster=gbtree\ntree_method=hist\nobjective=multi:softprob\nnum_class=4\neta=0.1\nmax_depth=4\nmin_child_weight=5\n" +
			"subsample=0.8\ncolsample_bytree=0.8\nseed=1\nnthread=2\nnum_round=200\n" + params + "\n"
		if err := os.WriteFile(name("conf"), []byte(conf), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, args := range [][]string{
			{"data=" + name("train") + "?format=libsvm", "model_out=" + name("model")},
			{"task=pred", "model_in=" + name("model"), "test:data=" + name("test") + "?format=libsvm", "name_pred=" + name("pred")},
		} {
			if out, err := exec.Command("xgboost", append([]string{name("conf")}, args...)...).CombinedOutput(); err != nil {
				t.Fatalf("xgboost: %v\n%s", err, out)
			}
		}
		pb, err := os.ReadFile(name("pred"))
		if err != nil {
			t.Fatal(err)
		}
		v := strings.Fields(string(pb))
		if len(v) != 4*len(idx) {
			t.Fatalf("fold %d: %d predictions for %d rows", f, len(v), len(idx))
		}
		for r, i := range idx {
			for k := range 4 {
				p, err := strconv.ParseFloat(v[4*r+k], 64)
				if err != nil {
					t.Fatal(err)
				}
				probs[i][k] = float32(p)
			}
		}
	}
	return probs
}

// trialFiles writes LibSVM files into a folder and trains on them.
type trialFiles struct {
	t   *testing.T
	dir string
	out map[string]*bufio.Writer
	fs  []*os.File
}

func newTrialFiles(t *testing.T) *trialFiles {
	return &trialFiles{t: t, dir: t.TempDir(), out: map[string]*bufio.Writer{}}
}

func (tf *trialFiles) write(name string, label float64, x []float64) {
	w := tf.out[name]
	if w == nil {
		f, err := os.Create(filepath.Join(tf.dir, name))
		if err != nil {
			tf.t.Fatal(err)
		}
		tf.fs = append(tf.fs, f)
		w = bufio.NewWriterSize(f, 1<<20)
		tf.out[name] = w
	}
	var b bytes.Buffer
	if err := train.AppendLibSVM(&b, label, x); err != nil {
		tf.t.Fatal(err)
	}
	w.Write(b.Bytes())
}

func (tf *trialFiles) close() {
	for name, w := range tf.out {
		if err := w.Flush(); err != nil {
			tf.t.Fatal(err)
		}
		delete(tf.out, name)
	}
	for _, f := range tf.fs {
		f.Close()
	}
	tf.fs = nil
}

// train fits a binary model on NAME.train as the wait model is fitted and
// returns xgboost's last line: the AUC on NAME.test. MJRANK_STACK_ROUNDS
// sets the number of trees (default the wait model's 100).
func (tf *trialFiles) train(name string) string {
	p := func(s string) string { return filepath.Join(tf.dir, name+"."+s) }
	conf := "booster=gbtree\ntree_method=hist\nobjective=binary:logistic\neta=0.1\nmax_depth=8\nmin_child_weight=5\n" +
		"subsample=0.8\ncolsample_bytree=0.8\nseed=1\nnthread=2\nnum_round=" + stackRounds() + "\neval_metric=auc\n"
	if err := os.WriteFile(p("conf"), []byte(conf), 0o644); err != nil {
		tf.t.Fatal(err)
	}
	out, err := exec.Command("xgboost", p("conf"), "data="+p("train")+"?format=libsvm",
		"eval[heldout]="+p("test")+"?format=libsvm", "model_out="+p("model")).CombinedOutput()
	if err != nil {
		tf.t.Fatalf("xgboost: %v\n%s", err, out)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	return lines[len(lines)-1]
}

// stackRounds is the trials' number of trees: MJRANK_STACK_ROUNDS, else
// the wait model's 100.
func stackRounds() string { return cmp.Or(os.Getenv("MJRANK_STACK_ROUNDS"), "100") }

// TestStackTrial: a second wait model that sees the first one's 34
// probabilities of the position (its own, their sum, maximum, its rank and
// share, the neighbours' k±1..3, how many exceed 0.05). The first model
// learns from half of the training games, the second from the other half;
// both scored by xgboost on 30 % of the held-out tenpai samples (fold 0).
func TestStackTrial(t *testing.T) {
	games := trials(t)
	group := func(key string) int { // 0 held out, 1 first model, 2 second
		if h := dataset.Hash(key); h%10 != 0 {
			return 1 + int(h/10%2)
		}
		return 0
	}
	tf := newTrialFiles(t)
	var x [opponent.NumWaitFeatures]float64
	visit := func(want int, rate float64, f func(s *train.DiscardSample, g int)) {
		for _, gr := range games {
			g := group(gr.Key)
			if g != want && g != 0 {
				continue
			}
			r := rate
			if g == 0 {
				r = 0.3
			}
			err := train.VisitGame(gr.Game, train.Visitor{Discard: func(s *train.DiscardSample) {
				if s.Tenpai && train.Keep(r, gr.Key, 0, s.EventIdx+1000) {
					f(s, g)
				}
			}})
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	split := func(g int) string { return map[int]string{0: "test", 1: "train", 2: "train"}[g] }
	visit(1, 0.6, func(s *train.DiscardSample, g int) {
		for k := range tile.NumKinds {
			s.Pub.WaitFeatures(tile.Kind(k), x[:])
			tf.write("first."+split(g), b2f(s.Ron.Has(tile.Kind(k))), x[:])
		}
	})
	tf.close()
	t.Logf("first model (half the training games): %s", tf.train("first"))
	mb, err := os.ReadFile(filepath.Join(tf.dir, "first.model"))
	if err != nil {
		t.Fatal(err)
	}
	first, err := xgbmodel.Load(mb)
	if err != nil {
		t.Fatal(err)
	}
	var p [tile.NumKinds]float64
	const nStack = 13
	xs := make([]float64, opponent.NumWaitFeatures+nStack)
	visit(2, 0.6, func(s *train.DiscardSample, g int) {
		sum, mx, over := 0.0, 0.0, 0.0
		for k := range tile.NumKinds {
			s.Pub.WaitFeatures(tile.Kind(k), x[:])
			p[k], _ = first.PredictOne(x[:])
			sum += p[k]
			mx = max(mx, p[k])
			if p[k] > 0.05 {
				over++
			}
		}
		for k := range tile.NumKinds {
			kk := tile.Kind(k)
			s.Pub.WaitFeatures(kk, x[:])
			y := b2f(s.Ron.Has(kk))
			tf.write("other."+split(g), y, x[:])
			above := 0.0
			for j := range p {
				if p[j] > p[k] {
					above++
				}
			}
			st := xs[opponent.NumWaitFeatures:]
			st[0], st[1], st[2], st[3], st[4], st[5] = p[k], sum, mx, above, p[k]/max(sum, 1e-9), over
			for i, d := range []int{-3, -2, -1, 1, 2, 3} {
				st[6+i] = -1
				if !kk.IsHonor() && kk.Number()+d >= 1 && kk.Number()+d <= 9 {
					st[6+i] = p[k+d]
				}
			}
			st[12] = p[k] - mx
			copy(xs, x[:])
			for i := range xs {
				xs[i] = float64(float32(xs[i]))
			}
			tf.write("stacked."+split(g), y, xs)
		}
	})
	tf.close()
	t.Logf("the other half alone:                  %s", tf.train("other"))
	t.Logf("the other half, stacked on the first:  %s", tf.train("stacked"))
}

// TestEastOnlyRankTrial: should east-only games give rank samples? Three
// rank models by 10-fold CV: one on all games (the hanchan feature tells
// them apart), one on hanchan games only, one on east-only games only;
// each measured on the held-out hanchan and east-only rounds apart, beside
// the score-order baseline fitted on the same training rows.
func TestEastOnlyRankTrial(t *testing.T) {
	all := trials(t)
	samples := rankSamples(t, all)
	hanchan := func(s *trialRank) bool { return s.s.Hanchan }
	eastOnly := func(s *trialRank) bool { return !s.s.Hanchan }
	models := []struct {
		name string
		use  func(*trialRank) bool
	}{{"all games", nil}, {"hanchan only", hanchan}, {"east-only only", eastOnly}}
	probs := make([][][4]float32, len(models))
	for m, md := range models {
		probs[m] = rankTrialPredictOn(t, samples, md.use, false, false, "")
	}
	for _, on := range []struct {
		name string
		in   func(*trialRank) bool
	}{{"hanchan rounds", hanchan}, {"east-only rounds", eastOnly}} {
		var idx []int
		for i := range samples {
			if on.in(&samples[i]) {
				idx = append(idx, i)
			}
		}
		// Games renumbered densely for the bootstrap.
		gameIdx := map[int32]int32{}
		gm := make([]int32, len(idx))
		for j, i := range idx {
			g, ok := gameIdx[samples[i].game]
			if !ok {
				g = int32(len(gameIdx))
				gameIdx[samples[i].game] = g
			}
			gm[j] = g
		}
		bs := train.NewBootstrap(len(gameIdx), train.DefaultBootstrap)
		ll := make([][]float64, len(models))
		acc := make([][]float64, len(models))
		for m := range models {
			ll[m], acc[m] = make([]float64, len(idx)), make([]float64, len(idx))
			for j, i := range idx {
				y := samples[i].rank - 1
				ll[m][j] = -math.Log(math.Max(float64(probs[m][i][y]), eps))
				acc[m][j] = b2f(argmax(probs[m][i]) == y)
			}
		}
		for m := 1; m < len(models); m++ {
			l := bs.Compare(false, len(gameIdx), train.GameMean(ll[0], gm), train.GameMean(ll[m], gm))
			a := bs.Compare(true, len(gameIdx), train.GameMean(acc[0], gm), train.GameMean(acc[m], gm))
			t.Logf("%-16s %d rows of %d games: log-loss all games %.4f vs %s %.4f (diff %+.4f, SE %.4f); accuracy %.4f vs %.4f (diff %+.4f, SE %.4f)",
				on.name, len(idx), len(gameIdx), l.Model, models[m].name, l.Baseline, l.Model-l.Baseline, l.DiffSE, a.Model, a.Baseline, a.Model-a.Baseline, a.DiffSE)
		}
	}
}

// TestTenpaiTransitionTrial: the rate at which a noten player becomes
// tenpai by its next discard, by the number of its discards so far, over
// every usable game. The Monte Carlo engine's abstract opponents use it
// (mc: noTenToTenpai); the log prints the table to paste there.
func TestTenpaiTransitionTrial(t *testing.T) {
	all := trials(t)
	const maxTurn = 24
	var noten, became [maxTurn + 1]int
	var closedTenpai, riichiAtOnce, openTenpai int
	for _, gr := range all {
		var last [4]int // discards so far per seat this round
		var was [4]bool
		round := -1
		err := train.VisitGame(gr.Game, train.Visitor{Discard: func(s *train.DiscardSample) {
			if s.Round.Index()*100+s.Round.Honba() != round {
				round = s.Round.Index()*100 + s.Round.Honba()
				last, was = [4]int{}, [4]bool{}
			}
			n := len(s.Round.River(s.Seat)) // this discard's number, 1-based
			if n == last[s.Seat]+1 && n >= 2 && !was[s.Seat] {
				i := min(n-1, maxTurn)
				noten[i]++
				if s.Tenpai {
					became[i]++
					closed := true
					for _, m := range s.Round.Melds(s.Seat) {
						closed = closed && !m.Open()
					}
					if closed {
						closedTenpai++
						if s.Round.River(s.Seat)[n-1].Riichi {
							riichiAtOnce++
						}
					} else {
						openTenpai++
					}
				}
			}
			last[s.Seat], was[s.Seat] = n, s.Tenpai
		}})
		if err != nil {
			t.Fatal(err)
		}
	}
	var b strings.Builder
	for i := 1; i <= maxTurn; i++ {
		fmt.Fprintf(&b, "%.4f, ", float64(became[i])/float64(max(1, noten[i])))
	}
	t.Logf("noten after discard n → tenpai after discard n+1, n = 1..%d (last: %d and later):\n%s", maxTurn, maxTurn, b.String())
	t.Logf("samples: %v", noten[1:])
	t.Logf("of the players becoming tenpai, %d closed and %d open; %d of the closed ones (%.3f) declared riichi with that discard",
		closedTenpai, openTenpai, riichiAtOnce, float64(riichiAtOnce)/float64(max(1, closedTenpai)))
}

// facingRiichi is 1 when a seat other than the discarder of s is in
// riichi, else 0.
func facingRiichi(s *train.DiscardSample) int {
	for j := range 4 {
		if j != s.Seat && s.Round.InRiichi(j) {
			return 1
		}
	}
	return 0
}

// TestCallRateTrial measures, on the training games, what the Monte Carlo
// rollout's abstract opponents need to call: the chance that a given
// opponent not in riichi calls (chi, pon or open kan) another seat's
// discard, by its discards so far and whether its hand is already open;
// the chance that a noten opponent is tenpai after the discard that
// follows its call; and, for comparison with noTenToTenpai, the noten →
// tenpai rate over turns with a draw and no call, apart by whether
// another seat is in riichi (a player facing one folds: it becomes tenpai
// about half as often, and a tenpai hand without riichi gives its tenpai
// up six times as often).
func TestCallRateTrial(t *testing.T) {
	all := trials(t)
	const maxTurn = 18
	var opp, called [2][maxTurn + 1]int
	var facingNoten, facingBecame [2][maxTurn + 1]int // [another seat in riichi]
	var keptTenpai, kept [2]int                       // a tenpai hand without riichi, no call
	var closedTenpai, riichiAtOnce [2]int             // a closed hand becoming tenpai, and declaring riichi
	callNoten, callBecame := 0, 0
	var callNotenN, callBecameN [maxTurn + 1]int
	for _, gr := range all {
		if dataset.HeldOut(gr.Key) {
			continue
		}
		for ri := range gr.Game.Rounds {
			rd := &gr.Game.Rounds[ri]
			var turns [4]int
			var riichi, open [4]bool
			for ei, e := range rd.Events {
				switch e.Type {
				case data.EventRiichi:
					riichi[e.Seat] = true
				case data.EventCall:
					if e.Meld.Open() && e.Meld.Type != score.Kakan {
						open[e.Seat] = true
					}
				case data.EventDiscard:
					var next *data.Event
					if ei+1 < len(rd.Events) {
						next = &rd.Events[ei+1]
						if next.Type == data.EventRiichi && ei+2 < len(rd.Events) {
							next = &rd.Events[ei+2]
						}
					}
					for j := range 4 {
						if j == int(e.Seat) || riichi[j] {
							continue
						}
						o, n := int(b2f(open[j])), min(turns[j], maxTurn)
						opp[o][n]++
						if next != nil && next.Type == data.EventCall && int(next.Seat) == j && next.Meld.Type != score.Kakan && next.Meld.Type != score.Ankan {
							called[o][n]++
						}
					}
					turns[e.Seat]++
				}
			}
		}
		var last [4]int
		var wasRiichi [4]bool
		var was [4]bool
		var melds [4]int
		round := -1
		err := train.VisitGame(gr.Game, train.Visitor{Discard: func(s *train.DiscardSample) {
			if s.Round.Index()*100+s.Round.Honba() != round {
				round = s.Round.Index()*100 + s.Round.Honba()
				last, was, melds, wasRiichi = [4]int{}, [4]bool{}, [4]int{}, [4]bool{}
			}
			calls := 0
			for _, m := range s.Round.Melds(s.Seat) {
				if m.Open() {
					calls++
				}
			}
			n := len(s.Round.River(s.Seat))
			if n == last[s.Seat]+1 && n >= 2 && !was[s.Seat] {
				if calls > melds[s.Seat] {
					callNoten++
					callBecame += int(b2f(s.Tenpai))
					i := min(n-1, maxTurn)
					callNotenN[i]++
					callBecameN[i] += int(b2f(s.Tenpai))
				} else {
					i := min(n-1, maxTurn)
					f := facingRiichi(s)
					facingNoten[f][i]++
					facingBecame[f][i] += int(b2f(s.Tenpai))
				}
			}
			inRiichi := s.Round.InRiichi(s.Seat)
			if n == last[s.Seat]+1 && n >= 2 && calls == melds[s.Seat] && !wasRiichi[s.Seat] {
				f := facingRiichi(s)
				switch {
				case was[s.Seat]:
					keptTenpai[f]++
					kept[f] += int(b2f(s.Tenpai))
				case s.Tenpai && calls == 0:
					closedTenpai[f]++
					riichiAtOnce[f] += int(b2f(inRiichi))
				}
			}
			wasRiichi[s.Seat] = inRiichi
			last[s.Seat], was[s.Seat], melds[s.Seat] = n, s.Tenpai, calls
		}})
		if err != nil {
			t.Fatal(err)
		}
	}
	for o, name := range []string{"closed", "open"} {
		var b strings.Builder
		for n := range maxTurn + 1 {
			fmt.Fprintf(&b, "%.4f, ", float64(called[o][n])/float64(max(1, opp[o][n])))
		}
		t.Logf("P(call a discard) of a %s opponent after n = 0..%d discards:\n%s\nsamples %v", name, maxTurn, b.String(), opp[o])
	}
	var b strings.Builder
	var drawNoten [maxTurn + 1]int // with a riichi or not
	for n := 1; n <= maxTurn; n++ {
		drawNoten[n] = facingNoten[0][n] + facingNoten[1][n]
		fmt.Fprintf(&b, "%.4f, ", float64(facingBecame[0][n]+facingBecame[1][n])/float64(max(1, drawNoten[n])))
	}
	t.Logf("noten after discard n → tenpai after discard n+1 with no call between, n = 1..%d:\n%s\nsamples %v", maxTurn, b.String(), drawNoten[1:])
	for f, name := range []string{"no other seat", "another seat"} {
		b.Reset()
		for n := 1; n <= maxTurn; n++ {
			fmt.Fprintf(&b, "%.4f, ", float64(facingBecame[f][n])/float64(max(1, facingNoten[f][n])))
		}
		t.Logf("the same, %s in riichi:\n%s\nsamples %v", name, b.String(), facingNoten[f][1:])
		t.Logf("a tenpai hand without riichi, %s in riichi, is still tenpai after its next discard (no call): %d of %d (%.4f)",
			name, kept[f], keptTenpai[f], float64(kept[f])/float64(max(1, keptTenpai[f])))
		t.Logf("a closed hand becoming tenpai (no call), %s in riichi, declares riichi with that discard: %d of %d (%.4f)",
			name, riichiAtOnce[f], closedTenpai[f], float64(riichiAtOnce[f])/float64(max(1, closedTenpai[f])))
	}
	t.Logf("noten before a call → tenpai after its discard: %d of %d (%.4f)", callBecame, callNoten, float64(callBecame)/float64(max(1, callNoten)))
	b.Reset()
	for n := 1; n <= maxTurn; n++ {
		fmt.Fprintf(&b, "%.4f, ", float64(callBecameN[n])/float64(max(1, callNotenN[n])))
	}
	t.Logf("noten after discard n → tenpai after a call and its discard, n = 1..%d:\n%s\nsamples %v", maxTurn, b.String(), callNotenN[1:])
}

// needXGBoost skips (fails under MJRANK_REQUIRE_SHARED=1) without xgboost.
func needXGBoost(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("xgboost"); err != nil {
		if os.Getenv(shareddata.RequireEnv) == "1" {
			t.Fatal("xgboost not installed (apt-get install xgboost)")
		}
		t.Skip("skipping: xgboost not installed (apt-get install xgboost)")
	}
}

// trialGame is one game's LibSVM rows for a trial: the discard policy's
// with the rows of each decision (sizes), or a decision model's with
// their number (n).
type trialGame struct {
	key   string
	rows  []byte
	sizes []uint8
	n     int
	fatal error
}

// eps bounds the probabilities whose log the trials take, as the
// training's log-loss does.
const eps = 1e-7

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// argmax is the index of p's largest entry (the first of equal ones).
func argmax(p [4]float32) int {
	best := 0
	for i := range p {
		if p[i] > p[best] {
			best = i
		}
	}
	return best
}

// firstErr keeps the first error.
func firstErr(first, err error) error {
	if first != nil {
		return first
	}
	return err
}

// requireTrials skips a trial unless MJRANK_TRIALS=1: a trial runs for
// minutes to hours, so go test -tags experiments ./... alone compiles
// and vets them without running one.
func requireTrials(t *testing.T) {
	t.Helper()
	if os.Getenv("MJRANK_TRIALS") != "1" {
		t.Skip("a trial: MJRANK_TRIALS=1 runs it")
	}
}
