package records

import (
	"bufio"
	"fmt"
	"io"
	"slices"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/internal/codec"
	"github.com/mjrank/mjrank/data/mjai"
	"github.com/mjrank/mjrank/data/mjlog"
	"github.com/mjrank/mjrank/data/tenhou6"
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

// formatExts are the file name extensions of each format, lower case, the
// one its files are written with first.
var formatExts = [...][]string{
	FormatMjlog:   {".xml", ".xml_", ".mjlog", ".txt"}, // .xml_ and .txt as corpora name them
	FormatTenhou6: {".json"},
	FormatMjai:    {".mjson", ".jsonl"},
}

// Exts returns the file name extensions of records in format f, lower
// case: first the one its files are written with (.xml, .json, .mjson),
// then the others a folder walk reads as f too. FormatUnknown has none.
func (f Format) Exts() []string {
	if int(f) < len(formatExts) {
		return slices.Clone(formatExts[f])
	}
	return nil
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

// DetectFormat guesses the format of a record from its first bytes
// (decompressed): '<' is mjlog, a JSON object whose first key is "type" is
// mjai, any other JSON object tenhou.net/6.
func DetectFormat(prefix []byte) Format {
	i := codec.SkipSpace(prefix, 0)
	if len(prefix) >= i+3 && prefix[i] == 0xEF && prefix[i+1] == 0xBB && prefix[i+2] == 0xBF {
		i = codec.SkipSpace(prefix, i+3)
	}
	if i >= len(prefix) {
		return FormatUnknown
	}
	switch prefix[i] {
	case '<':
		return FormatMjlog
	case '{':
		j := codec.SkipSpace(prefix, i+1)
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
func NewReader(r io.Reader, name string) (data.Reader, Format, error) {
	br := codec.Gunzip(r)
	prefix, err := br.Peek(512)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		return nil, FormatUnknown, &data.ParseError{File: name, Line: 1, Column: 1, Err: err}
	}
	f := DetectFormat(prefix)
	return NewFormatReader(br, name, f), f, formatError(name, f)
}

func formatError(name string, f Format) error {
	if f == FormatUnknown {
		return &data.ParseError{File: name, Line: 1, Column: 1, Err: codec.Cause(data.ErrSyntax, "not an mjlog, tenhou.net/6 or mjai record")}
	}
	return nil
}

// NewFormatReader returns a reader of r in format f, or nil for
// FormatUnknown.
func NewFormatReader(r io.Reader, name string, f Format) data.Reader {
	switch f {
	case FormatMjlog:
		return mjlog.NewReader(r, name)
	case FormatTenhou6:
		return tenhou6.NewReader(r, name)
	case FormatMjai:
		return mjai.NewReader(r, name)
	}
	return nil
}

// NewWriter returns a writer of format f to w, or nil for FormatUnknown.
func NewWriter(w io.Writer, f Format) data.Writer {
	switch f {
	case FormatMjlog:
		return mjlog.NewWriter(w)
	case FormatTenhou6:
		return tenhou6.NewWriter(w)
	case FormatMjai:
		return mjai.NewWriter(w)
	}
	return nil
}

// MarshalText implements encoding.TextMarshaler with String.
func (f Format) MarshalText() ([]byte, error) { return []byte(f.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler with ParseFormat.
func (f *Format) UnmarshalText(b []byte) error {
	v, err := ParseFormat(string(b))
	if err != nil {
		return err
	}
	*f = v
	return nil
}
