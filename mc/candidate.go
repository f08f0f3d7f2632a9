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
	// RankPoints is the expected Houou rank points (rankmodel.HououPoints);
	// 0 with three players (Analysis.NoRankPoints).
	RankPoints float64
	// PWin, PDealIn and PDraw: this round ends with the seat's win, its
	// deal-in, or an exhaustive draw. POtherTsumo and POtherRon: it ends
	// with another seat's tsumo, or with another seat's ron on a third
	// seat's discard; PAbortive: with an abortive draw (nine terminals,
	// three rons). The six partition the worlds (a double ron the seat
	// is among the winners of counts as its win), so they sum to 1.
	PWin, PDealIn, PDraw   float64
	POtherTsumo, POtherRon float64
	PAbortive              float64
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
	// Kept marks a move of Options.Keep: the halving did not drop it,
	// and VsBest holds its loss against the engine's pick.
	Kept bool
	// VsBest is, for a kept move, how much worse it simulates than the
	// move the engine plays (Analysis.Best), paired over the same worlds;
	// the zero Loss (Sims 0) for the others.
	VsBest Loss
}

// Loss is how much worse a move simulates than the engine's pick, over
// the worlds both were played in: each figure is the mean over those
// worlds of the difference between the two moves' outcomes in the same
// world (common random numbers), and its SE the standard error of that
// mean, which leaves out the luck the two moves share (the draws, the
// opponents' hands), so it is far smaller than the two moves' own
// standard errors together. Positive: the move is worse than the pick;
// negative: it simulates better. The pick's loss against itself is 0
// with SE 0; an SE is NaN below two worlds.
//
// The pick is not the best mean: the engine plays its prior move (the
// policy's) unless another's advantage over the prior exceeds
// Options.Margin standard errors and the policy's doubt
// (Options.PolicyWeight), so a move can simulate better than the pick
// (a negative loss) and still not be played. A loss within two of its
// SE of 0 is no evidence that the move is worse or better than the pick.
type Loss struct {
	// Sims is the number of worlds both moves were played in (0: not
	// compared). A kept move and the pick both run to the last stage, so
	// it is the kept move's Sims, unless a negative Margin picked a move
	// the halving dropped.
	Sims int
	// Rank is the move's expected final rank minus the pick's.
	Rank, RankSE float64
	// Utility is the pick's mean utility minus the move's: the measure
	// the engine chooses by (with the default utility, Rank).
	Utility, UtilitySE float64
	// RankPoints is the pick's expected Houou rank points minus the
	// move's.
	RankPoints, RankPointsSE float64
}

// Move names a move as a player makes it: an action and, after a chi or
// pon, the discard that follows it (tile.NoTile: any of them; ignored
// after other actions).
type Move struct {
	Action  game.Action
	Discard tile.Tile
}

// String names the move as Candidate.String does.
func (m Move) String() string {
	c := Candidate{Action: m.Action, Discard: tile.NoTile}
	if m.Action.Type == game.Chi || m.Action.Type == game.Pon {
		c.Discard = m.Discard
	}
	return c.String()
}

// Plays reports whether c plays m: the same type of action; for a
// discard, riichi or kan the same face (a red five is a face of its own),
// for a call the same faces in the meld (whichever copies), and after a
// chi or pon the same face discarded (any when m.Discard is tile.NoTile);
// any pass, win or kyuushu. The seat is not compared.
func (c *Candidate) Plays(m Move) bool {
	a := m.Action
	if c.Action.Type != a.Type {
		return false
	}
	switch a.Type {
	case game.Discard, game.Riichi, game.Ankan, game.Kakan:
		return sameFace(c.Action.Tile, a.Tile)
	case game.Chi, game.Pon:
		return sameFaces(c.Action.Meld, a.Meld) && (m.Discard == tile.NoTile || sameFace(c.Discard, m.Discard))
	case game.Daiminkan:
		return sameFaces(c.Action.Meld, a.Meld)
	}
	return true
}

func sameFace(x, y tile.Tile) bool { return x.Kind() == y.Kind() && x.Red() == y.Red() }

// sameFaces says whether two melds are of one type and, sorted, of the
// same faces.
func sameFaces(a, b score.Meld) bool {
	if a.Type != b.Type {
		return false
	}
	n := a.Type.Size()
	var x, y [4]tile.Tile
	for i := range n {
		x[i], y[i] = tile.Canonical(a.Tiles[i].Kind(), a.Tiles[i].Red()), tile.Canonical(b.Tiles[i].Kind(), b.Tiles[i].Red())
	}
	slices.Sort(x[:n])
	slices.Sort(y[:n])
	return x == y
}

// markKept sets Kept on the candidates that play a move of keep; a move
// that none plays is an error.
func markKept(cands []Candidate, keep []Move) error {
	for _, m := range keep {
		found := false
		for i := range cands {
			if cands[i].Plays(m) {
				cands[i].Kept, found = true, true
			}
		}
		if !found {
			return fmt.Errorf("mc: kept move %v: no legal move of the decision plays it", m)
		}
	}
	return nil
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
	// NoRankPoints: the decision has three players, whose Houou rank
	// point table is not known: every RankPoints (and VsBest.RankPoints)
	// is 0, not computed.
	NoRankPoints bool
}

// Best returns the chosen move.
func (a *Analysis) Best() *Candidate { return &a.Candidates[0] }

// Find returns the first candidate that plays m (Candidate.Plays), nil if
// none does.
func (a *Analysis) Find(m Move) *Candidate {
	for i := range a.Candidates {
		if a.Candidates[i].Plays(m) {
			return &a.Candidates[i]
		}
	}
	return nil
}

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

// keptIndices returns the indices of the kept candidates (nil: none).
func keptIndices(cands []Candidate) []int {
	var out []int
	for i := range cands {
		if cands[i].Kept {
			out = append(out, i)
		}
	}
	return out
}
