package bot

import (
	"context"
	"testing"

	"github.com/mjrank/mjrank/sim/game"
)

func benchmarkSelfPlay(b *testing.B, name string) {
	b.ReportAllocs()
	rules := game.Tenhou(game.Hanchan)
	for i := 0; b.Loop(); i++ {
		var ps [game.NumSeats]game.Player
		for s := range ps {
			p, err := New(name, uint64(i*4+s))
			if err != nil {
				b.Fatal(err)
			}
			ps[s] = p
		}
		if _, err := game.PlayGame(context.Background(), rules, uint64(i), &ps); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSelfPlayEfficiency(b *testing.B) { benchmarkSelfPlay(b, "efficiency") }
func BenchmarkSelfPlayTsumogiri(b *testing.B)  { benchmarkSelfPlay(b, "tsumogiri") }

func BenchmarkSelfPlayThesis(b *testing.B)  { benchmarkSelfPlay(b, "thesis") }
func BenchmarkSelfPlayRulebot(b *testing.B) { benchmarkSelfPlay(b, "rulebot") }
