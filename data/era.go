package data

import (
	"math"

	"github.com/mjrank/mjrank/sim/game"
)

// era holds the rules Tenhou changed over the years, as a record shows
// them (docs/RULES.md, "Which era").
type era struct {
	// rounded: final points rounded to thousands (before 2023).
	rounded bool
	// y2009: the rules of 2009: no tenpai-yame; east-only games with uma
	// +10/+5 and an extension into the West.
	y2009 bool
	// unknown says what neither the record nor a log id shows, for the
	// mismatches it may explain; "" if nothing.
	unknown string
}

// yearUnknown is what a record without a log id leaves open when its
// content does not show the 2009 rules either way.
const yearUnknown = "year unknown: the record does not show whether it was played in 2009 " +
	"(no tenpai-yame then; east-only games went on into the West), and has no log id; " +
	"name the file by its log id (e.g. 2009030812gm-00a9-0000-270195f3.xml)"

// era reads the record's era rules from the record itself where it shows
// them, so that the same bytes replay the same way whatever the file is
// called; a log id (Ref: the record's own, or found in the file name) only
// decides what the content leaves open, and the content wins where the two
// disagree:
//
//   - the 2009 rules: the 2009 format (shuffle in INIT); an east-only game
//     that reaches the West (only the 2009 extension does); an east-only
//     game's final points, which show its uma; else the log id's year; else
//     today's rules, and era.unknown says so;
//   - the rounding: the final points (a value with a decimal is unrounded;
//     whole values that the unrounded rule would not give are rounded);
//     where both rules give the record's points, the choice cannot change
//     this game's checks: the log id's year, else rounded.
func (g *Game) era() era {
	year := g.Year()
	e := era{rounded: year < 2023} // year 0 (no log id): rounded
	east := !g.Rules.EastSouth
	fin := g.finalShows(baseRules(g.Players, game.Hanchan), east && g.Players == 4)
	switch {
	case g.oldFormat():
		e.y2009 = true
	case east && g.reachesWest():
		e.y2009 = true
	case fin.umaKnown:
		e.y2009 = fin.uma2009
	case year != 0:
		e.y2009 = year <= 2009
	default:
		e.unknown = yearUnknown
	}
	if fin.roundKnown {
		e.rounded = fin.rounded
	}
	return e
}

// oldFormat reports the 2009 format: the shuffle in INIT.
func (g *Game) oldFormat() bool {
	for i := range g.Rounds {
		if g.Rounds[i].Shuffle != "" {
			return true
		}
	}
	return false
}

// reachesWest reports a round in the West or later.
func (g *Game) reachesWest() bool {
	for i := range g.Rounds {
		if g.Rounds[i].Number >= 8 {
			return true
		}
	}
	return false
}

// finalRules is what a record's final points show of its rules.
type finalRules struct {
	umaKnown, uma2009   bool // the uma: +10/+5 (2009 east-only) or +20/+10
	roundKnown, rounded bool // the rounding to thousands
}

// finalShows reads the uma (only 4-player east-only games had another
// one, so only for them: eastOnly4) and the rounding from the final
// points: it computes the points of the record's final scores under each
// candidate rule, from base (today's rules for the number of players), as
// the engine does, and keeps what every candidate giving the record's
// points agrees on. A special lobby's points follow rules of their own and
// show nothing.
func (g *Game) finalShows(base game.Rules, eastOnly4 bool) finalRules {
	var f finalRules
	o := g.Owari
	if o == nil || !g.Rules.FinalPointsKnown() {
		return f
	}
	umas := [][4]int{base.Uma}
	if eastOnly4 {
		umas = append(umas, [4]int{10, 5, -5, -10})
	}
	matches := 0
	var uma2009, rounded [2]bool // whether a match had the rule off, on
	for ui, uma := range umas {
		for _, round := range []bool{true, false} {
			rules := base
			rules.Uma, rules.RoundPoints = uma, round
			eng := game.NewGame(rules)
			eng.SetNext(game.RoundSetup{Scores: o.Scores})
			if _, points, _ := eng.Final(); points == o.RankPt {
				matches++
				uma2009[b2i(ui == 1)] = true
				rounded[b2i(round)] = true
			}
		}
	}
	if matches > 0 {
		// A hanchan's uma was the same in 2009: it shows nothing.
		f.umaKnown, f.uma2009 = eastOnly4 && uma2009[0] != uma2009[1], uma2009[1]
		f.roundKnown, f.rounded = rounded[0] != rounded[1], rounded[1]
		return f
	}
	// No rule gives the record's points (the replay reports it): a decimal
	// still shows unrounded points, as rounded ones are whole.
	for _, p := range o.RankPt {
		if p != math.Trunc(p) {
			f.roundKnown, f.rounded = true, false
		}
	}
	return f
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
