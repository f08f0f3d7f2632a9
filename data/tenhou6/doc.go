// Package tenhou6 reads and writes tenhou.net/6 JSON records as data.Game
// values (see package data for the reader's and writer's shape).
//
// The reader takes whole games ({"title","name","rule","log":[…],"sc",…}) and
// single rounds, one JSON object after another (mjx writes one round per
// line; each becomes a Game of one round). Tiles name kinds (11–19, 21–29,
// 31–39, 41–47, red 51–53), so the reader gives each tile an id of its kind
// (the red five its own, plain fives the other three copies) and tracks the
// hands to know which id is discarded or called. It rebuilds what the format
// leaves out:
//   - the play order, from the per-seat lists of draws and discards, by a
//     search described in order.go (calls interrupt the turn order;
//     the same tile discarded twice before the caller's turn, or a chi and a
//     pon fitting one discard, are resolved by backing up when the hands,
//     the lists or the result no longer fit);
//   - riichi acceptance: right before the next draw or call, or before a
//     draw result; never when the riichi discard is ronned (assumed also for
//     三家和了, of which the corpus has no example after a riichi);
//   - kan dora timing, as modern Tenhou reveals them: a closed kan's at once,
//     an open kan's at the next discard or at the replacement draw of a
//     further kan or of a kita (a robbed or rinshan-won kan reveals nothing
//     more);
//   - the winner's hand, melds and winning tile, ba, the scores before each
//     result, ura indicators (for riichi winners) and ura dora 0 han (which
//     Tenhou lists but tenhou.net/6 omits);
//   - the hands shown at a draw: tenpai hands (positive deltas) at an
//     exhaustive draw, all of them for 全員聴牌 and 四家立直, the declarer's
//     at 九種九牌, the three ronners' at 三家和了;
//   - disconnections, from the "connection" list (what 0 bye, 1 reconnect,
//     after step draws, discards and calls of the round; a step beyond the
//     play means after the result).
//
// It cannot recover, and leaves zero: the dice, the seed, physical copy
// ids, whether a disconnection or reconnection at a riichi came before the
// riichi's acceptance (it writes it after, as Tenhou's logs mostly do) or
// before its declaration (it writes it before), the fu of a limit hand (the text says only 満貫8000点), the hands
// shown at a nagashi mangan, and the exact time a kan dora was revealed in
// logs older than the modern rule (one 2013 game of the corpus). The writer
// writes tenhou.net's layout (byte for byte the same as tenhou.net's JSON
// for the six games the corpus holds in both formats), omitting 0-han yaku.
// A hand-made file with five copies of a tile is ErrInconsistent.
//
// A 3-player game ("ratingc":"PF3", or a rule "disp" beginning with 三, as
// in 三鳳南喰赤) keeps tenhou.net's four-seat layout: the fourth seat has a
// score of 0, empty hand, draw and discard lists, 0 deltas, and the name,
// rank, rate and sex Tenhou gives it. A kita (nukidora) is "f44" in the
// discard list, followed by the seat's replacement draw; a ron on it robs
// the North. A tsumo's points text is what the two others pay
// ("40符1飜400-700点" is 1,100 points, "倍満8000点∀" 16,000). Tiles 2m to
// 8m, a chi, a call from or a play by the fourth seat are errors naming
// the round. tenhou.net writes connections before the game at log −1;
// the reader puts them at the start of the first round, where the writer
// writes them (log 0, step 0).
package tenhou6
