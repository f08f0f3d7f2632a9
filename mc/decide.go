package mc

import (
	"cmp"
	"context"
	"math"
	"slices"
	"time"
)

// ranked fills the candidates' figures from the simulations and orders
// them: the move the decision rule plays first, then the survivors of
// the last stage, each group by mean utility.
func ranked(cands []Candidate, st *stats, o *config) []Candidate {
	for i := range cands {
		st.fill(i, &cands[i])
	}
	best := choose(cands, st.ref, o.Margin, o.policyWeight(), st.early)
	st.fillVsBest(cands, best)
	cands[0], cands[best] = cands[best], cands[0]
	slices.SortStableFunc(cands[1:], func(a, b Candidate) int {
		if a.Sims != b.Sims {
			return b.Sims - a.Sims // the survivors of the last stage first
		}
		return cmp.Compare(b.Utility, a.Utility)
	})
	return cands
}

// halve runs the successive halving: each stage gives the surviving
// candidates an equal share of its budget, on the same worlds, and keeps
// the better half (and always the prior, st.ref) for the next. The kept
// candidates (st.keep) the halving drops are played on in the same
// worlds, outside it: they neither share its budget nor take a
// survivor's place. It stops early at the deadline (if not zero).
func (e *Engine) halve(ctx context.Context, r *root, o *config, cands []Candidate, st *stats, deadline time.Time) (*Analysis, error) {
	active := make([]int, len(cands))
	for i := range active {
		active[i] = i
	}
	var dropped []int // kept candidates the halving dropped
	stages := 1
	if !o.NoHalving {
		stages = max(1, int(math.Ceil(math.Log2(float64(len(cands))))))
	}
	worlds := 0
	an := &Analysis{}
	for stage := range stages {
		upto := worlds + max(1, o.Sims/(stages*len(active)))
		played := active
		if len(dropped) > 0 {
			played = slices.Concat(active, dropped)
		}
		done, err := e.simulate(ctx, r, o, cands, played, worlds, upto, st, deadline)
		if err != nil {
			return nil, err
		}
		an.Sims += (done - worlds) * len(played)
		worlds = done
		an.Stages = stage + 1
		if stage == stages-1 || done < upto {
			break
		}
		slices.SortStableFunc(active, func(a, b int) int { return cmp.Compare(st.mean(b), st.mean(a)) })
		active = active[:(len(active)+1)/2]
		if !slices.Contains(active, st.ref) {
			active[len(active)-1] = st.ref // the prior is always measured
		}
		slices.Sort(active)
		for _, k := range st.keep {
			if !slices.Contains(active, k) && !slices.Contains(dropped, k) {
				dropped = append(dropped, k)
				st.early[k] = st.mean(k) // what it competes with, as if dropped
			}
		}
	}
	return an, nil
}

// choose returns the candidate to play: the prior one, unless another's
// advantage over it exceeds margin standard errors and, between two
// discards the policy scored, weight × ln(policy ratio) (the largest such
// lower bound wins). Only the candidates of the last halving stage
// compete: one dropped early was measured on too few worlds for its
// standard error to mean much, and its advantage is the largest of a
// dozen noisy ones. A negative margin plays the best mean utility.
//
// early, if not nil, holds of each kept move the halving dropped its mean
// utility when dropped (NaN for the others): it competes as it would
// have without Keep, not at all under a margin, with that mean under a
// negative one, so that keeping a move never changes the pick.
func choose(cands []Candidate, ref int, margin, weight float64, early []float64) int {
	best := ref
	isEarly := func(i int) bool { return early != nil && !math.IsNaN(early[i]) }
	if margin < 0 {
		u := func(i int) float64 {
			if isEarly(i) {
				return early[i]
			}
			return cands[i].Utility
		}
		for i := range cands {
			if cands[i].Sims > 0 && u(i) > u(best) {
				best = i
			}
		}
		return best
	}
	bound := 0.0
	for i := range cands {
		c := &cands[i]
		if i == ref || c.Sims < 2 || c.Sims < cands[ref].Sims || isEarly(i) || math.IsNaN(c.AdvantageSE) {
			continue
		}
		lb := c.Advantage - margin*c.AdvantageSE
		if weight > 0 {
			lb -= weight * policyGap(&cands[ref], c)
		}
		if lb > bound {
			best, bound = i, lb
		}
	}
	return best
}

// minPolicy bounds the policy scores whose ratio policyGap takes: the
// model's scores of hopeless discards differ by orders of magnitude that
// mean nothing.
const minPolicy = 1e-4

// policyGap is ln(π_ref / π_c) when both moves are discards the policy
// scored, else 0.
func policyGap(ref, c *Candidate) float64 {
	if ref.Policy <= 0 || c.Policy <= 0 {
		return 0
	}
	return math.Log(max(ref.Policy, minPolicy) / max(c.Policy, minPolicy))
}
