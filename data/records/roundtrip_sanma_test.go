package records_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/internal/datatest"
	"github.com/mjrank/mjrank/data/records"
	"github.com/mjrank/mjrank/internal/shareddata"
)

// sanmaTally counts what the 3-player round trips went through, for the
// log and for the check that the corpus exercises it.
type sanmaTally struct {
	games, rounds, kita, robbed, kitaWins int
}

// add counts g's rounds, kita, kita robbed by a ron and wins with kita.
func (s *sanmaTally) add(g *data.Game) {
	s.games++
	for i := range g.Rounds {
		rd := &g.Rounds[i]
		s.rounds++
		for j, e := range rd.Events {
			if e.Type != data.EventKita {
				continue
			}
			s.kita++
			if j+1 < len(rd.Events) && rd.Events[j+1].Type == data.EventAgari {
				s.robbed++
			}
		}
		for _, a := range rd.Agari {
			if len(a.Kita) > 0 {
				s.kitaWins++
			}
		}
	}
}

// TestRoundTripSanma takes every complete 3-player game of the corpus
// (the sample by default, all 4,888 with MJRANK_CORPUS=full) from mjlog
// through tenhou.net/6 and through mjai and back: each gives back the game
// the mjlog reader gives, as far as the format carries it (the same
// exclusions as the 4-player round trip of TestRoundTrip), the game read
// back passes Check, and writing it again gives the same bytes. Where
// data.Replay takes 3-player games, the game read back replays as the
// original does.
func TestRoundTripSanma(t *testing.T) {
	dir, files := datatest.Corpus(t)
	index := datatest.ReadIndex(t, dir)
	want := 0
	for _, cf := range files {
		if row := index[cf.Rel]; !cf.JSON && row.Complete && data.PlayersFromType(row.GoType) == 3 {
			want++
		}
	}
	for _, ft := range formatTrips[1:] { // tenhou.net/6, mjai
		t.Run(ft.f.String(), func(t *testing.T) {
			t.Parallel()
			var tally sanmaTally
			var doraMoved, replayed int
			forCorpusGames(t, func(cf datatest.CorpusFile, g *data.Game) {
				if g.Players != 3 {
					return
				}
				tally.add(g)
				h, b, err := trip(cf.Rel, g, ft.f)
				if err != nil {
					t.Errorf("%s: %v", cf.Rel, err)
					return
				}
				if h.Players != 3 {
					t.Errorf("%s via %v: read back as a %d-player game", cf.Rel, ft.f, h.Players)
				}
				ft.check(t, cf.Rel, g, h, b, &doraMoved)
				if !testing.Short() && sameReplay(t, cf.Rel, ft.f, g, h) {
					replayed++
				}
			})
			t.Logf("%d of %d 3-player games round-tripped through %v: %d rounds, %d kita (%d robbed by a ron), %d wins with kita; %d rounds with kan dora revealed at another time; %d replayed alike",
				tally.games, want, ft.f, tally.rounds, tally.kita, tally.robbed, tally.kitaWins, doraMoved, replayed)
			if !testing.Short() && tally.games != want { // -short reads a part of the sample
				t.Errorf("%d 3-player games read, INDEX.tsv lists %d complete ones among the corpus files", tally.games, want)
			}
			if tally.games > 0 && (tally.kita == 0 || tally.kitaWins == 0) {
				t.Errorf("the 3-player games hold %d kita and %d wins with kita: the test would not see them lost", tally.kita, tally.kitaWins)
			}
			if shareddata.FullCorpus() && tally.robbed == 0 {
				t.Error("no kita robbed by a ron in the whole corpus")
			}
		})
	}
}

// sameReplay replays g and h, the game read back from format f, and
// reports whether both replayed alike; the reports must agree.
func sameReplay(t *testing.T, name string, f records.Format, g, h *data.Game) bool {
	t.Helper()
	var rg, rh data.ReplayReport
	eg, eh := data.Replay(g, &rg), data.Replay(h, &rh)
	mg, mh := mismatchTexts(rg), mismatchTexts(rh)
	if fmt.Sprint(eg) != fmt.Sprint(eh) || !slices.Equal(mg, mh) {
		t.Errorf("%s via %v: replays differ:\n  original %v %q\n  read back %v %q", name, f, eg, mg, eh, mh)
		return false
	}
	return true
}

// mismatchTexts lists a replay report's mismatches as text.
func mismatchTexts(r data.ReplayReport) []string {
	var out []string
	for _, m := range r.Mismatches {
		out = append(out, fmt.Sprint(m))
	}
	return out
}

// TestWriterReaderMatrixSanma takes a sample of the 3-player corpus games
// through every format and then through every writer and its reader, as
// TestWriterReaderMatrix does for 4-player games.
func TestWriterReaderMatrixSanma(t *testing.T) {
	every := 8
	if testing.Short() {
		every = 32
	}
	n, i := 0, 0
	forCorpusGames(t, func(cf datatest.CorpusFile, g0 *data.Game) {
		if g0.Players != 3 {
			return
		}
		if i++; i%every != 1 && every > 1 {
			return
		}
		n++
		tripMatrix(t, cf.Rel, g0)
	})
	t.Logf("%d 3-player games through %d × %d formats", n, len(formatTrips), len(formatTrips))
	if n == 0 {
		t.Error("no 3-player game")
	}
}

// TestSanmaNotCarriedElsewhere: a 3-player game read back from
// tenhou.net/6 or mjai keeps Players == 3 and seat 3 empty: no hand, no
// score, no event.
func TestSanmaNotCarriedElsewhere(t *testing.T) {
	n := 0
	forCorpusGames(t, func(cf datatest.CorpusFile, g *data.Game) {
		if g.Players != 3 || n >= 20 {
			return
		}
		n++
		for _, ft := range formatTrips[1:] {
			h, _, err := trip(cf.Rel, g, ft.f)
			if err != nil {
				t.Fatalf("%s: %v", cf.Rel, err)
			}
			if msg := seat3Used(h); msg != "" {
				t.Errorf("%s via %v: %s", cf.Rel, ft.f, msg)
			}
		}
	})
	if n == 0 {
		t.Error("no 3-player game")
	}
}

// seat3Used says where a 3-player game uses its empty fourth seat.
func seat3Used(g *data.Game) string {
	var out []string
	for i := range g.Rounds {
		rd := &g.Rounds[i]
		if rd.Hands[3][0].Valid() || rd.Scores[3] != 0 || rd.Dealer == 3 {
			out = append(out, fmt.Sprintf("round %d (%s): seat 3 hand %v, score %d, dealer %d", i+1, rd.Name(), rd.Hands[3], rd.Scores[3], rd.Dealer))
		}
		for _, e := range rd.Events {
			if e.Seat == 3 || (e.Type == data.EventCall && e.From == 3) {
				out = append(out, fmt.Sprintf("round %d (%s): %v", i+1, rd.Name(), e))
			}
		}
	}
	return strings.Join(out, "; ")
}

// TestNoRedFivesSanma treats 3-player corpus games as if red fives were
// off, as TestNoRedFives does for 4-player ones.
func TestNoRedFivesSanma(t *testing.T) {
	n := 0
	forCorpusGames(t, func(cf datatest.CorpusFile, g *data.Game) {
		if g.Players != 3 || n >= 10 {
			return
		}
		n++
		noRedFives(t, cf.Rel, g)
	})
	if n == 0 {
		t.Error("no 3-player game")
	}
}
