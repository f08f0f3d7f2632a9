package serve

import (
	"bytes"
	"compress/gzip"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mjrank/mjrank/internal/shareddata"
)

// heapBound is the most the server's heap may grow while it refuses six
// decompression bombs at once: the body cap (4 MiB) and the readers'
// limits (a 4 MiB line or tag, 4,096 events a round) for each of the two
// requests decoding at a time, with room for the collector's slack.
const heapBound = 160 << 20

// TestBombsBounded posts six gzip bombs at once, each a 4 MiB-capped body
// that would expand to gigabytes (an mjlog of endless BYE tags, an mjai
// line of spaces): each is refused with 400 naming the limit, and the
// heap stays under heapBound, because a record is decoded only in an
// analysis slot and every reader stops at its limit.
func TestBombsBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("expands inputs of gigabytes")
	}
	// The queue wait is a safety net: every bomb waits for its slot.
	s := newService(t, Config{MaxConcurrent: 2, QueueWait: 10 * time.Minute})
	// A real game's opening, up to its first round, then endless BYE tags.
	rec := readFile(t, filepath.Join(shareddata.Dir(t, "tenhou"), "thewaxmango-mahjong-hands/log-libraries/logs/2022010103gm-00a9-0000-12d7f40d.txt"))
	head, _, ok := strings.Cut(rec, "<INIT ")
	if !ok {
		t.Fatal("the record has no <INIT>")
	}
	byes := gzipBomb(t, head, `<BYE who="0"/>`, 40_000_000)
	spaces := gzipBomb(t, `{"type":"start_game","names":["a","b","c","d"]}`+"\n{", " ", 1<<30)
	var base runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&base)
	var peak atomic.Uint64
	stop := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		var m runtime.MemStats
		for {
			runtime.ReadMemStats(&m)
			if m.HeapAlloc > peak.Load() {
				peak.Store(m.HeapAlloc)
			}
			select {
			case <-stop:
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	}()
	var wg sync.WaitGroup
	for i := range 6 {
		body := byes
		if i%2 == 1 {
			body = spaces
		}
		wg.Go(func() {
			w := request{path: "/v1/review", ctype: "application/gzip", body: body}.do(t, s)
			if w.Code != 400 || !strings.Contains(w.Body.String(), "over a reader's limit") {
				t.Errorf("bomb %d: status %d: %.300s", i, w.Code, w.Body)
			}
		})
	}
	wg.Wait()
	close(stop)
	<-sampled
	grew := int64(peak.Load()) - int64(base.HeapAlloc)
	t.Logf("bombs of %d and %d KB: the heap grew by at most %d MB (bound %d MB)", len(byes)>>10, len(spaces)>>10, grew>>20, heapBound>>20)
	if grew > heapBound {
		t.Errorf("the heap grew by %d MB, over %d MB", grew>>20, heapBound>>20)
	}
}

// gzipBomb gzips head and n copies of unit.
func gzipBomb(t *testing.T, head, unit string, n int) string {
	var b bytes.Buffer
	z, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	z.Write([]byte(head))
	chunk := []byte(strings.Repeat(unit, 4096))
	for ; n > 0; n -= 4096 {
		z.Write(chunk[:min(n, 4096)*len(unit)])
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}
