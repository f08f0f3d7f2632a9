package rankmodel_test

import (
	"testing"

	"github.com/mjrank/mjrank/rankmodel"
)

// BenchmarkLoadEmbedded loads the embedded rank model, as the first
// analysis of a process does.
func BenchmarkLoadEmbedded(b *testing.B) {
	for b.Loop() {
		if _, err := rankmodel.Load(rankmodel.EmbeddedFS(), "models"); err != nil {
			b.Fatal(err)
		}
	}
}
