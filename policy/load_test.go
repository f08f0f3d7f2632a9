package policy_test

import (
	"testing"

	"github.com/mjrank/mjrank/policy"
)

// BenchmarkLoadEmbedded loads every model the package embeds (the discard
// policy, the rollout's model and the decision models), as the first
// analysis of a process does.
func BenchmarkLoadEmbedded(b *testing.B) {
	fsys := policy.EmbeddedFS()
	for b.Loop() {
		if _, err := policy.Load(fsys, "models"); err != nil {
			b.Fatal(err)
		}
		if _, err := policy.LoadRollout(fsys, "models"); err != nil {
			b.Fatal(err)
		}
		if _, err := policy.LoadDecisions(fsys, "models"); err != nil {
			b.Fatal(err)
		}
	}
}
