package score

import (
	"errors"
	"testing"

	"github.com/mjrank/mjrank/sim/tile"
)

func TestParseMeld(t *testing.T) {
	tests := []struct {
		in     string
		typ    MeldType
		called string // the first tile, tenhou notation
		out    string // String()
	}{
		{"chi=345m", Chi, "3m", "chi=345m"},
		{"chi=435m", Chi, "4m", "chi=435m"},
		{"chi=406p", Chi, "4p", "chi=406p"},
		{"CHI=0 64p", Chi, "0p", "chi=064p"},
		{"pon=555z", Pon, "5z", "pon=555z"},
		{"pon=055p", Pon, "0p", "pon=055p"},
		{"kan=1111z", Daiminkan, "1z", "daiminkan=1111z"},
		{"minkan=0555s", Daiminkan, "0s", "daiminkan=0555s"},
		{"daiminkan=9999m", Daiminkan, "9m", "daiminkan=9999m"},
		{"kakan=5550s", Kakan, "5s", "kakan=5550s"},
		{"shouminkan=2222p", Kakan, "2p", "kakan=2222p"},
		{"ankan=9999s", Ankan, "9s", "ankan=9999s"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			m, err := ParseMeld(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if m.Type != tt.typ || m.Tiles[0].String() != tt.called || m.String() != tt.out {
				t.Fatalf("got %v (type %v, first %v), want %s %v %s", m, m.Type, m.Tiles[0], tt.out, tt.typ, tt.called)
			}
			if err := m.Check(); err != nil {
				t.Fatalf("Check: %v", err)
			}
			back, err := ParseMeld(m.String())
			if err != nil || back != m {
				t.Fatalf("round trip %v -> %v %v", m, back, err)
			}
		})
	}
}

func TestParseMeldErrors(t *testing.T) {
	tests := []struct {
		in      string
		offset  int
		tileErr error // the tile package's cause, if any
	}{
		{"345m", 0, nil},                  // no type
		{"chow=345m", 0, nil},             // unknown type
		{"chi=346m", 4, nil},              // not a sequence
		{"chi=123z", 4, nil},              // honours
		{"chi=12m3p", 4, nil},             // two suits
		{"chi=1234m", 4, nil},             // too many
		{"pon=556m", 4, nil},              // mixed kinds
		{"ankan=555m", 6, nil},            // three tiles for a kan
		{"kan=5555m", 7, tile.ErrTooMany}, // four plain fives: one is red
		{"pon=00p", 5, tile.ErrRedFive},   // two red fives
		{"pon=888x", 7, tile.ErrSyntax},   // bad suit letter
		{"chi=", 4, nil},                  // empty
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			_, err := ParseMeld(tt.in)
			var me *MeldError
			if !errors.As(err, &me) {
				t.Fatalf("error %v is %T, want *MeldError", err, err)
			}
			if !errors.Is(err, ErrBadMeld) {
				t.Errorf("error %v does not wrap ErrBadMeld", err)
			}
			if tt.tileErr != nil && !errors.Is(err, tt.tileErr) {
				t.Errorf("error %v does not wrap %v", err, tt.tileErr)
			}
			if me.Offset != tt.offset {
				t.Errorf("offset %d, want %d (%v)", me.Offset, tt.offset, err)
			}
		})
	}
}

func TestNewMeld(t *testing.T) {
	if _, err := NewMeld(Pon, 0, 1, 2); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		typ   MeldType
		tiles []tile.Tile
	}{
		{"no type", NoMeld, []tile.Tile{0, 1, 2}},
		{"wrong count", Pon, []tile.Tile{0, 1}},
		{"same id twice", Pon, []tile.Tile{0, 0, 1}},
		{"invalid id", Chi, []tile.Tile{0, 4, 200}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := NewMeld(tc.typ, tc.tiles...); !errors.Is(err, ErrBadMeld) {
				t.Fatalf("error %v, want ErrBadMeld", err)
			}
		})
	}
}

func TestMeldText(t *testing.T) {
	m := MustParseMeld("kakan=5550s")
	b, err := m.MarshalText()
	if err != nil || string(b) != "kakan=5550s" {
		t.Fatalf("MarshalText = %q %v", b, err)
	}
	var back Meld
	if err := back.UnmarshalText(b); err != nil || back != m {
		t.Fatalf("UnmarshalText = %v %v", back, err)
	}
	if _, err := (Meld{}).MarshalText(); err == nil {
		t.Fatal("MarshalText of the zero Meld succeeded")
	}
	if k := MustParseMeld("chi=867s").Kind(); k != tile.Sou1+5 {
		t.Fatalf("Kind = %v, want 6s", k)
	}
}

// FuzzParseMeld checks that ParseMeld never panics, that errors are
// *MeldError values with an offset inside the input, and that a parsed meld
// is valid and survives String → ParseMeld unchanged.
func FuzzParseMeld(f *testing.F) {
	for _, s := range readMeldSeeds(f) {
		f.Add(s)
	}
	for _, s := range []string{"chi=0 64p", "pon=", "=", "chi=12m3p", "kan=5555m", "PON=555z"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMeld(s)
		if err != nil {
			var me *MeldError
			if !errors.As(err, &me) {
				t.Fatalf("error %v is %T", err, err)
			}
			if me.Offset < 0 || me.Offset > len(s) {
				t.Fatalf("offset %d outside %q", me.Offset, s)
			}
			return
		}
		if err := m.Check(); err != nil {
			t.Fatalf("ParseMeld(%q) = invalid %v: %v", s, m, err)
		}
		back, err := ParseMeld(m.String())
		if err != nil || back != m {
			t.Fatalf("%q -> %v -> %v %v", s, m, back, err)
		}
	})
}
