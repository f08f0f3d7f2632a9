package mjlog

import (
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
