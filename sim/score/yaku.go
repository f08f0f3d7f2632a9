package score

import (
	"fmt"
	"strings"
)

// Yaku is a scoring element: a yaku, a yakuman, or one of the three dora
// counts Tenhou lists beside them. The zero Yaku is [NoYaku]. Values are
// ordered as a result lists them (close to Tenhou's order: situational yaku
// first, dora last); [Yaku.TenhouID] gives Tenhou's own number.
type Yaku uint8

// The yaku, in listing order.
const (
	NoYaku Yaku = iota // not a yaku; the zero value

	Riichi        // 1 han, closed
	DoubleRiichi  // 2 han, closed; replaces Riichi
	Ippatsu       // 1 han
	Chankan       // 1 han: robbing a kan
	RinshanKaihou // 1 han: win on the replacement tile after a kan
	HaiteiRaoyue  // 1 han: tsumo on the last tile of the wall
	HouteiRaoyui  // 1 han: ron on the last discard
	MenzenTsumo   // 1 han: closed-hand tsumo
	Pinfu         // 1 han, closed
	Tanyao        // 1 han; open too with kuitan
	Iipeikou      // 1 han, closed
	SeatWindEast  // 1 han: a triplet of the seat wind
	SeatWindSouth
	SeatWindWest
	SeatWindNorth
	RoundWindEast // 1 han: a triplet of the round wind
	RoundWindSouth
	RoundWindWest
	RoundWindNorth
	YakuhaiHaku    // 1 han: a triplet of white dragons
	YakuhaiHatsu   // 1 han: a triplet of green dragons
	YakuhaiChun    // 1 han: a triplet of red dragons
	Chiitoitsu     // 2 han, closed: seven pairs
	Chanta         // 2 han, open 1
	Ittsu          // 2 han, open 1: 123 456 789 of one suit
	Sanshoku       // 2 han, open 1: the same sequence in three suits
	SanshokuDoukou // 2 han: the same triplet in three suits
	Sankantsu      // 2 han: three kans
	Toitoi         // 2 han: four triplets
	Sanankou       // 2 han: three concealed triplets
	Shousangen     // 2 han: two dragon triplets and a dragon pair
	Honroutou      // 2 han: terminals and honours only
	Ryanpeikou     // 3 han, closed
	Junchan        // 3 han, open 2
	Honitsu        // 3 han, open 2
	Chinitsu       // 6 han, open 5
	TenhouYakuman  // yakuman: dealer wins on the first draw
	ChiihouYakuman // yakuman: non-dealer tsumo on the first draw
	Daisangen      // yakuman: three dragon triplets
	Suuankou       // yakuman: four concealed triplets
	SuuankouTanki  // double yakuman: four concealed triplets, pair wait
	Tsuuiisou      // yakuman: honours only
	Ryuuiisou      // yakuman: green tiles only (Hatsu not required)
	Chinroutou     // yakuman: terminals only
	ChuurenPoutou  // yakuman: nine gates, closed
	JunseiChuuren  // double yakuman: nine gates on the nine-sided wait
	KokushiMusou   // yakuman: thirteen orphans
	Kokushi13      // double yakuman: thirteen orphans on the 13-sided wait
	Daisuushii     // double yakuman: four wind triplets
	Shousuushii    // yakuman: three wind triplets and a wind pair
	Suukantsu      // yakuman: four kans
	Dora           // 1 han per dora
	AkaDora        // 1 han per red five
	UraDora        // 1 han per ura dora (riichi only)

	numYaku
)

var yakuNames = [numYaku]string{
	NoYaku:         "NoYaku",
	Riichi:         "Riichi",
	DoubleRiichi:   "Double Riichi",
	Ippatsu:        "Ippatsu",
	Chankan:        "Chankan",
	RinshanKaihou:  "Rinshan Kaihou",
	HaiteiRaoyue:   "Haitei Raoyue",
	HouteiRaoyui:   "Houtei Raoyui",
	MenzenTsumo:    "Menzen Tsumo",
	Pinfu:          "Pinfu",
	Tanyao:         "Tanyao",
	Iipeikou:       "Iipeikou",
	SeatWindEast:   "Seat Wind East",
	SeatWindSouth:  "Seat Wind South",
	SeatWindWest:   "Seat Wind West",
	SeatWindNorth:  "Seat Wind North",
	RoundWindEast:  "Round Wind East",
	RoundWindSouth: "Round Wind South",
	RoundWindWest:  "Round Wind West",
	RoundWindNorth: "Round Wind North",
	YakuhaiHaku:    "Yakuhai Haku",
	YakuhaiHatsu:   "Yakuhai Hatsu",
	YakuhaiChun:    "Yakuhai Chun",
	Chiitoitsu:     "Chiitoitsu",
	Chanta:         "Chanta",
	Ittsu:          "Ittsu",
	Sanshoku:       "Sanshoku",
	SanshokuDoukou: "Sanshoku Doukou",
	Sankantsu:      "Sankantsu",
	Toitoi:         "Toitoi",
	Sanankou:       "Sanankou",
	Shousangen:     "Shousangen",
	Honroutou:      "Honroutou",
	Ryanpeikou:     "Ryanpeikou",
	Junchan:        "Junchan",
	Honitsu:        "Honitsu",
	Chinitsu:       "Chinitsu",
	TenhouYakuman:  "Tenhou",
	ChiihouYakuman: "Chiihou",
	Daisangen:      "Daisangen",
	Suuankou:       "Suuankou",
	SuuankouTanki:  "Suuankou Tanki",
	Tsuuiisou:      "Tsuuiisou",
	Ryuuiisou:      "Ryuuiisou",
	Chinroutou:     "Chinroutou",
	ChuurenPoutou:  "Chuuren Poutou",
	JunseiChuuren:  "Junsei Chuuren Poutou",
	KokushiMusou:   "Kokushi Musou",
	Kokushi13:      "Kokushi Musou 13-wait",
	Daisuushii:     "Daisuushii",
	Shousuushii:    "Shousuushii",
	Suukantsu:      "Suukantsu",
	Dora:           "Dora",
	AkaDora:        "Aka Dora",
	UraDora:        "Ura Dora",
}

// tenhouIDs maps each yaku to its number in Tenhou's mjlog AGARI tag.
var tenhouIDs = [numYaku]int8{
	NoYaku:         -1,
	MenzenTsumo:    0,
	Riichi:         1,
	Ippatsu:        2,
	Chankan:        3,
	RinshanKaihou:  4,
	HaiteiRaoyue:   5,
	HouteiRaoyui:   6,
	Pinfu:          7,
	Tanyao:         8,
	Iipeikou:       9,
	SeatWindEast:   10,
	SeatWindSouth:  11,
	SeatWindWest:   12,
	SeatWindNorth:  13,
	RoundWindEast:  14,
	RoundWindSouth: 15,
	RoundWindWest:  16,
	RoundWindNorth: 17,
	YakuhaiHaku:    18,
	YakuhaiHatsu:   19,
	YakuhaiChun:    20,
	DoubleRiichi:   21,
	Chiitoitsu:     22,
	Chanta:         23,
	Ittsu:          24,
	Sanshoku:       25,
	SanshokuDoukou: 26,
	Sankantsu:      27,
	Toitoi:         28,
	Sanankou:       29,
	Shousangen:     30,
	Honroutou:      31,
	Ryanpeikou:     32,
	Junchan:        33,
	Honitsu:        34,
	Chinitsu:       35,
	// 36 is renhou, which Tenhou does not play.
	TenhouYakuman:  37,
	ChiihouYakuman: 38,
	Daisangen:      39,
	Suuankou:       40,
	SuuankouTanki:  41,
	Tsuuiisou:      42,
	Ryuuiisou:      43,
	Chinroutou:     44,
	ChuurenPoutou:  45,
	JunseiChuuren:  46,
	KokushiMusou:   47,
	Kokushi13:      48,
	Daisuushii:     49,
	Shousuushii:    50,
	Suukantsu:      51,
	Dora:           52,
	UraDora:        53,
	AkaDora:        54,
}

// String returns the yaku's romaji name, e.g. "Pinfu", "Yakuhai Haku".
func (y Yaku) String() string {
	if y >= numYaku {
		return fmt.Sprintf("Yaku(%d)", uint8(y))
	}
	return yakuNames[y]
}

// Valid reports whether y is a yaku (not NoYaku, not out of range).
func (y Yaku) Valid() bool { return y > NoYaku && y < numYaku }

// IsYakuman reports whether y is a yakuman (TenhouYakuman through Suukantsu).
func (y Yaku) IsYakuman() bool { return y >= TenhouYakuman && y <= Suukantsu }

// IsDora reports whether y is Dora, AkaDora or UraDora.
func (y Yaku) IsDora() bool { return y >= Dora && y <= UraDora }

// TenhouID returns the yaku's number in Tenhou's mjlog AGARI tag (0 menzen
// tsumo … 54 aka dora), or -1 for NoYaku and invalid values.
func (y Yaku) TenhouID() int {
	if y >= numYaku {
		return -1
	}
	return int(tenhouIDs[y])
}

// YakuFromTenhouID returns the yaku with Tenhou number id; ok is false for
// numbers that name no yaku here (36, renhou, included).
func YakuFromTenhouID(id int) (y Yaku, ok bool) {
	for y := Yaku(1); y < numYaku; y++ {
		if int(tenhouIDs[y]) == id {
			return y, true
		}
	}
	return NoYaku, false
}

// ParseYaku reads a yaku name as [Yaku.String] writes it, ignoring case,
// spaces, hyphens and underscores ("yakuhai haku", "YakuhaiHaku").
func ParseYaku(s string) (Yaku, error) {
	key := yakuKey(s)
	for y := Yaku(1); y < numYaku; y++ {
		if yakuKey(yakuNames[y]) == key {
			return y, nil
		}
	}
	return NoYaku, fmt.Errorf("score: unknown yaku %q", s)
}

func yakuKey(s string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case ' ', '-', '_':
			return -1
		}
		if r >= 'A' && r <= 'Z' {
			return r + ('a' - 'A')
		}
		return r
	}, s)
}

// MarshalText implements [encoding.TextMarshaler] with the name.
func (y Yaku) MarshalText() ([]byte, error) {
	if !y.Valid() {
		return nil, fmt.Errorf("score: invalid yaku %d", uint8(y))
	}
	return []byte(y.String()), nil
}

// UnmarshalText implements [encoding.TextUnmarshaler] with [ParseYaku].
func (y *Yaku) UnmarshalText(b []byte) error {
	v, err := ParseYaku(string(b))
	if err != nil {
		return err
	}
	*y = v
	return nil
}

// YakuHan is one entry of a result's yaku list: the yaku and its han, or for
// a yakuman its multiple (1, or 2 for a double yakuman).
type YakuHan struct {
	Yaku Yaku  `json:"yaku"`
	Han  uint8 `json:"han"`
}

// String writes "Pinfu 1", "Dora 2", or "Daisuushii yakuman x2".
func (yh YakuHan) String() string {
	if yh.Yaku.IsYakuman() {
		if yh.Han == 1 {
			return yh.Yaku.String() + " yakuman"
		}
		return fmt.Sprintf("%s yakuman x%d", yh.Yaku, yh.Han)
	}
	return fmt.Sprintf("%s %d", yh.Yaku, yh.Han)
}

// Limit names the scoring limit a hand reached. The zero Limit is NoLimit
// (points from han and fu).
type Limit uint8

// The limits.
const (
	NoLimit      Limit = iota // below mangan
	Mangan                    // 5 han, or 4 han 40+ fu, 3 han 70+ fu (base 2000)
	Haneman                   // 6–7 han (base 3000)
	Baiman                    // 8–10 han (base 4000)
	Sanbaiman                 // 11–12 han (base 6000)
	Yakuman                   // one or more yakuman (base 8000 each)
	KazoeYakuman              // 13+ han without a yakuman (base 8000)
	numLimits
)

var limitNames = [numLimits]string{"none", "mangan", "haneman", "baiman", "sanbaiman", "yakuman", "kazoe yakuman"}

// String returns the limit's name in lower case, "none" for NoLimit.
func (l Limit) String() string {
	if l >= numLimits {
		return fmt.Sprintf("Limit(%d)", uint8(l))
	}
	return limitNames[l]
}

// MarshalText implements [encoding.TextMarshaler] with the name.
func (l Limit) MarshalText() ([]byte, error) {
	if l >= numLimits {
		return nil, fmt.Errorf("score: invalid limit %d", uint8(l))
	}
	return []byte(l.String()), nil
}

// UnmarshalText implements [encoding.TextUnmarshaler] for the names String
// writes.
func (l *Limit) UnmarshalText(b []byte) error {
	for i, n := range limitNames {
		if string(b) == n {
			*l = Limit(i)
			return nil
		}
	}
	return fmt.Errorf("score: unknown limit %q", b)
}

// TenhouCode returns the limit as the third number of Tenhou's AGARI `ten`
// attribute: 0 none, 1 mangan … 4 sanbaiman, 5 yakuman (kazoe included).
func (l Limit) TenhouCode() int {
	if l == KazoeYakuman {
		return 5
	}
	return int(l)
}
