// Package arena plays bots against each other and reports how they rank:
// duplicate play (every wall four times, the entries rotated through the
// seats, so each meets the same tiles in every seat), shards of a run and
// their merge, per-entry statistics with confidence intervals, and a
// signature that changes with any result. Games can be written as records
// (tenhou.net/6 or mjai). [Config.NewTable] seats other players (the mjai
// referee's programs) on the same walls and seeds; [Ablations] are the mc
// bot's switches an arena can turn. [Reference] gives the Houou players'
// side of the same statistics from game records, and [Compare] sets one
// bot's ranks in two runs on the same walls side by side, game by game.
//
// [Config.Players] 3 plays Tenhou's 3-player game (game.TenhouSanma)
// between three bots, every wall three times with rotation ([SeatingOf]);
// only the baselines play it ([bot.Plays]), and [Compare] takes 4-player
// games only. [Config.NewTable] seats three players too: the
// [TableSpec]'s fourth seat is then empty.
//
// A run's result depends only on its configuration, never on the number
// of workers.
package arena
