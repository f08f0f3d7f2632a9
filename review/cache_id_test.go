package review

import (
	"slices"
	"testing"

	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/policy"
	"github.com/mjrank/mjrank/rankmodel"
)

// TestDefaultEngineIDNamesTheModels: the cache key's models, read from the
// embedded cards, are exactly the models mc.Default loads.
func TestDefaultEngineIDNamesTheModels(t *testing.T) {
	id, err := DefaultEngineID()
	if err != nil {
		t.Fatal(err)
	}
	opp, err := opponent.Default()
	if err != nil {
		t.Fatal(err)
	}
	rk, err := rankmodel.Default()
	if err != nil {
		t.Fatal(err)
	}
	pol, err := policy.Default()
	if err != nil {
		t.Fatal(err)
	}
	dec, err := policy.DefaultDecisions()
	if err != nil {
		t.Fatal(err)
	}
	roll, err := policy.DefaultRollout()
	if err != nil {
		t.Fatal(err)
	}
	var loaded []string
	for _, c := range append(slices.Concat(opp.Cards, dec.Cards), rk.Card, pol.Card, roll.Card) {
		loaded = append(loaded, c.File+" "+c.SHA256)
	}
	slices.Sort(loaded)
	if !slices.Equal(id.Models, loaded) {
		t.Errorf("the cache key names\n%q\nthe engine loads\n%q", id.Models, loaded)
	}
}
