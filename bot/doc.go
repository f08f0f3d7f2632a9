// Package bot holds the baseline players mjrank measures itself against:
// simple, deterministic [game.Player] implementations taken from the source
// documents. Each sees only its seat's [game.View] (the engine gives it
// nothing else) and is deterministic given its seed.
//
//   - tsumogiri discards the tile it draws, never calls, never declares
//     riichi, and wins whenever the rules let it.
//   - efficiency discards for the best ukeire (unseen tiles counted with
//     what the seat can see), declares riichi when tenpai, calls only a pon
//     of a yakuhai pair, and folds when an opponent is in riichi and its own
//     hand is two or more from tenpai (genbutsu first, then suji and
//     honours).
//   - thesis is the analyzer of the "Mahjong AI analyzer" thesis
//     (../shared/seeds/mahjong-ai-analyzer-thesis.txt): steps to win
//     (shanten), a recursive expected-value search over discard-then-draw
//     (depth 2 by default), speed versus score in all-last, and the thesis'
//     nine-step defensive discard priority once an opponent declares riichi
//     or shows three open melds.
//   - rulebot is the Riichi variant of the rule-based bot algorithm
//     (../shared/seeds/rule-based-bot-algorithm.txt): its closed/open
//     decision, its discard priorities (dead, problem, dead incomplete
//     chow, single, minor, incomplete chow, pair tiles), riichi whenever
//     possible, and its meld-call rule (call when the concealed
//     combinations do not drop; a kan when they drop by one).
//   - policy plays the learned policy (a policy.Player: the move a Houou
//     player is likeliest to make at every decision, from the models
//     trained on the corpus), the Monte Carlo engine's prior played alone;
//     rollout plays as the engine's learned rollout plays the seat's own
//     turns in its simulations (its small discard model, folding against
//     a riichi when no discard keeps tenpai, riichi whenever tenpai, no
//     calls), so that the rollout's play is measured on a real table;
//     mc is the engine itself. Both may take another model set from a
//     folder: "policy@DIR", "mc@DIR".
//
// The four baselines (tsumogiri, efficiency, thesis, rulebot: [Baselines])
// play 3-player games too, on the same code with the seat count read from
// the view: no chi (the round offers none); every North set aside (kita)
// when legal, unless the hand keeps it as its pair or in a triplet
// (tsumogiri: only the North it draws); unseen tiles counted over the 108
// tiles (2m–8m never). policy, rollout and mc refuse 3-player rules ([Plays]):
// their models learned 4-player games.
//
// Where the documents leave a choice open (ties, the order of red and plain
// fives, which turn a discard was made in), the choices made are written at
// each bot. Usage:
//
//	p, err := bot.New("efficiency", seed)
//	players := [4]game.Player{p, ...}
//	g, err := game.PlayGame(ctx, game.Tenhou(game.Hanchan), seed, &players)
package bot
