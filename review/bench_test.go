//go:build unix

package review

import (
	"context"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/internal/shareddata"
	"github.com/mjrank/mjrank/mc"
	"github.com/mjrank/mjrank/sim/game"
)

// benchGame is the hanchan the review benchmarks read (TestRealGame's), and
// benchSeat the seat they review.
const (
	benchGame = "2022010103gm-00a9-0000-12d7f40d.txt"
	benchSeat = 0
)

func benchSetup(b *testing.B) (*data.Game, *mc.Engine) {
	b.Helper()
	dir := shareddata.Dir(b, "tenhou", "thewaxmango-mahjong-hands", "log-libraries", "logs")
	g := readGame(b, filepath.Join(dir, benchGame))
	eng, err := mc.Default()
	if err != nil {
		b.Fatal(err)
	}
	return g, eng
}

// BenchmarkReview reviews one seat of a real hanchan on one worker: at the
// default budget, and at one simulation a decision (what a decision costs
// before any simulation: the replay, the root's observation and opponent
// readings, the prior and the candidates). The metrics: ms/decision, the
// wall time of one decision, and cpu-ms/decision, the process's CPU time
// (which other load on the machine disturbs less).
//
//	go test ./review -run '^$' -bench BenchmarkReview -benchtime 1x -cpuprofile /tmp/review.prof
func BenchmarkReview(b *testing.B) {
	g, eng := benchSetup(b)
	for _, sims := range []int{1, DefaultSims} {
		b.Run(simsName(sims), func(b *testing.B) {
			o := Options{Sims: sims, Seed: 1, Engine: eng, Workers: 1}
			n := 0
			cpu0 := cpuSeconds(b)
			for b.Loop() {
				rep, err := Run(context.Background(), g, benchSeat, o)
				if err != nil {
					b.Fatal(err)
				}
				n += len(rep.Decisions)
			}
			b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(n), "ms/decision")
			b.ReportMetric(1000*(cpuSeconds(b)-cpu0)/float64(n), "cpu-ms/decision")
		})
	}
}

// BenchmarkCollect replays the hanchan and collects the seat's decisions.
func BenchmarkCollect(b *testing.B) {
	g, _ := benchSetup(b)
	n := 0
	for b.Loop() {
		decs, err := Collect(g, benchSeat)
		if err != nil {
			b.Fatal(err)
		}
		n += len(decs)
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(n), "µs/decision")
}

// BenchmarkPosition is what Run does for each decision before the engine:
// the position, its legal moves and the seat's view.
func BenchmarkPosition(b *testing.B) {
	g, _ := benchSetup(b)
	decs, err := Collect(g, benchSeat)
	if err != nil {
		b.Fatal(err)
	}
	o := Options{Seed: 1}
	for b.Loop() {
		for i := range decs {
			r, legal, _ := decs[i].Position(&o)
			_ = game.ViewOf(r, benchSeat)
			_ = legal
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*len(decs)), "µs/decision")
}

// cpuSeconds returns the process's user and system CPU time so far.
func cpuSeconds(b *testing.B) float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	tv := func(t syscall.Timeval) float64 { return float64(t.Sec) + float64(t.Usec)/1e6 }
	return tv(ru.Utime) + tv(ru.Stime)
}

func simsName(n int) string { return "sims=" + strconv.Itoa(n) }
