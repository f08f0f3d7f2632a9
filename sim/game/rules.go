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
	Uma            [4]int // in thousands of points, for ranks 1..4 (1..3, Uma[3] 0, with three players)
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

// TenhouSanma returns the rules of a Tenhou 3-player ranked game of the
// given length: 108 tiles, nukidora, tsumo-son ([score.TenhouSanma]),
// 35,000 start, 40,000 return, uma +20/0/−20; the rest as [Tenhou].
func TenhouSanma(l Length) Rules {
	r := Tenhou(l)
	r.Score = score.TenhouSanma()
	r.StartPoints = 35000
	r.ReturnPoints = 40000
	r.Uma = [4]int{20, 0, -20, 0}
	return r
}

// Players returns the number of seats in play: 4, or 3 under
// three-player scoring rules (Score.Players 3). Seats from Players() on
// stay empty: no tiles, no score, never to act.
func (r *Rules) Players() int { return r.Score.NumPlayers() }

// lastRegular returns the index of the last regular round: 3 (East 4) or
// 7 (South 4); with three players 2 (East 3) or 6 (South 3), as a wind has
// one round per dealer.
func (r *Rules) lastRegular() int {
	last := 7
	if r.Length == Tonpuusen {
		last = 3
	}
	if r.Players() == 3 {
		last--
	}
	return last
}
