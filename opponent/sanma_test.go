package opponent_test

import (
	"strings"
	"testing"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/dataset"
	"github.com/mjrank/mjrank/internal/shareddata"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// sanmaFiles returns the first n complete 3-player Houou games of the
// corpus (INDEX.tsv GO type 0xB9), in index order.
func sanmaFiles(t *testing.T, n int) []string {
	files, err := shareddata.IndexFiles(shareddata.Dir(t, "tenhou"), 0xB9)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < n {
		t.Fatalf("%d 3-player games in INDEX.tsv, want %d", len(files), n)
	}
	return files[:n]
}

// TestSanmaPublic: after every discard of 30 real 3-player games, each
// seat's public position is of three players: the kita features are the
// Norths set aside (the seat's, everyone's, and its dora: one each, two
// when West shows North), the Norths set aside are seen, 2m..8m are out
// of play (all four seen), the rank is among three.
func TestSanmaPublic(t *testing.T) {
	if testing.Short() {
		t.Skip("replays 30 games")
	}
	var pub opponent.Public
	x := make([]float64, opponent.NumTenpaiFeatures3)
	rankAt := 0
	for i, name := range opponent.TenpaiFeatureNames3 {
		if name == "score_rank" {
			rankAt = i
		}
	}
	withKita, obs := 0, 0
	for _, f := range sanmaFiles(t, 30) {
		refs, err := dataset.ReadFile(f)
		if err != nil || len(refs) == 0 {
			t.Fatalf("%s: %v", f, err)
		}
		var rep data.ReplayReport
		for st := range data.ReplaySteps(refs[0].Game, &rep) {
			r := st.Engine
			for seat := range 3 {
				pub.Reset(game.ViewOf(r, seat), seat)
				pub.TenpaiFeatures(x)
				pub.Suji(tile.Pin5) // reads the wait features: a 3p buffer
				obs++
				all, west := 0, 0
				for s := range 3 {
					all += r.Kita(s)
				}
				for _, d := range r.DoraIndicators() {
					if d.Kind() == tile.West {
						west++
					}
				}
				own := r.Kita(seat)
				k := x[opponent.NumTenpaiFeatures:]
				if k[0] != float64(own) || k[1] != float64(all) || k[2] != float64(own*(1+west)) {
					t.Fatalf("%s seat %d: kita features %v, want %d %d %d", f, seat, k, own, all, own*(1+west))
				}
				if own > 0 {
					withKita++
				}
				if pub.Players() != 3 || x[rankAt] < 1 || x[rankAt] > 3 {
					t.Fatalf("%s seat %d: %d players, rank %g", f, seat, pub.Players(), x[rankAt])
				}
				for kk := tile.Man1 + 1; kk < tile.Man9; kk++ {
					if pub.Visible(kk) != 4 || opponent.InPlay(3, kk) {
						t.Fatalf("%s: %v visible %d, in play %v", f, kk, pub.Visible(kk), opponent.InPlay(3, kk))
					}
				}
				if v := game.ViewOf(r, seat).Visible(); pub.Visible(tile.North) > int(v[tile.North]) || pub.Visible(tile.North) < all {
					t.Fatalf("%s seat %d: North seen %d, kita %d, the view sees %d with its hand", f, seat, pub.Visible(tile.North), all, v[tile.North])
				}
			}
		}
		if rep.Err != nil || len(rep.Mismatches) > 0 {
			t.Fatalf("%s: %v %v", f, rep.Err, rep.Mismatches)
		}
	}
	if withKita == 0 || obs < 1000 {
		t.Errorf("%d positions, %d with a kita: the test saw too little", obs, withKita)
	}
	t.Logf("%d positions, %d with the seat's kita", obs, withKita)
}

// TestDefault3: the embedded three-player models load and answer a real
// 3-player position; 2m..8m get no wait; a four-player position given to
// the three-player models panics saying so.
func TestDefault3(t *testing.T) {
	m, err := opponent.DefaultFor(3)
	if err != nil {
		t.Fatal(err)
	}
	if m.Players() != 3 || m.Cards[0].Name != "tenpai3" || m.Cards[1].Name != "wait3" || m.Cards[2].Name != "value3" {
		t.Fatalf("DefaultFor(3): %d players, %s %s %s", m.Players(), m.Cards[0].Name, m.Cards[1].Name, m.Cards[2].Name)
	}
	refs, err := dataset.ReadFile(sanmaFiles(t, 1)[0])
	if err != nil {
		t.Fatal(err)
	}
	var pub opponent.Public
	n := 0
	var rep data.ReplayReport
	for st := range data.ReplaySteps(refs[0].Game, &rep) {
		e, ok := st.LastEvent()
		if !ok || e.Type != data.EventDiscard {
			continue
		}
		seat := int(e.Seat)
		pub.Reset(game.ViewOf(st.Engine, (seat+1)%3), seat)
		if p := m.Tenpai(&pub); p < 0 || p > 1 {
			t.Fatalf("P(tenpai) = %g", p)
		}
		var w [tile.NumKinds]float64
		m.Waits(&pub, &w)
		for k, p := range w {
			if p < 0 || p > 1 || (!opponent.InPlay(3, tile.Kind(k)) && p != 0) {
				t.Fatalf("P(wait %v) = %g", tile.Kind(k), p)
			}
		}
		if v := m.Value(&pub); v < 1000 || v > 48000 {
			t.Fatalf("value %g", v)
		}
		n++
	}
	if n == 0 {
		t.Fatal("no discard")
	}
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), "4-player position given to the 3-player models") {
			t.Errorf("recovered %v", r)
		}
	}()
	var four opponent.Public // Players 4
	m.Tenpai(&four)
}
