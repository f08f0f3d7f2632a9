package mjai

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/mjrank/mjrank/data"
)

// MaxLine is the longest line mjrank reads from an mjai peer (a bot's
// reply, a server's event, a batch of a whole round, which fits many times
// over). A longer line is an error, not an allocation without bound.
const MaxLine = data.MaxLine

// ErrLineTooLong is the cause of [ReadLine]'s error on a line over its
// limit.
var ErrLineTooLong = errors.New("line too long")

// ReadLine returns the next line of in without its end ("\n" or "\r\n"),
// io.EOF at the end of the input. A line of more than max bytes is an error
// wrapping [ErrLineTooLong]; at most max bytes and one buffer are held.
func ReadLine(in *bufio.Reader, max int) ([]byte, error) {
	var line []byte
	for {
		part, err := in.ReadSlice('\n')
		line = append(line, part...)
		switch {
		case err == bufio.ErrBufferFull:
			if len(line) > max+1 { // +1: a '\r' may still end the line
				return nil, tooLong(max)
			}
			continue
		case err == io.EOF && len(line) > 0:
		case err != nil:
			return nil, err
		default:
			line = bytes.TrimRight(line, "\r\n")
		}
		if len(line) > max {
			return nil, tooLong(max)
		}
		return line, nil
	}
}

func tooLong(max int) error { return fmt.Errorf("%w: over %d bytes", ErrLineTooLong, max) }

// ExcerptLen is how much of a peer's line an error message quotes.
const ExcerptLen = 200

// Excerpt returns b as an error message may quote it: control characters
// (terminal escapes among them) and invalid UTF-8 escaped, cut to about max
// bytes with the full length said. A peer's line is never printed raw.
func Excerpt(b []byte, max int) string {
	var out strings.Builder
	for i := 0; i < len(b); {
		if out.Len() >= max {
			fmt.Fprintf(&out, "… (%d bytes)", len(b))
			break
		}
		r, n := utf8.DecodeRune(b[i:])
		switch {
		case r == utf8.RuneError && n <= 1:
			fmt.Fprintf(&out, `\x%02x`, b[i])
		case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0):
			fmt.Fprintf(&out, `\x%02x`, r)
		default:
			out.WriteString(string(b[i : i+n]))
		}
		i += n
	}
	return out.String()
}
