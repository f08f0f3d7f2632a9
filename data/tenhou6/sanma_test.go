package tenhou6_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
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
	gs, err := readGames(bytes.NewReader(b), name)
	if err != nil || len(gs) != 1 {
		t.Fatalf("%s: %d games (%v), want one", name, len(gs), err)
	}
	return gs[0]
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
