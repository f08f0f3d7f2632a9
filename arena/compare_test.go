package arena

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/rankmodel"
	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// recordArena plays cfg with its records in a fresh folder and returns the
// folder and the result.
func recordArena(t *testing.T, cfg Config) (string, *Result) {
	t.Helper()
	cfg.Records = t.TempDir()
	res, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return cfg.Records, res
}

// TestCompareMatchesTheArenas compares two arenas on the same walls, one
// bot changed, with four players and with three: each side's average rank
// and interval are the arena's own (the same units), the difference is
// B − A, and an arena compared with itself differs by exactly 0 in every
// game.
func TestCompareMatchesTheArenas(t *testing.T) {
	for _, tc := range []struct {
		players, games, units int
		a, b                  [4]string
	}{
		{4, 16, 4, [4]string{"thesis", "efficiency", "efficiency", "efficiency"}, [4]string{"rulebot", "efficiency", "efficiency", "efficiency"}},
		{3, 12, 4, [4]string{"thesis", "efficiency", "efficiency", ""}, [4]string{"rulebot", "efficiency", "efficiency", ""}},
	} {
		t.Run(fmt.Sprintf("%d players", tc.players), func(t *testing.T) {
			cfg := Config{Players: tc.players, Seats: tc.a, Games: tc.games, Seed: 11, Rotate: true, Workers: 2}
			dirA, resA := recordArena(t, cfg)
			cfg.Seats = tc.b
			dirB, resB := recordArena(t, cfg)
			c := compareArenas(t, dirA, "thesis", dirB, "rulebot", resA, resB, tc.games, tc.units)
			if want := playersField(tc.players); c.Players != want {
				t.Errorf("players %d, want %d", c.Players, want)
			}
			// A game missing from B is left out and counted.
			ents, _ := os.ReadDir(dirB)
			if err := os.Remove(filepath.Join(dirB, ents[0].Name())); err != nil {
				t.Fatal(err)
			}
			if c, err := Compare(dirA, "thesis", dirB, "rulebot"); err != nil || c.Games != tc.games-1 || c.OnlyA != 1 {
				t.Errorf("one game missing in B: %+v, %v", c, err)
			}
		})
	}
}

// compareArenas compares the bots in the records of two arenas whose
// results are resA and resB (the compared bots their first entries) and
// checks the comparison against them: games and units, each side's mean
// and interval the arena's, B − A, the parting figure split by the kinds
// of move that add up to it, against the arena swapped and itself.
func compareArenas(t *testing.T, dirA, botA, dirB, botB string, resA, resB *Result, games, units int) *Comparison {
	t.Helper()
	c, err := Compare(dirA, botA, dirB, botB)
	if err != nil {
		t.Fatal(err)
	}
	if c.Games != games || c.Units != units || c.OnlyA != 0 || c.OnlyB != 0 {
		t.Fatalf("games %d units %d only %d/%d, want %d on %d units", c.Games, c.Units, c.OnlyA, c.OnlyB, games, units)
	}
	near := func(what string, got, want float64) {
		t.Helper()
		if math.Abs(got-want) > 1e-9 {
			t.Errorf("%s = %.6f, want %.6f", what, got, want)
		}
	}
	near("A", c.A.Mean, resA.Summary[0].AvgRank.Mean)
	near("A's interval", c.A.High, resA.Summary[0].AvgRank.High)
	near("B", c.B.Mean, resB.Summary[0].AvgRank.Mean)
	near("B's interval", c.B.Low, resB.Summary[0].AvgRank.Low)
	near("B − A", c.Diff.Mean, c.B.Mean-c.A.Mean)
	if c.Alike == c.Games {
		t.Errorf("all %d games alike with another bot in seat 1", c.Games)
	}
	self, err := Compare(dirB, botB, dirB, botB)
	if err != nil {
		t.Fatal(err)
	}
	if self.Alike != games || self.Diff != (Interval{}) || self.Parted != (Interval{}) || self.ByMove == nil || len(self.ByMove) != 0 {
		t.Errorf("an arena against itself: %d alike, difference %+v, parting %+v, by move %v", self.Alike, self.Diff, self.Parted, self.ByMove)
	}
	swapped, err := Compare(dirB, botB, dirA, botA)
	if err != nil {
		t.Fatal(err)
	}
	near("the parting figure swapped", swapped.Parted.Mean, -c.Parted.Mean)
	if c.Parted.Mean == 0 || c.Parted.High-c.Parted.Low <= 0 {
		t.Errorf("parting figure %+v: another bot parted no game", c.Parted)
	}
	sum, parted := 0.0, 0
	for _, m := range c.ByMove {
		sum += m.Parted.Mean
		parted += m.Games
	}
	near("the parting figure's parts", sum, c.Parted.Mean)
	if parted != c.Games-c.Alike {
		t.Errorf("the moves part %d games, want the %d not alike", parted, c.Games-c.Alike)
	}
	return c
}

// TestCompareBotAtItsOwnTable compares a bot with the same bot alone at
// its table (every seat one bot, as the prior against itself): the
// comparison takes, in each game, the seat of the other arena's bot, so
// A is the arena's own figure for that entry, with three players and four.
func TestCompareBotAtItsOwnTable(t *testing.T) {
	for _, players := range []int{3, 4} {
		t.Run(fmt.Sprintf("%d players", players), func(t *testing.T) {
			alone := [4]string{"thesis", "thesis", "thesis", "thesis"}
			mixed := [4]string{"efficiency", "thesis", "thesis", "thesis"}
			games := 4 * players
			if players == 3 {
				alone[3], mixed[3] = "", ""
			}
			cfg := Config{Players: players, Seats: alone, Games: games, Seed: 7, Rotate: true, Workers: 2}
			dirA, resA := recordArena(t, cfg)
			cfg.Seats = mixed
			dirB, resB := recordArena(t, cfg)
			compareArenas(t, dirA, "thesis", dirB, "efficiency", resA, resB, games, 4)
		})
	}
}

// TestCompareErrors: folders not played on the same walls, a bot absent
// or seated twice, and files that are not records are errors naming what
// and where.
func TestCompareErrors(t *testing.T) {
	cfg := Config{Seats: [4]string{"thesis", "efficiency", "efficiency", "efficiency"}, Games: 4, Seed: 3, Rotate: true, Workers: 2}
	dirA, _ := recordArena(t, cfg)
	cfg.Seed = 4
	dirB, _ := recordArena(t, cfg)
	bad := t.TempDir()
	if err := os.WriteFile(filepath.Join(bad, "3-000000-0.json"), []byte(`{"log": [`), 0o644); err != nil {
		t.Fatal(err)
	}
	// Three players on seed 3's walls; a folder of the 4-player games
	// with a 3-player one among them; a 3-player game named as a fourth
	// rotation.
	cfg3 := Config{Players: 3, Seats: [4]string{"thesis", "efficiency", "efficiency", ""}, Games: 3, Seed: 3, Rotate: true, Workers: 2}
	dir3, _ := recordArena(t, cfg3)
	mixed, fourth := t.TempDir(), t.TempDir()
	copyRecord(t, dirA, "3-000000-0.json", mixed, "3-000000-0.json")
	copyRecord(t, dir3, "3-000000-0.json", mixed, "3-000001-0.json")
	copyRecord(t, dir3, "3-000000-0.json", fourth, "3-000000-0.json")
	copyRecord(t, dir3, "3-000000-1.json", fourth, "3-000000-3.json")
	for _, tc := range []struct {
		dirA, botA, dirB, botB, want string
	}{
		{dirA, "thesis", dirB, "thesis", "no game in common"},
		{dirA, "mc", dirA, "thesis", `no seat is "mc"`},
		{dirA, "efficiency", dirA, "efficiency", `3-000000-0.json: "efficiency" sits in seats 2, 3, 4 and "efficiency" in seats 2, 3, 4: one of them must sit once`},
		{dirA, "efficiency", dirA, "thesis", `3-000000-0.json: "efficiency" sits in seats 2, 3, 4, not in seat 1, where "thesis" sits`},
		{dir3, "efficiency", dir3, "efficiency", `"efficiency" sits in seats 2, 3 and "efficiency" in seats 2, 3`},
		{dirA, "thesis", dir3, "thesis", "holds 4-player games, " + dir3 + " 3-player ones"},
		{dir3, "thesis", dirA, "thesis", "holds 3-player games, " + dirA + " 4-player ones"},
		{mixed, "thesis", dirA, "thesis", "3-000001-0.json: a 3-player game among 4-player ones"},
		{dir3, "thesis", fourth, "thesis", "3-000000-3.json: rotation 3 in the name of a 3-player game (its rotations are 0 to 2)"},
		{dirA, "thesis", bad, "thesis", "3-000000-0.json"},
		{dirA, "thesis", t.TempDir(), "thesis", "no arena records"},
		{dirA, "thesis", filepath.Join(bad, "nowhere"), "thesis", "nowhere"},
	} {
		_, err := Compare(tc.dirA, tc.botA, tc.dirB, tc.botB)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Compare(%s, %s, %s, %s) = %v, want an error with %q", tc.dirA, tc.botA, tc.dirB, tc.botB, err, tc.want)
		}
	}
}

// copyRecord copies record name of folder from into folder to as as.
func copyRecord(t *testing.T, from, name, to, as string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(from, name))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(to, as), b, 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestParseRecordName(t *testing.T) {
	for _, tc := range []struct {
		name string
		ok   bool
		want gameKey
	}{
		{"20261204-000012-3.json", true, gameKey{20261204, 12, 3}},
		{"1-000000-0.json", true, gameKey{1, 0, 0}},
		{"1-000000-4.json", false, gameKey{}},
		{"1-000000-0.xml", false, gameKey{}},
		{"1-x-0.json", false, gameKey{}},
		{"README.json", false, gameKey{}},
		{"1-2-3-4.json", false, gameKey{}},
	} {
		got, ok := parseRecordName(tc.name)
		if ok != tc.ok || (ok && got != tc.want) {
			t.Errorf("%s: %+v %v, want %+v %v", tc.name, got, ok, tc.want, tc.ok)
		}
	}
}

// TestPartedValue: the value is read at the start of the first round
// that differs between the two games (the round after the one where they
// part), and is the exact final rank when the game ended before it.
func TestPartedValue(t *testing.T) {
	m, err := rankmodel.Default()
	if err != nil {
		t.Fatal(err)
	}
	start := func(i int, scores [4]int) rankmodel.Situation {
		return rankmodel.Situation{Index: i, Scores: scores, Dealer: i % 4, Hanchan: true}
	}
	even := [4]int{25000, 25000, 25000, 25000}
	up := [4]int{33000, 22000, 22000, 23000}
	down := [4]int{17000, 28000, 28000, 27000}
	a := finalRank{rank: 1, seat: 0, starts: []rankmodel.Situation{start(0, even), start(1, up)}}
	b := finalRank{rank: 4, seat: 0, starts: []rankmodel.Situation{start(0, even), start(1, down), start(2, down)}}
	wantA := rankmodel.ExpectedRank(m.Distribution(&a.starts[1], 0))
	wantB := rankmodel.ExpectedRank(m.Distribution(&b.starts[1], 0))
	if got := partedValue(m, &a, &b); got != wantA {
		t.Errorf("A: %v, want %v (round 1's start)", got, wantA)
	}
	if got := partedValue(m, &b, &a); got != wantB {
		t.Errorf("B: %v, want %v (round 1's start)", got, wantB)
	}
	if wantA >= wantB {
		t.Errorf("ahead by 16,000 after East 1 (%.3f) is not better than behind (%.3f)", wantA, wantB)
	}
	// The same rounds, then one game ends: its exact rank.
	c := finalRank{rank: 2, seat: 0, starts: a.starts[:1]}
	if got := partedValue(m, &c, &a); got != 2 {
		t.Errorf("a game ended before parting: %v, want its rank 2", got)
	}
}

// TestPartingMove names the bot's first different move in the round the
// games part, whichever game made it, and "other" for a difference the
// bot did not make.
func TestPartingMove(t *testing.T) {
	t5 := func(s string) tile.Tile { return tile.MustParseTile(s) }
	start := rankmodel.Situation{Scores: [4]int{25000, 25000, 25000, 25000}, Hanchan: true}
	later := start
	later.Index = 1
	common := []data.Event{data.Draw(0, t5("1m")), data.Discard(0, t5("9p"), false), data.Draw(1, t5("2m"))}
	with := func(e ...data.Event) []data.Event { return append(slices.Clone(common), e...) }
	pon := data.Call(1, score.MustParseMeld("pon=555z"), 0)
	ankan := data.Call(1, score.MustParseMeld("ankan=1111s"), 1)
	agari := data.Event{Type: data.EventAgari, Seat: 1, Tile: tile.NoTile, From: -1}
	tests := []struct {
		name string
		a, b []data.Event
		want string
	}{
		{"another tile", with(data.Discard(1, t5("3s"), false)), with(data.Discard(1, t5("4s"), false)), "discard"},
		{"red five", with(data.Discard(1, t5("5s"), false)), with(data.Discard(1, t5("0s"), false)), "discard"},
		{"riichi in B", with(data.Discard(1, t5("3s"), false)), with(data.Riichi(1, 1, [4]int{})), "riichi"},
		{"riichi in A", with(data.Riichi(1, 1, [4]int{})), with(data.Discard(1, t5("3s"), false)), "dama"},
		{"a pon in B", with(data.Draw(2, t5("7m"))), with(pon), "call"},
		{"a pon in A", with(pon), with(data.Draw(2, t5("7m"))), "pass"},
		{"an ankan", with(ankan), with(data.Discard(1, t5("1s"), false)), "kan"},
		{"a tsumo taken", with(agari), with(data.Discard(1, t5("2m"), true)), "win"},
		{"kyuushu", with(data.Event{Type: data.EventRyuukyoku, Seat: -1, Tile: tile.NoTile, From: -1}), with(data.Discard(1, t5("1z"), false)), "kyuushu"},
		{"a kita in B", with(data.Discard(1, t5("4z"), false)), with(data.Kita(1, t5("4z"))), "kita"},
		{"a kita in A", with(data.Kita(1, t5("4z"))), with(data.Discard(1, t5("3s"), false)), "kita"},
		{"another seat", with(data.Discard(1, t5("3s"), false), data.Discard(2, t5("1s"), false)), with(data.Discard(1, t5("3s"), false), data.Discard(2, t5("2s"), false)), "other"},
		{"alike", common, common, "other"},
	}
	third := later
	third.Index = 2
	other := third
	other.Honba = 1
	for _, tc := range tests {
		// The games part in round 1: round 2 starts differently.
		a := finalRank{seat: 1, starts: []rankmodel.Situation{start, later, third}, events: [][]data.Event{common, tc.a}}
		b := finalRank{seat: 1, starts: []rankmodel.Situation{start, later, other}, events: [][]data.Event{common, tc.b}}
		if got := partingMove(&a, &b); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
	// A difference in round 0 that did not part the games is not where they part.
	a := finalRank{seat: 1, starts: []rankmodel.Situation{start, later, third}, events: [][]data.Event{with(pon), common}}
	b := finalRank{seat: 1, starts: []rankmodel.Situation{start, later, other}, events: [][]data.Event{common, with(data.Riichi(1, 1, [4]int{}))}}
	if got := partingMove(&a, &b); got != "other" {
		t.Errorf("round 0's pon taken for the parting move: %q", got)
	}
}
