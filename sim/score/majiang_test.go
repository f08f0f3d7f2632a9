package score

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/internal/shareddata"
	"github.com/mjrank/mjrank/sim/tile"
)

// This file checks Score against the 10,000 scored hands of majiang-core
// (kobalab/majiang-core test/data/hule.json, MIT; see
// ../shared/data/scoring/SOURCES.md). Their expected values come from
// majiang-core's own scorer under its default rules, which match Tenhou's
// for everything the data exercises (red fives, kuitan, double yakuman,
// stacking, kazoe, no kiriage, 4-fu double-wind pair, 30-fu open pinfu).

// majiangCase is one entry of hule.json.
type majiangCase struct {
	In struct {
		Shoupai string `json:"shoupai"`
		Rongpai string `json:"rongpai"`
		Param   struct {
			Zhuangfeng int `json:"zhuangfeng"`
			Menfeng    int `json:"menfeng"`
			Hupai      struct {
				Lizhi     int  `json:"lizhi"`
				Yifa      bool `json:"yifa"`
				Qianggang bool `json:"qianggang"`
				Lingshang bool `json:"lingshang"`
				Haidi     int  `json:"haidi"`
				Tianhu    int  `json:"tianhu"`
			} `json:"hupai"`
			Baopai   []string `json:"baopai"`
			Fubaopai []string `json:"fubaopai"`
			Jicun    struct {
				Changbang int `json:"changbang"`
				Lizhibang int `json:"lizhibang"`
			} `json:"jicun"`
		} `json:"param"`
	} `json:"in"`
	Out struct {
		Hupai []struct {
			Name   string          `json:"name"`
			Fanshu json.RawMessage `json:"fanshu"` // a number, or "*" / "**" for a yakuman
		} `json:"hupai"`
		Fu        *int   `json:"fu"`
		Fanshu    *int   `json:"fanshu"`
		Damanguan *int   `json:"damanguan"`
		Defen     int    `json:"defen"`
		Fenpei    [4]int `json:"fenpei"`
	} `json:"out"`
}

// majiangYaku maps majiang-core's yaku names to ours.
var majiangYaku = map[string]Yaku{
	"立直": Riichi, "ダブル立直": DoubleRiichi, "一発": Ippatsu, "槍槓": Chankan,
	"嶺上開花": RinshanKaihou, "海底摸月": HaiteiRaoyue, "河底撈魚": HouteiRaoyui,
	"門前清自摸和": MenzenTsumo, "平和": Pinfu, "断幺九": Tanyao, "一盃口": Iipeikou,
	"自風 東": SeatWindEast, "自風 南": SeatWindSouth, "自風 西": SeatWindWest, "自風 北": SeatWindNorth,
	"場風 東": RoundWindEast, "場風 南": RoundWindSouth, "場風 西": RoundWindWest, "場風 北": RoundWindNorth,
	"翻牌 白": YakuhaiHaku, "翻牌 發": YakuhaiHatsu, "翻牌 中": YakuhaiChun,
	"七対子": Chiitoitsu, "混全帯幺九": Chanta, "一気通貫": Ittsu, "三色同順": Sanshoku,
	"三色同刻": SanshokuDoukou, "三槓子": Sankantsu, "対々和": Toitoi, "三暗刻": Sanankou,
	"小三元": Shousangen, "混老頭": Honroutou, "二盃口": Ryanpeikou, "純全帯幺九": Junchan,
	"混一色": Honitsu, "清一色": Chinitsu,
	"天和": TenhouYakuman, "地和": ChiihouYakuman, "大三元": Daisangen, "四暗刻": Suuankou,
	"四暗刻単騎": SuuankouTanki, "字一色": Tsuuiisou, "緑一色": Ryuuiisou, "清老頭": Chinroutou,
	"九蓮宝燈": ChuurenPoutou, "純正九蓮宝燈": JunseiChuuren, "国士無双": KokushiMusou,
	"国士無双十三面": Kokushi13, "大四喜": Daisuushii, "小四喜": Shousuushii, "四槓子": Suukantsu,
	"ドラ": Dora, "赤ドラ": AkaDora, "裏ドラ": UraDora,
}

// majiangExcluded lists the cases (by index in hule.json) where
// majiang-core's default rules differ from Tenhou's, with the reason; Score
// follows Tenhou there. None is known: every case agrees.
var majiangExcluded = map[int]string{}

// idAlloc hands out distinct physical tile ids as a hand is read.
type idAlloc struct{ used [tile.NumKinds]uint8 }

func (a *idAlloc) take(k tile.Kind, red bool) (tile.Tile, error) {
	if red {
		if a.used[k]&1 != 0 {
			return tile.NoTile, fmt.Errorf("red %v twice", k)
		}
		a.used[k] |= 1
		return tile.Tile(k) * 4, nil
	}
	first := 0
	if k.IsFive() {
		first = 1
	}
	for c := first; c < 4; c++ {
		if a.used[k]&(1<<c) == 0 {
			a.used[k] |= 1 << c
			return tile.Tile(k)*4 + tile.Tile(c), nil
		}
	}
	return tile.NoTile, fmt.Errorf("too many %v", k)
}

// majiangKind reads suit letter s and digit d ('0' = red five).
func majiangKind(s, d byte) (k tile.Kind, red bool, err error) {
	if d < '0' || d > '9' {
		return 0, false, fmt.Errorf("digit %q", d)
	}
	n := int(d - '0')
	red = n == 0
	if red {
		n = 5
	}
	switch s {
	case 'm':
		return tile.Man1 + tile.Kind(n-1), red, nil
	case 'p':
		return tile.Pin1 + tile.Kind(n-1), red, nil
	case 's':
		return tile.Sou1 + tile.Kind(n-1), red, nil
	case 'z':
		if red || n > 7 {
			return 0, false, fmt.Errorf("honour %q", d)
		}
		return tile.East + tile.Kind(n-1), false, nil
	}
	return 0, false, fmt.Errorf("suit %q", s)
}

// majiangMeld reads one meld: "m34-0" (chi, 4m called from the left),
// "z111=" (pon), "p9999+" (open kan), "s333-3" (kakan), "z6666" (closed kan).
func majiangMeld(s string, a *idAlloc) (Meld, error) {
	var ts [4]tile.Tile
	n, called, marks := 0, -1, 0
	markAfter := -1 // number of digits before the mark
	for i := 1; i < len(s); i++ {
		c := s[i]
		if c == '-' || c == '=' || c == '+' {
			marks++
			called = n - 1
			markAfter = n
			continue
		}
		if n == 4 {
			return Meld{}, fmt.Errorf("meld %q: too many tiles", s)
		}
		k, red, err := majiangKind(s[0], c)
		if err != nil {
			return Meld{}, fmt.Errorf("meld %q: %v", s, err)
		}
		if ts[n], err = a.take(k, red); err != nil {
			return Meld{}, fmt.Errorf("meld %q: %v", s, err)
		}
		n++
	}
	var m Meld
	switch {
	case n == 4 && marks == 0:
		m.Type = Ankan
	case n == 4 && marks == 1 && markAfter == 4:
		m.Type = Daiminkan
	case n == 4 && marks == 1 && markAfter == 3:
		m.Type = Kakan
	case n == 3 && marks == 1 && ts[0].Kind() == ts[1].Kind() && ts[1].Kind() == ts[2].Kind():
		m.Type = Pon
	case n == 3 && marks == 1:
		m.Type = Chi
	default:
		return Meld{}, fmt.Errorf("meld %q: unknown form", s)
	}
	// Called tile first (for a kakan the pon's called tile first, the added
	// tile stays last).
	if called > 0 {
		ts[0], ts[called] = ts[called], ts[0]
	}
	m.Tiles = ts
	return m, m.Check()
}

// majiangWin converts a hule.json input into a Win.
func majiangWin(c *majiangCase) (Win, error) {
	var w Win
	var a idAlloc
	in := &c.In
	parts := strings.Split(in.Shoupai, ",")
	for _, ms := range parts[1:] {
		m, err := majiangMeld(ms, &a)
		if err != nil {
			return w, err
		}
		if err := w.AddMeld(m); err != nil {
			return w, err
		}
	}
	var hand []tile.Tile
	var suit byte
	for i := 0; i < len(parts[0]); i++ {
		ch := parts[0][i]
		if ch >= 'a' && ch <= 'z' {
			suit = ch
			continue
		}
		k, red, err := majiangKind(suit, ch)
		if err != nil {
			return w, fmt.Errorf("hand %q: %v", parts[0], err)
		}
		t, err := a.take(k, red)
		if err != nil {
			return w, fmt.Errorf("hand %q: %v", parts[0], err)
		}
		hand = append(hand, t)
	}
	p := &in.Param
	w.Seat = uint8(p.Menfeng)
	w.Dealer = 0
	w.Round = tile.East + tile.Kind(p.Zhuangfeng)
	if in.Rongpai == "" {
		w.Tsumo = true
		w.WinTile = hand[len(hand)-1]
	} else {
		r := in.Rongpai
		k, red, err := majiangKind(r[0], r[1])
		if err != nil {
			return w, fmt.Errorf("rongpai %q: %v", r, err)
		}
		t, err := a.take(k, red)
		if err != nil {
			return w, fmt.Errorf("rongpai %q: %v", r, err)
		}
		hand = append(hand, t)
		w.WinTile = t
		off := map[byte]int{'+': 1, '=': 2, '-': 3}[r[len(r)-1]]
		if off == 0 {
			return w, fmt.Errorf("rongpai %q: no seat mark", r)
		}
		w.From = uint8((p.Menfeng + off) % 4)
	}
	if err := w.SetHand(hand); err != nil {
		return w, err
	}
	h := &p.Hupai
	w.Riichi = h.Lizhi == 1
	w.DoubleRiichi = h.Lizhi == 2
	w.Ippatsu = h.Yifa
	w.Chankan = h.Qianggang
	w.Rinshan = h.Lingshang
	w.Haitei = h.Haidi == 1
	w.Houtei = h.Haidi == 2
	w.Tenhou = h.Tianhu == 1
	w.Chiihou = h.Tianhu == 2
	if h.Tianhu == 3 {
		return w, fmt.Errorf("renhou is not a Tenhou yaku")
	}
	for _, d := range p.Baopai {
		k, red, err := majiangKind(d[0], d[1])
		if err != nil {
			return w, fmt.Errorf("baopai %q: %v", d, err)
		}
		if err := w.AddDora(tile.Canonical(k, red)); err != nil {
			return w, err
		}
	}
	for _, d := range p.Fubaopai {
		k, red, err := majiangKind(d[0], d[1])
		if err != nil {
			return w, fmt.Errorf("fubaopai %q: %v", d, err)
		}
		if err := w.AddUraDora(tile.Canonical(k, red)); err != nil {
			return w, err
		}
	}
	w.Honba = p.Jicun.Changbang
	w.RiichiSticks = p.Jicun.Lizhibang
	return w, nil
}

// majiangWant converts the expected yaku list into ours, sorted.
func majiangWant(c *majiangCase) ([]YakuHan, error) {
	var ys []YakuHan
	for _, h := range c.Out.Hupai {
		y, ok := majiangYaku[h.Name]
		if !ok {
			return nil, fmt.Errorf("unknown yaku name %q", h.Name)
		}
		var han int
		var stars string
		switch {
		case json.Unmarshal(h.Fanshu, &han) == nil:
		case json.Unmarshal(h.Fanshu, &stars) == nil:
			han = len(stars)
		default:
			return nil, fmt.Errorf("fanshu %s", h.Fanshu)
		}
		ys = append(ys, YakuHan{y, uint8(han)})
	}
	slices.SortFunc(ys, func(a, b YakuHan) int { return int(a.Yaku) - int(b.Yaku) })
	return ys, nil
}

func loadMajiang(t *testing.T) []majiangCase {
	t.Helper()
	dir := shareddata.Dir(t, "scoring", "kobalab-majiang-core", "test", "data")
	b, err := os.ReadFile(filepath.Join(dir, "hule.json"))
	if err != nil {
		t.Fatal(err)
	}
	var cases []majiangCase
	if err := json.Unmarshal(b, &cases); err != nil {
		t.Fatal(err)
	}
	return cases
}

// TestMajiangCore scores all 10,000 hands of majiang-core's hule.json and
// compares yaku, han, fu, yakuman, points and payments.
func TestMajiangCore(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus test: skipped with -short")
	}
	cases := loadMajiang(t)
	if len(cases) != 10000 {
		t.Fatalf("hule.json holds %d cases, want 10000", len(cases))
	}
	rules := Tenhou()
	agree, excluded, failed := 0, 0, 0
	for i := range cases {
		c := &cases[i]
		if _, ok := majiangExcluded[i]; ok {
			excluded++
			continue
		}
		report := func(format string, args ...any) {
			failed++
			if failed <= 30 {
				t.Errorf("case %d %s %s %+v: %s", i, c.In.Shoupai, c.In.Rongpai, c.In.Param, fmt.Sprintf(format, args...))
			}
		}
		w, err := majiangWin(c)
		if err != nil {
			report("convert: %v", err)
			continue
		}
		want, err := majiangWant(c)
		if err != nil {
			report("expected: %v", err)
			continue
		}
		res, err := Score(&w, &rules)
		if err != nil {
			report("Score: %v", err)
			continue
		}
		got := slices.Clone(res.YakuList())
		slices.SortFunc(got, func(a, b YakuHan) int { return int(a.Yaku) - int(b.Yaku) })
		var wantHan, wantFu, wantYakuman int
		if c.Out.Fanshu != nil {
			wantHan = *c.Out.Fanshu
		}
		if c.Out.Fu != nil {
			wantFu = *c.Out.Fu
		}
		if c.Out.Damanguan != nil {
			wantYakuman = *c.Out.Damanguan
		}
		switch {
		case !slices.Equal(got, want):
			report("yaku %v, want %v", got, want)
		case res.Han != wantHan || res.Yakuman != wantYakuman:
			report("han %d yakuman %d, want %d, %d", res.Han, res.Yakuman, wantHan, wantYakuman)
		case res.Yakuman == 0 && res.Fu != wantFu:
			report("fu %d, want %d", res.Fu, wantFu)
		case res.Points != c.Out.Defen:
			report("points %d, want %d", res.Points, c.Out.Defen)
		case res.Payments != c.Out.Fenpei:
			report("payments %v, want %v", res.Payments, c.Out.Fenpei)
		default:
			agree++
		}
	}
	t.Logf("hule.json: %d agree, %d excluded, %d differ", agree, excluded, failed)
	if failed > 0 {
		t.Errorf("%d of %d cases differ", failed, len(cases))
	}
}
