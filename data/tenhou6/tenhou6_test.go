package tenhou6_test

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/internal/datatest"
	"github.com/mjrank/mjrank/data/tenhou6"
	"github.com/mjrank/mjrank/internal/shareddata"
)

// readGames reads every game of a tenhou.net/6 record, up to the error
// that stops the reader.
func readGames(in io.Reader, name string) ([]*data.Game, error) {
	r := tenhou6.NewReader(in, name)
	var gs []*data.Game
	for r.Next() {
		gs = append(gs, r.Game())
	}
	return gs, r.Err()
}

// readTenhou6File reads every game of a tenhou.net/6 file.
func readTenhou6File(t testing.TB, path, name string) ([]*data.Game, error) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	return readGames(f, name)
}

// readErr reads the record in as x.json and returns the error that stops
// the reader and the *data.ParseError it wraps (nil if none).
func readErr(in string) (*data.ParseError, error) {
	_, err := readGames(strings.NewReader(in), "x.json")
	var pe *data.ParseError
	errors.As(err, &pe)
	return pe, err
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
			pe, err := readErr(c.in)
			if !errors.Is(err, c.want) || pe == nil {
				t.Fatalf("got %v, want %v", err, c.want)
			}
			if pe.Line != c.line || pe.Round != c.round || pe.Column < 1 {
				t.Errorf("%v: line %d round %d, want line %d round %d", pe, pe.Line, pe.Round, c.line, c.round)
			}
		})
	}
}

// TestTenhou6BadValues edits one value of a good record at a time, with
// four players (selfplay.json) and with three (the 3-player sample): each
// is a clear error naming the round and what is wrong, never a panic or a
// game read wrong. A bad number is quoted as written (not as a float64
// prints it).
func TestTenhou6BadValues(t *testing.T) {
	read := func(path string) string {
		raw, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return string(raw)
	}
	four, three := read("../testdata/selfplay.json"), read(sanmaSample)
	const hand = `[15,19,19,21,26,26,26,29,34,38,39,43,44]`
	const sanmaEnd = "[],[],[],\n[\"和了\",[0,-8000" // seat 3's empty lists before E1's result
	const sanmaHand = "[21,22,23,24,25,26,27,28,29,31,32,33,41]"
	for _, c := range []struct {
		name, in, old, new string
		want               error
		round              int // 0 for the header
		msg                string
	}{
		{"big tile code", four, hand, `[15,19,99999999999,21,26,26,26,29,34,38,39,43,44]`, data.ErrBadValue, 1, "seat 0 hand[2]: tile code 99999999999 out of range"},
		{"tile code 1e300", four, hand, `[15,19,1e300,21,26,26,26,29,34,38,39,43,44]`, data.ErrBadValue, 1, "seat 0 hand[2]: tile code 1e300 out of range"},
		{"fractional tile code", four, hand, `[15,19,19.5,21,26,26,26,29,34,38,39,43,44]`, data.ErrBadValue, 1, "seat 0 hand[2]: 19.5 is not an integer"},
		{"tile code a string", four, hand, `[15,19,"19",21,26,26,26,29,34,38,39,43,44]`, data.ErrBadValue, 1, `seat 0 hand[2]: "19" is not a tile code`},
		{"negative draw", four, `[31,16,14,17]`, `[31,16,-99999999999,17]`, data.ErrBadValue, 1, "seat 0 draws[2]: tile code -99999999999 out of range"},
		{"discard 6e10", four, `[44,31,43,60]`, `[44,31,43,6e10]`, data.ErrBadValue, 1, "seat 0 discards[3]: tile code 6e10 out of range"},
		{"big score", four, `[25000,25000,25000,25000]`, `[25000,25000,25000,12345678901234567890]`, data.ErrBadValue, 1, "scores[3]: 12345678901234567890 out of range"},
		{"fractional sticks", four, `[[0,0,0],`, `[[0,0,0.25],`, data.ErrBadValue, 1, "[round, honba, sticks][2]: 0.25 is not an integer"},
		{"delta -2e20", four, `[-4000,-2000,9000,-2000]`, `[-4000,-2000,9000,-2e20]`, data.ErrBadValue, 1, "result: deltas[3]: -2e20 out of range"},
		{"final score 1.5e12", four, `"sc":[15000,`, `"sc":[1.5e12,`, data.ErrBadValue, 0, "sc[0]: final score 1.5e12 out of range"},
		{"final points a string", four, `"sc":[15000,-25,`, `"sc":[15000,"-25",`, data.ErrBadValue, 0, `sc[1]: final points "-25" is not a number`},
		// Three players: what a 3-player record cannot hold.
		{"fourth seat's hand", three, sanmaEnd, `[11,11,11,19,19,19,21,21,21,22,22,22,23],[],[],` + "\n" + `["和了",[0,-8000`, data.ErrBadValue, 1, "seat 3 hand not empty in a 3-player game"},
		{"fourth seat's discards", three, sanmaEnd, `[],[],[11],` + "\n" + `["和了",[0,-8000`, data.ErrBadValue, 1, "seat 3 discards not empty"},
		{"fourth seat's score", three, "[35000,35000,35000,0]", "[35000,35000,35000,1000]", data.ErrBadValue, 1, "seat 3 has a score of 1000"},
		{"fourth seat deals", three, "[[1,0,0]", "[[3,0,0]", data.ErrBadValue, 2, "seat 3 deals in a 3-player game"},
		{"fourth seat wins", three, `[2,1,2,"満貫`, `[3,1,3,"満貫`, data.ErrBadValue, 1, "seat 3 in a 3-player game"},
		{"fourth seat's delta", three, "[0,-8000,8000,0]", "[0,-8000,8000,5]", data.ErrBadValue, 1, "seat 3 delta 5"},
		{"call from the fourth seat", three, `"p424242"`, `"42p4242"`, data.ErrBadValue, 1, "called from seat 3, empty in a 3-player game"},
		{"chi", three, `"p424242"`, `"c343536"`, data.ErrBadValue, 1, "chi in a 3-player game"},
		{"2m", three, sanmaHand, "[12,22,23,24,25,26,27,28,29,31,32,33,41]", data.ErrBadValue, 1, "2m in a 3-player game"},
		{"red 5m", three, sanmaHand, "[51,22,23,24,25,26,27,28,29,31,32,33,41]", data.ErrBadValue, 1, "0m in a 3-player game"},
		{"kita of another tile", three, `["f44",60,11,60]`, `["f45",60,11,60]`, data.ErrBadValue, 1, `bad kita "f45"`},
		{"kita in the draws", three, `[42,45,"p424242",26]`, `[42,"f44","p424242",26]`, data.ErrBadValue, 1, "kita \"f44\" in the draw list"},
		{"kita without a North", three, "[11,11,19,19,34,35,36,37,38,39,42,43,44],[31]", "[11,11,19,19,34,35,36,37,38,39,42,43,45],[31]", data.ErrInconsistent, 2, "seat 1: 1 kita (f44), but only 0 Norths dealt and drawn"},
		{"kita in a 4-player game", four, "[44,31,43,60]", `["f44",31,43,60]`, data.ErrBadValue, 1, "kita \"f44\" in a 4-player game"},
		{"3-player game marked 4-player", three, `"disp":"三鳳南喰赤","aka53":1,"aka52":1,"aka51":1},"ratingc":"PF3",`, `"disp":"鳳南喰赤","aka53":1,"aka52":1,"aka51":1},"ratingc":"PF4",`, data.ErrBadValue, 1, "kita \"f44\" in a 4-player game"},
		{"empty seat in a 4-player game", four, "[13,17,18,18,21,23,23,24,25,29,31,53,42]", "[]", data.ErrBadValue, 1, "seat 3 hand has 0 tiles (a 3-player record says"},
	} {
		t.Run(c.name, func(t *testing.T) {
			in := strings.Replace(c.in, c.old, c.new, 1)
			if in == c.in {
				t.Fatalf("%q not in the sample", c.old)
			}
			pe, err := readErr(in)
			if !errors.Is(err, c.want) || pe == nil || !strings.Contains(err.Error(), c.msg) {
				t.Fatalf("got %v, want %v saying %q", err, c.want, c.msg)
			}
			if pe.Round != c.round || pe.Line < 1 {
				t.Errorf("%v: round %d line %d, want round %d", err, pe.Round, pe.Line, c.round)
			}
		})
	}
}
