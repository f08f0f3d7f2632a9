package mjlog_test

import (
	"bytes"
	"compress/gzip"
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/internal/datatest"
	"github.com/mjrank/mjrank/data/mjlog"
)

const miniGame = `<mjloggm ver="2.3"><GO type="169" lobby="0"/>` +
	`<UN n0="%41" n1="%42" n2="%43" n3="%44" dan="0,0,0,0" rate="1500.00,1500.00,1500.00,1500.00" sx="M,M,M,C"/>` +
	`<TAIKYOKU oya="0"/>` + "\n" +
	`<INIT seed="0,0,0,2,3,135" ten="250,250,250,250" oya="0" ` +
	`hai0="0,4,8,36,40,44,72,76,80,108,112,116,120" hai1="1,5,9,37,41,45,73,77,81,109,113,117,121" ` +
	`hai2="2,6,10,38,42,46,74,78,82,110,114,118,122" hai3="3,7,11,39,43,47,75,79,83,111,115,119,123"/>` + "\n" +
	`<T124/><RYUUKYOKU type="yao9" ba="0,0" sc="250,0,250,0,250,0,250,0" hai0="0,4,8,36,40,44,72,76,80,108,112,116,120,124" owari="250,5.0,250,-5.0,250,-15.0,250,15.0"/></mjloggm>` + "\n"

// TestMjlogMini reads a small hand-made game.
func TestMjlogMini(t *testing.T) {
	r := mjlog.NewReader(strings.NewReader(miniGame), "mini.mjlog")
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
	if g.Names != [4]string{"A", "B", "C", "D"} || g.Players != 4 || !g.Rules.EastSouth || g.Rules.Level != data.Houou {
		t.Errorf("header %+v", g)
	}
	rd := g.Rounds[0]
	if len(rd.Events) != 2 || rd.Ryuukyoku == nil || rd.Ryuukyoku.Type != data.NineTerminals || len(rd.Ryuukyoku.Hands[0]) != 14 {
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
		{"unknown tag", head + init + "\n<T124/>¶<FOO/>", data.ErrBadTag, "FOO"},
		{"not mjlog", "¶<html>", data.ErrBadTag, "html"},
		{"text", head + "¶hello<T1/>", data.ErrSyntax, ""},
		{"empty tag", head + "¶<>", data.ErrSyntax, ""},
		{"unterminated value", head + `¶<GO type="169/>`, data.ErrSyntax, "GO"},
		{"bad tile", head + init + "¶<T136/>", data.ErrBadValue, "T136"},
		{"draw before INIT", head + "¶<T12/>", data.ErrBadTag, "T"},
		{"seat out of range", head + init + `¶<REACH who="4" step="1"/>`, data.ErrBadValue, "REACH"},
		{"bad meld", head + init + `¶<N who="0" m="65535"/>`, data.ErrBadValue, "N"},
		{"short hand", head + `¶<INIT seed="0,0,0,2,3,135" ten="250,250,250,250" oya="0" hai0="1" hai1="" hai2="" hai3=""/>`, data.ErrBadValue, "INIT"},
		{"inside a tag at EOF", head + init + "¶<T1", data.ErrTruncated, ""},
		{"no end", head + init + "<T124/>¶", data.ErrTruncated, ""},
		{"round without result", head + init + "<T124/>¶</mjloggm>", data.ErrTruncated, "mjloggm"},
		{"no owari", head + init + `<T124/><RYUUKYOKU type="yao9" ba="0,0" sc="250,0,250,0,250,0,250,0"/>¶</mjloggm>`, data.ErrTruncated, "mjloggm"},
		{"INIT without result", head + init + "<T124/>\n¶" + init, data.ErrTruncated, "INIT"},
		{"unknown draw type", head + init + `<T124/>¶<RYUUKYOKU type="foo" ba="0,0" sc="250,0,250,0,250,0,250,0"/>`, data.ErrBadValue, "RYUUKYOKU"},
	} {
		t.Run(c.name, func(t *testing.T) {
			at := strings.Index(c.in, "¶")
			in := strings.Replace(c.in, "¶", "", 1)
			r := mjlog.NewReader(strings.NewReader(in), "x.mjlog")
			for r.Next() {
			}
			err := r.Err()
			var pe *data.ParseError
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
	dir, _ := datatest.Corpus(t)
	for _, name := range []string{"2011020401gm-00a9-0000-f6eff225-no-game-end.mjlog", "2011020401gm-00a9-0000-f6eff225-no-round-end.mjlog"} {
		rel := "mjx-project-mjx/tests_py/resources/mjlog/" + name
		g, err := datatest.ReadMjlogFile(t, dir+"/"+rel, rel)
		var pe *data.ParseError
		if !errors.Is(err, data.ErrTruncated) || !errors.As(err, &pe) || g == nil {
			t.Fatalf("%s: got %v, want ErrTruncated and a partial game", name, err)
		}
		t.Logf("%v (%d rounds read)", err, len(g.Rounds))
	}
}

// TestMjlogGzip reads a gzip-compressed file and two concatenated games.
func TestMjlogGzip(t *testing.T) {
	raw, err := os.ReadFile("../testdata/selfplay.xml")
	if err != nil {
		t.Fatal(err)
	}
	var z bytes.Buffer
	zw := gzip.NewWriter(&z)
	zw.Write(raw)
	zw.Write(raw)
	zw.Close()
	plain := datatest.ReadAll(t, mjlog.NewReader(bytes.NewReader(raw), "selfplay.xml"))
	zipped := datatest.ReadAll(t, mjlog.NewReader(&z, "selfplay.xml.gz"))
	if len(plain) != 1 || len(zipped) != 2 {
		t.Fatalf("read %d and %d games, want 1 and 2", len(plain), len(zipped))
	}
	for _, g := range zipped {
		if !reflect.DeepEqual(g, plain[0]) {
			t.Errorf("gzip game differs:\n%s", datatest.DiffGames(plain[0], g))
		}
		if g.Ref != "mjrank-arena-5-0-0" {
			t.Errorf("Ref %q", g.Ref)
		}
	}
	r := mjlog.NewReader(bytes.NewReader([]byte{0x1f, 0x8b, 0, 0}), "bad.gz")
	if r.Next() || r.Err() == nil {
		t.Errorf("bad gzip read without error")
	}
	datatest.CheckParseError(t, r.Err())
}
