package arena

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/tenhou6"
	"github.com/mjrank/mjrank/rankmodel"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/score"
)

// Comparison is one bot's final ranks in two arenas played on the same
// walls (the same seed), compared game by game: A and B are each arena's
// average rank over the games both played, Diff is B − A, paired on the
// walls. The games played alike add nothing to Diff's spread, but two
// games that part are as good as independent from there on, so Diff's
// interval is about as wide as the arenas' unless most games end alike;
// Parted, which keeps only the round where each pair parts, is narrower.
type Comparison struct {
	BotA string `json:"bot_a"`
	BotB string `json:"bot_b"`
	// Games are the games both folders hold, on Units walls (a unit is a
	// wall's four seatings with --rotate, else one game); OnlyA and OnlyB
	// the games one folder holds alone (left out).
	Games int `json:"games"`
	Units int `json:"units"`
	OnlyA int `json:"only_a"`
	OnlyB int `json:"only_b"`
	// Alike are the games that ended on the same final scores in both.
	Alike int      `json:"alike"`
	A     Interval `json:"a"`    // average rank, 95 % interval over the units
	B     Interval `json:"b"`    // the same in B
	Diff  Interval `json:"diff"` // B − A, paired over the units
	// Parted is B − A of the bot's expected final rank just after the
	// round where the two games part (the rank model's, from the next
	// round's start; 0 for games alike): what the first difference was
	// worth, without the noise of the rounds after it.
	Parted Interval `json:"parted"`
	// ByMove splits Parted by the kind of the bot's first different move
	// in the round where the games part: discard, riichi, dama, call, pass,
	// kan, win, kyuushu, other (partingMoves, in that order; the kinds that
	// parted a game); the kinds' figures add up to Parted.
	ByMove []MoveParting `json:"by_move"`
}

// partingMoves are the kinds of move a pair of games can first differ by, as
// ByMove names them: the bot discards another tile; declares riichi in B
// only ("riichi") or in A only ("dama": B stays closed without it); calls
// (chi, pon, daiminkan) in B only ("call") or in A only ("pass"); kans
// (ankan, kakan), wins or aborts by kyuushu kyuuhai in one only; "other"
// is a difference the bot did not make. The direction matters: the
// engine's gain on its prior is mostly where it calls and the prior
// passes (docs/STRENGTH.md).
var partingMoves = [...]string{"discard", "riichi", "dama", "call", "pass", "kan", "win", "kyuushu", "other"}

// MoveParting is the part of the parting figure due to the games whose
// first different move is Move: Games of them, and Parted, their B − A
// summed and divided by all the games compared (so the kinds' figures add
// up to the whole), with its 95 % interval over the units.
type MoveParting struct {
	Move   string   `json:"move"`
	Games  int      `json:"games"`
	Parted Interval `json:"parted"`
}

// gameKey names an arena game by its record's file name: seed, unit
// (wall) and rotation, as Config.Records writes them.
type gameKey struct {
	seed      uint64
	unit, rot int
}

// parseRecordName reads "SEED-UNIT-ROTATION.json" (the arena's record
// names); ok is false for any other file.
func parseRecordName(name string) (k gameKey, ok bool) {
	base, found := strings.CutSuffix(name, ".json")
	f := strings.Split(base, "-")
	if !found || len(f) != 3 {
		return k, false
	}
	var err [3]error
	k.seed, err[0] = strconv.ParseUint(f[0], 10, 64)
	k.unit, err[1] = strconv.Atoi(f[1])
	k.rot, err[2] = strconv.Atoi(f[2])
	return k, err[0] == nil && err[1] == nil && err[2] == nil && k.unit >= 0 && k.rot >= 0 && k.rot < game.NumSeats
}

// finalRank is one game's outcome for the compared bot, and what the
// parting figure needs: the bot's seat and the situation at the start of
// every round.
type finalRank struct {
	rank   int
	scores [game.NumSeats]int
	seat   int
	starts []rankmodel.Situation
	events [][]data.Event // every round's, for where the games part
}

// readRanks reads every arena record in dir and returns bot's final rank
// in each. A record that does not parse, has no final scores, or does not
// seat bot exactly once is an error naming the file.
func readRanks(dir, bot string) (map[gameKey]finalRank, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	out := map[gameKey]finalRank{}
	for _, e := range ents {
		k, ok := parseRecordName(e.Name())
		if !ok || e.IsDir() {
			continue
		}
		path := filepath.Join(dir, e.Name())
		fr, err := readRank(path, bot)
		if err != nil {
			return nil, err
		}
		out[k] = fr
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no arena records (SEED-UNIT-ROTATION.json, as arena --records writes them)", dir)
	}
	return out, nil
}

// readRank reads one record and bot's final rank in it.
func readRank(path, bot string) (finalRank, error) {
	f, err := os.Open(path)
	if err != nil {
		return finalRank{}, err
	}
	defer f.Close()
	r := tenhou6.NewReader(f, path)
	if !r.Next() {
		if r.Err() != nil {
			return finalRank{}, r.Err()
		}
		return finalRank{}, fmt.Errorf("%s: no game", path)
	}
	g := r.Game()
	if g.Owari == nil {
		return finalRank{}, fmt.Errorf("%s: the game has no final scores", path)
	}
	if g.Players != game.NumSeats {
		// The parting figure reads the rank model, which learned 4-player
		// games only.
		return finalRank{}, fmt.Errorf("%s: a %d-player game: compare takes 4-player arenas only (no rank model of 3-player games yet)", path, g.Players)
	}
	seat := -1
	for s, n := range g.Names {
		if n == bot {
			if seat >= 0 {
				return finalRank{}, fmt.Errorf("%s: %q sits twice (seats %d and %d); compare a bot that sits once", path, bot, seat, s)
			}
			seat = s
		}
	}
	if seat < 0 {
		return finalRank{}, fmt.Errorf("%s: no seat is %q (the seats are %s)", path, bot, strings.Join(g.Names[:], ", "))
	}
	fr := finalRank{rank: game.Rank(g.Owari.Scores)[seat], scores: g.Owari.Scores, seat: seat}
	for _, rd := range g.Rounds {
		fr.starts = append(fr.starts, rankmodel.Situation{Index: rd.Number, Honba: rd.Honba, Sticks: rd.Sticks,
			Scores: rd.Scores, Dealer: rd.Dealer, Hanchan: g.Rules.EastSouth})
		fr.events = append(fr.events, rd.Events)
	}
	return fr, nil
}

// partedValue is the bot's expected final rank in game fr just after the
// round where it parts from the other game of the pair (o): the rank
// model's from the start of the next round, or the exact rank when the
// game ended there. Rounds start alike until one of them parted.
func partedValue(m *rankmodel.Model, fr, o *finalRank) float64 {
	j := partingRound(fr, o) + 1
	if j >= len(fr.starts) {
		return float64(fr.rank)
	}
	return rankmodel.ExpectedRank(m.Distribution(&fr.starts[j], fr.seat))
}

// partingRound is the index of the round where games fr and o part: the
// last that starts alike in both (the next starts differently, or one
// game ended after it).
func partingRound(fr, o *finalRank) int {
	j := 0
	for j < len(fr.starts) && j < len(o.starts) && fr.starts[j] == o.starts[j] {
		j++
	}
	return j - 1
}

// partingMove names the kind (one of partingMoves) of the bot's first move that
// differs between games a and b in the round where they part.
func partingMove(a, b *finalRank) string {
	r := partingRound(a, b)
	if r < 0 || r >= len(a.events) || r >= len(b.events) {
		return "other"
	}
	ea, eb := a.events[r], b.events[r]
	i := 0
	for i < len(ea) && i < len(eb) && ea[i] == eb[i] {
		i++
	}
	if i >= len(ea) || i >= len(eb) {
		return "other"
	}
	x, y := ea[i], eb[i]
	bot := func(e data.Event, t data.EventType) bool { return int(e.Seat) == a.seat && e.Type == t }
	either := func(f func(data.Event) bool) bool { return f(x) || f(y) }
	switch {
	case bot(y, data.EventRiichi):
		return "riichi"
	case bot(x, data.EventRiichi):
		return "dama"
	case either(func(e data.Event) bool { return bot(e, data.EventAgari) }):
		return "win"
	case either(func(e data.Event) bool {
		return bot(e, data.EventCall) && (e.Meld.Type == score.Ankan || e.Meld.Type == score.Kakan)
	}):
		return "kan"
	case bot(y, data.EventCall):
		return "call"
	case bot(x, data.EventCall):
		return "pass"
	case either(func(e data.Event) bool { return e.Type == data.EventRyuukyoku }):
		return "kyuushu"
	case bot(x, data.EventDiscard) && bot(y, data.EventDiscard):
		return "discard"
	}
	return "other"
}

// Compare compares bot botA's final ranks in the records under dirA with
// botB's under dirB (Config.Records of two arenas), game by game on the
// games both hold. The two arenas must share their walls: the same seed,
// and both rotated or neither.
func Compare(dirA, botA, dirB, botB string) (*Comparison, error) {
	ra, err := readRanks(dirA, botA)
	if err != nil {
		return nil, err
	}
	rb, err := readRanks(dirB, botB)
	if err != nil {
		return nil, err
	}
	c := &Comparison{BotA: botA, BotB: botB}
	type unitKey struct {
		seed uint64
		unit int
	}
	m, err := rankmodel.Default()
	if err != nil {
		return nil, err
	}
	sums := map[unitKey]*unitSums{}
	moveGames := make([]int, len(partingMoves))
	for k, a := range ra {
		b, ok := rb[k]
		if !ok {
			c.OnlyA++
			continue
		}
		c.Games++
		u := unitKey{k.seed, k.unit}
		if sums[u] == nil {
			sums[u] = &unitSums{}
		}
		us := sums[u]
		us.a += float64(a.rank)
		us.b += float64(b.rank)
		us.games++
		if a.scores == b.scores && slices.Equal(a.starts, b.starts) {
			c.Alike++
			continue
		}
		d := partedValue(m, &b, &a) - partedValue(m, &a, &b)
		us.parted += d
		mv := slices.Index(partingMoves[:], partingMove(&a, &b))
		us.byMove[mv] += d
		moveGames[mv]++
	}
	c.OnlyB = len(rb) - c.Games
	if c.Games == 0 {
		return nil, fmt.Errorf("%s and %s hold no game in common (the same seed, unit and rotation): they were not played on the same walls", dirA, dirB)
	}
	keys := slices.SortedFunc(maps.Keys(sums), func(x, y unitKey) int {
		return cmp.Or(cmp.Compare(x.seed, y.seed), cmp.Compare(x.unit, y.unit))
	}) // the sums in a fixed order: the same figures on every run
	units := make([]unitSums, len(keys))
	for i, k := range keys {
		units[i] = *sums[k]
	}
	c.Units = len(units)
	c.A = meanInterval(units, func(u unitSums) float64 { return u.a })
	c.B = meanInterval(units, func(u unitSums) float64 { return u.b })
	c.Diff = meanInterval(units, func(u unitSums) float64 { return u.b - u.a })
	c.Parted = meanInterval(units, func(u unitSums) float64 { return u.parted })
	c.ByMove = []MoveParting{} // [] in JSON when every game ended alike
	for i, mv := range partingMoves {
		if moveGames[i] > 0 {
			c.ByMove = append(c.ByMove, MoveParting{Move: mv, Games: moveGames[i],
				Parted: meanInterval(units, func(u unitSums) float64 { return u.byMove[i] })})
		}
	}
	return c, nil
}

// unitSums are one unit's sums over its games in both folders.
type unitSums struct {
	a, b   float64 // the bot's final ranks
	games  float64
	parted float64                    // B − A of partedValue
	byMove [len(partingMoves)]float64 // parted by the kind of move the games part on (partingMoves)
}

// meanInterval is the mean per game of v over the units (each unit's
// value divided by its games, units weighted by their games) with the 95 %
// interval of the unit means' spread (a ratio estimate: units of unequal
// size, as a partly played unit, count by their games).
func meanInterval(units []unitSums, v func(unitSums) float64) Interval {
	var sum, games float64
	for _, u := range units {
		sum += v(u)
		games += u.games
	}
	mean := sum / games
	half := 0.0
	if n := float64(len(units)); n > 1 {
		var ss float64
		for _, u := range units {
			d := v(u) - mean*u.games
			ss += d * d
		}
		perUnit := games / n
		half = 1.96 * math.Sqrt(ss/(n-1)/n) / perUnit
	}
	return Interval{Mean: mean, Low: mean - half, High: mean + half}
}
