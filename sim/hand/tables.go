package hand

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"fmt"
	"io"
	"sync"
)

//go:generate go run gen_tables.go

// tablesGz is the payload written by internal/tablegen (layout in its package
// doc), gzipped. It holds, for every suited hand of at most 14 tiles and for
// every honour hand, a class: the id of its vector of distances to "m sets and
// h pairs" (m = 0..4, h = 0..1).
//
//go:embed shanten_tables.bin.gz
var tablesGz []byte

// Sizes of the decoded tables. The strides are powers of two so that indices
// built from a uint8 and a masked uint8 need no bounds check.
const (
	tablesMagic  = "MJSHTAB1"
	vectorLen    = 10     // entries of a distance vector, index m+5h
	suitHands    = 405350 // suited hands of at most 14 tiles
	suitStride   = 128    // ≥ number of suited classes (126)
	honorStride  = 64     // ≥ number of honour classes (55)
	maxClasses   = 256    // ≥ number of classes of sums of suits (180)
	honorKeys    = 4096   // n1 + 8·n2 + 64·n3 + 512·n4
	rankSlack    = 3125   // lets a suit of more than 14 tiles index safely
	loHands      = 3125   // 5^5: counts of the kinds 1..5 of a suit
	hiHands      = 625    // 5^4: counts of the kinds 6..9 of a suit
	maxSuitTiles = 14
)

type vector [vectorLen]uint8

var (
	tablesOnce sync.Once

	// A suited hand's rank is rankHi[hi] + rankLo[lo], where lo and hi are the
	// base-5 numbers of the counts of kinds 1..5 and 6..9. It numbers the
	// hands of at most 14 tiles densely: for each hi, a block of the lo whose
	// tiles fit, with lo ordered by tile count. The spare entries (zero) let a
	// fifth tile of a kind index safely, to a meaningless class.
	rankLo [loHands + loHands/5]uint16
	rankHi [hiHands + hiHands/5]uint32

	// suitClass maps a suited hand's rank to its class.
	suitClass [suitHands + rankSlack]uint8

	// honorClass maps an honour key (see honorWeight) to its class.
	honorClass [honorKeys]uint8

	// classes lists the distance vectors of every sum of suited hands; the
	// suited classes come first, with the same ids, and class 0 is the empty
	// suit. comb[x*suitStride+s] is the class of classes[x] ⊕ classes[s] for
	// a suited class s, where ⊕ is the (min, +) convolution over (m, h).
	classes      []vector
	honorVectors []vector
	comb         [maxClasses * suitStride]uint8

	// final[n][x*honorStride+h] is the distance of classes[x] ⊕ honour class
	// h to n sets and a pair.
	final [5][maxClasses * honorStride]uint8
)

// honorWeight gives the honour key: the sum over the seven honours of
// honorWeight[count] counts the kinds held once, twice, three and four times
// in octal digits. Honour distances depend only on those numbers.
var honorWeight = [8]uint16{0, 1, 8, 64, 512}

// loadTables decodes tablesGz. A bad blob is a broken build: it panics.
func loadTables() {
	if err := decodeTables(tablesGz); err != nil {
		panic("hand: embedded shanten tables: " + err.Error())
	}
}

// decodeTables fills the tables from the gzipped payload. It reads the two
// lists of distance vectors, numbers the suited hands, reads their classes
// and the honour classes, then closes the classes under ⊕.
func decodeTables(gz []byte) error {
	p, err := gunzipTables(gz)
	if err != nil {
		return err
	}
	suitVectors, p, err := readVectors(p, suitStride)
	if err != nil {
		return fmt.Errorf("suit classes: %w", err)
	}
	hv, p, err := readVectors(p, honorStride)
	if err != nil {
		return fmt.Errorf("honour classes: %w", err)
	}
	loSum, err := buildRanks()
	if err != nil {
		return err
	}
	if len(p) < suitHands {
		return io.ErrUnexpectedEOF
	}
	if err := readSuitClasses(p[:suitHands], &loSum, len(suitVectors)); err != nil {
		return err
	}
	if err := readHonorClasses(p[suitHands:], len(hv)); err != nil {
		return err
	}
	cs, err := closeClasses(suitVectors, hv)
	if err != nil {
		return err
	}
	classes, honorVectors = cs, hv
	return nil
}

// gunzipTables unzips the payload and checks and strips its magic.
func gunzipTables(gz []byte) ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return nil, err
	}
	p, err := io.ReadAll(zr)
	if err != nil {
		return nil, err
	}
	if !bytes.HasPrefix(p, []byte(tablesMagic)) {
		return nil, fmt.Errorf("bad magic %q", p[:min(len(p), len(tablesMagic))])
	}
	return p[len(tablesMagic):], nil
}

// readVectors reads a list of distance vectors — a count of 1..limit,
// then the vectors — and returns it with the rest of p.
func readVectors(p []byte, limit int) ([]vector, []byte, error) {
	if len(p) < 1 {
		return nil, p, io.ErrUnexpectedEOF
	}
	n := int(p[0])
	if n == 0 || n > limit {
		return nil, p, fmt.Errorf("%d classes, want 1..%d", n, limit)
	}
	if len(p) < 1+n*vectorLen {
		return nil, p, io.ErrUnexpectedEOF
	}
	vs := make([]vector, n)
	for i := range vs {
		copy(vs[i][:], p[1+i*vectorLen:])
	}
	return vs, p[1+n*vectorLen:], nil
}

// buildRanks fills rankLo and rankHi: lo numbers ordered by tile count,
// then value. It returns the tile count of every lo number, which the
// reading of the suited classes walks again.
func buildRanks() ([loHands]int, error) {
	var loSum [loHands]int           // tile counts of the lo numbers
	var atMost [maxSuitTiles + 2]int // atMost[s+1]: lo numbers with ≤ s tiles
	for lo := range loSum {
		loSum[lo] = digitSum(lo)
		if loSum[lo] <= maxSuitTiles {
			atMost[loSum[lo]+1]++
		}
	}
	for s := 1; s < len(atMost); s++ {
		atMost[s] += atMost[s-1]
	}
	next := atMost
	for lo, s := range loSum {
		if s <= maxSuitTiles {
			rankLo[lo] = uint16(next[s])
			next[s]++
		}
	}
	total := 0
	for hi := range hiHands {
		if s := digitSum(hi); s <= maxSuitTiles {
			rankHi[hi] = uint32(total)
			total += atMost[maxSuitTiles-s+1]
		}
	}
	if total != suitHands {
		return loSum, fmt.Errorf("%d suited hands, want %d", total, suitHands)
	}
	return loSum, nil
}

// readSuitClasses fills suitClass from p, one class of fewer than n per
// suited hand in the payload's order (hi, then lo).
func readSuitClasses(p []byte, loSum *[loHands]int, n int) error {
	i := 0
	for hi := range hiHands {
		sh := digitSum(hi)
		for lo, sl := range loSum {
			if sh+sl > maxSuitTiles {
				continue
			}
			c := p[i]
			if int(c) >= n {
				return fmt.Errorf("suited hand %d: class %d out of range", i, c)
			}
			suitClass[int(rankHi[hi])+int(rankLo[lo])] = c
			i++
		}
	}
	return nil
}

// readHonorClasses fills honorClass from p, the rest of the payload: one
// class of fewer than n per honour hand, by n4, n3, n2, n1.
func readHonorClasses(p []byte, n int) error {
	i := 0
	for n4 := 0; n4 <= 7; n4++ {
		for n3 := 0; n3 <= 7-n4; n3++ {
			for n2 := 0; n2 <= 7-n4-n3; n2++ {
				for n1 := 0; n1 <= 7-n4-n3-n2; n1++ {
					if i >= len(p) {
						return io.ErrUnexpectedEOF
					}
					if int(p[i]) >= n {
						return fmt.Errorf("honour hand %d: class %d out of range", i, p[i])
					}
					honorClass[n1+8*n2+64*n3+512*n4] = p[i]
					i++
				}
			}
		}
	}
	if i != len(p) {
		return fmt.Errorf("%d trailing bytes", len(p)-i)
	}
	return nil
}

// closeClasses closes the suited classes under ⊕, breadth first, filling
// comb, then fills final from every sum and honour class. It returns the
// classes of the sums, the suited ones first.
func closeClasses(suitVectors, hv []vector) ([]vector, error) {
	cs := append([]vector(nil), suitVectors...)
	id := make(map[vector]uint8, maxClasses)
	for i, v := range cs {
		id[v] = uint8(i)
	}
	for x := 0; x < len(cs); x++ {
		for s := range suitVectors {
			v := convolve(&cs[x], &cs[s])
			j, ok := id[v]
			if !ok {
				if len(cs) == maxClasses {
					return nil, fmt.Errorf("more than %d sums of suits", maxClasses)
				}
				j = uint8(len(cs))
				id[v] = j
				cs = append(cs, v)
			}
			comb[x*suitStride+s] = j
		}
	}
	for x := range cs {
		for h := range hv {
			v := convolve(&cs[x], &hv[h])
			for n := range final {
				final[n][x*honorStride+h] = v[n+5]
			}
		}
	}
	return cs, nil
}

// convolve returns the (min, +) convolution of a and b: the distances of two
// suits taken together, the sets and the pair split between them.
func convolve(a, b *vector) vector {
	var c vector
	for m := 0; m <= 4; m++ {
		best0, best1 := 255, 255
		for k := 0; k <= m; k++ {
			best0 = min(best0, int(a[k])+int(b[m-k]))
			best1 = min(best1, int(a[k])+int(b[m-k+5]), int(a[k+5])+int(b[m-k]))
		}
		c[m], c[m+5] = uint8(best0), uint8(best1)
	}
	return c
}

// digitSum returns the sum of the base-5 digits of x.
func digitSum(x int) int {
	s := 0
	for ; x > 0; x /= 5 {
		s += x % 5
	}
	return s
}
