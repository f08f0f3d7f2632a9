package policy

import (
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
// was already tenpai before the draw.
var RiichiFeatureNames = append(slices.Clone(situationNames),
	"wait_kinds", "wait_live", "furiten", "wait_yaochu", "chiitoi",
	"dama_yaku_share", "dama_max", "dama_mean", "riichi_mean", "dora",
	"discard_danger", "discard_safe", "tsumogiri", "tenpai_discards", "best_1shanten_ukeire",
	"tenpai_before_draw",
)

// NumRiichiFeatures is len(RiichiFeatureNames).
const NumRiichiFeatures = numSituation + 16

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
	seat := v.Seat()
	c := v.Counts()
	k := t.Kind()
	c[k]--
	waits := hand.Waits(&c)
	vis := v.Visible()
	var live, yaochu int
	furiten := false
	own := tile.KindSet(0)
	for _, d := range v.River(seat) {
		own = own.Add(d.Tile.Kind())
	}
	for w := range waits.Kinds {
		live += max(0, 4-int(vis[w]))
		if w.IsTerminalOrHonor() {
			yaochu++
		}
		furiten = furiten || own.Has(w) || w == k
	}
	chiitoi := hand.ShantenNormal(&c) > 0
	var ts [14]tile.Tile
	rest := removeTile(v.Hand(), t, ts[:0])
	var yaku, damaMax, damaSum, riiSum float64
	for w := range waits.Kinds {
		if p, ok := ronPoints(v, rest, w, false); ok {
			yaku++
			damaMax = max(damaMax, float64(p))
			damaSum += float64(p)
		}
		p, _ := ronPoints(v, rest, w, true)
		riiSum += float64(p)
	}
	nw := float64(max(waits.Len(), 1))
	dora := 0
	for _, d := range v.DoraIndicators() {
		dora += int(v.Counts()[d.Kind().DoraFrom()])
	}
	for _, h := range v.Hand() {
		if h.Red() {
			dora++
		}
	}
	danger, safe := s.danger(v, m, k)
	x[numSituation+0], x[numSituation+1], x[numSituation+2] = float64(waits.Len()), float64(live), b2f(furiten)
	x[numSituation+3], x[numSituation+4], x[numSituation+5] = float64(yaochu), b2f(chiitoi), yaku/nw
	x[numSituation+6], x[numSituation+7], x[numSituation+8] = damaMax/1000, damaSum/nw/1000, riiSum/nw/1000
	x[numSituation+9], x[numSituation+10], x[numSituation+11] = float64(dora), danger, b2f(safe)
	x[numSituation+12] = b2f(v.Drawn() == t)
	x[numSituation+13], x[numSituation+14] = alternatives(v)
	x[numSituation+15] = b2f(tenpaiBeforeDraw(v))
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
		if o == s.seat {
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

// ronPoints scores the seat's concealed tiles rest (3n+1 of them) winning
// by ron on a tile of kind w from the next seat, with riichi declared or
// not (no ippatsu, no ura dora: what the declaration surely adds), before
// honba and sticks; ok is false without a yaku or a win.
func ronPoints(v game.View, rest []tile.Tile, w tile.Kind, riichi bool) (int, bool) {
	var win score.Win
	n := copy(win.Hand[:], rest)
	t := tile.NoTile
	for c := 3; c >= 0; c-- { // a copy the hand does not hold, plain before red
		cand := tile.Tile(int(w)*4 + c)
		if !slices.Contains(rest, cand) {
			t = cand
			break
		}
	}
	if t == tile.NoTile || n >= score.MaxHand {
		return 0, false
	}
	win.Hand[n] = t
	win.NumHand = uint8(n + 1)
	win.WinTile = t
	seat := v.Seat()
	for _, m := range v.Melds(seat) {
		if win.AddMeld(m) != nil {
			return 0, false
		}
	}
	win.Seat, win.Dealer, win.From = uint8(seat), uint8(v.Dealer()), uint8((seat+1)%game.NumSeats)
	win.Round = v.RoundWind()
	win.Riichi = riichi
	win.NumDora = uint8(copy(win.Dora[:], v.DoraIndicators()))
	res, err := score.Score(&win, &scoreRules)
	if err != nil {
		return 0, false
	}
	return res.Points, true
}
