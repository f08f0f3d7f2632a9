package mc

import "github.com/mjrank/mjrank/sim/tile"

// rolloutRates are the rates the rollout plays its abstract opponents by
// (and the seat's own give-up against a riichi, keep), measured on real
// games of the rules' seat count: rates4 on the 4-player corpus, rates3
// on the 3-player one. The rates tuned by simulation (dodgeRates,
// tsumoRate, laterWaitBoost, tsumoOnlyRate) and noTenToTenpai (the rate
// without opponents' calls, a Lab setting) are the 4-player ones for
// both (docs/ENGINE.md, "Three players").
type rolloutRates struct {
	noTenDraw *[2][19]float64 // noTenToTenpaiDraw
	keep      *[2]float64     // keepTenpai
	call      *[2][19]float64 // callRate
	afterCall *[19]float64    // tenpaiAfterCallRate
	riichi    *[2]float64     // oppRiichiRate
	// kita is the chance that an opponent not in riichi sets a North it
	// draws aside at once (three players; 0 with four).
	kita float64
}

var (
	rates4 = rolloutRates{&noTenToTenpaiDraw, &keepTenpai, &callRate, &tenpaiAfterCallRate, &oppRiichiRate, 0}
	rates3 = rolloutRates{&noTenToTenpaiDraw3, &keepTenpai3, &callRate3, &tenpaiAfterCallRate3, &oppRiichiRate3, kitaRate3}
)

// The 3-player rates, measured as their 4-player twins but on the
// 3-player training games of the corpus (4,424 games; TestRates3Study,
// MJRANK_SANMA_RATES=1): a call is a pon or an open kan (no chi); the
// first entry of tenpaiAfterCallRate3 (no call before a discard) takes the
// second's, and keepTenpai3[0] is 1 (a tenpai hand with no riichi against
// it keeps its tenpai), as in the 4-player tables.
var (
	noTenToTenpaiDraw3 = [2][19]float64{
		{0, 0.0064, 0.0165, 0.0329, 0.0543, 0.0764, 0.0968, 0.1152, 0.1285, 0.1377,
			0.1400, 0.1357, 0.1297, 0.1316, 0.1163, 0.1010, 0.0887, 0.0705, 0.0556},
		{0, 0.0024, 0.0132, 0.0244, 0.0417, 0.0557, 0.0653, 0.0747, 0.0815, 0.0860,
			0.0851, 0.0825, 0.0792, 0.0749, 0.0653, 0.0651, 0.0511, 0.0506, 0.0366},
	}
	keepTenpai3 = [2]float64{1, 0.8908}
	callRate3   = [2][19]float64{
		{0.0119, 0.0167, 0.0204, 0.0209, 0.0195, 0.0171, 0.0144, 0.0121, 0.0099, 0.0081,
			0.0075, 0.0060, 0.0052, 0.0051, 0.0053, 0.0049, 0.0048, 0.0034, 0.0040},
		{0.0365, 0.0365, 0.0462, 0.0455, 0.0412, 0.0367, 0.0299, 0.0246, 0.0186, 0.0149,
			0.0116, 0.0105, 0.0073, 0.0056, 0.0061, 0.0043, 0.0052, 0.0045, 0.0033},
	}
	tenpaiAfterCallRate3 = [19]float64{0.0271,
		0.0271, 0.0750, 0.1494, 0.2502, 0.3506, 0.4496, 0.5385, 0.6132, 0.6838,
		0.7016, 0.7557, 0.7760, 0.7127, 0.7738, 0.7821, 0.6364, 0.6071, 0.7333}
	oppRiichiRate3 = [2]float64{0.5781, 0.5239}
	// kitaRate3: players not in riichi set 40,853 of the 45,759 Norths
	// they drew aside before the turn's discard.
	kitaRate3 = 0.8928
)

// rates are the rollout's rates for the root's seat count.
func (r *root) rates() *rolloutRates {
	if r.np == 3 && !r.fourRates {
		return &rates3
	}
	return &rates4
}

// tenpai is the chance that a noten opponent after its n-th discard is
// tenpai after its next; calls says whether the rollout plays calls apart,
// facing whether another seat is in riichi (only then).
func (rt *rolloutRates) tenpai(discards int, calls, facing bool) float64 {
	if calls {
		t := &rt.noTenDraw[b2i(facing)]
		return t[max(0, min(discards, len(t)-1))]
	}
	return noTenToTenpai[max(0, min(discards, len(noTenToTenpai)-1))]
}

// afterCallRate is the chance that a noten opponent with n discards made
// is tenpai after its call and the discard that follows it.
func (rt *rolloutRates) afterCallRate(n int) float64 {
	return rt.afterCall[max(0, min(n, len(rt.afterCall)-1))]
}

// oppKita: opponent j, having drawn the North t (three players, a live
// tile left), sets it aside — in riichi always (the drawn North leaves
// its waits as they were, as the seat's rule plays it), else at the
// players' rate (the abstract opponent has no hand for the policy's kita
// choice to read). A North set aside is one dora more to its hand
// (oneHanMore), ends the seat's ippatsu and first go-around, may be
// robbed by the others (no chankan), and is followed by the opponent's
// replacement draw and turn. It reports whether it did.
func (s *sim) oppKita(j int, t tile.Tile, models bool) bool {
	if !s.oppRiichi[j] && s.rng.Float64() >= s.r.rates().kita {
		return false
	}
	s.seenAdd[tile.North]++
	s.ippatsu, s.firstGo = false, false
	s.revealPending()
	s.answer(t, j)
	if s.over {
		return true
	}
	s.opp[j].value = oneHanMore(s.opp[j].value, j == int(s.r.setup.Dealer))
	s.oppTurn(j, models)
	return true
}

// oneHanMore is roughly a ron value v with one han more: doubled below a
// mangan (capped at it), a quarter more from a mangan up (a mangan needs
// one or two han more for a haneman). v is a mean over waits, so this is
// an estimate, not the scoring table.
func oneHanMore(v int, dealer bool) int {
	mangan := 8000
	if dealer {
		mangan = 12000
	}
	if v < mangan {
		return min(2*v, mangan)
	}
	return v * 5 / 4
}
