package data

import (
	"errors"
	"strconv"
	"strings"
)

// Sentinel causes wrapped by [*ParseError], for [errors.Is].
var (
	ErrSyntax       = errors.New("syntax error")              // malformed XML tag, attribute or JSON
	ErrBadTag       = errors.New("unexpected tag")            // unknown tag or event, or one out of place
	ErrBadValue     = errors.New("invalid value")             // a missing or out-of-range attribute or field
	ErrTruncated    = errors.New("truncated record")          // the input ends inside a round or before the game's end
	ErrInconsistent = errors.New("inconsistent record")       // events that cannot happen in the order given
	ErrUnsupported  = errors.New("unsupported by the format") // e.g. a 3-player game in mjai
	ErrNotRecord    = errors.New("not a game record")         // well-formed input of another kind (a JSON object without "log")
)

// ParseError reports where a record could not be read: the file (the name
// given to the reader), the 1-based game in the stream and round in the game
// (0 before the first round), the line, column and byte offset (of the
// decompressed input) of the tag or JSON value at fault, the tag or event
// name, and the cause, which wraps one of the sentinels above. It prints as
// "file:line:col: game 1 round 3 (E3-0): INIT: cause".
type ParseError struct {
	File   string
	Game   int    // 1-based game index in the stream
	Round  int    // 1-based round index in the game; 0 outside rounds
	Line   int    // 1-based
	Column int    // 1-based, in bytes
	Offset int64  // byte offset of the start of the tag or value
	Tag    string // XML tag, JSON event type or tenhou.net/6 path
	Name   string // the round's name, e.g. "E3-0", when known
	Err    error
}

// Error formats the error as "file:line:col: game g round r (name): tag: cause".
func (e *ParseError) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
	} else {
		b.WriteString("<input>")
	}
	b.WriteByte(':')
	b.WriteString(strconv.Itoa(e.Line))
	b.WriteByte(':')
	b.WriteString(strconv.Itoa(e.Column))
	b.WriteString(": ")
	if e.Game > 0 {
		b.WriteString("game ")
		b.WriteString(strconv.Itoa(e.Game))
		if e.Round > 0 {
			b.WriteString(" round ")
			b.WriteString(strconv.Itoa(e.Round))
			if e.Name != "" {
				b.WriteString(" (")
				b.WriteString(e.Name)
				b.WriteByte(')')
			}
		}
		b.WriteString(": ")
	}
	if e.Tag != "" {
		b.WriteString(e.Tag)
		b.WriteString(": ")
	}
	if e.Err != nil {
		b.WriteString(e.Err.Error())
	}
	return b.String()
}

// Unwrap returns the cause.
func (e *ParseError) Unwrap() error { return e.Err }
