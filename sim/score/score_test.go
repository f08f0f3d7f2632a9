package score

import (
	"errors"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/sim/tile"
)

// spec describes a test win compactly. Unless set: tsumo, seat 1 (South,
// non-dealer), dealer 0, East round, a ron comes from seat 0.
type spec struct {
	hand  string   // concealed tiles including the winning tile, tenhou notation
	win   string   // the winning tile ("0p" for a red five)
	melds []string // ParseMeld notation
	ron   bool
	dora  []string // dora indicators
	ura   []string // ura dora indicators
	mod   func(*Win)
}

// build turns a spec into a Win.
func (s spec) build(t testing.TB) Win {
	t.Helper()
	var w Win
	ts := tile.MustParse(s.hand)
	if err := w.SetHand(ts); err != nil {
		t.Fatal(err)
	}
	for _, m := range s.melds {
		if err := w.AddMeld(MustParseMeld(m)); err != nil {
			t.Fatal(err)
		}
	}
	want := tile.MustParseTile(s.win)
	w.WinTile = tile.NoTile
	for _, x := range ts { // the hand's own tile of that kind (and redness)
		if x.Kind() == want.Kind() && x.Red() == want.Red() {
			w.WinTile = x
		}
	}
	if w.WinTile == tile.NoTile {
		w.WinTile = want
	}
	w.Tsumo = !s.ron
	w.Seat, w.Dealer, w.From, w.Round = 1, 0, 0, tile.East
	for _, d := range s.dora {
		if err := w.AddDora(tile.MustParseTile(d)); err != nil {
			t.Fatal(err)
		}
	}
	for _, d := range s.ura {
		if err := w.AddUraDora(tile.MustParseTile(d)); err != nil {
			t.Fatal(err)
		}
	}
	if s.mod != nil {
		s.mod(&w)
	}
	return w
}

func yakuString(r *Result) string {
	parts := make([]string, 0, r.NumYaku)
	for _, yh := range r.YakuList() {
		parts = append(parts, yh.String())
	}
	return strings.Join(parts, ", ")
}

type scoreCase struct {
	name   string
	spec   spec
	rules  func(*Rules) // changes to Tenhou's rules
	yaku   string
	han    int
	fu     int
	points int
	limit  Limit
}

func runScoreCases(t *testing.T, cases []scoreCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := c.spec.build(t)
			r := Tenhou()
			if c.rules != nil {
				c.rules(&r)
			}
			res, err := Score(&w, &r)
			if err != nil {
				t.Fatalf("Score: %v", err)
			}
			if got := yakuString(&res); got != c.yaku {
				t.Errorf("yaku %q, want %q", got, c.yaku)
			}
			if res.Han != c.han || res.Fu != c.fu || res.Points != c.points || res.Limit != c.limit {
				t.Errorf("han %d fu %d points %d limit %v, want %d %d %d %v",
					res.Han, res.Fu, res.Points, res.Limit, c.han, c.fu, c.points, c.limit)
			}
			checkPayments(t, &w, &res)
		})
	}
}

// checkPayments checks the invariants of every result: the payments sum to
// the riichi sticks, the winner gains Gain, and without pao or honba the
// others pay Points in all.
func checkPayments(t *testing.T, w *Win, res *Result) {
	t.Helper()
	sum := 0
	for _, p := range res.Payments {
		sum += p
	}
	if sum != 1000*w.RiichiSticks {
		t.Errorf("payments %v sum to %d, want %d", res.Payments, sum, 1000*w.RiichiSticks)
	}
	if res.Payments[w.Seat] != res.Gain {
		t.Errorf("gain %d, payments %v", res.Gain, res.Payments)
	}
	if !w.Pao && w.Honba == 0 && res.Gain-1000*w.RiichiSticks != res.Points {
		t.Errorf("gain %d with %d sticks, points %d", res.Gain, w.RiichiSticks, res.Points)
	}
}

func riichi(w *Win)     { w.Riichi = true }
func dealer(w *Win)     { w.Seat, w.Dealer, w.From = 0, 0, 2 }
func noKuitan(r *Rules) { r.OpenTanyao = false }

// TestFu covers each fu rule.
func TestFu(t *testing.T) {
	runScoreCases(t, []scoreCase{
		{"pinfu tsumo is 20 fu", spec{hand: "234m456p345s678s99m", win: "4m"},
			nil, "Menzen Tsumo 1, Pinfu 1", 2, 20, 1500, NoLimit},
		{"pinfu ron is 30 fu", spec{hand: "234m456p345s678s99m", win: "4m", ron: true},
			nil, "Pinfu 1", 1, 30, 1000, NoLimit},
		{"open ron without fu is rounded up to 30", spec{hand: "234m456p345s88m", win: "4m", melds: []string{"chi=678s"}, ron: true},
			nil, "Tanyao 1", 1, 30, 1000, NoLimit},
		{"open tsumo without fu is 22 rounded to 30", spec{hand: "234m456p345s88m", win: "4m", melds: []string{"chi=678s"}},
			nil, "Tanyao 1", 1, 30, 1100, NoLimit},
		{"kanchan adds 2 and closed ron 10", spec{hand: "234m456p345s678s88m", win: "7s", ron: true, mod: riichi},
			nil, "Riichi 1, Tanyao 1", 2, 40, 2600, NoLimit},
		{"penchan 12 waiting 3 adds 2", spec{hand: "123m456p345s678s88m", win: "3m", ron: true, mod: riichi},
			nil, "Riichi 1", 1, 40, 1300, NoLimit},
		{"penchan 89 waiting 7 adds 2", spec{hand: "789m456p345s678s88m", win: "7m", ron: true, mod: riichi},
			nil, "Riichi 1", 1, 40, 1300, NoLimit},
		{"tanki adds 2", spec{hand: "234m456p345s678s88m", win: "8m", ron: true, mod: riichi},
			nil, "Riichi 1, Tanyao 1", 2, 40, 2600, NoLimit},
		{"winning tile read as ryanmen for pinfu, not as tanki", spec{hand: "11123m456p345s678s", win: "1m", ron: true, mod: riichi},
			nil, "Riichi 1, Pinfu 1", 2, 30, 2000, NoLimit},
		{"concealed terminal and honour triplets are 8 fu each", spec{hand: "456p678s999m111z22s", win: "4p"},
			nil, "Menzen Tsumo 1, Round Wind East 1", 2, 40, 2700, NoLimit},
		{"a triplet completed by ron is open: 4 fu", spec{hand: "456p678s999m111z22s", win: "1z", ron: true},
			nil, "Round Wind East 1", 1, 50, 1600, NoLimit},
		{"closed honour kan 32 fu, open simple kan 8 fu", spec{hand: "234m678s55p", win: "4m", melds: []string{"ankan=1111z", "kan=2222p"}},
			nil, "Round Wind East 1", 1, 70, 2400, NoLimit},
		{"double wind pair is 4 fu", spec{hand: "234m456p678s789s11z", win: "4m", ron: true, mod: func(w *Win) { riichi(w); dealer(w) }},
			nil, "Riichi 1", 1, 40, 2000, NoLimit},
		{"dragon pair is 2 fu", spec{hand: "234m456p678s789s55z", win: "4m", ron: true, mod: riichi},
			nil, "Riichi 1", 1, 40, 1300, NoLimit},
		{"seat wind pair is 2 fu", spec{hand: "234m456p678s789s22z", win: "4m", ron: true, mod: riichi},
			nil, "Riichi 1", 1, 40, 1300, NoLimit},
		{"non-yakuhai wind pair has no fu: pinfu", spec{hand: "234m456p678s789s44z", win: "4m", ron: true, mod: riichi},
			nil, "Riichi 1, Pinfu 1", 2, 30, 2000, NoLimit},
		{"chiitoitsu is 25 fu (tsumo adds nothing)", spec{hand: "1155m2288p3377s11z", win: "1z"},
			nil, "Menzen Tsumo 1, Chiitoitsu 2", 3, 25, 3200, NoLimit},
		{"chiitoitsu ron is 25 fu", spec{hand: "1155m2288p3377s11z", win: "1z", ron: true},
			nil, "Chiitoitsu 2", 2, 25, 1600, NoLimit},
	})
}

// TestYaku covers every yaku with han, closed and open where it differs.
func TestYaku(t *testing.T) {
	runScoreCases(t, []scoreCase{
		{"riichi ippatsu tsumo pinfu", spec{hand: "234m456p345s678s99m", win: "4m", mod: func(w *Win) { w.Riichi, w.Ippatsu = true, true }},
			nil, "Riichi 1, Ippatsu 1, Menzen Tsumo 1, Pinfu 1", 4, 20, 5200, NoLimit},
		{"double riichi", spec{hand: "234m456p345s678s99m", win: "4m", ron: true, mod: func(w *Win) { w.DoubleRiichi = true }},
			nil, "Double Riichi 2, Pinfu 1", 3, 30, 3900, NoLimit},
		{"chankan", spec{hand: "234m456p345s678s99m", win: "4m", ron: true, mod: func(w *Win) { w.Chankan = true }},
			nil, "Chankan 1, Pinfu 1", 2, 30, 2000, NoLimit},
		{"rinshan kaihou after a closed kan", spec{hand: "234m456p345s88m", win: "4m", melds: []string{"ankan=9999p"}, mod: func(w *Win) { w.Rinshan = true }},
			nil, "Rinshan Kaihou 1, Menzen Tsumo 1", 2, 60, 4000, NoLimit},
		{"haitei", spec{hand: "234m456p345s678s99m", win: "4m", mod: func(w *Win) { w.Haitei = true }},
			nil, "Haitei Raoyue 1, Menzen Tsumo 1, Pinfu 1", 3, 20, 2700, NoLimit},
		{"houtei", spec{hand: "234m456p345s678s99m", win: "4m", ron: true, mod: func(w *Win) { w.Houtei = true }},
			nil, "Houtei Raoyui 1, Pinfu 1", 2, 30, 2000, NoLimit},
		{"tanyao closed with pinfu", spec{hand: "234m456p345s678s88m", win: "4m", ron: true},
			nil, "Pinfu 1, Tanyao 1", 2, 30, 2000, NoLimit},
		{"iipeikou", spec{hand: "223344m456p678s99s", win: "4m", ron: true},
			nil, "Pinfu 1, Iipeikou 1", 2, 30, 2000, NoLimit},
		{"seat wind", spec{hand: "234m456p678s222z99s", win: "4m", ron: true},
			nil, "Seat Wind South 1", 1, 40, 1300, NoLimit},
		{"round wind", spec{hand: "234m456p678s111z99s", win: "4m", ron: true},
			nil, "Round Wind East 1", 1, 40, 1300, NoLimit},
		{"double wind triplet", spec{hand: "234m456p678s111z99s", win: "4m", ron: true, mod: dealer},
			nil, "Seat Wind East 1, Round Wind East 1", 2, 40, 3900, NoLimit},
		{"yakuhai haku", spec{hand: "234m456p678s555z99s", win: "4m", ron: true},
			nil, "Yakuhai Haku 1", 1, 40, 1300, NoLimit},
		{"yakuhai hatsu called", spec{hand: "234m456p678s99s", win: "4m", melds: []string{"pon=666z"}, ron: true},
			nil, "Yakuhai Hatsu 1", 1, 30, 1000, NoLimit},
		{"yakuhai chun", spec{hand: "234m456p678s777z99s", win: "4m", ron: true},
			nil, "Yakuhai Chun 1", 1, 40, 1300, NoLimit},
		{"chanta closed", spec{hand: "123m789p123s999s11z", win: "1m", ron: true},
			nil, "Chanta 2", 2, 40, 2600, NoLimit},
		{"chanta open is 1 han", spec{hand: "789p123s999s11z", win: "7p", melds: []string{"chi=123m"}, ron: true},
			nil, "Chanta 1", 1, 40, 1300, NoLimit},
		{"ittsu closed", spec{hand: "123456789m234p55s", win: "9m", ron: true},
			nil, "Pinfu 1, Ittsu 2", 3, 30, 3900, NoLimit},
		{"ittsu open is 1 han", spec{hand: "456789m234p55s", win: "9m", melds: []string{"chi=123m"}, ron: true},
			nil, "Ittsu 1", 1, 30, 1000, NoLimit},
		{"sanshoku closed", spec{hand: "234m234p234s678m55s", win: "2m", ron: true},
			nil, "Pinfu 1, Tanyao 1, Sanshoku 2", 4, 30, 7700, NoLimit},
		{"sanshoku open is 1 han", spec{hand: "234p234s678m55s", win: "2p", melds: []string{"chi=234m"}, ron: true},
			nil, "Tanyao 1, Sanshoku 1", 2, 30, 2000, NoLimit},
		{"sanshoku doukou and sanankou", spec{hand: "222m222p222s456m88s", win: "4m"},
			nil, "Menzen Tsumo 1, Tanyao 1, Sanshoku Doukou 2, Sanankou 2", 6, 40, 12000, Haneman},
		{"sankantsu", spec{hand: "567m88p", win: "5m", melds: []string{"ankan=2222m", "kan=3333p", "kakan=4444s"}},
			nil, "Tanyao 1, Sankantsu 2", 3, 60, 7900, NoLimit},
		{"toitoi", spec{hand: "444s777s88m", win: "7s", melds: []string{"pon=222m", "pon=333p"}, ron: true},
			nil, "Tanyao 1, Toitoi 2", 3, 30, 3900, NoLimit},
		{"sanankou on tsumo", spec{hand: "222m333p444s678s88m", win: "4s"},
			nil, "Menzen Tsumo 1, Tanyao 1, Sanankou 2", 4, 40, 8000, Mangan},
		{"ron on a shanpon triplet breaks sanankou", spec{hand: "222m333p444s678s88m", win: "4s", ron: true},
			nil, "Tanyao 1", 1, 40, 1300, NoLimit},
		{"sanankou on ron with the sequence completed", spec{hand: "222m333p444s678s88m", win: "8s", ron: true},
			nil, "Tanyao 1, Sanankou 2", 3, 50, 6400, NoLimit},
		{"shousangen", spec{hand: "234m678p77z", win: "2m", melds: []string{"pon=555z", "pon=666z"}, ron: true},
			nil, "Yakuhai Haku 1, Yakuhai Hatsu 1, Shousangen 2", 4, 30, 7700, NoLimit},
		{"honroutou with toitoi", spec{hand: "999s111z22z", win: "2z", melds: []string{"pon=111m", "pon=999p"}, ron: true},
			nil, "Round Wind East 1, Toitoi 2, Honroutou 2", 5, 50, 8000, Mangan},
		{"honroutou with chiitoitsu", spec{hand: "1199m1199p11s1122z", win: "2z"},
			nil, "Menzen Tsumo 1, Chiitoitsu 2, Honroutou 2", 5, 25, 8000, Mangan},
		{"ryanpeikou beats the chiitoitsu reading", spec{hand: "223344m556677p99s", win: "2m", ron: true},
			nil, "Pinfu 1, Ryanpeikou 3", 4, 30, 7700, NoLimit},
		{"junchan closed", spec{hand: "123m789p123s789s99m", win: "1m", ron: true},
			nil, "Pinfu 1, Junchan 3", 4, 30, 7700, NoLimit},
		{"junchan open is 2 han", spec{hand: "123m123s789s99m", win: "1m", melds: []string{"chi=789p"}, ron: true},
			nil, "Junchan 2", 2, 30, 2000, NoLimit},
		{"honitsu closed", spec{hand: "123m456m678m444z22z", win: "6m", ron: true},
			nil, "Honitsu 3", 3, 40, 5200, NoLimit},
		{"honitsu open is 2 han", spec{hand: "456m678m444z22z", win: "6m", melds: []string{"chi=123m"}, ron: true},
			nil, "Honitsu 2", 2, 30, 2000, NoLimit},
		{"chinitsu closed", spec{hand: "111m234m567m888m99m", win: "9m", ron: true},
			nil, "Chinitsu 6", 6, 50, 12000, Haneman},
		{"chinitsu open is 5 han", spec{hand: "234m567m888m99m", win: "9m", melds: []string{"pon=111m"}, ron: true},
			nil, "Chinitsu 5", 5, 30, 8000, Mangan},
		{"kuitan: open tanyao", spec{hand: "234m456p345s88m", win: "4m", melds: []string{"chi=678s"}, ron: true},
			nil, "Tanyao 1", 1, 30, 1000, NoLimit},
		{"a closed kan keeps the hand closed", spec{hand: "234m456p345s88m", win: "4m", melds: []string{"ankan=2222s"}, ron: true, mod: riichi},
			noKuitan, "Riichi 1, Tanyao 1", 2, 50, 3200, NoLimit},
	})
}

// TestDora covers dora, ura dora and red fives.
func TestDora(t *testing.T) {
	pinfuRon := func(extra func(*Win)) spec {
		return spec{hand: "234m456p345s678s99m", win: "4m", ron: true, mod: func(w *Win) {
			riichi(w)
			if extra != nil {
				extra(w)
			}
		}}
	}
	withDora := func(s spec, dora, ura []string) spec { s.dora, s.ura = dora, ura; return s }
	noRiichi := func(s spec) spec { s.mod = nil; return s }
	runScoreCases(t, []scoreCase{
		{"dora is the kind after the indicator", withDora(pinfuRon(nil), []string{"3m"}, nil),
			nil, "Riichi 1, Pinfu 1, Dora 1", 3, 30, 3900, NoLimit},
		{"indicator 8m makes both 9m of the pair dora", withDora(pinfuRon(nil), []string{"8m"}, nil),
			nil, "Riichi 1, Pinfu 1, Dora 2", 4, 30, 7700, NoLimit},
		{"indicator 9s wraps to 1s, north to east, chun to haku", withDora(pinfuRon(nil), []string{"9s", "4z", "7z", "3p"}, nil),
			nil, "Riichi 1, Pinfu 1, Dora 1", 3, 30, 3900, NoLimit},
		{"ura dora count with riichi", withDora(pinfuRon(nil), nil, []string{"8m", "3m"}),
			nil, "Riichi 1, Pinfu 1, Ura Dora 3", 5, 30, 8000, Mangan},
		{"ura dora are ignored without riichi", noRiichi(withDora(pinfuRon(nil), nil, []string{"8m"})),
			nil, "Pinfu 1", 1, 30, 1000, NoLimit},
		{"red five is aka dora", spec{hand: "234m406p345s678s99m", win: "4m", ron: true, mod: riichi},
			nil, "Riichi 1, Pinfu 1, Aka Dora 1", 3, 30, 3900, NoLimit},
		{"red fives off: a plain five", spec{hand: "234m406p345s678s99m", win: "4m", ron: true, mod: riichi},
			func(r *Rules) { r.RedFives = false }, "Riichi 1, Pinfu 1", 2, 30, 2000, NoLimit},
		{"dora on a called triplet holding the red five", spec{hand: "234m456p345s88m", win: "4m", melds: []string{"pon=055s"}, dora: []string{"4s"}, ron: true},
			nil, "Tanyao 1, Dora 4, Aka Dora 1", 6, 30, 12000, Haneman},
	})
}

// TestLimits covers the limits, kazoe yakuman and kiriage.
func TestLimits(t *testing.T) {
	// Riichi, tsumo, pinfu (3 han 20 fu) plus two dora per indicator.
	withDora := func(n int) spec {
		s := spec{hand: "234m456p345s678s99m", win: "4m", mod: riichi}
		for range n {
			s.dora = append(s.dora, "8m")
		}
		return s
	}
	base := "Riichi 1, Menzen Tsumo 1, Pinfu 1"
	runScoreCases(t, []scoreCase{
		{"3 han 20 fu", withDora(0), nil, base, 3, 20, 2700, NoLimit},
		{"4 han 40 fu is mangan", spec{hand: "234m456p345s678s88m", win: "7s", ron: true, dora: []string{"7m"}, mod: riichi},
			nil, "Riichi 1, Tanyao 1, Dora 2", 4, 40, 8000, Mangan},
		{"4 han 30 fu is 7700 without kiriage", spec{hand: "234m234p234s678m55s", win: "2m", ron: true},
			nil, "Pinfu 1, Tanyao 1, Sanshoku 2", 4, 30, 7700, NoLimit},
		{"4 han 30 fu is 8000 with kiriage", spec{hand: "234m234p234s678m55s", win: "2m", ron: true},
			func(r *Rules) { r.Kiriage = true }, "Pinfu 1, Tanyao 1, Sanshoku 2", 4, 30, 8000, NoLimit},
		{"3 han 70 fu is mangan", spec{hand: "234m678s55p", win: "4m", melds: []string{"ankan=1111z", "kan=2222p"}, dora: []string{"4p"}},
			nil, "Round Wind East 1, Dora 2", 3, 70, 8000, Mangan},
		{"5 han is mangan", withDora(1), nil, base + ", Dora 2", 5, 20, 8000, Mangan},
		{"7 han is haneman", withDora(2), nil, base + ", Dora 4", 7, 20, 12000, Haneman},
		{"9 han is baiman", withDora(3), nil, base + ", Dora 6", 9, 20, 16000, Baiman},
		{"11 han is sanbaiman", withDora(4), nil, base + ", Dora 8", 11, 20, 24000, Sanbaiman},
		{"13 han is kazoe yakuman", withDora(5), nil, base + ", Dora 10", 13, 20, 32000, KazoeYakuman},
		{"13 han without kazoe is sanbaiman", withDora(5), func(r *Rules) { r.KazoeYakuman = false }, base + ", Dora 10", 13, 20, 24000, Sanbaiman},
	})
}

// TestYakuman covers every yakuman, double yakuman and stacking.
func TestYakuman(t *testing.T) {
	runScoreCases(t, []scoreCase{
		{"tenhou", spec{hand: "234m456p345s678s99m", win: "4m", mod: func(w *Win) { dealer(w); w.Tenhou = true }},
			nil, "Tenhou yakuman", 0, 20, 48000, Yakuman},
		{"chiihou", spec{hand: "234m456p345s678s99m", win: "4m", mod: func(w *Win) { w.Chiihou = true }},
			nil, "Chiihou yakuman", 0, 20, 32000, Yakuman},
		{"daisangen", spec{hand: "777z234m99p", win: "2m", melds: []string{"pon=555z", "pon=666z"}, ron: true},
			nil, "Daisangen yakuman", 0, 40, 32000, Yakuman},
		{"suuankou by tsumo on a shanpon", spec{hand: "222m333p444s666s88m", win: "6s"},
			nil, "Suuankou yakuman", 0, 40, 32000, Yakuman},
		{"suuankou ron on a shanpon is sanankou toitoi", spec{hand: "222m333p444s666s88m", win: "6s", ron: true},
			nil, "Tanyao 1, Toitoi 2, Sanankou 2", 5, 50, 8000, Mangan},
		// Tenhou pays a suuankou tanki as one yakuman in every year:
		// 2009031009gm-00e1-0000-3a3e2634 E1-3 (tsumo, ten="50,32000,5"),
		// 2024041411gm-00a9-0000-4e6055ce E4-0 (ron, 32,000).
		{"suuankou tanki is one yakuman", spec{hand: "222m333p444s666s88m", win: "8m", ron: true},
			nil, "Suuankou Tanki yakuman", 0, 50, 32000, Yakuman},
		{"double yakuman on: suuankou tanki is double", spec{hand: "222m333p444s666s88m", win: "8m", ron: true},
			func(r *Rules) { r.DoubleYakuman = true }, "Suuankou Tanki yakuman x2", 0, 50, 64000, Yakuman},
		{"tsuuiisou", spec{hand: "333z555z66z", win: "6z", melds: []string{"pon=111z", "pon=222z"}, ron: true},
			nil, "Tsuuiisou yakuman", 0, 50, 32000, Yakuman},
		{"tsuuiisou as chiitoitsu", spec{hand: "11223344556677z", win: "7z"},
			nil, "Tsuuiisou yakuman", 0, 25, 32000, Yakuman},
		{"ryuuiisou with hatsu", spec{hand: "223344s666s888s66z", win: "8s"},
			nil, "Ryuuiisou yakuman", 0, 40, 32000, Yakuman},
		{"ryuuiisou without hatsu", spec{hand: "223344s666s888s44s", win: "3s"},
			nil, "Ryuuiisou yakuman", 0, 40, 32000, Yakuman},
		{"chinroutou", spec{hand: "111p999p11s", win: "1s", melds: []string{"pon=111m", "pon=999m"}, ron: true},
			nil, "Chinroutou yakuman", 0, 50, 32000, Yakuman},
		{"chuuren poutou", spec{hand: "11123455678999m", win: "2m"},
			nil, "Chuuren Poutou yakuman", 0, 40, 32000, Yakuman},
		{"junsei chuuren poutou is one yakuman", spec{hand: "11123455678999m", win: "5m"},
			nil, "Junsei Chuuren Poutou yakuman", 0, 40, 32000, Yakuman},
		{"double yakuman on: junsei chuuren poutou is double", spec{hand: "11123455678999m", win: "5m"},
			func(r *Rules) { r.DoubleYakuman = true }, "Junsei Chuuren Poutou yakuman x2", 0, 40, 64000, Yakuman},
		{"kokushi musou", spec{hand: "119m19p19s1234567z", win: "9m", ron: true},
			nil, "Kokushi Musou yakuman", 0, 0, 32000, Yakuman},
		{"kokushi on the 13-sided wait is one yakuman", spec{hand: "119m19p19s1234567z", win: "1m", ron: true},
			nil, "Kokushi Musou 13-wait yakuman", 0, 0, 32000, Yakuman},
		{"double yakuman on: kokushi on the 13-sided wait is double", spec{hand: "119m19p19s1234567z", win: "1m", ron: true},
			func(r *Rules) { r.DoubleYakuman = true }, "Kokushi Musou 13-wait yakuman x2", 0, 0, 64000, Yakuman},
		{"daisuushii is one yakuman", spec{hand: "333z444z55m", win: "5m", melds: []string{"pon=111z", "pon=222z"}, ron: true},
			nil, "Daisuushii yakuman", 0, 50, 32000, Yakuman},
		{"double yakuman on: daisuushii is double", spec{hand: "333z444z55m", win: "5m", melds: []string{"pon=111z", "pon=222z"}, ron: true},
			func(r *Rules) { r.DoubleYakuman = true }, "Daisuushii yakuman x2", 0, 50, 64000, Yakuman},
		{"shousuushii", spec{hand: "333z44z678m", win: "6m", melds: []string{"pon=111z", "pon=222z"}, ron: true},
			nil, "Shousuushii yakuman", 0, 40, 32000, Yakuman},
		{"suukantsu", spec{hand: "55m", win: "5m", melds: []string{"ankan=1111m", "kan=2222p", "kan=3333s", "kakan=4444z"}, mod: func(w *Win) { w.Rinshan = true }},
			nil, "Suukantsu yakuman", 0, 90, 32000, Yakuman},
		{"yakuman stack: daisangen and tsuuiisou", spec{hand: "777z111z22z", win: "2z", melds: []string{"pon=555z", "pon=666z"}, ron: true},
			nil, "Daisangen yakuman, Tsuuiisou yakuman", 0, 50, 64000, Yakuman},
		{"yakuman stack: tenhou and suuankou tanki", spec{hand: "222m333p444s666s88m", win: "8m", mod: func(w *Win) { dealer(w); w.Tenhou = true }},
			nil, "Tenhou yakuman, Suuankou Tanki yakuman", 0, 40, 96000, Yakuman},
		{"yakuman stack with double yakuman on", spec{hand: "222m333p444s666s88m", win: "8m", mod: func(w *Win) { dealer(w); w.Tenhou = true }},
			func(r *Rules) { r.DoubleYakuman = true }, "Tenhou yakuman, Suuankou Tanki yakuman x2", 0, 40, 144000, Yakuman},
		// Tenhou (2009031009gm-00e1-0000-3a3e2634 E1-3: seat 3 won this
		// hand by tsumo for ten="50,32000,5", yakuman="41").
		{"suuankou tanki by tsumo as Tenhou paid it", spec{hand: "111m444m333s44z555z", win: "4z"},
			nil, "Suuankou Tanki yakuman", 0, 50, 32000, Yakuman},
		{"yakuman stack off", spec{hand: "777z111z22z", win: "2z", melds: []string{"pon=555z", "pon=666z"}, ron: true},
			func(r *Rules) { r.YakumanStack = false }, "Daisangen yakuman, Tsuuiisou yakuman", 0, 50, 32000, Yakuman},
	})
}

// TestPayments covers who pays what: dealer, tsumo shares, honba, riichi
// sticks and pao.
func TestPayments(t *testing.T) {
	pinfu := "234m456p345s678s99m"
	daisangen := spec{hand: "777z234m99p", win: "2m", melds: []string{"pon=555z", "pon=666z"}}
	stacked := spec{hand: "777z111z22z", win: "2z", melds: []string{"pon=555z", "pon=666z"}}
	with := func(s spec, ron bool, mod func(*Win)) spec { s.ron, s.mod = ron, mod; return s }
	tests := []struct {
		name  string
		spec  spec
		rules func(*Rules)
		want  [4]int
	}{
		{"non-dealer ron: the discarder pays", spec{hand: pinfu, win: "4m", ron: true, mod: func(w *Win) { w.From = 3 }},
			nil, [4]int{0, 1000, 0, -1000}},
		{"dealer ron is 1.5 times", spec{hand: pinfu, win: "4m", ron: true, mod: dealer},
			nil, [4]int{1500, 0, -1500, 0}},
		{"non-dealer tsumo: the dealer pays double", spec{hand: pinfu, win: "4m"},
			nil, [4]int{-700, 1500, -400, -400}},
		{"dealer tsumo with 2 honba and a riichi stick", spec{hand: pinfu, win: "4m", mod: func(w *Win) { dealer(w); w.Honba, w.RiichiSticks = 2, 1 }},
			nil, [4]int{3700, -900, -900, -900}},
		{"ron with 3 honba and 2 sticks", spec{hand: pinfu, win: "4m", ron: true, mod: func(w *Win) { w.From = 2; w.Honba, w.RiichiSticks = 3, 2 }},
			nil, [4]int{0, 3900, -1900, 0}},
		{"pao on tsumo: the liable player pays all and the honba", with(daisangen, false, func(w *Win) { w.Pao, w.PaoSeat, w.Honba = true, 3, 1 }),
			nil, [4]int{0, 32300, 0, -32300}},
		{"pao on ron: split, the liable player pays the honba", with(daisangen, true, func(w *Win) { w.From, w.Pao, w.PaoSeat, w.Honba = 2, true, 3, 1 }),
			nil, [4]int{0, 32300, -16000, -16300}},
		{"pao on ron from the liable player: no split", with(daisangen, true, func(w *Win) { w.From, w.Pao, w.PaoSeat = 3, true, 3 }),
			nil, [4]int{0, 32000, 0, -32000}},
		{"pao covers stacked yakuman on Tenhou", with(stacked, false, func(w *Win) { w.Pao, w.PaoSeat = true, 2 }),
			nil, [4]int{0, 64000, -64000, 0}},
		{"pao for its own yakuman only", with(stacked, false, func(w *Win) { w.Pao, w.PaoSeat, w.Honba = true, 2, 1 }),
			func(r *Rules) { r.PaoCoversAll = false }, [4]int{-16100, 64300, -40100, -8100}},
		{"pao for its own yakuman only, on ron", with(stacked, true, func(w *Win) { w.From, w.Pao, w.PaoSeat, w.Honba = 3, true, 2, 1 }),
			func(r *Rules) { r.PaoCoversAll = false }, [4]int{0, 64300, -16000, -48300}},
		{"pao without a pao yakuman changes nothing", spec{hand: pinfu, win: "4m", mod: func(w *Win) { w.Pao, w.PaoSeat = true, 2 }},
			nil, [4]int{-700, 1500, -400, -400}},
		{"dealer pao tsumo", with(daisangen, false, func(w *Win) { dealer(w); w.Pao, w.PaoSeat = true, 1 }),
			nil, [4]int{48000, -48000, 0, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := tt.spec.build(t)
			r := Tenhou()
			if tt.rules != nil {
				tt.rules(&r)
			}
			res, err := Score(&w, &r)
			if err != nil {
				t.Fatal(err)
			}
			if res.Payments != tt.want {
				t.Errorf("payments %v, want %v", res.Payments, tt.want)
			}
			checkPayments(t, &w, &res)
		})
	}
}

// TestScoreErrors covers each kind of rejected input.
func TestScoreErrors(t *testing.T) {
	pinfu := "234m456p345s678s99m"
	tests := []struct {
		name string
		spec spec
		want error
	}{
		{"incomplete hand", spec{hand: "234m456p345s678s19m", win: "9m"}, ErrNotAgari},
		{"no yaku in an open hand", spec{hand: "234m456p345s99m", win: "4m", melds: []string{"chi=678s"}, ron: true}, ErrNoYaku},
		{"dora alone are not a yaku", spec{hand: "234m456p345s99m", win: "4m", melds: []string{"chi=678s"}, ron: true, dora: []string{"8m"}}, ErrNoYaku},
		{"13 tiles", spec{hand: "234m456p345s678s9m", win: "9m"}, ErrBadHand},
		{"too many tiles for the melds", spec{hand: pinfu, win: "4m", melds: []string{"pon=111z"}}, ErrBadHand},
		{"five of a kind with a meld", spec{hand: "2222m456p345s9m", win: "4p", melds: []string{"pon=222m"}}, ErrBadHand},
		{"winning tile not in the hand", spec{hand: pinfu, win: "1z"}, ErrBadHand},
		{"two red 5p", spec{hand: "234m406p345s99m", win: "4m", melds: []string{"pon=055p"}, ron: true}, ErrBadHand},
		{"bad meld", spec{hand: "234m456p345s99m", win: "4m", mod: func(w *Win) { w.AddMeld(Meld{Type: Chi, Tiles: [4]tile.Tile{0, 4, 12}}) }}, ErrBadHand},
		{"seat out of range", spec{hand: pinfu, win: "4m", mod: func(w *Win) { w.Seat = 4 }}, ErrBadWin},
		{"ron from oneself", spec{hand: pinfu, win: "4m", ron: true, mod: func(w *Win) { w.From = 1 }}, ErrBadWin},
		{"round wind not a wind", spec{hand: pinfu, win: "4m", mod: func(w *Win) { w.Round = tile.Haku }}, ErrBadWin},
		{"rinshan on a ron", spec{hand: pinfu, win: "4m", ron: true, mod: func(w *Win) { w.Rinshan = true }}, ErrBadWin},
		{"rinshan without a kan", spec{hand: pinfu, win: "4m", mod: func(w *Win) { w.Rinshan = true }}, ErrBadWin},
		{"houtei on a tsumo", spec{hand: pinfu, win: "4m", mod: func(w *Win) { w.Houtei = true }}, ErrBadWin},
		{"riichi in an open hand", spec{hand: "234m456p345s88m", win: "4m", melds: []string{"chi=678s"}, mod: riichi}, ErrBadWin},
		{"ippatsu without riichi", spec{hand: pinfu, win: "4m", mod: func(w *Win) { w.Ippatsu = true }}, ErrBadWin},
		{"tenhou for a non-dealer", spec{hand: pinfu, win: "4m", mod: func(w *Win) { w.Tenhou = true }}, ErrBadWin},
		{"chiihou for the dealer", spec{hand: pinfu, win: "4m", mod: func(w *Win) { dealer(w); w.Chiihou = true }}, ErrBadWin},
		{"pao on the winner", spec{hand: pinfu, win: "4m", mod: func(w *Win) { w.Pao, w.PaoSeat = true, 1 }}, ErrBadWin},
		{"negative honba", spec{hand: pinfu, win: "4m", mod: func(w *Win) { w.Honba = -1 }}, ErrBadWin},
		// Counters so large that the payments would overflow int.
		{"honba past MaxHonba", spec{hand: pinfu, win: "4m", mod: func(w *Win) { w.Honba = 30744573456182586 }}, ErrBadWin},
		{"sticks past MaxRiichiSticks", spec{hand: pinfu, win: "4m", mod: func(w *Win) { w.RiichiSticks = MaxRiichiSticks + 1 }}, ErrBadWin},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := tt.spec.build(t)
			r := Tenhou()
			_, err := Score(&w, &r)
			if !errors.Is(err, tt.want) {
				t.Fatalf("error %v, want %v", err, tt.want)
			}
		})
	}
	t.Run("honba points past MaxHonbaPoints", func(t *testing.T) {
		w := spec{hand: pinfu, win: "4m"}.build(t)
		r := Tenhou()
		r.HonbaPoints = 1 << 60
		if _, err := Score(&w, &r); !errors.Is(err, ErrBadRules) {
			t.Fatalf("error %v, want ErrBadRules", err)
		}
	})
	t.Run("kuitan off makes an open tanyao yakuless", func(t *testing.T) {
		w := spec{hand: "234m456p345s88m", win: "4m", melds: []string{"chi=678s"}, ron: true}.build(t)
		r := Tenhou()
		noKuitan(&r)
		if _, err := Score(&w, &r); !errors.Is(err, ErrNoYaku) {
			t.Fatalf("error %v, want ErrNoYaku", err)
		}
	})
}
