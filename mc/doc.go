// Package mc is the Monte Carlo decision engine: for one decision of one
// seat it plays the rest of the round thousands of times for every legal
// move and picks the move with the best expected utility of the final rank
// of the whole game (after Mizukami & Tsuruoka, "Building computer mahjong
// players based on expected final ranks").
//
// A simulation ("world") is sampled once and shared by every candidate move
// (common random numbers): the tiles the seat has not seen are shuffled into
// the order in which they will be drawn, and each opponent gets an abstract
// state drawn from the learned predictors of package opponent, evaluated
// once at the root: tenpai or not (the tenpai model; a riichi player is
// tenpai), the kinds it would ron (each kind drawn with the wait model's
// probability), and the value of its win (the value model). The rollout
// then plays to the end of the round: the seat draws and discards with a
// fast policy (lowest shanten, the least connected tile first, riichi when
// tenpai and closed, folding to the safest tile when a riichi opponent
// threatens and the hand is far); each opponent draws a tile, wins by
// tsumo if it is one of its waits, else discards it, which the seat or
// another opponent may ron; a noten opponent becomes tenpai at each of its
// turns at the rate measured on real games (noTenToTenpai). Wins are paid
// as Tenhou pays them (the seat's own wins scored exactly by sim/score,
// with honba and riichi sticks), an exhaustive draw pays tenpai money. The
// round's end gives the next round's situation ([game.Rules.Next]), which
// the final-rank model of package rankmodel turns into P(final rank); at
// the game's end the ranks are exact. The utility is the expected rank by
// default, or rank points.
//
// The rollout keeps abstract opponents rather than concrete hidden hands:
// see docs/ENGINE.md for why and what it costs.
//
// The engine reads its models through small interfaces ([Predictors]:
// the opponent readings, the rank predictor, the prior policy and the
// rollout's models), wired by [New]; [Default] wires the embedded models.
// [Options] are what a user of the engine sets; [Lab] holds the switches
// of the tools that measure it, which play never sets.
//
// Determinism: simulation i of a decision draws from a stream keyed by
// (seed, decision, i); results are merged in index order, so an analysis is
// the same at any number of workers.
package mc
