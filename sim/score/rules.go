package score

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Rules holds every scoring rule switch. It is a small comparable value:
// compare with ==, copy freely. [Tenhou] returns the preset mjrank plays; the
// zero Rules is a bare rule set (no red fives, no kuitan, single yakuman only,
// no kazoe, no honba points) that no one plays but that is safe to pass.
type Rules struct {
	// RedFives counts each red five (tile id 16, 52, 88) as one han of dora
	// (aka dora). Off, red fives are plain fives.
	RedFives bool
	// OpenTanyao allows tanyao in an open hand (kuitan).
	OpenTanyao bool
	// DoubleYakuman counts suuankou tanki, kokushi 13-wait, junsei chuuren
	// poutou and daisuushii as two yakuman each. Tenhou does not: its
	// records pay each of them as one yakuman in every year (docs/RULES.md).
	DoubleYakuman bool
	// YakumanStack adds up every yakuman of a hand; off, only the largest
	// counts.
	YakumanStack bool
	// KazoeYakuman makes 13 or more han without a yakuman a yakuman (base
	// 8000); off, it is sanbaiman.
	KazoeYakuman bool
	// Kiriage rounds 4 han 30 fu and 3 han 60 fu (base 1920) up to mangan's
	// 2000 base points; the Result's Limit stays NoLimit, as Tenhou reports
	// it in its special lobbies that play kiriage.
	Kiriage bool
	// PaoCoversAll makes the player liable for a daisangen or daisuushii pay
	// for the whole hand, other yakuman included, as Tenhou does; off, the
	// liability covers only the pao yakuman's share and the rest is paid as
	// usual (majiang-core's rule).
	PaoCoversAll bool
	// HonbaPoints is what each honba adds to a win: the discarder pays it
	// all on ron, the others equal shares on tsumo (a third each, a half in
	// a 3-player game). Tenhou: 300; Tenhou's sanma: 200. At most
	// MaxHonbaPoints.
	HonbaPoints int
	// Players is the number of seats: 4, or 3 for Tenhou's three-player
	// game (sanma: no 2m–8m, no chi, the North set aside as nukidora, one
	// payer fewer on tsumo). 0 means 4, so the zero Rules stays a 4-player
	// rule set.
	Players int
}

// NumPlayers returns the number of seats, 3 or 4 ([Rules.Players] with 0
// read as 4).
func (r *Rules) NumPlayers() int {
	if r.Players == 3 {
		return 3
	}
	return 4
}

// MaxHonbaPoints bounds [Rules.HonbaPoints]: ten times Tenhou's, and low
// enough with [MaxHonba] that no payment can overflow.
const MaxHonbaPoints = 3000

// Tenhou returns Tenhou's rules for 4-player games with red fives: aka dora,
// kuitan, no double yakuman (a suuankou tanki is one yakuman), stacking
// yakuman (two yakuman in one hand pay twice), kazoe yakuman, no kiriage,
// whole-hand pao, 300 points per honba. Tenhou has no renhou; mjrank does
// not score it under any rules.
func Tenhou() Rules {
	return Rules{
		RedFives:      true,
		OpenTanyao:    true,
		DoubleYakuman: false,
		YakumanStack:  true,
		KazoeYakuman:  true,
		Kiriage:       false,
		PaoCoversAll:  true,
		HonbaPoints:   300,
	}
}

// TenhouSanma returns Tenhou's rules for 3-player games (sanma) with red
// fives: [Tenhou]'s with Players 3 and 200 points per honba, which the
// discarder pays whole on ron and the two others half each on tsumo. A
// tsumo is paid by the two others only (tsumo-son: no one pays the missing
// North's share); each North set aside ([Win.Kita]) is one han of dora.
func TenhouSanma() Rules {
	r := Tenhou()
	r.Players = 3
	r.HonbaPoints = 200
	return r
}

// ErrBadRules is the cause of every [ParseRules] error, and of [Score]'s
// on rules out of range.
var ErrBadRules = errors.New("invalid rules")

// Check refuses the rules no payment can be computed under, naming the
// field and its range.
func (r *Rules) Check() error {
	if r.HonbaPoints < 0 || r.HonbaPoints > MaxHonbaPoints {
		return fmt.Errorf("score: %w: honba-points %d (want 0..%d)", ErrBadRules, r.HonbaPoints, MaxHonbaPoints)
	}
	if r.Players != 0 && r.Players != 3 && r.Players != 4 {
		return fmt.Errorf("score: %w: players %d (want 3 or 4)", ErrBadRules, r.Players)
	}
	return nil
}

// ruleKeys lists the text keys, in the order String writes them.
var ruleKeys = [...]string{
	"red-fives", "open-tanyao", "double-yakuman", "yakuman-stack",
	"kazoe-yakuman", "kiriage", "pao-covers-all", "honba-points", "players",
}

func (r *Rules) boolField(key string) *bool {
	switch key {
	case "red-fives":
		return &r.RedFives
	case "open-tanyao":
		return &r.OpenTanyao
	case "double-yakuman":
		return &r.DoubleYakuman
	case "yakuman-stack":
		return &r.YakumanStack
	case "kazoe-yakuman":
		return &r.KazoeYakuman
	case "kiriage":
		return &r.Kiriage
	case "pao-covers-all":
		return &r.PaoCoversAll
	}
	return nil
}

func (r Rules) value(key string) string {
	switch key {
	case "honba-points":
		return strconv.Itoa(r.HonbaPoints)
	case "players":
		return strconv.Itoa(r.Players) // as set: 0 and 4 stay apart, so text round-trips
	}
	return strconv.FormatBool(*r.boolField(key))
}

// String writes the rules as ParseRules reads them: the preset of their
// number of players ("tenhou", or "tenhou-sanma" for Players 3) followed by
// the settings that differ from it, e.g. "tenhou,kiriage=true" or
// "tenhou-sanma,honba-points=300".
func (r Rules) String() string {
	t, name := Tenhou(), "tenhou"
	if r.Players == 3 {
		t, name = TenhouSanma(), "tenhou-sanma"
	}
	var b strings.Builder
	b.WriteString(name)
	for _, k := range ruleKeys {
		if v := r.value(k); v != t.value(k) {
			b.WriteString("," + k + "=" + v)
		}
	}
	return b.String()
}

// ParseRules reads rules written as comma-separated items: a preset name
// ("tenhou", or "tenhou-sanma" for [TenhouSanma]) or a setting key=value,
// applied left to right over the zero Rules. Keys: red-fives, open-tanyao,
// double-yakuman, yakuman-stack, kazoe-yakuman, kiriage, pao-covers-all
// (true/false), honba-points (an integer from 0 to [MaxHonbaPoints]),
// players (3 or 4). "tenhou,kiriage=true" is Tenhou's rules with kiriage.
func ParseRules(s string) (Rules, error) {
	var r Rules
	if strings.TrimSpace(s) == "" {
		return r, fmt.Errorf("score: %w: empty", ErrBadRules)
	}
	for _, item := range strings.Split(s, ",") {
		item = strings.TrimSpace(item)
		key, val, hasVal := strings.Cut(item, "=")
		if !hasVal {
			switch item {
			case "tenhou":
				r = Tenhou()
			case "tenhou-sanma":
				r = TenhouSanma()
			default:
				return Rules{}, fmt.Errorf("score: %w: %q is neither a preset (tenhou, tenhou-sanma) nor key=value", ErrBadRules, item)
			}
			continue
		}
		if key == "players" {
			if val != "3" && val != "4" {
				return Rules{}, fmt.Errorf("score: %w: players=%q: want 3 or 4", ErrBadRules, val)
			}
			r.Players = int(val[0] - '0')
			continue
		}
		if key == "honba-points" {
			n, err := strconv.Atoi(val)
			if err != nil || n < 0 || n > MaxHonbaPoints {
				return Rules{}, fmt.Errorf("score: %w: honba-points=%q: want an integer from 0 to %d", ErrBadRules, val, MaxHonbaPoints)
			}
			r.HonbaPoints = n
			continue
		}
		f := r.boolField(key)
		if f == nil {
			return Rules{}, fmt.Errorf("score: %w: unknown key %q", ErrBadRules, key)
		}
		v, err := strconv.ParseBool(val)
		if err != nil {
			return Rules{}, fmt.Errorf("score: %w: %s=%q: want true or false", ErrBadRules, key, val)
		}
		*f = v
	}
	return r, nil
}

// MarshalText implements [encoding.TextMarshaler] with [Rules.String]; in
// JSON a Rules is a string such as "tenhou".
func (r Rules) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// UnmarshalText implements [encoding.TextUnmarshaler] with [ParseRules].
func (r *Rules) UnmarshalText(b []byte) error {
	v, err := ParseRules(string(b))
	if err != nil {
		return err
	}
	*r = v
	return nil
}
