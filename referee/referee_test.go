package referee

import (
	"context"
	"testing"

	"github.com/mjrank/mjrank/arena"
	"github.com/mjrank/mjrank/sim/game"
)

// TestInProcessMatchesArena: every seat played through the protocol gives
// the direct arena's games exactly.
func TestInProcessMatchesArena(t *testing.T) {
	bots := [4]string{"thesis", "efficiency", "rulebot", "tsumogiri"}
	cfg := arena.Config{Seats: bots, Games: 40, Seed: 7, Rotate: true, Length: game.Hanchan, Workers: 2}
	direct, err := arena.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	m := Match{Arena: cfg}
	for i, b := range bots {
		m.Arena.Seats[i] = "mjai:" + b
	}
	m.Report = func(e *ReplyError) { t.Errorf("rejected: %v", e) }
	got, err := m.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if got.Hash != direct.Hash {
		t.Errorf("hash %s through mjai, %s direct", got.Hash, direct.Hash)
	}
}
