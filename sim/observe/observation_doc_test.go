package observe

import (
	"bytes"
	"os"
	"testing"
)

// TestObservationDocExample: the JSON example of docs/OBSERVATION.md is
// testdata/observation.json, and it reads.
func TestObservationDocExample(t *testing.T) {
	doc, err := os.ReadFile("../../docs/OBSERVATION.md")
	if err != nil {
		t.Fatal(err)
	}
	file, err := os.ReadFile("testdata/observation.json")
	if err != nil {
		t.Fatal(err)
	}
	start := bytes.Index(doc, []byte("```json\n"))
	if start < 0 {
		t.Fatal("no JSON example in docs/OBSERVATION.md")
	}
	block := doc[start+len("```json\n"):]
	block = block[:bytes.Index(block, []byte("```"))]
	if !bytes.Equal(bytes.TrimSpace(block), bytes.TrimSpace(file)) {
		t.Errorf("docs/OBSERVATION.md's example differs from testdata/observation.json")
	}
	if _, err := ParseObservation(file); err != nil {
		t.Error(err)
	}
}
