package tile

import "math/bits"

// KindSet is a set of kinds as a bit mask (bit k set = kind k present). The
// zero KindSet is empty. Waits and ukeire tiles are KindSets: no allocation.
type KindSet uint64

// Add returns s with k added.
func (s KindSet) Add(k Kind) KindSet { return s | 1<<k }

// Has reports whether k is in s.
func (s KindSet) Has(k Kind) bool { return s&(1<<k) != 0 }

// Len returns the number of kinds in s.
func (s KindSet) Len() int { return bits.OnesCount64(uint64(s)) }

// Kinds calls yield for each kind in s in ascending order (a range-over-func
// iterator: for k := range s.Kinds { ... }).
func (s KindSet) Kinds(yield func(Kind) bool) {
	for s != 0 {
		k := Kind(bits.TrailingZeros64(uint64(s)))
		if !yield(k) {
			return
		}
		s &= s - 1
	}
}

// String formats the set in tenhou notation, e.g. "14m7p".
func (s KindSet) String() string {
	var c Counts
	for k := range s.Kinds {
		c[k] = 1
	}
	return FormatCounts(c)
}
