package data

import (
	"bufio"
	"compress/gzip"
	"io"
)

// maybeGunzip returns a buffered reader of r's contents, decompressed if
// they start with the gzip magic bytes 1f 8b.
func maybeGunzip(r io.Reader) *bufio.Reader {
	br := bufio.NewReaderSize(r, 16<<10)
	if b, _ := br.Peek(2); len(b) == 2 && b[0] == 0x1f && b[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return bufio.NewReaderSize(errReader{err}, 16)
		}
		return bufio.NewReaderSize(zr, 16<<10)
	}
	return br
}

// errReader fails every read with err.
type errReader struct{ err error }

func (r errReader) Read([]byte) (int, error) { return 0, r.err }
