package tile

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Sentinel causes wrapped by [*ParseError].
var (
	ErrSyntax  = errors.New("invalid tile notation")
	ErrTooMany = errors.New("more than 4 copies of a kind")
	ErrRedFive = errors.New("more than one red five of a suit")
)

// ParseError reports where a notation could not be read: the input, the byte
// offset of the offending character, that character, and the cause.
type ParseError struct {
	Input  string
	Offset int    // byte offset into Input; len(Input) for "unexpected end"
	Char   string // offending character(s), "" at end of input
	Msg    string // detail, e.g. "digit 8 is not an honour"
	Err    error  // ErrSyntax, ErrTooMany or ErrRedFive
}

func (e *ParseError) Error() string {
	where := "at end"
	if e.Char != "" {
		where = fmt.Sprintf("%s at offset %d", strconv.Quote(excerpt(e.Char, 0)), e.Offset)
	}
	msg := e.Err.Error()
	if e.Msg != "" {
		msg += ": " + e.Msg
	}
	return fmt.Sprintf("tile: %s: %s in %s", msg, where, strconv.Quote(excerpt(e.Input, e.Offset)))
}

// maxExcerpt is how many bytes of an input an error message quotes.
const maxExcerpt = 60

// excerpt returns s, or when s is longer than maxExcerpt a window of about
// that many bytes around offset, with "…" where it is cut: an error on a
// megabyte of input stays one short line.
func excerpt(s string, offset int) string {
	if len(s) <= maxExcerpt {
		return s
	}
	start := max(0, min(offset-maxExcerpt/2, len(s)-maxExcerpt))
	end := start + maxExcerpt
	for start > 0 && !utf8.RuneStart(s[start]) {
		start--
	}
	for end < len(s) && !utf8.RuneStart(s[end]) {
		end++
	}
	out := s[start:end]
	if start > 0 {
		out = "…" + out
	}
	if end < len(s) {
		out += "…"
	}
	return out
}

// Unwrap returns the sentinel cause.
func (e *ParseError) Unwrap() error { return e.Err }

// kindOf maps digit d ('0'..'9') and suit letter to a kind and red flag.
// ok is false for digits that do not exist in that suit.
func kindOf(d, suit byte) (k Kind, red, ok bool) {
	var base Kind
	switch suit {
	case 'm':
		base = Man1
	case 'p':
		base = Pin1
	case 's':
		base = Sou1
	case 'z':
		if d < '1' || d > '7' {
			return 0, false, false
		}
		return East + Kind(d-'1'), false, true
	default:
		return 0, false, false
	}
	if d == '0' {
		return base + 4, true, true
	}
	return base + Kind(d-'1'), false, true
}

func isSuit(c byte) bool { return c == 'm' || c == 'p' || c == 's' || c == 'z' }

// scan walks tenhou notation and calls add for every tile, with the byte offset
// of its digit. Spaces between tiles are ignored.
func scan(s string, add func(k Kind, red bool, off int) error) error {
	start := -1 // offset of the first pending digit
	var digits []int
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			if start < 0 {
				start = i
			}
			digits = append(digits, i)
		case isSuit(c):
			if len(digits) == 0 {
				return &ParseError{Input: s, Offset: i, Char: string(c), Err: ErrSyntax, Msg: "suit letter without digits"}
			}
			for _, off := range digits {
				k, red, ok := kindOf(s[off], c)
				if !ok {
					return &ParseError{Input: s, Offset: off, Char: s[off : off+1], Err: ErrSyntax,
						Msg: fmt.Sprintf("no tile %c%c", s[off], c)}
				}
				if err := add(k, red, off); err != nil {
					return err
				}
			}
			digits = digits[:0]
			start = -1
		case c == ' ' || c == '\t':
		default:
			end := i + 1
			for end < len(s) && s[end] >= 0x80 && s[end] < 0xC0 { // keep UTF-8 runes whole
				end++
			}
			return &ParseError{Input: s, Offset: i, Char: s[i:end], Err: ErrSyntax, Msg: "unexpected character"}
		}
	}
	if start >= 0 {
		return &ParseError{Input: s, Offset: start, Char: s[start : start+1], Err: ErrSyntax,
			Msg: "digits without a suit letter (m, p, s, z)"}
	}
	return nil
}

// Parse reads tenhou notation ("123m406p789s1122z") into physical tiles, in
// input order. Each tile gets a distinct id of its kind: a red five (digit 0)
// gets id 16, 52 or 88; other tiles the lowest free non-red copy. More than 4
// copies of a kind, more than one red five of a suit, or four plain fives (one
// of the four is red under Tenhou rules) is an error.
func Parse(s string) ([]Tile, error) {
	var used [NumKinds]uint8 // bit i: copy i taken
	var ts []Tile
	err := scan(s, func(k Kind, red bool, off int) error {
		if red {
			if used[k]&1 != 0 {
				return &ParseError{Input: s, Offset: off, Char: "0", Err: ErrRedFive}
			}
			used[k] |= 1
			ts = append(ts, Tile(k)*4)
			return nil
		}
		first := 0
		if k.IsFive() {
			first = 1
		}
		for c := first; c < 4; c++ {
			if used[k]&(1<<c) == 0 {
				used[k] |= 1 << c
				ts = append(ts, Tile(k)*4+Tile(c))
				return nil
			}
		}
		msg := ""
		if k.IsFive() && used[k] == 0b1110 {
			msg = fmt.Sprintf("four plain %v: one of them is the red five, write it as 0%c", k, k.Suit().String()[0])
		}
		return &ParseError{Input: s, Offset: off, Char: s[off : off+1], Err: ErrTooMany, Msg: msg}
	})
	if err != nil {
		return nil, err
	}
	return ts, nil
}

// MustParse is Parse that panics on error; for tests and constants.
func MustParse(s string) []Tile {
	ts, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return ts
}

// ParseCounts reads tenhou notation into counts by kind and the number of red
// fives. Unlike [Parse] it accepts four plain fives (rules without red fives).
func ParseCounts(s string) (c Counts, reds int, err error) {
	var red [3]bool
	err = scan(s, func(k Kind, r bool, off int) error {
		if c[k] >= 4 {
			return &ParseError{Input: s, Offset: off, Char: s[off : off+1], Err: ErrTooMany}
		}
		if r {
			if red[k.Suit()] {
				return &ParseError{Input: s, Offset: off, Char: "0", Err: ErrRedFive}
			}
			red[k.Suit()] = true
			reds++
		}
		c[k]++
		return nil
	})
	if err != nil {
		return Counts{}, 0, err
	}
	return c, reds, nil
}

// MustParseCounts is ParseCounts without the red count that panics on error;
// for tests.
func MustParseCounts(s string) Counts {
	c, _, err := ParseCounts(s)
	if err != nil {
		panic(err)
	}
	return c
}

// ParseTile reads a single tile in tenhou ("5m", "0p", "7z") or mjai ("5m",
// "5mr", "E" .. "C") notation and returns its [Canonical] id.
func ParseTile(s string) (Tile, error) {
	if len(s) == 1 {
		for i, h := range mjaiHonors {
			if s == h {
				return Canonical(East+Kind(i), false), nil
			}
		}
	}
	if len(s) == 3 && s[2] == 'r' && s[0] == '5' && s[1] != 'z' && isSuit(s[1]) {
		k, _, _ := kindOf('5', s[1])
		return Canonical(k, true), nil
	}
	if len(s) == 2 && s[0] >= '0' && s[0] <= '9' {
		if k, red, ok := kindOf(s[0], s[1]); ok {
			return Canonical(k, red), nil
		}
	}
	return NoTile, &ParseError{Input: s, Offset: 0, Char: s, Err: ErrSyntax, Msg: "want one tile like 5m, 0p, 5sr or E"}
}

// MustParseTile is ParseTile that panics on error; for tests and constants.
func MustParseTile(s string) Tile {
	t, err := ParseTile(s)
	if err != nil {
		panic(err)
	}
	return t
}

// ParseMjai reads one mjai tile name: "1m".."9s", "5mr", "5pr", "5sr", or
// "E", "S", "W", "N", "P", "F", "C". Tenhou-only forms such as "0m" or "1z"
// are rejected.
func ParseMjai(s string) (Tile, error) {
	if len(s) == 2 && (s[0] < '1' || s[0] > '9' || s[1] == 'z') {
		return NoTile, &ParseError{Input: s, Offset: 0, Char: s, Err: ErrSyntax, Msg: "not an mjai tile name"}
	}
	return ParseTile(s)
}

// Format writes tiles in tenhou notation, sorted by kind with a red five
// before the plain fives of its suit: "406p" for 4p 0p 6p. The input is not
// modified.
func Format(ts []Tile) string {
	s := slices.Clone(ts)
	slices.SortFunc(s, func(a, b Tile) int {
		if a.Kind() != b.Kind() {
			return int(a.Kind()) - int(b.Kind())
		}
		// red (copy 0) first, then by id
		return int(a) - int(b)
	})
	var b strings.Builder
	for i, t := range s {
		if t.Red() {
			b.WriteByte('0')
		} else {
			b.WriteByte(byte('1' + t.Kind()%9))
		}
		if i == len(s)-1 || s[i+1].Kind().Suit() != t.Kind().Suit() {
			b.WriteByte("mpsz"[t.Kind().Suit()])
		}
	}
	return b.String()
}

// FormatCounts writes counts in tenhou notation, with no red fives.
func FormatCounts(c Counts) string {
	var b strings.Builder
	for su := Man; su <= Honor; su++ {
		n := 0
		lo, hi := Kind(su)*9, Kind(su)*9+9
		if su == Honor {
			hi = NumKinds
		}
		for k := lo; k < hi; k++ {
			for j := uint8(0); j < c[k]; j++ {
				b.WriteByte(byte('1' + k%9))
				n++
			}
		}
		if n > 0 {
			b.WriteByte("mpsz"[su])
		}
	}
	return b.String()
}
