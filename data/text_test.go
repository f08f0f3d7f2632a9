package data

import "testing"

func TestRules(t *testing.T) {
	r := RulesFromType(0xA9)
	if r != TenhouRules() || !r.EastSouth || !r.RedFives || !r.OpenTanyao || r.Fast || r.Level != Houou || PlayersFromType(0xA9) != 4 {
		t.Errorf("0xA9: %+v", r)
	}
	for _, typ := range []int{0xA9, 0xE1, 0xB9, 0x29, 0xA1, 0x01, 0x07, 0x841, 0x9} {
		r := RulesFromType(typ)
		want := typ | typeHuman
		if got := r.TenhouType(PlayersFromType(typ)); got != want {
			t.Errorf("RulesFromType(%#x).TenhouType = %#x", typ, got)
		}
	}
}

func TestTextNames(t *testing.T) {
	for i := range len(eventNames) {
		var e EventType
		b, _ := EventType(i).MarshalText()
		if err := e.UnmarshalText(b); err != nil || e != EventType(i) {
			t.Errorf("event type %d: %q %v", i, b, err)
		}
	}
	for i := range len(ryuukyokuNames) {
		var d RyuukyokuType
		b, _ := RyuukyokuType(i).MarshalText()
		if err := d.UnmarshalText(b); err != nil || d != RyuukyokuType(i) {
			t.Errorf("ryuukyoku type %d: %q %v", i, b, err)
		}
	}
	for i := range len(levelNames) {
		var l Level
		b, _ := Level(i).MarshalText()
		if err := l.UnmarshalText(b); err != nil || l != Level(i) {
			t.Errorf("level %d: %q %v", i, b, err)
		}
	}
}
