//go:build unix

package review

import (
	"context"
	"testing"

	"github.com/mjrank/mjrank/mc"
	"github.com/mjrank/mjrank/sim/game"
)

// BenchmarkExplainGame times the why of every decision of the review
// benchmarks' seat (benchGame), each analysed once beforehand at 64
// simulations: the cost the why adds to a decision of a real game.
func BenchmarkExplainGame(b *testing.B) {
	g, eng := benchSetup(b)
	decs, err := Collect(g, benchSeat)
	if err != nil {
		b.Fatal(err)
	}
	o := Options{Sims: 64, Seed: 1}
	ans := make([]*mc.Analysis, len(decs))
	played := make([]*mc.Candidate, len(decs))
	for i := range decs {
		r, legal, mo := decs[i].Position(&o)
		if ans[i], err = eng.Analyze(context.Background(), game.ViewOf(r, benchSeat), legal, mo); err != nil {
			b.Fatal(err)
		}
		if played[i] = Find(ans[i], decs[i].played, decs[i].follow); played[i] == nil {
			b.Fatalf("decision %d: %v", i, ErrNotFound)
		}
	}
	n := 0
	for b.Loop() {
		for i := range decs {
			decs[i].explain(ans[i], played[i])
			n++
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(n), "µs/decision")
}
