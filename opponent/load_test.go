package opponent_test

import (
	"testing"

	"github.com/mjrank/mjrank/opponent"
)

// BenchmarkLoadEmbedded loads the three embedded opponent models, as the
// first analysis of a process does.
func BenchmarkLoadEmbedded(b *testing.B) {
	for b.Loop() {
		if _, err := opponent.Load(opponent.EmbeddedFS(), "models"); err != nil {
			b.Fatal(err)
		}
	}
}
