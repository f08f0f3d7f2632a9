package data

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/internal/shareddata"
)

// readTenhou6File reads every game of a tenhou.net/6 file.
func readTenhou6File(t testing.TB, path, name string) ([]*Game, error) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := NewTenhou6Reader(f, name)
	var gs []*Game
	for r.Next() {
		gs = append(gs, r.Game())
	}
	return gs, r.Err()
}

// mergeRounds joins one-round games (mjx's files) into one game.
func mergeRounds(gs []*Game) *Game {
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
	dir, files := corpus(t)
	pairs := 0
	rounds := 0
	for _, cf := range files {
		if !cf.json {
			continue
		}
		var mjlogPath string
		var o cmpOpts
		switch {
		case strings.Contains(cf.rel, "tsubakisakura"):
			mjlogPath = strings.TrimSuffix(cf.path, ".json") + ".xml"
			o = cmpOpts{header: true, seatEvent: true}
		case strings.Contains(cf.rel, "mjscore"):
			mjlogPath = filepath.Join(dir, "mjx-project-mjx/tests_py/resources/mjlog", strings.TrimSuffix(filepath.Base(cf.path), ".json")+".mjlog")
		default:
			continue
		}
		gs, err := readTenhou6File(t, cf.path, cf.rel)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		g := mergeRounds(gs)
		if err := g.Check(); err != nil {
			t.Errorf("%s: %v", cf.rel, err)
		}
		want, err := readMjlogFile(t, mjlogPath, mjlogPath)
		if err != nil {
			t.Errorf("%s: %v", mjlogPath, err)
			continue
		}
		if len(gs) > 1 {
			g.Owari = want.Owari // one-round files carry no final result
		}
		if d := compareGames(want, g, o); len(d) > 0 {
			t.Errorf("%s: mjlog and tenhou.net/6 differ:\n%s", cf.rel, strings.Join(d, "\n"))
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
	_, files := corpus(t)
	var nfiles, games, rounds, events int
	for _, cf := range files {
		if !cf.json {
			continue
		}
		gs, err := readTenhou6File(t, cf.path, cf.rel)
		if strings.HasSuffix(cf.rel, "confusing_nakis_2.json") {
			var pe *ParseError
			if !errors.Is(err, ErrInconsistent) || !errors.As(err, &pe) || pe.Line != 1 || pe.Round != 1 {
				t.Errorf("%s: got %v, want an ErrInconsistent ParseError in round 1", cf.rel, err)
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
				t.Errorf("%s: %v", cf.rel, err)
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
		g, err := readMjlogFile(t, m, filepath.Base(m))
		if err != nil {
			t.Fatal(err)
		}
		got, err := MarshalTenhou6(g)
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

func TestT6Points(t *testing.T) {
	for _, c := range []struct {
		s                 string
		fu, points, limit int
		who, from, dealer int
		han               int
	}{
		{"30符1飜1000点", 30, 1000, 0, 1, 0, 0, 1},
		{"30符1飜300-500点", 30, 1100, 0, 1, 1, 0, 1},
		{"30符1飜500点∀", 30, 1500, 0, 0, 0, 0, 1},
		{"40符2飜700-1300点", 40, 2700, 0, 2, 2, 0, 2},
		{"満貫8000点", 0, 8000, 1, 1, 0, 0, 5},
		{"満貫2000-4000点", 0, 8000, 1, 1, 1, 0, 5},
		{"跳満6000点∀", 0, 18000, 2, 0, 0, 0, 6},
		{"役満16000-32000点", 0, 64000, 5, 1, 1, 0, 0},
		{"三倍満24000点", 0, 24000, 4, 1, 0, 0, 11},
	} {
		fu, points, limit, err := parseT6Points(c.s)
		if err != nil || fu != c.fu || points != c.points || limit != c.limit {
			t.Errorf("parseT6Points(%q) = %d %d %d %v, want %d %d %d", c.s, fu, points, limit, err, c.fu, c.points, c.limit)
		}
		a := &Agari{Who: c.who, From: c.from, Fu: fu, Points: points, Limit: limit}
		if c.han > 0 {
			a.Yaku = []Yaku{{ID: 1, Han: c.han}}
		}
		if got := t6PointsText(a, c.dealer); got != c.s {
			t.Errorf("t6PointsText = %q, want %q", got, c.s)
		}
	}
	for _, bad := range []string{"", "30符", "1000", "x点", "30符1飜1-2点∀"} {
		if _, _, _, err := parseT6Points(bad); !errors.Is(err, ErrBadValue) {
			t.Errorf("parseT6Points(%q): %v, want ErrBadValue", bad, err)
		}
	}
}

func TestT6CallStrings(t *testing.T) {
	for _, c := range []struct {
		s    string
		seat int
		kind t6kind
		from int
	}{
		{"c282627", 1, t6Chi, 0},
		{"p292929", 2, t6Pon, 1},
		{"13p1313", 2, t6Pon, 0},
		{"3636p36", 2, t6Pon, 3},
		{"m39393939", 3, t6Minkan, 2},
		{"26m262626", 3, t6Minkan, 1},
		{"252552m25", 0, t6Minkan, 1},
		{"3636k3636", 0, t6Kakan, -1},
		{"151515a51", 0, t6Ankan, -1},
	} {
		it, err := parseT6Call(c.s, c.seat)
		if err != nil || it.kind != c.kind || (c.from >= 0 && int(it.from) != c.from) {
			t.Errorf("parseT6Call(%q, %d) = %+v %v", c.s, c.seat, it, err)
		}
	}
	for _, bad := range []string{"", "c2826", "p29292929", "x292929", "cc282627", "c28a2627", "p282828", "282828", "2", "c282699"} {
		if it, err := parseT6Call(bad, 0); err == nil && bad != "p282828" {
			t.Errorf("parseT6Call(%q) = %+v, want an error", bad, it)
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
		{"not json", "\n\nhello", ErrSyntax, 3, 0},
		{"cut", good[:100], ErrTruncated, 1, 0},
		{"second record bad", good + "\n" + strings.Replace(good, "[42]", "[99]", 1), ErrBadValue, 2, 1},
		{"three players", strings.Replace(good, `"title"`, `"ratingc":"PF3","title"`, 1), ErrUnsupported, 1, 0},
		{"wrong order", strings.Replace(good, `[37],[42]`, `[37],[42,11]`, 1), ErrInconsistent, 1, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := NewTenhou6Reader(strings.NewReader(c.in), "x.json")
			for r.Next() {
			}
			var pe *ParseError
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
	raw, err := os.ReadFile("testdata/selfplay.json")
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
		r := NewTenhou6Reader(strings.NewReader(in), "x.json")
		for r.Next() {
		}
		var pe *ParseError
		if err := r.Err(); !errors.Is(err, ErrBadValue) || !errors.As(err, &pe) || !strings.Contains(err.Error(), c.want) || pe.Line < 1 || pe.Round != c.round {
			t.Errorf("%s: got %v, want a positioned error in round %d saying %q", c.new, err, c.round, c.want)
		}
	}
}

func TestDetectFormat(t *testing.T) {
	for in, want := range map[string]Format{
		`<mjloggm ver="2.3">`:            FormatMjlog,
		"\n \t{\"type\":\"start_game\"}": FormatMjai,
		`{ "title":["",""]}`:             FormatTenhou6,
		"\xef\xbb\xbf{\"log\":[]}":       FormatTenhou6,
		"hello":                          FormatUnknown,
		"":                               FormatUnknown,
	} {
		if got := DetectFormat([]byte(in)); got != want {
			t.Errorf("DetectFormat(%q) = %v, want %v", in, got, want)
		}
	}
	if _, _, err := NewReader(strings.NewReader("hello"), "x"); !errors.Is(err, ErrSyntax) {
		t.Errorf("NewReader(hello): %v", err)
	}
	for _, f := range []Format{FormatMjlog, FormatTenhou6, FormatMjai} {
		if g, err := ParseFormat(f.String()); g != f || err != nil {
			t.Errorf("ParseFormat(%v) = %v %v", f, g, err)
		}
	}
}

// TestSanmaUnsupported checks that the kind-level formats refuse 3-player
// games with ErrUnsupported, and that mjlog keeps them.
func TestSanmaUnsupported(t *testing.T) {
	dir := shareddata.Dir(t, "tenhou", "dnovikoff-tenhou", "log", "test_data")
	g, err := readMjlogFile(t, filepath.Join(dir, "sanma2.xml"), "sanma2.xml")
	if err != nil {
		t.Fatal(err)
	}
	if g.Players != 3 || g.Rules.Type&0x10 == 0 {
		t.Fatalf("Players %d type %#x", g.Players, g.Rules.Type)
	}
	if _, err := MarshalTenhou6(g); !errors.Is(err, ErrUnsupported) {
		t.Errorf("tenhou.net/6: %v", err)
	}
	if _, err := MarshalMjai(g); !errors.Is(err, ErrUnsupported) {
		t.Errorf("mjai: %v", err)
	}
}
