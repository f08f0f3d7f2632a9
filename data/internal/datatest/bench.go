package datatest

import (
	"bytes"
	"os"
	"testing"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/mjlog"
	"github.com/mjrank/mjrank/data/records"
)

// LoadCorpus reads the complete 4-player mjlog files into memory.
func LoadCorpus(b *testing.B) [][]byte {
	dir, files := Corpus(b)
	index := ReadIndex(b, dir)
	var out [][]byte
	for _, cf := range files {
		row := index[cf.Rel]
		if cf.JSON || !row.Complete || data.PlayersFromType(row.GoType) != 4 {
			continue
		}
		raw, err := os.ReadFile(cf.Path)
		if err != nil {
			b.Fatal(err)
		}
		out = append(out, raw)
	}
	return out
}

// ParseGames reads the first game of each mjlog file.
func ParseGames(files [][]byte) []*data.Game {
	games := make([]*data.Game, len(files))
	for i, f := range files {
		r := mjlog.NewReader(bytes.NewReader(f), "bench")
		r.Next()
		games[i] = r.Game()
	}
	return games
}

// BenchFormat measures writing one format (with the codec's Marshal) and
// reading it back (with its reader) on the first 100 games of LoadCorpus.
func BenchFormat(b *testing.B, f records.Format) {
	marshal := func(g *data.Game) ([]byte, error) { return Marshal(g, f) }
	read := func(in []byte) error {
		r := records.NewFormatReader(bytes.NewReader(in), "bench", f)
		r.Next()
		return r.Err()
	}
	games := ParseGames(LoadCorpus(b)[:100])
	encoded := make([][]byte, len(games))
	for i, g := range games {
		var err error
		if encoded[i], err = marshal(g); err != nil {
			b.Fatal(err)
		}
	}
	b.Run("write", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := marshal(games[i%len(games)]); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	})
	b.Run("read", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if err := read(encoded[i%len(encoded)]); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	})
}
