// Package tile defines mahjong tiles: the 34 kinds, the 136 physical tiles,
// red fives, and the two notations mjrank reads and writes.
//
// A [Kind] is one of 34 tile faces, numbered as Tenhou numbers them:
// 0–8 are 1m–9m (characters), 9–17 are 1p–9p (circles), 18–26 are 1s–9s
// (bamboo), 27–33 are the honours East, South, West, North, Haku (white),
// Hatsu (green), Chun (red). A [Tile] is one of the 136 physical tiles, Tenhou's
// tile id: id/4 is its kind. Ids 16, 52 and 88 (the first copy of 5m, 5p, 5s)
// are the red fives, as in every Tenhou game with red fives on.
//
// # Notations
//
// Tenhou notation groups digits before a suit letter: "123m406p789s1122z".
// Suits are m, p, s and z (honours 1z–7z = E S W N P F C); the digit 0 is the red
// five of its suit. [Parse] reads it into physical tiles, [Format] writes it.
//
// Mjai notation names one tile at a time: "1m".."9s", "5mr" (red five), and
// "E", "S", "W", "N", "P", "F", "C" for the honours. [ParseMjai] reads one name;
// [Tile.Mjai] and [Kind.Mjai] write it.
//
// Errors are [*ParseError] values that name the input, the byte offset and the
// offending character, wrapping one of the sentinels [ErrSyntax],
// [ErrTooMany] or [ErrRedFive] for [errors.Is].
//
// Usage:
//
//	ts, err := tile.Parse("123m406p789s1122z")
//	if err != nil { ... }
//	c := tile.CountsOf(ts) // [34]uint8 by kind
//	fmt.Println(tile.Format(ts), c.Total())
package tile
