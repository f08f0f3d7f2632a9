package shareddata

import (
	"bufio"
	_ "embed"
	"fmt"
	"hash/fnv"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// CorpusEnv names the environment variable that chooses the record files
// the corpus tests read: unset, they read the fixed sample listed in
// sample.txt; "full", every record file of ../shared/data/tenhou (make
// test-corpus).
const CorpusEnv = "MJRANK_CORPUS"

// FullCorpus reports whether the corpus tests run on the whole corpus.
func FullCorpus() bool { return os.Getenv(CorpusEnv) == "full" }

// The sample's quotas: at most this many files of each stratum (source
// folder, year, GO type) of INDEX.tsv. 3-player games count for less: the
// engine does not play them, only the mjlog tests read them.
const (
	SampleQuota       = 200
	SampleQuota3P     = 50
	sampleFile        = "sample.txt"
	threePlayerGoType = 0x10
)

//go:embed sample.txt
var sampleList string

// CorpusFile is one record file of ../shared/data/tenhou.
type CorpusFile struct {
	Rel  string // path relative to the tenhou folder, with forward slashes
	Path string
	JSON bool // tenhou.net/6 JSON rather than mjlog XML
}

// Corpus returns the tenhou folder and the record files the corpus tests
// read: the fixed sample (sample.txt), or with MJRANK_CORPUS=full every
// mjlog file INDEX.tsv lists and every tenhou.net/6 JSON file. The files
// come sorted by path. A sample file that is missing fails the test: the
// sample is regenerated with
// go test ./internal/shareddata -run TestSample -update.
func Corpus(t testing.TB) (string, []CorpusFile) {
	t.Helper()
	dir := Dir(t, "tenhou")
	var rels []string
	if FullCorpus() {
		all, err := AllRecords(dir)
		if err != nil {
			t.Fatal(err)
		}
		rels = all
	} else {
		rels = SampleRels()
	}
	files := make([]CorpusFile, 0, len(rels))
	for _, rel := range rels {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if _, err := os.Stat(p); err != nil {
			t.Fatalf("corpus sample: %v (regenerate: go test ./internal/shareddata -run TestSample -update)", err)
		}
		files = append(files, CorpusFile{Rel: rel, Path: p, JSON: strings.HasSuffix(rel, ".json")})
	}
	return dir, files
}

// CorpusSet is [Corpus] as a set of paths relative to the tenhou folder,
// for tests that walk INDEX.tsv and keep the corpus tests' files.
func CorpusSet(t testing.TB) (string, map[string]bool) {
	t.Helper()
	dir, files := Corpus(t)
	set := make(map[string]bool, len(files))
	for _, f := range files {
		set[f.Rel] = true
	}
	return dir, set
}

// CorpusPaths is [Corpus] as plain paths, for tests that hand files to a
// reader or a pipeline.
func CorpusPaths(t testing.TB) []string {
	t.Helper()
	_, files := Corpus(t)
	out := make([]string, len(files))
	for i, f := range files {
		out[i] = f.Path
	}
	return out
}

// SampleRels returns the sample's paths, relative to the tenhou folder.
func SampleRels() []string {
	var out []string
	for line := range strings.Lines(sampleList) {
		line = strings.TrimSpace(line)
		if line != "" && !strings.HasPrefix(line, "#") {
			out = append(out, line)
		}
	}
	return out
}

// IndexEntry is one row of INDEX.tsv: a record file and its stratum.
type IndexEntry struct {
	Rel      string
	LogID    string
	GoType   int
	Complete bool   // the record holds the whole game (column complete)
	Key      string // the game's key, shared by copies of one game (game_key)
}

// Stratum names the group a file is sampled from: its source folder, the
// year it was played and its GO type.
func (e IndexEntry) Stratum() string {
	src, _, _ := strings.Cut(e.Rel, "/")
	return fmt.Sprintf("%s %s %#x", src, e.Year(), e.GoType)
}

var yearInPath = regexp.MustCompile(`(?:^|[^0-9])(20[0-9]{2})[01][0-9][0-3][0-9]`)

// Year is the year from the log id, or from a date in the path (the
// njima1572 files, which have none), or "unknown".
func (e IndexEntry) Year() string {
	if len(e.LogID) >= 4 {
		return e.LogID[:4]
	}
	if m := yearInPath.FindStringSubmatch(e.Rel); m != nil {
		return m[1]
	}
	return "unknown"
}

// ReadIndex reads the rows of dir/INDEX.tsv.
func ReadIndex(dir string) ([]IndexEntry, error) {
	f, err := os.Open(filepath.Join(dir, "INDEX.tsv"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []IndexEntry
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		if line == 1 {
			continue // header
		}
		c := strings.Split(sc.Text(), "\t")
		var goType int
		if len(c) < 3 {
			return nil, fmt.Errorf("INDEX.tsv:%d: %d columns", line, len(c))
		}
		if _, err := fmt.Sscan(c[2], &goType); err != nil {
			return nil, fmt.Errorf("INDEX.tsv:%d: go_type %q", line, c[2])
		}
		e := IndexEntry{Rel: c[0], LogID: c[1], GoType: goType}
		if len(c) >= 10 {
			e.Complete, e.Key = c[7] == "1", c[9]
		}
		out = append(out, e)
	}
	return out, sc.Err()
}

// IndexFiles returns the paths of the record files INDEX.tsv of the
// tenhou folder dir lists with GO type goType (0xB9: Tenhou's 3-player
// Houou hanchan), each once, in the index's order.
func IndexFiles(dir string, goType int) ([]string, error) {
	idx, err := ReadIndex(dir)
	if err != nil {
		return nil, err
	}
	var files []string
	seen := map[string]bool{}
	for _, e := range idx {
		if e.GoType == goType && !seen[e.Rel] {
			seen[e.Rel] = true
			files = append(files, filepath.Join(dir, filepath.FromSlash(e.Rel)))
		}
	}
	return files, nil
}

// jsonRecords lists the tenhou.net/6 JSON files under dir (INDEX.tsv lists
// only mjlog files), relative and sorted.
func jsonRecords(dir string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(path) != ".json" {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		out = append(out, filepath.ToSlash(rel))
		return err
	})
	slices.Sort(out)
	return out, err
}

// AllRecords lists every record file of the tenhou folder dir: the mjlog
// files of INDEX.tsv and the JSON files, relative and sorted.
func AllRecords(dir string) ([]string, error) {
	idx, err := ReadIndex(dir)
	if err != nil {
		return nil, err
	}
	out, err := jsonRecords(dir)
	if err != nil {
		return nil, err
	}
	for _, e := range idx {
		out = append(out, e.Rel)
	}
	slices.Sort(out)
	return out, nil
}

// quota is how many files of a stratum the sample holds.
func quota(goType int) int {
	if goType&threePlayerGoType != 0 {
		return SampleQuota3P
	}
	return SampleQuota
}

// Resample returns the sample for the corpus in dir, keeping every file of
// old that still exists so a growing corpus does not move the sample:
// each stratum is filled up to its quota with the files of lowest FNV-1a
// hash of their path, and every JSON file is in (there are few).
func Resample(dir string, old []string) ([]string, error) {
	idx, err := ReadIndex(dir)
	if err != nil {
		return nil, err
	}
	keep := map[string]bool{}
	for _, rel := range old {
		if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(rel))); err == nil {
			keep[rel] = true
		}
	}
	byStratum := map[string][]IndexEntry{}
	for _, e := range idx {
		byStratum[e.Stratum()] = append(byStratum[e.Stratum()], e)
	}
	out, err := jsonRecords(dir)
	if err != nil {
		return nil, err
	}
	for _, es := range byStratum {
		slices.SortFunc(es, func(a, b IndexEntry) int {
			if c := cmpUint(pathHash(a.Rel), pathHash(b.Rel)); c != 0 {
				return c
			}
			return strings.Compare(a.Rel, b.Rel)
		})
		n := 0
		for _, e := range es {
			if keep[e.Rel] {
				n++
			}
		}
		for _, e := range es {
			if keep[e.Rel] {
				out = append(out, e.Rel)
			} else if n < quota(e.GoType) {
				out = append(out, e.Rel)
				n++
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out), nil
}

func pathHash(s string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	return h.Sum64()
}

func cmpUint(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
