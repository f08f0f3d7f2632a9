package tenhou6

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strconv"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/internal/codec"
)

// jsonStream splits a stream of JSON values (objects or arrays, separated
// by white space) and keeps track of where each starts.
type jsonStream struct {
	br        *bufio.Reader
	off       int64 // offset of the next unread byte
	line      int
	lineStart int64
	buf       []byte
}

func newJSONStream(r io.Reader) *jsonStream {
	return &jsonStream{br: codec.Gunzip(r), line: 1}
}

// pos is a position in the stream.
type pos struct {
	off  int64
	line int
	col  int
}

func (s *jsonStream) pos() pos { return pos{s.off, s.line, int(s.off-s.lineStart) + 1} }

func (s *jsonStream) readByte() (byte, error) {
	c, err := s.br.ReadByte()
	if err != nil {
		return 0, err
	}
	s.off++
	if c == '\n' {
		s.line++
		s.lineStart = s.off
	}
	return c, nil
}

// next returns the next top-level value (valid until the next call) and its
// start, or io.EOF at the end.
func (s *jsonStream) next() ([]byte, pos, error) {
	var c byte
	var err error
	for {
		p := s.pos()
		if c, err = s.readByte(); err != nil {
			return nil, p, err
		}
		if c == ' ' || c == '\n' || c == '\r' || c == '\t' {
			continue
		}
		if c == 0xEF { // a UTF-8 byte order mark
			if b, _ := s.br.Peek(2); len(b) == 2 && b[0] == 0xBB && b[1] == 0xBF {
				s.readByte()
				s.readByte()
				continue
			}
		}
		start := p
		if c != '{' && c != '[' {
			return nil, start, codec.Cause(data.ErrSyntax, "want a JSON object, got "+strconv.QuoteRune(rune(c)))
		}
		s.buf = append(s.buf[:0], c)
		nest := jsonNest{depth: 1}
		for nest.depth > 0 {
			if c, err = s.readByte(); err != nil {
				if err == io.EOF {
					return nil, start, codec.Cause(data.ErrTruncated, "input ends inside a JSON value")
				}
				return nil, start, err
			}
			s.buf = append(s.buf, c)
			nest.feed(c)
			if len(s.buf) > data.MaxLine {
				return nil, start, codec.Cause(data.ErrTooLarge, fmt.Sprintf("a JSON value longer than %d bytes", data.MaxLine))
			}
		}
		return s.buf, start, nil
	}
}

// at returns the position of byte i of a value that starts at p.
func (p pos) at(val []byte, i int) pos {
	if i > len(val) {
		i = len(val)
	}
	q := pos{off: p.off + int64(i), line: p.line, col: p.col + i}
	if n := bytes.Count(val[:i], []byte{'\n'}); n > 0 {
		q.line += n
		q.col = i - bytes.LastIndexByte(val[:i], '\n')
	}
	return q
}

// skipValue returns the index just after the JSON value starting at b[i]
// (after white space), or -1 if it is malformed. It checks only nesting and
// strings; the decoder checks the rest.
func skipValue(b []byte, i int) int {
	i = codec.SkipSpace(b, i)
	if i >= len(b) {
		return -1
	}
	switch b[i] {
	case '"':
		for j := i + 1; j < len(b); j++ {
			if b[j] == '\\' {
				j++
			} else if b[j] == '"' {
				return j + 1
			}
		}
		return -1
	case '{', '[':
		var nest jsonNest
		for j := i; j < len(b); j++ {
			if nest.feed(b[j]) && nest.depth == 0 {
				return j + 1
			}
		}
		return -1
	default:
		j := i
		for j < len(b) && b[j] != ',' && b[j] != '}' && b[j] != ']' && b[j] != ' ' && b[j] != '\n' && b[j] != '\r' && b[j] != '\t' {
			j++
		}
		if j == i {
			return -1
		}
		return j
	}
}

// span is a byte range [start, end) of a value inside another.
type span struct{ start, end int }

// arrayElements returns the spans of the elements of the array b[i:].
func arrayElements(b []byte, i int) ([]span, bool) {
	i = codec.SkipSpace(b, i)
	if i >= len(b) || b[i] != '[' {
		return nil, false
	}
	i = codec.SkipSpace(b, i+1)
	var out []span
	if i < len(b) && b[i] == ']' {
		return out, true
	}
	for {
		i = codec.SkipSpace(b, i)
		j := skipValue(b, i)
		if j < 0 {
			return nil, false
		}
		out = append(out, span{i, j})
		j = codec.SkipSpace(b, j)
		if j >= len(b) {
			return nil, false
		}
		if b[j] == ']' {
			return out, true
		}
		if b[j] != ',' {
			return nil, false
		}
		i = j + 1
	}
}

// objectMember returns the span of the value of the top-level key in the
// object b.
func objectMember(b []byte, key string) (span, bool) {
	i := codec.SkipSpace(b, 0)
	if i >= len(b) || b[i] != '{' {
		return span{}, false
	}
	i = codec.SkipSpace(b, i+1)
	if i < len(b) && b[i] == '}' {
		return span{}, false
	}
	for {
		i = codec.SkipSpace(b, i)
		k := skipValue(b, i)
		if k < 0 || b[i] != '"' {
			return span{}, false
		}
		name, err := strconv.Unquote(string(b[i:k]))
		if err != nil {
			return span{}, false
		}
		k = codec.SkipSpace(b, k)
		if k >= len(b) || b[k] != ':' {
			return span{}, false
		}
		v := codec.SkipSpace(b, k+1)
		e := skipValue(b, v)
		if e < 0 {
			return span{}, false
		}
		if name == key {
			return span{v, e}, true
		}
		e = codec.SkipSpace(b, e)
		if e >= len(b) || b[e] != ',' {
			return span{}, false
		}
		i = e + 1
	}
}

// jsonNest follows the nesting of JSON brackets byte by byte, skipping
// brackets inside strings.
type jsonNest struct {
	depth      int
	inStr, esc bool
}

// feed takes the next byte; it reports whether the byte closed a bracket.
func (n *jsonNest) feed(c byte) (closed bool) {
	switch {
	case n.esc:
		n.esc = false
	case n.inStr:
		if c == '\\' {
			n.esc = true
		} else if c == '"' {
			n.inStr = false
		}
	case c == '"':
		n.inStr = true
	case c == '{' || c == '[':
		n.depth++
	case c == '}' || c == ']':
		n.depth--
		return true
	}
	return false
}
