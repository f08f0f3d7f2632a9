package rankmodel

import (
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/internal/xgbmodel"
)

// TestFeatures3: a three-player situation is read from the seat over the
// three seats in play: own, next, previous scores; rank among three (seat
// 3's empty 0 is no rival, even to a negative score); rounds_left by the
// 3p round indices 0-2, 4-6.
func TestFeatures3(t *testing.T) {
	if len(FeatureNames3) != NumFeatures3 || NumFeatures3 > NumFeatures {
		t.Fatalf("%d names for %d features (buffer %d)", len(FeatureNames3), NumFeatures3, NumFeatures)
	}
	s := Situation{Index: 4, Honba: 1, Sticks: 2, Scores: [4]int{-2000, 52000, 55000, 0}, Dealer: 0, Hanchan: true, Players: 3}
	x := make([]float64, NumFeatures3)
	Features(&s, 0, x)
	want := map[string]float64{
		"round_index": 4, "rounds_left": 2, "all_last": 0, "hanchan": 1, "honba": 1, "sticks": 2, "dealer_offset": 0,
		"score": -2000, "score_next": 52000, "score_prev": 55000,
		"rank_now": 3, "gap_above": 54000, "gap_below": 0, "gap_top": 57000, "gap_last": 0,
	}
	for i, name := range FeatureNames3 {
		if x[i] != want[name] {
			t.Errorf("seat 0: %s = %g, want %g", name, x[i], want[name])
		}
	}
	// Seat 2 (dealer offset 1: the dealer is next after it), at South 3.
	s.Index, s.Dealer = 6, 0
	Features(&s, 2, x)
	for name, w := range map[string]float64{"rounds_left": 0, "all_last": 1, "dealer_offset": 1, "score": 55000,
		"score_next": -2000, "score_prev": 52000, "rank_now": 1, "gap_below": 3000, "gap_last": 57000} {
		if got := x[slices.Index(FeatureNames3, name)]; got != w {
			t.Errorf("seat 2 at South 3: %s = %g, want %g", name, got, w)
		}
	}
	// East-only: East 3 is all last; the West extension counts below 0.
	s.Hanchan, s.Index = false, 2
	Features(&s, 1, x)
	if got := x[slices.Index(FeatureNames3, "rounds_left")]; got != 0 || x[slices.Index(FeatureNames3, "all_last")] != 1 {
		t.Errorf("east-only East 3: rounds_left %g, all_last %g", got, x[2])
	}
	s.Hanchan, s.Index = true, 8
	Features(&s, 1, x)
	if got := x[slices.Index(FeatureNames3, "rounds_left")]; got != -1 {
		t.Errorf("West 1 after South 3: rounds_left %g, want -1", got)
	}
}

// TestFeatures4Unchanged: Players 0 and 4 read four seats, as before the
// seat count was a parameter (the shipped model's features).
func TestFeatures4Unchanged(t *testing.T) {
	s := Situation{Index: 5, Honba: 1, Sticks: 1, Scores: [4]int{31000, 22000, 18000, 29000}, Dealer: 1, Hanchan: true}
	want := []float64{5, 2, 0, 1, 1, 1, 0, 22000, 18000, 29000, 31000, 3, 7000, 4000, 9000, 4000}
	for _, players := range []int{0, 4} {
		s.Players = players
		x := make([]float64, NumFeatures)
		Features(&s, 1, x)
		if !slices.Equal(x, want) {
			t.Errorf("Players %d: %v, want %v", players, x, want)
		}
	}
}

// TestDefault3: the embedded three-player model loads for 3 seats and
// answers three places that sum to 1, P(4th) = 0; a big leader at all last
// is first; equal scores at East 1 give each place about a third.
func TestDefault3(t *testing.T) {
	m, err := DefaultFor(3)
	if err != nil {
		t.Fatal(err)
	}
	if m.Players() != 3 || m.Card.Name != ModelName3 || !slices.Equal(m.Card.Features, FeatureNames3) {
		t.Fatalf("DefaultFor(3): %d players, card %s %v", m.Players(), m.Card.Name, m.Card.Features)
	}
	s := Situation{Index: 6, Scores: [4]int{70000, 20000, 15000, 0}, Dealer: 2, Hanchan: true, Players: 3}
	d := m.Distribution(&s, 0)
	if sum := d[0] + d[1] + d[2]; math.Abs(sum-1) > 1e-6 || d[3] != 0 {
		t.Errorf("distribution %v: sum of 3 places %g, P(4th) %g", d, sum, d[3])
	}
	if d[0] < 0.9 {
		t.Errorf("a 50,000-point leader at South 3: P(1st) = %.3f", d[0])
	}
	s = Situation{Index: 0, Scores: [4]int{35000, 35000, 35000, 0}, Dealer: 0, Hanchan: true, Players: 3}
	for seat := range 3 {
		d := m.Distribution(&s, seat)
		for _, p := range d[:3] {
			if p < 0.2 || p > 0.47 {
				t.Errorf("seat %d at the start: %v", seat, d)
				break
			}
		}
	}
	if u := TenhouSanmaUma.Expected([4]float64{1. / 3, 1. / 3, 1. / 3, 0}); math.Abs(u-5) > 1e-9 {
		t.Errorf("TenhouSanmaUma of a uniform distribution = %g, want 5 (the oka's share)", u)
	}
	if a := testing.AllocsPerRun(50, func() { m.Distribution(&s, 2) }); a != 0 {
		t.Errorf("%.1f allocations per 3-player call", a)
	}
	if m4, err := DefaultFor(4); err != nil || m4.Players() != 4 || m4.Card.Name != ModelName {
		t.Errorf("DefaultFor(4): %v", err)
	}
	if _, err := DefaultFor(5); err == nil || !strings.Contains(err.Error(), "5 players") {
		t.Errorf("DefaultFor(5): %v", err)
	}
}

// TestDistributionRefusesOtherSeats: a four-player situation given to the
// three-player model is a caller's bug that panics saying so, rather than
// a wrong answer.
func TestDistributionRefusesOtherSeats(t *testing.T) {
	m, err := DefaultFor(3)
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), "4-player situation") {
			t.Errorf("recovered %v", r)
		}
	}()
	m.Distribution(&Situation{Scores: [4]int{25000, 25000, 25000, 25000}}, 0)
}

// TestEmbedded4Unchanged: the four-player model is the same bytes as
// before three players had a model beside it.
func TestEmbedded4Unchanged(t *testing.T) {
	b, err := fs.ReadFile(embedded, "models/rank-98d63c765319.bin")
	if err != nil {
		t.Fatal(err)
	}
	if b, err = xgbmodel.Decompress(b); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(b)
	if got := hex.EncodeToString(sum[:]); got != "98d63c765319ff97712a65b626b9a3c63cd35eae89c9648414fdf3de25149b22" {
		t.Errorf("models/rank-98d63c765319.bin: SHA-256 %s", got)
	}
	m, err := Default()
	if err != nil || m.Card.File != "rank-98d63c765319.bin" || m.Players() != 4 {
		t.Errorf("Default: %v %+v", err, m)
	}
}

func BenchmarkDistribution3(b *testing.B) {
	m, err := DefaultFor(3)
	if err != nil {
		b.Fatal(err)
	}
	s := Situation{Index: 5, Honba: 1, Sticks: 1, Scores: [4]int{41000, 32000, 32000, 0}, Dealer: 1, Hanchan: true, Players: 3}
	for b.Loop() {
		m.Distribution(&s, 2)
	}
}
