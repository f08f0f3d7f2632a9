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
	// Players is 3 for records of 3-player games; 0 (absent from the JSON)
	// for 4-player ones, as in Result.
	Players int `json:"players,omitempty"`
	// Games are the games both folders hold, on Units walls (a unit is a
	// wall's four seatings with --rotate, three with three players, else
	// one game); OnlyA and OnlyB the games one folder holds alone (left
	// out).
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
	// kan, win, kyuushu, kita, other (partingMoves, in that order; the kinds that
	// parted a game); the kinds' figures add up to Parted.
	ByMove []MoveParting `json:"by_move"`
}

// partingMoves are the kinds of move a pair of games can first differ by, as
// ByMove names them: the bot discards another tile; declares riichi in B
// only ("riichi") or in A only ("dama": B stays closed without it); calls
// (chi, pon, daiminkan) in B only ("call") or in A only ("pass"); kans
// (ankan, kakan), wins or aborts by kyuushu kyuuhai in one only; sets a
// North aside in one only ("kita", three players); "other" is a
// difference the bot did not make. The direction matters: the
// engine's gain on its prior is mostly where it calls and the prior
// passes (docs/STRENGTH.md).
var partingMoves = [...]string{"discard", "riichi", "dama", "call", "pass", "kan", "win", "kyuushu", "kita", "other"}

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
	rank    int
	scores  [game.NumSeats]int
	seat    int
	players int
	starts  []rankmodel.Situation
	events  [][]data.Event // every round's, for where the games part
	// sits are the seats the bot sits in: one, or several at a table of
	// one bot (the prior against itself), where the pairing picks the
	// seat (pairSeats).
	sits []int
	bot  string
	path string
}

// at makes seat the compared bot's, its rank the game's final rank of
// that seat.
func (fr *finalRank) at(seat int) {
	fr.seat = seat
	fr.rank = game.RankOf(fr.scores, fr.players)[seat]
}

// readRanks reads every arena record in dir and returns the compared
// bot's final rank in each, and the number of players of the games. A
// record that does not parse, has no final scores, does not seat bot, or
// has another number of players than the folder's first is an error
// naming the file.
func readRanks(dir, bot string) (map[gameKey]finalRank, int, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, 0, err
	}
	out := map[gameKey]finalRank{}
	players, first := 0, ""
	for _, e := range ents {
		k, ok := parseRecordName(e.Name())
		if !ok || e.IsDir() {
			continue
		}
		path := filepath.Join(dir, e.Name())
		fr, err := readRank(path, bot)
		if err != nil {
			return nil, 0, err
		}
		if k.rot >= fr.players {
			return nil, 0, fmt.Errorf("%s: rotation %d in the name of a %d-player game (its rotations are 0 to %d)", path, k.rot, fr.players, fr.players-1)
		}
		if players == 0 {
			players, first = fr.players, path
		} else if fr.players != players {
			return nil, 0, fmt.Errorf("%s: a %d-player game among %d-player ones (%s): one arena has one number of players", path, fr.players, players, first)
		}
		out[k] = fr
	}
	if len(out) == 0 {
		return nil, 0, fmt.Errorf("%s: no arena records (SEED-UNIT-ROTATION.json, as arena --records writes them)", dir)
	}
	return out, players, nil
}

// readRank reads one record and the seats bot sits in; the bot's seat
// and rank are set when it sits once.
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
	fr := finalRank{scores: g.Owari.Scores, players: g.Players, bot: bot, path: path, seat: -1}
	for s, n := range g.Names[:g.Players] {
		if n == bot {
			fr.sits = append(fr.sits, s)
		}
	}
	if len(fr.sits) == 0 {
		return finalRank{}, fmt.Errorf("%s: no seat is %q (the seats are %s)", path, bot, strings.Join(g.Names[:g.Players], ", "))
	}
	if len(fr.sits) == 1 {
		fr.at(fr.sits[0])
	}
	for _, rd := range g.Rounds {
		s := rankmodel.Situation{Index: rd.Number, Honba: rd.Honba, Sticks: rd.Sticks,
			Scores: rd.Scores, Dealer: rd.Dealer, Hanchan: g.Rules.EastSouth}
		if g.Players == 3 {
			s.Players = 3
		}
		fr.starts = append(fr.starts, s)
		fr.events = append(fr.events, rd.Events)
	}
	return fr, nil
}

// pairSeats settles the compared seat of a pair of games on one wall and
// rotation where the bot sits more than once in one of them: the seat
// where it sits in the other game, which is the same entry of --seats
// (the rotation seats entries alike in both). Sitting more than once in
// both, or not in that seat, is an error naming the files.
func pairSeats(a, b *finalRank) error {
	one, many := a, b
	switch {
	case a.seat >= 0 && b.seat >= 0:
		return nil
	case a.seat < 0 && b.seat < 0:
		return fmt.Errorf("%s and %s: %q sits in seats %s and %q in seats %s: one of them must sit once", a.path, b.path, a.bot, seatList(a.sits), b.bot, seatList(b.sits))
	case a.seat < 0:
		one, many = b, a
	}
	if !slices.Contains(many.sits, one.seat) {
		return fmt.Errorf("%s: %q sits in seats %s, not in seat %d, where %q sits in %s", many.path, many.bot, seatList(many.sits), one.seat+1, one.bot, one.path)
	}
	many.at(one.seat)
	return nil
}

// seatList names seats as the tables do, from 1: "2, 3, 4".
func seatList(seats []int) string {
	s := make([]string, len(seats))
	for i, x := range seats {
		s[i] = strconv.Itoa(x + 1)
	}
	return strings.Join(s, ", ")
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
	case either(func(e data.Event) bool { return bot(e, data.EventKita) }):
		return "kita"
	case bot(x, data.EventDiscard) && bot(y, data.EventDiscard):
		return "discard"
	}
	return "other"
}

// Compare compares bot botA's final ranks in the records under dirA with
// botB's under dirB (Config.Records of two arenas), game by game on the
// games both hold. The two arenas must share their walls: the same seed,
// and both rotated or neither, and their number of players. A bot may sit
// more than once in one arena (the prior alone at its table): it is then
// compared in the seat of the other arena's bot, the same entry.
func Compare(dirA, botA, dirB, botB string) (*Comparison, error) {
	ra, players, err := readRanks(dirA, botA)
	if err != nil {
		return nil, err
	}
	rb, playersB, err := readRanks(dirB, botB)
	if err != nil {
		return nil, err
	}
	if players != playersB {
		return nil, fmt.Errorf("%s holds %d-player games, %s %d-player ones: compare arenas of one number of players", dirA, players, dirB, playersB)
	}
	m, err := rankmodel.DefaultFor(players)
	if err != nil {
		return nil, err
	}
	c := &Comparison{BotA: botA, BotB: botB, Players: playersField(players)}
	units, moveGames, err := c.pair(ra, rb, m)
	if err != nil {
		return nil, err
	}
	if c.Games == 0 {
		return nil, fmt.Errorf("%s and %s hold no game in common (the same seed, unit and rotation): they were not played on the same walls", dirA, dirB)
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

// pair pairs the games of ra and rb on their walls and rotations, counts
// them in c (Games, OnlyA, OnlyB, Alike), and returns each unit's sums, in
// the order of seed and unit, and the games each kind of move parted.
// Games go in the order of their names, so the sums and the error of a
// bad pair are the same on every run.
func (c *Comparison) pair(ra, rb map[gameKey]finalRank, m *rankmodel.Model) ([]unitSums, []int, error) {
	keys := slices.SortedFunc(maps.Keys(ra), func(x, y gameKey) int {
		return cmp.Or(cmp.Compare(x.seed, y.seed), cmp.Compare(x.unit, y.unit), cmp.Compare(x.rot, y.rot))
	})
	var units []unitSums
	moveGames := make([]int, len(partingMoves))
	for _, k := range keys {
		a := ra[k]
		b, ok := rb[k]
		if !ok {
			c.OnlyA++
			continue
		}
		if err := pairSeats(&a, &b); err != nil {
			return nil, nil, err
		}
		c.Games++
		if n := len(units); n == 0 || units[n-1].seed != k.seed || units[n-1].unit != k.unit {
			units = append(units, unitSums{seed: k.seed, unit: k.unit})
		}
		us := &units[len(units)-1]
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
	return units, moveGames, nil
}

// unitSums are one unit's sums over its games in both folders.
type unitSums struct {
	seed   uint64
	unit   int
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
