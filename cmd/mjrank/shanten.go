package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strconv"

	"github.com/mjrank/mjrank/sim/hand"
	"github.com/mjrank/mjrank/sim/tile"
)

var cmdShanten = &Command{
	Name:      "shanten",
	UsageLine: "[--json] < hands.txt",
	Short:     "shanten of hands read from stdin, one per line",
	Long: `
Shanten reads one hand per line from standard input, in tenhou notation
(e.g. 123m406p789s1122z), and prints one line per hand:

	NORMAL CHIITOI KOKUSHI

the shanten of the normal form (four sets and a pair), of chiitoitsu and of
kokushi. -1 means the hand is complete, 0 tenpai. A hand may hold any 3n+1 or
3n+2 tiles up to 14 (called melds make it shorter); chiitoitsu and kokushi
apply only to 13 or 14 tiles and print "-" otherwise. Blank lines and lines
starting with # are copied through unchanged.

A line that cannot be read prints "error" (so output lines stay aligned
with input lines), the reason goes to standard error with its line number,
and the command exits with status 1 after reading all input. A line longer
than 64 KiB is no hand: it is read past, not kept (a comment is copied).

With --json every input line gives one JSON object on one output line:
"line" (1-based) and, for a hand, "hand" (as read), "tiles", "shanten" (the
least of the forms), "normal", "chiitoitsu" and "kokushi" (null where the
form does not apply); for a line that cannot be read, "error"; for a blank
or comment line, "skipped": "blank" or "comment".
`,
	Setup: func(fs *flag.FlagSet) func(*Env, []string) error {
		asJSON := fs.Bool("json", false, "print one JSON object per input line")
		return func(env *Env, args []string) error {
			if len(args) > 0 {
				return usageErrorf("shanten reads hands from standard input and takes no arguments")
			}
			return runShanten(env, *asJSON)
		}
	},
}

// maxShantenLine is the longest line read as a hand: far more than any hand
// needs, and the reader's buffer. A longer line is answered with an error
// and read past without being kept.
const maxShantenLine = 64 << 10

// shantenJSON is the output line of shanten --json for a hand; a form
// that does not apply is null.
type shantenJSON struct {
	Line       int    `json:"line"`
	Hand       string `json:"hand"`
	Tiles      int    `json:"tiles"`
	Shanten    int    `json:"shanten"`
	Normal     int    `json:"normal"`
	Chiitoitsu *int   `json:"chiitoitsu"`
	Kokushi    *int   `json:"kokushi"`
}

// shantenLineJSON is the output line of shanten --json for a line that
// holds no hand: one that cannot be read, a blank or a comment line.
type shantenLineJSON struct {
	Line    int    `json:"line"`
	Error   string `json:"error,omitempty"`
	Skipped string `json:"skipped,omitempty"`
}

// runShanten answers each line of standard input, as the command's help
// says.
func runShanten(env *Env, asJSON bool) error {
	in := bufio.NewReaderSize(env.Stdin, maxShantenLine)
	out := bufio.NewWriterSize(env.Stdout, 64*1024)
	defer out.Flush()
	sw := shantenWriter{out: out, asJSON: asJSON}
	bad := 0
	for line := 1; ; line++ {
		chunk, err := in.ReadSlice('\n')
		if len(chunk) == 0 && err == io.EOF {
			break
		}
		if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
			return fmt.Errorf("reading stdin line %d: %w", line, err)
		}
		long := err == bufio.ErrBufferFull
		text := bytes.TrimSpace(chunk)
		if len(text) == 0 && !long || len(text) > 0 && text[0] == '#' {
			if err := sw.skipped(in, line, chunk, text, long); err != nil {
				return err
			}
			continue
		}
		c, why, err := readShantenHand(in, chunk, text, long)
		if err != nil {
			return err
		}
		if why != nil {
			bad++
			sw.unread(line, why)
			fmt.Fprintf(env.Stderr, "mjrank shanten: stdin:%d: %v\n", line, why)
			continue
		}
		sw.hand(line, text, &c)
	}
	if bad > 0 {
		out.Flush()
		fmt.Fprintf(env.Stderr, "mjrank shanten: %s could not be read\n", plural(bad, "line"))
		return errSilent
	}
	return nil
}

// readShantenHand reads the hand of a line that is neither blank nor a
// comment: chunk is its start as read, text the same trimmed, and long
// says the line goes on past the reader's buffer (the rest is read past).
// why says why the line holds no hand; err is an error reading the input.
func readShantenHand(in *bufio.Reader, chunk, text []byte, long bool) (c tile.Counts, why, err error) {
	if long {
		n, err := skipLine(in, long, nil)
		if err != nil {
			return c, nil, err
		}
		return c, fmt.Errorf("a line of %d bytes is not a hand (at most %d read)", len(chunk)+n, maxShantenLine), nil
	}
	c, _, why = tile.ParseCounts(string(text))
	if why == nil {
		why = checkHandSize(c.Total())
	}
	return c, why, nil
}

// shantenWriter writes shanten's output lines, as text or JSON.
type shantenWriter struct {
	out    *bufio.Writer
	asJSON bool
	buf    []byte
}

// skipped answers a blank or comment line: as text, the line copied
// through as read, however long; in JSON, a skipped object.
func (sw *shantenWriter) skipped(in *bufio.Reader, line int, chunk, text []byte, long bool) error {
	if sw.asJSON {
		kind := "blank"
		if len(text) > 0 {
			kind = "comment"
		}
		if _, err := skipLine(in, long, nil); err != nil {
			return err
		}
		sw.buf = appendJSONLine(sw.buf[:0], &shantenLineJSON{Line: line, Skipped: kind})
		sw.out.Write(sw.buf)
		return nil
	}
	sw.out.Write(lineText(chunk))
	if _, err := skipLine(in, long, sw.out); err != nil {
		return err
	}
	sw.out.WriteByte('\n')
	return nil
}

// unread answers a line that holds no hand, for the reason why.
func (sw *shantenWriter) unread(line int, why error) {
	if sw.asJSON {
		sw.buf = appendJSONLine(sw.buf[:0], &shantenLineJSON{Line: line, Error: why.Error()})
		sw.out.Write(sw.buf)
		return
	}
	sw.out.WriteString("error\n")
}

// hand answers a hand: the shanten of each form.
func (sw *shantenWriter) hand(line int, text []byte, c *tile.Counts) {
	f := hand.ShantenForms(c)
	if sw.asJSON {
		sw.buf = appendJSONLine(sw.buf[:0], &shantenJSON{Line: line, Hand: string(text), Tiles: c.Total(), Shanten: f.Min(),
			Normal: int(f.Normal), Chiitoitsu: formPtr(f.Chiitoitsu), Kokushi: formPtr(f.Kokushi)})
		sw.out.Write(sw.buf)
		return
	}
	b := appendShanten(sw.buf[:0], f.Normal)
	b = append(b, ' ')
	b = appendShanten(b, f.Chiitoitsu)
	b = append(b, ' ')
	b = appendShanten(b, f.Kokushi)
	sw.buf = append(b, '\n')
	sw.out.Write(sw.buf)
}

// skipLine reads the rest of a line longer than the reader's buffer (when
// long), copying it to w unless w is nil, and returns the bytes it read
// (not counting the line end).
func skipLine(in *bufio.Reader, long bool, w io.Writer) (int, error) {
	n := 0
	for long {
		chunk, err := in.ReadSlice('\n')
		text := lineText(chunk)
		n += len(text)
		if w != nil {
			w.Write(text)
		}
		switch err {
		case nil, io.EOF:
			return n, nil
		case bufio.ErrBufferFull:
		default:
			return n, fmt.Errorf("reading stdin: %w", err)
		}
	}
	return n, nil
}

// lineText is a chunk of a line without its line end ("\n" or "\r\n").
func lineText(chunk []byte) []byte {
	if n := len(chunk); n > 0 && chunk[n-1] == '\n' {
		chunk = chunk[:n-1]
		if n := len(chunk); n > 0 && chunk[n-1] == '\r' {
			chunk = chunk[:n-1]
		}
	}
	return chunk
}

// appendJSONLine appends v as one line of JSON.
func appendJSONLine(b []byte, v any) []byte {
	js, err := json.Marshal(v)
	if err != nil {
		panic(err) // plain fields
	}
	return append(append(b, js...), '\n')
}

func appendShanten(b []byte, s int8) []byte {
	if s == hand.NoShanten {
		return append(b, '-')
	}
	return strconv.AppendInt(b, int64(s), 10)
}

// checkHandSize accepts the concealed tile counts a hand can have: 3n+1 or
// 3n+2 tiles, at most 14.
func checkHandSize(n int) error {
	if n == 0 || n > 14 || n%3 == 0 {
		return fmt.Errorf("%s: a hand holds 1, 2, 4, 5, 7, 8, 10, 11, 13 or 14 concealed tiles", plural(n, "tile"))
	}
	return nil
}
