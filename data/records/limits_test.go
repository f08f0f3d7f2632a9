package records_test

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/internal/datatest"
	"github.com/mjrank/mjrank/data/records"
)

// bomb is a hostile input: its bytes (written to w as they are made, so
// the test itself holds little) and whether to gzip them.
type bomb struct {
	name  string
	write func(w io.Writer)
	gzip  bool
}

func repeat(w io.Writer, s string, n int) {
	b := []byte(strings.Repeat(s, 4096))
	for n > 0 {
		k := min(n, 4096)
		w.Write(b[:k*len(s)])
		n -= k
	}
}

// mjlogHead is a real game's opening, up to its first round (set by
// TestReadersBounded from the shared corpus).
var mjlogHead string

var bombs = []bomb{
	{"5,000,000 BYE tags before a round (gzip)", func(w io.Writer) {
		io.WriteString(w, mjlogHead)
		repeat(w, `<BYE who="0"/>`, 5_000_000)
	}, true},
	{"one mjai line of 300 MB of spaces (gzip)", func(w io.Writer) {
		io.WriteString(w, `{"type":"start_game","names":["a","b","c","d"]}`+"\n{")
		repeat(w, " ", 300<<20)
	}, true},
	{"an mjlog tag that never ends", func(w io.Writer) {
		io.WriteString(w, mjlogHead+`<INIT seed="`)
		repeat(w, "0,", 4<<20)
	}, false},
	{"a tenhou.net/6 value that never ends", func(w io.Writer) {
		io.WriteString(w, `{"log":[`)
		repeat(w, "[0],", 2<<20)
	}, false},
	{"a gzip that expands past the cap", func(w io.Writer) {
		io.WriteString(w, mjlogHead)
		repeat(w, "\n", 300<<20)
	}, true},
}

// TestReadersBounded: every reader stops a hostile input at its limit with
// an error naming it, having allocated a bounded amount whatever the input
// would expand to.
func TestReadersBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("expands inputs of hundreds of MB")
	}
	mjlogHead = datatest.MjlogHead(t)
	for _, b := range bombs {
		var in bytes.Buffer
		if b.gzip {
			zw, _ := gzip.NewWriterLevel(&in, gzip.BestCompression)
			b.write(zw)
			zw.Close()
		} else {
			b.write(&in)
		}
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		r, _, err := records.NewReader(bytes.NewReader(in.Bytes()), "bomb")
		if err == nil {
			for r.Next() {
			}
			err = r.Err()
		}
		runtime.ReadMemStats(&after)
		alloc := after.TotalAlloc - before.TotalAlloc
		if !errors.Is(err, data.ErrTooLarge) {
			t.Errorf("%s (%d bytes in): %v, want an error over a limit", b.name, in.Len(), err)
		}
		if alloc > 64<<20 {
			t.Errorf("%s: %d MB allocated", b.name, alloc>>20)
		}
		t.Logf("%s: %d KB in, %d MB allocated: %v", b.name, in.Len()>>10, alloc>>20, err)
	}
}
