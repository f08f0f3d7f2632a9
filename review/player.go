package review

import (
	"maps"
	"math"
	"slices"
)

// BadMoveLoss is the rank loss from which a move judged worse than the
// engine's pick is a bad move (see [IsBad] and docs/REVIEW.md).
const BadMoveLoss = 0.05

// ScoreScale is the judged rank loss per decision at which the score is
// 100/e (see [Score] and docs/REVIEW.md).
const ScoreScale = 0.0045

// IsBad says whether d is a bad move: the simulations judge it worse than
// the engine's pick (VerdictWorse: by more than VerdictMargin standard
// errors of the paired loss) by at least BadMoveLoss in expected final
// rank. A move as good as the pick within the simulations' error, or one
// whose loss cannot be judged, is never bad.
func IsBad(d *Decision) bool {
	return d.Verdict == VerdictWorse && d.RankLoss >= BadMoveLoss
}

// judgedLoss is the rank loss the score counts: the loss of a move judged
// worse than the pick, 0 for the pick, a move as good or better, and a
// move that could not be judged.
func judgedLoss(d *Decision) float64 {
	if d.Verdict == VerdictWorse {
		return max(d.RankLoss, 0)
	}
	return 0
}

// Score is the 0-100 score of a judged rank loss per decision l:
// 100·exp(−l/ScoreScale), 100 for no loss (or less), falling as the loss
// grows.
func Score(l float64) float64 {
	return 100 * math.Exp(-max(l, 0)/ScoreScale)
}

// Figures measure a player over decisions of one game or of many: how
// many, how often the verdict agrees with the engine, what the moves
// cost, the bad moves and the score; for a game and over a batch, the same
// by kind of decision, and beside them the Houou players' (Houou: the
// percentiles of the same figures over held-out games, one seat-game each).
// Rates per decision are over the decisions counted; per game, over the
// games (a game without a decision of a kind counts as a game with none).
type Figures struct {
	Name      string `json:"name,omitempty"` // the player's, BatchOptions.Name
	Games     int    `json:"games"`
	Decisions int    `json:"decisions"`
	// DecisionsPerGame is Decisions / Games.
	DecisionsPerGame float64 `json:"decisions_per_game"`
	// Verdicts counts the decisions by verdict; Agreed those whose
	// verdict agrees (Verdict.Agrees: best, better or as good), Agreement
	// their share.
	Verdicts  map[Verdict]int `json:"verdicts,omitempty"`
	Agreed    int             `json:"agreed"`
	Agreement float64         `json:"agreement"`
	// Match is the share of decisions where the move played is the
	// engine's pick (VerdictBest): the match rate other review tools
	// give, stricter than Agreement.
	Match float64 `json:"match"`
	// RankLoss and PointsLoss total the decisions' losses (a played move
	// that simulates better than the pick counts negative).
	RankLoss            float64 `json:"rank_loss"`
	RankLossPerDecision float64 `json:"rank_loss_per_decision"`
	RankLossPerGame     float64 `json:"rank_loss_per_game"`
	PointsLoss          float64 `json:"points_loss"`
	PointsLossPerGame   float64 `json:"points_loss_per_game"`
	// BadMoves counts the decisions IsBad says are bad; BadMoveRate is
	// their share.
	BadMoves        int     `json:"bad_moves"`
	BadMovesPerGame float64 `json:"bad_moves_per_game"`
	BadMoveRate     float64 `json:"bad_move_rate"`
	// JudgedLossPerDecision is the rank loss of the moves judged worse
	// per decision, Score its score.
	JudgedLoss            float64 `json:"judged_rank_loss"`
	JudgedLossPerDecision float64 `json:"judged_rank_loss_per_decision"`
	Score                 float64 `json:"score"`
	// Houou are the Houou players' figures to compare with (nil: no
	// reference).
	Houou *Bands `json:"houou,omitempty"`
	// ThreePlayerGames counts the 3-player games among Games. Figures of
	// 3-player games are compared with the 3-player reference
	// (houou3.json), of 4-player games with houou.json; figures over
	// both with neither, and HououNote says so (MixedHououNote).
	ThreePlayerGames int    `json:"three_player_games,omitempty"`
	HououNote        string `json:"houou_note,omitempty"`
	// RankPointsNote says, for figures that count a 3-player game, that
	// its rank points are not computed (NoRankPoints): PointsLossPerGame
	// is then over the 4-player games alone.
	RankPointsNote string `json:"rank_points_note,omitempty"`
	// ByKind are the same figures by kind of decision, for the kinds
	// the decisions hold (nil within a kind).
	ByKind map[Kind]*Figures `json:"by_kind,omitempty"`
}

// Player is the reviewed player's figures over the games of a batch.
type Player = Figures

// GameFigures returns the figures of one game's decisions (Games 1), by
// kind too. A decision without a kind (a report of an older review) is
// counted in the game's figures only.
func GameFigures(decs []Decision) *Figures {
	f := &Figures{Games: 1}
	for i := range decs {
		d := &decs[i]
		f.count(d)
		if d.Kind == "" {
			continue
		}
		k := f.kind(d.Kind)
		k.Games = 1
		k.count(d)
	}
	f.finish()
	return f
}

// reportFigures returns the figures of a reviewed game's report, beside
// the Houou players' where the reference applies.
func reportFigures(r *Report) *Figures {
	f := GameFigures(r.Decisions)
	if r.Players == 3 {
		f.ThreePlayerGames = 1
	}
	f.compare()
	return f
}

func (f *Figures) kind(k Kind) *Figures {
	if f.ByKind == nil {
		f.ByKind = map[Kind]*Figures{}
	}
	if f.ByKind[k] == nil {
		f.ByKind[k] = &Figures{}
	}
	return f.ByKind[k]
}

// count adds one decision.
func (f *Figures) count(d *Decision) {
	f.Decisions++
	if f.Verdicts == nil {
		f.Verdicts = map[Verdict]int{}
	}
	f.Verdicts[d.Verdict]++
	if d.Verdict.Agrees() {
		f.Agreed++
	}
	f.RankLoss += d.RankLoss
	f.PointsLoss += d.PointsLoss
	if IsBad(d) {
		f.BadMoves++
	}
	f.JudgedLoss += judgedLoss(d)
}

// Add adds the totals of g (another game's figures, or another batch's)
// to f; Finish then sets the rates.
func (f *Figures) Add(g *Figures) {
	f.Games += g.Games
	f.ThreePlayerGames += g.ThreePlayerGames
	f.addTotals(g)
	for _, k := range slices.Sorted(maps.Keys(g.ByKind)) {
		f.kind(k).addTotals(g.ByKind[k])
	}
}

func (f *Figures) addTotals(g *Figures) {
	f.Decisions += g.Decisions
	for v, n := range g.Verdicts {
		if f.Verdicts == nil {
			f.Verdicts = map[Verdict]int{}
		}
		f.Verdicts[v] += n
	}
	f.Agreed += g.Agreed
	f.RankLoss += g.RankLoss
	f.PointsLoss += g.PointsLoss
	f.BadMoves += g.BadMoves
	f.JudgedLoss += g.JudgedLoss
}

// finish sets the rates from the totals; a kind's per-game rates are over
// all of f's games.
func (f *Figures) finish() {
	f.rates(f.Games, f.ThreePlayerGames)
	for _, k := range f.ByKind {
		k.Games = f.Games
		k.rates(f.Games, f.ThreePlayerGames)
	}
}

// Finish sets the rates of figures summed with Add.
func (f *Figures) Finish() { f.finish() }

// rates sets the rates over games, three of them 3-player games, which
// have no rank points: the rank points lost per game are over the others.
func (f *Figures) rates(games, three int) {
	f.Agreement, f.Match, f.RankLossPerDecision, f.BadMoveRate, f.JudgedLossPerDecision = 0, 0, 0, 0, 0
	f.DecisionsPerGame, f.RankLossPerGame, f.PointsLossPerGame, f.BadMovesPerGame = 0, 0, 0, 0
	if n := float64(f.Decisions); n > 0 {
		f.Agreement = float64(f.Agreed) / n
		f.Match = float64(f.Verdicts[VerdictBest]) / n
		f.RankLossPerDecision = f.RankLoss / n
		f.BadMoveRate = float64(f.BadMoves) / n
		f.JudgedLossPerDecision = f.JudgedLoss / n
	}
	f.Score = Score(f.JudgedLossPerDecision)
	if g := float64(games); g > 0 {
		f.DecisionsPerGame = float64(f.Decisions) / g
		f.RankLossPerGame = f.RankLoss / g
		f.PointsLossPerGame = 0
		if four := games - three; four > 0 {
			f.PointsLossPerGame = f.PointsLoss / float64(four)
		}
		f.BadMovesPerGame = float64(f.BadMoves) / g
	}
}
