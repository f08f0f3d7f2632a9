package mc

import (
	"slices"
	"time"

	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/hand"
	"github.com/mjrank/mjrank/sim/tile"
)

// priorCandidate returns the candidate played unless the simulations show
// another to be better: the PriorPolicy's move, else (no PriorPolicy, it
// leaves the move to the rules, or Lab.EfficiencyPrior) rulePrior's. Its
// belief fills the candidates' Policy.
func (e *Engine) priorCandidate(v game.View, legal []game.Action, r *root, cands []Candidate, o *config) int {
	ref := -1
	if e.prior != nil && !o.EfficiencyPrior {
		ref = e.policyPrior(v, legal, cands)
	}
	if ref < 0 {
		ref = rulePrior(r, cands)
	}
	return ref
}

// priorDiscard returns, under Options.PriorDiscards, the PriorPolicy's
// discard of a decision whose only choice is the discard, or nil (another
// decision, or an engine without a PriorPolicy: analyze then finds its
// prior on the root). It builds no root: the opponents' predictions are
// for the simulations, and none is run.
func (e *Engine) priorDiscard(v game.View, legal []game.Action, o *config, start time.Time) *Analysis {
	if !o.PriorDiscards || len(legal) < 2 || o.Tally != nil || e.prior == nil || o.EfficiencyPrior || !onlyDiscards(legal) {
		return nil
	}
	cands := candidates(nil, legal) // discards only: the root is not read
	ref := e.policyPrior(v, legal, cands)
	if ref < 0 {
		return nil
	}
	return unsimulated(cands, ref, start)
}

// unsimulated returns the analysis that plays the prior cands[ref]
// without simulating: the prior first, marked.
func unsimulated(cands []Candidate, ref int, start time.Time) *Analysis {
	cands[ref].Prior = true
	cands[0], cands[ref] = cands[ref], cands[0]
	return &Analysis{Candidates: cands, Seconds: time.Since(start).Seconds()}
}

// oneDetailEach returns the candidates with one of each kind of move: of
// the discards, of the riichi declarations, and of each chi or pon's
// follow-up discards, only the one the policy believes most (the first of
// the likeliest; the prior cands[ref] for its own kind); a kind whose
// kept candidate has no belief (no model) keeps all of its candidates,
// and a move of Options.Keep (Candidate.Kept) stays too. It returns them
// in their order, and the prior's new index. The choice of the tile is
// the policy's; comparing a dozen tiles of one call would
// also spread the budget thin and let the luckiest follow-up of a call
// stand for it (the maximum of noisy means is biased up).
func oneDetailEach(cands []Candidate, ref int) ([]Candidate, int) {
	sameKind := func(a, b *game.Action) bool {
		if a.Type != b.Type {
			return false
		}
		switch a.Type {
		case game.Discard, game.Riichi:
			return true
		case game.Chi, game.Pon:
			return a.Meld == b.Meld
		}
		return *a == *b
	}
	kept := func(i int) int { // the candidate kept of i's kind
		best := -1
		for j := range cands {
			if !sameKind(&cands[i].Action, &cands[j].Action) {
				continue
			}
			if j == ref {
				return ref
			}
			if best < 0 || cands[j].Policy > cands[best].Policy {
				best = j
			}
		}
		return best
	}
	out := cands[:0:0]
	nref := -1
	for i := range cands {
		if k := kept(i); k != i && cands[k].Policy > 0 && !cands[i].Kept {
			continue
		}
		if i == ref {
			nref = len(out)
		}
		out = append(out, cands[i])
	}
	return out, nref
}

// onlyDiscards says whether every legal move is a discard.
func onlyDiscards(legal []game.Action) bool {
	return !slices.ContainsFunc(legal, func(a game.Action) bool { return a.Type != game.Discard })
}

// policyPrior fills the Policy belief of every candidate and returns
// the one the PriorPolicy plays (after a call, its likeliest discard), or -1
// when it leaves the decision to the rules.
func (e *Engine) policyPrior(v game.View, legal []game.Action, cands []Candidate) int {
	a, belief, ok := e.prior.Decide(v, legal)
	for i := range cands {
		cands[i].Policy = belief(cands[i].Action, cands[i].Discard)
	}
	if !ok {
		return -1
	}
	best := -1
	for i := range cands {
		if cands[i].Action == a && (best < 0 || cands[i].Policy > cands[best].Policy) {
			best = i
		}
	}
	return best
}

// rulePrior returns the candidate played without evidence against it
// when the engine has no PriorPolicy (or its ablation asks for this one): a
// win when legal; on a call, pass; in riichi, the drawn tile; else the
// tile-efficiency discard (lowest shanten, then most tiles that lower it),
// declaring riichi when the discard leaves the hand tenpai and riichi is
// legal.
func rulePrior(r *root, cands []Candidate) int {
	find := func(t game.ActionType, k tile.Kind) int {
		at := -1
		for i := range cands {
			a := cands[i].Action
			if a.Type == t && (k == tile.NoKind || a.Tile.Kind() == k) && (at < 0 || cands[at].Action.Tile.Red()) {
				at = i
			}
		}
		return at
	}
	for _, t := range []game.ActionType{game.Tsumo, game.Ron, game.Pass} {
		if i := find(t, tile.NoKind); i >= 0 {
			return i
		}
	}
	if r.riichi && r.drawn != tile.NoTile {
		if i := find(game.Discard, r.drawn.Kind()); i >= 0 {
			return i
		}
	}
	var c, vis tile.Counts
	for _, t := range r.hand[:r.n] {
		c[t.Kind()]++
	}
	for k := range vis {
		vis[k] = 4 - c[k]
	}
	for _, t := range r.unseen[:r.nUnseen] {
		vis[t.Kind()]-- // what the seat sees outside its hand
	}
	var buf [14]hand.Discard
	ds := hand.Discards(&c, &vis, buf[:0])
	for _, d := range ds {
		if d.Shanten == 0 {
			if i := find(game.Riichi, d.Kind); i >= 0 {
				return i
			}
		}
		if i := find(game.Discard, d.Kind); i >= 0 {
			return i
		}
	}
	return 0
}
