package data

import (
	"bufio"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/internal/shareddata"
)

// corpusFile is one record file of the shared data.
type corpusFile struct {
	rel  string // path relative to the tenhou folder
	path string
	json bool // tenhou.net/6 JSON rather than mjlog XML
}

// corpus lists the record files under ../shared/data/tenhou: mjlog XML
// (.mjlog, .xml, .xml_, and the .txt logs) and tenhou.net/6 JSON (.json).
// Protocol logs, archives and notes are left out.
func corpus(t testing.TB) (string, []corpusFile) {
	t.Helper()
	dir := shareddata.Dir(t, "tenhou")
	var files []corpusFile
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		switch ext := filepath.Ext(path); {
		case ext == ".mjlog" || ext == ".xml" || ext == ".xml_" || (ext == ".txt" && strings.Contains(rel, "/logs/")):
			files = append(files, corpusFile{rel: rel, path: path})
		case ext == ".json":
			files = append(files, corpusFile{rel: rel, path: path, json: true})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return dir, files
}

// indexRow is one row of INDEX.tsv.
type indexRow struct {
	goType, rounds, agari, ryuukyoku int
	complete                         bool
}

func readIndex(t testing.TB, dir string) map[string]indexRow {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, "INDEX.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows := map[string]indexRow{}
	sc := bufio.NewScanner(f)
	sc.Scan() // header
	for sc.Scan() {
		c := strings.Split(sc.Text(), "\t")
		if len(c) < 10 {
			t.Fatalf("INDEX.tsv: short row %q", sc.Text())
		}
		n := func(s string) int {
			v, err := strconv.Atoi(s)
			if err != nil {
				t.Fatalf("INDEX.tsv: %q: %v", sc.Text(), err)
			}
			return v
		}
		rows[c[0]] = indexRow{goType: n(c[2]), rounds: n(c[4]), agari: n(c[5]), ryuukyoku: n(c[6]), complete: c[7] == "1"}
	}
	return rows
}

// readMjlogFile reads the one game of an mjlog file: the game (partial on
// error) and the error.
func readMjlogFile(t testing.TB, path, name string) (*Game, error) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := NewMjlogReader(f, name)
	if !r.Next() {
		if r.Err() == nil {
			t.Fatalf("%s: no game", name)
		}
		return r.Game(), r.Err()
	}
	g := r.Game()
	if r.Next() {
		t.Errorf("%s: more than one game", name)
	}
	return g, r.Err()
}

func countResults(g *Game) (rounds, agari, ryuukyoku, events int) {
	for i := range g.Rounds {
		rd := &g.Rounds[i]
		agari += len(rd.Agari)
		if rd.Ryuukyoku != nil {
			ryuukyoku++
		}
		events += len(rd.Events)
	}
	return len(g.Rounds), agari, ryuukyoku, events
}

// TestMjlogCorpus reads every mjlog file of the shared data, checks each
// game with Check, and compares the counts with INDEX.tsv. The deliberately
// truncated files must fail with ErrTruncated at a position.
func TestMjlogCorpus(t *testing.T) {
	dir, files := corpus(t)
	index := readIndex(t, dir)
	var games, games4, rounds, agari, ryuukyoku, events, truncated, sanma int
	for _, cf := range files {
		if cf.json {
			continue
		}
		row, ok := index[cf.rel]
		if !ok {
			t.Errorf("%s: not in INDEX.tsv", cf.rel)
			continue
		}
		g, err := readMjlogFile(t, cf.path, cf.rel)
		if !row.complete {
			var pe *ParseError
			if !errors.Is(err, ErrTruncated) || !errors.As(err, &pe) || pe.Line == 0 || pe.File != cf.rel {
				t.Errorf("%s: got error %v, want ErrTruncated with a position", cf.rel, err)
			}
			truncated++
		} else if err != nil {
			t.Errorf("%s: %v", cf.rel, err)
			continue
		}
		if g == nil {
			t.Errorf("%s: no partial game", cf.rel)
			continue
		}
		nr, na, nd, ne := countResults(g)
		if nr != row.rounds || na != row.agari || nd != row.ryuukyoku || g.Rules.Type != row.goType {
			t.Errorf("%s: %d rounds %d agari %d ryuukyoku type %d; INDEX.tsv says %d %d %d %d", cf.rel, nr, na, nd, g.Rules.Type, row.rounds, row.agari, row.ryuukyoku, row.goType)
		}
		if !row.complete {
			continue
		}
		if err := g.Check(); err != nil {
			t.Errorf("%s: %v", cf.rel, err)
		}
		games++
		if g.Players == 3 {
			sanma++
			continue
		}
		games4++
		rounds += nr
		agari += na
		ryuukyoku += nd
		events += ne
	}
	t.Logf("%d complete games (%d 4-player: %d rounds, %d agari, %d ryuukyoku, %d events; %d 3-player), %d truncated files",
		games, games4, rounds, agari, ryuukyoku, events, sanma, truncated)
	if games4 < 1500 || truncated != 64 {
		t.Errorf("read %d complete 4-player games and %d truncated files; want ≥ 1500 and 64", games4, truncated)
	}
}
