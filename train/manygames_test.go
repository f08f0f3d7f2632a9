package train

import (
	"bytes"
	"compress/gzip"
	"context"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/mjrank/mjrank/data/dataset"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/rankmodel"
)

// manyEmptyGames writes a gzipped mjai file of n games, each only
// start_game and the end line end: some 50 KB for 200,000 games.
func manyEmptyGames(t *testing.T, n int, end string) string {
	t.Helper()
	game := []byte(`{"type":"start_game","names":["a","b","c","d"]}` + "\n" + end + "\n")
	var b bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	chunk := bytes.Repeat(game, 1000)
	for range n / 1000 {
		zw.Write(chunk)
	}
	zw.Write(bytes.Repeat(game, n%1000))
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	f := filepath.Join(t.TempDir(), "many.mjson.gz")
	if err := os.WriteFile(f, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return f
}

// peakHeap runs f and returns how far the heap in use grew above its
// size before f, sampled every millisecond (the garbage of a GC cycle
// included, so a bound well above what f keeps).
func peakHeap(f func()) uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	base, peak := ms.HeapAlloc, ms.HeapAlloc
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		var ms runtime.MemStats
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			runtime.ReadMemStats(&ms)
			peak = max(peak, ms.HeapAlloc)
			select {
			case <-done:
				return
			case <-tick.C:
			}
		}
	})
	f()
	close(done)
	wg.Wait()
	return peak - base
}

// TestManyEmptyGamesBounded: a file of 200,000 games without a round (a
// 50 KB gzip) costs the sample extraction and the evaluation a bounded
// heap, and its games are counted as skipped, not listed: every game of
// a file was held at once (dataset.ReadFile), and an entry kept for each
// skipped one, so 300,000 such games took train to 247 MB and 2,000,000
// to 1.4 GiB (issue 53, D4). Games with a final result but no round are
// skipped too: kept as games, their keys grew the set of games seen.
func TestManyEmptyGamesBounded(t *testing.T) {
	for _, c := range []struct {
		end string
		why error
	}{
		{`{"type":"end_game"}`, dataset.ErrSkipCut},
		{`{"type":"end_game","scores":[25000,25000,25000,25000]}`, errNoRound},
	} {
		t.Run(c.why.Error(), func(t *testing.T) { manyEmptyGamesBounded(t, c.end, c.why) })
	}
}

func manyEmptyGamesBounded(t *testing.T, end string, why error) {
	const games = 200_000
	// What does not depend on the games: 8 MiB of LibSVM write buffers,
	// and garbage up to the size of the live heap (GOGC=100).
	const bound = 48 << 20
	file := manyEmptyGames(t, games, end)
	cfg := DefaultConfig()
	cfg.Workers, cfg.CalibFolds = 1, 0
	var set *sampleSet
	var err error
	grew := peakHeap(func() {
		set, err = writeSamples(context.Background(), &cfg, []string{file}, t.TempDir(), specs(1, 1, 1))
	})
	if err != nil {
		t.Fatal(err)
	}
	if n := set.skips[why.Error()]; n != games || set.games != 0 || len(set.seen) != 0 {
		t.Errorf("samples: %d games, %d keys kept, %d skipped (%v); want 0, 0, %d", set.games, len(set.seen), n, why, games)
	}
	t.Logf("sample extraction: heap grew by %d KiB", grew>>10)
	if grew > bound {
		t.Errorf("the sample extraction of %d empty games grew the heap by %d MiB (bound %d MiB)", games, grew>>20, bound>>20)
	}
	opp, err := opponent.Default()
	if err != nil {
		t.Fatal(err)
	}
	rk, err := rankmodel.Default()
	if err != nil {
		t.Fatal(err)
	}
	var rep *EvalReport
	grew = peakHeap(func() {
		rep, _, err = evaluate(context.Background(), []string{file}, opp, rk, EvalOptions{Workers: 1})
	})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Games != 0 || len(rep.Skipped) != 1 {
		t.Errorf("evaluation: %d games, skipped %v; want 0 and one reason", rep.Games, rep.Skipped)
	}
	t.Logf("evaluation: heap grew by %d KiB", grew>>10)
	if grew > bound {
		t.Errorf("the evaluation of %d empty games grew the heap by %d MiB (bound %d MiB)", games, grew>>20, bound>>20)
	}
}
