package game

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// referenceKinds are the kinds that would make a copy of a struct share
// memory with the original (or, for strings, hold a pointer a clone would
// share: harmless while strings are immutable, but a Round has no use for
// one and a rollout must copy nothing but bytes).
var referenceKinds = map[reflect.Kind]bool{
	reflect.Pointer: true, reflect.UnsafePointer: true, reflect.Slice: true, reflect.Map: true,
	reflect.Chan: true, reflect.Func: true, reflect.Interface: true, reflect.String: true,
}

// references appends the paths of every field of t, at any depth, whose
// kind is a reference kind.
func references(t reflect.Type, path string, out []string) []string {
	if referenceKinds[t.Kind()] {
		return append(out, path+" ("+t.String()+")")
	}
	switch t.Kind() {
	case reflect.Array:
		return references(t.Elem(), path+"[i]", out)
	case reflect.Struct:
		for i := range t.NumField() {
			f := t.Field(i)
			out = references(f.Type, path+"."+f.Name, out)
		}
	}
	return out
}

// TestRoundIsAValue walks the Round type: no field at any depth may be a
// pointer, slice, map, chan, func, interface or string, so that copying a
// Round clones it.
func TestRoundIsAValue(t *testing.T) {
	if refs := references(reflect.TypeFor[Round](), "Round", nil); len(refs) > 0 {
		t.Errorf("Round holds references, a copy would share them: %v", refs)
	}
	// The walk itself must see what it is looking for.
	type probe struct {
		A [2]struct{ P *int }
		B struct{ S string }
	}
	if refs := references(reflect.TypeFor[probe](), "probe", nil); len(refs) != 2 {
		t.Errorf("the walk found %v in a struct with two references", refs)
	}
}

// TestRoundCopyIsIndependent plays a copy of a round to its end: the
// original must not change.
func TestRoundCopyIsIndependent(t *testing.T) {
	rules := Tenhou(Hanchan)
	for seed := range uint64(20) {
		w := NewWall(seed, 0, 0)
		r, err := NewRound(&rules, RoundSetup{Scores: [4]int{25000, 25000, 25000, 25000}}, &w)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 1))
		var buf []Action
		step := func(r *Round) {
			buf = r.Legal(r.ToAct(), buf[:0])
			if err := r.Apply(buf[rng.IntN(len(buf))]); err != nil {
				t.Fatal(err)
			}
		}
		for range 40 {
			if r.Phase() != PhaseEnd {
				step(r)
			}
		}
		saved := *r
		clone := *r
		for clone.Phase() != PhaseEnd {
			step(&clone)
		}
		if *r != saved {
			t.Fatalf("seed %d: playing a copy changed the original", seed)
		}
	}
}
