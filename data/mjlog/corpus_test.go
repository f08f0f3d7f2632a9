package mjlog_test

import (
	"errors"
	"testing"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/internal/datatest"
)

// TestMjlogCorpus reads every mjlog file of the shared data, checks each
// game with Check, and compares the counts with INDEX.tsv. The deliberately
// truncated files must fail with ErrTruncated at a position.
func TestMjlogCorpus(t *testing.T) {
	dir, files := datatest.Corpus(t)
	index := datatest.ReadIndex(t, dir)
	var games, games4, rounds, agari, ryuukyoku, events, truncated, sanma int
	for _, cf := range files {
		if cf.JSON {
			continue
		}
		row, ok := index[cf.Rel]
		if !ok {
			t.Errorf("%s: not in INDEX.tsv", cf.Rel)
			continue
		}
		g, err := datatest.ReadMjlogFile(t, cf.Path, cf.Rel)
		if !row.Complete {
			var pe *data.ParseError
			if !errors.Is(err, data.ErrTruncated) || !errors.As(err, &pe) || pe.Line == 0 || pe.File != cf.Rel {
				t.Errorf("%s: got error %v, want ErrTruncated with a position", cf.Rel, err)
			}
			truncated++
		} else if err != nil {
			t.Errorf("%s: %v", cf.Rel, err)
			continue
		}
		if g == nil {
			t.Errorf("%s: no partial game", cf.Rel)
			continue
		}
		nr, na, nd, ne := datatest.CountResults(g)
		if nr != row.Rounds || na != row.Agari || nd != row.Ryuukyoku || g.Rules.Type != row.GoType {
			t.Errorf("%s: %d rounds %d agari %d ryuukyoku type %d; INDEX.tsv says %d %d %d %d", cf.Rel, nr, na, nd, g.Rules.Type, row.Rounds, row.Agari, row.Ryuukyoku, row.GoType)
		}
		if !row.Complete {
			continue
		}
		if err := g.Check(); err != nil {
			t.Errorf("%s: %v", cf.Rel, err)
		}
		games++
		if g.Players == 3 {
			sanma++
			continue
		}
		games4++
		rounds += nr
		agari += na
		ryuukyoku += nd
		events += ne
	}
	t.Logf("%d complete games (%d 4-player: %d rounds, %d agari, %d ryuukyoku, %d events; %d 3-player), %d truncated files",
		games, games4, rounds, agari, ryuukyoku, events, sanma, truncated)
	if games4 < 1500 || truncated != 64 {
		t.Errorf("read %d complete 4-player games and %d truncated files; want ≥ 1500 and 64", games4, truncated)
	}
}
