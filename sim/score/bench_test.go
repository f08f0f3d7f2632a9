package score

import "testing"

// benchSpecs are varied winning hands: closed and open, tsumo and ron,
// several decompositions, seven pairs, kans, yakuman.
var benchSpecs = []spec{
	{hand: "234m456p345s678s99m", win: "4m", mod: riichi},                        // riichi pinfu tsumo
	{hand: "234m406p345s88m", win: "4m", melds: []string{"chi=678s"}, ron: true}, // kuitan with a red five
	{hand: "111222333m456p55s", win: "3m", ron: true, mod: riichi},               // three decompositions
	{hand: "223344m556677p99s", win: "2m", ron: true},                            // ryanpeikou vs chiitoitsu
	{hand: "1155m2288p3377s11z", win: "1z"},                                      // chiitoitsu
	{hand: "11123455678999m", win: "5m"},                                         // junsei chuuren
	{hand: "119m19p19s1234567z", win: "1m", ron: true},                           // kokushi 13-wait
	{hand: "567m88p", win: "5m", melds: []string{"ankan=2222m", "kan=3333p", "kakan=4444s"}, dora: []string{"1m", "4s"}},
	{hand: "999s111z22z", win: "2z", melds: []string{"pon=111m", "pon=999p"}, ron: true}, // honroutou toitoi
	{hand: "111m234m567m888m99m", win: "9m", ron: true},                                  // chinitsu
}

func benchWins(tb testing.TB) []Win {
	wins := make([]Win, len(benchSpecs))
	for i, s := range benchSpecs {
		s.dora = append(s.dora, "3m")
		wins[i] = s.build(tb)
		wins[i].Honba = 1
	}
	return wins
}

// BenchmarkScore scores every win of the real Tenhou games of the shared
// corpus (14,980 AGARI tags, each with the rules of its game) in turn: the
// work a replay or a simulation meets, not a few chosen hands. ns/op is per
// hand. Without ../shared it skips; BenchmarkScoreFixed runs anywhere.
func BenchmarkScore(b *testing.B) {
	agari := loadTenhouAgari(b)
	wins := make([]Win, 0, len(agari))
	rules := make([]Rules, 0, len(agari))
	for i := range agari {
		w, err := agari[i].win()
		if err != nil {
			b.Fatal(err)
		}
		wins, rules = append(wins, w), append(rules, agari[i].rules)
	}
	b.ReportAllocs()
	b.ResetTimer()
	i := 0
	for b.Loop() {
		Score(&wins[i], &rules[i])
		if i++; i == len(wins) {
			i = 0
		}
	}
}

// BenchmarkScoreFixed scores each hand of benchSpecs in turn (ten chosen
// shapes: closed and open, several decompositions, yakuman); ns/op is per
// hand.
func BenchmarkScoreFixed(b *testing.B) {
	wins := benchWins(b)
	r := Tenhou()
	for i := range wins {
		if _, err := Score(&wins[i], &r); err != nil {
			b.Fatalf("hand %d: %v", i, err)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	i := 0
	for b.Loop() {
		Score(&wins[i], &r)
		if i++; i == len(wins) {
			i = 0
		}
	}
}

// BenchmarkScoreSanma is BenchmarkScore over the wins of the 3-player games
// (every complete game of the shared corpus, with kita); ns/op is per hand.
func BenchmarkScoreSanma(b *testing.B) {
	_, agari := loadSanmaAgari(b)
	wins := make([]Win, 0, len(agari))
	for i := range agari {
		w, err := agari[i].win()
		if err != nil {
			b.Fatal(err)
		}
		wins = append(wins, w)
	}
	r := TenhouSanma()
	b.ReportAllocs()
	b.ResetTimer()
	i := 0
	for b.Loop() {
		Score(&wins[i], &r)
		if i++; i == len(wins) {
			i = 0
		}
	}
}

// TestScoreAllocs checks that scoring a win, and rejecting a hand that is
// not complete or has no yaku, allocates nothing.
func TestScoreAllocs(t *testing.T) {
	wins := benchWins(t)
	notAgari := spec{hand: "234m456p345s678s19m", win: "9m"}.build(t)
	noYaku := spec{hand: "234m456p345s99m", win: "4m", melds: []string{"chi=678s"}, ron: true}.build(t)
	wins = append(wins, notAgari, noYaku)
	r := Tenhou()
	for i := range wins {
		w := &wins[i]
		if n := testing.AllocsPerRun(100, func() { Score(w, &r) }); n != 0 {
			t.Errorf("hand %d (%v): %v allocations per Score", i, w.Hand[:w.NumHand], n)
		}
	}
	sanma, r3 := baimanSpec.build(t), TenhouSanma()
	if n := testing.AllocsPerRun(100, func() { Score(&sanma, &r3) }); n != 0 {
		t.Errorf("3-player win with kita: %v allocations per Score", n)
	}
}

func TestScoreNilRules(t *testing.T) {
	w := benchWins(t)[0]
	r := Tenhou()
	want, err := Score(&w, &r)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Score(&w, nil)
	if err != nil || got != want {
		t.Fatalf("nil rules: %+v %v, want %+v", got, err, want)
	}
	if n := testing.AllocsPerRun(100, func() { Score(&w, nil) }); n != 0 {
		t.Errorf("%v allocations with nil rules", n)
	}
}
