package opponent_test

import (
	"math"
	"os"
	"testing"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/records"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

const testGame = "../data/testdata/selfplay.xml"

// positions replays the test game and returns, after each discard, the
// discarder's public view (copied) and whether it was tenpai.
func positions(t testing.TB) (pubs []*opponent.Public, tenpai []bool) {
	f, err := os.Open(testGame)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, _, err := records.NewReader(f, testGame)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Next() {
		t.Fatal(r.Err())
	}
	var rep data.ReplayReport
	for st := range data.ReplaySteps(r.Game(), &rep) {
		e, ok := st.LastEvent()
		if !ok || e.Type != data.EventDiscard {
			continue
		}
		seat := int(e.Seat)
		pubs = append(pubs, opponent.NewPublic(game.ViewOf(st.Engine, seat), seat))
		tenpai = append(tenpai, st.Engine.Waits(seat) != 0)
	}
	if rep.Err != nil {
		t.Fatal(rep.Err)
	}
	return pubs, tenpai
}

// TestPassedOrder checks the discard order Public reads from the
// discards' turns against the order of the record: after every discard, the kinds
// other seats discarded after the discarder's riichi and after its last
// discard from the hand.
func TestPassedOrder(t *testing.T) {
	f, err := os.Open(testGame)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, _, err := records.NewReader(f, testGame)
	if err != nil || !r.Next() {
		t.Fatal(err, r.Err())
	}
	type discard struct {
		seat            int
		kind            tile.Kind
		riichi, tedashi bool
	}
	var order []discard
	lastRound := -1
	var rep data.ReplayReport
	checked := 0
	for st := range data.ReplaySteps(r.Game(), &rep) {
		e, ok := st.LastEvent()
		if !ok || e.Type != data.EventDiscard {
			continue
		}
		rr, ei := st.Engine, st.Event-1
		if rr.Index()*100+rr.Honba() != lastRound {
			order, lastRound = order[:0], rr.Index()*100+rr.Honba()
		}
		seat := int(e.Seat)
		rv := rr.River(seat)
		order = append(order, discard{seat, e.Tile.Kind(), rv[len(rv)-1].Riichi, !e.Tsumogiri})
		var passed, passedTe tile.KindSet
		riichi, te := false, false
		for _, d := range order {
			switch {
			case d.seat == seat:
				riichi = riichi || d.riichi
				te = te || d.tedashi
			default:
				if riichi {
					passed = passed.Add(d.kind)
				}
				if te {
					passedTe = passedTe.Add(d.kind)
				}
			}
			if d.seat == seat && d.tedashi {
				passedTe = 0
			}
		}
		p := opponent.NewPublic(game.ViewOf(rr, seat), seat)
		for k := range tile.NumKinds {
			kk := tile.Kind(k)
			if p.Passed(kk) != passed.Has(kk) || p.PassedSinceTedashi(kk) != passedTe.Has(kk) {
				t.Fatalf("round %d event %d seat %d kind %v: passed %v (want %v), since tedashi %v (want %v)",
					rr.Index(), ei, seat, kk, p.Passed(kk), passed.Has(kk), p.PassedSinceTedashi(kk), passedTe.Has(kk))
			}
		}
		checked++
	}
	if rep.Err != nil || checked < 100 {
		t.Fatal(rep.Err, checked)
	}
}

func TestFeatureNames(t *testing.T) {
	if len(opponent.TenpaiFeatureNames) != opponent.NumTenpaiFeatures {
		t.Errorf("%d tenpai names for %d features", len(opponent.TenpaiFeatureNames), opponent.NumTenpaiFeatures)
	}
	if len(opponent.WaitFeatureNames) != opponent.NumWaitFeatures {
		t.Errorf("%d wait names for %d features", len(opponent.WaitFeatureNames), opponent.NumWaitFeatures)
	}
	seen := map[string]bool{}
	for _, n := range append(append([]string{}, opponent.TenpaiFeatureNames...), opponent.WaitFeatureNames...) {
		if seen[n] && !contains(opponent.TenpaiFeatureNames, n) {
			t.Errorf("duplicate feature name %q", n)
		}
		seen[n] = true
	}
}

func contains(s []string, x string) bool {
	for _, v := range s {
		if v == x {
			return true
		}
	}
	return false
}

// TestDefaultModels loads the embedded models and checks that they tell
// tenpai from not tenpai on a real game and give sane outputs.
func TestDefaultModels(t *testing.T) {
	m, err := opponent.Default()
	if err != nil {
		t.Fatal(err)
	}
	pubs, tenpai := positions(t)
	var sumT, sumN float64
	var nT, nN int
	var waits [tile.NumKinds]float64
	for i, p := range pubs {
		pt := m.Tenpai(p)
		if pt < 0 || pt > 1 {
			t.Fatalf("P(tenpai) = %g", pt)
		}
		if want := m.Cards[0].Calibration.Apply(m.TenpaiRaw(p)); pt != want {
			t.Fatalf("P(tenpai) = %g, the calibrated raw probability is %g", pt, want)
		}
		if tenpai[i] {
			sumT += pt
			nT++
		} else {
			sumN += pt
			nN++
		}
		m.Waits(p, &waits)
		for k, w := range waits {
			if w < 0 || w > 1 {
				t.Fatalf("P(wait %v) = %g", tile.Kind(k), w)
			}
			if one := m.WaitProb(p, tile.Kind(k)); one != w {
				t.Fatalf("Waits gives %v %g, WaitProb %g", tile.Kind(k), w, one)
			}
			if p.Genbutsu(tile.Kind(k)) && w > 0.2 {
				t.Errorf("genbutsu %v rated %.2f", tile.Kind(k), w)
			}
		}
		if v := m.Value(p); v < 500 || v > 50000 {
			t.Errorf("value %g out of range", v)
		}
	}
	if nT == 0 || nN == 0 || sumT/float64(nT) < sumN/float64(nN)+0.2 {
		t.Errorf("mean P(tenpai): %.2f when tenpai (%d), %.2f when not (%d)", sumT/float64(nT), nT, sumN/float64(nN), nN)
	}
	if len(m.Cards) != 3 || m.Cards[0].Schema != opponent.Schema {
		t.Errorf("cards: %+v", m.Cards)
	}
	if m.Cards[0].Calibration == nil {
		t.Error("the embedded tenpai model has no calibration map")
	}
}

func benchPublic(b testing.TB) *opponent.Public {
	pubs, tenpai := positions(b)
	for i := len(pubs) - 1; i >= 0; i-- {
		if tenpai[i] {
			return pubs[i]
		}
	}
	return pubs[len(pubs)-1]
}

func BenchmarkPublic(b *testing.B) {
	f, _ := os.Open(testGame)
	defer f.Close()
	r, _, _ := records.NewReader(f, testGame)
	r.Next()
	var rr game.Round
	var rep data.ReplayReport
	for st := range data.ReplaySteps(r.Game(), &rep) {
		if st.Event == len(st.Round.Events)-1 { // after its last event but one
			rr = *st.Engine
		}
	}
	var p opponent.Public
	for b.Loop() {
		p.Reset(game.ViewOf(&rr, 1), 1)
	}
}

func BenchmarkTenpai(b *testing.B) {
	m, err := opponent.Default()
	if err != nil {
		b.Fatal(err)
	}
	p := benchPublic(b)
	for b.Loop() {
		m.Tenpai(p)
	}
}

func BenchmarkWaitOneKind(b *testing.B) {
	m, err := opponent.Default()
	if err != nil {
		b.Fatal(err)
	}
	p := benchPublic(b)
	for b.Loop() {
		m.WaitProb(p, tile.Man5)
	}
}

func BenchmarkWaitsAll34(b *testing.B) {
	m, err := opponent.Default()
	if err != nil {
		b.Fatal(err)
	}
	p := benchPublic(b)
	var w [tile.NumKinds]float64
	for b.Loop() {
		m.Waits(p, &w)
	}
}

func BenchmarkValue(b *testing.B) {
	m, err := opponent.Default()
	if err != nil {
		b.Fatal(err)
	}
	p := benchPublic(b)
	for b.Loop() {
		m.Value(p)
	}
}

// TestShapeFeatures checks the waiting-shape counts of every kind after
// every discard of the test game against what they must be: the single
// and pair counts from the unseen copies, nothing on a dead kind
// (genbutsu or passed after riichi), no sequence shapes on honours, no
// ryanmen on a number tile whose both suji are dead, the total as the sum,
// the shares summing to one.
func TestShapeFeatures(t *testing.T) {
	pubs, _ := positions(t)
	idx := map[string]int{}
	for i, n := range opponent.WaitFeatureNames {
		idx[n] = i
	}
	x := make([]float64, opponent.NumWaitFeatures)
	for pi, p := range pubs {
		var share, shareTe float64
		dead := func(k tile.Kind) bool { return p.Genbutsu(k) || p.Passed(k) }
		for k := range tile.Kind(tile.NumKinds) {
			p.WaitFeatures(k, x)
			f := func(name string) float64 {
				i, ok := idx["k_shape_"+name]
				if !ok {
					t.Fatalf("no feature k_shape_%s", name)
				}
				return x[i]
			}
			ryan, kan, pen, pair, single := f("ryanmen"), f("kanchan"), f("penchan"), f("shanpon"), f("tanki")
			unseen := float64(max(0, 4-p.Visible(k)))
			fail := func(what string) {
				t.Helper()
				t.Fatalf("position %d kind %v: %s (ryanmen %v kanchan %v penchan %v shanpon %v tanki %v total %v)",
					pi, k, what, ryan, kan, pen, pair, single, f("total"))
			}
			switch {
			case dead(k) && f("total") != 0:
				fail("shapes on a dead kind")
			case !dead(k) && (single != unseen || pair != unseen*(unseen-1)/2):
				fail("tanki/shanpon not from the unseen copies")
			case k.IsHonor() && ryan+kan+pen != 0:
				fail("sequence shapes on an honour")
			case f("total") != ryan+kan+pen+pair+single:
				fail("total is not the sum")
			case f("total_te") > f("total") || f("ryanmen_kept") > ryan || f("kanchan_kept") > kan:
				fail("a restricted count exceeds its count")
			case !k.IsHonor() && k.Number() != 3 && k.Number() != 7 && pen != 0:
				fail("penchan on a kind other than 3 or 7")
			}
			if !k.IsHonor() && k.Number() >= 4 && k.Number() <= 6 && dead(k-3) && dead(k+3) && ryan != 0 {
				fail("ryanmen with both suji dead")
			}
			share += f("share")
			shareTe += f("share_te")
		}
		if (share != 0 && math.Abs(share-1) > 1e-5) || (shareTe != 0 && math.Abs(shareTe-1) > 1e-5) {
			t.Fatalf("position %d: shares sum to %v and %v", pi, share, shareTe)
		}
	}
}

// TestPredictorsAllocateNothing: the predictors the Monte Carlo engine
// calls at every decision allocate nothing.
func TestPredictorsAllocateNothing(t *testing.T) {
	m, err := opponent.Default()
	if err != nil {
		t.Fatal(err)
	}
	p := benchPublic(t)
	var probs [tile.NumKinds]float64
	for name, f := range map[string]func(){
		"Tenpai": func() { m.Tenpai(p) },
		"Waits":  func() { m.Waits(p, &probs) },
		"Value":  func() { m.Value(p) },
	} {
		if a := testing.AllocsPerRun(50, f); a != 0 {
			t.Errorf("%s: %.1f allocations per call", name, a)
		}
	}
}
