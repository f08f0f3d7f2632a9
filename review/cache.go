package review

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/mjrank/mjrank/internal/outfile"
	"github.com/mjrank/mjrank/internal/xgbmodel"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/policy"
	"github.com/mjrank/mjrank/rankmodel"
)

// cacheFormat is the version of a cache entry's layout and of what a
// report means: raise it when either changes, so that older entries are
// reviewed again rather than read as something they are not.
const cacheFormat = 1

// EngineID names the engine a review ran on: its build and its models.
// Two reviews under the same EngineID, record, seat and options are the
// same review.
type EngineID struct {
	Build  string   `json:"build"`  // module version and VCS revision, or the executable's digest
	Models []string `json:"models"` // each model file with the SHA-256 of its model
}

// DefaultEngineID names the engine of mc.Default: this binary and the
// embedded models, by their cards (the loaders check each model against
// its card's SHA-256). A build from a modified or unknown source tree is named
// by the SHA-256 of its executable, since its revision does not say what
// it runs.
func DefaultEngineID() (EngineID, error) {
	build, err := buildID()
	if err != nil {
		return EngineID{}, err
	}
	id := EngineID{Build: build}
	for _, fsys := range []fs.FS{opponent.EmbeddedFS(), rankmodel.EmbeddedFS(), policy.EmbeddedFS()} {
		for _, dir := range []string{"models", "models/3p"} {
			cards, err := xgbmodel.Cards(fsys, dir)
			if err != nil {
				return EngineID{}, err
			}
			for _, c := range cards {
				id.Models = append(id.Models, c.File+" "+c.SHA256)
			}
		}
	}
	slices.Sort(id.Models)
	return id, nil
}

// buildID is the binary's module version and VCS revision, or, when the
// tree was modified or the revision is unknown (go test, go run), the
// digest of the executable.
func buildID() (string, error) {
	version, rev, modified := "(devel)", "", false
	if bi, ok := debug.ReadBuildInfo(); ok {
		if bi.Main.Version != "" {
			version = bi.Main.Version
		}
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
	}
	if rev != "" && !modified {
		return "mjrank " + version + " " + rev, nil
	}
	exe, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("naming the engine for the cache: %w", err)
	}
	f, err := os.Open(exe)
	if err != nil {
		return "", fmt.Errorf("naming the engine for the cache: %w", err)
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("naming the engine for the cache: %w", err)
	}
	return "mjrank " + version + " executable sha256 " + hex.EncodeToString(h.Sum(nil)), nil
}

// Cache keeps finished game reviews in a folder, one file per review,
// named by the SHA-256 of its key, and the Tenhou logs fetched (in
// logs/ID.json: a log does not change). It is safe for concurrent use, also by
// several processes: an entry is written whole to a temporary file, then
// renamed into place.
type Cache struct {
	dir    string
	engine EngineID
}

// OpenCache opens (creating it if need be) the cache folder dir for
// reviews run on the engine named id, and checks that it can be written.
func OpenCache(dir string, id EngineID) (*Cache, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	f, err := os.CreateTemp(dir, ".probe-*")
	if err != nil {
		return nil, fmt.Errorf("%s: cannot write there: %w", dir, errors.Unwrap(err))
	}
	f.Close()
	os.Remove(f.Name())
	return &Cache{dir: dir, engine: id}, nil
}

// cacheKey is everything a game's review depends on. Options' fields that
// change a review are here; TestCacheKeyCoversOptions fails when Options
// gains a field that is in neither this key nor its list of fields that
// change nothing.
type cacheKey struct {
	Format int      `json:"format"`
	Layout string   `json:"report_layout"` // reportLayout
	Record string   `json:"record"`        // RecordDigest of the game
	Seat   int      `json:"seat"`
	Rounds string   `json:"rounds"` // canonical: sorted, "" for all
	Sims   int      `json:"sims"`
	Seed   uint64   `json:"seed"`
	TopN   int      `json:"top_n"`
	Engine EngineID `json:"engine"`
}

func (c *Cache) key(digest string, seat int, o *Options) cacheKey {
	return cacheKey{Format: cacheFormat, Layout: reportLayout(), Record: digest, Seat: seat, Rounds: o.Rounds.canonical(),
		Sims: o.sims(), Seed: o.Seed, TopN: TopN, Engine: c.engine}
}

// path is the entry's file: the key's digest.
func (c *Cache) path(k *cacheKey) string {
	b, _ := json.Marshal(k) // a struct of strings and numbers: cannot fail
	sum := sha256.Sum256(b)
	return filepath.Join(c.dir, hex.EncodeToString(sum[:])+".json")
}

// cacheEntry is an entry's file.
type cacheEntry struct {
	Key    cacheKey `json:"key"`
	Report *Report  `json:"report"`
}

// errCorrupt marks an entry that is there but cannot be used.
var errCorrupt = errors.New("corrupt cache entry")

// load returns the review of key k with decisions decisions, or nil when
// there is none. An entry that cannot be read, or is not that review, is
// an error wrapping errCorrupt naming the file: it is reviewed again and
// overwritten.
func (c *Cache) load(k *cacheKey, decisions int) (*Report, error) {
	path := c.path(k)
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("%w %s: %v", errCorrupt, path, err)
	}
	var e cacheEntry
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(&e); err != nil {
		return nil, fmt.Errorf("%w %s: %v", errCorrupt, path, err)
	}
	want, _ := json.Marshal(k)
	got, _ := json.Marshal(&e.Key)
	switch {
	case !bytes.Equal(got, want):
		return nil, fmt.Errorf("%w %s: its key is another review's", errCorrupt, path)
	case e.Report == nil || len(e.Report.Decisions) != decisions || e.Report.Game.Decisions != decisions:
		return nil, fmt.Errorf("%w %s: it does not hold the game's %d decisions", errCorrupt, path, decisions)
	}
	return e.Report, nil
}

// store writes the review of key k through outfile: to a temporary file
// of the folder, synced, then renamed onto the entry, so that an entry is
// whole or absent, even after a crash.
func (c *Cache) store(k *cacheKey, rep *Report) error {
	b, err := json.Marshal(&cacheEntry{Key: *k, Report: rep})
	if err != nil {
		return err
	}
	f, err := outfile.Create(c.path(k))
	if err != nil {
		return err
	}
	if _, err := f.Write(b); err != nil {
		f.Abort()
		return err
	}
	return f.Commit()
}

// logsDir is the cache's folder of fetched logs.
const logsDir = "logs"

// logPath is where the cache keeps the log id (an id ParseLogRef
// accepted: a safe file name).
func (c *Cache) logPath(id string) string { return filepath.Join(c.dir, logsDir, id+".json") }

// loadLog returns the log id as fetched before, or nil.
func (c *Cache) loadLog(id string) ([]byte, error) {
	b, err := os.ReadFile(c.logPath(id))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	return b, err
}

// storeLog keeps a fetched log, whole or not at all.
func (c *Cache) storeLog(id string, b []byte) error {
	if err := os.MkdirAll(filepath.Join(c.dir, logsDir), 0o755); err != nil {
		return err
	}
	f, err := outfile.Create(c.logPath(id))
	if err != nil {
		return err
	}
	if _, err := f.Write(b); err != nil {
		f.Abort()
		return err
	}
	return f.Commit()
}

// canonical lists the rounds sorted and without repeats, for the key.
func (rs Rounds) canonical() string {
	items := strings.Split(rs.String(), ",")
	slices.Sort(items)
	return strings.Join(slices.Compact(items), ",")
}
