// Package data reads and writes riichi-mahjong game records — Tenhou's
// mjlog XML, tenhou.net/6 JSON and mjai JSON lines — through one
// format-neutral record model that a replay can feed to an engine event by
// event, and against which a verifier can compare every win and draw.
//
// # The record model
//
// A [Game] holds the rules (decoded from Tenhou's GO type bit field), the
// players (names, rank, rating, sex), the log id, the rounds and the final
// result ([Owari]: scores and game points with uma). A [Round] holds its
// number (0 = East 1 … 4 = South 1 …), honba, riichi sticks, dice, first
// dora indicator, starting scores, dealer and the four 13-tile starting
// hands, then the ordered [Event]s: draws, discards (with tsumogiri), calls
// (a score.Meld and the seat it was called from), riichi (declaration, then
// acceptance with the scores after the stick), new dora indicators, kita
// (3-player only), the result, and disconnections. A win is an [Agari] as
// Tenhou records it — hand, melds, winning tile, fu, points, limit, yaku by
// Tenhou number with han, yakuman, dora and ura indicators, honba and sticks,
// scores before and deltas, pao — and a draw a [Ryuukyoku] — its type, ba,
// scores, deltas and the hands shown. Scores are in points (mjlog's values
// × 100). Tiles are physical ids (sim/tile: 0..135, red fives 16, 52, 88)
// everywhere; seats are 0..3 from the first dealer.
//
// Events are small values (no pointers), so a round's events are one
// slice. [Game.Check] replays a game at the level of tile ids and reports
// the first inconsistency: it is the invariant every reader's output meets.
//
// # Readers and writers
//
// Each format has a reader in the shape of bufio.Scanner and a writer:
//
//	r := data.NewMjlogReader(f, path) // or NewTenhou6Reader, NewMjaiReader
//	for r.Next() {
//		g := r.Game()
//		...
//	}
//	if err := r.Err(); err != nil { ... }
//
//	w := data.NewTenhou6Writer(os.Stdout) // or NewMjlogWriter, NewMjaiWriter
//	err := w.Write(g)
//
// [NewReader] picks the reader from the input's first bytes. Every reader
// detects gzip by its magic bytes, reads one game at a time and keeps
// nothing else in memory. Errors are [*ParseError] values that print as
// "file:line:col: game 1 round 3 (E3-0): TAG: cause" and wrap one of
// [ErrSyntax], [ErrBadTag], [ErrBadValue], [ErrTruncated], [ErrInconsistent]
// or [ErrUnsupported]. No input makes a reader panic (fuzzing checks it).
// After an error, Game returns what was read of the failing game.
//
// # mjlog
//
// The reader is a hand-written tag scanner (about 70 µs and 88 allocations
// for a Houou east-south game on one core); it accepts the flat tag sequence Tenhou
// writes, in the modern format (SHUFFLE tag, seed in INIT) and the 2009 one
// (shuffle= inside INIT, kept as Round.Shuffle; REACH without ten=). Tags:
// mjloggm, SHUFFLE (seed, ref), GO (type, lobby), UN (the roster first; later
// UN tags are reconnections), TAIKYOKU, INIT, T/U/V/W and D/E/F/G with a tile
// id (draws and discards of seats 0..3), N (calls: chi, pon, kakan,
// daiminkan, ankan, and the kita of 3-player games, decoded from the m= bit
// field laid out in mjlog_meld.go), REACH, DORA, AGARI (one per winner of a
// double ron; paoWho; owari= on the last), RYUUKYOKU (type=, hai0..3=) and
// BYE, plus XML declarations and comments. An unknown tag anywhere, a tag
// out of place or a bad value is an error (ErrBadTag, ErrBadValue); unknown
// attributes are ignored (special lobbies add chip=, ratio=, rc=, gold=,
// csrule= …, and chip values appended to sc= and owari= are dropped). A
// game that ends inside a round, or without owari=, is ErrTruncated.
// Disconnections before the first round are put at the start of its events.
// A 3-player game (GO type bit 0x10) is read in full with Players == 3, seat 3
// empty and the kita in EventKita and Agari.Kita; the other formats refuse
// it (ErrUnsupported). AGARI m= lists the codes of the winner's N tags,
// latest call first (a kakan in the place of its pon); the reader keeps each
// meld's source in Agari.MeldFrom, and Check and Replay compare the melds
// and sources with the calls. The writer writes the modern layout and the
// AGARI melds as Tenhou does, from the calls (from Agari.MeldFrom, or the
// previous seat, for melds no call made); writing then reading gives back
// an equal Game, and a Tenhou record's AGARI tags as they were.
//
// # tenhou.net/6
//
// The reader takes whole games ({"title","name","rule","log":[…],"sc",…}) and
// single rounds, one JSON object after another (mjx writes one round per
// line; each becomes a Game of one round). Tiles name kinds (11–19, 21–29,
// 31–39, 41–47, red 51–53), so the reader gives each tile an id of its kind
// (the red five its own, plain fives the other three copies) and tracks the
// hands to know which id is discarded or called. It rebuilds what the format
// leaves out:
//   - the play order, from the per-seat lists of draws and discards, by a
//     search described in tenhou6_order.go (calls interrupt the turn order;
//     the same tile discarded twice before the caller's turn, or a chi and a
//     pon fitting one discard, are resolved by backing up when the hands,
//     the lists or the result no longer fit);
//   - riichi acceptance: right before the next draw or call, or before a
//     draw result; never when the riichi discard is ronned (assumed also for
//     三家和了, of which the corpus has no example after a riichi);
//   - kan dora timing, as modern Tenhou reveals them: a closed kan's at once,
//     an open kan's at the next discard or at the replacement draw of a
//     further kan (a robbed or rinshan-won kan reveals nothing more);
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
// ids, the fu of a limit hand (the text says only 満貫8000点), the hands
// shown at a nagashi mangan, and the exact time a kan dora was revealed in
// logs older than the modern rule (one 2013 game of the corpus). The writer
// writes tenhou.net's layout (byte for byte the same as tenhou.net's JSON
// for the six games the corpus holds in both formats), omitting 0-han yaku.
// A hand-made file with five copies of a tile is ErrInconsistent.
//
// # mjai
//
// The reader and writer handle start_game, start_kyoku, tsumo, dahai, chi,
// pon, daiminkan, kakan, ankan, dora, reach, reach_accepted, hora,
// ryukyoku, end_kyoku and end_game, with mjai tile names ("5mr", "E", "?"
// for a hidden tile). Ids are assigned as for tenhou.net/6. Beside the fields
// Mortal reads, the writer adds extensions that other readers ignore, so
// that reading the log back keeps everything but ids, dice, seeds and
// disconnections: start_game kyoku_first and aka_flag (as mjai-reviewer
// writes them), tenhou_type (GO type), ref, lobby, dan, rate, sx;
// reach_accepted deltas and scores; hora pai, fu, fan, hora_points, limit,
// yaku ([[Tenhou number, han], …]), yakuman, pao; ryukyoku reason (the mjlog
// type name) and tehais (the hands shown); end_game scores and rank_pt.
// Without them the reader derives what it can as for tenhou.net/6.
//
// # Checked against the corpus
//
// The tests read every record of ../shared/data/tenhou: 1,508 complete
// 4-player games (14,818 rounds, 1.47 million events), 480 3-player games
// and 64 deliberately truncated files (each an ErrTruncated at a position),
// with round, win and draw counts equal to its INDEX.tsv, every game passing
// Check (which validates each decoded meld against the tracked hands). The
// 37 games held in both mjlog and tenhou.net/6 give equal records, event for
// event; every 4-player game survives mjlog → tenhou.net/6 → record and
// mjlog → mjai → record.
package data
