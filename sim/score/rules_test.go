package score

import (
	"encoding/json"
	"errors"
	"testing"
)

func TestRulesText(t *testing.T) {
	tenhou := Tenhou()
	kiriage := Tenhou()
	kiriage.Kiriage = true
	custom := Rules{OpenTanyao: true, DoubleYakuman: true, HonbaPoints: 1500}
	sanma := TenhouSanma()
	sanma300 := TenhouSanma()
	sanma300.HonbaPoints = 300
	four := Tenhou()
	four.Players = 4
	zero3 := Rules{Players: 3}
	tests := []struct {
		name string
		r    Rules
		text string
	}{
		{"the preset", tenhou, "tenhou"},
		{"one change", kiriage, "tenhou,kiriage=true"},
		{"many changes", custom, "tenhou,red-fives=false,double-yakuman=true,yakuman-stack=false,kazoe-yakuman=false,pao-covers-all=false,honba-points=1500"},
		{"the zero rules", Rules{}, "tenhou,red-fives=false,open-tanyao=false,yakuman-stack=false,kazoe-yakuman=false,pao-covers-all=false,honba-points=0"},
		{"the sanma preset", sanma, "tenhou-sanma"},
		{"sanma with 4p honba", sanma300, "tenhou-sanma,honba-points=300"},
		{"players=4 stays set", four, "tenhou,players=4"},
		{"zero rules for three", zero3, "tenhou-sanma,red-fives=false,open-tanyao=false,yakuman-stack=false,kazoe-yakuman=false,pao-covers-all=false,honba-points=0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.r.String(); got != tt.text {
				t.Fatalf("String = %q, want %q", got, tt.text)
			}
			back, err := ParseRules(tt.text)
			if err != nil || back != tt.r {
				t.Fatalf("ParseRules(%q) = %+v %v", tt.text, back, err)
			}
			b, err := json.Marshal(tt.r)
			if err != nil {
				t.Fatal(err)
			}
			var fromJSON Rules
			if err := json.Unmarshal(b, &fromJSON); err != nil || fromJSON != tt.r {
				t.Fatalf("JSON %s -> %+v %v", b, fromJSON, err)
			}
		})
	}
}

func TestParseRulesErrors(t *testing.T) {
	for _, s := range []string{"", "mleague", "tenhou,kiriage", "tenhou,kiriage=maybe", "tenhou,honba-points=-1", "tenhou,honba-points=3001", "tenhou,honba-points=99999999999999", "tenhou,ura=true", "tenhou,players=2", "tenhou,players=0", "tenhou,players=03", "sanma", "tenhou-sanma,players"} {
		t.Run(s, func(t *testing.T) {
			if _, err := ParseRules(s); !errors.Is(err, ErrBadRules) {
				t.Fatalf("ParseRules(%q) error %v, want ErrBadRules", s, err)
			}
		})
	}
}

func TestYakuNames(t *testing.T) {
	seen := map[int]Yaku{}
	for y := Yaku(1); y < numYaku; y++ {
		if y.String() == "" {
			t.Errorf("yaku %d has no name", y)
		}
		back, err := ParseYaku(y.String())
		if err != nil || back != y {
			t.Errorf("ParseYaku(%q) = %v %v", y.String(), back, err)
		}
		id := y.TenhouID()
		if id < 0 || id > 54 || id == 36 {
			t.Errorf("%v: Tenhou id %d", y, id)
		}
		if prev, dup := seen[id]; dup {
			t.Errorf("%v and %v share Tenhou id %d", prev, y, id)
		}
		seen[id] = y
		if got, ok := YakuFromTenhouID(id); !ok || got != y {
			t.Errorf("YakuFromTenhouID(%d) = %v %v", id, got, ok)
		}
	}
	if len(seen) != 54 {
		t.Errorf("%d Tenhou ids, want 54 (0..54 without renhou)", len(seen))
	}
	if _, ok := YakuFromTenhouID(36); ok {
		t.Error("renhou (36) maps to a yaku")
	}
	if y, err := ParseYaku("yakuhai-haku"); err != nil || y != YakuhaiHaku {
		t.Errorf("ParseYaku(yakuhai-haku) = %v %v", y, err)
	}
	if !Daisuushii.IsYakuman() || Dora.IsYakuman() || !UraDora.IsDora() || Chinitsu.IsDora() {
		t.Error("IsYakuman/IsDora wrong")
	}
}

func TestLimitText(t *testing.T) {
	for l := NoLimit; l < numLimits; l++ {
		b, err := l.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var back Limit
		if err := back.UnmarshalText(b); err != nil || back != l {
			t.Errorf("%v -> %s -> %v %v", l, b, back, err)
		}
	}
	if KazoeYakuman.TenhouCode() != 5 || Sanbaiman.TenhouCode() != 4 || NoLimit.TenhouCode() != 0 {
		t.Error("TenhouCode wrong")
	}
}

// TestTenhouSanmaRules pins the preset: Tenhou's rules but for the seats and
// the honba, and the text that sets the seats.
func TestTenhouSanmaRules(t *testing.T) {
	r := TenhouSanma()
	if err := r.Check(); err != nil {
		t.Fatal(err)
	}
	if r.NumPlayers() != 3 || r.HonbaPoints != 200 {
		t.Fatalf("TenhouSanma: %d players, %d honba points", r.NumPlayers(), r.HonbaPoints)
	}
	four := r
	four.Players, four.HonbaPoints = 0, 300
	if four != Tenhou() {
		t.Fatalf("TenhouSanma differs from Tenhou beyond seats and honba: %+v", r)
	}
	for text, want := range map[string]int{"tenhou,players=3": 3, "tenhou-sanma,players=4": 4, "tenhou": 4} {
		got, err := ParseRules(text)
		if err != nil || got.NumPlayers() != want {
			t.Errorf("ParseRules(%q): %d players, %v; want %d", text, got.NumPlayers(), err, want)
		}
	}
	bad := Rules{Players: 2}
	if err := bad.Check(); !errors.Is(err, ErrBadRules) {
		t.Errorf("Check of 2 players: %v, want ErrBadRules", err)
	}
}
