package policy

import (
	"slices"

	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/hand"
	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// The rollout's riichi model: riichi or dama when a discard makes a
// closed hand tenpai, decided by the Monte Carlo rollout for the seat
// (issue 21, item 1) from what its simulated round keeps — the situation
// and the tenpai hand itself, not the history, the opponents' rivers or
// the other discards the full riichi model reads. Its features are a
// subset of the riichi model's, computed by the same code from a view
// (training, the rollout bot) or from the rollout's state.

// RolloutRiichiFeatureNames names the rollout's riichi model's features.
var RolloutRiichiFeatureNames = append(slices.Clone(situationNames),
	"wait_kinds", "wait_live", "furiten", "wait_yaochu", "chiitoi",
	"dama_yaku_share", "dama_max", "dama_mean", "riichi_mean", "dora",
	"tsumogiri",
)

// NumRolloutRiichiFeatures is len(RolloutRiichiFeatureNames).
const NumRolloutRiichiFeatures = numSituation + numHandRiichi

// numHandRiichi is the number of features RiichiHand.features writes.
const numHandRiichi = 11

// RiichiHand is what the riichi features read of the seat's own tiles.
type RiichiHand struct {
	Hand    []tile.Tile  // the concealed tiles, 3n+2, the declaration tile among them
	Melds   []score.Meld // its melds (closed kans only, to declare)
	Visible tile.Counts  // every tile the seat sees, its hand included
	River   tile.KindSet // kinds of its own discards
	Dora    []tile.Tile  // the dora indicators shown
	Drawn   tile.Tile    // the tile drawn this turn
	Seat    int
	Dealer  int
	Round   tile.Kind // the round wind

	win score.Win // ronPoints' scratch: score.Score keeps its argument on the heap
}

// riichiHandOf reads v's seat's RiichiHand.
func riichiHandOf(v game.View) RiichiHand {
	seat := v.Seat()
	h := RiichiHand{Hand: v.Hand(), Melds: v.Melds(seat), Visible: v.Visible(), Dora: v.DoraIndicators(),
		Drawn: v.Drawn(), Seat: seat, Dealer: v.Dealer(), Round: v.RoundWind()}
	for _, d := range v.River(seat) {
		h.River = h.River.Add(d.Tile.Kind())
	}
	return h
}

// features writes the hand's features of declaring with tile t into x:
// its wait (kinds, live tiles, furiten, kinds on terminals and honours,
// chiitoitsu), its value on a ron without riichi (the share of waits with
// a yaku, the best and the mean, in thousands) and with it (the mean), its
// dora, and whether t is the drawn tile. It returns the best dama value
// in points, and the hand after the discard with its waits.
func (h *RiichiHand) features(t tile.Tile, x *[numHandRiichi]float64) (damaMax float64, c tile.Counts, waits tile.KindSet) {
	for _, ht := range h.Hand {
		c[ht.Kind()]++
	}
	k := t.Kind()
	full := c
	c[k]--
	waits = hand.Waits(&c)
	var live, yaochu int
	furiten := false
	for w := range waits.Kinds {
		live += max(0, 4-int(h.Visible[w]))
		if w.IsTerminalOrHonor() {
			yaochu++
		}
		furiten = furiten || h.River.Has(w) || w == k
	}
	chiitoi := hand.ShantenNormal(&c) > 0
	var ts [14]tile.Tile
	rest := removeTile(h.Hand, t, ts[:0])
	var yaku, damaSum, riiSum float64
	for w := range waits.Kinds {
		if p, ok := h.ronPoints(rest, w, false); ok {
			yaku++
			damaMax = max(damaMax, float64(p))
			damaSum += float64(p)
		}
		p, _ := h.ronPoints(rest, w, true)
		riiSum += float64(p)
	}
	nw := float64(max(waits.Len(), 1))
	dora := 0
	for _, d := range h.Dora {
		dora += int(full[d.Kind().DoraFrom()])
	}
	for _, ht := range h.Hand {
		if ht.Red() {
			dora++
		}
	}
	*x = [numHandRiichi]float64{
		float64(waits.Len()), float64(live), b2f(furiten), float64(yaochu), b2f(chiitoi),
		yaku / nw, damaMax / 1000, damaSum / nw / 1000, riiSum / nw / 1000, float64(dora),
		b2f(h.Drawn == t),
	}
	return damaMax, c, waits
}

// ronPoints scores the seat's concealed tiles rest (3n+1 of them) winning
// by ron on a tile of kind w from the next seat, with riichi declared or
// not (no ippatsu, no ura dora: what the declaration surely adds), before
// honba and sticks; ok is false without a yaku.
func (h *RiichiHand) ronPoints(rest []tile.Tile, w tile.Kind, riichi bool) (int, bool) {
	win := &h.win
	*win = score.Win{}
	n := copy(win.Hand[:], rest)
	t := freeTile(rest, w)
	if t == tile.NoTile || n >= score.MaxHand {
		return 0, false
	}
	win.Hand[n] = t
	win.NumHand = uint8(n + 1)
	win.WinTile = t
	for _, m := range h.Melds {
		if win.AddMeld(m) != nil {
			return 0, false
		}
	}
	win.Seat, win.Dealer, win.From = uint8(h.Seat), uint8(h.Dealer), uint8((h.Seat+1)%game.NumSeats)
	win.Round = h.Round
	win.Riichi = riichi
	win.NumDora = uint8(copy(win.Dora[:], h.Dora))
	res, err := score.Score(win, &scoreRules)
	if err != nil {
		return 0, false
	}
	return res.Points, true
}

// RolloutRiichiFeatures writes the NumRolloutRiichiFeatures features of
// declaring riichi with tile t into x, from the table tb and the hand h:
// what the Monte Carlo rollout keeps of its simulated round.
func RolloutRiichiFeatures(tb *Table, h *RiichiHand, t tile.Tile, x []float64) {
	_ = x[NumRolloutRiichiFeatures-1]
	tb.put(x)
	var hf [numHandRiichi]float64
	h.features(t, &hf)
	copy(x[numSituation:], hf[:])
}

// RolloutRiichiFeatures writes the rollout's riichi model's features of
// declaring riichi with tile t in v into x; s is the seat's situation,
// reset for v. They equal RolloutRiichiFeatures' from the same position.
func (s *Situation) RolloutRiichiFeatures(v game.View, t tile.Tile, x []float64) {
	_ = x[NumRolloutRiichiFeatures-1]
	copy(x, s.x[:])
	var hf [numHandRiichi]float64
	h := riichiHandOf(v)
	h.features(t, &hf)
	copy(x[numSituation:], hf[:])
}
