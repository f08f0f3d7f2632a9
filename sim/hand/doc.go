// Package hand analyses a concealed hand given as counts by kind
// ([tile.Counts]): shanten for the normal form, chiitoitsu and kokushi; every
// agari decomposition of a complete hand; the waits of a tenpai hand; and
// ukeire, the tiles that bring a hand closer to complete.
//
// Called melds are not passed in: a hand with k melds simply has 3k fewer
// concealed tiles, and every function here accepts any 3n+1 or 3n+2 count.
// Inputs are trusted: at most four of a kind and at most 14 tiles (a fifth
// copy appears only inside [WaitInfo], which handles it).
//
// Nothing here allocates on the hot path: hands are 34-byte arrays passed by
// pointer or value, and results go into caller-owned fixed arrays.
//
// # Shanten
//
// Shanten is the number of tiles a hand is short of tenpai. [ShantenNormal]
// computes it exactly, as one less than the least number of tiles that must
// be drawn (each traded for a tile of the hand) to complete it, where the
// complete hand holds at most four of a kind: -1 for a complete hand, 0 for
// tenpai. So 1111m234p567p789s, whose only wait would be a fifth 1m, is
// 1-shanten, as Tenhou treats it (noten at an exhaustive draw); the familiar
// "8 - 2·sets - partials - pair" count would call it tenpai. [WaitInfo] still
// reports such a wait, flagged. Chiitoitsu ([ShantenChiitoitsu]) and kokushi
// ([ShantenKokushi]) apply to 13 or 14 concealed tiles only and follow Tenhou:
// four of a kind is one pair, not two. [ShantenForms] returns all three, with
// [NoShanten] for a form that does not apply; [Shanten] the least.
//
// The normal form uses the table method of tomohxx's "shanten number
// calculator" (github.com/tomohxx/shanten-number-calculator, also ported in
// Mortal's libriichi): for each suit on its own, a table gives the least
// number of tiles to add so that the suit holds m sets and h pairs (m = 0..4,
// h = 0..1); the suits are then combined by a (min, +) convolution over the
// split of the sets and the pair, which gives the exact distance. The tables
// here are indexed by a dense number of the suit's nine counts (base-5
// digits, at most 14 tiles). Only 126 distinct 10-value vectors occur among
// suited hands, 55 among honour hands and 180 among sums of suited hands, so
// a suit's table entry is a one-byte class and the convolutions themselves
// are precomputed between classes: a hand's shanten costs four index
// computations and a short chain of reads from small tables. internal/tablegen builds the tables by
// dynamic programming over all hands of a suit; go generate writes them to
// shanten_tables.bin.gz, which is embedded, checked by size and SHA-256 in
// the tests, and decoded once on first use.
// The tests regenerate it and compare, check all 40,000 hands of the shared
// shanten problem sets, and compare with a slow independent reference on
// random hands of every size.
//
// # Waits and ukeire
//
// [Waits] and [WaitInfo] list the kinds that complete a hand of 3n+1 tiles in
// any form. [Ukeire] lists, for such a hand, the kinds whose draw lowers its
// shanten (the least over the forms) and counts the unseen tiles of those
// kinds; [Discards] does so for each discard of a hand of 3n+2 tiles and
// sorts the choices best first.
//
// Usage:
//
//	c := tile.MustParseCounts("23m67m9m456p789s115z")
//	fmt.Printf("%+v\n", hand.ShantenForms(&c)) // {Normal:1 Chiitoitsu:5 Kokushi:8}
//	var buf [14]hand.Discard
//	for _, d := range hand.Discards(&c, nil, buf[:0]) {
//		fmt.Println(d.Kind, d.Shanten, d.Tiles, d.Count) // 9m 1 1458m 16 first
//	}
package hand
