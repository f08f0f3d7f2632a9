package review

import (
	"context"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/mc"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/hand"
	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// whyRound plays East 1 from the starting hands (seat 0 deals), the draws
// in the order they are drawn and the dora indicator, then moves: each
// the current seat's discard, "*" the tile just drawn, "r*" a riichi with
// it, a kind ("7z") a tile of that kind from the hand. Every answer to a
// discard but the last one's is a pass (as opponent's tests script
// rounds).
func whyRound(t *testing.T, hands [4]string, draws, dora string, moves []string) *game.Round {
	t.Helper()
	all := tile.MustParse(hands[0] + hands[1] + hands[2] + hands[3] + draws + dora)
	nd := len(all) - 53
	var w game.Wall
	used := map[tile.Tile]bool{}
	for _, x := range all {
		used[x] = true
	}
	copy(w[:52+nd], all[:52+nd])
	w[game.DoraIndex] = all[len(all)-1]
	next := tile.Tile(0)
	for i := range w {
		if i < 52+nd || i == game.DoraIndex {
			continue
		}
		for used[next] {
			next++
		}
		w[i] = next
		next++
	}
	rules := game.Tenhou(game.Hanchan)
	r, err := game.NewRound(&rules, game.RoundSetup{Scores: [4]int{25000, 25000, 25000, 25000}}, &w)
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range moves {
		for s := range game.NumSeats {
			if r.Phase() == game.PhaseCall && r.MustAnswer(s) {
				if err := r.Apply(game.Action{Type: game.Pass, Seat: uint8(s)}); err != nil {
					t.Fatal(err)
				}
			}
		}
		seat := r.Current()
		a := game.Action{Type: game.Discard, Seat: uint8(seat), Tile: r.Drawn()}
		switch m {
		case "*":
		case "r*":
			a.Type = game.Riichi
		default:
			k := tile.MustParseKind(m)
			a.Tile = tile.NumTiles
			for _, x := range r.Hand(seat) {
				if x.Kind() == k && x != r.Drawn() {
					a.Tile = x
				}
			}
			if a.Tile == tile.NumTiles {
				t.Fatalf("move %d: seat %d holds no %v", i, seat, k)
			}
		}
		if err := r.Apply(a); err != nil {
			t.Fatalf("move %d: %v", i, err)
		}
	}
	return r
}

// stubReader reads every opponent not in riichi as tenpai with P tenpai,
// and each kind as winning for them with P wait[kind] (def if absent).
type stubReader struct {
	tenpai float64
	wait   map[string]float64
	def    float64
}

func (s stubReader) Tenpai(*opponent.Public) float64 { return s.tenpai }
func (s stubReader) WaitProb(_ *opponent.Public, k tile.Kind) float64 {
	if p, ok := s.wait[k.String()]; ok {
		return p
	}
	return s.def
}

// figures are a candidate's outcomes in a test.
type figures struct {
	win, dealIn, points, rank float64
	last                      float64 // P(last place)
}

func (f figures) candidate(a game.Action, discard tile.Tile) mc.Candidate {
	return mc.Candidate{Action: a, Discard: discard, Sims: 1000, PWin: f.win, PDealIn: f.dealIn,
		PDraw: 1 - f.win - f.dealIn, ScoreChange: f.points, ExpectedRank: f.rank,
		RankDist: [4]float64{0.25, 0.25, 0.5 - f.last, f.last}}
}

// discardOf is seat's discard of a tile of kind k from its hand.
func discardOf(t *testing.T, r *game.Round, seat int, typ game.ActionType, k string) game.Action {
	t.Helper()
	for _, x := range r.Hand(seat) {
		if x.Kind() == tile.MustParseKind(k) {
			return game.Action{Type: typ, Seat: uint8(seat), Tile: x}
		}
	}
	t.Fatalf("seat %d holds no %s", seat, k)
	return game.Action{}
}

// tenpaiRound: seat 0 holds 123m456m789m23p99s and draws 5s, the dora
// indicator 1p, no discard yet.
func tenpaiRound(t *testing.T) *game.Round {
	return whyRound(t, [4]string{"123m456m789m23p99s", "111222333444z5z", "666z777z11s88s22s8m", "555z11s22s8s666p88p"},
		"5s", "1p", nil)
}

// TestWhyKeepsTenpai: 5s keeps tenpai, 3p breaks it. Counted by hand:
// after 5s the hand waits on 1p and 4p, 3 + 4 live (the dora indicator
// is a 1p), a ron pays the dealer 11,600 on either (ittsu, pinfu, the
// dora 2p: 4 han 30 fu); after 3p it is 1-shanten, lowered by 1p 2p 3p 4p 3s 4s 5s 6s
// 7s 9s: 3 + 3 + 3 + 4 + 4 + 4 + 3 + 4 + 4 + 2 = 34 live (2p, 5s and 9s
// less those held, 3p less the one let go, 1p less the indicator).
func TestWhyKeepsTenpai(t *testing.T) {
	r := tenpaiRound(t)
	pick := figures{win: 0.36, dealIn: 0.05, points: 2100, rank: 2.1, last: 0.14}.candidate(discardOf(t, r, 0, game.Discard, "5s"), tile.NoTile)
	played := figures{win: 0.03, dealIn: 0.06, points: -400, rank: 2.5, last: 0.22}.candidate(discardOf(t, r, 0, game.Discard, "3p"), tile.NoTile)
	an := &mc.Analysis{Candidates: []mc.Candidate{pick, played}}
	w := Explain(r, 0, an, &an.Candidates[1], stubReader{tenpai: 0.1, def: 0.05})

	if w.VersusIs != "pick" || w.Versus.Shanten != 0 || w.Versus.Waits != "14p" || w.Versus.WaitsLive != 7 {
		t.Errorf("5s: %+v", w.Versus.Shape)
	}
	if w.Played.Shanten != 1 || w.Played.ShantenBefore != 0 || w.Played.Ukeire != 34 || w.Played.UkeireKinds != "1234p345679s" {
		t.Errorf("3p: %+v", w.Played.Shape)
	}
	if math.Abs(w.Diff.PWin-(0.03-0.36)) > 1e-12 || w.Diff.Shanten != 1 || w.Diff.Ukeire != 34-7 {
		t.Errorf("diff %+v", w.Diff)
	}
	// Sizes: win 0.33, points 2,500 / 10,000 = 0.25, draw 0.32 / 2 = 0.16
	// (0.59 against 0.91), last 0.08, deal-in 0.01: the first three are
	// said, in that order.
	want := "5s keeps tenpai on 1-4p, 7 tiles live, ron up to 11,600, where 3p breaks tenpai (1-shanten, 34 tiles): win 36 % against 3 %; " +
		"points this round +2,100 against −400; draw 59 % against 91 %"
	if w.Sentence != want {
		t.Errorf("sentence\n %q, want\n %q", w.Sentence, want)
	}
}

// TestWhyIntoRiichi: South declared riichi with 5m; West and North let
// tiles go after it. 5m is safe against South (its river), 0.1 × 0.2
// against West and North each; 3p deals in 1 × 0.12 to South and 0.1 ×
// 0.12 to the two others: 14.4 % in all.
func TestWhyIntoRiichi(t *testing.T) {
	r := whyRound(t, [4]string{"123m456m789m34p99s", "123p456p789p1122z", "333z444z666z777z5z", "555z111s222s333s4s"},
		"1z5m8s7s6s", "8m", []string{"*", "r*", "*", "*"})
	if !r.InRiichi(1) || r.Current() != 0 || r.Phase() != game.PhaseTurn {
		t.Fatalf("the position: riichi %v, seat %d to move in %v", r.InRiichi(1), r.Current(), r.Phase())
	}
	pick := figures{win: 0.18, dealIn: 0.03, points: -300, rank: 2.4, last: 0.12}.candidate(discardOf(t, r, 0, game.Discard, "5m"), tile.NoTile)
	played := figures{win: 0.20, dealIn: 0.15, points: -900, rank: 2.6, last: 0.20}.candidate(discardOf(t, r, 0, game.Discard, "3p"), tile.NoTile)
	played.PDraw = pick.PDraw // only the deal-in, the rank and the points differ much
	an := &mc.Analysis{Candidates: []mc.Candidate{pick, played}}
	w := Explain(r, 0, an, &an.Candidates[1], stubReader{tenpai: 0.1, wait: map[string]float64{"3p": 0.12, "5m": 0.2}, def: 0.3})

	if o := w.Opponents[0]; o.Seat != 1 || !o.Riichi || o.PTenpai != 1 || !o.Threat || w.Opponents[1].Threat {
		t.Errorf("opponents %+v", w.Opponents)
	}
	if math.Abs(w.Versus.TileDealIn-0.04) > 1e-12 || w.Versus.DealIn[0].P != 0 || math.Abs(w.Played.TileDealIn-0.144) > 1e-12 {
		t.Errorf("tile risks: 5m %+v, 3p %+v", w.Versus.DealIn, w.Played.DealIn)
	}
	want := "5m is safe against South (riichi) but deals in 4 % to West and North, where 3p deals in 14 % to South (riichi): deal-in 3 % against 15 %; " +
		"last 12 % against 20 %; points this round −300 against −900"
	if w.Sentence != want {
		t.Errorf("sentence\n %q, want\n %q", w.Sentence, want)
	}
}

// ponRound: seat 0 let its drawn 9p go and holds 123m456m77z24p58s1z;
// North discards a 7z, which seat 0 may pon.
func ponRound(t *testing.T) *game.Round {
	return whyRound(t, [4]string{"123m456m77z24p58s1z", "111z222z333z444z5z", "555z666z1111s222s", "7z666p777p999s33s9m"},
		"9p8m2m6z", "1m", []string{"*", "*", "*", "7z"})
}

// TestWhyPon: pon 7z, then 1z let go, leaves 123m456m24p58s with the pon:
// 1-shanten, lowered by 3p (4 live), 5s and 8s (3 each): 10 tiles, counted
// by hand. Passing keeps the 2-shanten hand, whose live ukeire the test
// asks hand.Ukeire with the visible tiles written out: 9p 8m 2m 7z in the
// rivers, 1m the indicator.
func TestWhyPon(t *testing.T) {
	r := ponRound(t)
	var pon game.Action
	for _, a := range r.Legal(0, nil) {
		if a.Type == game.Pon {
			pon = a
		}
	}
	if pon.Type != game.Pon {
		t.Fatal("seat 0 cannot pon")
	}
	one := discardOf(t, r, 0, game.Discard, "1z").Tile
	pick := figures{win: 0.31, dealIn: 0.09, points: 600, rank: 2.45, last: 0.2}.candidate(pon, one)
	played := figures{win: 0.22, dealIn: 0.03, points: -200, rank: 2.55, last: 0.2}.candidate(game.Action{Type: game.Pass, Seat: 0}, tile.NoTile)
	played.PDraw = pick.PDraw
	an := &mc.Analysis{Candidates: []mc.Candidate{pick, played}}
	w := Explain(r, 0, an, &an.Candidates[1], stubReader{tenpai: 0.1, wait: map[string]float64{"1z": 0.05}, def: 0.3})

	c, seen := tile.MustParseCounts("123m456m77z24p58s1z"), tile.MustParseCounts("9p8m2m7z1m")
	sh, _, live := hand.Ukeire(&c, &seen)
	if w.Played.Shanten != int(sh) || w.Played.Ukeire != live || w.Played.Discard != "" {
		t.Errorf("pass: %+v, want %d-shanten with %d", w.Played.Shape, sh, live)
	}
	if w.Versus.Shanten != 1 || w.Versus.ShantenBefore != 2 || w.Versus.Ukeire != 10 || w.Versus.UkeireKinds != "3p58s" {
		t.Errorf("pon: %+v", w.Versus.Shape)
	}
	want := "pon 7z moves to 1-shanten with 10 tiles, where pass keeps 2-shanten with " + whyPlural(live, "tile") +
		": win 31 % against 22 %; points this round +600 against −200; " +
		"pon 7z deals in 2 % to South, West and North, where pass lets no tile go: deal-in 9 % against 3 %"
	if w.Sentence != want {
		t.Errorf("sentence\n %q, want\n %q", w.Sentence, want)
	}
}

// TestWhyRiichiDama: riichi and dama on the same tile are told apart by
// name and by what a ron pays (riichi makes the 4 han 30 fu a dealer's
// mangan, 12,000), and a pick that is the played move is set against the
// runner-up.
func TestWhyRiichiDama(t *testing.T) {
	r := tenpaiRound(t)
	riichi := figures{win: 0.42, dealIn: 0.05, points: 3100, rank: 2.0}.candidate(discardOf(t, r, 0, game.Riichi, "5s"), tile.NoTile)
	dama := figures{win: 0.35, dealIn: 0.05, points: 2400, rank: 2.1}.candidate(discardOf(t, r, 0, game.Discard, "5s"), tile.NoTile)
	dama.PDraw = riichi.PDraw
	an := &mc.Analysis{Candidates: []mc.Candidate{riichi, dama}}
	w := Explain(r, 0, an, &an.Candidates[0], stubReader{def: 0.1})
	want := "riichi 5s keeps tenpai on 1-4p, 7 tiles live, ron up to 12,000, where dama 5s keeps tenpai on 1-4p, 7 tiles live, ron up to 11,600: " +
		"win 42 % against 35 %; points this round +3,100 against +2,400"
	if w.VersusIs != "runner_up" || w.Sentence != want {
		t.Errorf("versus %s, sentence\n %q, want\n %q", w.VersusIs, w.Sentence, want)
	}
	one := &mc.Analysis{Candidates: an.Candidates[:1]}
	if w := Explain(r, 0, one, &one.Candidates[0], stubReader{}); w.VersusIs != "none" || w.Sentence != "riichi 5s is the only move" {
		t.Errorf("one move: %s, %q", w.VersusIs, w.Sentence)
	}
}

// TestWhyRonValue: after a pon of 7z the hand 123m456m24p55s waits on 3p
// with yakuhai: 2 han (chun, the dora 2m) 30 fu (20, 4 for the open
// honour pon, 2 for the kanchan), 2,900 from the dealer; after a pon of
// 8s it has no yaku.
func TestWhyRonValue(t *testing.T) {
	r := ponRound(t)
	v := game.ViewOf(r, 0)
	rules := r.Rules()
	ts := tile.MustParse("123m456m24p55s")
	live := tile.KindSet(0).Add(tile.MustParseKind("3p"))
	res, ok := ronValue(v, &rules.Score, ts, []score.Meld{score.MustParseMeld("pon=777z")}, live, false)
	if !ok || res.Points != 2900 || res.Han != 2 || res.Fu != 30 || !strings.Contains(yakuNames(&res), "Chun") {
		t.Errorf("pon 7z: %v %d points %d han %d fu %q", ok, res.Points, res.Han, res.Fu, yakuNames(&res))
	}
	if _, ok := ronValue(v, &rules.Score, ts, []score.Meld{score.MustParseMeld("pon=888s")}, live, false); ok {
		t.Error("pon 8s: a yaku")
	}
}

// TestWhyAlike: moves whose figures differ by less than MinDifference
// are said to play out alike.
func TestWhyAlike(t *testing.T) {
	r := tenpaiRound(t)
	a := figures{win: 0.300, dealIn: 0.05, points: 1000, rank: 2.2}.candidate(discardOf(t, r, 0, game.Discard, "1m"), tile.NoTile)
	b := figures{win: 0.305, dealIn: 0.05, points: 1010, rank: 2.2}.candidate(discardOf(t, r, 0, game.Discard, "4m"), tile.NoTile)
	an := &mc.Analysis{Candidates: []mc.Candidate{a, b}}
	w := Explain(r, 0, an, &an.Candidates[1], stubReader{})
	if !strings.HasPrefix(w.Sentence, "1m and 4m play out alike") {
		t.Errorf("sentence %q", w.Sentence)
	}
}

// TestWhyJSON: the why of an engine's analysis, and of figures that are
// NaN (no simulation), marshals (JSON holds no NaN), with the real
// opponent models.
func TestWhyJSON(t *testing.T) {
	eng, err := mc.Default()
	if err != nil {
		t.Fatal(err)
	}
	opp, err := opponent.Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []*game.Round{tenpaiRound(t), ponRound(t)} {
		seat := r.ToAct()
		an, err := eng.Analyze(context.Background(), game.ViewOf(r, seat), r.Legal(seat, nil), mc.Options{Sims: 64, Workers: 1, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		last := &an.Candidates[len(an.Candidates)-1]
		last.PWin, last.ScoreChange, last.RankDist[0] = math.NaN(), math.Inf(1), math.NaN()
		for i := range an.Candidates {
			w := Explain(r, seat, an, &an.Candidates[i], opp)
			b, err := json.Marshal(w)
			if err != nil {
				t.Fatalf("%s: %v", an.Candidates[i].String(), err)
			}
			if w.Sentence == "" || strings.Contains(w.Sentence, "NaN") || !strings.Contains(string(b), `"sentence"`) {
				t.Errorf("%s: %s", an.Candidates[i].String(), b)
			}
		}
	}
}

// BenchmarkExplain times the why of one decision (the tenpai position's
// analysis at 64 simulations, with the embedded opponent models).
func BenchmarkExplain(b *testing.B) {
	t := &testing.T{}
	r := tenpaiRound(t)
	eng, err := mc.Default()
	if err != nil {
		b.Fatal(err)
	}
	opp, err := opponent.Default()
	if err != nil {
		b.Fatal(err)
	}
	an, err := eng.Analyze(context.Background(), game.ViewOf(r, 0), r.Legal(0, nil), mc.Options{Sims: 64, Workers: 1, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		Explain(r, 0, an, &an.Candidates[len(an.Candidates)-1], opp)
	}
}
