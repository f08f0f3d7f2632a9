package main

import (
	"bufio"
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/mjrank/mjrank/sim/hand"
	"github.com/mjrank/mjrank/sim/tile"
)

var cmdShanten = &Command{
	Name:      "shanten",
	UsageLine: "< hands.txt",
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

A line that cannot be read prints "error" (so output lines stay aligned with
input lines), the reason goes to standard error with its line number, and the
command exits with status 1 after reading all input.
`,
	Setup: func(fs *flag.FlagSet) func(*Env, []string) error {
		return func(env *Env, args []string) error {
			if len(args) > 0 {
				return usageErrorf("shanten reads hands from standard input and takes no arguments")
			}
			return runShanten(env)
		}
	},
}

func runShanten(env *Env) error {
	in := bufio.NewScanner(env.Stdin)
	in.Buffer(make([]byte, 64*1024), 1<<20)
	out := bufio.NewWriterSize(env.Stdout, 64*1024)
	defer out.Flush()
	bad := 0
	var buf []byte
	for line := 1; in.Scan(); line++ {
		text := strings.TrimSpace(in.Text())
		if text == "" || text[0] == '#' {
			out.WriteString(in.Text())
			out.WriteByte('\n')
			continue
		}
		c, _, err := tile.ParseCounts(text)
		if err == nil {
			err = checkHandSize(c.Total())
		}
		if err != nil {
			bad++
			out.WriteString("error\n")
			fmt.Fprintf(env.Stderr, "mjrank shanten: stdin:%d: %v\n", line, err)
			continue
		}
		f := hand.ShantenForms(&c)
		buf = appendShanten(buf[:0], f.Normal)
		buf = append(buf, ' ')
		buf = appendShanten(buf, f.Chiitoitsu)
		buf = append(buf, ' ')
		buf = appendShanten(buf, f.Kokushi)
		buf = append(buf, '\n')
		out.Write(buf)
	}
	if err := in.Err(); err != nil {
		return fmt.Errorf("reading stdin: %w", err)
	}
	if bad > 0 {
		out.Flush()
		fmt.Fprintf(env.Stderr, "mjrank shanten: %d line(s) could not be read\n", bad)
		return errSilent
	}
	return nil
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
