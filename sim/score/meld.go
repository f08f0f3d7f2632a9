package score

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/mjrank/mjrank/sim/tile"
)

// MeldType says how a meld was formed. The zero MeldType is NoMeld.
type MeldType uint8

// The meld types.
const (
	NoMeld    MeldType = iota // not a meld; the zero value
	Chi                       // sequence called from the player on the left
	Pon                       // triplet called from any player
	Daiminkan                 // open kan: a fourth tile called onto a concealed triplet
	Kakan                     // added kan: a drawn tile added to a pon
	Ankan                     // closed kan: four concealed tiles; the hand stays closed
)

var meldTypeNames = [...]string{"none", "chi", "pon", "daiminkan", "kakan", "ankan"}

// String returns the type's name as [ParseMeld] reads it: "chi", "pon",
// "daiminkan", "kakan", "ankan" ("none" for NoMeld).
func (t MeldType) String() string {
	if int(t) >= len(meldTypeNames) {
		return fmt.Sprintf("MeldType(%d)", uint8(t))
	}
	return meldTypeNames[t]
}

// Size returns the number of tiles in a meld of type t: 3 or 4 (0 for
// NoMeld and invalid types).
func (t MeldType) Size() int {
	switch t {
	case Chi, Pon:
		return 3
	case Daiminkan, Kakan, Ankan:
		return 4
	}
	return 0
}

// IsKan reports whether t is one of the three kans.
func (t MeldType) IsKan() bool { return t == Daiminkan || t == Kakan || t == Ankan }

// Meld is a called set, or a closed kan, as physical tiles. It is a small
// value (5 bytes). Tiles[:Type.Size()] hold the tiles; for Chi, Pon and
// Daiminkan Tiles[0] is the tile called from another player, for Kakan
// Tiles[0] is the tile the pon called and Tiles[3] the tile added. The zero
// Meld (NoMeld) is not a valid meld.
type Meld struct {
	Type  MeldType
	Tiles [4]tile.Tile
}

// Kind returns the meld's lowest kind: the first kind of a sequence, the kind
// of a triplet or kan.
func (m Meld) Kind() tile.Kind {
	k := m.Tiles[0].Kind()
	for _, t := range m.Tiles[1:max(m.Type.Size(), 1)] {
		k = min(k, t.Kind())
	}
	return k
}

// Open reports whether the meld opens the hand (everything but Ankan).
func (m Meld) Open() bool { return m.Type != Ankan }

// TilesSlice returns the meld's tiles, Tiles[:Type.Size()].
func (m *Meld) TilesSlice() []tile.Tile { return m.Tiles[:m.Type.Size()] }

// Sentinel causes for meld errors, for [errors.Is].
var (
	ErrBadMeld = errors.New("invalid meld")
)

// MeldError reports a meld that could not be read or is not a valid set: the
// input, the byte offset of the problem in it, and a message. It unwraps to
// [ErrBadMeld] and, when the tile notation was at fault, to the tile
// package's error as well (tile.ErrSyntax, tile.ErrTooMany, tile.ErrRedFive).
type MeldError struct {
	Input  string
	Offset int // byte offset into Input
	Msg    string
	Err    error // the tile package's error, or nil
}

// Error writes the input, the message and the offset.
func (e *MeldError) Error() string {
	return fmt.Sprintf("score: %v %s: %s at offset %d", ErrBadMeld, strconv.Quote(e.Input), e.Msg, e.Offset)
}

// Unwrap returns ErrBadMeld and the tile error, if any.
func (e *MeldError) Unwrap() []error {
	if e.Err != nil {
		return []error{ErrBadMeld, e.Err}
	}
	return []error{ErrBadMeld}
}

// NewMeld builds a meld of type t from its tiles (3 for Chi and Pon, 4 for a
// kan) and checks it as [Meld.Check] does.
func NewMeld(t MeldType, tiles ...tile.Tile) (Meld, error) {
	m := Meld{Type: t}
	if t.Size() == 0 {
		return Meld{}, fmt.Errorf("score: %w: type %v", ErrBadMeld, t)
	}
	if len(tiles) != t.Size() {
		return Meld{}, fmt.Errorf("score: %w: %v needs %d tiles, got %d", ErrBadMeld, t, t.Size(), len(tiles))
	}
	copy(m.Tiles[:], tiles)
	if err := m.Check(); err != nil {
		return Meld{}, err
	}
	return m, nil
}

// Check reports whether m is a well-formed meld: a known type, valid and
// distinct tile ids, and three consecutive kinds of one suit (Chi), three
// (Pon) or four (kans) of one kind. The error wraps [ErrBadMeld].
func (m Meld) Check() error {
	n := m.Type.Size()
	if n == 0 {
		return fmt.Errorf("score: %w: type %v", ErrBadMeld, m.Type)
	}
	for i, t := range m.Tiles[:n] {
		if !t.Valid() {
			return fmt.Errorf("score: %w: %v: tile id %d", ErrBadMeld, m.Type, uint8(t))
		}
		for _, u := range m.Tiles[:i] {
			if u == t {
				return fmt.Errorf("score: %w: %v: tile id %d twice", ErrBadMeld, m.Type, uint8(t))
			}
		}
	}
	if msg := m.shapeError(); msg != "" {
		return fmt.Errorf("score: %w: %v %s: %s", ErrBadMeld, m.Type, m.tilesString(), msg)
	}
	return nil
}

// shapeError returns why the kinds do not form the meld's set, or "".
func (m Meld) shapeError() string {
	n := m.Type.Size()
	if m.Type == Chi {
		lo := m.Kind()
		if lo.IsHonor() {
			return "honours cannot form a sequence"
		}
		var seen [3]bool
		for _, t := range m.Tiles[:n] {
			d := int(t.Kind()) - int(lo)
			if d > 2 || t.Kind().Suit() != lo.Suit() || seen[d] {
				return "not three consecutive tiles of one suit"
			}
			seen[d] = true
		}
		return ""
	}
	k := m.Tiles[0].Kind()
	for _, t := range m.Tiles[1:n] {
		if t.Kind() != k {
			return "tiles of different kinds"
		}
	}
	return ""
}

// tilesString writes the tiles in order as tenhou notation with a single
// suit letter ("345m", "0555p").
func (m Meld) tilesString() string {
	n := m.Type.Size()
	b := make([]byte, 0, n+1)
	for _, t := range m.Tiles[:n] {
		if t.Red() {
			b = append(b, '0')
		} else {
			b = append(b, byte('1'+t.Kind()%9))
		}
	}
	b = append(b, "mpsz"[m.Tiles[0].Kind().Suit()])
	return string(b)
}

// String writes the meld as ParseMeld reads it, e.g. "chi=345m",
// "pon=055p", "ankan=9999s". The copy number of a non-red tile is not kept.
func (m Meld) String() string {
	if m.Type.Size() == 0 {
		return m.Type.String()
	}
	for _, t := range m.Tiles[:m.Type.Size()] {
		if !t.Valid() {
			return fmt.Sprintf("%v=invalid", m.Type)
		}
	}
	return m.Type.String() + "=" + m.tilesString()
}

// meldPrefixes maps the accepted prefixes to types.
var meldPrefixes = [...]struct {
	name string
	t    MeldType
}{
	{"chi", Chi}, {"pon", Pon}, {"daiminkan", Daiminkan}, {"minkan", Daiminkan}, {"kan", Daiminkan},
	{"kakan", Kakan}, {"shouminkan", Kakan}, {"ankan", Ankan},
}

// ParseMeld reads a meld written TYPE=TILES: TYPE is chi, pon, daiminkan
// (also minkan or kan: an open kan), kakan (also shouminkan) or ankan; TILES
// are its tiles in tenhou notation, the called tile first (for a kakan, the
// tile the pon called first and the added tile last): "chi=435m" (4m called),
// "pon=055p" (a red 5p called), "kan=1111z", "kakan=5550s", "ankan=9999s".
// Each tile gets a distinct physical id as [tile.Parse] assigns them.
// Errors are [*MeldError] values naming the byte offset of the problem.
func ParseMeld(s string) (Meld, error) {
	name, tiles, ok := strings.Cut(s, "=")
	if !ok {
		return Meld{}, &MeldError{Input: s, Offset: 0, Msg: `want TYPE=TILES, e.g. "chi=345m"`}
	}
	var t MeldType
	for _, p := range meldPrefixes {
		if strings.EqualFold(name, p.name) {
			t = p.t
			break
		}
	}
	if t == NoMeld {
		return Meld{}, &MeldError{Input: s, Offset: 0, Msg: fmt.Sprintf("unknown meld type %q (want chi, pon, kan, kakan or ankan)", name)}
	}
	off := len(name) + 1
	ts, err := tile.Parse(tiles)
	if err != nil {
		me := &MeldError{Input: s, Offset: off, Msg: err.Error(), Err: err}
		var pe *tile.ParseError
		if errors.As(err, &pe) {
			me.Offset = off + pe.Offset
			me.Msg = pe.Err.Error()
			if pe.Msg != "" {
				me.Msg += ": " + pe.Msg
			}
		}
		return Meld{}, me
	}
	if len(ts) != t.Size() {
		return Meld{}, &MeldError{Input: s, Offset: off, Msg: fmt.Sprintf("%v needs %d tiles, got %d", t, t.Size(), len(ts))}
	}
	m := Meld{Type: t}
	copy(m.Tiles[:], ts)
	if msg := m.shapeError(); msg != "" {
		return Meld{}, &MeldError{Input: s, Offset: off, Msg: msg}
	}
	return m, nil
}

// MustParseMeld is ParseMeld that panics on error; for tests and constants.
func MustParseMeld(s string) Meld {
	m, err := ParseMeld(s)
	if err != nil {
		panic(err)
	}
	return m
}

// MarshalText implements [encoding.TextMarshaler] with [Meld.String].
func (m Meld) MarshalText() ([]byte, error) {
	if err := m.Check(); err != nil {
		return nil, err
	}
	return []byte(m.String()), nil
}

// UnmarshalText implements [encoding.TextUnmarshaler] with [ParseMeld].
func (m *Meld) UnmarshalText(b []byte) error {
	v, err := ParseMeld(string(b))
	if err != nil {
		return err
	}
	*m = v
	return nil
}
