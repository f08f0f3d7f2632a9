package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/mjrank/mjrank/data"
)

var cmdConvert = &Command{
	Name:      "convert",
	UsageLine: "--to mjlog|tenhou6|mjai [--out PATH] FILE...",
	Short:     "convert game records between mjlog, tenhou.net/6 and mjai",
	Long: `
Convert reads game records in any of the three formats (mjlog XML, plain or
gzip; tenhou.net/6 JSON; mjai JSON lines; told apart by content) and writes
them in the format named by --to.

With one input and no --out, the result goes to standard output. With --out
naming a folder (or with several inputs, which need one), each input FILE is
written to the folder as its base name with the new extension (.xml, .json,
.mjson); with --out naming a file, the one input goes there. Files are
written whole: to a temporary name first, then renamed.

tenhou.net/6 and mjai cannot carry everything an mjlog holds (physical tile
copies, dice, the fu of limit hands; mjai has no disconnections); see the
data package documentation. 3-player games can be written only as mjlog.
`,
	Setup: func(fs *flag.FlagSet) func(*Env, []string) error {
		to := fs.String("to", "", "output `format`: mjlog, tenhou6 or mjai")
		out := fs.String("out", "", "output file or folder (default: standard output)")
		return func(env *Env, args []string) error {
			if *to == "" {
				return usageErrorf("--to is required")
			}
			f, err := data.ParseFormat(*to)
			if err != nil {
				return usageErrorf("--to: %v", err)
			}
			if len(args) == 0 {
				return usageErrorf("give at least one record file")
			}
			return runConvert(env, f, *out, args)
		}
	},
}

var formatExt = map[data.Format]string{data.FormatMjlog: ".xml", data.FormatTenhou6: ".json", data.FormatMjai: ".mjson"}

func runConvert(env *Env, f data.Format, out string, inputs []string) error {
	dir := false
	if out != "" {
		if info, err := os.Stat(out); err == nil && info.IsDir() {
			dir = true
		}
	}
	if len(inputs) > 1 && !dir {
		return usageErrorf("several inputs need --out to name an existing folder")
	}
	for _, in := range inputs {
		var err error
		switch {
		case out == "":
			w := bufio.NewWriter(env.Stdout)
			_, err = convertFile(in, f, w)
			if ferr := w.Flush(); err == nil {
				err = ferr
			}
		case dir:
			base := strings.TrimSuffix(filepath.Base(in), filepath.Ext(in))
			err = writeAtomic(filepath.Join(out, base+formatExt[f]), func(w io.Writer) error {
				_, err := convertFile(in, f, w)
				return err
			})
		default:
			err = writeAtomic(out, func(w io.Writer) error {
				_, err := convertFile(in, f, w)
				return err
			})
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// convertFile writes every game of the record file in to w in format f.
func convertFile(in string, f data.Format, w io.Writer) (int, error) {
	fh, err := os.Open(in)
	if err != nil {
		return 0, err
	}
	defer fh.Close()
	r, _, err := data.NewReader(fh, in)
	if err != nil {
		return 0, err
	}
	wr := data.NewWriter(w, f)
	n := 0
	for r.Next() {
		n++
		if err := wr.Write(r.Game()); err != nil {
			return n, fmt.Errorf("%s: game %d: %w", in, n, err)
		}
	}
	if err := r.Err(); err != nil {
		return n, err
	}
	if n == 0 {
		return 0, errors.New(in + ": no game in the file")
	}
	return n, nil
}

// writeAtomic writes a file through a temporary name in the same folder, so
// a failed conversion never leaves a partial file under the final name.
func writeAtomic(path string, write func(io.Writer) error) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	bw := bufio.NewWriter(tmp)
	if err := write(bw); err != nil {
		tmp.Close()
		return err
	}
	if err := bw.Flush(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
