package data_test

import (
	"testing"

	"github.com/mjrank/mjrank/data/internal/datatest"
)

// BenchmarkCheck replays games at the tile level.
func BenchmarkCheck(b *testing.B) {
	games := datatest.ParseGames(datatest.LoadCorpus(b))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := games[i%len(games)].Check(); err != nil {
			b.Fatal(err)
		}
	}
}
