package mc

import (
	"fmt"
	"slices"

	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// Candidate is one legal move with what the simulations say of it.
type Candidate struct {
	Action game.Action
	// Discard follows a chi or pon (tile.NoTile otherwise): each follow-up
	// discard is a candidate of its own.
	Discard tile.Tile
	Sims    int
	// Utility is the mean utility (higher is better) and UtilitySE its
	// standard error.
	Utility, UtilitySE float64
	// ExpectedRank is the mean expected final rank (1..4), RankSE its
	// standard error.
	ExpectedRank, RankSE float64
	// RankDist is the mean P(final rank 1..4).
	RankDist [4]float64
	// RankPoints is the expected Houou rank points (rankmodel.HououPoints).
	RankPoints float64
	// PWin, PDealIn and PDraw: this round ends with the seat's win, its
	// deal-in, or an exhaustive draw.
	PWin, PDealIn, PDraw float64
	// ScoreChange is the mean change of the seat's points this round.
	ScoreChange float64
	// Prior marks the move the engine plays unless the simulations show
	// another to be better; Advantage is the mean utility over the prior
	// move in the same worlds, AdvantageSE its standard error.
	Prior                  bool
	Advantage, AdvantageSE float64
	// Policy is the PriorPolicy's belief in this move; the learned one's
	// is that a Houou player makes it (policy.Prior: the discard model's
	// share of the kind, split by the riichi model; a call's P with its
	// follow-up discard's share; pass, kans and kyuushu by their models),
	// 0 for a win or a move of a decision without its model. 0 without a
	// PriorPolicy.
	Policy float64
}

// String names the move: "discard 5m", "riichi 0p", "pon 777z, discard 3s".
func (c *Candidate) String() string {
	a := c.Action
	var s string
	switch a.Type {
	case game.Discard, game.Riichi, game.Ankan, game.Kakan:
		s = a.Type.String() + " " + a.Tile.String()
	case game.Chi, game.Pon, game.Daiminkan:
		s = a.Meld.String()
	default:
		s = a.Type.String()
	}
	if c.Discard != tile.NoTile {
		s += ", discard " + c.Discard.String()
	}
	return s
}

// Analysis is the engine's answer for one decision.
type Analysis struct {
	// Candidates, best first (by utility; ties keep the legal order).
	Candidates []Candidate
	// Sims is the number of simulations run, all candidates together.
	Sims int
	// Stages is the number of halving stages run.
	Stages  int
	Seconds float64
}

// Best returns the chosen move.
func (a *Analysis) Best() *Candidate { return &a.Candidates[0] }

// candidates lists the moves to simulate: every legal action, a chi or pon
// once per follow-up discard.
func candidates(r *root, legal []game.Action) []Candidate {
	var out []Candidate
	for _, a := range legal {
		if a.Type != game.Chi && a.Type != game.Pon {
			out = append(out, Candidate{Action: a, Discard: tile.NoTile})
			continue
		}
		// The hand after the call, without the kinds kuikae bans.
		var rest [score.MaxHand]tile.Tile
		n := 0
		used := [2]bool{}
	outer:
		for _, t := range r.hand[:r.n] {
			for j, m := range a.Meld.Tiles[1:3] {
				if t == m && !used[j] {
					used[j] = true
					continue outer
				}
			}
			rest[n] = t
			n++
		}
		ban := game.KuikaeBan(a.Meld)
		var faces [tile.NumKinds + 3]bool
		for _, t := range rest[:n] {
			if ban.Has(t.Kind()) {
				continue
			}
			f := int(t.Kind())
			if t.Red() {
				f = tile.NumKinds + int(t.Kind())/9
			}
			if faces[f] {
				continue
			}
			faces[f] = true
			out = append(out, Candidate{Action: a, Discard: t})
		}
	}
	return out
}

// onlyFollowUp keeps, of the candidates of a single chi or pon, the one
// followed by a discard of f's face (Predict).
func onlyFollowUp(cands []Candidate, a game.Action, f tile.Tile) ([]Candidate, error) {
	cands = slices.DeleteFunc(cands, func(c Candidate) bool { return c.Discard.Kind() != f.Kind() || c.Discard.Red() != f.Red() })
	if len(cands) == 0 {
		return nil, fmt.Errorf("mc: %v cannot be followed by a discard of %v", a, f)
	}
	return cands, nil
}
