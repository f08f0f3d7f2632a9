package review

import (
	"math"
	"strings"

	"github.com/mjrank/mjrank/mc"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/hand"
	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// LikelyTenpai is the P(tenpai) from which the why names an opponent who
// has not declared riichi as a threat.
const LikelyTenpai = 0.5

// Why explains a decision: the played move beside the move it is compared
// with, the engine's pick (or, when the played move is the pick, the
// runner-up), in the simulations' outcomes of this round and final ranks,
// and in the facts behind them: the hand each move leaves and the risk of
// the tile it lets go against each opponent.
type Why struct {
	Played MoveWhy `json:"played"`
	Versus MoveWhy `json:"versus"`
	// VersusIs says what Versus is: "pick" (the engine's move),
	// "runner_up" (the played move is the pick; Versus is the next best)
	// or "none" (the only legal move; Versus is the played move again).
	VersusIs string `json:"versus_is"`
	// Diff is Played minus Versus.
	Diff WhyDiff `json:"diff"`
	// Opponents are the other seats (three, or two with three players) as
	// the seat reads them.
	Opponents []OpponentWhy `json:"opponents"`
	// Sentence says the largest differences in a player's words.
	Sentence string `json:"sentence"`
}

// MoveWhy is one move's outcomes and the hand it leaves.
type MoveWhy struct {
	Move string `json:"move"` // as Candidate.Move names it
	// The round's outcome: the seat wins, deals in, an exhaustive draw,
	// another seat wins (by tsumo, or by ron on a third seat), an abortive
	// draw; and the mean change of the seat's points this round.
	PWin      float64 `json:"p_win"`
	PDealIn   float64 `json:"p_deal_in"`
	PDraw     float64 `json:"p_draw"`
	POtherWin float64 `json:"p_other_win"`
	PAbortive float64 `json:"p_abortive"`
	Points    float64 `json:"points"`
	// RankDist is P(final rank 1..4), ExpectedRank its mean.
	RankDist     [4]float64 `json:"rank_distribution"`
	ExpectedRank float64    `json:"expected_rank"`
	Shape
	// Discard is the tile the move lets go (a discard, a riichi, the
	// discard after a chi or pon); empty for other moves, which then have
	// no deal-in risk.
	Discard string `json:"discard,omitempty"`
	// TileDealIn is the predicted P(deal-in) of that tile now, the sum of
	// DealIn over the opponents.
	TileDealIn float64    `json:"tile_deal_in"`
	DealIn     []SeatRisk `json:"tile_deal_in_by_seat,omitempty"`

	label string // as a player says it (moveLabel)
}

// Shape is what a move leaves in the seat's hand. Live tiles are the
// copies the seat does not see: not in its hand, a river, a meld or the
// dora indicators.
type Shape struct {
	// Known is false for a move whose hand is not judged (kyuushu, a call
	// without its discard); the other fields are then zero.
	Known bool `json:"shape_known"`
	// ShantenBefore is the hand's shanten before the move, Shanten after
	// it (-1: the move wins).
	ShantenBefore int `json:"shanten_before"`
	Shanten       int `json:"shanten"`
	// Ukeire is the number of live tiles whose draw lowers the shanten
	// after the move, UkeireKinds their kinds ("1p4p7z").
	Ukeire      int    `json:"ukeire"`
	UkeireKinds string `json:"ukeire_kinds,omitempty"`
	// Waits and WaitsLive, for a tenpai hand: the kinds that complete it
	// and their live copies; Furiten: one of them is in the seat's river.
	Waits     string `json:"waits,omitempty"`
	WaitsLive int    `json:"waits_live"`
	Furiten   bool   `json:"furiten,omitempty"`
	// RonPoints is, for a tenpai hand after a discard, riichi, chi, pon
	// or pass, the most a ron on a live wait pays (before honba and
	// sticks; with riichi when declared), RonHan its han and RonYaku its
	// yaku, dora apart; NoYaku: no live wait gives a yaku on a ron.
	RonPoints int    `json:"ron_points,omitempty"`
	RonHan    int    `json:"ron_han,omitempty"`
	RonYaku   string `json:"ron_yaku,omitempty"`
	NoYaku    bool   `json:"no_yaku,omitempty"`
}

// SeatRisk is the predicted P(the tile deals in to Seat): P(tenpai) ×
// P(the kind wins for the seat | tenpai), 0 when the tile is safe against
// it (in its river, or passed after its riichi).
type SeatRisk struct {
	Seat int     `json:"seat"`
	Wind string  `json:"wind"`
	P    float64 `json:"p"`
}

// OpponentWhy is how the seat reads an opponent.
type OpponentWhy struct {
	Seat    int     `json:"seat"`
	Wind    string  `json:"wind"` // its seat wind: East … North
	Riichi  bool    `json:"riichi"`
	PTenpai float64 `json:"p_tenpai"` // 1 after riichi
	// Threat: in riichi, or P(tenpai) at least LikelyTenpai.
	Threat bool `json:"threat"`
}

// WhyDiff is the played move's figures minus the compared move's.
type WhyDiff struct {
	PWin         float64    `json:"p_win"`
	PDealIn      float64    `json:"p_deal_in"`
	PDraw        float64    `json:"p_draw"`
	POtherWin    float64    `json:"p_other_win"`
	Points       float64    `json:"points"`
	RankDist     [4]float64 `json:"rank_distribution"`
	ExpectedRank float64    `json:"expected_rank"`
	TileDealIn   float64    `json:"tile_deal_in"`
	Shanten      int        `json:"shanten"`
	Ukeire       int        `json:"ukeire"`
}

// TenpaiReader reads an opponent from public information:
// *opponent.Models is the learned one, which the engine reads too.
type TenpaiReader interface {
	// Tenpai is P(the opponent is tenpai).
	Tenpai(p *opponent.Public) float64
	// WaitProb is P(a discard of kind k lets the opponent ron | tenpai).
	WaitProb(p *opponent.Public, k tile.Kind) float64
}

// Explain returns the why of seat's decision at r (the position before
// it): played, a candidate of an, against the engine's pick, or against
// the runner-up when played is the pick (itself when it is the only
// move). opp reads the opponents.
func Explain(r *game.Round, seat int, an *mc.Analysis, played *mc.Candidate, opp TenpaiReader) *Why {
	vs, is := an.Best(), "pick"
	if vs == played {
		is = "none"
		for i := range an.Candidates {
			if c := &an.Candidates[i]; c != played {
				vs, is = c, "runner_up"
				break
			}
		}
	}
	v := game.ViewOf(r, seat)
	pubs := publics(v, seat)
	w := &Why{VersusIs: is, Opponents: readOpponents(v, pubs, opp)}
	rules := r.Rules()
	w.Played = moveWhy(v, &rules.Score, played, w.Opponents, pubs, opp)
	w.Versus = moveWhy(v, &rules.Score, vs, w.Opponents, pubs, opp)
	w.Diff = whyDiff(&w.Played, &w.Versus)
	w.Sentence = sentence(w)
	return w
}

// readOpponents reads the other seats (two with three players) from
// their public information pubs (publics).
func readOpponents(v game.View, pubs []*opponent.Public, opp TenpaiReader) []OpponentWhy {
	out := make([]OpponentWhy, 0, len(pubs))
	for i, p := range pubs {
		s := (v.Seat() + 1 + i) % v.Players()
		o := OpponentWhy{Seat: s, Wind: windName(v.SeatWind(s)), Riichi: v.InRiichi(s), PTenpai: 1}
		if !o.Riichi {
			o.PTenpai = finite01(opp.Tenpai(p))
		}
		o.Threat = o.Riichi || o.PTenpai >= LikelyTenpai
		out = append(out, o)
	}
	return out
}

// publics gathers the public information of the other seats in play
// (the empty fourth seat of a 3-player round is none), in turn order from
// seat's right.
func publics(v game.View, seat int) []*opponent.Public {
	n := v.Players()
	out := make([]*opponent.Public, 0, n-1)
	for i := 1; i < n; i++ {
		out = append(out, opponent.NewPublic(v, (seat+i)%n))
	}
	return out
}

// finite01 clamps a model's probability to [0, 1], NaN to 0.
func finite01(p float64) float64 {
	if math.IsNaN(p) {
		return 0
	}
	return max(0, min(1, p))
}

// num is x, or 0 for a NaN or an infinity (a figure of no simulation),
// which JSON cannot hold.
func num(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return 0
	}
	return x
}

func windName(k tile.Kind) string {
	return [...]string{"East", "South", "West", "North"}[(k-tile.East)%4]
}

// moveWhy gathers c's figures, the shape it leaves and its tile's risk.
func moveWhy(v game.View, rules *score.Rules, c *mc.Candidate, opps []OpponentWhy, pubs []*opponent.Public, opp TenpaiReader) MoveWhy {
	m := MoveWhy{Move: c.String(), label: moveLabel(c), PWin: num(c.PWin), PDealIn: num(c.PDealIn), PDraw: num(c.PDraw),
		POtherWin: num(c.POtherTsumo + c.POtherRon), PAbortive: num(c.PAbortive), Points: num(c.ScoreChange),
		ExpectedRank: num(c.ExpectedRank)}
	for i, p := range c.RankDist {
		m.RankDist[i] = num(p)
	}
	m.Shape = shapeOf(v, rules, c)
	if t, ok := letGo(c); ok {
		m.Discard = t.String()
		for i, o := range opps {
			p := 0.0
			if !(pubs[i].Genbutsu(t.Kind()) || pubs[i].Passed(t.Kind())) {
				p = o.PTenpai * finite01(opp.WaitProb(pubs[i], t.Kind()))
			}
			m.DealIn = append(m.DealIn, SeatRisk{Seat: o.Seat, Wind: o.Wind, P: p})
			m.TileDealIn += p
		}
	}
	return m
}

// letGo returns the tile c discards now, if any.
func letGo(c *mc.Candidate) (tile.Tile, bool) {
	switch c.Action.Type {
	case game.Discard, game.Riichi:
		return c.Action.Tile, true
	case game.Chi, game.Pon:
		return c.Discard, c.Discard != tile.NoTile
	}
	return tile.NoTile, false
}

// shapeOf works out the hand c leaves: its shanten before and after, its
// live ukeire and, when tenpai, its waits and what a ron on them pays.
func shapeOf(v game.View, rules *score.Rules, c *mc.Candidate) Shape {
	cnt := v.Counts()
	seen := v.Visible() // the hand, rivers, melds, dora indicators: what the move cannot change
	s := Shape{ShantenBefore: hand.Shanten(&cnt)}
	take := func(t tile.Tile) bool {
		if cnt[t.Kind()] == 0 {
			return false
		}
		cnt[t.Kind()]--
		return true
	}
	a := c.Action
	switch a.Type {
	case game.Tsumo, game.Ron:
		s.Known, s.Shanten = true, -1
		return s
	case game.KyuushuKyuuhai:
		return s
	case game.Discard, game.Riichi, game.Kakan:
		if !take(a.Tile) {
			return s
		}
	case game.Ankan:
		k := a.Tile.Kind()
		if cnt[k] < 4 {
			return s
		}
		cnt[k] = 0
	case game.Chi, game.Pon, game.Daiminkan:
		for _, t := range a.Meld.TilesSlice()[1:] {
			if !take(t) {
				return s
			}
		}
		if a.Type != game.Daiminkan && (c.Discard == tile.NoTile || !take(c.Discard)) {
			return s
		}
	}
	others := seen
	for k := range cnt {
		others[k] -= min(others[k], cnt[k])
	}
	sh, kinds, live := hand.Ukeire(&cnt, &others)
	if sh == hand.NoShanten {
		return s
	}
	s.Known, s.Shanten, s.Ukeire, s.UkeireKinds = true, int(sh), live, kindsString(kinds)
	if sh == 0 {
		waits := hand.Waits(&cnt)
		s.Waits, s.WaitsLive = kindsString(waits), live
		own := v.River(v.Seat())
		for _, d := range own {
			s.Furiten = s.Furiten || waits.Has(d.Tile.Kind())
		}
		if t, ok := letGo(c); ok {
			s.Furiten = s.Furiten || waits.Has(t.Kind())
		}
		s.ronValue(v, rules, c, waits, &cnt, &others)
	}
	return s
}

// ronValue fills the Ron fields of s, the tenpai hand c leaves, cnt its
// counts, waiting on waits, others the tiles seen outside it.
func (s *Shape) ronValue(v game.View, rules *score.Rules, c *mc.Candidate, waits tile.KindSet, cnt, others *tile.Counts) {
	ts, melds, ok := afterHand(v, c)
	if !ok {
		return
	}
	var live tile.KindSet
	for k := range waits.Kinds {
		if int(cnt[k])+int(others[k]) < 4 {
			live = live.Add(k)
		}
	}
	if live == 0 {
		return
	}
	res, ok := ronValue(v, rules, ts, melds, live, c.Action.Type == game.Riichi || v.InRiichi(v.Seat()))
	s.NoYaku = !ok
	if ok {
		s.RonPoints, s.RonHan, s.RonYaku = res.Points, res.Han, yakuNames(&res)
	}
}

// kindsString writes kinds in tenhou notation, a suit's numbers together:
// "14p7z".
func kindsString(ks tile.KindSet) string {
	var b strings.Builder
	for su := range 4 {
		n := 0
		for k := range ks.Kinds {
			if int(k)/9 == su {
				b.WriteByte(byte('1' + int(k)%9))
				n++
			}
		}
		if n > 0 {
			b.WriteByte("mpsz"[su])
		}
	}
	return b.String()
}

func whyDiff(p, v *MoveWhy) WhyDiff {
	d := WhyDiff{PWin: p.PWin - v.PWin, PDealIn: p.PDealIn - v.PDealIn, PDraw: p.PDraw - v.PDraw,
		POtherWin: p.POtherWin - v.POtherWin, Points: p.Points - v.Points, ExpectedRank: p.ExpectedRank - v.ExpectedRank,
		TileDealIn: p.TileDealIn - v.TileDealIn, Shanten: p.Shanten - v.Shanten, Ukeire: p.Ukeire - v.Ukeire}
	for i := range d.RankDist {
		d.RankDist[i] = p.RankDist[i] - v.RankDist[i]
	}
	return d
}

// explain sets d.Why from an, p being the played move's candidate, with
// the embedded opponent models (those of the default engine the review
// runs); none when they cannot be read.
func (d *Decision) explain(an *mc.Analysis, p *mc.Candidate) {
	d.Why = nil
	if opp, err := opponent.Default(); err == nil {
		d.Why = Explain(d.round, d.seat, an, p, opp)
	}
}
