package train

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
)

// omitRows writes spc's rows without the entries of the features spc.omit
// names (missing to xgboost, which then never splits on them) into
// NAME.train and NAME.test, and makes them the spec's rows. Without omit
// it does nothing.
func omitRows(work string, spc *spec) error {
	if len(spc.omit) == 0 {
		return nil
	}
	var drop [][]byte
	for _, n := range spc.omit {
		i := slices.Index(spc.features, n)
		if i < 0 {
			return fmt.Errorf("train: %s: no feature %q to omit", spc.name, n)
		}
		drop = append(drop, []byte(strconv.Itoa(i)+":"))
	}
	for _, ext := range []string{".train", ".test"} {
		if err := omitFile(filepath.Join(work, spc.rowsName()+ext), filepath.Join(work, spc.name+ext), drop); err != nil {
			return fmt.Errorf("train: %s rows: %w", spc.name, err)
		}
	}
	spc.rows = ""
	return nil
}

// omitFile copies the LibSVM rows of src to dst without the entries that
// start with one of drop ("12:").
func omitFile(src, dst string, drop [][]byte) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	r, w := bufio.NewReaderSize(in, 1<<20), bufio.NewWriterSize(out, 1<<20)
	var line []byte
	for {
		line, err = r.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			return fmt.Errorf("%s: a row longer than %d bytes", src, r.Size())
		}
		if len(line) == 0 {
			break
		}
		first := true
		for f := range bytes.FieldsSeq(line) {
			if !first && slices.ContainsFunc(drop, func(p []byte) bool { return bytes.HasPrefix(f, p) }) {
				continue
			}
			if !first {
				w.WriteByte(' ')
			}
			w.Write(f)
			first = false
		}
		w.WriteByte('\n')
		if err != nil {
			break
		}
	}
	if err != io.EOF {
		out.Close()
		return err
	}
	if err := w.Flush(); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
