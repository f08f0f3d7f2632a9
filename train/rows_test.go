package train

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/data/dataset"
	"github.com/mjrank/mjrank/data/records"
	"github.com/mjrank/mjrank/internal/shard"
	"github.com/mjrank/mjrank/internal/shareddata"
	"github.com/mjrank/mjrank/internal/xgbmodel"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/policy"
)

// TestNPYRoundTrip writes a matrix and a vector with NaN and reads them
// back, and refuses a file cut short or of another type.
func TestNPYRoundTrip(t *testing.T) {
	dir := t.TempDir()
	nan := float32(math.NaN())
	rows := [][]float32{{1, nan, -2.5}, {0, 3.735, nan}}
	w, err := createNPY(filepath.Join(dir, "x.npy"), 3)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if err := w.row(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.row([]float32{1}); err == nil {
		t.Error("a row of 1 value in an array of 3 columns was taken")
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	vals, n, cols, err := readNPY(filepath.Join(dir, "x.npy"))
	if err != nil || n != 2 || cols != 3 {
		t.Fatalf("read %d×%d: %v", n, cols, err)
	}
	for i, r := range rows {
		for j, v := range r {
			if got := vals[i*3+j]; math.Float32bits(got) != math.Float32bits(v) {
				t.Errorf("[%d][%d] = %v, want %v", i, j, got, v)
			}
		}
	}
	b, _ := os.ReadFile(filepath.Join(dir, "x.npy"))
	if npyHeaderLen%64 != 0 || len(b) != npyHeaderLen+4*6 {
		t.Errorf("file of %d bytes", len(b))
	}
	os.WriteFile(filepath.Join(dir, "cut.npy"), b[:len(b)-4], 0o644)
	if _, _, _, err := readNPY(filepath.Join(dir, "cut.npy")); err == nil || !strings.Contains(err.Error(), "bytes of data") {
		t.Errorf("a file cut short: %v", err)
	}
	os.WriteFile(filepath.Join(dir, "f8.npy"), bytes.Replace(b, []byte("<f4"), []byte("<f8"), 1), 0o644)
	if _, _, _, err := readNPY(filepath.Join(dir, "f8.npy")); err == nil || !strings.Contains(err.Error(), "not a float32 .npy") {
		t.Errorf("a float64 file: %v", err)
	}
}

// TestLibSVMRowsMissing checks that an entry a LibSVM row leaves out is
// NaN, an explicit 0 is 0, the qid is read, and a bad entry is named.
func TestLibSVMRowsMissing(t *testing.T) {
	var got [][]float32
	var qids []int
	err := libsvmRows(strings.NewReader("1 qid:7 0:0 2:3.735\n0 1:-1\n"), 3, func(label float32, x []float32, qid int) error {
		got = append(got, append([]float32{label}, x...))
		qids = append(qids, qid)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	v, _ := parseXGB("3.735") // one float32 step above float32(3.735): xgboost's reader
	want := fmt.Sprint([][]float32{{1, 0, float32(math.NaN()), v}, {0, float32(math.NaN()), -1, float32(math.NaN())}})
	if fmt.Sprint(got) != want || fmt.Sprint(qids) != "[7 -1]" {
		t.Errorf("rows %v qids %v, want %v [7 -1]", got, qids, want)
	}
	err = libsvmRows(strings.NewReader("1 0:1\n1 5:1\n"), 3, func(float32, []float32, int) error { return nil })
	if err == nil || !strings.Contains(err.Error(), `row 2: bad entry "5:1"`) {
		t.Errorf("an index past the features: %v", err)
	}
}

// fakeShard writes a shard folder of no game for the header h.
func fakeShard(t *testing.T, rows string, h shard.Header) {
	t.Helper()
	dir := ShardDir(rows, h.Shard, h.Shards)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	m := RowsManifest{Shard: h, Format: RowsFormat, Kind: rowsPredictors, Skips: map[string]int{}}
	for _, s := range specs(0, 0, 0) {
		m.Models = append(m.Models, RowsModel{Name: s.name, Schema: s.schema, Features: s.features})
	}
	if err := writeJSON(filepath.Join(dir, "manifest.json"), &m); err != nil {
		t.Fatal(err)
	}
	if err := writeJSON(filepath.Join(dir, "games.json"), []RowsGame{}); err != nil {
		t.Fatal(err)
	}
}

// TestReadRowsRefuses checks that a set of shards with one missing, one
// given twice (under another folder name) or one of another run is
// refused, naming the shard.
func TestReadRowsRefuses(t *testing.T) {
	cfg := DefaultConfig()
	files := []string{"a", "b", "c"}
	header := func(i, n int) shard.Header { return cfg.rowsHeader(files, i, n, predictorRows()) }
	rows := t.TempDir()
	fakeShard(t, rows, header(1, 3))
	fakeShard(t, rows, header(3, 3))
	if _, err := readRows(rows); err == nil || !strings.Contains(err.Error(), "shard 2 of 3 missing") {
		t.Errorf("a missing shard: %v", err)
	}
	fakeShard(t, rows, header(2, 3))
	if _, err := readRows(rows); err != nil {
		t.Fatalf("the three shards: %v", err)
	}
	twice := header(2, 3)
	fakeShard(t, filepath.Join(rows, "x"), twice)
	os.Rename(ShardDir(filepath.Join(rows, "x"), 2, 3), filepath.Join(rows, "shard-0002-of-0003-again"))
	if _, err := readRows(rows); err == nil || !strings.Contains(err.Error(), "shard 2/3 given twice") {
		t.Errorf("a shard twice: %v", err)
	}
	os.RemoveAll(filepath.Join(rows, "shard-0002-of-0003-again"))
	cfg.WaitRate = 0.5
	fakeShard(t, rows, header(2, 3))
	if _, err := readRows(rows); err == nil || !strings.Contains(err.Error(), `--wait-rate "0.5", not "0.3"`) {
		t.Errorf("a shard of another run: %v", err)
	}
	if _, err := readRows(t.TempDir()); err == nil || !strings.Contains(err.Error(), "no shard folder") {
		t.Errorf("no shard: %v", err)
	}
}

// dupCorpus copies some real record files into a temporary corpus, the
// first with a usable game again at the end (under another name): a game
// that comes twice, in the first and in the last shard.
func dupCorpus(t *testing.T, n int) string {
	src := shareddata.Dir(t, "tenhou", "thewaxmango-mahjong-hands")
	files, _, err := records.ExpandPaths([]string{src})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	dup := false
	for k, f := range files[:n] {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, fmt.Sprintf("%03d-%s", k, filepath.Base(f))), b, 0o644)
		if !dup {
			eachUsable(f, nil, func(*dataset.GameRef) bool { dup = true; return false })
			if dup {
				os.WriteFile(filepath.Join(dir, "zzz-"+filepath.Base(f)), b, 0o644)
			}
		}
	}
	return dir
}

// TestShardRowsEqualOneProcess extracts real games' rows in 1, 2 and 3
// shards and checks that the shards together, duplicates across shards
// left out, hold exactly the rows the one-process run writes to LibSVM
// (as xgboost reads them), in its order, with the same game counts and
// baseline fit.
func TestShardRowsEqualOneProcess(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Corpus = []string{dupCorpus(t, 24)}
	cfg.Workers = 2
	ctx := context.Background()
	files, err := cfg.corpusList()
	if err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	one, err := writeSamples(ctx, &cfg, files, work, specs(0, 0, 0))
	if err != nil {
		t.Fatal(err)
	}
	if one.skips[skipDuplicate] == 0 {
		t.Fatalf("the corpus holds no duplicate: skips %v", one.skips)
	}
	for n := 1; n <= 3; n++ {
		set := shardRows(t, n, func(rows string, i int) error {
			_, err := ExtractShard(ctx, cfg, rows, i, n)
			return err
		})
		if err := set.refit(&cfg, files); err != nil {
			t.Fatal(err)
		}
		if set.games != one.games || set.heldOut != one.heldOut || fmt.Sprint(set.skips) != fmt.Sprint(one.skips) || set.fit != one.fit {
			t.Errorf("%d shards: %d games (%d held out), skips %v; one process %d (%d), %v; fits equal %v (value %+v, %+v)",
				n, set.games, set.heldOut, set.skips, one.games, one.heldOut, one.skips, set.fit == one.fit, set.fit.value, one.fit.value)
		}
		for m, s := range specs(0, 0, 0) {
			for _, held := range []bool{false, true} {
				ext := map[bool]string{false: ".train", true: ".test"}[held]
				sameRows(t, fmt.Sprintf("%d shards, %s%s", n, s.name, ext), filepath.Join(work, s.name+ext), set.parts(m, held, func(RowsGame) bool { return true }))
			}
		}
	}
}

// sameRows checks that parts hold the rows of the LibSVM file, bit for
// bit (NaN for a missing entry).
func sameRows(t *testing.T, what, file string, parts []jobPart) {
	t.Helper()
	var x, y []float32
	for _, p := range parts {
		px, py, err := readPart(p)
		if err != nil {
			t.Fatal(err)
		}
		x, y = append(x, px...), append(y, py...)
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	r := 0
	cols := 0
	if len(parts) > 0 {
		cols = parts[0].Cols
	}
	err = libsvmRows(bytes.NewReader(b), cols, func(label float32, row []float32, _ int) error {
		if r >= len(y) {
			return fmt.Errorf("more rows than the shards' %d", len(y))
		}
		if label != y[r] {
			return fmt.Errorf("row %d: label %v, shards %v", r+1, label, y[r])
		}
		for j, v := range row {
			if math.Float32bits(v) != math.Float32bits(x[r*cols+j]) {
				return fmt.Errorf("row %d feature %d: %v, shards %v", r+1, j, v, x[r*cols+j])
			}
		}
		r++
		return nil
	})
	if err == nil && r != len(y) {
		err = fmt.Errorf("%d rows, the shards %d", r, len(y))
	}
	if err != nil {
		t.Errorf("%s: %v", what, err)
	}
	if r == 0 {
		t.Errorf("%s: no rows", what)
	}
}

// TestRowsRefuseAnotherCorpus: rows extracted from some files are not
// trained on with another list of files (here one more), which would
// measure and describe the models on games they were not trained from.
func TestRowsRefuseAnotherCorpus(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Corpus, cfg.MaxFiles = []string{dupCorpus(t, 8)}, 6
	rows := t.TempDir()
	if _, err := ExtractShard(context.Background(), cfg, rows, 1, 1); err != nil {
		t.Fatal(err)
	}
	set, err := readRows(rows)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{6, 7} {
		c := cfg
		c.MaxFiles = n
		files, err := c.corpusList()
		if err != nil {
			t.Fatal(err)
		}
		err = set.checkCorpus(&c, files)
		if n == 6 && err != nil || n == 7 && (err == nil || !strings.Contains(err.Error(), "is not the one the rows were extracted from")) {
			t.Errorf("--max-files %d: %v", n, err)
		}
	}
}

// TestDecisionShardsEqualOneProcess extracts the decision models' rows
// of real games (a game twice, across shards) in 1, 2 and 3 shards and
// checks that together they hold exactly the rows and held-out group
// lines that TrainDecisions' one-process extraction writes.
func TestDecisionShardsEqualOneProcess(t *testing.T) {
	opp, err := opponent.Default()
	if err != nil {
		t.Fatal(err)
	}
	cfg := DefaultConfig()
	cfg.Corpus, cfg.Workers = []string{dupCorpus(t, 60)}, 2
	ctx := context.Background()
	files, err := cfg.corpusList()
	if err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	var corpus xgbmodel.Corpus
	if _, err := writeDecisionRows(ctx, &cfg, files, work, &corpus, opp, allDecisions); err != nil {
		t.Fatal(err)
	}
	for n := 1; n <= 3; n++ {
		set := shardRows(t, n, func(rows string, i int) error {
			_, err := ExtractDecisionShard(ctx, cfg, opp, rows, i, n)
			return err
		})
		if set.games != corpus.Games || set.heldOut != corpus.HeldOutGames {
			t.Errorf("%d shards: %d games (%d held out), one process %d (%d)", n, set.games, set.heldOut, corpus.Games, corpus.HeldOutGames)
		}
		for i, s := range decisionSpecs(0, 0, 0) {
			for _, held := range []bool{false, true} {
				ext := map[bool]string{false: ".train", true: ".test"}[held]
				if st, _ := os.Stat(filepath.Join(work, s.name+ext)); st.Size() > 0 {
					sameRows(t, fmt.Sprintf("%d shards, %s%s", n, s.name, ext), filepath.Join(work, s.name+ext), set.parts(i, held, func(RowsGame) bool { return true }))
				}
			}
			merged := filepath.Join(t.TempDir(), s.name+".groups")
			if err := set.mergeGroups(s.name, merged); err != nil {
				t.Fatal(err)
			}
			a, _ := os.ReadFile(filepath.Join(work, s.name+".groups"))
			b, _ := os.ReadFile(merged)
			if !bytes.Equal(a, b) || s.name == "riichi" && len(a) == 0 {
				t.Errorf("%d shards, %s.groups: %d bytes, one process %d", n, s.name, len(b), len(a))
			}
		}
	}
}

// TestPolicyShardsEqualOneProcess extracts the discard policy's rows of
// real games (a game twice, across shards) in 1, 2 and 3 shards and
// checks that together they hold exactly TrainPolicy's one-process rows,
// in its query groups, and its held-out decisions' sizes.
func TestPolicyShardsEqualOneProcess(t *testing.T) {
	opp, err := opponent.Default()
	if err != nil {
		t.Fatal(err)
	}
	cfg := DefaultConfig()
	cfg.Corpus, cfg.Workers, cfg.PolicyRate = []string{dupCorpus(t, 40)}, 2, 0.3
	ctx := context.Background()
	files, err := cfg.corpusList()
	if err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	var corpus xgbmodel.Corpus
	held, _, err := writePolicyRows(ctx, &cfg, files, work, &corpus, opp)
	if err != nil {
		t.Fatal(err)
	}
	for n := 1; n <= 3; n++ {
		set := shardRows(t, n, func(rows string, i int) error {
			_, err := ExtractPolicyShard(ctx, cfg, opp, rows, i, n)
			return err
		})
		for _, split := range []string{"train", "test"} {
			parts := set.parts(0, split == "test", func(RowsGame) bool { return true })
			file := filepath.Join(work, "discard."+split)
			sameRows(t, fmt.Sprintf("%d shards, discard.%s", n, split), file, parts)
			if a, b := fileGroups(t, file), partGroups(t, parts); a != b {
				t.Errorf("%d shards, discard.%s: query groups %.80s…, one process %.80s…", n, split, b, a)
			}
		}
		got, err := set.heldSizes()
		if err != nil || fmt.Sprint(got) != fmt.Sprint(held) || len(held) == 0 {
			t.Errorf("%d shards: held-out decisions %v (%v), one process %v", n, got, err, held)
		}
	}
}

// fileGroups returns the run lengths of a LibSVM file's qids.
func fileGroups(t *testing.T, file string) string {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var q []float32
	err = libsvmRows(bytes.NewReader(b), policy.NumFeatures, func(_ float32, _ []float32, qid int) error {
		q = append(q, float32(qid))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprint(runLengths(q))
}

// partGroups returns the run lengths of parts' query groups, offsets
// added as the trainer adds them.
func partGroups(t *testing.T, parts []jobPart) string {
	t.Helper()
	var q []float64 // exact: a shard's groups are below 2^24, the offsets multiples of it
	for _, p := range parts {
		v, _, _, err := readNPY(p.Q)
		if err != nil {
			t.Fatal(err)
		}
		ranges := p.Ranges
		if ranges == nil {
			ranges = [][2]int{{0, len(v)}}
		}
		for _, r := range ranges {
			for _, x := range v[r[0]:r[1]] {
				q = append(q, float64(x)+float64(p.QOffset))
			}
		}
	}
	var runs []int
	for i := 0; i < len(q); i++ {
		if i == 0 || q[i] != q[i-1] {
			runs = append(runs, 0)
		}
		if i > 0 && q[i] < q[i-1] {
			t.Fatalf("query groups decrease at row %d: %v after %v", i, q[i], q[i-1])
		}
		runs[len(runs)-1]++
	}
	return fmt.Sprint(runs)
}

// shardRows extracts n shards into a new folder, shard i by extract(rows,
// i), and reads them back as one set.
func shardRows(t *testing.T, n int, extract func(rows string, i int) error) *rowsSet {
	t.Helper()
	rows := t.TempDir()
	for i := 1; i <= n; i++ {
		if err := extract(rows, i); err != nil {
			t.Fatal(err)
		}
	}
	set, err := readRows(rows)
	if err != nil {
		t.Fatal(err)
	}
	return set
}
