package bot

import (
	"math/rand/v2"

	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/hand"
	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// Thesis is the analyzer of the "Mahjong AI analyzer" thesis
// (../shared/seeds/mahjong-ai-analyzer-thesis.txt, sections III.C–F):
//
//   - Steps to win are shanten; only moves that lower them are searched.
//   - The expected value of a discard is a recursive search of
//     discard-then-draw (Depth levels, 2 by default): each draw that lowers
//     the shanten counts with probability unseen/total unseen, followed by
//     the best discard; a tenpai hand is worth the sum over its waits of
//     P(wait) × the hand's score (ron, riichi when closed, dora counted;
//     reds and ura ignored). Where the search stops short of a tenpai hand,
//     the hand's minimum score (1,000) times the probabilities stands in,
//     as the thesis does ("a shortest path").
//   - Speed versus score in all-last (South 4 or later; South 3 or later
//     with three players, whose winds have three rounds): in first place
//     every win is worth 1 (the fastest hand); otherwise wins worth less
//     than half the gap to the next place up are worth 0 (and the search
//     falls back on efficiency when nothing is left).
//   - Defence: once an opponent declares riichi or shows three open melds
//     and the best discard's value is below Threshold, it discards by the
//     thesis' priority list — the threat's discards, the fourth copy of an
//     honour, tiles others discarded since the threat's last discard (or
//     its riichi), the third copy of an honour, suji terminals, winds that
//     are no yakuhai for the threat, other suji, honours, terminals — and a
//     random tile after that (from the bot's seed). It makes no calls then.
//
// Choices the thesis leaves open: it declares riichi whenever its chosen
// discard leaves a closed hand tenpai, calls only a pon of a yakuhai pair
// (as the efficiency bot), and breaks ties of value by efficiency.
type Thesis struct {
	Depth     int      // search depth in discard-then-draw levels (thesis default 2)
	Threshold float64  // expected value below which it defends
	src       rand.PCG // game.Stream(seed, thesisStream, 0)
	rng       *rand.Rand
	def       defender
	bufs      [4][14]hand.Discard
	left      tile.Counts // unseen copies per kind
	unseen    int
	win       score.Win
	rules     score.Rules
	v         game.View
	minScore  float64
	need      int  // all-last: least win worth anything (0: no limit)
	speed     bool // all-last in first place: every win is worth 1
}

// thesisStream names the thesis bot's random stream ("thesis" in ASCII).
const thesisStream = 0x746865736973

// NewThesis returns the thesis bot with search depth depth (2 in the
// thesis) and randomness from seed.
func NewThesis(seed uint64, depth int) *Thesis {
	depth = min(max(depth, 1), 3)
	t := &Thesis{Depth: depth, Threshold: 250, src: game.Stream(seed, thesisStream, 0), rules: score.Tenhou()}
	t.rng = rand.New(&t.src)
	return t
}

// allLast is the first round index the thesis treats as all-last (South
// 4); allLast3 with three players (South 3).
const allLast, allLast3 = 7, 6

// Act implements game.Player.
func (t *Thesis) Act(v game.View, legal []game.Action) game.Action {
	if a, ok := game.WinAction(legal); ok {
		return a
	}
	seat := v.Seat()
	if v.Phase() != game.PhaseTurn {
		if a, ok := game.FindAction(legal, game.Pon); ok && t.threats(v) == 0 && yakuhai(v, seat, a.Meld.Tiles[0].Kind()) {
			return a
		}
		return game.PassAction(legal)
	}
	if a, ok := kita(v, legal, t.bufs[0][:0]); ok {
		return a
	}
	drawn := v.Drawn()
	if v.InRiichi(seat) {
		if a, ok := game.DiscardAction(legal, game.Discard, drawn.Kind(), drawn); ok {
			return a
		}
	}
	c := v.Counts()
	t.def.vis = seen(v)
	ds := hand.Discards(&c, &t.def.vis, t.bufs[0][:0])
	t.prepare(v, &c)
	// The value of each discard of the least shanten.
	bestV, best := -1.0, -1
	for i, d := range ds {
		if d.Shanten != ds[0].Shanten {
			break
		}
		if _, ok := game.DiscardAction(legal, game.Discard, d.Kind, drawn); !ok {
			continue
		}
		c[d.Kind]--
		val := t.value(&c, t.Depth, 1)
		c[d.Kind]++
		if val > bestV {
			bestV, best = val, i
		}
	}
	if t.threats(v) > 0 && bestV < t.Threshold {
		if a, ok := t.defend(v, legal, ds); ok {
			return a
		}
	}
	if best >= 0 {
		k := ds[best].Kind
		if ds[best].Shanten == 0 {
			if a, ok := game.DiscardAction(legal, game.Riichi, k, drawn); ok {
				return a
			}
		}
		if a, ok := game.DiscardAction(legal, game.Discard, k, drawn); ok {
			return a
		}
	}
	for _, d := range ds {
		if a, ok := game.DiscardAction(legal, game.Discard, d.Kind, drawn); ok {
			return a
		}
	}
	return legal[0]
}

// threats counts opponents in riichi or with three open melds, and sets
// the defender's threats to them.
func (t *Thesis) threats(v game.View) int {
	t.def.n = 0
	for s := range game.NumSeats {
		if s != v.Seat() && (v.InRiichi(s) || openMelds(v, s) >= 3) {
			t.def.ths[t.def.n] = threatOf(v, s)
			t.def.n++
		}
	}
	return t.def.n
}

// defend picks a discard by the thesis' defensive priority; a random legal
// discard when no tile is on the list.
func (t *Thesis) defend(v game.View, legal []game.Action, ds []hand.Discard) (game.Action, bool) {
	a, ok := t.def.safest(v, legal, ds, func(th *threat, k tile.Kind, vis *tile.Counts) int {
		return thesisSafety(v, th, k, vis)
	})
	if !ok {
		return a, false
	}
	s := 1 << 30
	for i := range t.def.ths[:t.def.n] {
		s = min(s, thesisSafety(v, &t.def.ths[i], a.Tile.Kind(), &t.def.vis))
	}
	if s > 0 {
		return a, true
	}
	var cand [14]game.Action
	n := 0
	for _, x := range legal {
		if x.Type == game.Discard && n < len(cand) {
			cand[n] = x
			n++
		}
	}
	return cand[t.rng.IntN(n)], true
}

// thesisSafety is the thesis' defensive list, 9 (safest) down to 1; 0 for
// a tile not on it.
func thesisSafety(v game.View, th *threat, k tile.Kind, vis *tile.Counts) int {
	switch {
	case th.genbutsu.Has(k):
		return 9
	case k.IsHonor() && vis[k] >= 3:
		return 8
	case th.passed.Has(k):
		return 7
	case k.IsHonor() && vis[k] == 2:
		return 6
	case k.IsTerminal() && suji(k, th.genbutsu):
		return 5
	case k.IsWind() && k != v.SeatWind(th.seat) && k != v.RoundWind():
		return 4
	case suji(k, th.genbutsu):
		return 3
	case k.IsHonor():
		return 2
	case k.IsTerminal():
		return 1
	}
	return 0
}

// prepare sets what the search needs for this decision: unseen counts,
// the score input's fixed part, and the all-last targets.
func (t *Thesis) prepare(v game.View, c *tile.Counts) {
	t.v = v
	t.unseen = 0
	for k := range t.left {
		t.left[k] = uint8(max(0, 4-int(c[k])-int(t.def.vis[k])))
		t.unseen += int(t.left[k])
	}
	seat := v.Seat()
	w := &t.win
	*w = score.Win{}
	melds := v.Melds(seat)
	copy(w.Melds[:], melds)
	w.NumMelds = uint8(len(melds))
	np := v.Players()
	if np != t.rules.NumPlayers() {
		// A 3-player round: its scoring (the kitas are dora, tsumo-son).
		t.rules = score.Tenhou()
		if np == 3 {
			t.rules = score.TenhouSanma()
		}
	}
	w.Seat, w.Dealer, w.From = uint8(seat), uint8(v.Dealer()), uint8((seat+1)%np)
	w.Kita = uint8(v.Kita(seat))
	w.Round = v.RoundWind()
	w.Riichi = !openHand(v, seat)
	ind := v.DoraIndicators()
	copy(w.Dora[:], ind)
	w.NumDora = uint8(len(ind))
	t.minScore, t.need, t.speed = 1000, 0, false
	last := allLast
	if np == 3 {
		last = allLast3
	}
	if v.RoundIndex() >= last {
		scores := v.Scores()
		rank := game.RankOf(scores, np)
		if rank[seat] == 1 {
			t.speed, t.minScore = true, 1
		} else {
			gap := 1 << 30
			for s, x := range scores {
				if rank[s] == rank[seat]-1 {
					gap = x - scores[seat]
				}
			}
			t.need = (gap + 1) / 2
			t.minScore = 0
		}
	}
}

// points scores c (3n+2 tiles, complete) won on kind k by ron, under the
// speed/score targets.
func (t *Thesis) points(c *tile.Counts, k tile.Kind) float64 {
	w := &t.win
	n := 0
	for kind, x := range c {
		for j := range int(x) {
			w.Hand[n] = tile.Tile(kind*4 + 3 - j)
			n++
		}
	}
	w.NumHand = uint8(n)
	w.WinTile = tile.Tile(int(k)*4 + 3)
	r, err := score.Score(w, &t.rules)
	if err != nil {
		return 0
	}
	switch {
	case t.speed:
		return 1
	case r.Points < t.need:
		return 0
	}
	return float64(r.Points)
}

// value is the expected value of c, a hand of 3n+1 tiles, with depth
// levels left; level is the recursion level (1 at the root), which picks
// the scratch buffer.
func (t *Thesis) value(c *tile.Counts, depth, level int) float64 {
	sh, tiles, count := hand.Ukeire(c, &t.def.vis)
	if t.unseen == 0 || count == 0 {
		return 0
	}
	n := float64(t.unseen)
	if sh == 0 {
		ev := 0.0
		for k := range tiles.Kinds {
			if t.left[k] == 0 {
				continue
			}
			c[k]++
			ev += float64(t.left[k]) / n * t.points(c, k)
			c[k]--
		}
		return ev
	}
	if depth <= 1 {
		p := float64(count) / n
		for range sh {
			p *= 0.1
		}
		return t.minScore * p
	}
	ev := 0.0
	for k := range tiles.Kinds {
		if t.left[k] == 0 {
			continue
		}
		p := float64(t.left[k]) / n
		c[k]++
		t.left[k]--
		best := 0.0
		ds := hand.Discards(c, nil, t.bufs[level][:0])
		for _, d := range ds {
			if d.Shanten != sh-1 {
				break
			}
			c[d.Kind]--
			best = max(best, t.value(c, depth-1, level+1))
			c[d.Kind]++
		}
		t.left[k]++
		c[k]--
		ev += p * best
	}
	return ev
}
