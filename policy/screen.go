package policy

import (
	"math"

	"github.com/mjrank/mjrank/sim/tile"
)

// ScreenKeep is how many of the screening model's best candidates
// [Model.BestScreened] asks the model about in the engine's screened
// rollout and the rollout bot that plays it: with 3 the seat's discards
// are as strong as the policy's at the table, with 2 they are not
// (docs/ENGINE.md, "The seat's own play in the rollout").
const ScreenKeep = 3

// BestScreened returns the kind m scores highest among the n kinds the
// cheaper model screen scores highest in p (ties to the first in p's
// order), and false when p has no discard. m's look-ahead figures, nine
// tenths of its cost, are computed for those n candidates only, so the
// ukeire2 share of each is its share of the best among them: the choice
// is m's on a position it was not trained to see in full, which is what
// makes it affordable inside a rollout. p is left as m would find it
// (the figures computed afresh for every candidate on the next ask).
func (m *Model) BestScreened(p *Position, screen *Model, n int) (tile.Kind, bool) {
	const maxKeep = 4
	n = min(n, maxKeep)
	if n <= 0 || p.nd == 0 {
		return tile.NoKind, false
	}
	var (
		top [maxKeep]tile.Kind
		sv  [maxKeep]float64
	)
	nt := 0
	for _, d := range p.discard[:p.nd] {
		v := screen.Score(p, d.Kind)
		// Insert among the kept, which stay sorted best first.
		i := nt
		for ; i > 0 && v > sv[i-1]; i-- {
		}
		if i >= n {
			continue
		}
		nt = min(nt+1, n)
		copy(top[i+1:nt], top[i:nt-1])
		copy(sv[i+1:nt], sv[i:nt-1])
		top[i], sv[i] = d.Kind, v
	}
	if nt == 1 {
		return top[0], true
	}
	var only tile.KindSet
	for _, k := range top[:nt] {
		only = only.Add(k)
	}
	p.aheadOnly, p.aheadDone = only, false
	best, bv := tile.NoKind, math.Inf(-1)
	for _, d := range p.discard[:p.nd] { // p's order, for the ties
		if !only.Has(d.Kind) {
			continue
		}
		if v := m.Score(p, d.Kind); v > bv {
			best, bv = d.Kind, v
		}
	}
	p.aheadOnly, p.aheadDone = 0, false
	return best, true
}
