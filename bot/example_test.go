package bot_test

import (
	"context"
	"fmt"

	"github.com/mjrank/mjrank/bot"
	"github.com/mjrank/mjrank/sim/game"
)

// Four baseline bots play an east-only game; the seed fixes the walls and
// the bots' choices, so the game is the same on every run.
func ExampleNew() {
	var players [game.NumSeats]game.Player
	for i, name := range []string{"efficiency", "thesis", "rulebot", "tsumogiri"} {
		p, err := bot.New(name, uint64(i))
		if err != nil {
			fmt.Println(err)
			return
		}
		players[i] = p
	}
	g, err := game.PlayGame(context.Background(), game.Tenhou(game.Tonpuusen), 3, &players)
	if err != nil {
		fmt.Println(err)
		return
	}
	scores, _, rank := g.Final()
	fmt.Println(g.Rounds(), "rounds; scores", scores, "ranks", rank)
	if _, err := bot.New("nobody", 0); err != nil {
		fmt.Println(err)
	}
	// Output:
	// 5 rounds; scores [25000 34700 21400 18900] ranks [2 1 3 4]
	// bot: unknown bot "nobody" (known: tsumogiri, efficiency, thesis, rulebot, policy, rollout, mc)
}
