package data

import (
	"bytes"
	"os"
	"testing"

	"github.com/mjrank/mjrank/internal/shareddata"
)

// TestRoundTripReplays converts every complete 4-player mjlog game of the
// corpus to tenhou.net/6 and to mjai, reads each back, and replays it: the
// engine must again agree with every result, and the final scores must be
// the original's (a lossless round trip of everything the scores depend on).
func TestRoundTripReplays(t *testing.T) {
	if testing.Short() {
		t.Skip("converts the whole corpus; skipped under -short")
	}
	dir := shareddata.Dir(t, "tenhou")
	files, _, err := ExpandPaths([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	games := 0
	skipped := map[string]int{}
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		r, format, err := NewReader(f, name)
		if err != nil || format != FormatMjlog {
			f.Close()
			continue
		}
		for r.Next() {
			g := r.Game()
			if g.Players != 4 || g.Owari == nil {
				continue
			}
			games++
			for _, to := range []Format{FormatTenhou6, FormatMjai} {
				if reason := notCarried(g, to); reason != "" {
					skipped[reason]++
					continue
				}
				var buf bytes.Buffer
				if err := NewWriter(&buf, to).Write(g); err != nil {
					t.Fatalf("%s: write %v: %v", name, to, err)
				}
				back := NewFormatReader(&buf, name+"."+to.String(), to)
				if !back.Next() {
					t.Fatalf("%s: read back %v: %v", name, to, back.Err())
				}
				g2 := back.Game()
				var rep ReplayReport
				if err := Replay(g2, &rep); err != nil {
					t.Fatalf("%s via %v: %v", name, to, err)
				}
				for _, m := range rep.Mismatches {
					t.Errorf("%s via %v: %v", name, to, m)
				}
				if g2.Owari == nil || g2.Owari.Scores != g.Owari.Scores || len(g2.Rounds) != len(g.Rounds) {
					t.Errorf("%s via %v: %d rounds, final %+v; original %d rounds, %+v", name, to, len(g2.Rounds), g2.Owari, len(g.Rounds), g.Owari)
				}
			}
		}
		f.Close()
	}
	t.Logf("%d complete 4-player games replayed after conversion to tenhou.net/6 and to mjai; conversions left out: %v", games, skipped)
	if games < 1500 {
		t.Errorf("only %d games", games)
	}
}

// notCarried says why a game's rules cannot survive conversion to format to:
// tenhou.net/6 keeps only the rule text of ordinary lobbies (not the GO
// type's special-lobby bits), and neither format keeps the 2009 format's
// per-round shuffle that dates a game without a log id.
func notCarried(g *Game, to Format) string {
	if to == FormatTenhou6 && g.Rules.Type&^0xFF != 0 {
		return "special-lobby bits (tenhou.net/6)"
	}
	if g.Ref == "" && g.Year() == 2009 {
		return "2009 game without a log id"
	}
	return ""
}
