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

func decodeTables(gz []byte) error {
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return err
	}
	p, err := io.ReadAll(zr)
	if err != nil {
		return err
	}
	if !bytes.HasPrefix(p, []byte(tablesMagic)) {
		return fmt.Errorf("bad magic %q", p[:min(len(p), len(tablesMagic))])
	}
	p = p[len(tablesMagic):]
	readVectors := func(max int) ([]vector, error) {
		if len(p) < 1 {
			return nil, io.ErrUnexpectedEOF
		}
		n := int(p[0])
		if n == 0 || n > max {
			return nil, fmt.Errorf("%d classes, want 1..%d", n, max)
		}
		if len(p) < 1+n*vectorLen {
			return nil, io.ErrUnexpectedEOF
		}
		vs := make([]vector, n)
		for i := range vs {
			copy(vs[i][:], p[1+i*vectorLen:])
		}
		p = p[1+n*vectorLen:]
		return vs, nil
	}
	suitVectors, err := readVectors(suitStride)
	if err != nil {
		return fmt.Errorf("suit classes: %w", err)
	}
	hv, err := readVectors(honorStride)
	if err != nil {
		return fmt.Errorf("honour classes: %w", err)
	}

	// Ranks: lo numbers ordered by tile count, then value.
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
		return fmt.Errorf("%d suited hands, want %d", total, suitHands)
	}
	if len(p) < suitHands {
		return io.ErrUnexpectedEOF
	}
	i := 0
	for hi := range hiHands {
		sh := digitSum(hi)
		for lo, sl := range loSum {
			if sh+sl > maxSuitTiles {
				continue
			}
			c := p[i]
			if int(c) >= len(suitVectors) {
				return fmt.Errorf("suited hand %d: class %d out of range", i, c)
			}
			suitClass[int(rankHi[hi])+int(rankLo[lo])] = c
			i++
		}
	}
	p = p[suitHands:]
	i = 0
	for n4 := 0; n4 <= 7; n4++ {
		for n3 := 0; n3 <= 7-n4; n3++ {
			for n2 := 0; n2 <= 7-n4-n3; n2++ {
				for n1 := 0; n1 <= 7-n4-n3-n2; n1++ {
					if i >= len(p) {
						return io.ErrUnexpectedEOF
					}
					if int(p[i]) >= len(hv) {
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

	// Close the suited classes under ⊕, breadth first.
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
					return fmt.Errorf("more than %d sums of suits", maxClasses)
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
	classes, honorVectors = cs, hv
	return nil
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
