package hand

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/internal/shareddata"
	"github.com/mjrank/mjrank/sim/tile"
)

// TestShantenCorpus checks every hand of the shared shanten problem sets
// (../shared/data/shanten, see its SOURCES.md): 14 kinds, then the expected
// normal, kokushi and chiitoitsu shanten, in that order.
func TestShantenCorpus(t *testing.T) {
	dir := shareddata.Dir(t, "shanten")
	for _, name := range []string{"p_normal_10000.txt", "p_hon_10000.txt", "p_tin_10000.txt", "p_koku_10000.txt"} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(dir, name)
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			sc := bufio.NewScanner(f)
			lines, bad := 0, 0
			for sc.Scan() {
				lines++
				fields := strings.Fields(strings.TrimSuffix(sc.Text(), "\r"))
				if len(fields) != 17 {
					t.Fatalf("%s:%d: %d fields, want 17", path, lines, len(fields))
				}
				var v [17]int
				for i, s := range fields {
					if v[i], err = strconv.Atoi(s); err != nil {
						t.Fatalf("%s:%d: %v", path, lines, err)
					}
				}
				var c tile.Counts
				for _, k := range v[:14] {
					if k < 0 || k >= tile.NumKinds {
						t.Fatalf("%s:%d: kind %d", path, lines, k)
					}
					c[k]++
				}
				want := Forms{Normal: int8(v[14]), Kokushi: int8(v[15]), Chiitoitsu: int8(v[16])}
				if got := ShantenForms(&c); got != want {
					bad++
					if bad <= 10 {
						t.Errorf("%s:%d: %v: got %+v, want %+v", path, lines, c, got, want)
					}
				}
			}
			if err := sc.Err(); err != nil {
				t.Fatal(err)
			}
			if lines != 10000 {
				t.Errorf("%s: %d lines, want 10000", path, lines)
			}
			if bad > 0 {
				t.Errorf("%s: %d of %d hands wrong", path, bad, lines)
			}
		})
	}
}
