// Package hand analyses a concealed hand given as counts by kind
// ([tile.Counts]): shanten for the normal form, chiitoitsu and kokushi; every
// agari decomposition of a complete hand; the waits of a tenpai hand; and
// ukeire, the tiles that bring a hand closer to complete.
//
// Called melds are not passed in: a hand with k melds simply has 3k fewer
// concealed tiles, and every function here accepts any 3n+1 or 3n+2 count.
//
// Nothing here allocates on the hot path: hands are 34-byte arrays passed by
// pointer or value, and results go into caller-owned fixed arrays.
package hand
