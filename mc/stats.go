package mc

import (
	"math"

	"github.com/mjrank/mjrank/rankmodel"
)

// stats sums the outcomes per candidate.
type stats struct {
	n                 []int
	u, u2, er, er2    []float64
	dist              [][4]float64
	win, dealIn, draw []int
	delta             []float64
	rankPoints        []float64
	nd                []int     // worlds compared with the prior move
	d, d2             []float64 // utility minus the prior move's
	ref               int       // the prior move
}

func newStats(k int) *stats {
	return &stats{n: make([]int, k), u: make([]float64, k), u2: make([]float64, k), er: make([]float64, k),
		er2: make([]float64, k), dist: make([][4]float64, k), win: make([]int, k), dealIn: make([]int, k),
		draw: make([]int, k), delta: make([]float64, k), rankPoints: make([]float64, k),
		nd: make([]int, k), d: make([]float64, k), d2: make([]float64, k)}
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
	st.rankPoints[c] += rankmodel.HououPoints.Expected(o.dist)
	if o.won {
		st.win[c]++
	}
	if o.dealtIn {
		st.dealIn[c]++
	}
	if o.draw {
		st.draw[c]++
	}
	st.delta[c] += float64(o.delta)
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
		st.win[c] += o.win[c]
		st.dealIn[c] += o.dealIn[c]
		st.draw[c] += o.draw[c]
		st.delta[c] += o.delta[c]
		st.rankPoints[c] += o.rankPoints[c]
		st.nd[c] += o.nd[c]
		st.d[c] += o.d[c]
		st.d2[c] += o.d2[c]
	}
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
	out.PWin = float64(st.win[c]) / f
	out.PDealIn = float64(st.dealIn[c]) / f
	out.PDraw = float64(st.draw[c]) / f
	out.ScoreChange = st.delta[c] / f
	if nd := st.nd[c]; nd > 0 {
		out.Advantage = st.d[c] / float64(nd)
		out.AdvantageSE = se(st.d[c], st.d2[c], nd)
	}
}
