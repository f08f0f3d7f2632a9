package xgbmodel

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
)

// xgboostBin returns the xgboost command, skipping the test when it is not
// installed (failing under MJRANK_REQUIRE_SHARED=1, as CI runs).
func xgboostBin(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("xgboost")
	if err != nil {
		if os.Getenv("MJRANK_REQUIRE_SHARED") == "1" {
			t.Fatalf("xgboost not installed (apt-get install xgboost; `make test` does it): %v", err)
		}
		t.Skipf("skipping: xgboost not installed (apt-get install xgboost): %v", err)
	}
	return p
}

// misreadValues are 24 numbers a + b/1000 that XGBoost reads one float32
// step away from strconv when written in their shortest form.
var misreadValues = func() []float64 {
	var v []float64
	for i := 0; len(v) < 24 && i < 100000; i++ {
		x := float64(i/1000) + float64(i%1000)/1000
		if got, _ := ParseLikeXGBoost(strconv.FormatFloat(float64(float32(x)), 'f', -1, 32)); got != float32(x) {
			v = append(v, x)
		}
	}
	return v
}()

// dataset writes n rows of a synthetic problem in LibSVM form, every feature
// explicit. Features 0..2 are small integers, so many inputs sit exactly on
// split thresholds (where x < t and x <= t differ); 3..4 are fractions with
// more digits than a float32 holds (the input rounding); 5 takes the
// misreadValues, written by AppendLibSVMValue.
func dataset(n int, seed uint64, label func(x []float64) float64) ([][]float64, string) {
	r := rand.New(rand.NewPCG(seed, 7))
	var rows [][]float64
	var b strings.Builder
	for range n {
		x := []float64{float64(r.IntN(10)), float64(r.IntN(4)), float64(r.IntN(2)), r.Float64() * 1000, r.NormFloat64(),
			misreadValues[r.IntN(len(misreadValues))]}
		y := label(x)
		for i := range x {
			x[i] = float64(float32(x[i]))
		}
		// Fractions are written with 17 digits: xgboost must round them.
		fmt.Fprintf(&b, "%g", y)
		for i, v := range x {
			if i == 5 {
				s, err := AppendLibSVMValue(nil, v)
				if err != nil {
					panic(err)
				}
				fmt.Fprintf(&b, " %d:%s", i, s)
				continue
			}
			fmt.Fprintf(&b, " %d:%s", i, strconv.FormatFloat(v, 'g', 17, 64))
		}
		b.WriteByte('\n')
		rows = append(rows, x)
	}
	return rows, b.String()
}

// TestLoaderMatchesXGBoost trains a model for each objective the project
// uses with the xgboost command-line tool and checks that the loaded model
// predicts every held-out row as `xgboost task=pred` does, within 1e-5.
func TestLoaderMatchesXGBoost(t *testing.T) {
	bin := xgboostBin(t)
	if len(misreadValues) < 24 {
		t.Fatalf("only %d values for feature 5", len(misreadValues))
	}
	noise := rand.New(rand.NewPCG(3, 4))
	cases := []struct {
		objective string
		params    string
		label     func(x []float64) float64
	}{
		{BinaryLogistic, "base_score = 0.3\n", func(x []float64) float64 {
			if x[0]+3*x[2]+x[3]/300+x[5]/4+noise.NormFloat64() > 8 {
				return 1
			}
			return 0
		}},
		{RegSquaredError, "", func(x []float64) float64 {
			return 1000*x[0] + 3000*x[1]*x[2] + x[3] + 300*x[5] + 500*noise.NormFloat64()
		}},
		// One query group (no qid): what the loader reads is the same.
		{RankPairwise, "", func(x []float64) float64 {
			if x[0]+3*x[2]+x[5]/4+noise.NormFloat64() > 8 {
				return 1
			}
			return 0
		}},
		{MultiSoftprob, "num_class = 4\n", func(x []float64) float64 {
			return float64(max(0, min(3, int(x[0]/3+x[4]/2+x[5]/16+noise.Float64()))))
		}},
	}
	for _, tc := range cases {
		t.Run(strings.ReplaceAll(tc.objective, ":", "_"), func(t *testing.T) {
			dir := t.TempDir()
			_, train := dataset(3000, 1, tc.label)
			test, testText := dataset(500, 2, tc.label)
			write := func(name, s string) {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(s), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			write("train.libsvm", train)
			write("test.libsvm", testText)
			write("m.conf", "booster = gbtree\ntree_method = hist\nobjective = "+tc.objective+"\n"+tc.params+
				"eta = 0.3\nmax_depth = 5\nnum_round = 30\nseed = 1\nnthread = 1\n")
			xgb := func(args ...string) {
				cmd := exec.Command(bin, append([]string{"m.conf"}, args...)...)
				cmd.Dir = dir
				if out, err := cmd.CombinedOutput(); err != nil {
					t.Fatalf("xgboost %v: %v\n%s", args, err, out)
				}
			}
			xgb("data=train.libsvm?format=libsvm", "model_out=m.model")
			xgb("task=pred", "model_in=m.model", "test:data=test.libsvm?format=libsvm", "name_pred=pred.txt")
			raw, err := os.ReadFile(filepath.Join(dir, "m.model"))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.HasPrefix(raw, []byte("binf")) {
				t.Fatalf("model does not start with the 1.7 'binf' header: %q", raw[:4])
			}
			m, err := Load(raw)
			if err != nil {
				t.Fatal(err)
			}
			pb, err := os.ReadFile(filepath.Join(dir, "pred.txt"))
			if err != nil {
				t.Fatal(err)
			}
			want := strings.Fields(string(pb))
			if len(want) != len(test)*m.NumOutputs() {
				t.Fatalf("%d predictions for %d rows × %d outputs", len(want), len(test), m.NumOutputs())
			}
			out := make([]float64, m.NumOutputs())
			ref := make([]float64, m.NumOutputs())
			worst, flatDiff := 0.0, 0.0
			for i, x := range test {
				if err := m.Predict(x, out); err != nil {
					t.Fatal(err)
				}
				if err := m.PredictLeaves(x, ref); err != nil {
					t.Fatal(err)
				}
				for k, got := range out {
					flatDiff = math.Max(flatDiff, math.Abs(got-ref[k]))
					w, _ := strconv.ParseFloat(want[i*len(out)+k], 64)
					d := math.Abs(got - w)
					if tc.objective == RegSquaredError {
						d /= math.Max(1, math.Abs(w)) // printed to 9 significant digits
					}
					worst = math.Max(worst, d)
				}
			}
			t.Logf("%s: %d rows, max |flat trees − xgboost| = %.2g, max |flat − leaves| = %.2g", tc.objective, len(test), worst, flatDiff)
			if worst > 1e-5 {
				t.Errorf("the model and xgboost differ by %g (> 1e-5)", worst)
			}
			if flatDiff > 1e-12 {
				t.Errorf("the flat trees and leaves differ by %g", flatDiff)
			}
		})
	}
}

func TestLoadRejectsGarbage(t *testing.T) {
	for _, b := range [][]byte{nil, []byte("binf"), bytes.Repeat([]byte{1}, 300)} {
		if _, err := Load(b); !errors.Is(err, ErrFormat) {
			t.Errorf("Load(%d bytes) = %v, want ErrFormat", len(b), err)
		}
	}
}

func TestLoadFSRefusesOtherSchema(t *testing.T) {
	fsys := fstest.MapFS{
		"m/tenpai-000000000000.json": {Data: []byte(`{"name":"tenpai","file":"tenpai-000000000000.bin","schema":1,"features":["a","b"]}`)},
		"m/tenpai-000000000000.bin":  {Data: []byte("x")},
	}
	_, _, err := LoadFS(fsys, "m", "tenpai", 2, 2)
	if !errors.Is(err, ErrSchema) {
		t.Fatalf("err = %v, want ErrSchema", err)
	}
	if !strings.Contains(err.Error(), "schema 1") || !strings.Contains(err.Error(), "schema 2") {
		t.Errorf("error does not say both schemas: %v", err)
	}
	if _, _, err := LoadFS(fsys, "m", "tenpai", 1, 2); err == nil || !strings.Contains(err.Error(), "SHA-256") {
		t.Errorf("a model whose hash differs from its card: err = %v", err)
	}
}

func TestSaveReplacesAtomically(t *testing.T) {
	dir := t.TempDir()
	c := &Card{Name: "value", Schema: 1}
	if err := Save(dir, c, []byte("one")); err != nil {
		t.Fatal(err)
	}
	first := c.File
	if err := Save(dir, c, []byte("two")); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if len(names) != 2 || c.File == first {
		t.Errorf("after two saves the folder holds %v (want the second model and its card only)", names)
	}
}

func TestRanking(t *testing.T) {
	for obj, want := range map[string]bool{
		RankPairwise: true, RankNDCG: true, BinaryLogistic: false, RegSquaredError: false, MultiSoftprob: false, "": false,
	} {
		if Ranking(obj) != want {
			t.Errorf("Ranking(%q) = %v, want %v", obj, !want, want)
		}
	}
}

// TestLoadFSPrefix: a card of an older schema loads when its features are
// the first of the code's (past the check, the model file's hash fails
// here), and is refused when they are not, or its schema is newer.
func TestLoadFSPrefix(t *testing.T) {
	card := func(schema int, features string) fstest.MapFS {
		return fstest.MapFS{
			"m/discard-000000000000.json": {Data: []byte(`{"name":"discard","file":"discard-000000000000.bin","schema":` +
				strconv.Itoa(schema) + `,"features":[` + features + `]}`)},
			"m/discard-000000000000.bin": {Data: []byte("x")},
		}
	}
	names := []string{"a", "b", "c"}
	for _, c := range []struct {
		name     string
		fsys     fstest.MapFS
		accepted bool
	}{
		{"the same schema", card(3, `"a","b","c"`), true},
		{"an older schema, a prefix", card(2, `"a","b"`), true},
		{"an older schema, not a prefix", card(2, `"a","c"`), false},
		{"an older schema, more features", card(2, `"a","b","c","d"`), false},
		{"a newer schema", card(4, `"a","b"`), false},
		{"the same schema, fewer features", card(3, `"a","b"`), false},
	} {
		_, _, err := LoadFSPrefix(c.fsys, "m", "discard", 3, names)
		switch {
		case c.accepted && (err == nil || !strings.Contains(err.Error(), "SHA-256")):
			t.Errorf("%s: err = %v, want the card accepted (and the hash refused)", c.name, err)
		case !c.accepted && !errors.Is(err, ErrSchema):
			t.Errorf("%s: err = %v, want ErrSchema", c.name, err)
		}
	}
}

// TestSplits: Splits names the features a split reads, and no leaf's.
func TestSplits(t *testing.T) {
	m := &Model{flat: &forest{roots: []int32{0, 3}, nodes: []flatNode{
		{split: 2, left: 1}, {split: leafSplit, left: 1}, {split: leafSplit, left: 2},
		{split: 5 | defaultLeftBit, left: 4}, {split: leafSplit, left: 4}, {split: leafSplit, left: 5},
	}}}
	for j, want := range map[int]bool{0: false, 1: false, 2: true, 4: false, 5: true} {
		if got := m.Splits(j); got != want {
			t.Errorf("Splits(%d) = %v, want %v", j, got, want)
		}
	}
}

// TestFlatMatchesLeavesOnShipped: on every model the project ships (the
// policy's and the opponent predictors' folders), the flat trees predict
// random rows as leaves does, with missing values (NaN) and without.
func TestFlatMatchesLeavesOnShipped(t *testing.T) {
	files, _ := filepath.Glob("../../policy/models/*.bin")
	more, _ := filepath.Glob("../../opponent/models/*.bin")
	files = append(files, more...)
	if len(files) < 5 {
		t.Fatalf("%d model files found", len(files))
	}
	r := rand.New(rand.NewPCG(5, 6))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		m, err := Load(b)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		x := make([]float64, m.NumFeatures())
		out, ref := make([]float64, m.NumOutputs()), make([]float64, m.NumOutputs())
		for row := range 300 {
			for j := range x {
				switch r.IntN(10) {
				case 0:
					x[j] = math.NaN()
					if row%2 == 0 { // half the rows with no value missing: the branch-free path
						x[j] = float64(r.IntN(3))
					}
				case 1, 2, 3:
					x[j] = Round32(r.Float64())
				default:
					x[j] = float64(r.IntN(12) - 1)
				}
			}
			if err := m.Predict(x, out); err != nil {
				t.Fatal(err)
			}
			if err := m.PredictLeaves(x, ref); err != nil {
				t.Fatal(err)
			}
			for k := range out {
				if math.Abs(out[k]-ref[k]) > 1e-12 {
					t.Fatalf("%s: output %d: flat %v, leaves %v", filepath.Base(f), k, out[k], ref[k])
				}
			}
		}
	}
}

// TestPredictLeavesConcurrentFirstUse: leaves' copy of a model is built
// at the first PredictLeaves: calls from several goroutines at once, the
// first ones, all predict as the flat trees do, and go test -race finds
// no race in the build.
func TestPredictLeavesConcurrentFirstUse(t *testing.T) {
	src, _ := filepath.Glob("../../policy/models/kyuushu-*.bin")
	if len(src) != 1 {
		t.Fatalf("the shipped kyuushu model: %v", src)
	}
	b, err := os.ReadFile(src[0])
	if err != nil {
		t.Fatal(err)
	}
	m, err := Load(b)
	if err != nil {
		t.Fatal(err)
	}
	x := make([]float64, m.NumFeatures())
	for j := range x {
		x[j] = float64(j % 4)
	}
	want := make([]float64, m.NumOutputs())
	if err := m.Predict(x, want); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make([]error, 8)
	for g := range errs {
		wg.Go(func() {
			out := make([]float64, m.NumOutputs())
			if errs[g] = m.PredictLeaves(x, out); errs[g] == nil && math.Abs(out[0]-want[0]) > 1e-12 {
				errs[g] = fmt.Errorf("leaves %v, flat %v", out[0], want[0])
			}
		})
	}
	wg.Wait()
	for g, err := range errs {
		if err != nil {
			t.Errorf("goroutine %d: %v", g, err)
		}
	}
}
