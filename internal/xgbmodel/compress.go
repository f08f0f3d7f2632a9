package xgbmodel

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"encoding/binary"
	"fmt"
	"io"
)

// A model file NAME-HASH.bin holds the XGBoost model gzip-compressed
// ([Compress]; `gzip -dc` gives the model back), or plain, as mjrank wrote
// it before: loaders take both ([Decompress]). HASH and a card's SHA256 are
// of the model itself, uncompressed, so they do not depend on the
// compression.

// gzipMagic starts every gzip stream. An XGBoost binary model starts with
// "binf" (or, in the format before it, with base_score, a float32).
const gzipMagic = "\x1f\x8b"

// maxModelSize bounds a decompressed model: a stream that would exceed it
// is refused rather than read into memory.
const maxModelSize = 1 << 30

// Compress returns the model's bytes as [Save] writes them: a gzip stream
// at the best compression, with no name and no time in its header, so
// the same model gives the same bytes.
func Compress(model []byte) []byte {
	var b bytes.Buffer
	w, err := gzip.NewWriterLevel(&b, flate.BestCompression)
	if err != nil {
		panic(err) // the level is valid
	}
	w.Write(model) // writes to a bytes.Buffer do not fail
	w.Close()
	return b.Bytes()
}

// Decompress returns the model held by a model file's bytes b, in a
// buffer of its own: the decompressed stream when b is gzip, else a copy
// of b (a plain model). A gzip stream that is corrupt or truncated is an
// error wrapping [ErrFormat].
func Decompress(b []byte) ([]byte, error) {
	if !bytes.HasPrefix(b, []byte(gzipMagic)) {
		return bytes.Clone(b), nil
	}
	r, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		// No gzip header after all: a plain model whose first bytes
		// happen to be the magic is read as it is.
		return bytes.Clone(b), nil
	}
	// The stream's last 4 bytes give the size (mod 2^32) of its last
	// member, the whole model as Compress writes it: room for it at once
	// (and for the read that finds the end), within what deflate can
	// expand the file to (1032 to 1).
	n := int(binary.LittleEndian.Uint32(b[len(b)-4:])) // a gzip header is 10 bytes
	m := bytes.NewBuffer(make([]byte, 0, min(n, maxModelSize, 1032*len(b))+bytes.MinRead))
	// Reading to the end checks the stream's checksum and length.
	if _, err := m.ReadFrom(io.LimitReader(r, maxModelSize+1)); err != nil {
		return nil, fmt.Errorf("%w: gzip: %v", ErrFormat, err)
	}
	if m.Len() > maxModelSize {
		return nil, fmt.Errorf("%w: decompresses to more than %d bytes", ErrFormat, maxModelSize)
	}
	return m.Bytes(), nil
}
