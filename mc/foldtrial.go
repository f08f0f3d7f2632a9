package mc

import (
	"os"
	"strconv"

	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/hand"
	"github.com/mjrank/mjrank/sim/tile"
)

// Trial (removed by the next commit): the mc bot simulates, on a
// discard-only decision against a threat, the prior's discard against
// the safest one by the root's readings (push or fold), as one candidate
// of each kind does for calls and riichi.
var (
	foldTrial       = os.Getenv("MJRANK_FOLD_TRIAL") // "riichi" or "threat"
	foldTrialBelief = os.Getenv("MJRANK_FOLD_NOBELIEF") != "1"
	foldTrialGap    = envFloat("MJRANK_FOLD_GAP", 0.02)
	foldTrialPush   = os.Getenv("MJRANK_FOLD_PUSH") == "1"
)

func envFloat(name string, def float64) float64 {
	if f, err := strconv.ParseFloat(os.Getenv(name), 64); err == nil {
		return f
	}
	return def
}

// foldTrialView says whether the trial may simulate v's discard (an
// opponent in riichi, or any decision under "threat", whose readings are
// at the root).
func foldTrialView(v game.View) bool {
	switch foldTrial {
	case "threat":
		return true
	case "riichi":
		for s := range game.NumSeats {
			if s != v.Seat() && v.InRiichi(s) {
				return true
			}
		}
	}
	return false
}

// foldPair returns the prior and the safest discard by the root's
// readings against the threats, the prior first, when the prior is the
// more dangerous by foldTrialGap; else ok is false.
func foldPair(r *root, cands []Candidate, ref int) (out []Candidate, nref int, ok bool) {
	if foldTrial == "" {
		return nil, 0, false
	}
	var thr [game.NumSeats]bool
	any := false
	for j := range game.NumSeats {
		o := &r.opp[j]
		if j == r.me {
			continue
		}
		thr[j] = o.riichi || (foldTrial == "threat" && Threat(false, o.melds, o.readTenpai))
		any = any || thr[j]
	}
	if !any {
		return nil, 0, false
	}
	risk := func(c *Candidate) float64 {
		k := c.Action.Tile.Kind()
		x := 0.0
		for j, t := range thr {
			o := &r.opp[j]
			if !t || o.safe.Has(k) {
				continue
			}
			p := o.readTenpai
			if o.riichi {
				p = 1
			}
			x += p * o.readWaitP[k]
		}
		return x
	}
	best, bestR := ref, risk(&cands[ref])
	priorR := bestR
	for i := range cands {
		if x := risk(&cands[i]); x < bestR || x == bestR && cands[i].Policy > cands[best].Policy {
			best, bestR = i, x
		}
	}
	out = []Candidate{cands[ref]}
	if best != ref && priorR-bestR >= foldTrialGap {
		out = append(out, cands[best])
	}
	if foldTrialPush {
		if p := pushCandidate(r, cands, ref); p >= 0 && p != best {
			out = append(out, cands[p])
		}
	}
	if len(out) < 2 {
		return nil, 0, false
	}
	return out, 0, true
}

// pushCandidate is the discard that leaves the lowest shanten (the
// policy's likeliest on ties) when it is lower than the prior's, else -1.
func pushCandidate(r *root, cands []Candidate, ref int) int {
	var c tile.Counts
	for _, t := range r.hand[:r.n] {
		c[t.Kind()]++
	}
	if r.drawn != tile.NoTile && r.n%3 != 2 {
		c[r.drawn.Kind()]++
	}
	after := func(i int) int {
		k := cands[i].Action.Tile.Kind()
		c[k]--
		defer func() { c[k]++ }()
		if r.nm > 0 {
			return hand.ShantenNormal(&c)
		}
		return hand.Shanten(&c)
	}
	best, bestS := -1, after(ref)
	for i := range cands {
		if s := after(i); s < bestS || best >= 0 && s == bestS && cands[i].Policy > cands[best].Policy {
			best, bestS = i, s
		}
	}
	return best
}
