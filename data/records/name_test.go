package records_test

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/internal/datatest"
	"github.com/mjrank/mjrank/data/records"
)

// nameTestSources are the corpus folders whose files TestSameVerdictAnyName
// replays: the games of 2023 and 2024 (unrounded final points), the 2009
// games (east-only uma and extension, no tenpai-yame) and dnovikoff's
// special lobbies (0x200, 0x400 and others); every tenhou.net/6 JSON file
// comes too, and a few files of each other folder.
var nameTestSources = []string{
	"somiona-mahjong579/", "tsubakisakura-mjlog2json/", "thewaxmango-mahjong-hands-history/", "dnovikoff-tenhou/",
}

// nameTestOthers is how many files of each other folder the test takes.
const nameTestOthers = 10

// verdict is what a replay found, as a comparable value.
type verdict struct {
	Games                        int
	Rounds, Wins, Draws, Actions int
	Mismatches, Unchecked, Errs  []string
}

// replayBytes reads every game of b under name and replays the 4-player
// ones.
func replayBytes(t *testing.T, b []byte, name string) verdict {
	t.Helper()
	var v verdict
	rd, _, err := records.NewReader(bytes.NewReader(b), name)
	if err != nil {
		t.Fatalf("%q: %v", name, err)
	}
	for rd.Next() {
		g := rd.Game()
		if g.Players != 4 {
			continue
		}
		v.Games++
		var rep data.ReplayReport
		if err := data.Replay(g, &rep); err != nil {
			v.Errs = append(v.Errs, err.Error())
		}
		v.Rounds += rep.Rounds
		v.Wins += rep.Wins
		v.Draws += rep.Draws
		v.Actions += rep.Actions
		for _, m := range rep.Mismatches {
			v.Mismatches = append(v.Mismatches, m.String())
		}
		v.Unchecked = append(v.Unchecked, rep.Unchecked...)
	}
	if err := rd.Err(); err != nil {
		// A parse error names the file: keep its text without the name.
		var pe *data.ParseError
		if errors.As(err, &pe) {
			c := *pe
			c.File = "NAME"
			err = &c
		}
		v.Errs = append(v.Errs, err.Error())
	}
	return v
}

// nameTestFiles returns the corpus tests' files TestSameVerdictAnyName
// replays; under -short, only the 2023 and 2024 games and a few others.
func nameTestFiles(t *testing.T) []datatest.CorpusFile {
	_, files := datatest.Corpus(t)
	var out []datatest.CorpusFile
	others := map[string]int{}
	for _, cf := range files {
		src, _, _ := strings.Cut(cf.Rel, "/")
		keep := cf.JSON
		for _, s := range nameTestSources {
			keep = keep || strings.HasPrefix(cf.Rel, s)
		}
		if !keep && others[src] < nameTestOthers {
			others[src]++
			keep = true
		}
		if keep {
			out = append(out, cf)
		}
	}
	if testing.Short() {
		var short []datatest.CorpusFile
		for i, cf := range out {
			if strings.Contains(cf.Rel, "/2023") || (strings.Contains(cf.Rel, "/2024") && i%20 == 0) || i%50 == 0 {
				short = append(short, cf)
			}
		}
		out = short
	}
	return out
}

// TestSameVerdictAnyName replays real records under their log-id names,
// under a neutral name ("game.xml"), gzipped under another ("dup.xml.gz")
// and from an io.Reader with no name at all (as serve gets a posted body):
// the era's rules (the rounding of final points from 2023, the 2009 rules)
// come from the record, so every way gives the same report, and the games
// the engine plays agree with the record under every name. A tenhou.net/6
// conversion of the game read without a name replays without a mismatch too.
func TestSameVerdictAnyName(t *testing.T) {
	files := nameTestFiles(t)
	var games, year2023, converted int
	for _, cf := range files {
		raw := datatest.RawRecord(t, cf.Path)
		var gz bytes.Buffer
		zw := gzip.NewWriter(&gz)
		zw.Write(raw)
		zw.Close()
		neutral := "game.xml"
		if cf.JSON {
			neutral = "game.json"
		}
		want := replayBytes(t, raw, cf.Rel)
		for _, m := range want.Mismatches {
			if bad, ok := knownBadRecords[filepath.Base(cf.Rel)]; !ok || !strings.Contains(m, bad) {
				t.Errorf("%s: %s", cf.Rel, m)
			}
		}
		for _, way := range []struct {
			name string
			b    []byte
		}{{neutral, raw}, {"dup.xml.gz", gz.Bytes()}, {"", raw}} {
			if got := replayBytes(t, way.b, way.name); !reflect.DeepEqual(got, want) {
				t.Errorf("%s read as %q: the replay differs from the one under its own name:\n got %+v\nwant %+v", cf.Rel, way.name, got, want)
			}
		}
		games += want.Games
		base := filepath.Base(cf.Rel)
		if strings.HasPrefix(base, "2023") || strings.HasPrefix(base, "2024") {
			year2023 += want.Games
		}
		converted += checkConversion(t, cf, raw)
	}
	t.Logf("%d files, %d games replayed under 4 names (%d of 2023-2024), %d tenhou.net/6 conversions of the unnamed read", len(files), games, year2023, converted)
	if year2023 == 0 || (!testing.Short() && year2023 < 150) {
		t.Errorf("only %d games of 2023-2024 checked", year2023)
	}
}

// checkConversion converts the mjlog game of raw, read without a name, to
// tenhou.net/6 and replays it; it returns 1 if it did.
func checkConversion(t *testing.T, cf datatest.CorpusFile, raw []byte) int {
	if cf.JSON {
		return 0
	}
	rd, _, err := records.NewReader(bytes.NewReader(raw), "")
	if err != nil || !rd.Next() {
		return 0
	}
	g := rd.Game()
	if g.Players != 4 || g.Owari == nil || notCarried(g, records.FormatTenhou6) != "" {
		return 0
	}
	h, _, err := trip(cf.Rel, g, records.FormatTenhou6)
	if err != nil {
		t.Errorf("%s: %v", cf.Rel, err)
		return 0
	}
	var rep data.ReplayReport
	if err := data.Replay(h, &rep); err != nil || len(rep.Mismatches) > 0 {
		t.Errorf("%s: read without a name, converted to tenhou.net/6: %v %v", cf.Rel, err, fmt.Sprint(rep.Mismatches))
	}
	return 1
}
