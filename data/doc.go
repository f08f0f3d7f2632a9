// Package data is the format-neutral model of riichi-mahjong game records
// — Tenhou's mjlog XML, tenhou.net/6 JSON and mjai JSON lines all read into
// it — with what works on a record whatever its format: the checks, the
// replay through the engine (sim/game), and the positions, decisions and
// observations taken from it.
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
// # Replay
//
// [Replay] plays a record through the engine (sim/game): every recorded
// action must pass the engine's legality checks, and every result is
// compared with the record. [ReplaySteps] walks the same replay as a
// range-over-func iterator of [ReplayStep]s, the engine's round before
// each recorded event and at each round's end; [ReplayDecisions] yields
// the decisions a record shows (turn discards and riichi, the answers to
// callable discards), each with the step before it:
//
//	var rep data.ReplayReport
//	for st, d := range data.ReplayDecisions(g, &rep) {
//		legal := st.Engine.Legal(d.Seat, nil) // what d.Seat could do; d.Played is what it did
//		...
//	}
//	// rep.Err: the record could not be replayed; rep.Mismatches: the engine disagreed
//
// # Formats
//
// Each format has a package of its own, which reads into this model and
// writes from it: data/mjlog, data/tenhou6 and data/mjai. Their readers
// have the shape of bufio.Scanner ([Reader]) and their writers write one
// game at a time ([Writer]). Package data/records, above them, picks a
// reader from the input's first bytes and a writer by format, lists the
// record files under paths and verifies a corpus against the engine. The
// codecs import this package, never the reverse.
//
// Every reader detects gzip by its magic bytes, reads one game at a time
// and keeps nothing else in memory. Errors are [*ParseError] values that
// print as "file:line:col: game 1 round 3 (E3-0): TAG: cause" and wrap one
// of [ErrSyntax], [ErrBadTag], [ErrBadValue], [ErrTruncated],
// [ErrInconsistent] or [ErrUnsupported]. No input makes a reader panic
// (fuzzing checks it). After an error, Game returns what was read of the
// failing game.
package data
