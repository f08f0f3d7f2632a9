package policy

import "github.com/mjrank/mjrank/sim/tile"

// A trial, not kept (docs/ENGINE.md, item 1): look-ahead figures for some candidates only.
func (p *Position) LimitLookahead(ks tile.KindSet) {
	p.topnLimit = ks
	p.topnLimited = true
	p.aheadDone = false
}

// TopNTrial: the rollout model r's best n candidates of p, the policy model
// m's choice among them, the look-ahead figures computed for those only
// when limit.
func TopNTrial(p *Position, r, m *Model, n int, limit bool) (tile.Kind, bool) {
	type cand struct {
		k tile.Kind
		s float64
	}
	var top [4]cand
	nt := 0
	for _, d := range p.discard[:p.nd] {
		c := cand{d.Kind, r.Score(p, d.Kind)}
		// insert into the sorted top list (ties to the first)
		i := nt
		for i > 0 && top[i-1].s < c.s {
			i--
		}
		if i >= n {
			continue
		}
		if nt < n {
			nt++
		}
		copy(top[i+1:nt], top[i:nt-1])
		top[i] = c
	}
	if nt == 0 {
		return tile.NoKind, false
	}
	if nt == 1 {
		return top[0].k, true
	}
	if limit {
		var ks tile.KindSet
		for _, c := range top[:nt] {
			ks = ks.Add(c.k)
		}
		p.LimitLookahead(ks)
	}
	best, bv := top[0].k, m.Score(p, top[0].k)
	for _, c := range top[1:nt] {
		if v := m.Score(p, c.k); v > bv {
			best, bv = c.k, v
		}
	}
	return best, true
}
