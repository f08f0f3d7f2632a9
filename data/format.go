package data

import (
	"bufio"
	"fmt"
	"io"
)

// Format names a record format.
type Format uint8

// The formats this package reads and writes. The zero Format is
// FormatUnknown.
const (
	FormatUnknown Format = iota
	FormatMjlog          // Tenhou mjlog XML
	FormatTenhou6        // tenhou.net/6 JSON
	FormatMjai           // mjai JSON lines
)

var formatNames = [...]string{"unknown", "mjlog", "tenhou6", "mjai"}

// String returns the format's name: "mjlog", "tenhou6", "mjai" or
// "unknown".
func (f Format) String() string {
	if int(f) < len(formatNames) {
		return formatNames[f]
	}
	return fmt.Sprintf("Format(%d)", uint8(f))
}

// ParseFormat reads a format name as String writes it.
func ParseFormat(s string) (Format, error) {
	for i, n := range formatNames[1:] {
		if n == s {
			return Format(i + 1), nil
		}
	}
	return FormatUnknown, fmt.Errorf("data: unknown format %q (want mjlog, tenhou6 or mjai)", s)
}

// Reader is what the three readers have in common, in the shape of
// bufio.Scanner.
type Reader interface {
	Next() bool  // reads the next game; false at the end or on error
	Game() *Game // the game read
	Err() error  // the first error, nil at a clean end
}

// nextGame is the body of the readers' Next: it reads one game with read,
// keeping the partial game and the error when reading fails; io.EOF is a
// clean end.
func nextGame(game **Game, errp *error, read func() (*Game, error)) bool {
	*game = nil
	g, err := read()
	if err != nil {
		if err != io.EOF {
			*errp = err
			*game = g
		}
		return false
	}
	*game = g
	return true
}

// Writer is what the three writers have in common.
type Writer interface {
	Write(g *Game) error
}

// DetectFormat guesses the format of a record from its first bytes
// (decompressed): '<' is mjlog, a JSON object whose first key is "type" is
// mjai, any other JSON object tenhou.net/6.
func DetectFormat(prefix []byte) Format {
	i := skipSpace(prefix, 0)
	if len(prefix) >= i+3 && prefix[i] == 0xEF && prefix[i+1] == 0xBB && prefix[i+2] == 0xBF {
		i = skipSpace(prefix, i+3)
	}
	if i >= len(prefix) {
		return FormatUnknown
	}
	switch prefix[i] {
	case '<':
		return FormatMjlog
	case '{':
		j := skipSpace(prefix, i+1)
		if len(prefix) >= j+6 && string(prefix[j:j+6]) == `"type"` {
			return FormatMjai
		}
		return FormatTenhou6
	}
	return FormatUnknown
}

// NewReader returns a reader of r in the format its first bytes show
// (plain or gzip-compressed), and the format. name appears in errors. An
// input in no known format is a *ParseError wrapping ErrSyntax.
func NewReader(r io.Reader, name string) (Reader, Format, error) {
	br := maybeGunzip(r)
	prefix, err := br.Peek(512)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		return nil, FormatUnknown, &ParseError{File: name, Line: 1, Column: 1, Err: err}
	}
	f := DetectFormat(prefix)
	return NewFormatReader(br, name, f), f, formatError(name, f)
}

func formatError(name string, f Format) error {
	if f == FormatUnknown {
		return &ParseError{File: name, Line: 1, Column: 1, Err: cause(ErrSyntax, "not an mjlog, tenhou.net/6 or mjai record")}
	}
	return nil
}

// NewFormatReader returns a reader of r in format f, or nil for
// FormatUnknown.
func NewFormatReader(r io.Reader, name string, f Format) Reader {
	switch f {
	case FormatMjlog:
		return NewMjlogReader(r, name)
	case FormatTenhou6:
		return NewTenhou6Reader(r, name)
	case FormatMjai:
		return NewMjaiReader(r, name)
	}
	return nil
}

// NewWriter returns a writer of format f to w, or nil for FormatUnknown.
func NewWriter(w io.Writer, f Format) Writer {
	switch f {
	case FormatMjlog:
		return NewMjlogWriter(w)
	case FormatTenhou6:
		return NewTenhou6Writer(w)
	case FormatMjai:
		return NewMjaiWriter(w)
	}
	return nil
}
