package data

import (
	"bytes"
	"compress/gzip"
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// TestMeldCodec decodes every 16-bit meld code for every caller: each code
// that decodes gives a valid meld, and encoding it gives a code that decodes
// to the same meld and source.
func TestMeldCodec(t *testing.T) {
	counts := map[score.MeldType]int{}
	for m := range 1 << 16 {
		for who := range 4 {
			md, from, kita, err := decodeMeld(m, who, 4)
			if err != nil {
				continue
			}
			if kita != tile.NoTile {
				counts[score.NoMeld]++
				continue
			}
			if err := md.Check(); err != nil {
				t.Fatalf("m=%d who=%d: %v", m, who, err)
			}
			counts[md.Type]++
			m2, err := encodeMeld(md, who, from, 4)
			if err != nil {
				t.Fatalf("m=%d who=%d %v: encode: %v", m, who, md, err)
			}
			md2, from2, _, err := decodeMeld(m2, who, 4)
			if err != nil || md2 != md || from2 != from {
				t.Fatalf("m=%d who=%d: %v from %d → %d → %v from %d (%v)", m, who, md, from, m2, md2, from2, err)
			}
			if md.Type == score.Chi && from != (who+3)%4 {
				continue // Tenhou never writes these; they still decode
			}
		}
	}
	for _, mt := range []score.MeldType{score.Chi, score.Pon, score.Kakan, score.Daiminkan, score.Ankan, score.NoMeld} {
		if counts[mt] == 0 {
			t.Errorf("no %v decoded", mt)
		}
	}
}

// TestMeldExamples decodes melds of real logs (each checked against the
// caller's hand by the corpus test).
func TestMeldExamples(t *testing.T) {
	for _, c := range []struct {
		m, who, players int
		want            string
		from            int
	}{
		{25023, 2, 4, "chi=234p", 1},    // shuffle.xml: the called 2p first
		{33855, 2, 4, "chi=567p", 1},    // shuffle.xml
		{12288, 1, 4, "ankan=4444p", 1}, // a closed kan: source = caller
		{30752, 2, 3, "", 2},            // a kita (3-player game)
		{50699, 0, 4, "pon=777z", 3},    // (33*3+0)<<9 | 8 | 3: chun from the previous seat
	} {
		md, from, kita, err := decodeMeld(c.m, c.who, c.players)
		if err != nil {
			t.Errorf("%d: %v", c.m, err)
			continue
		}
		if c.want == "" {
			if kita == tile.NoTile || kita.Kind() != tile.North || from != c.from {
				t.Errorf("%d: kita %v from %d, want a North from %d", c.m, kita, from, c.from)
			}
			continue
		}
		if md.String() != c.want || from != c.from {
			t.Errorf("m=%d who=%d: %v from %d, want %s from %d", c.m, c.who, md, from, c.want, c.from)
		}
	}
}

const miniGame = `<mjloggm ver="2.3"><GO type="169" lobby="0"/>` +
	`<UN n0="%41" n1="%42" n2="%43" n3="%44" dan="0,0,0,0" rate="1500.00,1500.00,1500.00,1500.00" sx="M,M,M,C"/>` +
	`<TAIKYOKU oya="0"/>` + "\n" +
	`<INIT seed="0,0,0,2,3,135" ten="250,250,250,250" oya="0" ` +
	`hai0="0,4,8,36,40,44,72,76,80,108,112,116,120" hai1="1,5,9,37,41,45,73,77,81,109,113,117,121" ` +
	`hai2="2,6,10,38,42,46,74,78,82,110,114,118,122" hai3="3,7,11,39,43,47,75,79,83,111,115,119,123"/>` + "\n" +
	`<T124/><RYUUKYOKU type="yao9" ba="0,0" sc="250,0,250,0,250,0,250,0" hai0="0,4,8,36,40,44,72,76,80,108,112,116,120,124" owari="250,5.0,250,-5.0,250,-15.0,250,15.0"/></mjloggm>` + "\n"

// TestMjlogMini reads a small hand-made game.
func TestMjlogMini(t *testing.T) {
	r := NewMjlogReader(strings.NewReader(miniGame), "mini.mjlog")
	if !r.Next() {
		t.Fatal(r.Err())
	}
	g := r.Game()
	if r.Next() || r.Err() != nil {
		t.Fatalf("a second game or an error: %v", r.Err())
	}
	if err := g.Check(); err != nil {
		t.Fatal(err)
	}
	if g.Names != [4]string{"A", "B", "C", "D"} || g.Players != 4 || !g.Rules.EastSouth || g.Rules.Level != Houou {
		t.Errorf("header %+v", g)
	}
	rd := g.Rounds[0]
	if len(rd.Events) != 2 || rd.Ryuukyoku == nil || rd.Ryuukyoku.Type != NineTerminals || len(rd.Ryuukyoku.Hands[0]) != 14 {
		t.Errorf("round %+v", rd)
	}
	if g.Owari == nil || g.Owari.RankPt != [4]float64{5, -5, -15, 15} {
		t.Errorf("owari %+v", g.Owari)
	}
}

// TestMjlogErrors checks the errors and their positions. In the inputs, ¶
// marks where the error must point (and is removed).
func TestMjlogErrors(t *testing.T) {
	head := `<mjloggm ver="2.3"><GO type="169"/><UN n0="" n1="" n2="" n3=""/>` + "\n"
	init := `<INIT seed="0,0,0,2,3,135" ten="250,250,250,250" oya="0" hai0="0,4,8,36,40,44,72,76,80,108,112,116,120" hai1="1,5,9,37,41,45,73,77,81,109,113,117,121" hai2="2,6,10,38,42,46,74,78,82,110,114,118,122" hai3="3,7,11,39,43,47,75,79,83,111,115,119,123"/>`
	for _, c := range []struct {
		name, in string
		want     error
		tag      string
	}{
		{"unknown tag", head + init + "\n<T124/>¶<FOO/>", ErrBadTag, "FOO"},
		{"not mjlog", "¶<html>", ErrBadTag, "html"},
		{"text", head + "¶hello<T1/>", ErrSyntax, ""},
		{"empty tag", head + "¶<>", ErrSyntax, ""},
		{"unterminated value", head + `¶<GO type="169/>`, ErrSyntax, "GO"},
		{"bad tile", head + init + "¶<T136/>", ErrBadValue, "T136"},
		{"draw before INIT", head + "¶<T12/>", ErrBadTag, "T"},
		{"seat out of range", head + init + `¶<REACH who="4" step="1"/>`, ErrBadValue, "REACH"},
		{"bad meld", head + init + `¶<N who="0" m="65535"/>`, ErrBadValue, "N"},
		{"short hand", head + `¶<INIT seed="0,0,0,2,3,135" ten="250,250,250,250" oya="0" hai0="1" hai1="" hai2="" hai3=""/>`, ErrBadValue, "INIT"},
		{"inside a tag at EOF", head + init + "¶<T1", ErrTruncated, ""},
		{"no end", head + init + "<T124/>¶", ErrTruncated, ""},
		{"round without result", head + init + "<T124/>¶</mjloggm>", ErrTruncated, "mjloggm"},
		{"no owari", head + init + `<T124/><RYUUKYOKU type="yao9" ba="0,0" sc="250,0,250,0,250,0,250,0"/>¶</mjloggm>`, ErrTruncated, "mjloggm"},
		{"INIT without result", head + init + "<T124/>\n¶" + init, ErrTruncated, "INIT"},
		{"unknown draw type", head + init + `<T124/>¶<RYUUKYOKU type="foo" ba="0,0" sc="250,0,250,0,250,0,250,0"/>`, ErrBadValue, "RYUUKYOKU"},
	} {
		t.Run(c.name, func(t *testing.T) {
			at := strings.Index(c.in, "¶")
			in := strings.Replace(c.in, "¶", "", 1)
			r := NewMjlogReader(strings.NewReader(in), "x.mjlog")
			for r.Next() {
			}
			err := r.Err()
			var pe *ParseError
			if !errors.Is(err, c.want) || !errors.As(err, &pe) {
				t.Fatalf("got %v, want %v", err, c.want)
			}
			line := 1 + strings.Count(in[:at], "\n")
			col := at - strings.LastIndexByte(in[:at], '\n')
			if pe.Line != line || pe.Column != col || pe.Offset != int64(at) || pe.Tag != c.tag || pe.File != "x.mjlog" {
				t.Errorf("error %q at %d:%d offset %d tag %q; want %d:%d offset %d tag %q", err, pe.Line, pe.Column, pe.Offset, pe.Tag, line, col, at, c.tag)
			}
			if !strings.HasPrefix(err.Error(), "x.mjlog:") {
				t.Errorf("error %q does not start with the file name", err)
			}
		})
	}
}

// TestMjlogTruncatedFiles shows the errors of the two deliberately cut mjx
// files.
func TestMjlogTruncatedFiles(t *testing.T) {
	dir, _ := corpus(t)
	for _, name := range []string{"2011020401gm-00a9-0000-f6eff225-no-game-end.mjlog", "2011020401gm-00a9-0000-f6eff225-no-round-end.mjlog"} {
		rel := "mjx-project-mjx/tests_py/resources/mjlog/" + name
		g, err := readMjlogFile(t, dir+"/"+rel, rel)
		var pe *ParseError
		if !errors.Is(err, ErrTruncated) || !errors.As(err, &pe) || g == nil {
			t.Fatalf("%s: got %v, want ErrTruncated and a partial game", name, err)
		}
		t.Logf("%v (%d rounds read)", err, len(g.Rounds))
	}
}

// TestMjlogGzip reads a gzip-compressed file and two concatenated games.
func TestMjlogGzip(t *testing.T) {
	raw, err := os.ReadFile("testdata/selfplay.xml")
	if err != nil {
		t.Fatal(err)
	}
	var z bytes.Buffer
	zw := gzip.NewWriter(&z)
	zw.Write(raw)
	zw.Write(raw)
	zw.Close()
	plain := readAll(t, NewMjlogReader(bytes.NewReader(raw), "selfplay.xml"))
	zipped := readAll(t, NewMjlogReader(&z, "selfplay.xml.gz"))
	if len(plain) != 1 || len(zipped) != 2 {
		t.Fatalf("read %d and %d games, want 1 and 2", len(plain), len(zipped))
	}
	for _, g := range zipped {
		if !reflect.DeepEqual(g, plain[0]) {
			t.Errorf("gzip game differs:\n%s", diffGames(plain[0], g))
		}
		if g.Ref != "mjrank-arena-5-0-0" {
			t.Errorf("Ref %q", g.Ref)
		}
	}
	r := NewMjlogReader(bytes.NewReader([]byte{0x1f, 0x8b, 0, 0}), "bad.gz")
	if r.Next() || r.Err() == nil {
		t.Errorf("bad gzip read without error")
	}
	checkParseError(t, r.Err())
}

func TestLogID(t *testing.T) {
	for in, want := range map[string]string{
		"/x/2019103023gm-00a9-0000-f90e0fe9.mjlog":                      "2019103023gm-00a9-0000-f90e0fe9",
		"http://tenhou.net/0/?log=2011020417gm-00a9-0000-b67fcaa3&tw=1": "2011020417gm-00a9-0000-b67fcaa3",
		"double-ron.mjlog": "",
		"gm-":              "",
	} {
		if got := logID(in); got != want {
			t.Errorf("logID(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestRules(t *testing.T) {
	r := RulesFromType(0xA9)
	if r != TenhouRules() || !r.EastSouth || !r.RedFives || !r.OpenTanyao || r.Fast || r.Level != Houou || PlayersFromType(0xA9) != 4 {
		t.Errorf("0xA9: %+v", r)
	}
	for _, typ := range []int{0xA9, 0xE1, 0xB9, 0x29, 0xA1, 0x01, 0x07, 0x841, 0x9} {
		r := RulesFromType(typ)
		want := typ | typeHuman
		if got := r.TenhouType(PlayersFromType(typ)); got != want {
			t.Errorf("RulesFromType(%#x).TenhouType = %#x", typ, got)
		}
		back := rulesFromDisp(dispOf(r), r.RedFives)
		back.Type = r.Type
		if back != r {
			t.Errorf("%#x: disp %q reads as %+v, want %+v", typ, dispOf(r), back, r)
		}
	}
	if d := dispOf(RulesFromType(0xE1)); d != "鳳東喰赤速" {
		t.Errorf("disp of 0xE1 = %q", d)
	}
}

func TestTextNames(t *testing.T) {
	for i := range len(eventNames) {
		var e EventType
		b, _ := EventType(i).MarshalText()
		if err := e.UnmarshalText(b); err != nil || e != EventType(i) {
			t.Errorf("event type %d: %q %v", i, b, err)
		}
	}
	for i := range len(ryuukyokuNames) {
		var d RyuukyokuType
		b, _ := RyuukyokuType(i).MarshalText()
		if err := d.UnmarshalText(b); err != nil || d != RyuukyokuType(i) {
			t.Errorf("ryuukyoku type %d: %q %v", i, b, err)
		}
	}
	for i := range len(levelNames) {
		var l Level
		b, _ := Level(i).MarshalText()
		if err := l.UnmarshalText(b); err != nil || l != Level(i) {
			t.Errorf("level %d: %q %v", i, b, err)
		}
	}
	var f Format
	if err := f.UnmarshalText([]byte("mjai")); err != nil || f != FormatMjai {
		t.Errorf("format: %v %v", f, err)
	}
	if err := f.UnmarshalText([]byte("xml")); err == nil {
		t.Errorf("format xml accepted")
	}
}
