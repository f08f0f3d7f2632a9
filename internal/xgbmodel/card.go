package xgbmodel

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"syscall"
)

// ErrSchema is wrapped by the error of [LoadFS] when a model was trained on
// features of another schema version than the code computes.
var ErrSchema = errors.New("model schema does not match the code")

// Card describes a trained model: what it predicts, from which features,
// trained how and on what, and how well it did on held-out games. A card
// is stored as NAME-HASH.json beside the model NAME-HASH.bin, HASH being the
// first 12 hex digits of the model's SHA-256 (of the model itself, not of
// its compressed file: see [Compress]).
type Card struct {
	Name      string            `json:"name"`   // "tenpai", "wait", "value", "rank"
	File      string            `json:"file"`   // the model file's name
	SHA256    string            `json:"sha256"` // of the model, uncompressed
	Schema    int               `json:"schema"` // feature schema version
	Features  []string          `json:"features"`
	Objective string            `json:"objective"`
	NumClass  int               `json:"num_class,omitempty"`
	Params    map[string]string `json:"params"` // every xgboost parameter given
	Seed      int               `json:"seed"`
	XGBoost   string            `json:"xgboost"` // the trainer's version
	Corpus    Corpus            `json:"corpus"`
	Samples   Samples           `json:"samples"`
	Seconds   float64           `json:"train_seconds"`
	// Memory says how xgboost held the training rows: "in-memory", or
	// "external" (read from a cache on disk, for rows too many for the
	// trainer's memory budget); empty in cards written before it was
	// recorded.
	Memory string      `json:"memory,omitempty"`
	Loader LoaderCheck `json:"loader_check"`
	// Baseline is the simple predictor the model is compared with, fitted
	// on the training games (its layout is the trainer's business).
	Baseline json.RawMessage `json:"baseline,omitempty"`
	// Calibration, when present, maps the model's probability to the
	// calibrated one that its users (e.g. opponent.Models.Tenpai) return.
	Calibration *Calibration `json:"calibration,omitempty"`
	Metrics     []Metric     `json:"held_out_metrics"`
}

// LoaderCheck records the comparison of this package's predictions with
// `xgboost task=pred` on the held-out rows (relative difference for a
// regression, whose output xgboost prints to 9 significant digits).
type LoaderCheck struct {
	Rows       int     `json:"rows"`
	MaxAbsDiff float64 `json:"max_abs_diff"`
}

// Corpus identifies the training data.
type Corpus struct {
	Path         string `json:"path"`
	Digest       string `json:"digest"` // SHA-256 over the sorted file names and contents
	Files        int    `json:"files"`
	Games        int    `json:"games"`
	HeldOutGames int    `json:"held_out_games"`
	Skipped      int    `json:"skipped_games"`
	// SkippedBy counts the games left out by reason (3-player, special
	// lobby, cut record, duplicate), and the files of the corpus from
	// which no game could be read.
	SkippedBy map[string]int `json:"skipped_by,omitempty"`
}

// Samples counts the rows written for a model.
type Samples struct {
	Train   int `json:"train"`
	HeldOut int `json:"held_out"`
}

// Metric is one held-out figure beside its baseline's.
type Metric struct {
	Name     string  `json:"name"`
	Model    float64 `json:"model"`
	Baseline float64 `json:"baseline"`
	// SE is the standard error of Model−Baseline, bootstrapped over the
	// held-out games; 0 when not estimated.
	SE float64 `json:"se,omitempty"`
	// Beats reports whether the model is better than the baseline by more
	// than 2 SE.
	Beats bool `json:"beats_baseline"`
	// NoVerdict, when not empty, says why Beats judges nothing (too few
	// held-out games, say).
	NoVerdict string `json:"no_verdict,omitempty"`
	// N, when set, counts the held-out decisions the figures are of, and
	// ModelSE is the standard error of Model itself (bootstrapped over the
	// held-out games like SE).
	N       int     `json:"n,omitempty"`
	ModelSE float64 `json:"model_se,omitempty"`
}

// FileName returns NAME-HASH.bin for a model's bytes, with the full hash.
func FileName(name string, model []byte) (file, sum string) {
	h := sha256.Sum256(model)
	sum = hex.EncodeToString(h[:])
	return name + "-" + sum[:12] + ".bin", sum
}

// Save writes the model, compressed ([Compress]), and its card into dir
// atomically (each file to a temporary name, then renamed), filling c.File
// and c.SHA256. Earlier
// NAME-*.bin/.json files in dir are removed afterwards, so a folder holds one
// model per name. As for a [Stage], a symbolic link at one of these names
// is replaced as an entry, and a folder, FIFO, device or socket there is
// refused before anything is written. To replace several models as one
// set, save them through a Stage.
func Save(dir string, c *Card, model []byte) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	old, err := entries(dir, []string{c.Name})
	if err != nil {
		return err
	}
	file, _ := FileName(c.Name, model)
	for _, f := range []string{file, cardName(file)} {
		if err := checkEntry(filepath.Join(dir, f)); err != nil {
			return err
		}
	}
	files, err := writeModel(dir, c, model)
	if err != nil {
		return err
	}
	for _, o := range old {
		if !slices.Contains(files, o) {
			os.Remove(filepath.Join(dir, o))
		}
	}
	return nil
}

// cardName is the card's file name for a model file's.
func cardName(modelFile string) string { return strings.TrimSuffix(modelFile, ".bin") + ".json" }

// writeModel writes the model and its card into dir, each atomically,
// filling c.File and c.SHA256, and returns the two files' names.
func writeModel(dir string, c *Card, model []byte) ([]string, error) {
	c.File, c.SHA256 = FileName(c.Name, model)
	js, err := json.MarshalIndent(c, "", "  ")
	if err != nil {
		return nil, err
	}
	if err := WriteFileAtomic(filepath.Join(dir, c.File), Compress(model)); err != nil {
		return nil, err
	}
	card := cardName(c.File)
	if err := WriteFileAtomic(filepath.Join(dir, card), append(js, '\n')); err != nil {
		return nil, err
	}
	return []string{c.File, card}, nil
}

// CheckWritable reports whether files can be written into the folder dir,
// before the work that ends by writing there: dir must be a folder this
// process can create files in, or be creatable (its nearest existing
// parent a folder it can create files in). It creates nothing that stays.
func CheckWritable(dir string) error {
	parent := dir
	for {
		info, err := os.Stat(parent)
		// Missing, or under a file (ENOTDIR): look at the parent.
		if (errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR)) && filepath.Dir(parent) != parent {
			parent = filepath.Dir(parent)
			continue
		}
		if err != nil {
			return err
		}
		if !info.IsDir() {
			if parent == dir {
				return fmt.Errorf("%s: not a folder", dir)
			}
			return fmt.Errorf("%s: %s is not a folder", dir, parent)
		}
		break
	}
	f, err := os.CreateTemp(parent, ".mjrank-write-check-*")
	if err != nil {
		if pe := (*fs.PathError)(nil); errors.As(err, &pe) {
			err = pe.Err // not the probe's name
		}
		return fmt.Errorf("%s: cannot write in %s: %w", dir, parent, err)
	}
	f.Close()
	return os.Remove(f.Name())
}

// WriteFileAtomic writes data to a temporary file in path's folder and
// renames it to path, so readers see the old file or the whole new one.
func WriteFileAtomic(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	err = f.Chmod(0o644)
	if err == nil {
		_, err = f.Write(data)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}

// Cards returns the cards found in fsys's folder dir, sorted by name.
func Cards(fsys fs.FS, dir string) ([]Card, error) {
	names, err := fs.Glob(fsys, path.Join(dir, "*.json"))
	if err != nil {
		return nil, err
	}
	var cards []Card
	for _, n := range names {
		b, err := fs.ReadFile(fsys, n)
		if err != nil {
			return nil, err
		}
		var c Card
		if err := json.Unmarshal(b, &c); err != nil {
			return nil, fmt.Errorf("%s: %w", n, err)
		}
		cards = append(cards, c)
	}
	sort.Slice(cards, func(i, j int) bool { return cards[i].Name < cards[j].Name })
	return cards, nil
}

// LoadDir loads models from a folder on disk with load (a package's Load
// over an fs.FS): a path that is not a folder is refused, and an error
// names the folder.
func LoadDir[T any](dir string, load func(fsys fs.FS, dir string) (T, error)) (T, error) {
	var zero T
	info, err := os.Stat(dir)
	if err != nil {
		return zero, err
	}
	if !info.IsDir() {
		return zero, fmt.Errorf("%s: not a folder", dir)
	}
	m, err := load(os.DirFS(dir), ".")
	if err != nil {
		return zero, fmt.Errorf("%s: %w", dir, err)
	}
	return m, nil
}

// LoadFS loads the model called name from fsys's folder dir: its card
// NAME-*.json, then the model file the card names, compressed or plain,
// whose model's SHA-256 must match.
// A card whose schema or feature count differs from what the code computes
// is refused with an error wrapping [ErrSchema].
func LoadFS(fsys fs.FS, dir, name string, schema, numFeatures int) (*Model, *Card, error) {
	return loadFS(fsys, dir, name, func(c *Card) (int, bool) {
		return numFeatures, c.Schema == schema && len(c.Features) == numFeatures
	}, schema, numFeatures)
}

// LoadFSPrefix is [LoadFS] for features that grow by appending: it also
// takes a model of an older schema whose features are the first of names
// (the code's features of schema, in order), which then reads only those
// (its [Model.NumFeatures]), so that models trained before features were
// added still load, to compare with the new ones.
func LoadFSPrefix(fsys fs.FS, dir, name string, schema int, names []string) (*Model, *Card, error) {
	return loadFS(fsys, dir, name, func(c *Card) (int, bool) {
		n := len(c.Features)
		ok := c.Schema == schema && n == len(names) ||
			c.Schema < schema && n <= len(names) && slices.Equal(c.Features, names[:n])
		return n, ok
	}, schema, len(names))
}

// loadFS is LoadFS with the card's check: accept returns the number of
// features the model must read and whether the card is accepted.
func loadFS(fsys fs.FS, dir, name string, accept func(*Card) (int, bool), schema, numFeatures int) (*Model, *Card, error) {
	cards, err := fs.Glob(fsys, path.Join(dir, name+"-*.json"))
	if err != nil {
		return nil, nil, err
	}
	if len(cards) != 1 {
		where := " in " + dir
		if dir == "." {
			where = "" // a folder on disk: LoadDir's callers name it
		}
		return nil, nil, fmt.Errorf("xgbmodel: %d cards for model %q%s (want 1)", len(cards), name, where)
	}
	b, err := fs.ReadFile(fsys, cards[0])
	if err != nil {
		return nil, nil, err
	}
	var c Card
	if err := json.Unmarshal(b, &c); err != nil {
		return nil, nil, fmt.Errorf("xgbmodel: %s: %w", cards[0], err)
	}
	want, ok := accept(&c)
	if !ok {
		return nil, nil, fmt.Errorf("xgbmodel: %s: %w: the model has schema %d with %d features, the code computes schema %d with %d; retrain with `mjrank train`",
			c.File, ErrSchema, c.Schema, len(c.Features), schema, numFeatures)
	}
	mb, err := fs.ReadFile(fsys, path.Join(dir, c.File))
	if err != nil {
		return nil, nil, err
	}
	if mb, err = Decompress(mb); err != nil {
		return nil, nil, fmt.Errorf("xgbmodel: %s: %w", c.File, err)
	}
	if _, sum := FileName(name, mb); sum != c.SHA256 {
		return nil, nil, fmt.Errorf("xgbmodel: %s: SHA-256 %s does not match its card (%s)", c.File, sum, c.SHA256)
	}
	m, err := load(mb) // Decompress's own buffer
	if err != nil {
		return nil, nil, fmt.Errorf("xgbmodel: %s: %w", c.File, err)
	}
	if c.Calibration != nil {
		if err := c.Calibration.check(); err != nil {
			return nil, nil, fmt.Errorf("xgbmodel: %s: %w", c.File, err)
		}
	}
	if m.NumFeatures() != want {
		return nil, nil, fmt.Errorf("xgbmodel: %s: %w: the model reads %d features, its card names %d", c.File, ErrSchema, m.NumFeatures(), want)
	}
	return m, &c, nil
}
