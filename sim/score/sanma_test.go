package score

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/internal/shareddata"
	"github.com/mjrank/mjrank/sim/tile"
)

// sanmaGoType is the GO type of the shared 3-player games: 0xB9, Houou,
// east-south, red fives, kuitan.
const sanmaGoType = 185

// loadSanmaAgari reads every AGARI of the complete 3-player games that
// INDEX.tsv lists with GO type sanmaGoType, one copy per game. It reads
// them all, sample or not: they are few and quick to score.
func loadSanmaAgari(t testing.TB) (games int, wins []tenhouAgari) {
	t.Helper()
	dir := shareddata.Dir(t, "tenhou")
	idx, err := shareddata.ReadIndex(dir)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, e := range idx {
		if e.GoType != sanmaGoType || !e.Complete || seen[e.Key] {
			continue
		}
		seen[e.Key] = true
		games++
		wins = readAgari(t, dir, e.Rel, lobbyRules(sanmaGoType), wins)
	}
	return games, wins
}

// sanmaCase is a rule of the 3-player game the records decide, with the
// test that picks the wins showing it.
type sanmaCase struct {
	rule string
	has  func(a *tenhouAgari, w *Win, res *Result) bool
}

// sanmaCases are the rules the records must show at least once each, in a
// win whose score the rule changes (dora do not count in a yakuman hand): a
// rule no record exercises is not proven by them.
var sanmaCases = []sanmaCase{
	{"dealer tsumo: two payers of 2·base each", func(a *tenhouAgari, w *Win, res *Result) bool { return w.Tsumo && w.IsDealer() }},
	{"non-dealer tsumo: 2·base by the dealer, 1·base by the other", func(a *tenhouAgari, w *Win, res *Result) bool { return w.Tsumo && !w.IsDealer() }},
	{"tsumo with honba: 100 a honba from each payer", func(a *tenhouAgari, w *Win, res *Result) bool { return w.Tsumo && w.Honba > 0 }},
	{"ron with honba: 200 a honba from the discarder", func(a *tenhouAgari, w *Win, res *Result) bool { return !w.Tsumo && w.Honba > 0 }},
	{"double ron: the later winner without honba and sticks", func(a *tenhouAgari, w *Win, res *Result) bool {
		ba := ints(a.attrs["ba"])
		return a.second && len(ba) == 2 && ba[0]+ba[1] > 0
	}},
	{"kita counted within dora (52)", func(a *tenhouAgari, w *Win, res *Result) bool { return w.Kita > 0 && res.Yakuman == 0 }},
	{"kita with a North dora (indicator West): two han each", func(a *tenhouAgari, w *Win, res *Result) bool {
		return w.Kita > 0 && res.Yakuman == 0 && shows(w.Dora[:w.NumDora], tile.West)
	}},
	{"kita with a North ura dora (ura indicator West)", func(a *tenhouAgari, w *Win, res *Result) bool {
		return w.Kita > 0 && res.Yakuman == 0 && (w.Riichi || w.DoubleRiichi) && shows(w.UraDora[:w.NumUraDora], tile.West)
	}},
	{"indicator 1m shows 9m", func(a *tenhouAgari, w *Win, res *Result) bool {
		return res.Yakuman == 0 && shows(w.Dora[:w.NumDora], tile.Man1) && holds(w, tile.Man9)
	}},
	{"indicator 9m shows 1m", func(a *tenhouAgari, w *Win, res *Result) bool {
		return res.Yakuman == 0 && shows(w.Dora[:w.NumDora], tile.Man9) && holds(w, tile.Man1)
	}},
	{"rinshan kaihou on the kita's replacement tile", func(a *tenhouAgari, w *Win, res *Result) bool {
		return w.Rinshan && w.Kita > 0 && !hasKan(w)
	}},
	{"ron on a kita (robbing the North): no chankan", func(a *tenhouAgari, w *Win, res *Result) bool {
		return a.afterKita && !w.Chankan && res.Yakuman == 0
	}},
}

func shows(indicators []tile.Tile, k tile.Kind) bool {
	for _, t := range indicators {
		if t.Kind() == k {
			return true
		}
	}
	return false
}

func holds(w *Win, k tile.Kind) bool {
	for _, t := range w.Hand[:w.NumHand] {
		if t.Kind() == k {
			return true
		}
	}
	return false
}

func hasKan(w *Win) bool {
	for _, m := range w.Melds[:w.NumMelds] {
		if m.Type.IsKan() {
			return true
		}
	}
	return false
}

// roundName names the round of a win as a reader finds it: "E2-1" is East 2
// with one honba, numbered by the dealer's seat.
func (a *tenhouAgari) roundName() string {
	honba := 0
	if ba := ints(a.attrs["ba"]); len(ba) == 2 {
		honba = ba[0]
	}
	return fmt.Sprintf("%c%d-%d", "ESWN"[a.round/4%4], a.round%4+1, honba)
}

// TestTenhouSanmaLogs checks Score under [TenhouSanma] against Tenhou's own
// scoring of every win of the complete 3-player games in the shared
// records: yaku and yakuman with han, fu, points, limit and every seat's
// point change, with the Kita read from the AGARI tag's m codes. Each rule
// of sanmaCases must be shown by some win; the first one is logged.
func TestTenhouSanmaLogs(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus test: skipped with -short")
	}
	games, wins := loadSanmaAgari(t)
	if games < 4000 || len(wins) < 30000 {
		t.Fatalf("only %d 3-player games with %d AGARI tags found", games, len(wins))
	}
	failed, rons, tsumos, kita, robbed := 0, 0, 0, 0, 0
	first := make([]string, len(sanmaCases))
	for i := range wins {
		a := &wins[i]
		w, res, msg := a.compare()
		if msg == "" && res.Payments[3] != 0 {
			msg = fmt.Sprintf("seat 3 pays %d", res.Payments[3])
		}
		if msg != "" {
			failed++
			if failed <= 30 {
				t.Errorf("%s %s: AGARI %v: %s", a.file, a.roundName(), a.attrs, msg)
			}
			continue
		}
		if w.Tsumo {
			tsumos++
		} else {
			rons++
		}
		if w.Kita > 0 {
			kita++
		}
		if a.afterKita {
			robbed++
		}
		for j, c := range sanmaCases {
			if first[j] == "" && c.has(a, &w, &res) {
				first[j] = strings.TrimSuffix(filepath.Base(a.file), filepath.Ext(a.file)) + " " + a.roundName()
			}
		}
	}
	t.Logf("Tenhou 3-player logs: %d games, %d wins (%d ron, %d tsumo, %d with kita, %d robbing a kita), %d differ",
		games, len(wins), rons, tsumos, kita, robbed, failed)
	for j, c := range sanmaCases {
		if first[j] == "" {
			t.Errorf("no agreeing win shows %q", c.rule)
			continue
		}
		t.Logf("%-62s first in %s", c.rule, first[j])
	}
	if failed > 0 {
		t.Errorf("%d of %d wins differ", failed, len(wins))
	}
}

func sanma(r *Rules) { *r = TenhouSanma() }

// baimanKita makes a riichi pinfu ittsu with 2 kita, a 9p dora and a 3s
// dora a baiman (9 han); as built by spec, South (seat 1) wins by tsumo.
func baimanKita(w *Win) { w.Riichi, w.Kita = true, 2 }

var baimanSpec = spec{hand: "123456789p345s99s", win: "9p", dora: []string{"8p", "2s"}, mod: baimanKita}

// TestSanmaPayments checks the 3-player payments against hands worked out
// by hand: tsumo-son (no fourth payer), 200 a honba, the sticks to the
// winner, seat 3 untouched.
func TestSanmaPayments(t *testing.T) {
	tests := []struct {
		name   string
		mod    func(*Win)
		han    int
		points int
		pay    [NumSeats]int
	}{
		{"dealer tsumo: 8000 from each of two", func(w *Win) { w.Seat, w.Dealer = 0, 0 },
			9, 16000, [NumSeats]int{16000, -8000, -8000, 0}},
		{"non-dealer tsumo: 8000 dealer, 4000 other", nil,
			9, 12000, [NumSeats]int{-8000, 12000, -4000, 0}},
		{"tsumo with 2 honba and a stick: +200 each payer", func(w *Win) { w.Honba, w.RiichiSticks = 2, 1 },
			9, 12000, [NumSeats]int{-8200, 13400, -4200, 0}},
		{"dealer 2, winner seat 0: the dealer pays double", func(w *Win) { w.Seat, w.Dealer = 0, 2 },
			9, 12000, [NumSeats]int{12000, -4000, -8000, 0}},
		{"ron with 2 honba: +400 from the discarder", func(w *Win) { w.Tsumo, w.From, w.Honba = false, 2, 2 },
			8, 16000, [NumSeats]int{0, 16400, -16400, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := baimanSpec.build(t)
			if tt.mod != nil {
				tt.mod(&w)
			}
			r := TenhouSanma()
			res, err := Score(&w, &r)
			if err != nil {
				t.Fatal(err)
			}
			if res.Han != tt.han || res.Limit != Baiman || res.Points != tt.points || res.Payments != tt.pay {
				t.Fatalf("%d han %v: %d points, payments %v; want %d han baiman, %d, %v (%v)",
					res.Han, res.Limit, res.Points, res.Payments, tt.han, tt.points, tt.pay, res.YakuList())
			}
			checkPayments(t, &w, &res)
		})
	}
}

// TestSanmaScoring covers what a 3-player game scores differently: the kita
// as dora (twice when North is dora), 1m showing 9m, the seat winds of three
// seats, rinshan on the kita's replacement tile.
func TestSanmaScoring(t *testing.T) {
	kita := func(n uint8) func(*Win) { return func(w *Win) { w.Kita = n } }
	runScoreCases(t, []scoreCase{
		{"kita are dora inside Dora", baimanSpec, sanma,
			"Riichi 1, Menzen Tsumo 1, Pinfu 1, Ittsu 2, Dora 4", 9, 20, 12000, Baiman},
		{"a North dora doubles each kita", spec{hand: "123p456p789p345s99s", win: "3s", dora: []string{"3z"}, mod: kita(2)}, sanma,
			"Menzen Tsumo 1, Pinfu 1, Ittsu 2, Dora 4", 8, 20, 12000, Baiman},
		{"indicator 1m shows 9m", spec{hand: "123p456p789p345s99m", win: "3s", ron: true, dora: []string{"1m"}}, sanma,
			"Pinfu 1, Ittsu 2, Dora 2", 5, 30, 8000, Mangan},
		{"indicator 9m shows 1m", spec{hand: "123p456p789p345s11m", win: "3s", ron: true, dora: []string{"9m"}}, sanma,
			"Pinfu 1, Ittsu 2, Dora 2", 5, 30, 8000, Mangan},
		{"seat 0 is South when seat 2 deals", spec{hand: "123p456p789s99s222z", win: "2z", ron: true,
			mod: func(w *Win) { w.Seat, w.Dealer, w.From = 0, 2, 1 }}, sanma,
			"Seat Wind South 1", 1, 40, 1300, NoLimit},
		{"rinshan on a kita's replacement", spec{hand: "123p456p789p345s99s", win: "3s",
			mod: func(w *Win) { w.Kita, w.Rinshan = 1, true }}, sanma,
			"Rinshan Kaihou 1, Menzen Tsumo 1, Pinfu 1, Ittsu 2, Dora 1", 6, 20, 9000, Haneman},
	})
}

// TestSanmaBadWins checks that a 3-player win with what a 3-player game
// lacks, and a kita in a 4-player game, are refused with an error naming
// it, never scored.
func TestSanmaBadWins(t *testing.T) {
	ok := spec{hand: "123p456p789p345s99s", win: "3s"}
	tests := []struct {
		name  string
		spec  spec
		four  bool // under Tenhou's 4-player rules
		cause error
		says  string
	}{
		{"a 2m in the hand", spec{hand: "234m456p789p345s99s", win: "3s"}, false, ErrBadHand, "2m"},
		{"an 8m in a meld", spec{hand: "456p789p345s99s", win: "3s", melds: []string{"pon=888m"}}, false, ErrBadHand, "8m"},
		{"a chi", spec{hand: "456p789p345s99s", win: "3s", melds: []string{"chi=123p"}}, false, ErrBadHand, "chi"},
		{"a dora indicator 5m", spec{hand: ok.hand, win: ok.win, dora: []string{"5m"}}, false, ErrBadWin, "dora indicator"},
		{"an ura dora indicator 3m", spec{hand: ok.hand, win: ok.win, ura: []string{"3m"}, mod: riichi}, false, ErrBadWin, "ura dora indicator"},
		{"seat 3 wins", spec{hand: ok.hand, win: ok.win, mod: func(w *Win) { w.Seat = 3 }}, false, ErrBadWin, "seat 3"},
		{"seat 3 deals", spec{hand: ok.hand, win: ok.win, mod: func(w *Win) { w.Dealer = 3 }}, false, ErrBadWin, "dealer 3"},
		{"ron from seat 3", spec{hand: ok.hand, win: ok.win, ron: true, mod: func(w *Win) { w.From = 3 }}, false, ErrBadWin, "from seat 3"},
		{"pao on seat 3", spec{hand: ok.hand, win: ok.win, mod: func(w *Win) { w.Pao, w.PaoSeat = true, 3 }}, false, ErrBadWin, "pao seat 3"},
		{"five Norths with the kita", spec{hand: "123p456p789p99s444z", win: "4z", mod: func(w *Win) { w.Kita = 2 }}, false, ErrBadHand, "5 North"},
		{"rinshan without kan or kita", spec{hand: ok.hand, win: ok.win, mod: func(w *Win) { w.Rinshan = true }}, false, ErrBadWin, "rinshan"},
		{"a kita in a 4-player game", spec{hand: ok.hand, win: ok.win, mod: func(w *Win) { w.Kita = 1 }}, true, ErrBadWin, "kita"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := tt.spec.build(t)
			r := TenhouSanma()
			if tt.four {
				r = Tenhou()
			}
			_, err := Score(&w, &r)
			if !errors.Is(err, tt.cause) || !strings.Contains(err.Error(), tt.says) {
				t.Fatalf("Score: %v; want %v saying %q", err, tt.cause, tt.says)
			}
		})
	}
}
