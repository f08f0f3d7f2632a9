// Package game is the riichi mahjong state machine under Tenhou rules, for
// four players or three (sanma): the wall and dead wall, a round from the
// deal to its end, and a game of rounds to its final points.
//
// A [Round] is driven by actions. In the turn phase the player to move
// chooses a [Discard], [Riichi], [Tsumo], [Ankan], [Kakan] or [KyuushuKyuuhai];
// after a discard (or an added kan) the other players answer with [Ron],
// [Pon], [Daiminkan], [Chi] or [Pass], and the round resolves the answers by
// priority (ron > pon and kan > chi). With three players a seat may also set
// a North aside ([Kita]), which the others may rob by [Ron]. Draws, rinshan draws, dora indicators,
// riichi deposits, furiten, ippatsu and abortive draws happen inside the round.
// Every action is checked: [Round.Apply] refuses an illegal one with an error
// wrapping [ErrIllegalAction] and leaves the round unchanged. [Round.Legal]
// lists the legal actions of a seat.
//
// A [Game] plays rounds from a seed ([Play]) or takes rounds built by a
// caller (a record replay builds each round's [Wall] from the record), and
// ends exactly as Tenhou ends a game: after South 4 (East 4 in tonpuusen)
// when someone has 30,000, into the next wind while nobody has, at once when
// a score falls below zero, and when the all-last dealer keeps the deal in
// first place. Final points use Tenhou's oka and uma (+20/+10/−10/−20 with
// 25,000 start and 30,000 return).
//
// Tenhou rules followed here, decided by real logs where summaries differ:
// kuikae bans both the called kind and the other end of a chi sequence;
// riichi needs 1000 points, a closed hand, tenpai and at least 4 live tiles;
// an ankan in riichi must use the drawn tile and leave the waits unchanged
// (nothing more: 3-player records of 2018 and 2026);
// a closed kan reveals its dora indicator at once, an open or added kan after
// the next discard; chankan robs an added kan, and a closed kan only for
// kokushi; double ron gives honba and riichi sticks to the winner first in
// turn order from the discarder; triple ron, nine terminals, four winds,
// four riichi and four kans by more than one player are abortive draws; at
// an exhaustive draw nagashi mangan is paid as a mangan tsumo and replaces the
// tenpai payments (1000/1500/3000); a hand waiting only on a kind whose four
// copies it holds is not tenpai.
//
// Three players ([TenhouSanma]; [Rules.Players] is 3) play the same code:
// [NumSeats] stays the size of the per-seat arrays and seat 3 is empty. As
// Tenhou's 3-player records show them: 108 tiles (no 2m–8m), the deal of 39
// and the wall of [Layout3]; no chi; a North set aside (kita) is one dora
// to its owner, draws a replacement from the dead wall as a kan does (a
// tsumo on it is rinshan kaihou; the live wall ends a tile sooner), shows
// an open kan's pending indicator, and, unrobbed, ends every ippatsu and
// the first go-around; robbing it is a ron without chankan; in riichi only
// the drawn North may be set aside; riichi needs 3 live tiles; tenpai
// payments are 2,000 in all and nagashi mangan is paid without the missing
// seat's share (score.TenhouSanma pays wins so: tsumo-son); no four winds,
// four riichi or triple ron. A game runs E1–E3, S1–S3 and into the West
// while nobody has 40,000 (35,000 start), with uma +20/0/−20.
//
// [Round.Check] verifies a round's invariants (tile conservation, counts,
// hand sizes, waits, furiten flags, the discards' turns and the melds'
// sources) for tests and for rounds built from partial information.
//
// A Round is a plain value: copying it clones it. [Round.Play] and
// [PlayGame] run the one play loop ([Round.PlayHooked]); [Hooks] watch it.
//
// Walls come from [NewWall] ([NewWallFor] for three players) with a seed:
// the same seed gives the same game.
// Every random stream is keyed by [Stream].
//
// One seat's knowledge of a round (what it has seen, event by event, its
// JSON form, the Observer that builds it live in the play loop's hooks,
// and the determinization that samples a full Round consistent with it)
// is package sim/observe, which reads a Round through its accessors only.
package game
