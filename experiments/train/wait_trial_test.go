//go:build experiments

package train_test

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mjrank/mjrank/data/dataset"
	"github.com/mjrank/mjrank/internal/xgbmodel"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/sim/tile"
	"github.com/mjrank/mjrank/train"
)

// waitTrialGroups are the wait features of schema 4 by the idea they come
// from (docs/MODELS.md, Wait model).
var waitTrialGroups = map[string][]string{
	"forms":  {"k_shape_ryanmen_low", "k_shape_ryanmen_high", "k_shape_ryanmen_te", "k_shape_kanchan_te", "k_shape_pair_te"},
	"neigh":  {"live_kinds_te", "k_shape_te_m3", "k_shape_te_p3", "k_shape_te_m1", "k_shape_te_p1", "k_suit_shape_share_te", "k_shape_max_ratio_te"},
	"others": {"k_others_first_ago", "k_others_last_ago", "k_others_count"},
	"dora":   {"k_dora_distance", "k_shape_dora"},
	"yaku":   {"hand_tiles", "toitoi_signal", "k_yaku_fit", "k_meld_suit_match"},
}

// numWaitSchema3 is the number of wait features up to schema 3: the
// baseline of the trial.
const numWaitSchema3 = 90

// TestWaitFeatureTrial measures wait feature sets and xgboost parameters
// on an inner split of the training games: the models learn from the
// games with FNV-1a(key) mod 10 not 0 (held out) nor 1 (the validation
// games) and FNV-1a(key) / 10 mod MJRANK_WAIT_TRIAL_PART == 0 (default 5:
// a fifth of them), 30 % of their tenpai samples as `mjrank train`
// keeps; they are scored on 30 % of the tenpai samples of the validation
// games (fold 1), every (sample, kind) pair pooled, as `models eval`
// computes the wait AUC. The held-out fold is never read.
// MJRANK_WAIT_EVAL=1 logs xgboost's AUC on the validation rows after
// every round.
//
// MJRANK_WAIT_TRIALS lists the variants, separated by spaces:
// FEATURES[/PARAMS], FEATURES being "base" (schema 3), "all" (schema 4),
// "base+G1+G2" (schema 3 and groups of waitTrialGroups) or "all-G1";
// PARAMS xgboost parameters NAME=VALUE separated by commas, which
// override the wait model's (objective=rank:pairwise writes a query
// group per tenpai sample).
//
//	MJRANK_TRIALS=1 MJRANK_WAIT_TRIALS="base all" go test -tags experiments ./experiments/train -run WaitFeatureTrial -v -timeout 0
func TestWaitFeatureTrial(t *testing.T) {
	games := trials(t)
	part := uint64(5)
	if v := os.Getenv("MJRANK_WAIT_TRIAL_PART"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			t.Fatalf("MJRANK_WAIT_TRIAL_PART=%q", v)
		}
		part = uint64(n)
	}
	variants := strings.Fields(os.Getenv("MJRANK_WAIT_TRIALS"))
	if len(variants) == 0 {
		variants = []string{"base", "all"}
	}
	start := time.Now()
	const nf = opponent.NumWaitFeatures
	type set struct {
		x     []float32
		y     []bool
		group []int32 // the tenpai sample of each row
		games int
	}
	var tr, va set
	var x [nf]float64
	for _, gr := range games {
		h := dataset.Hash(gr.Key)
		var s *set
		switch {
		case h%10 == 1:
			s = &va
		case h%10 != 0 && h/10%part == 0:
			s = &tr
		default:
			continue
		}
		s.games++
		round := 0
		err := train.VisitGame(gr.Game, train.Visitor{
			Rank: func(rs *train.RankSample) {
				if rs.Seat == 0 {
					round++
				}
			},
			Discard: func(d *train.DiscardSample) {
				if !d.Tenpai || d.Away || !train.Keep(0.3, gr.Key, round, d.EventIdx+1000) {
					return
				}
				g := int32(0)
				if n := len(s.group); n > 0 {
					g = s.group[n-1] + 1
				}
				for k := range tile.NumKinds {
					d.Pub.WaitFeatures(tile.Kind(k), x[:])
					for _, v := range x {
						s.x = append(s.x, float32(v))
					}
					s.y = append(s.y, d.Ron.Has(tile.Kind(k)))
					s.group = append(s.group, g)
				}
			},
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("rows: %d training (%d games), %d validation (%d games); %.0f s",
		len(tr.y), tr.games, len(va.y), va.games, time.Since(start).Seconds())

	dir := t.TempDir()
	write := func(name string, s *set, cols []int, qid bool) {
		f, err := os.Create(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		w := bufio.NewWriterSize(f, 1<<20)
		var b bytes.Buffer
		row := make([]float64, len(cols))
		for i := range s.y {
			for j, c := range cols {
				row[j] = float64(s.x[i*nf+c])
			}
			b.Reset()
			if err := train.AppendLibSVM(&b, b2f(s.y[i]), row); err != nil {
				t.Fatal(err)
			}
			line := b.Bytes()
			if qid {
				sp := bytes.IndexByte(line, ' ')
				fmt.Fprintf(w, "%s qid:%d%s", line[:sp], s.group[i], line[sp:])
			} else {
				w.Write(line)
			}
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	evalRounds := os.Getenv("MJRANK_WAIT_EVAL") == "1"
	for _, v := range variants {
		feats, params, _ := strings.Cut(v, "/")
		cols := waitTrialColumns(t, feats)
		conf := map[string]string{
			"booster": "gbtree", "tree_method": "hist", "objective": "binary:logistic", "eta": "0.1",
			"max_depth": "8", "min_child_weight": "5", "subsample": "0.8", "colsample_bytree": "0.8",
			"seed": "1", "nthread": "2", "num_round": "100",
		}
		if params != "" {
			for _, kv := range strings.Split(params, ",") {
				k, val, ok := strings.Cut(kv, "=")
				if !ok {
					t.Fatalf("variant %q: parameter %q", v, kv)
				}
				conf[k] = val
			}
		}
		qid := strings.HasPrefix(conf["objective"], "rank:")
		t0 := time.Now()
		write("v.train", &tr, cols, qid)
		write("v.test", &va, cols, qid)
		var cb strings.Builder
		keys := make([]string, 0, len(conf))
		for k := range conf {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			fmt.Fprintf(&cb, "%s=%s\n", k, conf[k])
		}
		p := func(s string) string { return filepath.Join(dir, s) }
		if err := os.WriteFile(p("v.conf"), []byte(cb.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		args := []string{p("v.conf"), "data=" + p("v.train") + "?format=libsvm", "model_out=" + p("v.model")}
		if evalRounds {
			args = append(args, "eval[test]="+p("v.test")+"?format=libsvm", "eval_metric=auc")
		}
		out, err := exec.Command("xgboost", args...).CombinedOutput()
		if err != nil {
			t.Fatalf("xgboost: %v\n%s", err, out)
		}
		if evalRounds {
			t.Logf("%s", out)
		}
		if out, err := exec.Command("xgboost", p("v.conf"), "task=pred", "model_in="+p("v.model"),
			"test:data="+p("v.test")+"?format=libsvm", "name_pred="+p("v.pred")).CombinedOutput(); err != nil {
			t.Fatalf("xgboost pred: %v\n%s", err, out)
		}
		pred := readPreds(t, p("v.pred"))
		if len(pred) != len(va.y) {
			t.Fatalf("%d predictions for %d rows", len(pred), len(va.y))
		}
		auc, _ := train.AUC(pred, va.y)
		within := withinAUC(pred, va.y, va.group)
		ll := 0.0
		for i, q := range pred {
			ll += train.LogLoss(float64(q), va.y[i])
		}
		t.Logf("%-40s %3d features: AUC %.4f, log-loss %.5f, within a sample %.4f, top 5 %.4f (%.0f s)",
			v, len(cols), auc, ll/float64(len(pred)), within, top5Of(pred, va.y, va.group), time.Since(t0).Seconds())
		os.Remove(p("v.train"))
		os.Remove(p("v.test"))
	}
}

// waitTrialColumns returns the columns of a variant's features.
func waitTrialColumns(t *testing.T, feats string) []int {
	t.Helper()
	index := map[string]int{}
	for i, n := range opponent.WaitFeatureNames {
		index[n] = i
	}
	var cols []int
	var rest string
	switch {
	case feats == "base" || strings.HasPrefix(feats, "base+"):
		for i := range numWaitSchema3 {
			cols = append(cols, i)
		}
		rest = strings.TrimPrefix(strings.TrimPrefix(feats, "base"), "+")
		for _, g := range strings.Split(rest, "+") {
			if g == "" {
				continue
			}
			names, ok := waitTrialGroups[g]
			if !ok {
				t.Fatalf("no feature group %q", g)
			}
			for _, n := range names {
				cols = append(cols, index[n])
			}
		}
	case feats == "all" || strings.HasPrefix(feats, "all-"):
		drop := map[int]bool{}
		for _, g := range strings.Split(strings.TrimPrefix(strings.TrimPrefix(feats, "all"), "-"), "-") {
			if g == "" {
				continue
			}
			names, ok := waitTrialGroups[g]
			if !ok {
				t.Fatalf("no feature group %q", g)
			}
			for _, n := range names {
				drop[index[n]] = true
			}
		}
		for i := range opponent.NumWaitFeatures {
			if !drop[i] {
				cols = append(cols, i)
			}
		}
	default:
		t.Fatalf("features %q: base, base+G..., all or all-G...", feats)
	}
	return cols
}

func readPreds(t *testing.T, file string) []float32 {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var p []float32
	for _, l := range strings.Fields(string(b)) {
		v, err := strconv.ParseFloat(l, 64)
		if err != nil {
			t.Fatal(err)
		}
		p = append(p, float32(v))
	}
	return p
}

// withinAUC is the mean over the samples with a winning and a losing kind
// of the AUC of their 34 kinds.
func withinAUC(p []float32, y []bool, group []int32) float64 {
	sum, n := 0.0, 0
	for i := 0; i < len(y); {
		j := i
		for j < len(y) && group[j] == group[i] {
			j++
		}
		pos := 0
		for _, v := range y[i:j] {
			if v {
				pos++
			}
		}
		if pos > 0 && pos < j-i {
			a, _ := train.AUC(p[i:j], y[i:j])
			sum += a
			n++
		}
		i = j
	}
	return sum / float64(max(n, 1))
}

// top5Of is the share of the samples with a winning kind that have one
// among their five highest kinds.
func top5Of(p []float32, y []bool, group []int32) float64 {
	sum, n := 0.0, 0
	var s [tile.NumKinds]float64
	for i := 0; i+tile.NumKinds <= len(y); i += tile.NumKinds {
		var win tile.KindSet
		for k := range tile.NumKinds {
			s[k] = float64(p[i+k])
			if y[i+k] {
				win = win.Add(tile.Kind(k))
			}
		}
		if win == 0 {
			continue
		}
		sum += train.Top5(&s, win)
		n++
	}
	return sum / float64(max(n, 1))
}

// TestWaitCompare measures two wait models on the same rows: every tenpai
// sample of the held-out games (fold 0; not a disconnected seat's), 34
// (sample, kind) pairs each, as `models eval --held-out` measures the
// wait model; AUC, log-loss and ECE (10 bins) of each, and the bootstrap
// SE (200 resamples of the games) of new − old. MJRANK_WAIT_OLD and
// MJRANK_WAIT_NEW are model files (NAME.bin, xgboost 1.7 binary) with the
// number of features each reads, the first of today's wait features:
// FILE:N (the schema 3 model reads the first 90).
//
//	MJRANK_TRIALS=1 MJRANK_WAIT_OLD=old.bin:90 MJRANK_WAIT_NEW=opponent/models/wait-X.bin:111 \
//	go test -tags experiments ./experiments/train -run WaitCompare -v
func TestWaitCompare(t *testing.T) {
	games := trials(t)
	load := func(env string) (*xgbmodel.Model, int) {
		file, n, ok := strings.Cut(os.Getenv(env), ":")
		nf, err := strconv.Atoi(n)
		if !ok || err != nil || nf < 1 || nf > opponent.NumWaitFeatures {
			t.Skipf("set %s=FILE:FEATURES", env)
		}
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		m, err := xgbmodel.Load(b)
		if err != nil {
			t.Fatal(err)
		}
		return m, nf
	}
	oldM, oldN := load("MJRANK_WAIT_OLD")
	newM, newN := load("MJRANK_WAIT_NEW")
	var pOld, pNew []float32
	var y []bool
	var game []int32
	x := make([]float64, opponent.NumWaitFeatures)
	out := make([]float64, 1)
	samples := 0
	for _, gr := range games {
		if !dataset.HeldOut(gr.Key) {
			continue
		}
		// Dense game indexes: a game without a tenpai sample takes none.
		g := int32(0)
		if len(game) > 0 {
			g = game[len(game)-1] + 1
		}
		err := train.VisitGame(gr.Game, train.Visitor{Discard: func(s *train.DiscardSample) {
			if !s.Tenpai || s.Away {
				return
			}
			samples++
			for k := range tile.NumKinds {
				s.Pub.WaitFeatures(tile.Kind(k), x)
				if err := oldM.Predict(x[:oldN], out); err != nil {
					t.Fatal(err)
				}
				pOld = append(pOld, float32(out[0]))
				if err := newM.Predict(x[:newN], out); err != nil {
					t.Fatal(err)
				}
				pNew = append(pNew, float32(out[0]))
				y = append(y, s.Ron.Has(tile.Kind(k)))
				game = append(game, g)
			}
		}})
		if err != nil {
			t.Fatal(err)
		}
	}
	n := train.CountGames(game)
	bs := train.NewBootstrap(n, train.DefaultBootstrap)
	for _, m := range []struct {
		name       string
		higher     bool
		newS, oldS train.Statistic
	}{
		{"AUC", true, train.WeightedAUC(pNew, y, game), train.WeightedAUC(pOld, y, game)},
		{"log-loss", false, train.LogLossMean(pNew, y, game), train.LogLossMean(pOld, y, game)},
		{"ECE", false, train.WeightedECE(pNew, y, game, 10), train.WeightedECE(pOld, y, game, 10)},
	} {
		c := bs.Compare(m.higher, n, m.newS, m.oldS)
		t.Logf("%-8s new %.5f, old %.5f, new − old %+.5f (SE %.5f)", m.name, c.Model, c.Baseline, c.Model-c.Baseline, c.DiffSE)
	}
	t.Logf("%d held-out games, %d tenpai samples, %d pairs", n, samples, len(y))
}
