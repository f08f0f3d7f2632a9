package policy

import (
	"math"
	"slices"

	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/hand"
	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// RiichiFeatureNames names the riichi model's features: the situation,
// then the tenpai hand the declaration would leave — its wait (kinds,
// live tiles, furiten, a wait on terminals and honours, chiitoitsu), its
// value on a ron without riichi (dama; 0 without a yaku) and with it, its
// dora —, the danger of the declaration tile, and the alternatives (the
// kinds that keep tenpai, the best one-shanten hand) and whether the hand
// was already tenpai before the draw. Schema 2 adds what a player weighs
// choosing dama (or no tenpai yet) over riichi: the wait's shape, the
// draws that would change the tenpai to a wait with more live tiles or a
// dearer dama, how many turns the hand has been kept dama and whether the
// draw changed its wait, the other tenpai discards (the safest, the
// dearest dama, the best shape), and whether the declaration tile is a
// dora.
var RiichiFeatureNames = append(slices.Clone(situationNames),
	"wait_kinds", "wait_live", "furiten", "wait_yaochu", "chiitoi",
	"dama_yaku_share", "dama_max", "dama_mean", "riichi_mean", "dora",
	"discard_danger", "discard_safe", "tsumogiri", "tenpai_discards", "best_1shanten_ukeire",
	"tenpai_before_draw",
	"wait_shape", "improve_live", "dama_turns", "waits_changed", "live_before",
	"tenpai_danger_min", "alt_dama_max", "discard_dora", "alt_shape", "improve_value",
)

// NumRiichiFeatures is len(RiichiFeatureNames).
const NumRiichiFeatures = numSituation + 26

var scoreRules = score.Tenhou()

// RiichiCandidate returns the tile a riichi would be declared with, among
// the Riichi actions of legal: the one leaving the most live winning
// tiles (ties: the lower kind, a plain tile before a red one); ok is false
// when riichi is not legal. As in Suphx's decision flow, the riichi
// decision comes before the discard and does not depend on it: training
// and play describe the same candidate, chosen from the position alone.
func RiichiCandidate(v game.View, legal []game.Action) (t tile.Tile, ok bool) {
	best := -1
	vis := v.Visible()
	for _, a := range legal {
		if a.Type != game.Riichi {
			continue
		}
		c := v.Counts()
		c[a.Tile.Kind()]--
		_, _, n := hand.Ukeire(&c, &vis)
		k := a.Tile.Kind()
		if n > best || n == best && (k < t.Kind() || k == t.Kind() && t.Red()) {
			t, best = a.Tile, n
		}
	}
	return t, best >= 0
}

// RiichiFeatures writes the NumRiichiFeatures features of declaring
// riichi with tile t (a Riichi action of v's seat) into x; s is the seat's
// situation, reset for v, and m the opponent models it was reset with.
func (s *Situation) RiichiFeatures(v game.View, m *opponent.Models, t tile.Tile, x []float64) {
	_ = x[NumRiichiFeatures-1]
	copy(x, s.x[:])
	k := t.Kind()
	var hf [numHandRiichi]float64
	h := riichiHandOf(v)
	damaMax, c, waits := h.features(t, &hf)
	danger, safe := s.danger(v, m, k)
	copy(x[numSituation:numSituation+10], hf[:10])
	x[numSituation+10], x[numSituation+11] = danger, b2f(safe)
	x[numSituation+12] = hf[10]
	x[numSituation+13], x[numSituation+14] = alternatives(v)
	x[numSituation+15] = b2f(tenpaiBeforeDraw(v))
	x[numSituation+16] = float64(waitShape(&c, waits))
	improveLive, improveValue := improvements(v, &h, k, damaMax)
	x[numSituation+17] = improveLive
	x[numSituation+18] = float64(damaTurns(v))
	changed, liveBefore := beforeDraw(v, waits)
	x[numSituation+19], x[numSituation+20] = b2f(changed), liveBefore
	altDanger, altDama, altShape := s.tenpaiDiscards(v, m, &h)
	x[numSituation+21], x[numSituation+22] = altDanger, altDama/1000
	x[numSituation+23] = b2f(isDora(v, t))
	x[numSituation+24], x[numSituation+25] = float64(altShape), improveValue
}

// Wait shapes, best first: the value of the wait_shape feature.
const (
	shapeRyanmen = iota // two-sided (or more)
	shapeShanpon        // on either of two pairs
	shapeTanki          // on a single tile (chiitoitsu and kokushi too)
	shapeKanchan        // closed or edge: one kind inside or beside a run
)

// waitShape returns the best shape among the ways the waits of c (3n+1
// concealed tiles) complete it: for each wait, each decomposition of the
// completed hand, and each place the winning tile can take in it.
func waitShape(c *tile.Counts, waits tile.KindSet) int {
	best := shapeKanchan
	var buf [hand.MaxDecompositions]hand.Decomposition
	for w := range waits.Kinds {
		d := *c
		d[w]++
		decs := hand.Decompose(&d, buf[:0])
		if len(decs) == 0 {
			best = min(best, shapeTanki) // chiitoitsu or kokushi
			continue
		}
		for _, dc := range decs {
			if dc.Pair == w {
				best = min(best, shapeTanki)
			}
			for _, st := range dc.Sets[:dc.NumSets] {
				switch {
				case !st.Has(w):
				case st.Type == hand.Triplet:
					best = min(best, shapeShanpon)
				case w == st.First+1, // kanchan
					w == st.First && st.First.Number() == 7, w == st.First+2 && st.First.Number() == 1: // penchan
					best = min(best, shapeKanchan)
				default:
					best = min(best, shapeRyanmen)
				}
			}
		}
	}
	return best
}

// improvements returns how many unseen tiles, drawn to the tenpai hand a
// discard of kind k leaves, would let it change its tenpai (by a discard
// other than the tile drawn) to one of more live winning tiles, and how
// many to one whose best dama ron is worth more than dama points: the
// tenpai changes a player keeping dama waits for, which a riichi forgoes.
func improvements(v game.View, rh *RiichiHand, k tile.Kind, dama float64) (live, value float64) {
	c := v.Counts()
	seen := v.Visible()
	for i := range seen {
		seen[i] -= c[i]
	}
	var buf [14]hand.Discard
	base := -1
	for _, d := range hand.Discards(&c, &seen, buf[:0]) {
		if d.Kind == k {
			base = d.Count
		}
	}
	var ts, hs, rs [14]tile.Tile
	rest := removeTile(v.Hand(), firstOf(v.Hand(), k), ts[:0])
	c[k]--
	waits := hand.Waits(&c)
	nl, nv := 0, 0
	for d := range tile.Kind(tile.NumKinds) {
		left := 4 - int(c[d]) - int(seen[d])
		if left <= 0 || waits.Has(d) {
			continue
		}
		drawn := freeTile(rest, d)
		h := append(append(hs[:0], rest...), drawn)
		c[d]++
		moreLive, dearer := false, false
		for _, x := range hand.Discards(&c, &seen, buf[:0]) {
			if x.Shanten != 0 || x.Kind == d {
				continue
			}
			moreLive = moreLive || x.Count > base
			if dearer {
				continue
			}
			c[x.Kind]--
			w := hand.Waits(&c)
			c[x.Kind]++
			r := removeTile(h, firstOf(h, x.Kind), rs[:0])
			for wk := range w.Kinds {
				if p, ok := rh.ronPoints(r, wk, false); ok && float64(p) > dama {
					dearer = true
					break
				}
			}
		}
		c[d]--
		if moreLive {
			nl += left
		}
		if dearer {
			nv += left
		}
	}
	return float64(nl), float64(nv)
}

// firstOf returns the first tile of kind k in ts (tile.NoTile if none).
func firstOf(ts []tile.Tile, k tile.Kind) tile.Tile {
	for _, t := range ts {
		if t.Kind() == k {
			return t
		}
	}
	return tile.NoTile
}

// freeTile returns a tile of kind k that ts does not hold, plain before
// red (tile.NoTile if ts holds all four).
func freeTile(ts []tile.Tile, k tile.Kind) tile.Tile {
	for c := 3; c >= 0; c-- {
		if t := tile.Tile(int(k)*4 + c); !slices.Contains(ts, t) {
			return t
		}
	}
	return tile.NoTile
}

// damaTurns returns how many turns in a row the seat has kept the tenpai
// hand it held before the draw without declaring: the discard that made
// it (the last one not tsumogiri) and the tsumogiri ones since; 0 when it
// was not tenpai.
func damaTurns(v game.View) int {
	if !tenpaiBeforeDraw(v) {
		return 0
	}
	r := v.River(v.Seat())
	n := 0
	for i := len(r) - 1; i >= 0; i-- {
		n++
		if !r[i].Tsumogiri {
			break
		}
	}
	return n
}

// beforeDraw returns whether the hand was tenpai before the draw on
// other waits than waits (false when it was not tenpai), and the live
// tiles it waited on then.
func beforeDraw(v game.View, waits tile.KindSet) (changed bool, live float64) {
	d := v.Drawn()
	if d == tile.NoTile {
		return false, 0
	}
	c := v.Counts()
	c[d.Kind()]--
	w := hand.Waits(&c)
	if w == 0 {
		return false, 0
	}
	vis := v.Visible()
	for k := range w.Kinds {
		live += float64(max(0, 4-int(vis[k])))
	}
	return w != waits, live
}

// tenpaiDiscards looks at every discard that keeps the hand tenpai and
// returns the least danger of one (as danger's), the best dama ron value
// of the hand one leaves (points), and the best wait shape one leaves.
func (s *Situation) tenpaiDiscards(v game.View, m *opponent.Models, rh *RiichiHand) (danger, dama float64, shape int) {
	c := v.Counts()
	danger, shape = math.Inf(1), shapeKanchan
	var ts [14]tile.Tile
	for k := range tile.Kind(tile.NumKinds) {
		if c[k] == 0 {
			continue
		}
		c[k]--
		w := hand.Waits(&c)
		if w != 0 {
			shape = min(shape, waitShape(&c, w))
		}
		c[k]++
		if w == 0 {
			continue
		}
		d, _ := s.danger(v, m, k)
		danger = min(danger, d)
		rest := removeTile(v.Hand(), plainOf(v.Hand(), k), ts[:0])
		for wk := range w.Kinds {
			if p, ok := rh.ronPoints(rest, wk, false); ok {
				dama = max(dama, float64(p))
			}
		}
	}
	if math.IsInf(danger, 1) {
		danger = 0
	}
	return danger, dama, shape
}

// plainOf returns a tile of kind k in ts, a plain one if there is one.
func plainOf(ts []tile.Tile, k tile.Kind) tile.Tile {
	t := tile.NoTile
	for _, h := range ts {
		if h.Kind() == k {
			t = h
			if !h.Red() {
				break
			}
		}
	}
	return t
}

// isDora reports whether tile t is a dora: a red five, or of the kind an
// indicator shows.
func isDora(v game.View, t tile.Tile) bool {
	if t.Red() {
		return true
	}
	for _, d := range v.DoraIndicators() {
		if d.Kind().DoraFrom() == t.Kind() {
			return true
		}
	}
	return false
}

// tenpaiBeforeDraw reports whether the hand was tenpai before the tile
// just drawn: its last discard chose dama (or riichi was not yet legal).
// Players who chose dama mostly keep to it, so this is the question's
// strongest hint, and the seat knows it.
func tenpaiBeforeDraw(v game.View) bool {
	d := v.Drawn()
	if d == tile.NoTile {
		return false
	}
	c := v.Counts()
	c[d.Kind()]--
	return hand.Waits(&c) != 0
}

// alternatives returns how many kinds leave the hand tenpai, and the most
// live tiles a discard leaving it one from tenpai accepts: a player may
// break a poor tenpai for a better one-shanten hand.
func alternatives(v game.View) (tenpai, ukeire float64) {
	c := v.Counts()
	seen := v.Visible()
	for k := range seen {
		seen[k] -= c[k]
	}
	var buf [14]hand.Discard
	for _, d := range hand.Discards(&c, &seen, buf[:0]) {
		switch d.Shanten {
		case 0:
			tenpai++
		case 1:
			ukeire = max(ukeire, float64(d.Count))
		}
	}
	return tenpai, ukeire
}

// danger returns Σ over opponents of P(tenpai) × P(kind k wins for them)
// (0 against an opponent for whom k is genbutsu or passed since its
// riichi), and whether k is safe against every opponent in riichi (false
// when none is).
func (s *Situation) danger(v game.View, m *opponent.Models, k tile.Kind) (float64, bool) {
	d := 0.0
	safeAll, riichi := true, false
	for o := range game.NumSeats {
		if o == s.seat || o >= v.Players() {
			continue
		}
		s.pub.Reset(v, o)
		safe := s.pub.Genbutsu(k) || s.pub.Passed(k)
		if !safe {
			d += s.tenpai[o] * m.WaitProb(&s.pub, k)
		}
		if v.InRiichi(o) {
			riichi = true
			safeAll = safeAll && safe
		}
	}
	return d, riichi && safeAll
}

// removeTile appends ts without one copy of t to dst.
func removeTile(ts []tile.Tile, t tile.Tile, dst []tile.Tile) []tile.Tile {
	done := false
	for _, h := range ts {
		if !done && h == t {
			done = true
			continue
		}
		dst = append(dst, h)
	}
	return dst
}
