//go:build ignore

// gen_tables writes shanten_tables.bin.gz, the suit tables behind the shanten
// functions. Run it with go generate in sim/hand.
package main

import (
	"bytes"
	"compress/gzip"
	"log"
	"os"

	"github.com/mjrank/mjrank/sim/hand/internal/tablegen"
)

func main() {
	var b bytes.Buffer
	zw, err := gzip.NewWriterLevel(&b, gzip.BestCompression)
	if err != nil {
		log.Fatal(err)
	}
	// No name or time in the header, so the output depends on the payload only.
	if _, err := zw.Write(tablegen.Payload()); err != nil {
		log.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile("shanten_tables.bin.gz", b.Bytes(), 0o644); err != nil {
		log.Fatal(err)
	}
}
