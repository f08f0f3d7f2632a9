package train

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"regexp"
	"strconv"
	"strings"
)

// NumPy's .npy format, version 1.0 (numpy.lib.format): the magic
// "\x93NUMPY", the version, a little-endian uint16 header length, then a
// Python dict literal padded with spaces and a newline so that the data
// starts at a multiple of 64 bytes. The files here hold little-endian
// float32 ('<f4'), one row of cols values after another (C order); a
// vector has no column count. Dask reads them with numpy.load.

// npyHeaderLen is the fixed length of the headers written here: room for
// any shape, so that a writer that learns its row count at the end can
// rewrite the header in place.
const npyHeaderLen = 128

const npyMagic = "\x93NUMPY\x01\x00"

// npyHeader returns the header of a float32 array of rows × cols (a
// vector of rows when cols is 0).
func npyHeader(rows, cols int) []byte {
	shape := fmt.Sprintf("(%d,)", rows)
	if cols > 0 {
		shape = fmt.Sprintf("(%d, %d)", rows, cols)
	}
	dict := fmt.Sprintf("{'descr': '<f4', 'fortran_order': False, 'shape': %s, }", shape)
	pad := npyHeaderLen - len(npyMagic) - 2 - len(dict) - 1
	h := make([]byte, 0, npyHeaderLen)
	h = append(h, npyMagic...)
	h = binary.LittleEndian.AppendUint16(h, uint16(npyHeaderLen-len(npyMagic)-2))
	h = append(h, dict...)
	h = append(h, strings.Repeat(" ", pad)...)
	return append(h, '\n')
}

// npyWriter writes a float32 array of cols columns (a vector for 0) row
// by row; Close writes the row count into the header.
type npyWriter struct {
	f    *os.File
	w    *bufio.Writer
	cols int
	rows int
	buf  []byte
	done bool // closed
}

// createNPY creates the file path for an array of cols columns.
func createNPY(path string, cols int) (*npyWriter, error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	w := &npyWriter{f: f, w: bufio.NewWriterSize(f, 1<<20), cols: cols}
	if _, err := w.w.Write(npyHeader(0, cols)); err != nil {
		f.Close()
		return nil, err
	}
	return w, nil
}

// row appends one row of max(cols, 1) values.
func (w *npyWriter) row(x []float32) error {
	if len(x) != max(w.cols, 1) {
		return fmt.Errorf("%s: a row of %d values, want %d", w.f.Name(), len(x), max(w.cols, 1))
	}
	w.buf = w.buf[:0]
	for _, v := range x {
		w.buf = binary.LittleEndian.AppendUint32(w.buf, math.Float32bits(v))
	}
	w.rows++
	_, err := w.w.Write(w.buf)
	return err
}

// Close flushes the rows and writes their count into the header; a
// second Close does nothing.
func (w *npyWriter) Close() error {
	if w.done {
		return nil
	}
	w.done = true
	err := w.w.Flush()
	if err == nil {
		_, err = w.f.WriteAt(npyHeader(w.rows, w.cols), 0)
	}
	return errors.Join(err, w.f.Close())
}

// npyShape matches the headers this package reads: float32, C order.
var npyShape = regexp.MustCompile(`^\{'descr': '<f4', 'fortran_order': False, 'shape': \((\d+),(?: (\d+))?\), \} *\n$`)

// readNPY reads a float32 .npy file written by npyWriter (or numpy.save
// of a float32 array of one or two dimensions): its values, row after
// row, its rows and its columns (0 for a vector).
func readNPY(path string) (vals []float32, rows, cols int, err error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, 0, 0, err
	}
	bad := func(why string) error { return fmt.Errorf("%s: not a float32 .npy file: %s", path, why) }
	if len(b) < len(npyMagic)+2 || string(b[:len(npyMagic)]) != npyMagic {
		return nil, 0, 0, bad("no NUMPY 1.0 magic")
	}
	hl := int(binary.LittleEndian.Uint16(b[len(npyMagic):]))
	start := len(npyMagic) + 2 + hl
	if start > len(b) {
		return nil, 0, 0, bad("a header longer than the file")
	}
	m := npyShape.FindSubmatch(b[len(npyMagic)+2 : start])
	if m == nil {
		return nil, 0, 0, bad(fmt.Sprintf("header %q", b[len(npyMagic)+2:start]))
	}
	rows, _ = strconv.Atoi(string(m[1]))
	if len(m[2]) > 0 {
		cols, _ = strconv.Atoi(string(m[2]))
	}
	data := b[start:]
	if n := rows * max(cols, 1); len(data) != 4*n {
		return nil, 0, 0, bad(fmt.Sprintf("%d bytes of data for %d values", len(data), n))
	}
	vals = make([]float32, len(data)/4)
	for i := range vals {
		vals[i] = math.Float32frombits(binary.LittleEndian.Uint32(data[4*i:]))
	}
	return vals, rows, cols, nil
}

// libsvmRows parses LibSVM rows as xgboost 1.7 reads them
// (xgbmodel.ParseLikeXGBoost) and calls row with the label and the dense
// features, NaN where a row has no entry (xgboost's missing), and the
// query group (-1 without one). x is reused from row to row.
func libsvmRows(r io.Reader, cols int, row func(label float32, x []float32, qid int) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	x := make([]float32, cols)
	line := 0
	for sc.Scan() {
		line++
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 {
			continue
		}
		label, qid, err := parseEntries(fields, x)
		if err != nil {
			return fmt.Errorf("row %d: %w", line, err)
		}
		if err := row(label, x, qid); err != nil {
			return err
		}
	}
	return sc.Err()
}

// parseEntries reads one LibSVM row's fields into x.
func parseEntries(fields []string, x []float32) (label float32, qid int, err error) {
	label, ok := parseXGB(fields[0])
	if !ok {
		return 0, 0, fmt.Errorf("bad label %q", fields[0])
	}
	for j := range x {
		x[j] = float32(math.NaN())
	}
	qid = -1
	for _, fv := range fields[1:] {
		k, v, _ := strings.Cut(fv, ":")
		if k == "qid" {
			if qid, err = strconv.Atoi(v); err != nil {
				return 0, 0, fmt.Errorf("bad entry %q", fv)
			}
			continue
		}
		idx, err := strconv.Atoi(k)
		val, ok := parseXGB(v)
		if err != nil || !ok || idx < 0 || idx >= len(x) {
			return 0, 0, fmt.Errorf("bad entry %q", fv)
		}
		x[idx] = val
	}
	return label, qid, nil
}
