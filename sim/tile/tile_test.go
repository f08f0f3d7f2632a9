package tile

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestKindProperties(t *testing.T) {
	tests := []struct {
		k                       Kind
		s, mjai                 string
		honor, terminal, simple bool
		dora                    Kind
	}{
		{Man1, "1m", "1m", false, true, false, Man1 + 1},
		{Man9, "9m", "9m", false, true, false, Man1},
		{Pin5, "5p", "5p", false, false, true, Pin5 + 1},
		{Sou9, "9s", "9s", false, true, false, Sou1},
		{East, "1z", "E", true, false, false, South},
		{North, "4z", "N", true, false, false, East},
		{Haku, "5z", "P", true, false, false, Hatsu},
		{Chun, "7z", "C", true, false, false, Haku},
	}
	for _, tt := range tests {
		t.Run(tt.s, func(t *testing.T) {
			if got := tt.k.String(); got != tt.s {
				t.Errorf("String = %q, want %q", got, tt.s)
			}
			if got := tt.k.Mjai(); got != tt.mjai {
				t.Errorf("Mjai = %q, want %q", got, tt.mjai)
			}
			if tt.k.IsHonor() != tt.honor || tt.k.IsTerminal() != tt.terminal || tt.k.IsSimple() != tt.simple {
				t.Errorf("honor/terminal/simple = %v/%v/%v", tt.k.IsHonor(), tt.k.IsTerminal(), tt.k.IsSimple())
			}
			if got := tt.k.DoraFrom(); got != tt.dora {
				t.Errorf("DoraFrom = %v, want %v", got, tt.dora)
			}
			back, err := ParseKind(tt.s)
			if err != nil || back != tt.k {
				t.Errorf("ParseKind(%q) = %v, %v", tt.s, back, err)
			}
			back, err = ParseKind(tt.mjai)
			if err != nil || back != tt.k {
				t.Errorf("ParseKind(%q) = %v, %v", tt.mjai, back, err)
			}
		})
	}
}

func TestRedFives(t *testing.T) {
	for _, id := range []Tile{16, 52, 88} {
		if !id.Red() || !id.Kind().IsFive() {
			t.Errorf("tile %d: Red=%v kind=%v", id, id.Red(), id.Kind())
		}
	}
	n := 0
	for id := Tile(0); id < NumTiles; id++ {
		if id.Red() {
			n++
		}
	}
	if n != 3 {
		t.Errorf("%d red tiles, want 3", n)
	}
	if got := Tile(16).String(); got != "0m" {
		t.Errorf("tile 16 = %q", got)
	}
	if got := Tile(88).Mjai(); got != "5sr" {
		t.Errorf("tile 88 mjai = %q", got)
	}
}

func TestParseFormat(t *testing.T) {
	tests := []struct{ in, out string }{
		{"123m406p789s1122z", "123m406p789s1122z"},
		{"11z 123m", "123m11z"},
		{"5550m", "0555m"},
		{"", ""},
		{"1111m9999p", "1111m9999p"},
		{"1234567z", "1234567z"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			ts, err := Parse(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if got := Format(ts); got != tt.out {
				t.Errorf("Format = %q, want %q", got, tt.out)
			}
			seen := map[Tile]bool{}
			for _, x := range ts {
				if seen[x] {
					t.Errorf("id %d assigned twice", x)
				}
				seen[x] = true
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		in     string
		err    error
		offset int
		char   string
	}{
		{"123x", ErrSyntax, 3, "x"},
		{"123", ErrSyntax, 0, "1"},
		{"m", ErrSyntax, 0, "m"},
		{"18z", ErrSyntax, 1, "8"},
		{"0z", ErrSyntax, 0, "0"},
		{"11111m", ErrTooMany, 4, "1"},
		{"00m", ErrRedFive, 1, "0"},
		{"5555m", ErrTooMany, 3, "5"},
		{"12é", ErrSyntax, 2, "é"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			_, err := Parse(tt.in)
			if !errors.Is(err, tt.err) {
				t.Fatalf("err = %v, want %v", err, tt.err)
			}
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("not a *ParseError: %T", err)
			}
			if pe.Offset != tt.offset || pe.Char != tt.char {
				t.Errorf("offset %d char %q, want %d %q (%v)", pe.Offset, pe.Char, tt.offset, tt.char, err)
			}
			if !strings.Contains(err.Error(), tt.in) {
				t.Errorf("message %q does not name the input", err)
			}
		})
	}
}

// TestParseErrorExcerpt: an error on a long input quotes a short window
// around the offending character, not the whole input.
func TestParseErrorExcerpt(t *testing.T) {
	for _, in := range []string{
		strings.Repeat("123m", 250000) + "x",       // the fault at the end of a megabyte
		"x" + strings.Repeat("123m", 250000),       // at the start
		strings.Repeat("é", 100) + "x" + "123m",    // cut inside runes
		strings.Repeat("1", 500000) + "q" + "1234", // the fault mid-way
	} {
		_, err := Parse(in)
		if err == nil {
			t.Fatalf("Parse of %d bytes: no error", len(in))
		}
		msg := err.Error()
		if len(msg) > 250 || !utf8.ValidString(msg) {
			t.Errorf("message of %d bytes for %d bytes of input: %.300q", len(msg), len(in), msg)
		}
		var pe *ParseError
		if errors.As(err, &pe) && !strings.Contains(msg, pe.Char) {
			t.Errorf("message %q does not show the offending %q", msg, pe.Char)
		}
	}
	if _, err := ParseTile(strings.Repeat("5m", 1000)); err == nil || len(err.Error()) > 250 {
		t.Errorf("ParseTile of 2000 bytes: %.300v", err)
	}
}

func TestParseCounts(t *testing.T) {
	c, reds, err := ParseCounts("5555m0p")
	if err != nil {
		t.Fatal(err)
	}
	if c[Man5] != 4 || c[Pin5] != 1 || reds != 1 || c.Total() != 5 {
		t.Errorf("counts %v reds %d", c, reds)
	}
	if _, _, err := ParseCounts("50555m"); !errors.Is(err, ErrTooMany) {
		t.Errorf("5 copies: err = %v", err)
	}
	if got := c.String(); got != "5555m5p" {
		t.Errorf("String = %q", got)
	}
}

func TestParseTileAndMjai(t *testing.T) {
	good := map[string]Tile{"5m": 17, "0m": 16, "5mr": 16, "5pr": 52, "5sr": 88, "E": 108, "C": 132, "7z": 132, "1m": 0}
	for s, want := range good {
		if got, err := ParseTile(s); err != nil || got != want {
			t.Errorf("ParseTile(%q) = %d, %v; want %d", s, got, err, want)
		}
	}
	for _, s := range []string{"", "5zr", "8z", "x", "10m", "5m ", "e"} {
		if _, err := ParseTile(s); !errors.Is(err, ErrSyntax) {
			t.Errorf("ParseTile(%q) err = %v", s, err)
		}
	}
	for _, s := range []string{"0m", "1z"} {
		if _, err := ParseMjai(s); err == nil {
			t.Errorf("ParseMjai(%q) accepted a tenhou-only name", s)
		}
	}
	for id := Tile(0); id < NumTiles; id++ {
		back, err := ParseMjai(id.Mjai())
		if err != nil || back.Kind() != id.Kind() || back.Red() != id.Red() {
			t.Errorf("mjai round trip of %d: %v %v", id, back, err)
		}
	}
}

func TestTextMarshal(t *testing.T) {
	for id := Tile(0); id < NumTiles; id++ {
		b, err := id.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var back Tile
		if err := back.UnmarshalText(b); err != nil || back.Kind() != id.Kind() || back.Red() != id.Red() {
			t.Errorf("tile %d: %q -> %v %v", id, b, back, err)
		}
	}
	if _, err := NoTile.MarshalText(); err == nil {
		t.Error("NoTile marshalled")
	}
	var k Kind
	if err := k.UnmarshalText([]byte("C")); err != nil || k != Chun {
		t.Errorf("kind C: %v %v", k, err)
	}
}

func TestKindSet(t *testing.T) {
	var s KindSet
	s = s.Add(Man1).Add(Man9).Add(Chun).Add(Man1)
	if s.Len() != 3 || !s.Has(Chun) || s.Has(Pin1) {
		t.Errorf("set %v len %d", s, s.Len())
	}
	if got := s.String(); got != "19m7z" {
		t.Errorf("String = %q", got)
	}
	var got []Kind
	for k := range s.Kinds {
		got = append(got, k)
		if k == Man9 {
			break
		}
	}
	if len(got) != 2 || got[0] != Man1 || got[1] != Man9 {
		t.Errorf("iteration with break: %v", got)
	}
}

// TestInSanma: the 3-player set is every kind but 2m–8m: 27 kinds, 108 tiles.
func TestInSanma(t *testing.T) {
	for _, c := range []struct {
		k    Kind
		want bool
	}{{Man1, true}, {Man1 + 1, false}, {Man5, false}, {Man9 - 1, false}, {Man9, true},
		{Pin5, true}, {Sou1, true}, {North, true}, {Chun, true}, {NumKinds, false}} {
		if got := c.k.InSanma(); got != c.want {
			t.Errorf("%v.InSanma() = %v, want %v", c.k, got, c.want)
		}
	}
	n := 0
	for k := range Kind(NumKinds) {
		if k.InSanma() {
			n++
		}
	}
	if n != 27 {
		t.Errorf("%d kinds in the 3-player set, want 27 (108 tiles)", n)
	}
}
