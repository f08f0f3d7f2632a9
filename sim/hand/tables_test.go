package hand

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"testing"

	"github.com/mjrank/mjrank/sim/hand/internal/tablegen"
	"github.com/mjrank/mjrank/sim/tile"
)

// The embedded blob, as committed. Regenerate with go generate and update
// both after a deliberate change.
const (
	tablesSize   = 36024
	tablesSHA256 = "976cd5baa4fe5673ac8a3b401f1e79fe9e0e72fd7e89359b1738d357aa4d93d9"
)

func TestTablesBlob(t *testing.T) {
	sum := sha256.Sum256(tablesGz)
	if len(tablesGz) != tablesSize || hex.EncodeToString(sum[:]) != tablesSHA256 {
		t.Errorf("shanten_tables.bin.gz: %d bytes, sha256 %x; want %d bytes, %s",
			len(tablesGz), sum, tablesSize, tablesSHA256)
	}
}

// TestTablesRegenerate rebuilds the payload from scratch and compares it
// with the embedded one (decompressed, so a change in compress/flate does
// not matter).
func TestTablesRegenerate(t *testing.T) {
	zr, err := gzip.NewReader(bytes.NewReader(tablesGz))
	if err != nil {
		t.Fatal(err)
	}
	embedded, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	fresh := tablegen.Payload()
	if !bytes.Equal(fresh, embedded) {
		i := 0
		for i < min(len(fresh), len(embedded)) && fresh[i] == embedded[i] {
			i++
		}
		t.Fatalf("regenerated payload differs from shanten_tables.bin.gz at byte %d (%d vs %d bytes); run go generate",
			i, len(fresh), len(embedded))
	}
}

func TestTablesShape(t *testing.T) {
	tablesOnce.Do(loadTables)
	if len(classes) != 180 || len(honorVectors) != 55 {
		t.Errorf("%d classes, %d honour classes; want 180, 55", len(classes), len(honorVectors))
	}
	// Class 0 is the empty suit: m sets and h pairs cost 3m+2h tiles.
	for m := range 5 {
		for h := range 2 {
			if got := classes[0][m+5*h]; int(got) != 3*m+2*h {
				t.Errorf("empty suit, %d sets %d pairs: %d", m, h, got)
			}
		}
	}
}

// TestDecodeTablesErrors feeds broken blobs to the decoder. Each fails before
// it writes anything that differs from the good tables, so the package's
// tables stay intact.
func TestDecodeTablesErrors(t *testing.T) {
	tablesOnce.Do(loadTables)
	zr, err := gzip.NewReader(bytes.NewReader(tablesGz))
	if err != nil {
		t.Fatal(err)
	}
	good, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	edit := func(f func(p []byte) []byte) []byte {
		p := f(append([]byte(nil), good...))
		var b bytes.Buffer
		zw := gzip.NewWriter(&b)
		zw.Write(p)
		zw.Close()
		return b.Bytes()
	}
	nSuit := int(good[len(tablesMagic)])
	nHonor := int(good[len(tablesMagic)+1+nSuit*vectorLen])
	firstHand := len(tablesMagic) + 2 + (nSuit+nHonor)*vectorLen
	tests := []struct {
		name string
		blob []byte
	}{
		{"not gzip", []byte("hello")},
		{"bad magic", edit(func(p []byte) []byte { p[0] = 'X'; return p })},
		{"no suit classes", edit(func(p []byte) []byte { p[len(tablesMagic)] = 0; return p })},
		{"truncated", edit(func(p []byte) []byte { return p[:len(p)/2] })},
		{"class out of range", edit(func(p []byte) []byte { p[firstHand+1000] = 200; return p })},
		{"trailing bytes", edit(func(p []byte) []byte { return append(p, 0) })},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := decodeTables(tt.blob); err == nil {
				t.Error("decoded without error")
			}
		})
	}
	// The tables still work.
	c := tile.MustParseCounts("123m456p789s11122z")
	if s := ShantenNormal(&c); s != -1 {
		t.Errorf("after the broken blobs, ShantenNormal = %d", s)
	}
}
