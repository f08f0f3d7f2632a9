package review

import (
	"slices"
	"testing"

	"github.com/mjrank/mjrank/mc"
)

// TestDefaultEngineIDNamesTheModels: the cache key's models, read from the
// embedded cards, are exactly the models mc.Default loads, for four
// players and for three.
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
	cards := append(slices.Concat(m.Opponents.Cards, m.Decisions.Cards), m.Rank.Card, m.Policy.Card, m.Rollout.Card)
	// The three-player models too: a retrained one changes a 3-player review.
	if m.Opponents3 == nil || m.Rank3 == nil || m.Policy3 == nil || m.Decisions3 == nil || m.Rollout3 == nil {
		t.Fatal("the binary embeds no three-player models")
	}
	cards = append(slices.Concat(cards, m.Opponents3.Cards, m.Decisions3.Cards), m.Rank3.Card, m.Policy3.Card, m.Rollout3.Card)
	for _, c := range cards {
		loaded = append(loaded, c.File+" "+c.SHA256)
	}
	slices.Sort(loaded)
	if !slices.Equal(id.Models, loaded) {
		t.Errorf("the cache key names\n%q\nthe engine loads\n%q", id.Models, loaded)
	}
}
