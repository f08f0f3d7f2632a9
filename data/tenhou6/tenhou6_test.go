package tenhou6_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/internal/datatest"
	"github.com/mjrank/mjrank/data/tenhou6"
	"github.com/mjrank/mjrank/internal/shareddata"
)

// readTenhou6File reads every game of a tenhou.net/6 file.
func readTenhou6File(t testing.TB, path, name string) ([]*data.Game, error) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := tenhou6.NewReader(f, name)
	var gs []*data.Game
	for r.Next() {
		gs = append(gs, r.Game())
	}
	return gs, r.Err()
}

// mergeRounds joins one-round games (mjx's files) into one game.
func mergeRounds(gs []*data.Game) *data.Game {
	g := *gs[0]
	g.Rounds = nil
	for _, x := range gs {
		g.Rounds = append(g.Rounds, x.Rounds...)
	}
	return &g
}

// TestTenhou6MatchesMjlog reads the games that the shared data holds in both
// formats (tsubakisakura-mjlog2json: 6 games, whole; mjx: one round per
// line) and checks that both readers give equivalent records.
func TestTenhou6MatchesMjlog(t *testing.T) {
	dir, files := datatest.Corpus(t)
	pairs := 0
	rounds := 0
	for _, cf := range files {
		if !cf.JSON {
			continue
		}
		var mjlogPath string
		var o datatest.CmpOpts
		switch {
		case strings.Contains(cf.Rel, "tsubakisakura"):
			mjlogPath = strings.TrimSuffix(cf.Path, ".json") + ".xml"
			o = datatest.CmpOpts{Header: true, SeatEvents: true}
		case strings.Contains(cf.Rel, "mjscore"):
			mjlogPath = filepath.Join(dir, "mjx-project-mjx/tests_py/resources/mjlog", strings.TrimSuffix(filepath.Base(cf.Path), ".json")+".mjlog")
		default:
			continue
		}
		gs, err := readTenhou6File(t, cf.Path, cf.Rel)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		g := mergeRounds(gs)
		if err := g.Check(); err != nil {
			t.Errorf("%s: %v", cf.Rel, err)
		}
		want, err := datatest.ReadMjlogFile(t, mjlogPath, mjlogPath)
		if err != nil {
			t.Errorf("%s: %v", mjlogPath, err)
			continue
		}
		if len(gs) > 1 {
			g.Owari = want.Owari // one-round files carry no final result
		}
		if d := datatest.CompareGames(want, g, o); len(d) > 0 {
			t.Errorf("%s: mjlog and tenhou.net/6 differ:\n%s", cf.Rel, strings.Join(d, "\n"))
		}
		pairs++
		rounds += len(g.Rounds)
	}
	t.Logf("%d games (%d rounds) equal in both formats", pairs, rounds)
	if pairs < 37 {
		t.Errorf("compared %d games, want 37", pairs)
	}
}

// TestTenhou6Corpus reads every tenhou.net/6 file of the shared data and
// checks each game. One mjai-reviewer test file is hand-made with five
// copies of 5s; it must fail as inconsistent.
func TestTenhou6Corpus(t *testing.T) {
	_, files := datatest.Corpus(t)
	var nfiles, games, rounds, events int
	for _, cf := range files {
		if !cf.JSON {
			continue
		}
		gs, err := readTenhou6File(t, cf.Path, cf.Rel)
		if strings.HasSuffix(cf.Rel, "confusing_nakis_2.json") {
			var pe *data.ParseError
			if !errors.Is(err, data.ErrInconsistent) || !errors.As(err, &pe) || pe.Line != 1 || pe.Round != 1 {
				t.Errorf("%s: got %v, want an ErrInconsistent ParseError in round 1", cf.Rel, err)
			}
			nfiles++
			continue
		}
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		nfiles++
		for _, g := range gs {
			if err := g.Check(); err != nil {
				t.Errorf("%s: %v", cf.Rel, err)
			}
			games++
			rounds += len(g.Rounds)
			for i := range g.Rounds {
				events += len(g.Rounds[i].Events)
			}
		}
	}
	t.Logf("%d files, %d records, %d rounds, %d events", nfiles, games, rounds, events)
	if nfiles != 57 {
		t.Errorf("read %d files, want 57", nfiles)
	}
}

// TestTenhou6WriterMatchesTenhou writes the six tsubakisakura games read
// from mjlog as tenhou.net/6 and compares the bytes with the JSON files
// tenhou.net made of the same games.
func TestTenhou6WriterMatchesTenhou(t *testing.T) {
	dir := shareddata.Dir(t, "tenhou", "tsubakisakura-mjlog2json", "data")
	ms, err := filepath.Glob(filepath.Join(dir, "*.xml"))
	if err != nil || len(ms) != 6 {
		t.Fatalf("found %d games (%v), want 6", len(ms), err)
	}
	for _, m := range ms {
		g, err := datatest.ReadMjlogFile(t, m, filepath.Base(m))
		if err != nil {
			t.Fatal(err)
		}
		got, err := tenhou6.Marshal(g)
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(strings.TrimSuffix(m, ".xml") + ".json")
		if err != nil {
			t.Fatal(err)
		}
		if string(bytes.TrimSpace(got)) != string(bytes.TrimSpace(want)) {
			t.Errorf("%s: tenhou.net/6 output differs from tenhou.net's:\n got %s\nwant %s", filepath.Base(m), got, want)
		}
	}
}

// TestTenhou6Errors checks the positions of errors: a bad round points at
// the round's start, and names it.
func TestTenhou6Errors(t *testing.T) {
	dir := shareddata.Dir(t, "tenhou", "equim-chan-mjai-reviewer", "convlog", "tests", "testdata")
	raw, err := os.ReadFile(filepath.Join(dir, "kyushukyuhai.json"))
	if err != nil {
		t.Fatal(err)
	}
	good := string(bytes.TrimSpace(raw))
	for _, c := range []struct {
		name, in string
		want     error
		line     int
		round    int
	}{
		{"not json", "\n\nhello", data.ErrSyntax, 3, 0},
		{"cut", good[:100], data.ErrTruncated, 1, 0},
		{"second record bad", good + "\n" + strings.Replace(good, "[42]", "[99]", 1), data.ErrBadValue, 2, 1},
		{"four seats marked 3-player", strings.Replace(good, `"title"`, `"ratingc":"PF3","title"`, 1), data.ErrBadValue, 1, 1},
		{"wrong order", strings.Replace(good, `[37],[42]`, `[37],[42,11]`, 1), data.ErrInconsistent, 1, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := tenhou6.NewReader(strings.NewReader(c.in), "x.json")
			for r.Next() {
			}
			var pe *data.ParseError
			if err := r.Err(); !errors.Is(err, c.want) || !errors.As(err, &pe) {
				t.Fatalf("got %v, want %v", err, c.want)
			}
			if pe.Line != c.line || pe.Round != c.round || pe.Column < 1 {
				t.Errorf("%v: line %d round %d, want line %d round %d", pe, pe.Line, pe.Round, c.line, c.round)
			}
		})
	}
}

// TestTenhou6BadNumbers checks that a bad number names the element and
// quotes the value as written (not as a float64 prints it).
func TestTenhou6BadNumbers(t *testing.T) {
	raw, err := os.ReadFile("../testdata/selfplay.json")
	if err != nil {
		t.Fatal(err)
	}
	good := string(raw)
	const hand = `[15,19,19,21,26,26,26,29,34,38,39,43,44]`
	for _, c := range []struct {
		old, new, want string
		round          int // 0 for the header
	}{
		{hand, `[15,19,99999999999,21,26,26,26,29,34,38,39,43,44]`, "seat 0 hand[2]: tile code 99999999999 out of range", 1},
		{hand, `[15,19,1e300,21,26,26,26,29,34,38,39,43,44]`, "seat 0 hand[2]: tile code 1e300 out of range", 1},
		{hand, `[15,19,19.5,21,26,26,26,29,34,38,39,43,44]`, "seat 0 hand[2]: 19.5 is not an integer", 1},
		{hand, `[15,19,"19",21,26,26,26,29,34,38,39,43,44]`, `seat 0 hand[2]: "19" is not a tile code`, 1},
		{`[31,16,14,17]`, `[31,16,-99999999999,17]`, "seat 0 draws[2]: tile code -99999999999 out of range", 1},
		{`[44,31,43,60]`, `[44,31,43,6e10]`, "seat 0 discards[3]: tile code 6e10 out of range", 1},
		{`[25000,25000,25000,25000]`, `[25000,25000,25000,12345678901234567890]`, "scores[3]: 12345678901234567890 out of range", 1},
		{`[[0,0,0],`, `[[0,0,0.25],`, "[round, honba, sticks][2]: 0.25 is not an integer", 1},
		{`[-4000,-2000,9000,-2000]`, `[-4000,-2000,9000,-2e20]`, "result: deltas[3]: -2e20 out of range", 1},
		{`"sc":[15000,`, `"sc":[1.5e12,`, "sc[0]: final score 1.5e12 out of range", 0},
		{`"sc":[15000,-25,`, `"sc":[15000,"-25",`, `sc[1]: final points "-25" is not a number`, 0},
	} {
		in := strings.Replace(good, c.old, c.new, 1)
		if in == good {
			t.Fatalf("%s not in the sample", c.old)
		}
		r := tenhou6.NewReader(strings.NewReader(in), "x.json")
		for r.Next() {
		}
		var pe *data.ParseError
		if err := r.Err(); !errors.Is(err, data.ErrBadValue) || !errors.As(err, &pe) || !strings.Contains(err.Error(), c.want) || pe.Line < 1 || pe.Round != c.round {
			t.Errorf("%s: got %v, want a positioned error in round %d saying %q", c.new, err, c.round, c.want)
		}
	}
}
