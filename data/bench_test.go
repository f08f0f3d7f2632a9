package data

import (
	"bytes"
	"os"
	"testing"
)

// loadCorpus reads the complete 4-player mjlog files into memory.
func loadCorpus(b *testing.B) [][]byte {
	dir, files := corpus(b)
	index := readIndex(b, dir)
	var out [][]byte
	for _, cf := range files {
		row := index[cf.rel]
		if cf.json || !row.complete || PlayersFromType(row.goType) != 4 {
			continue
		}
		data, err := os.ReadFile(cf.path)
		if err != nil {
			b.Fatal(err)
		}
		out = append(out, data)
	}
	return out
}

// parseGames reads the first game of each mjlog file.
func parseGames(files [][]byte) []*Game {
	games := make([]*Game, len(files))
	for i, f := range files {
		r := NewMjlogReader(bytes.NewReader(f), "bench")
		r.Next()
		games[i] = r.Game()
	}
	return games
}

// BenchmarkReadMjlog reads every complete 4-player game of the corpus from
// memory; it reports games/s.
func BenchmarkReadMjlog(b *testing.B) {
	files := loadCorpus(b)
	var size int64
	for _, f := range files {
		size += int64(len(f))
	}
	b.SetBytes(size / int64(len(files)))
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	for i := 0; i < b.N; i++ {
		r := NewMjlogReader(bytes.NewReader(files[i%len(files)]), "bench")
		if !r.Next() {
			b.Fatal(r.Err())
		}
		n++
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkCheck replays games at the tile level.
func BenchmarkCheck(b *testing.B) {
	games := parseGames(loadCorpus(b))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := games[i%len(games)].Check(); err != nil {
			b.Fatal(err)
		}
	}
}

// benchFormat measures writing and reading back one format.
func benchFormat(b *testing.B, marshal func(*Game) ([]byte, error), read func([]byte) error) {
	games := parseGames(loadCorpus(b)[:100])
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

func BenchmarkTenhou6(b *testing.B) {
	benchFormat(b, MarshalTenhou6, func(data []byte) error {
		r := NewTenhou6Reader(bytes.NewReader(data), "bench")
		r.Next()
		return r.Err()
	})
}

func BenchmarkMjai(b *testing.B) {
	benchFormat(b, MarshalMjai, func(data []byte) error {
		r := NewMjaiReader(bytes.NewReader(data), "bench")
		r.Next()
		return r.Err()
	})
}

func BenchmarkMjlogWrite(b *testing.B) {
	benchFormat(b, MarshalMjlog, func(data []byte) error {
		r := NewMjlogReader(bytes.NewReader(data), "bench")
		r.Next()
		return r.Err()
	})
}
