// Package mjlog reads and writes Tenhou's mjlog XML records (plain or
// gzip-compressed) as data.Game values:
//
//	r := mjlog.NewReader(f, path)
//	for r.Next() {
//		g := r.Game()
//		...
//	}
//	if err := r.Err(); err != nil { ... }
//
//	err := mjlog.NewWriter(os.Stdout).Write(g)
//
// The reader is a hand-written tag scanner (docs/BENCHMARKS.md has its
// speed); it accepts the flat tag sequence Tenhou writes, in the modern
// format (SHUFFLE tag, seed in INIT) and the 2009 one (shuffle= inside
// INIT, kept as Round.Shuffle; REACH without ten=). Tags:
// mjloggm, SHUFFLE (seed, ref), GO (type, lobby), UN (the roster first; later
// UN tags are reconnections), TAIKYOKU, INIT, T/U/V/W and D/E/F/G with a tile
// id (draws and discards of seats 0..3), N (calls: chi, pon, kakan,
// daiminkan, ankan, and the kita of 3-player games, decoded from the m= bit
// field laid out in meld.go), REACH, DORA, AGARI (one per winner of a
// double ron; paoWho; owari= on the last), RYUUKYOKU (type=, hai0..3=) and
// BYE, plus XML declarations and comments. An unknown tag anywhere, a tag
// out of place or a bad value is an error (ErrBadTag, ErrBadValue); unknown
// attributes are ignored (special lobbies add chip=, ratio=, rc=, gold=,
// csrule= …, and chip values appended to sc= and owari= are dropped). A
// game that ends inside a round, or without owari=, is ErrTruncated.
// Disconnections before the first round are put at the start of its events.
// A 3-player game (GO type bit 0x10) is read in full with Players == 3, seat 3
// empty and the kita in EventKita and Agari.Kita; data/tenhou6 and
// data/mjai carry it too. AGARI m= lists the codes of the winner's N tags,
// latest call first (a kakan in the place of its pon); the reader keeps each
// meld's source in Agari.MeldFrom, and Check and Replay compare the melds
// and sources with the calls. The writer writes the modern layout and the
// AGARI melds as Tenhou does, from the calls (from Agari.MeldFrom, or the
// previous seat, for melds no call made); writing then reading gives back
// an equal Game, and a Tenhou record's AGARI tags as they were.
package mjlog
