package tile

import "fmt"

// Sizes of the tile set.
const (
	NumKinds = 34  // distinct tile faces
	NumTiles = 136 // physical tiles, four of each kind
)

// Suit of a kind: Man, Pin, Sou or Honor.
type Suit uint8

// The suits, in Tenhou order.
const (
	Man   Suit = iota // characters, m
	Pin               // circles, p
	Sou               // bamboo, s
	Honor             // winds and dragons, z
)

// String returns the suit's tenhou letter.
func (s Suit) String() string {
	if s > Honor {
		return fmt.Sprintf("Suit(%d)", uint8(s))
	}
	return string("mpsz"[s])
}

// Kind is a tile face, 0..33 (see the package doc). The zero Kind is 1m; kinds
// index [34]-arrays directly, so there is no "no kind" value. [NoKind] marks an
// absent kind where one is needed.
type Kind uint8

// Named kinds used throughout the rules code.
const (
	Man1  Kind = 0
	Man5  Kind = 4
	Man9  Kind = 8
	Pin1  Kind = 9
	Pin5  Kind = 13
	Pin9  Kind = 17
	Sou1  Kind = 18
	Sou5  Kind = 22
	Sou9  Kind = 26
	East  Kind = 27
	South Kind = 28
	West  Kind = 29
	North Kind = 30
	Haku  Kind = 31 // white dragon
	Hatsu Kind = 32 // green dragon
	Chun  Kind = 33 // red dragon

	NoKind Kind = 255 // not a kind; marks absence
)

// Valid reports whether k is one of the 34 kinds.
func (k Kind) Valid() bool { return k < NumKinds }

// Suit returns the kind's suit.
func (k Kind) Suit() Suit { return Suit(k / 9) }

// Number returns 1..9 for a suited kind and 1..7 for an honour (E S W N P F C).
func (k Kind) Number() int { return int(k%9) + 1 }

// IsHonor reports whether k is a wind or a dragon.
func (k Kind) IsHonor() bool { return k >= East }

// IsWind reports whether k is East, South, West or North.
func (k Kind) IsWind() bool { return k >= East && k <= North }

// IsDragon reports whether k is Haku, Hatsu or Chun.
func (k Kind) IsDragon() bool { return k >= Haku && k < NumKinds }

// IsTerminal reports whether k is a suited 1 or 9.
func (k Kind) IsTerminal() bool { return k < East && (k%9 == 0 || k%9 == 8) }

// IsTerminalOrHonor reports whether k is a yaochuu tile (1, 9 or honour).
func (k Kind) IsTerminalOrHonor() bool { return k.IsHonor() || k.IsTerminal() }

// IsSimple reports whether k is a suited 2..8.
func (k Kind) IsSimple() bool { return k < East && k%9 != 0 && k%9 != 8 }

// IsFive reports whether k is 5m, 5p or 5s, the kinds that have a red copy.
func (k Kind) IsFive() bool { return k == Man5 || k == Pin5 || k == Sou5 }

// InSanma reports whether k is in Tenhou's 3-player set, which plays
// without 2m–8m (108 tiles).
func (k Kind) InSanma() bool { return k.Valid() && (k <= Man1 || k >= Man9) }

// DoraFrom returns the dora indicated by indicator kind k: the next number in
// a suit (9 wraps to 1), the next wind (N wraps to E), the next dragon (Chun
// wraps to Haku).
func (k Kind) DoraFrom() Kind {
	switch {
	case k < East:
		if k%9 == 8 {
			return k - 8
		}
		return k + 1
	case k <= North:
		if k == North {
			return East
		}
		return k + 1
	default:
		if k == Chun {
			return Haku
		}
		return k + 1
	}
}

// String returns the kind in tenhou notation, e.g. "5m", "1z".
func (k Kind) String() string {
	if !k.Valid() {
		return fmt.Sprintf("Kind(%d)", uint8(k))
	}
	return string([]byte{byte('1' + k%9), "mpsz"[k/9]})
}

var mjaiHonors = [7]string{"E", "S", "W", "N", "P", "F", "C"}

// Mjai returns the kind's mjai name: "5m", "E", "C" (never the red form).
func (k Kind) Mjai() string {
	if !k.Valid() {
		return fmt.Sprintf("Kind(%d)", uint8(k))
	}
	if k.IsHonor() {
		return mjaiHonors[k-East]
	}
	return k.String()
}

// MjaiNames returns the tiles' mjai names, in order.
func MjaiNames(ts []Tile) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = t.Mjai()
	}
	return out
}

// MarshalText implements [encoding.TextMarshaler] (tenhou notation).
func (k Kind) MarshalText() ([]byte, error) {
	if !k.Valid() {
		return nil, fmt.Errorf("tile: invalid kind %d", uint8(k))
	}
	return []byte(k.String()), nil
}

// UnmarshalText implements [encoding.TextUnmarshaler]; it accepts a single
// tile in tenhou or mjai notation. A red five reads as its kind.
func (k *Kind) UnmarshalText(b []byte) error {
	t, err := ParseTile(string(b))
	if err != nil {
		return err
	}
	*k = t.Kind()
	return nil
}

// ParseKind reads one kind in tenhou ("5m", "0m", "7z") or mjai ("5mr", "E")
// notation.
func ParseKind(s string) (Kind, error) {
	t, err := ParseTile(s)
	return t.Kind(), err
}

// MustParseKind is ParseKind that panics on error; for tests and constants.
func MustParseKind(s string) Kind {
	k, err := ParseKind(s)
	if err != nil {
		panic(err)
	}
	return k
}

// Tile is a physical tile, Tenhou's id 0..135; Tile/4 is its kind and ids 16,
// 52 and 88 are the red fives. The zero Tile is the first 1m.
type Tile uint8

// Red fives, and [NoTile] for absence.
const (
	RedMan5 Tile = 16
	RedPin5 Tile = 52
	RedSou5 Tile = 88

	NoTile Tile = 255 // not a tile; marks absence
)

// Valid reports whether t is one of the 136 ids.
func (t Tile) Valid() bool { return t < NumTiles }

// Kind returns the tile's kind.
func (t Tile) Kind() Kind { return Kind(t / 4) }

// Red reports whether t is a red five.
func (t Tile) Red() bool { return t == RedMan5 || t == RedPin5 || t == RedSou5 }

// Canonical returns a representative physical tile of kind k: the red five if
// red is true (and k is a five), otherwise a non-red copy. Readers of formats
// that name kinds, not ids, use it.
func Canonical(k Kind, red bool) Tile {
	if k.IsFive() {
		if red {
			return Tile(k) * 4
		}
		return Tile(k)*4 + 1
	}
	return Tile(k) * 4
}

// String returns the tile in tenhou notation; a red five is "0m"/"0p"/"0s".
func (t Tile) String() string {
	if !t.Valid() {
		return fmt.Sprintf("Tile(%d)", uint8(t))
	}
	if t.Red() {
		return string([]byte{'0', "mpsz"[t/36]})
	}
	return t.Kind().String()
}

// Mjai returns the tile's mjai name, "5mr" for a red five.
func (t Tile) Mjai() string {
	if t.Red() {
		return t.Kind().String() + "r"
	}
	return t.Kind().Mjai()
}

// MarshalText implements [encoding.TextMarshaler] (tenhou notation). The copy
// number of a non-red tile is not kept; use the integer id where it matters.
func (t Tile) MarshalText() ([]byte, error) {
	if !t.Valid() {
		return nil, fmt.Errorf("tile: invalid tile id %d", uint8(t))
	}
	return []byte(t.String()), nil
}

// UnmarshalText implements [encoding.TextUnmarshaler] with [ParseTile].
func (t *Tile) UnmarshalText(b []byte) error {
	v, err := ParseTile(string(b))
	if err != nil {
		return err
	}
	*t = v
	return nil
}

// Counts holds how many tiles of each kind a set has. It is the value type the
// rules code passes around: 34 bytes, copied freely.
type Counts [NumKinds]uint8

// CountsOf counts tiles by kind.
func CountsOf(ts []Tile) Counts {
	var c Counts
	for _, t := range ts {
		c[t.Kind()]++
	}
	return c
}

// Total returns the number of tiles.
func (c *Counts) Total() int {
	n := 0
	for _, v := range c {
		n += int(v)
	}
	return n
}

// String formats the counts in tenhou notation (no red fives).
func (c Counts) String() string { return FormatCounts(c) }
