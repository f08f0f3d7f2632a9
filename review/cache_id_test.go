package review

import (
	"slices"
	"testing"

	"github.com/mjrank/mjrank/mc"
)

// TestDefaultEngineIDNamesTheModels: the cache key's models, read from the
// embedded cards, are exactly the models mc.Default loads.
func TestDefaultEngineIDNamesTheModels(t *testing.T) {
	id, err := DefaultEngineID()
	if err != nil {
		t.Fatal(err)
	}
	m, err := mc.DefaultModels()
	if err != nil {
		t.Fatal(err)
	}
	var loaded []string
	for _, c := range append(slices.Concat(m.Opponents.Cards, m.Decisions.Cards), m.Rank.Card, m.Policy.Card, m.Rollout.Card) {
		loaded = append(loaded, c.File+" "+c.SHA256)
	}
	slices.Sort(loaded)
	if !slices.Equal(id.Models, loaded) {
		t.Errorf("the cache key names\n%q\nthe engine loads\n%q", id.Models, loaded)
	}
}
