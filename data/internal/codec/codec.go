// Package codec is the plumbing the record codecs (data/mjlog,
// data/tenhou6, data/mjai) and the format detection of data/records share:
// gzip detection, the body of a reader's Next, error causes wrapping the
// sentinels of package data, and small number parsers.
package codec

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/mjrank/mjrank/data"
)

// Gunzip returns a buffered reader of r's contents, decompressed if they
// start with the gzip magic bytes 1f 8b.
func Gunzip(r io.Reader) *bufio.Reader {
	br := bufio.NewReaderSize(r, 16<<10)
	if b, _ := br.Peek(2); len(b) == 2 && b[0] == 0x1f && b[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return bufio.NewReaderSize(errReader{err}, 16)
		}
		return bufio.NewReaderSize(&capReader{r: zr, left: data.MaxDecompressed}, 16<<10)
	}
	return br
}

// capReader reads r up to left bytes, then fails: a decompression bomb
// ends with an error naming the limit.
type capReader struct {
	r    io.Reader
	left int64
}

func (c *capReader) Read(p []byte) (int, error) {
	if c.left <= 0 {
		return 0, fmt.Errorf("%w: the input expands past %d bytes decompressed", data.ErrTooLarge, data.MaxDecompressed)
	}
	if int64(len(p)) > c.left {
		p = p[:c.left]
	}
	n, err := c.r.Read(p)
	c.left -= int64(n)
	return n, err
}

// errReader fails every read with err.
type errReader struct{ err error }

func (r errReader) Read([]byte) (int, error) { return 0, r.err }

// NextGame is the body of the readers' Next: it reads one game with read,
// keeping the partial game and the error when reading fails; io.EOF is a
// clean end.
func NextGame(game **data.Game, errp *error, read func() (*data.Game, error)) bool {
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

// causeError is a cause: a sentinel with a message.
type causeError struct {
	sentinel error
	msg      string
}

func (e *causeError) Error() string { return e.sentinel.Error() + ": " + e.msg }
func (e *causeError) Unwrap() error { return e.sentinel }

// Cause returns an error wrapping sentinel (one of data's ErrSyntax,
// ErrBadTag …) with msg: the Err of a [data.ParseError].
func Cause(sentinel error, msg string) error { return &causeError{sentinel, msg} }

// JSONError returns the byte offset an encoding/json error names (0 if
// none) and the error as a cause: data.ErrSyntax for a syntax error,
// data.ErrBadValue for any other (a value of the wrong type).
func JSONError(err error) (offset int, cause error) {
	sentinel := data.ErrBadValue
	var se *json.SyntaxError
	if errors.As(err, &se) {
		sentinel = data.ErrSyntax
		offset = int(se.Offset)
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		offset = int(te.Offset)
	}
	return offset, Cause(sentinel, err.Error())
}

// SkipSpace returns the index of the first byte at or after i in b that
// is not JSON white space.
func SkipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\n' || b[i] == '\r' || b[i] == '\t') {
		i++
	}
	return i
}

// Atoi parses a non-negative decimal integer of at most 9 digits.
func Atoi(b []byte) (int, bool) {
	if len(b) == 0 || len(b) > 9 {
		return 0, false
	}
	n := 0
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}
