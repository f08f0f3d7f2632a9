package mc

import (
	"math"

	"github.com/mjrank/mjrank/rankmodel"
)

// How a round ends for the seat: the index of stats.ends.
const (
	endWin = iota
	endDealIn
	endDraw
	endOtherTsumo
	endOtherRon
	endAbortive
	numEnds
)

// end classifies the round's end (one class each, the seat's own win or
// deal-in first).
func (o *outcome) end() int {
	switch {
	case o.won:
		return endWin
	case o.dealtIn:
		return endDealIn
	case o.draw:
		return endDraw
	case o.oppTsumo:
		return endOtherTsumo
	case o.abortive:
		return endAbortive
	}
	return endOtherRon
}

// stats sums the outcomes per candidate.
type stats struct {
	n              []int
	u, u2, er, er2 []float64
	dist           [][4]float64
	ends           [][numEnds]int
	delta          []float64
	rankPoints     []float64
	nd             []int     // worlds compared with the prior move
	d, d2          []float64 // utility minus the prior move's
	ref            int       // the prior move

	// keep lists the kept candidates (Options.Keep), nil without; the
	// rest is set only with them.
	keep []int
	// early is a kept candidate's mean utility when the halving dropped
	// it, NaN while it runs with the survivors (nil without keep).
	early []float64
	// pairs[s*k+c] sums kept candidate keep[s] against candidate c over
	// the worlds both were played in (k candidates).
	pairs []pairSums
}

// pairSums sums the differences of one move minus another in the same
// worlds: utility, expected rank and rank points, and their squares.
type pairSums struct {
	n                     int
	u, u2, er, er2, p, p2 float64
}

// values are the figures of one outcome that pairs compare.
type values struct{ u, er, p float64 }

func valuesOf(o *outcome) values {
	return values{o.utility, rankmodel.ExpectedRank(o.dist), o.points}
}

func newStats(k int) *stats {
	return &stats{n: make([]int, k), u: make([]float64, k), u2: make([]float64, k), er: make([]float64, k),
		er2: make([]float64, k), dist: make([][4]float64, k), ends: make([][numEnds]int, k),
		delta: make([]float64, k), rankPoints: make([]float64, k),
		nd: make([]int, k), d: make([]float64, k), d2: make([]float64, k)}
}

// withKeep makes st, of the analysis's k candidates, keep the candidates
// keep (none: nothing changes).
func (st *stats) withKeep(keep []int, k int) {
	if len(keep) == 0 {
		return
	}
	st.keep = keep
	st.early = make([]float64, k)
	for i := range st.early {
		st.early[i] = math.NaN()
	}
	st.pairs = make([]pairSums, len(keep)*k)
}

func (st *stats) recordDiff(c int, d float64) {
	st.nd[c]++
	st.d[c] += d
	st.d2[c] += d * d
}

func (st *stats) record(c int, o *outcome) {
	st.n[c]++
	st.u[c] += o.utility
	st.u2[c] += o.utility * o.utility
	er := rankmodel.ExpectedRank(o.dist)
	st.er[c] += er
	st.er2[c] += er * er
	for k := range 4 {
		st.dist[c][k] += o.dist[k]
	}
	st.rankPoints[c] += o.points
	st.ends[c][o.end()]++
	st.delta[c] += float64(o.delta)
}

// recordPairs records one world in which the candidates active were
// played, with values v (indexed by candidate): each kept one against
// each other.
func (st *stats) recordPairs(active []int, v []values) {
	k := len(st.n)
	for s, kc := range st.keep {
		for _, c := range active {
			if c == kc {
				continue
			}
			p := &st.pairs[s*k+c]
			du, der, dp := v[kc].u-v[c].u, v[kc].er-v[c].er, v[kc].p-v[c].p
			p.n++
			p.u += du
			p.u2 += du * du
			p.er += der
			p.er2 += der * der
			p.p += dp
			p.p2 += dp * dp
		}
	}
}

func (st *stats) add(o *stats) {
	for c := range st.n {
		st.n[c] += o.n[c]
		st.u[c] += o.u[c]
		st.u2[c] += o.u2[c]
		st.er[c] += o.er[c]
		st.er2[c] += o.er2[c]
		for k := range 4 {
			st.dist[c][k] += o.dist[c][k]
		}
		for k := range numEnds {
			st.ends[c][k] += o.ends[c][k]
		}
		st.delta[c] += o.delta[c]
		st.rankPoints[c] += o.rankPoints[c]
		st.nd[c] += o.nd[c]
		st.d[c] += o.d[c]
		st.d2[c] += o.d2[c]
	}
	for i := range o.pairs {
		p, q := &st.pairs[i], &o.pairs[i]
		p.n += q.n
		p.u += q.u
		p.u2 += q.u2
		p.er += q.er
		p.er2 += q.er2
		p.p += q.p
		p.p2 += q.p2
	}
}

// part returns empty sums for one chunk of st's worlds.
func (st *stats) part() stats {
	p := *newStats(len(st.n))
	p.ref = st.ref
	if st.keep != nil {
		p.keep = st.keep
		p.pairs = make([]pairSums, len(st.pairs))
	}
	return p
}

func (st *stats) mean(c int) float64 {
	if st.n[c] == 0 {
		return math.Inf(-1)
	}
	return st.u[c] / float64(st.n[c])
}

func se(sum, sum2 float64, n int) float64 {
	if n < 2 {
		return math.NaN()
	}
	m := sum / float64(n)
	v := (sum2/float64(n) - m*m) * float64(n) / float64(n-1)
	return math.Sqrt(max(0, v) / float64(n))
}

func (st *stats) fill(c int, out *Candidate) {
	n := st.n[c]
	out.Sims = n
	if n == 0 {
		return
	}
	f := float64(n)
	out.Utility = st.u[c] / f
	out.UtilitySE = se(st.u[c], st.u2[c], n)
	out.ExpectedRank = st.er[c] / f
	out.RankSE = se(st.er[c], st.er2[c], n)
	for k := range 4 {
		out.RankDist[k] = st.dist[c][k] / f
	}
	out.RankPoints = st.rankPoints[c] / f
	e := &st.ends[c]
	out.PWin = float64(e[endWin]) / f
	out.PDealIn = float64(e[endDealIn]) / f
	out.PDraw = float64(e[endDraw]) / f
	out.POtherTsumo = float64(e[endOtherTsumo]) / f
	out.POtherRon = float64(e[endOtherRon]) / f
	out.PAbortive = float64(e[endAbortive]) / f
	out.ScoreChange = st.delta[c] / f
	if nd := st.nd[c]; nd > 0 {
		out.Advantage = st.d[c] / float64(nd)
		out.AdvantageSE = se(st.d[c], st.d2[c], nd)
	}
}

// fillVsBest sets the kept candidates' VsBest against cands[best] (the
// candidates in the order st counts them).
func (st *stats) fillVsBest(cands []Candidate, best int) {
	k := len(st.n)
	for s, kc := range st.keep {
		c := &cands[kc]
		if kc == best {
			c.VsBest = Loss{Sims: c.Sims}
			continue
		}
		p := &st.pairs[s*k+best]
		if p.n == 0 {
			continue
		}
		f := float64(p.n)
		// The sums are of the kept move minus the pick: a rank is worse
		// higher, a utility and rank points lower.
		c.VsBest = Loss{Sims: p.n,
			Rank: p.er / f, RankSE: se(p.er, p.er2, p.n),
			Utility: -p.u / f, UtilitySE: se(p.u, p.u2, p.n),
			RankPoints: -p.p / f, RankPointsSE: se(p.p, p.p2, p.n)}
	}
}
