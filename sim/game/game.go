package game

import (
	"fmt"
	"math"
)

// Game is the state between rounds: scores, the next round's place, and
// whether the game is over. It knows Tenhou's rules for continuing and
// ending; the rounds themselves are played by [Round].
type Game struct {
	Rules  Rules
	Scores [NumSeats]int
	next   RoundSetup
	over   bool
	rounds int
}

// NewGame starts a game: seat 0 deals first, every seat in play has the
// start points (an empty seat 0).
func NewGame(rules Rules) *Game {
	g := &Game{Rules: rules}
	for i := range rules.Players() {
		g.Scores[i] = rules.StartPoints
	}
	g.next = RoundSetup{Scores: g.Scores}
	return g
}

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.over }

// Rounds returns the number of rounds played.
func (g *Game) Rounds() int { return g.rounds }

// Next returns the setup of the next round.
func (g *Game) Next() RoundSetup { return g.next }

// Sticks returns the riichi sticks on the table.
func (g *Game) Sticks() int { return g.next.Sticks }

// EndRound records a finished round and decides what comes next: dealer
// repeat and honba, the next dealer, and whether the game ends.
func (g *Game) EndRound(r *Round) error {
	if r.Phase() != PhaseEnd {
		return fmt.Errorf("game: round %d is not over", r.Index())
	}
	res := r.Result()
	g.rounds++
	g.Scores = r.Scores()
	g.next, g.over = g.Rules.Next(g.next, g.Scores, r.Sticks(), res.Kind, res.Renchan)
	return nil
}

// Next returns the round that follows cur when it ended as kind says
// (renchan: the dealer keeps the deal) with the given scores and riichi
// sticks on the table, and whether the game is over instead: dealer repeat
// and honba, busting, the end of the regular game, the extension, and the
// all-last dealer's stop (agari-yame, tenpai-yame under TenpaiYame).
// Simulations use it to find the situation a simulated round leads to.
func (rules *Rules) Next(cur RoundSetup, scores [NumSeats]int, sticks int, kind EndKind, renchan bool) (next RoundSetup, over bool) {
	next = RoundSetup{Index: cur.Index, Honba: cur.Honba + 1, Sticks: sticks, Dealer: cur.Dealer, Scores: scores}
	if !renchan {
		np := rules.Players()
		next.Index++
		next.Dealer = (cur.Dealer + 1) % uint8(np)
		if np == 3 && next.Index%4 == 3 {
			next.Index++ // a wind has three rounds: South 1 follows East 3
		}
		if kind == Agari {
			next.Honba = 0
		}
	}
	return next, rules.ends(cur, scores, kind, renchan)
}

// ends applies Tenhou's end rules after the round cur ended.
func (rules *Rules) ends(cur RoundSetup, scores [NumSeats]int, kind EndKind, renchan bool) bool {
	top := 0
	for i, s := range scores[:rules.Players()] {
		if s < 0 {
			return true // busted
		}
		if s > scores[top] {
			top = i
		}
	}
	last := rules.lastRegular()
	if cur.Index < last {
		return false
	}
	reached := scores[top] >= rules.ReturnPoints
	if renchan {
		// All-last dealer: the game stops when the dealer wins (agari-yame)
		// or, under TenpaiYame, is tenpai at an exhaustive draw, in first
		// place with the target reached.
		if kind != Agari && (kind != ExhaustiveDraw || !rules.TenpaiYame) {
			return false
		}
		return top == int(cur.Dealer) && reached
	}
	return reached || cur.Index >= last+4*rules.ExtensionWinds
}

// Rank returns each seat's final rank 1..4: by score, ties to the seat
// nearer the first dealer (seat 0).
func Rank(scores [NumSeats]int) [NumSeats]int { return RankOf(scores, NumSeats) }

// RankOf returns the ranks 1..players of the seats in play (seats below
// players) as [Rank] does; an empty seat's rank is 0.
func RankOf(scores [NumSeats]int, players int) [NumSeats]int {
	var rank [NumSeats]int
	for i := range scores[:players] {
		rank[i] = 1
		for j := range scores[:players] {
			if scores[j] > scores[i] || (scores[j] == scores[i] && j < i) {
				rank[i]++
			}
		}
	}
	return rank
}

// Final returns the final scores (leftover riichi sticks go to first place)
// and the final points as Tenhou reports them: each of ranks 2–4 (2–3 with
// three players) gets its score in thousands (rounded half away from zero
// under RoundPoints), minus the return, plus uma; first place gets what
// balances the table (oka included). An empty seat has rank 0 and 0
// points.
func (g *Game) Final() (scores [NumSeats]int, points [NumSeats]float64, rank [NumSeats]int) {
	scores = g.Scores
	np := g.Rules.Players()
	rank = RankOf(scores, np)
	top := 0
	for i, r := range rank {
		if r == 1 {
			top = i
		}
	}
	scores[top] += 1000 * g.next.Sticks
	sum := 0.0
	for i, s := range scores[:np] {
		if i == top {
			continue
		}
		p := float64(s) / 1000
		if g.Rules.RoundPoints {
			p = math.Round(p)
		}
		p += float64(g.Rules.Uma[rank[i]-1] - g.Rules.ReturnPoints/1000)
		p = math.Round(p*10) / 10 // one decimal, as Tenhou prints it
		points[i] = p
		sum += p
	}
	points[top] = math.Round(-sum*10) / 10
	return scores, points, rank
}

// SetNext replaces the setup of the next round (and the scores) — for a
// replay that takes each round's start from a record.
func (g *Game) SetNext(s RoundSetup) {
	g.next = s
	g.Scores = s.Scores
}
