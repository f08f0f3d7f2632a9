// Package mjai reads and writes mjai JSON lines, the event format of the
// mjai protocol and of the logs of Mortal, mjai-reviewer and mjai.app, as
// data.Game values; its [Event], [DecodeEvent] and [AppendEvent] are the
// one encoding of mjai events in mjrank, for logs and for the protocol
// alike.
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
// A 3-player game follows the 3-player forks of Mortal: names, scores,
// tehais and deltas (of start_kyoku, hora, ryukyoku, reach_accepted and
// end_game) have three elements, kyoku runs 1..3, and a kita is
// {"type":"nukidora","actor":a,"pai":"N"} before the replacement draw
// (the reader takes "kita" as its other name). The reader knows such a
// game by tenhou_type (bit 0x10) or, without it, by three names; dan, rate
// and sx keep Tenhou's four entries. 2m to 8m, a chi, a call of a kita and
// a fourth seat are errors.
//
// The log reader reads one line at a time through DecodeEvent and checks
// each event against the round being built; the writer builds every line
// with AppendEvent. A program that speaks the protocol decodes the events
// it is sent and encodes its replies with the same functions.
package mjai
