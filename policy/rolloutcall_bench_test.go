package policy

import (
	"math/rand/v2"
	"testing"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/internal/realgames"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/hand"
	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// shantenAfterMeldAll is shantenAfterMeld by the full search: every
// discard the ban allows.
func shantenAfterMeldAll(after *tile.Counts, ban tile.KindSet) int {
	best := 8
	for k, n := range after {
		if n == 0 || ban.Has(tile.Kind(k)) {
			continue
		}
		after[k]--
		best = min(best, hand.Shanten(after))
		after[k]++
	}
	return best
}

// randomAfter returns a random hand of 3n+2 tiles (n from 0 to 4: the
// hands of zero to four melds) and a random ban of one to two kinds, the
// kinds of a chi or pon's kuikae ban.
func randomAfter(rng *rand.Rand) (tile.Counts, tile.KindSet) {
	var c tile.Counts
	size := 3*rng.IntN(5) + 2
	for placed := 0; placed < size; {
		k := rng.IntN(tile.NumKinds)
		// Half the hands are dense in one suit, where the shapes that
		// make the search hard (long runs, overlapping waits) sit.
		if rng.IntN(2) == 0 {
			k = rng.IntN(9)
		}
		if c[k] < 4 {
			c[k]++
			placed++
		}
	}
	ban := tile.KindSet(0).Add(tile.Kind(rng.IntN(tile.NumKinds)))
	if rng.IntN(2) == 0 {
		ban = ban.Add(tile.Kind(rng.IntN(tile.NumKinds)))
	}
	return c, ban
}

// TestShantenAfterMeldFull: the search that stops at the floor gives the
// full search's shanten on random hands (each hand size, dense suits,
// bans that leave nothing) and on every chi and pon of real games.
func TestShantenAfterMeldFull(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	n := 200_000
	if testing.Short() {
		n = 20_000
	}
	for range n {
		c, ban := randomAfter(rng)
		want := shantenAfterMeldAll(&c, ban)
		before := c
		if got := shantenAfterMeld(&c, ban); got != want || c != before {
			t.Fatalf("%v ban %v: %d, the full search %d (hand after: %v)", tile.FormatCounts(before), ban, got, want, tile.FormatCounts(c))
		}
	}
	chances := realCallChances(t, 20)
	for _, ch := range chances {
		after := ch.hand.Counts
		for _, tt := range ch.meld.TilesSlice()[1:] {
			after[tt.Kind()]--
		}
		ban := game.KuikaeBan(ch.meld)
		if got, want := shantenAfterMeld(&after, ban), shantenAfterMeldAll(&after, ban); got != want {
			t.Fatalf("%v after %v: %d, the full search %d", tile.FormatCounts(ch.hand.Counts), ch.meld, got, want)
		}
	}
	t.Logf("%d random hands, %d real chis and pons", n, len(chances))
}

// TestShantenAfterMeldBan: the lone tiles tried first are skipped when
// the ban bars them, and a ban that bars every tile gives 8.
func TestShantenAfterMeldBan(t *testing.T) {
	c := tile.MustParseCounts("123m456p789s11223z") // 2z or 3z out: tenpai
	south, west := tile.MustParseKind("2z"), tile.MustParseKind("3z")
	for _, tc := range []struct {
		ban  tile.KindSet
		want int
	}{
		{0, 0},
		{tile.KindSet(0).Add(south), 0},
		{tile.KindSet(0).Add(south).Add(west), 1},
	} {
		if got := shantenAfterMeld(&c, tc.ban); got != tc.want {
			t.Errorf("ban %v: shanten %d, want %d", tc.ban, got, tc.want)
		}
	}
	one := tile.MustParseCounts("11z")
	if got := shantenAfterMeld(&one, tile.KindSet(0).Add(tile.MustParseKind("1z"))); got != 8 {
		t.Errorf("every tile barred: %d, want 8", got)
	}
}

// callChance is a chi or pon the seat could make on a real discard.
type callChance struct {
	hand CallHand
	meld score.Meld
}

// realCallChances returns the chis and pons the answering seats could make
// in the first games real games.
func realCallChances(t testing.TB, games int) []callChance {
	t.Helper()
	var out []callChance
	for _, g := range realgames.Games(t) {
		if games--; games < 0 {
			break
		}
		var rep data.ReplayReport
		for st, d := range data.ReplayDecisions(g, &rep) {
			if d.Turn {
				continue
			}
			v := game.ViewOf(st.Engine, d.Seat)
			for _, a := range st.Engine.Legal(d.Seat, nil) {
				if a.Type == game.Chi || a.Type == game.Pon {
					out = append(out, callChance{callHandOf(v), a.Meld})
				}
			}
		}
		if rep.Err != nil {
			t.Fatal(rep.Err)
		}
	}
	if len(out) == 0 {
		t.Fatal("no call chance in the games")
	}
	return out
}

// BenchmarkRolloutCallFeatures computes the rollout's call features of
// every chi and pon chance of twenty real games (the features the rollout
// computes at each call chance of the seat).
func BenchmarkRolloutCallFeatures(b *testing.B) {
	chances := realCallChances(b, 20)
	var tb Table
	var x [NumRolloutCallFeatures]float64
	for i := 0; b.Loop(); i++ {
		ch := &chances[i%len(chances)]
		RolloutCallFeatures(&tb, &ch.hand, ch.meld, x[:])
	}
}

// BenchmarkShantenAfterMeld is shantenAfterMeld alone on the same chances.
func BenchmarkShantenAfterMeld(b *testing.B) {
	chances := realCallChances(b, 20)
	afters := make([]tile.Counts, len(chances))
	bans := make([]tile.KindSet, len(chances))
	for i, ch := range chances {
		afters[i] = ch.hand.Counts
		for _, tt := range ch.meld.TilesSlice()[1:] {
			afters[i][tt.Kind()]--
		}
		bans[i] = game.KuikaeBan(ch.meld)
	}
	for i := 0; b.Loop(); i++ {
		j := i % len(afters)
		shantenAfterMeld(&afters[j], bans[j])
	}
}
