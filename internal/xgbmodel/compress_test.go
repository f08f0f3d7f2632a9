package xgbmodel

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"testing"
)

// TestCompressRoundTrip: Decompress undoes Compress, Compress gives the
// same bytes for the same model, and a plain model passes through.
func TestCompressRoundTrip(t *testing.T) {
	model := bytes.Repeat([]byte("binf\x00\x01\x02 trees "), 5000)
	z := Compress(model)
	if !bytes.HasPrefix(z, []byte(gzipMagic)) || len(z) >= len(model) {
		t.Fatalf("Compress gave %d bytes for %d, starting %q", len(z), len(model), z[:min(4, len(z))])
	}
	if z2 := Compress(model); !bytes.Equal(z, z2) {
		t.Error("Compress gave other bytes for the same model the second time")
	}
	for _, tc := range []struct {
		name    string
		in, out []byte
	}{
		{"compressed", z, model},
		{"plain", model, model},
		{"empty", nil, nil},
		{"the magic alone, not a gzip header", []byte(gzipMagic), []byte(gzipMagic)},
		{"two members", append(Compress([]byte("ab")), Compress([]byte("cd"))...), []byte("abcd")},
	} {
		got, err := Decompress(tc.in)
		if err != nil || !bytes.Equal(got, tc.out) {
			t.Errorf("%s: Decompress = %d bytes, %v; want %d bytes", tc.name, len(got), err, len(tc.out))
		}
	}
}

// TestDecompressRefusesCorrupt: a gzip stream cut short or with a byte
// changed is an ErrFormat, not a model.
func TestDecompressRefusesCorrupt(t *testing.T) {
	z := Compress(bytes.Repeat([]byte("0123456789"), 1000))
	flipped := bytes.Clone(z)
	flipped[len(flipped)-6] ^= 0xff // in the checksum
	huge := bytes.Clone(z)
	copy(huge[len(huge)-4:], "\xf0\xff\xff\xff") // the size: not the model's, and no buffer that large
	for name, b := range map[string][]byte{"truncated": z[:len(z)/2], "no trailer": z[:len(z)-8], "checksum": flipped, "size": huge} {
		if _, err := Decompress(b); !errors.Is(err, ErrFormat) {
			t.Errorf("%s: Decompress = %v, want ErrFormat", name, err)
		}
		if _, err := Load(b); !errors.Is(err, ErrFormat) {
			t.Errorf("%s: Load = %v, want ErrFormat", name, err)
		}
	}
}

// shippedFiles returns the model files of the shipped folders.
func shippedFiles(t *testing.T) []string {
	t.Helper()
	var files []string
	for _, d := range []string{"policy", "opponent", "rankmodel"} {
		m, _ := filepath.Glob(filepath.Join("..", "..", d, "models", "*.bin"))
		files = append(files, m...)
	}
	if len(files) < 10 {
		t.Fatalf("%d shipped model files found", len(files))
	}
	return files
}

// TestShippedModelsCompressed: every shipped model file is stored
// compressed (the binary embeds them), and its model's SHA-256 is the
// one its card and its name give.
func TestShippedModelsCompressed(t *testing.T) {
	for _, f := range shippedFiles(t) {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(b, []byte(gzipMagic)) {
			t.Errorf("%s is not compressed (gzip -9n it)", f)
			continue
		}
		m, err := Decompress(b)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		cb, err := os.ReadFile(cardName(f))
		if err != nil {
			t.Fatal(err)
		}
		var c Card
		if err := json.Unmarshal(cb, &c); err != nil {
			t.Fatal(err)
		}
		if file, sum := FileName(c.Name, m); file != filepath.Base(f) || sum != c.SHA256 || c.File != file {
			t.Errorf("%s: the model's SHA-256 is %s (file %s), its card says %s (file %s)", f, sum, file, c.SHA256, c.File)
		}
	}
}

// TestLoadFSCompressedOrPlain: a folder whose model file is compressed and
// one whose file is plain (as mjrank wrote before) load the same model; a
// compressed file whose model is not the card's is refused.
func TestLoadFSCompressedOrPlain(t *testing.T) {
	src, err := filepath.Glob("../../rankmodel/models/rank-*.bin")
	if err != nil || len(src) != 1 {
		t.Fatalf("the shipped rank model: %v %v", src, err)
	}
	z, err := os.ReadFile(src[0])
	if err != nil {
		t.Fatal(err)
	}
	card, err := os.ReadFile(cardName(src[0]))
	if err != nil {
		t.Fatal(err)
	}
	plain, err := Decompress(z)
	if err != nil {
		t.Fatal(err)
	}
	name := filepath.Base(src[0])
	folder := func(model []byte) string {
		dir := t.TempDir()
		for f, b := range map[string][]byte{name: model, cardName(name): card} {
			if err := os.WriteFile(filepath.Join(dir, f), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return dir
	}
	var c Card
	if err := json.Unmarshal(card, &c); err != nil {
		t.Fatal(err)
	}
	x := make([]float64, len(c.Features))
	for i := range x {
		x[i] = float64(i % 3)
	}
	var preds [][]float64
	for _, model := range [][]byte{z, plain} {
		m, _, err := LoadFS(os.DirFS(folder(model)), ".", c.Name, c.Schema, len(c.Features))
		if err != nil {
			t.Fatal(err)
		}
		out := make([]float64, m.NumOutputs())
		if err := m.Predict(x, out); err != nil {
			t.Fatal(err)
		}
		preds = append(preds, out)
	}
	for k := range preds[0] {
		if preds[0][k] != preds[1][k] {
			t.Errorf("output %d: %v compressed, %v plain", k, preds[0][k], preds[1][k])
		}
	}
	other := Compress(append(bytes.Clone(plain), 0))
	if _, _, err := LoadFS(os.DirFS(folder(other)), ".", c.Name, c.Schema, len(c.Features)); err == nil {
		t.Error("a compressed model other than its card's loaded")
	}
}

// TestSaveWritesCompressed: Save writes the model compressed, named and
// carded by the model's own SHA-256, and LoadFS reads it back.
func TestSaveWritesCompressed(t *testing.T) {
	src, _ := filepath.Glob("../../opponent/models/tenpai-*.bin")
	if len(src) != 1 {
		t.Fatalf("the shipped tenpai model: %v", src)
	}
	z, err := os.ReadFile(src[0])
	if err != nil {
		t.Fatal(err)
	}
	model, err := Decompress(z)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	c := &Card{Name: "tenpai", Schema: 1}
	m, err := Load(model)
	if err != nil {
		t.Fatal(err)
	}
	c.Features = make([]string, m.NumFeatures())
	if err := Save(dir, c, model); err != nil {
		t.Fatal(err)
	}
	if want, sum := FileName("tenpai", model); c.File != want || c.SHA256 != sum {
		t.Errorf("card names %s %s, want %s %s", c.File, c.SHA256, want, sum)
	}
	b, err := os.ReadFile(filepath.Join(dir, c.File))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b, Compress(model)) {
		t.Errorf("Save wrote %d bytes, not the %d of the compressed model", len(b), len(Compress(model)))
	}
	if _, _, err := LoadFS(os.DirFS(dir), ".", "tenpai", 1, m.NumFeatures()); err != nil {
		t.Errorf("LoadFS of what Save wrote: %v", err)
	}
}

// TestLoadKeepsNoCallerBytes: Load copies a plain model before keeping it
// for PredictLeaves, so that the caller may reuse its buffer.
func TestLoadKeepsNoCallerBytes(t *testing.T) {
	src, _ := filepath.Glob("../../opponent/models/value-*.bin")
	if len(src) != 1 {
		t.Fatalf("the shipped value model: %v", src)
	}
	z, err := os.ReadFile(src[0])
	if err != nil {
		t.Fatal(err)
	}
	plain, err := Decompress(z)
	if err != nil {
		t.Fatal(err)
	}
	m, err := Load(plain)
	if err != nil {
		t.Fatal(err)
	}
	clear(plain)
	x := make([]float64, m.NumFeatures())
	out, ref := make([]float64, 1), make([]float64, 1)
	if err := m.Predict(x, out); err != nil {
		t.Fatal(err)
	}
	if err := m.PredictLeaves(x, ref); err != nil || math.Abs(out[0]-ref[0]) > 1e-12 {
		t.Errorf("PredictLeaves after the caller cleared its bytes: %v, %v; Predict %v", ref[0], err, out[0])
	}
}
