package train

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/data/dataset"
	"github.com/mjrank/mjrank/data/mjlog"
	"github.com/mjrank/mjrank/data/records"
	"github.com/mjrank/mjrank/internal/reliability"
	"github.com/mjrank/mjrank/internal/shareddata"
	"github.com/mjrank/mjrank/internal/xgbmodel"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/policy"
	"github.com/mjrank/mjrank/rankmodel"
	"github.com/mjrank/mjrank/sim/tile"
)

func TestAUC(t *testing.T) {
	auc, _ := AUC([]float32{0.1, 0.4, 0.35, 0.8}, []bool{false, false, true, true})
	if auc != 0.75 {
		t.Errorf("AUC = %g, want 0.75", auc)
	}
	auc, _ = AUC([]float32{0.5, 0.5}, []bool{false, true})
	if auc != 0.5 {
		t.Errorf("AUC with a tie = %g, want 0.5", auc)
	}
	if auc, _ := AUC([]float32{1}, []bool{true}); !math.IsNaN(auc) {
		t.Errorf("AUC of one class = %g, want NaN", auc)
	}
}

func TestTop5(t *testing.T) {
	var s [tile.NumKinds]float64
	for k := range s {
		s[k] = float64(k)
	}
	win := tile.KindSet(0).Add(tile.Kind(29))
	if got := Top5(&s, win); got != 1 {
		t.Errorf("winner in the top 5: %g, want 1", got)
	}
	if got := Top5(&s, tile.KindSet(0).Add(0)); got != 0 {
		t.Errorf("winner ranked last: %g, want 0", got)
	}
	// All tied: 5 picks of 34, one winner: 5/34; two winners: 1 − C(32,5)/C(34,5).
	var flat [tile.NumKinds]float64
	if got := Top5(&flat, tile.KindSet(0).Add(3)); math.Abs(got-5.0/34) > 1e-12 {
		t.Errorf("all tied, one winner: %g, want %g", got, 5.0/34)
	}
	want := 1 - (29.0*28)/(34*33)
	if got := Top5(&flat, tile.KindSet(0).Add(3).Add(7)); math.Abs(got-want) > 1e-12 {
		t.Errorf("all tied, two winners: %g, want %g", got, want)
	}
}

// TestWeightedStatistics: with every game weighted once, the bootstrap's
// statistics equal the plain ones; the bootstrap is reproducible.
func TestWeightedStatistics(t *testing.T) {
	p := []float32{0.1, 0.4, 0.35, 0.8, 0.5, 0.5, 0.05, 0.95}
	y := []bool{false, false, true, true, false, true, false, true}
	g := []int32{0, 0, 1, 1, 2, 2, 3, 3}
	ones := []float64{1, 1, 1, 1}
	want, _ := AUC(p, y)
	if got := weightedAUC(p, y, g)(ones); math.Abs(got-want) > 1e-12 {
		t.Errorf("weighted AUC %g, plain %g", got, want)
	}
	_, wantECE := reliability.Table(p, y, 10)
	if got := weightedECE(p, y, g, 10)(ones); math.Abs(got-wantECE) > 1e-12 {
		t.Errorf("weighted ECE %g, plain %g", got, wantECE)
	}
	// Doubling a game is the same as listing its samples twice.
	w := []float64{2, 1, 1, 1}
	p2, y2 := append([]float32{0.1, 0.4}, p...), append([]bool{false, false}, y...)
	want2, _ := AUC(p2, y2)
	if got := weightedAUC(p, y, g)(w); math.Abs(got-want2) > 1e-12 {
		t.Errorf("AUC with game 0 twice: %g, want %g", got, want2)
	}
	a := newBootstrap(4, 50).compare(true, 4, weightedAUC(p, y, g), gameMean([]float64{1, 1, 1, 1, 1, 1, 1, 1}, g))
	b := newBootstrap(4, 50).compare(true, 4, weightedAUC(p, y, g), gameMean([]float64{1, 1, 1, 1, 1, 1, 1, 1}, g))
	if a != b || a.DiffSE <= 0 || a.Beats {
		t.Errorf("bootstrap: %+v then %+v", a, b)
	}
}

// TestFolds checks that the folds of CrossValidate partition the games and
// that fold 0 is the shipped held-out tenth.
func TestFolds(t *testing.T) {
	for i := range 1000 {
		key := "game" + strconv.Itoa(i)
		n := 0
		for f := range NumFolds {
			cfg := Config{Fold: f}
			if cfg.heldOut(key) {
				n++
			}
			if f == 0 && cfg.heldOut(key) != dataset.HeldOut(key) {
				t.Fatalf("%s: fold 0 is not the held-out tenth", key)
			}
		}
		if n != 1 {
			t.Fatalf("%s held out in %d folds", key, n)
		}
	}
}

// TestECEFloor checks the sampling floor of the ECE: for n predictions of
// 1/2 the ECE is |mean label − 1/2| (one bin), whose expectation is about
// sqrt(2/π)·sqrt(1/(4n)); for class probabilities each draw picks one class.
func TestECEFloor(t *testing.T) {
	const n = 2000
	p := make([]float32, n)
	for i := range p {
		p[i] = 0.5
	}
	want := math.Sqrt(2/math.Pi) * math.Sqrt(0.25/n)
	if got := eceFloor(p, 1, 10); math.Abs(got-want) > 0.3*want {
		t.Errorf("binary floor %.4f, want about %.4f", got, want)
	}
	q := make([]float32, 0, 4*n)
	for range n {
		q = append(q, 0.1, 0.2, 0.3, 0.4)
	}
	if got := eceFloor(q, 4, 10); got <= 0 || got > 0.03 {
		t.Errorf("4-class floor %.4f, want a small positive value", got)
	}
}

// TestVisitGameLabels checks the samples of a real game: four rank samples
// per round, tenpai labels agree with the engine's waits, every winning kind
// has a positive value, and the final winner was tenpai on its last discard.
func TestVisitGameLabels(t *testing.T) {
	games, err := dataset.ReadFile("../data/testdata/selfplay.xml")
	if err != nil || len(games) != 1 {
		t.Fatal(err, len(games))
	}
	g := games[0].Game
	var discards, tenpai, ranks int
	err = VisitGame(g, Visitor{
		Discard: func(s *DiscardSample) {
			discards++
			if s.Tenpai {
				tenpai++
			}
			if s.Winning != 0 && (!s.Tenpai || s.Value < 1000) {
				t.Errorf("event %d: winning %v tenpai %v value %g", s.EventIdx, s.Winning, s.Tenpai, s.Value)
			}
		},
		Rank: func(s *RankSample) {
			ranks++
			if s.Rank < 1 || s.Rank > 4 {
				t.Errorf("rank %d", s.Rank)
			}
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	if ranks != 4*len(g.Rounds) || discards < 100 || tenpai == 0 || tenpai == discards {
		t.Errorf("%d rounds: %d rank samples, %d discards, %d tenpai", len(g.Rounds), ranks, discards, tenpai)
	}
}

// TestRunSlice trains all five models (the four predictors, then the
// discard policy on the new opponent models) on a slice of the shared
// corpus with few rounds: the whole pipeline, the loader check on the
// held-out rows (Run fails if leaves and xgboost differ by more than 1e-5),
// the cards.
func TestRunSlice(t *testing.T) {
	if testing.Short() {
		t.Skip("trains with xgboost")
	}
	corpus := shareddata.Dir(t, "tenhou", "thewaxmango-mahjong-hands")
	if _, err := exec.LookPath("xgboost"); err != nil {
		if os.Getenv(shareddata.RequireEnv) == "1" {
			t.Fatal("xgboost not installed (apt-get install xgboost)")
		}
		t.Skip("skipping: xgboost not installed (apt-get install xgboost)")
	}
	out := t.TempDir()
	cfg := DefaultConfig()
	cfg.Corpus = []string{corpus}
	cfg.Out = out
	cfg.MaxFiles = 150
	cfg.Rounds = 15
	cfg.WaitRate = 0.2
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Cards) != 6 || res.Cards[4].Name != policy.ModelName || res.Cards[5].Name != policy.RolloutModelName {
		t.Fatalf("%d cards, the last %q", len(res.Cards), res.Cards[len(res.Cards)-1].Name)
	}
	// The slice holds 3-player games: they are counted by reason, and the
	// reasons add up to the total.
	if c := res.Cards[0].Corpus; c.SkippedBy[dataset.ErrSkipPlayers.Error()] == 0 || c.Skipped != sumCounts(c.SkippedBy)-c.SkippedBy[skipUnreadable] {
		t.Errorf("skipped %d games, by reason %v", c.Skipped, c.SkippedBy)
	}
	for _, c := range res.Cards {
		baseline := len(c.Baseline) > 0 || c.Name == policy.ModelName || c.Name == policy.RolloutModelName // the policy's baseline is in its metric
		if c.Loader.Rows == 0 || c.Loader.MaxAbsDiff > 1e-5 || len(c.Metrics) == 0 || c.Corpus.HeldOutGames == 0 || !baseline {
			t.Errorf("%s: card %+v", c.Name, c)
		}
		t.Logf("%s: %d train rows, loader max diff %.1e, metrics %+v", c.Name, c.Samples.Train, c.Loader.MaxAbsDiff, c.Metrics)
	}
	opp, err := opponent.LoadDir(out)
	if err != nil {
		t.Fatal(err)
	}
	if cal := opp.Cards[0].Calibration; cal == nil || cal.Samples != res.Cards[0].Samples.Train || len(cal.X) == 0 {
		t.Errorf("tenpai calibration: %+v", cal)
	}
	rk, err := rankmodel.LoadDir(out)
	if err != nil {
		t.Fatal(err)
	}
	if pol, err := policy.LoadDir(out); err != nil || res.Policy == nil || pol.Card.Metrics[0].Model != res.Policy.Agreement || res.Policy.Decisions == 0 {
		t.Errorf("policy: %v, result %+v", err, res.Policy)
	}
	if roll, err := policy.LoadRollout(os.DirFS(out), "."); err != nil || roll == nil || res.Policy.Rollout == nil || roll.Card.Metrics[0].Model != res.Policy.Rollout.Agreement {
		t.Errorf("rollout model: %v, result %+v", err, res.Policy.Rollout)
	}
	// TrainRollout alone writes the same rollout model as the whole run.
	only := cfg
	only.Out = t.TempDir()
	if _, err := TrainRollout(context.Background(), only, opp); err != nil {
		t.Fatal(err)
	}
	if a, b := modelBytes(t, out, policy.RolloutModelName), modelBytes(t, only.Out, policy.RolloutModelName); !bytes.Equal(a, b) {
		t.Errorf("TrainRollout wrote another rollout model (%d bytes) than Run (%d)", len(b), len(a))
	}
	rep, err := Evaluate(context.Background(), []string{"../data/testdata/selfplay.xml"}, opp, rk, EvalOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Games != 1 || rep.Tenpai.Samples == 0 || rep.Rank.Samples == 0 {
		t.Errorf("eval: %+v", rep)
	}
}

// TestRonLabel checks the wait label on real games: a hand whose winning
// kind lies in its own river (or that passed a winning tile after riichi)
// wins on no discard, so its Ron set is empty; otherwise Ron is Winning.
func TestRonLabel(t *testing.T) {
	corpus := shareddata.Dir(t, "tenhou", "thewaxmango-mahjong-hands")
	files, _, err := records.ExpandPaths([]string{corpus})
	if err != nil {
		t.Fatal(err)
	}
	var tenpai, furiten, ownRiver int
	for _, f := range files[:min(len(files), 120)] {
		games, _ := dataset.ReadFile(f)
		for _, gr := range games {
			if dataset.Usable(gr.Game) != nil {
				continue
			}
			err := VisitGame(gr.Game, Visitor{Discard: func(s *DiscardSample) {
				if !s.Tenpai {
					return
				}
				tenpai++
				var river tile.KindSet
				for _, rt := range s.Round.River(s.Seat) {
					river = river.Add(rt.Tile.Kind())
				}
				switch {
				case s.Ron != 0 && s.Ron != s.Winning:
					t.Errorf("%s: event %d: Ron %v is neither empty nor Winning %v", f, s.EventIdx, s.Ron, s.Winning)
				case s.Ron&river != 0:
					t.Errorf("%s: event %d: Ron %v holds a kind of the discarder's river", f, s.EventIdx, s.Ron)
				case s.Winning != 0 && s.Ron == 0:
					furiten++
					if s.Winning&river != 0 {
						ownRiver++
					}
				}
			}})
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d tenpai samples, %d with winning kinds but furiten (%d by their own river)", tenpai, furiten, ownRiver)
	if furiten == 0 || ownRiver == 0 {
		t.Error("no furiten sample: the test checks nothing")
	}
}

// TestLibSVMRow: a row is written as xgboost reads it; a value the writer
// cannot carry is an errFeatureRow (training stops on it) and writes nothing.
func TestLibSVMRow(t *testing.T) {
	var b bytes.Buffer
	if err := libsvm(&b, 1, []float64{0, 3.735, -2}); err != nil {
		t.Fatal(err)
	}
	if got, want := b.String(), "1 0:0 1:3.7349999 2:-2\n"; got != want {
		t.Errorf("row %q, want %q", got, want)
	}
	n := b.Len()
	if err := libsvm(&b, 0, []float64{1, math.NaN()}); !errors.Is(err, errFeatureRow) {
		t.Errorf("NaN feature: %v", err)
	}
	if b.Len() != n {
		t.Errorf("a refused row left %q", b.String()[n:])
	}
}

func sumCounts(m map[string]int) int {
	n := 0
	for _, c := range m {
		n += c
	}
	return n
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

// TestRunStopsOnReplayMismatch: a complete game that the engine replays
// otherwise than recorded (here a win worth 100 points more than the
// record says) stops training, naming the file; it is not skipped.
func TestRunStopsOnReplayMismatch(t *testing.T) {
	needXGBoost(t)
	f, err := os.Open("../data/testdata/selfplay.xml")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := mjlog.NewReader(f, "selfplay.xml")
	if !r.Next() {
		t.Fatal(r.Err())
	}
	g := r.Game()
	tampered := false
	for i := range g.Rounds {
		if len(g.Rounds[i].Agari) > 0 {
			g.Rounds[i].Agari[0].Points += 100
			tampered = true
			break
		}
	}
	if !tampered {
		t.Fatal("selfplay.xml has no win")
	}
	dir := t.TempDir()
	var buf bytes.Buffer
	if err := mjlog.NewWriter(&buf).Write(g); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dir+"/tampered.xml", buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := DefaultConfig()
	cfg.Corpus, cfg.Out = []string{dir}, t.TempDir()
	_, err = Run(context.Background(), cfg)
	if !errors.Is(err, ErrReplayMismatch) || !strings.Contains(err.Error(), "tampered.xml") {
		t.Fatalf("Run on a game the engine disagrees with: %v", err)
	}
}

// TestShippedRankModelReproduces retrains the shipped rank models (the
// 4-player one, and the 3-player one from the corpus's 3-player games)
// from the whole shared corpus with the shipped configuration and
// compares each model file's SHA-256 with the embedded card's: make train
// and make train-3p are byte-reproducible (the xgboost thread count is
// pinned), and the embedded models were trained on the corpus as it is.
// It reads the whole corpus, so it runs only with MJRANK_CORPUS=full;
// TestRunReproducible checks the byte-for-byte re-run on a slice in the
// ordinary suite.
func TestShippedRankModelReproduces(t *testing.T) {
	if testing.Short() || !shareddata.FullCorpus() {
		t.Skipf("skipping: retrains the shipped rank models from the whole corpus (set %s=full to run it)", shareddata.CorpusEnv)
	}
	needXGBoost(t)
	for _, players := range []int{4, 3} {
		t.Run(fmt.Sprintf("%dp", players), func(t *testing.T) { shippedRankReproduces(t, players) })
	}
}

// shippedRankReproduces retrains the shipped rank model of a number of
// players and compares its samples and SHA-256 with its card's
// (MJRANK_KEEP_WORK keeps the work folder).
func shippedRankReproduces(t *testing.T, players int) {
	rk, err := rankmodel.DefaultFor(players)
	if err != nil {
		t.Fatal(err)
	}
	cfg := DefaultConfig()
	cfg.Corpus, cfg.Players = []string{shareddata.Dir(t, "tenhou")}, players
	cfg.Threads, cfg.XGBoost, cfg.MemoryBudget = DefaultThreads, "xgboost", DefaultMemoryBudget
	// Only the rank rows are needed: no discard sample is kept.
	cfg.TenpaiRate, cfg.WaitRate, cfg.ValueRate, cfg.CalibFolds = 0, 0, 0, 0
	files, c, err := cfg.corpusFiles()
	if err != nil {
		t.Fatal(err)
	}
	if c.Digest != rk.Card.Corpus.Digest {
		t.Fatalf("the shared corpus (digest %.12s) is not the one the shipped %s model was trained on (%.12s): run make train", c.Digest, rk.Card.Name, rk.Card.Corpus.Digest)
	}
	work := t.TempDir()
	if w := os.Getenv("MJRANK_KEEP_WORK"); w != "" {
		work = w
	}
	sp := specsFor(players, cfg.Seed, cfg.Threads, cfg.Rounds)
	set, err := writeSamples(context.Background(), &cfg, files, work, sp)
	if err != nil {
		t.Fatal(err)
	}
	m := slices.IndexFunc(sp, func(s spec) bool { return s.name == rankmodel.NameFor(players) })
	if m < 0 {
		t.Fatal("no rank model spec")
	}
	if got, want := set.samples[m], rk.Card.Samples; got != want {
		t.Errorf("%s samples %+v, the card's %+v", sp[m].name, got, want)
	}
	job := xgbJob{name: sp[m].name, spc: sp[m], train: []string{sp[m].name + ".train"}, test: sp[m].name + ".test",
		rows: set.samples[m].Train, testRows: set.samples[m].HeldOut}
	b, _, err := cfg.runXGBoost(context.Background(), work, job)
	if err != nil {
		t.Fatal(err)
	}
	if _, sum := xgbmodel.FileName(sp[m].name, b); sum != rk.Card.SHA256 {
		t.Errorf("retrained %s model has SHA-256 %s, the shipped one %s", sp[m].name, sum, rk.Card.SHA256)
	}
}

// TestVerdictNeedsGames: a model far better than its baseline on copies of
// one game gets no verdict: two copies are too few games, forty copies
// show no spread over the resamples (the SE of about 1e-10 that claimed
// "beats" is rounding). Every metric states its direction, with samples
// or without.
func TestVerdictNeedsGames(t *testing.T) {
	copies := func(n int) (p, b []float32, y []bool, g []int32) {
		for i := range n {
			p = append(p, 0.1, 0.2, 0.8, 0.9)
			b = append(b, 0.5, 0.6, 0.4, 0.5)
			y = append(y, false, false, true, true)
			g = append(g, int32(i), int32(i), int32(i), int32(i))
		}
		return
	}
	for _, tc := range []struct {
		games int
		want  string
	}{{2, "too few games"}, {40, "no spread"}} {
		p, b, y, g := copies(tc.games)
		c := newBootstrap(tc.games, DefaultBootstrap).compare(true, countGames(g), weightedAUC(p, y, g), weightedAUC(b, y, g))
		if c.Beats || c.NoVerdict != tc.want || c.Model != 1 {
			t.Errorf("%d copies: %+v, want no verdict (%s)", tc.games, c, tc.want)
		}
	}
	// Distinct games, the model better on each: a verdict.
	var p, b []float32
	var y []bool
	var g []int32
	for i := range 40 {
		d := float32(i) / 100
		p = append(p, 0.1+d, 0.2, 0.8-d, 0.9)
		b = append(b, 0.5, 0.6-d, 0.4+d, 0.5)
		y = append(y, false, false, true, true)
		g = append(g, int32(i), int32(i), int32(i), int32(i))
	}
	if c := newBootstrap(40, DefaultBootstrap).compare(true, 40, weightedAUC(p, y, g), weightedAUC(b, y, g)); c.NoVerdict != "" || !c.Beats {
		t.Errorf("40 distinct games: %+v, want beats", c)
	}
	var rep EvalReport
	(&collector{}).report(&rep)
	for name, c := range map[string]Comparison{
		"tenpai auc": rep.Tenpai.AUC, "tenpai log-loss": rep.Tenpai.LogLoss, "tenpai ece": rep.Tenpai.ECE,
		"wait auc": rep.Wait.AUC, "wait top5": rep.Wait.Top5, "value mae": rep.Value.MAE,
		"rank log-loss": rep.Rank.LogLoss, "rank accuracy": rep.Rank.Accuracy, "rank ece": rep.Rank.ECE,
	} {
		higher := strings.Contains(name, "auc") || strings.Contains(name, "top5") || strings.Contains(name, "accuracy")
		if c.HigherIsBetter != higher || c.NoVerdict != "no samples" || c.Beats {
			t.Errorf("%s without samples: %+v, want higher_is_better %v, no samples", name, c, higher)
		}
	}
}

// TestXGBoostPathMadeAbsolute: xgboost runs in the work folder, so a
// relative --xgboost is resolved before the run, not found missing after
// the feature extraction.
func TestXGBoostPathMadeAbsolute(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "xgb.sh")
	if err := os.WriteFile(script, []byte("#!/bin/sh\nexit 0\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	cfg := DefaultConfig()
	cfg.Out = filepath.Join(dir, "models")
	cfg.XGBoost = "./xgb.sh"
	cfg.defaults()
	if err := cfg.check(); err != nil {
		t.Fatal(err)
	}
	if cfg.XGBoost != script {
		t.Errorf("--xgboost ./xgb.sh became %q, want %q", cfg.XGBoost, script)
	}
	cfg.XGBoost = "./missing.sh"
	if err := cfg.check(); err == nil {
		t.Error("a missing ./missing.sh passed the check")
	}
}

// modelBytes reads the one model file NAME-*.bin in dir and returns the
// model (uncompressed, as xgboost reads it).
func modelBytes(t *testing.T, dir, name string) []byte {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(dir, name+"-*.bin"))
	if err != nil || len(m) != 1 {
		t.Fatalf("%s: %d model files %s (%v)", dir, len(m), name, err)
	}
	b, err := os.ReadFile(m[0])
	if err == nil {
		b, err = xgbmodel.Decompress(b)
	}
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestWriteGrouped(t *testing.T) {
	for _, c := range []struct {
		rows  string
		sizes []uint8
		first int
		want  string
		next  int
		err   bool
	}{
		{"1 0:1\n0 0:2\n0 0:3\n1 0:4\n", []uint8{2, 2}, 7, "1 qid:7 0:1\n0 qid:7 0:2\n0 qid:8 0:3\n1 qid:8 0:4\n", 9, false},
		{"0 0:1 1:5\n1 0:2 1:6\n", []uint8{2}, 0, "0 qid:0 0:1 1:5\n1 qid:0 0:2 1:6\n", 1, false},
		{"", nil, 3, "", 3, false},
		{"1 0:1\n", []uint8{2}, 0, "", 0, true},        // fewer rows than the sizes say
		{"1 0:1\n0 0:2\n", []uint8{1}, 0, "", 0, true}, // rows left over
	} {
		g := &policyGame{key: "g", sizes: c.sizes}
		g.rows.WriteString(c.rows)
		var b bytes.Buffer
		w := bufio.NewWriter(&b)
		next, err := writeGrouped(w, g, c.first)
		w.Flush()
		if (err != nil) != c.err {
			t.Errorf("%q %v: error %v, want error %v", c.rows, c.sizes, err, c.err)
			continue
		}
		if !c.err && (b.String() != c.want || next != c.next) {
			t.Errorf("%q %v: wrote %q next %d, want %q next %d", c.rows, c.sizes, b.String(), next, c.want, c.next)
		}
	}
}
