package mc

import (
	"context"
	"math"
	"reflect"
	"slices"
	"testing"

	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// keepSims is the budget of the Keep tests: small enough to be quick,
// large enough for three halving stages on a turn.
const keepSims = 1600

// droppedMove returns a move of p that the halving drops at its first
// stage under o (the candidate with the fewest simulations), as a Move,
// and the analysis without Keep; ok is false when nothing is dropped.
func droppedMove(t *testing.T, e *Engine, p *position, o Options) (Move, *Analysis, bool) {
	t.Helper()
	an := analyze(t, e, p, o)
	low := slices.MinFunc(an.Candidates, func(a, b Candidate) int { return a.Sims - b.Sims })
	if low.Sims >= an.Best().Sims {
		return Move{}, an, false
	}
	return Move{Action: low.Action, Discard: low.Discard}, an, true
}

// find returns the candidate of an that plays m.
func find(t *testing.T, an *Analysis, m Move) *Candidate {
	t.Helper()
	c := an.Find(m)
	if c == nil {
		t.Fatalf("%v is not among the candidates", m)
	}
	return c
}

// TestKeepKeepsDroppedMove: a move the halving drops at its first stage,
// kept, is simulated in every world the pick is, and carries its paired
// loss; the pick and every other candidate are as without Keep; a move
// already among the survivors, kept, changes nothing but its Kept and
// VsBest.
func TestKeepKeepsDroppedMove(t *testing.T) {
	e, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for i, p := range positions(t, 8, 29) {
		o := Options{Sims: keepSims, Workers: 2, Seed: 11, Decision: uint64(i)}
		m, base, ok := droppedMove(t, e, &p, o)
		if !ok {
			continue
		}
		checked++
		o.Keep = []Move{m}
		an := analyze(t, e, &p, o)
		k := find(t, an, m)
		b := an.Best()
		if !k.Kept || k.Sims != b.Sims || k.VsBest.Sims != b.Sims {
			t.Errorf("%s: kept %v: %d simulations (kept %v, paired over %d), the pick %v %d", p.name, k, k.Sims, k.Kept, k.VsBest.Sims, b, b.Sims)
		}
		if was := find(t, base, m); k.Sims <= was.Sims {
			t.Errorf("%s: kept %v: %d simulations, %d without Keep", p.name, k, k.Sims, was.Sims)
		}
		if got, want := others(an, m), others(base, m); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: keeping %v changed the other candidates:\n%+v\n%+v", p.name, m, got[0], want[0])
		}
		if an.Sims != base.Sims+k.Sims-find(t, base, m).Sims {
			t.Errorf("%s: %d simulations with Keep, %d without, the kept move %d more", p.name, an.Sims, base.Sims, k.Sims-find(t, base, m).Sims)
		}
		// Over the same worlds the mean difference is the difference of
		// the means.
		l := k.VsBest
		near := func(a, b float64) bool { return math.Abs(a-b) < 1e-9 }
		if !near(l.Rank, k.ExpectedRank-b.ExpectedRank) || !near(l.Utility, b.Utility-k.Utility) || !near(l.RankPoints, b.RankPoints-k.RankPoints) {
			t.Errorf("%s: VsBest %+v; the means differ by rank %.6f, utility %.6f, points %.6f", p.name, l,
				k.ExpectedRank-b.ExpectedRank, b.Utility-k.Utility, b.RankPoints-k.RankPoints)
		}
		t.Logf("%s: %v kept: %d sims (was %d), rank loss %+.4f ± %.4f (unpaired SEs %.4f, %.4f)",
			p.name, k, k.Sims, find(t, base, m).Sims, l.Rank, l.RankSE, k.RankSE, b.RankSE)

		// The pick itself, kept: no loss, no error, nothing else changed.
		best := Move{Action: b.Action, Discard: b.Discard}
		o.Keep = []Move{best}
		an2 := analyze(t, e, &p, o)
		if c := an2.Best(); !c.Kept || c.VsBest != (Loss{Sims: c.Sims}) {
			t.Errorf("%s: the pick kept: %+v, VsBest %+v", p.name, c, c.VsBest)
		}
		if got, want := others(an2, best), others(base, best); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: keeping the pick changed the other candidates", p.name)
		}
	}
	if checked < 3 {
		t.Fatalf("%d positions with a dropped move", checked)
	}
}

// others returns an's candidates but those that play m, without their
// Kept and VsBest.
func others(an *Analysis, m Move) []Candidate {
	var out []Candidate
	for _, c := range an.Candidates {
		if !c.Plays(m) {
			out = append(out, c)
		}
	}
	return out
}

// TestKeepPairedLoss: a kept move's VsBest is the mean and standard error
// of its difference from the pick, world by world, recomputed here by
// playing the two moves in each world of the analysis one after the
// other and taking the two-pass standard error.
func TestKeepPairedLoss(t *testing.T) {
	e, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for i, p := range positions(t, 6, 31) {
		o := Options{Sims: keepSims, Workers: 2, Seed: 13, Decision: uint64(i)}
		m, _, ok := droppedMove(t, e, &p, o)
		if !ok {
			continue
		}
		o.Keep = []Move{m}
		an := analyze(t, e, &p, o)
		k, b := find(t, an, m), an.Best()
		want := pairedByHand(t, e, &p, o, k, b)
		got := k.VsBest
		if got.Sims != want.Sims || math.Abs(got.Rank-want.Rank) > 1e-9 || math.Abs(got.RankSE-want.RankSE) > 1e-9 ||
			math.Abs(got.Utility-want.Utility) > 1e-9 || math.Abs(got.UtilitySE-want.UtilitySE) > 1e-9 ||
			math.Abs(got.RankPoints-want.RankPoints) > 1e-9 || math.Abs(got.RankPointsSE-want.RankPointsSE) > 1e-9 {
			t.Errorf("%s: %v against %v:\n got %+v\nwant %+v", p.name, k, b, got, want)
		}
		if got.RankSE <= 0 || math.IsNaN(got.RankSE) {
			t.Errorf("%s: %v differs from the pick by %+.4f ± %v", p.name, k, got.Rank, got.RankSE)
		}
		checked++
	}
	if checked < 3 {
		t.Fatalf("%d positions with a dropped move", checked)
	}
}

// pairedByHand plays k and b in each of the first k.Sims worlds of p under
// o and returns the loss of k against b.
func pairedByHand(t *testing.T, e *Engine, p *position, o Options, k, b *Candidate) Loss {
	t.Helper()
	r0 := p.round
	o.Rules = &p.rules
	c := config{Options: o}
	rules, err := c.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	var pub opponent.Public
	r := e.newRoot(game.ViewOf(&r0, p.seat), rules, &c, &pub)
	sc := &scratch{}
	var dr, du, dp []float64
	for i := range k.Sims {
		sc.sample(r, &c, uint64(i))
		e.playOut(r, &c, k, sc)
		vk := valuesOf(&sc.s.out)
		e.playOut(r, &c, b, sc)
		vb := valuesOf(&sc.s.out)
		dr, du, dp = append(dr, vk.er-vb.er), append(du, vb.u-vk.u), append(dp, vb.p-vk.p)
	}
	l := Loss{Sims: k.Sims}
	l.Rank, l.RankSE = meanSE(dr)
	l.Utility, l.UtilitySE = meanSE(du)
	l.RankPoints, l.RankPointsSE = meanSE(dp)
	return l
}

// meanSE is the mean of xs and its standard error, in two passes.
func meanSE(xs []float64) (float64, float64) {
	m := 0.0
	for _, x := range xs {
		m += x
	}
	m /= float64(len(xs))
	v := 0.0
	for _, x := range xs {
		v += (x - m) * (x - m)
	}
	v /= float64(len(xs) - 1)
	return m, math.Sqrt(v / float64(len(xs)))
}

// TestKeepSameAtAnyWorkers: an analysis that keeps a dropped move is the
// same at 1, 2 and 8 workers, and twice.
func TestKeepSameAtAnyWorkers(t *testing.T) {
	e, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for i, p := range positions(t, 4, 37) {
		o := Options{Sims: keepSims, Workers: 1, Seed: 17, Decision: uint64(i)}
		m, _, ok := droppedMove(t, e, &p, o)
		if !ok {
			continue
		}
		checked++
		o.Keep = []Move{m}
		var ref *Analysis
		for _, w := range []int{1, 2, 8, 2} {
			o.Workers = w
			an := analyze(t, e, &p, o)
			an.Seconds = 0
			if ref == nil {
				ref = an
				continue
			}
			if !reflect.DeepEqual(ref, an) {
				t.Fatalf("%s: keeping %v, %d workers differ from 1:\n%+v\n%+v", p.name, m, w, find(t, ref, m), find(t, an, m))
			}
		}
	}
	if checked == 0 {
		t.Fatal("no position with a dropped move")
	}
}

// TestKeepCalls: a chi or pon kept without its follow-up keeps every
// follow-up discard of it, even under PriorDiscards (whose oneDetailEach
// would keep one); a move no legal move plays is an error.
func TestKeepCalls(t *testing.T) {
	e, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for i, p := range answerPositions(t, 30, 1) {
		r := p.round
		legal := r.Legal(p.seat, nil)
		j := slices.IndexFunc(legal, func(a game.Action) bool { return a.Type == game.Chi || a.Type == game.Pon })
		if j < 0 {
			continue
		}
		call := Move{Action: legal[j], Discard: tile.NoTile}
		o := Options{Sims: 400, Workers: 2, Seed: 19, Decision: uint64(i), PriorDiscards: true}
		base := analyze(t, e, &p, o)
		o.Keep = []Move{call}
		an := analyze(t, e, &p, o)
		follow, want := 0, 0
		for _, c := range an.Candidates {
			if c.Plays(call) {
				follow++
				if !c.Kept || c.Sims != an.Best().Sims {
					t.Errorf("%s: %v: kept %v, %d simulations, the pick %d", p.name, &c, c.Kept, c.Sims, an.Best().Sims)
				}
			}
		}
		full := analyze(t, e, &p, Options{Sims: 64, Workers: 2})
		for _, c := range full.Candidates {
			if c.Plays(call) {
				want++
			}
		}
		if follow != want {
			t.Errorf("%s: %d follow-ups of %v kept, want all %d", p.name, follow, call, want)
		}
		t.Logf("%s: %v: %d follow-ups kept; %d candidates, %d without Keep, %d without PriorDiscards", p.name, call, follow, len(an.Candidates), len(base.Candidates), len(full.Candidates))
		if checked++; checked >= 3 {
			break
		}
	}
	if checked == 0 {
		t.Fatal("no chi or pon among the positions")
	}
	p := positions(t, 1, 37)[0]
	r := p.round
	bad := Move{Action: game.Action{Type: game.Chi, Meld: score.Meld{Type: score.Chi}}, Discard: tile.NoTile}
	if _, err := e.Analyze(context.Background(), game.ViewOf(&r, p.seat), r.Legal(p.seat, nil), Options{Sims: 64, Rules: &p.rules, Keep: []Move{bad}}); err == nil {
		t.Errorf("%s: kept %v, not legal on a turn: no error", p.name, bad)
	}
}

// TestPlays: a move is matched by face and meld faces, not by copy.
func TestPlays(t *testing.T) {
	five, red := tile.Canonical(tile.Man5, false), tile.Canonical(tile.Man5, true)
	disc := func(x tile.Tile) Candidate {
		return Candidate{Action: game.Action{Type: game.Discard, Tile: x}, Discard: tile.NoTile}
	}
	chi := func(a, b, c, follow tile.Tile) Candidate {
		return Candidate{Action: game.Action{Type: game.Chi, Meld: score.Meld{Type: score.Chi, Tiles: [4]tile.Tile{a, b, c}}}, Discard: follow}
	}
	m3, m4, p1 := tile.Tile(4*(tile.Man1+2)), tile.Tile(4*(tile.Man1+3)), tile.Tile(4*tile.Pin1)
	tests := []struct {
		name string
		c    Candidate
		m    Move
		want bool
	}{
		{"another copy of the tile", disc(five + 1), Move{Action: disc(five).Action}, true},
		{"a red five is not a five", disc(red), Move{Action: disc(five).Action}, false},
		{"riichi is not a discard", disc(five), Move{Action: game.Action{Type: game.Riichi, Tile: five}}, false},
		{"a meld in another order, other copies", chi(m3, m4, five, p1), Move{Action: chi(five+2, m3+1, m4+3, 0).Action, Discard: p1 + 1}, true},
		{"another follow-up", chi(m3, m4, five, p1), Move{Action: chi(m3, m4, five, 0).Action, Discard: m3}, false},
		{"any follow-up", chi(m3, m4, five, p1), Move{Action: chi(m3, m4, five, 0).Action, Discard: tile.NoTile}, true},
		{"a red five in the meld", chi(m3, m4, red, p1), Move{Action: chi(m3, m4, five, 0).Action, Discard: tile.NoTile}, false},
		{"a pass", Candidate{Action: game.Action{Type: game.Pass, Seat: 2}}, Move{Action: game.Action{Type: game.Pass}}, true},
	}
	for _, tc := range tests {
		if got := tc.c.Plays(tc.m); got != tc.want {
			t.Errorf("%s: %v plays %v: %v, want %v", tc.name, &tc.c, tc.m, got, tc.want)
		}
		an := &Analysis{Candidates: []Candidate{disc(m3), tc.c}}
		if got := an.Find(tc.m); (got == &an.Candidates[1]) != tc.want || (got != nil && got != &an.Candidates[1]) {
			t.Errorf("%s: Find %v: %v", tc.name, tc.m, got)
		}
	}
}

// TestEndsPartition: the six ways a round ends partition each candidate's
// worlds, and the opponents' wins agree with the opponent tally of the
// same simulations: every opponent tsumo ends the round, and a ron on a
// third seat is the tally's unless the seat won it too (a double ron).
func TestEndsPartition(t *testing.T) {
	e, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	seen := [2]bool{}
	for i, p := range positions(t, 6, 43) {
		o := Options{Sims: 600, Workers: 2, Seed: 23, Decision: uint64(i), Rules: &p.rules}
		an := analyze(t, e, &p, o)
		for _, c := range an.Candidates {
			if c.Sims == 0 {
				continue
			}
			if sum := c.PWin + c.PDealIn + c.PDraw + c.POtherTsumo + c.POtherRon + c.PAbortive; math.Abs(sum-1) > 1e-12 {
				t.Errorf("%s: %v: the ends sum to %v", p.name, &c, sum)
			}
		}
		r := p.round
		v := game.ViewOf(&r, p.seat)
		move := an.Best()
		var tl OpponentTally
		o.Workers = 1
		c, err := e.Predict(context.Background(), v, move.Action, move.Discard, o, Lab{Tally: &tl})
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(c.POtherTsumo-tl.Tsumo) > 1e-12 || c.POtherRon > tl.RonOpponent+1e-12 || c.POtherRon < tl.RonOpponent-c.PWin-1e-12 {
			t.Errorf("%s: %v: other tsumo %.4f, other ron %.4f, win %.4f; the tally's tsumo %.4f, ron on an opponent %.4f",
				p.name, c, c.POtherTsumo, c.POtherRon, c.PWin, tl.Tsumo, tl.RonOpponent)
		}
		seen[0] = seen[0] || c.POtherTsumo > 0
		seen[1] = seen[1] || c.POtherRon > 0
	}
	if !seen[0] || !seen[1] {
		t.Errorf("another seat's tsumo seen %v, ron on a third seat seen %v", seen[0], seen[1])
	}
}

// TestKeepAllocatesNothing: a world that records the kept moves' pairs
// allocates nothing either.
func TestKeepAllocatesNothing(t *testing.T) {
	if raceEnabled {
		t.Skip("allocations are counted in the run without the race detector")
	}
	e, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range positions(t, 3, 41) {
		r0 := p.round
		o := config{Options: Options{Rules: &p.rules, Seed: 3, Margin: DefaultMargin}}
		var pub opponent.Public
		r := e.newRoot(game.ViewOf(&r0, p.seat), &p.rules, &o, &pub)
		cands := candidates(r, r0.Legal(p.seat, nil))
		active := make([]int, len(cands))
		for i := range active {
			active[i] = i
		}
		st := newStats(len(cands))
		st.ref = rulePrior(r, cands)
		kept := (st.ref + 1) % len(cands)
		st.withKeep([]int{kept}, len(cands))
		sc := &scratch{}
		i := uint64(0)
		allocs := testing.AllocsPerRun(50, func() {
			e.world(r, &o, cands, active, i, sc, st)
			i++
		})
		if allocs != 0 {
			t.Errorf("%s: %.1f allocations per world of %d candidates, one kept", p.name, allocs, len(cands))
		}
		if st.pairs[st.ref].n != 51 {
			t.Errorf("%s: the kept move paired with the prior in %d worlds, want 51", p.name, st.pairs[st.ref].n)
		}
	}
}

// TestChooseEarly: a kept move the halving dropped competes for the pick
// as it would have without Keep, whatever it simulated since.
func TestChooseEarly(t *testing.T) {
	nan := math.NaN()
	c := func(sims int, u, adv float64) Candidate {
		return Candidate{Sims: sims, Utility: u, Advantage: adv, AdvantageSE: 0.01}
	}
	cands := []Candidate{c(1000, -2.5, 0), c(1000, -2.3, 0.2), c(1000, -2.45, 0.05)}
	for _, tc := range []struct {
		name   string
		early  []float64
		margin float64
		want   int
	}{
		{"no kept move", nil, 2, 1},
		{"a kept move dropped early does not compete", []float64{nan, -2.6, nan}, 2, 2},
		{"a kept survivor competes", []float64{nan, nan, nan}, 2, 1},
		{"under a negative margin, with its mean when dropped", []float64{nan, -2.6, nan}, -1, 2},
		{"the best mean when dropped still wins", []float64{nan, -2.4, nan}, -1, 1},
	} {
		if got := choose(cands, 0, tc.margin, 0, tc.early); got != tc.want {
			t.Errorf("%s: choose = %d, want %d", tc.name, got, tc.want)
		}
	}
}
