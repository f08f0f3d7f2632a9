package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/records"
	"github.com/mjrank/mjrank/internal/outfile"
)

var cmdConvert = &Command{
	Name:      "convert",
	UsageLine: "--to mjlog|tenhou6|mjai [--out PATH] FILE...",
	Short:     "convert game records between mjlog, tenhou.net/6 and mjai",
	Long: `
Convert reads game records in any of the three formats (mjlog XML, plain or
gzip; tenhou.net/6 JSON; mjai JSON lines; told apart by content) and writes
them in the format named by --to. FILE - is standard input.

With one input and no --out, the result goes to standard output. With --out
naming a folder (or with several inputs, which need one), each input FILE is
written to the folder as its base name with the new extension (.xml, .json,
.mjson; standard input as "stdin"); with --out naming a file, the one input
goes there. Two inputs with the same base name would overwrite each other:
they are refused before anything is written, and so is an output that is
one of the inputs (the same file, also through a link). Files are written
whole (to a temporary name in the target's folder first, then renamed),
with the mode a new file gets (0644 under the usual umask) or the mode of
the file replaced. A symbolic link is followed and its target written (a
dangling link creates its target); a FIFO or a device (/dev/stdout too) is
written into directly.

An mjlog or tenhou.net/6 record holds one game, an mjai stream any number.
An input of several games (an mjai file of several games, say) converted
to mjlog or tenhou.net/6 is written one file per game, numbered from 1:
x.1.json, x.2.json, …; to standard output or to one file it is refused.

Every input is converted even if some fail; the failures are listed (file
and reason) on standard error and the exit status is 1.

tenhou.net/6 and mjai cannot carry everything an mjlog holds (physical tile
copies, dice, the fu of limit hands; mjai has no disconnections); see the
data package documentation. 3-player games convert between all three:
tenhou.net/6 in tenhou.net's own layout, mjai as the 3-player forks of
Mortal write it (three seats, nukidora for the kita).
`,
	Setup: func(fs *flag.FlagSet) func(*Env, []string) error {
		var o convertOptions
		fs.StringVar(&o.to, "to", "", "output `format`: mjlog, tenhou6 or mjai")
		fs.StringVar(&o.out, "out", "", "output file or folder (default: standard output)")
		return func(env *Env, args []string) error {
			f, err := o.check()
			if err != nil {
				return err
			}
			if len(args) == 0 {
				return usageErrorf("give at least one record file")
			}
			return runConvert(env, f, o.out, args)
		}
	},
}

// convertOptions are the convert command's flags.
type convertOptions struct{ to, out string }

// check reads --to, which is required.
func (o *convertOptions) check() (records.Format, error) {
	if o.to == "" {
		return records.FormatUnknown, usageErrorf("--to is required")
	}
	f, err := records.ParseFormat(o.to)
	if err != nil {
		return records.FormatUnknown, usageErrorf("--to: %v", err)
	}
	return f, nil
}

// oneGameRecord names the formats whose record holds one game.
var oneGameRecord = map[records.Format]string{records.FormatMjlog: "an mjlog record", records.FormatTenhou6: "a tenhou.net/6 record"}

// converter converts inputs to one destination: standard output (out ""),
// the file out, or files in the folder out (dir).
type converter struct {
	env    *Env
	to     records.Format
	out    string
	dir    bool
	taken  map[string]string // output path → the input written there
	inputs []string          // never written over (outfile.Create)
}

func runConvert(env *Env, f records.Format, out string, inputs []string) error {
	c := &converter{env: env, to: f, out: out, taken: map[string]string{}, inputs: inputs}
	if out != "" {
		if info, err := os.Stat(out); err == nil && info.IsDir() {
			c.dir = true
		}
	}
	if len(inputs) > 1 && !c.dir {
		return usageErrorf("several inputs need --out to name an existing folder")
	}
	if out != "" && !c.dir {
		if err := outfile.Check(out, inputs...); err != nil {
			return usageErrorf("--out %v", err)
		}
	}
	if err := c.checkNames(inputs); err != nil {
		return err
	}
	var failed []string
	for _, in := range inputs {
		if err := c.convert(in); err != nil {
			failed = append(failed, inputError(in, err))
		}
	}
	if len(failed) == 0 {
		return nil
	}
	for _, msg := range failed {
		fmt.Fprintf(env.Stderr, "mjrank convert: %s\n", msg)
	}
	if len(inputs) > 1 {
		fmt.Fprintf(env.Stderr, "mjrank convert: %d of %d inputs failed (the others were converted)\n", len(failed), len(inputs))
	}
	return errSilent
}

// inputName is how messages name an input: "stdin" for -.
func inputName(in string) string {
	if in == "-" {
		return "stdin"
	}
	return in
}

// inputError describes a failed input, starting with its name.
func inputError(in string, err error) string {
	name := inputName(in)
	var pe *fs.PathError
	if errors.As(err, &pe) && pe.Path == in {
		return name + ": " + pe.Err.Error()
	}
	if msg := err.Error(); strings.HasPrefix(msg, name+":") {
		return msg
	}
	return name + ": " + err.Error()
}

// outputBase is the name of in's output in a folder, without extension.
func outputBase(in string) string {
	if in == "-" {
		return "stdin"
	}
	return strings.TrimSuffix(filepath.Base(in), filepath.Ext(in))
}

// checkNames refuses, before anything is written, inputs that would be
// written to the same file of the output folder (or read twice from
// standard input).
func (c *converter) checkNames(inputs []string) error {
	if !c.dir {
		return nil
	}
	seen := map[string]string{}
	for _, in := range inputs {
		b := outputBase(in)
		prev, ok := seen[b]
		switch {
		case ok && prev == in:
			return usageErrorf("%s is given twice", inputName(in))
		case ok:
			return usageErrorf("%s and %s would both be written to %s: convert them into different folders",
				inputName(prev), inputName(in), filepath.Join(c.out, b+c.to.Exts()[0]))
		}
		seen[b] = in
	}
	return nil
}

// convert converts one input. It reads one game ahead, so that it knows
// whether the input holds several before it names or writes any output.
func (c *converter) convert(in string) error {
	rc, err := c.open(in)
	if err != nil {
		return err
	}
	defer rc.Close()
	name := inputName(in)
	r, _, err := records.NewReader(rc, name)
	if err != nil {
		return err
	}
	if !r.Next() {
		if err := r.Err(); err != nil {
			return err
		}
		return errors.New(name + ": no game in the file")
	}
	first := r.Game()
	several := r.Next()
	if !several && r.Err() != nil {
		return r.Err()
	}
	if several && c.to != records.FormatMjai && !c.dir {
		where := "standard output"
		if c.out != "" {
			where = "one file"
		}
		b, ext := outputBase(in), c.to.Exts()[0]
		return fmt.Errorf("several games, but %s holds one: give --out a folder to write one file per game (%s.1%s, %s.2%s, …) rather than %s",
			oneGameRecord[c.to], b, ext, b, ext, where)
	}
	s := &sink{c: c, in: in, perGame: several && c.to != records.FormatMjai}
	defer s.abort()
	n := 1
	err = s.write(n, first)
	for err == nil && several {
		n++
		if err = s.write(n, r.Game()); err == nil {
			several = r.Next()
		}
	}
	if err == nil {
		err = r.Err()
	}
	if err != nil {
		return err
	}
	return s.commit()
}

// open opens an input: standard input for -.
func (c *converter) open(in string) (io.ReadCloser, error) {
	if in == "-" {
		return io.NopCloser(c.env.Stdin), nil
	}
	return os.Open(in)
}

// sink is where one input's games go: standard output, or output files
// (outfile) committed when every game has been written (one file, or one
// per game).
type sink struct {
	c       *converter
	in      string
	perGame bool
	stdout  *bufio.Writer
	files   []*output
	w       data.Writer
}

// output is one output file being written.
type output struct {
	f  *outfile.File
	bw *bufio.Writer
}

// write writes game n (1-based) of the input.
func (s *sink) write(n int, g *data.Game) error {
	if s.w == nil || s.perGame {
		w, err := s.open(n)
		if err != nil {
			return err
		}
		s.w = records.NewWriter(w, s.c.to)
	}
	if err := s.w.Write(g); err != nil {
		return fmt.Errorf("%s: game %d: %w", inputName(s.in), n, err)
	}
	return nil
}

// open returns the writer for game n: standard output, or a new output
// file (outfile.Create) for the output path.
func (s *sink) open(n int) (io.Writer, error) {
	c := s.c
	if c.out == "" {
		s.stdout = bufio.NewWriter(c.env.Stdout)
		return s.stdout, nil
	}
	path := c.out
	if c.dir {
		base := outputBase(s.in)
		if s.perGame {
			base += "." + strconv.Itoa(n)
		}
		path = filepath.Join(c.out, base+c.to.Exts()[0])
	}
	if prev, ok := c.taken[path]; ok {
		return nil, fmt.Errorf("%s is also the output of %s: convert them into different folders", path, inputName(prev))
	}
	f, err := outfile.Create(path, c.inputs...)
	var same *outfile.SameFileError
	if errors.As(err, &same) && c.dir {
		return nil, fmt.Errorf("%w: convert them into another folder", err)
	}
	if err != nil {
		return nil, err
	}
	o := &output{f: f, bw: bufio.NewWriter(f)}
	s.files = append(s.files, o)
	return o.bw, nil
}

// commit flushes standard output, or flushes every file, then puts each
// in place.
func (s *sink) commit() error {
	if s.stdout != nil {
		return s.stdout.Flush()
	}
	for _, o := range s.files {
		if err := o.bw.Flush(); err != nil {
			return err
		}
	}
	for _, o := range s.files {
		if err := o.f.Commit(); err != nil {
			return err
		}
		s.c.taken[o.f.Name()] = s.in
	}
	s.files = nil
	return nil
}

// abort drops the files not put in place; standard output (and a FIFO or
// device written directly) keeps what was written.
func (s *sink) abort() {
	if s.stdout != nil {
		s.stdout.Flush()
	}
	for _, o := range s.files {
		o.bw.Flush()
		o.f.Abort()
	}
}
