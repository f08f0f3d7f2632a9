package game

import "github.com/mjrank/mjrank/sim/score"

// Length is how many winds a game plays before it may end.
type Length uint8

// Game lengths.
const (
	Hanchan   Length = iota // East and South rounds (東南戦)
	Tonpuusen               // East rounds only (東風戦)
)

func (l Length) String() string {
	if l == Tonpuusen {
		return "tonpuusen"
	}
	return "hanchan"
}

// Rules are the rules of a whole game: the scoring rules and the game's
// shape. [Tenhou] is the default.
type Rules struct {
	Score        score.Rules
	Length       Length
	StartPoints  int // each player's starting score
	ReturnPoints int // the target of the extension and the "return" of oka
	// ExtensionWinds is how many winds the sudden-death extension (延長戦)
	// may run after the regular game while nobody has ReturnPoints: 1 at
	// Tenhou today (an east-only game ends by South 4, a hanchan by West 4);
	// Tenhou's 2009 east-only games went on into the West (2). 0: no
	// extension.
	ExtensionWinds int
	Uma            [4]int // in thousands of points, for ranks 1..4
	// RoundPoints rounds each final score to thousands before oka and uma
	// (Tenhou's ranked lobbies); off, final points keep one decimal.
	RoundPoints bool
	// TenpaiYame ends the game when the all-last dealer is tenpai at an
	// exhaustive draw in first place (Tenhou today; its 2009 logs play on).
	TenpaiYame bool
	// OpenKanDoraAtOnce reveals an added or open kan's indicator at once, as
	// a closed kan's; off, after the kan maker's next discard (Tenhou).
	OpenKanDoraAtOnce bool
}

// Tenhou returns the rules of a Tenhou 4-player ranked game of the given
// length: red fives, kuitan, 25,000 start, 30,000 return, uma +20/+10/−10/−20.
func Tenhou(l Length) Rules {
	return Rules{
		Score:          score.Tenhou(),
		Length:         l,
		StartPoints:    25000,
		ReturnPoints:   30000,
		ExtensionWinds: 1,
		Uma:            [4]int{20, 10, -10, -20},
		RoundPoints:    true,
		TenpaiYame:     true,
	}
}

// lastRegular returns the index of the last regular round: 3 (East 4) or
// 7 (South 4).
func (r *Rules) lastRegular() int {
	if r.Length == Tonpuusen {
		return 3
	}
	return 7
}
