package mjlog_test

import (
	"bytes"
	"testing"

	"github.com/mjrank/mjrank/data/internal/datatest"
	"github.com/mjrank/mjrank/data/mjlog"
	"github.com/mjrank/mjrank/data/records"
)

// BenchmarkReadMjlog reads every complete 4-player game of the corpus from
// memory; it reports games/s.
func BenchmarkReadMjlog(b *testing.B) {
	files := datatest.LoadCorpus(b)
	var size int64
	for _, f := range files {
		size += int64(len(f))
	}
	b.SetBytes(size / int64(len(files)))
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	for i := 0; i < b.N; i++ {
		r := mjlog.NewReader(bytes.NewReader(files[i%len(files)]), "bench")
		if !r.Next() {
			b.Fatal(r.Err())
		}
		n++
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "games/s")
}

func BenchmarkMjlogWrite(b *testing.B) { datatest.BenchFormat(b, records.FormatMjlog) }
