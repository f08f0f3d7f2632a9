package tenhou6_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/internal/datatest"
	"github.com/mjrank/mjrank/data/tenhou6"
	"github.com/mjrank/mjrank/internal/shareddata"
	"github.com/mjrank/mjrank/sim/tile"
)

// sanmaSample is a hand-made 3-player game: in E1 a kita, a pon and a
// ron; in E2 the dealer's kita robbed by a kokushi ron, which busts the
// dealer. mjrank verify replays it without a mismatch.
const sanmaSample = "testdata/sanma.json"

// readOne reads the one game of a tenhou.net/6 record.
func readOne(t *testing.T, b []byte, name string) *data.Game {
	t.Helper()
	r := tenhou6.NewReader(bytes.NewReader(b), name)
	if !r.Next() {
		t.Fatalf("%s: %v", name, r.Err())
	}
	g := r.Game()
	if r.Next() || r.Err() != nil {
		t.Fatalf("%s: a second game or an error: %v", name, r.Err())
	}
	return g
}

// TestSanmaSample reads the hand-made 3-player game: three seats, seat 3
// empty, the kita set aside and the kita robbed where the lists put them;
// the game passes Check and writing it twice gives the same bytes.
func TestSanmaSample(t *testing.T) {
	raw, err := os.ReadFile(sanmaSample)
	if err != nil {
		t.Fatal(err)
	}
	g := readOne(t, raw, sanmaSample)
	if g.Players != 3 || g.Rules != data.RulesFromType(0xB9) && g.Rules.Type != 0xB9 {
		t.Errorf("Players %d, rules %+v; want 3, GO type 0xB9", g.Players, g.Rules)
	}
	if err := g.Check(); err != nil {
		t.Error(err)
	}
	var kita []string
	for i := range g.Rounds {
		rd := &g.Rounds[i]
		if rd.Hands[3][0] != tile.NoTile || rd.Scores[3] != 0 {
			t.Errorf("%s: seat 3 has %v and %d points", rd.Name(), rd.Hands[3], rd.Scores[3])
		}
		for j, e := range rd.Events {
			if e.Type == data.EventKita {
				next := rd.Events[j+1]
				kita = append(kita, rd.Name()+" "+e.String()+", then "+next.String())
			}
		}
	}
	want := []string{"E1-0 1 kita 4z, then 1 draw 5z", "E2-0 1 kita 4z, then 0 agari #0"}
	if strings.Join(kita, "; ") != strings.Join(want, "; ") {
		t.Errorf("kita: %q, want %q", kita, want)
	}
	if a := g.Rounds[1].Agari[0]; a.From != 1 || a.WinTile.Kind() != tile.North || a.Points != 32000 || a.Yakuman[0] != 47 {
		t.Errorf("the robbed kita's win: from %d, tile %v, %d points", a.From, a.WinTile, a.Points)
	}
	b1, err := tenhou6.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	b2, err := tenhou6.Marshal(readOne(t, b1, "again"))
	if err != nil || !bytes.Equal(b1, b2) {
		t.Errorf("second write differs (%v):\n%s\n%s", err, b1, b2)
	}
	if !bytes.Contains(b1, []byte(`[],[],[],["和了"`)) || !bytes.Contains(b1, []byte(`"ratingc":"PF3","rule":{"disp":"三鳳南喰赤"`)) {
		t.Errorf("not tenhou.net's 3-player layout:\n%s", b1)
	}
}

// tenhouNetSanma are the SHA-256 sums of tenhou.net's own JSON (white space
// at the ends trimmed) of four January 2026 Houou 3-player games, as
// Mateces/mortal-sanma keeps them in test-data/bulk-json-2 beside the
// mjlog files the shared corpus holds (mateces-mortal-sanma/test-data).
var tenhouNetSanma = []struct {
	ref, sum string
	// preGame: tenhou.net writes the connections before the game at log
	// −1; mjrank's model puts them at the start of the first round, and
	// the writer writes them there (log 0, step 0).
	preGame bool
}{
	{"2026011603gm-00b9-0000-bf06caeb", "6953d024ca24ccfdbc494313cf0ec4539e7e0c5d773107e97f3a0a61199f9331", false}, // kita, riichi, 九種九牌
	{"2026011906gm-00b9-0000-184abbf1", "624d65e3b02d7994156a91dbf24883d66aa42b6860e129f0dd26a37bdec97f81", false}, // daiminkan, 全員不聴, a connection at step 21
	{"2026012100gm-00b9-0000-95c0c664", "e7af584d008be4133b15620a57f5cdf7667b1235b47cd0a510f68d0a25ebaa99", false}, // ankan, 流し満貫, 流局
	{"2026011714gm-00b9-0000-004010a4", "5e7b1a25ada58359a701ae11ea0c27714e79b07dfaf388795d4b1a4208030762", true},
}

// TestSanmaMatchesTenhouNet writes four 3-player games of the corpus from
// their mjlog and compares the bytes with tenhou.net's own JSON of them
// (by SHA-256: the JSON files are not in the corpus), then reads that JSON
// back: the game is the mjlog's.
func TestSanmaMatchesTenhouNet(t *testing.T) {
	dir := shareddata.Dir(t, "tenhou", "mateces-mortal-sanma", "test-data")
	for _, c := range tenhouNetSanma {
		path := filepath.Join(dir, c.ref+".xml")
		g, err := datatest.ReadMjlogFile(t, path, c.ref)
		if err != nil {
			t.Fatal(err)
		}
		got, err := tenhou6.Marshal(g)
		if err != nil {
			t.Fatalf("%s: %v", c.ref, err)
		}
		got = bytes.TrimSpace(got)
		if c.preGame {
			got = bytes.ReplaceAll(got, []byte(`"log":0,"who":0,"step":0`), []byte(`"log":-1,"who":0,"step":0`))
		}
		sum := sha256.Sum256(got)
		if hex.EncodeToString(sum[:]) != c.sum {
			t.Errorf("%s: output differs from tenhou.net's JSON:\n%s", c.ref, got)
			continue
		}
		// got is now tenhou.net's JSON byte for byte.
		h := readOne(t, got, c.ref)
		if d := datatest.CompareGames(g, h, datatest.CmpOpts{Header: true, SeatEvents: true}); len(d) > 0 {
			t.Errorf("%s: tenhou.net's JSON reads as another game:\n%s", c.ref, strings.Join(d, "\n"))
		}
	}
}

// TestSanmaErrors checks that bad 3-player input is a clear error, naming
// the round and what is wrong, never a panic or a game read wrong.
func TestSanmaErrors(t *testing.T) {
	raw, err := os.ReadFile(sanmaSample)
	if err != nil {
		t.Fatal(err)
	}
	good := string(raw)
	four, err := os.ReadFile("../testdata/selfplay.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, in, old, new string
		want               error
		round              int
		msg                string
	}{
		{"fourth seat's hand", good, "[],[],[],\n[\"和了\",[0,-8000", `[11,11,11,19,19,19,21,21,21,22,22,22,23],[],[],` + "\n" + `["和了",[0,-8000`, data.ErrBadValue, 1, "seat 3 hand not empty in a 3-player game"},
		{"fourth seat's discards", good, "[],[],[],\n[\"和了\",[0,-8000", `[],[],[11],` + "\n" + `["和了",[0,-8000`, data.ErrBadValue, 1, "seat 3 discards not empty"},
		{"fourth seat's score", good, "[35000,35000,35000,0]", "[35000,35000,35000,1000]", data.ErrBadValue, 1, "seat 3 has a score of 1000"},
		{"fourth seat deals", good, "[[1,0,0]", "[[3,0,0]", data.ErrBadValue, 2, "seat 3 deals in a 3-player game"},
		{"fourth seat wins", good, `[2,1,2,"満貫`, `[3,1,3,"満貫`, data.ErrBadValue, 1, "seat 3 in a 3-player game"},
		{"fourth seat's delta", good, "[0,-8000,8000,0]", "[0,-8000,8000,5]", data.ErrBadValue, 1, "seat 3 delta 5"},
		{"call from the fourth seat", good, `"p424242"`, `"42p4242"`, data.ErrBadValue, 1, "called from seat 3, empty in a 3-player game"},
		{"chi", good, `"p424242"`, `"c343536"`, data.ErrBadValue, 1, "chi in a 3-player game"},
		{"2m", good, "[21,22,23,24,25,26,27,28,29,31,32,33,41]", "[12,22,23,24,25,26,27,28,29,31,32,33,41]", data.ErrBadValue, 1, "2m in a 3-player game"},
		{"red 5m", good, "[21,22,23,24,25,26,27,28,29,31,32,33,41]", "[51,22,23,24,25,26,27,28,29,31,32,33,41]", data.ErrBadValue, 1, "0m in a 3-player game"},
		{"kita of another tile", good, `["f44",60,11,60]`, `["f45",60,11,60]`, data.ErrBadValue, 1, `bad kita "f45"`},
		{"kita in the draws", good, `[42,45,"p424242",26]`, `[42,"f44","p424242",26]`, data.ErrBadValue, 1, "kita \"f44\" in the draw list"},
		{"kita without a North", good, "[11,11,19,19,34,35,36,37,38,39,42,43,44],[31]", "[11,11,19,19,34,35,36,37,38,39,42,43,45],[31]", data.ErrInconsistent, 2, "seat 1: 1 kita (f44), but only 0 Norths dealt and drawn"},
		{"kita in a 4-player game", string(four), "[44,31,43,60]", `["f44",31,43,60]`, data.ErrBadValue, 1, "kita \"f44\" in a 4-player game"},
		{"3-player game marked 4-player", good, `"ratingc":"PF3",`, `"ratingc":"PF4",`, data.ErrBadValue, 1, "kita \"f44\" in a 4-player game"},
		{"empty seat in a 4-player game", string(four), "[13,17,18,18,21,23,23,24,25,29,31,53,42]", "[]", data.ErrBadValue, 1, "seat 3 hand has 0 tiles (a 3-player record says"},
	} {
		t.Run(c.name, func(t *testing.T) {
			in := strings.Replace(c.in, c.old, c.new, 1)
			if in == c.in {
				t.Fatalf("%q not in the sample", c.old)
			}
			if c.name == "3-player game marked 4-player" {
				in = strings.Replace(in, `"disp":"三鳳`, `"disp":"鳳`, 1)
			}
			r := tenhou6.NewReader(strings.NewReader(in), "x.json")
			for r.Next() {
			}
			var pe *data.ParseError
			err := r.Err()
			if !errors.Is(err, c.want) || !errors.As(err, &pe) || !strings.Contains(err.Error(), c.msg) {
				t.Fatalf("got %v, want %v saying %q", err, c.want, c.msg)
			}
			if pe.Round != c.round || pe.Line < 1 {
				t.Errorf("%v: round %d line %d, want round %d", err, pe.Round, pe.Line, c.round)
			}
		})
	}
}
