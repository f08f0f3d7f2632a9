package opponent

import (
	"math/bits"
	"slices"

	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// Schema is the version of the feature definitions below. Training writes
// it into every model card; a model of another schema is refused. Bump it
// whenever a feature is added, removed, reordered or computed differently.
// It versions the tenpai and value features (and was the wait model's too
// up to 3); the wait model has its own, [WaitSchema].
const Schema = 3

// WaitSchema is the version of the wait model's features, written into its
// card instead of [Schema]: schema 4 added features of the wait model only
// (fillExtra), so the tenpai and value models, whose features did not
// change, keep schema 3 and their files.
const WaitSchema = 4

// Public is what every other seat can see of one player (the opponent) and
// of the table, gathered once per position; the feature vectors are read
// from it. It is built from a game.View, of which only the public part is
// read: rivers (with the discards' turns), melds, riichi declarations, dora
// indicators, scores, winds and the wall count.
type Public struct {
	seat       int
	river      []game.RiverTile
	melds      []score.Meld
	visible    [tile.NumKinds]int8 // rivers (called tiles counted in their meld), melds, dora indicators
	riverCount [tile.NumKinds]int8 // the opponent's own discards per kind
	firstIdx   [tile.NumKinds]int8 // river index of the opponent's first discard of a kind, -1
	suitFirst  [4]int8             // river index of the first discard of each suit, -1
	suitRiver  [4]int8             // discards per suit
	lastIdx    [tile.NumKinds]int8 // river index of the opponent's last discard of a kind, -1
	tedashi    tile.KindSet        // kinds the opponent discarded from the hand (not tsumogiri)
	passed     tile.KindSet        // kinds others discarded after the opponent's riichi
	passedTe   tile.KindSet        // kinds others discarded after the opponent's last tedashi
	dora       tile.KindSet
	riichiIdx  int // river index of the riichi tile, -1
	yakuhai    tile.KindSet
	// tedashiIdx are the river indexes of the opponent's last two discards
	// from the hand, latest first, -1.
	tedashiIdx [2]int
	general    [numGeneral]float64
	wait       [numWaitPos]float64 // the wait model's position features
	shapes     [tile.NumKinds][numShape]float64
	// schema 4
	now        int                  // the latest discard's turn (round order), -1 before any
	otherFirst [tile.NumKinds]int16 // turn of the first discard of a kind by another seat, -1
	otherLast  [tile.NumKinds]int16 // turn of its last discard by another seat, -1
	otherCount [tile.NumKinds]int8  // discards of a kind by the other seats
	extraPos   [numExtraPos]float64 // the schema 4 position features
	extra      [tile.NumKinds][numExtraKind]float64
	// three players
	players int              // seats in play, 4 or 3
	kita    [numKita]float64 // the kita features (three players only)
}

// NewPublic gathers the public information about seat seen through v (any
// seat's view: only what everyone sees is read, never v's own hand).
func NewPublic(v game.View, seat int) *Public {
	p := &Public{}
	p.Reset(v, seat)
	return p
}

// Reset is NewPublic into an existing value (no allocation).
func (p *Public) Reset(r game.View, seat int) {
	*p = Public{seat: seat, river: r.River(seat), melds: r.Melds(seat), riichiIdx: -1, tedashiIdx: [2]int{-1, -1}, players: r.Players()}
	for i := range p.firstIdx {
		p.firstIdx[i] = -1
		p.lastIdx[i] = -1
	}
	p.suitFirst = [4]int8{-1, -1, -1, -1}
	p.now = -1
	for i := range p.otherFirst {
		p.otherFirst[i], p.otherLast[i] = -1, -1
	}
	for s := range game.NumSeats {
		for _, rt := range r.River(s) {
			k := rt.Tile.Kind()
			if !rt.Called {
				p.visible[k]++
			}
			p.now = max(p.now, int(rt.Turn))
			if s != seat {
				if p.otherFirst[k] < 0 {
					p.otherFirst[k] = int16(rt.Turn)
				}
				p.otherLast[k] = int16(rt.Turn)
				p.otherCount[k]++
			}
		}
		for _, m := range r.Melds(s) {
			for _, t := range m.TilesSlice() {
				p.visible[t.Kind()]++
			}
		}
	}
	for _, t := range r.DoraIndicators() {
		p.visible[t.Kind()]++
		p.dora = p.dora.Add(t.Kind().DoraFrom())
	}
	if p.players == 3 {
		p.fillSanma(r)
	}
	for i, rt := range p.river {
		k := rt.Tile.Kind()
		p.riverCount[k]++
		if p.firstIdx[k] < 0 {
			p.firstIdx[k] = int8(i)
		}
		p.lastIdx[k] = int8(i)
		if !rt.Tsumogiri {
			p.tedashi = p.tedashi.Add(k)
			p.tedashiIdx = [2]int{i, p.tedashiIdx[0]}
		}
		su := k.Suit()
		p.suitRiver[su]++
		if p.suitFirst[su] < 0 {
			p.suitFirst[su] = int8(i)
		}
		if rt.Riichi && p.riichiIdx < 0 {
			p.riichiIdx = i
		}
	}
	if p.riichiIdx < 0 && r.InRiichi(seat) {
		p.riichiIdx = len(p.river) - 1 // the declaration tile was called
	}
	p.passOrder(r)
	p.yakuhai = p.yakuhai.Add(tile.Haku).Add(tile.Hatsu).Add(tile.Chun).Add(r.RoundWind()).Add(r.SeatWind(seat))
	p.fillGeneral(r)
	p.fillWait()
	p.fillShapes()
	p.fillExtra()
}

// passOrder collects the kinds other seats discarded after the opponent's
// riichi tile and after its last discard from the hand: those whose turn
// (their place in the round's order of discards) is later.
func (p *Public) passOrder(r game.View) {
	riichiTurn, teTurn := noTurn, noTurn
	if p.riichiIdx >= 0 {
		riichiTurn = int(p.river[p.riichiIdx].Turn)
	}
	if p.tedashiIdx[0] >= 0 {
		teTurn = int(p.river[p.tedashiIdx[0]].Turn)
	}
	if riichiTurn == noTurn && teTurn == noTurn {
		return
	}
	for s := range game.NumSeats {
		if s == p.seat {
			continue
		}
		for _, rt := range r.River(s) {
			k, turn := rt.Tile.Kind(), int(rt.Turn)
			if turn > riichiTurn {
				p.passed = p.passed.Add(k)
			}
			if turn > teTurn {
				p.passedTe = p.passedTe.Add(k)
			}
		}
	}
}

// noTurn is after every discard's turn.
const noTurn = 1 << 30

// classOf returns a tile kind's number 1..9, or 10 for an honour.
func classOf(k tile.Kind) float64 {
	if k.IsHonor() {
		return 10
	}
	return float64(k.Number())
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// generalNames are the features of the opponent's whole position, shared by
// the tenpai and value models (and partly by the wait model).
var generalNames = []string{
	"turn", "live_remaining", "open_melds", "ankans", "chis", "pons_kans",
	"riichi", "riichi_index", "turns_since_riichi",
	"tsumogiri_last3", "tsumogiri_last6", "tsumogiri_total", "called_from_river", "distinct_kinds",
	"dealer", "seat_wind", "round_wind", "round_index", "honba", "sticks",
	"score", "score_rank", "score_behind_top", "others_riichi",
	"dora_indicators", "dora_in_melds", "red_in_melds", "yakuhai_meld",
	"meld_tiles_m", "meld_tiles_p", "meld_tiles_s", "meld_tiles_z",
	"river_m", "river_p", "river_s", "river_z",
	"river_terminal_honor", "river_simple",
	"first6_terminal_honor", "last6_middle", "last6_honor",
	"last6_m", "last6_p", "last6_s",
	"riichi_tile_class", "riichi_tile_suit",
	"d1_class", "d1_suit", "d1_tsumogiri",
	"d2_class", "d2_suit", "d2_tsumogiri",
	"d3_class", "d3_suit", "d3_tsumogiri",
	"d4_class", "d4_suit", "d4_tsumogiri",
	"d5_class", "d5_suit", "d5_tsumogiri",
	"d6_class", "d6_suit", "d6_tsumogiri",
}

const numGeneral = 64

// fillGeneral computes the general features, in the order of generalNames.
func (p *Public) fillGeneral(r game.View) {
	river := p.river
	n := len(river)
	m := p.meldFacts()
	riichi := p.riichiIdx >= 0
	since := -1
	if riichi {
		since = n - 1 - p.riichiIdx
	}
	rv := p.riverFacts()
	scores := r.Scores()
	rank, top, others := p.standing(r, scores)
	rClass, rSuit := 0.0, -1.0
	if riichi {
		k := river[p.riichiIdx].Tile.Kind()
		rClass, rSuit = classOf(k), float64(k.Suit())
	}
	g := append(p.general[:0], float64(n), float64(r.LiveRemaining()), float64(m.open), float64(m.ankans), float64(m.chis), float64(m.ponkans),
		b2f(riichi), float64(p.riichiIdx), float64(since),
		float64(p.tsumogiri(3)), float64(p.tsumogiri(6)), float64(p.tsumogiri(n)), float64(rv.called), float64(rv.distinct),
		b2f(r.Dealer() == p.seat), float64(r.SeatWind(p.seat)-tile.East), float64(r.RoundWind()-tile.East),
		float64(r.RoundIndex()), float64(r.Honba()), float64(r.Sticks()),
		float64(scores[p.seat]), float64(rank), float64(top-scores[p.seat]), float64(others),
		float64(len(r.DoraIndicators())), float64(m.dora), float64(m.red), b2f(m.yakuhai),
		float64(m.suit[0]), float64(m.suit[1]), float64(m.suit[2]), float64(m.suit[3]),
		float64(p.suitRiver[0]), float64(p.suitRiver[1]), float64(p.suitRiver[2]), float64(p.suitRiver[3]),
		float64(rv.termHonor), float64(rv.simple), float64(rv.first6TH), float64(rv.last6Mid), float64(rv.last6Honor),
		float64(rv.last6Suit[0]), float64(rv.last6Suit[1]), float64(rv.last6Suit[2]),
		rClass, rSuit)
	g = p.appendLastDiscards(g)
	if len(g) != numGeneral {
		panic("opponent: general feature count")
	}
}

// meldFacts sums up the opponent's melds for the general features.
type meldFacts struct {
	open, ankans, chis, ponkans int
	dora, red                   int    // dora and red fives among the meld tiles
	suit                        [4]int // meld tiles per suit, honours last
	yakuhai                     bool   // a pon or kan of a yakuhai
}

func (p *Public) meldFacts() meldFacts {
	var f meldFacts
	for _, m := range p.melds {
		switch m.Type {
		case score.Ankan:
			f.ankans++
		case score.Chi:
			f.chis++
			f.open++
		default:
			f.ponkans++
			f.open++
		}
		if m.Type != score.Chi && p.yakuhai.Has(m.Kind()) {
			f.yakuhai = true
		}
		for _, t := range m.TilesSlice() {
			f.suit[t.Kind().Suit()]++
			if p.dora.Has(t.Kind()) {
				f.dora++
			}
			if t.Red() {
				f.red++
			}
		}
	}
	return f
}

// riverFacts sums up the opponent's river for the general features.
type riverFacts struct {
	called, distinct     int
	termHonor, simple    int // discards of terminals or honours, of simples
	first6TH             int // terminals or honours among the first six discards
	last6Mid, last6Honor int // 3..7 and honours among the last six discards
	last6Suit            [3]int
}

func (p *Public) riverFacts() riverFacts {
	var f riverFacts
	n := len(p.river)
	for i, rt := range p.river {
		k := rt.Tile.Kind()
		if rt.Called {
			f.called++
		}
		if k.IsTerminalOrHonor() {
			f.termHonor++
			if i < 6 {
				f.first6TH++
			}
		} else {
			f.simple++
		}
		if i >= n-6 {
			if k.IsHonor() {
				f.last6Honor++
			} else {
				f.last6Suit[k.Suit()]++
				if num := k.Number(); num >= 3 && num <= 7 {
					f.last6Mid++
				}
			}
		}
	}
	for k := range p.riverCount {
		if p.riverCount[k] > 0 {
			f.distinct++
		}
	}
	return f
}

// tsumogiri counts the tsumogiri among the opponent's last `last` discards.
func (p *Public) tsumogiri(last int) (c int) {
	n := len(p.river)
	for i := max(0, n-last); i < n; i++ {
		if p.river[i].Tsumogiri {
			c++
		}
	}
	return c
}

// standing returns the opponent's rank, the top score and how many other
// seats are in riichi.
func (p *Public) standing(r game.View, scores [game.NumSeats]int) (rank, top, others int) {
	rank = game.RankOf(scores, p.players)[p.seat]
	for _, s := range scores[:p.players] {
		top = max(top, s)
	}
	for s := range game.NumSeats {
		if s != p.seat && r.InRiichi(s) {
			others++
		}
	}
	return rank, top, others
}

// appendLastDiscards appends the class, suit and tsumogiri of the
// opponent's last six discards, latest first; 0, -1, -1 where the river is
// shorter.
func (p *Public) appendLastDiscards(g []float64) []float64 {
	n := len(p.river)
	for i := 1; i <= 6; i++ {
		if n-i < 0 {
			g = append(g, 0, -1, -1)
			continue
		}
		rt := p.river[n-i]
		g = append(g, classOf(rt.Tile.Kind()), float64(rt.Tile.Kind().Suit()), b2f(rt.Tsumogiri))
	}
	return g
}

// TenpaiFeatureNames names the features of the four-player tenpai and
// value models, in order.
var TenpaiFeatureNames = generalNames

// NumTenpaiFeatures is len(TenpaiFeatureNames).
const NumTenpaiFeatures = numGeneral

// TenpaiFeatureNames3 names the features of the three-player tenpai and
// value models: the four-player ones, then the kita features.
var TenpaiFeatureNames3 = append(slices.Clip(generalNames), kitaNames...)

// NumTenpaiFeatures3 is len(TenpaiFeatureNames3).
const NumTenpaiFeatures3 = numGeneral + numKita

// TenpaiFeatureNamesFor returns the tenpai and value models' feature
// names for a number of players (3 or 4).
func TenpaiFeatureNamesFor(players int) []string {
	if players == 3 {
		return TenpaiFeatureNames3
	}
	return TenpaiFeatureNames
}

// TenpaiFeatures writes the tenpai (and value) model's features into x:
// len(TenpaiFeatureNamesFor(p.Players())) of them.
func (p *Public) TenpaiFeatures(x []float64) {
	for i, v := range p.general {
		x[i] = float64(float32(v))
	}
	if p.players == 3 {
		for i, v := range p.kita {
			x[numGeneral+i] = float64(float32(v))
		}
	}
}

// waitGeneral are the indexes of the general features the wait model reads.
var waitGeneral = []int{0, 1, 2, 6, 7, 8, 14, 27, 28, 29, 30, 31, 32, 33, 34, 35, 46, 47, 48, 49, 50, 51}

// waitPosNames are the wait model's features of the whole position that
// are not general ones.
var waitPosNames = []string{
	"tsumogiri_since_tedashi", "last_tedashi_index", "chis", "pons_kans",
	"meld_all_simple", "meld_one_suit", "safe_kinds", "others_riichi", "riichi_tile_tsumogiri",
}

const numWaitPos = 22 + 9

// waitKindNames are the wait model's features of the candidate kind k.
var waitKindNames = []string{
	"k_suit", "k_class", "k_honor", "k_yakuhai", "k_dora",
	"k_genbutsu", "k_passed_after_riichi", "k_suji_low", "k_suji_high", "k_suji",
	"k_visible", "k_visible_m2", "k_visible_m1", "k_visible_p1", "k_visible_p2",
	"k_river_m2", "k_river_m1", "k_river_p1", "k_river_p2",
	"k_first_index", "k_suit_first_index", "k_suit_river", "k_suit_melds",
	"k_riichi_same_suit", "k_riichi_distance",
	"k_early_outer", "k_matagi",
	// schema 2
	"k_kind", "k_passed_after_tedashi", "k_last_index", "k_tedashi",
	"k_suji_low_index", "k_suji_high_index", "k_suji_low_after_riichi", "k_suji_high_after_riichi",
	"k_first_m2", "k_first_m1", "k_first_p1", "k_first_p2",
	"k_riichi_delta", "k_tedashi1_delta", "k_tedashi2_delta",
	"k_ryanmen_low_live", "k_ryanmen_high_live", "k_kanchan_live",
	"k_suit_first6", "k_suit_last6",
	// schema 3: waiting shapes (see fillShapes)
	"k_shape_ryanmen", "k_shape_kanchan", "k_shape_penchan", "k_shape_shanpon", "k_shape_tanki",
	"k_shape_total", "k_shape_share", "k_shape_total_te", "k_shape_ryanmen_kept",
	"k_shape_kanchan_kept", "k_shape_share_te", "k_shape_rank_te",
}

// extraNames are the features schema 4 added (see fillExtra): of the
// position first, then of the kind.
var extraNames = []string{
	"hand_tiles", "toitoi_signal", "live_kinds_te",
	"k_shape_ryanmen_low", "k_shape_ryanmen_high", "k_shape_ryanmen_te", "k_shape_kanchan_te", "k_shape_pair_te",
	"k_shape_te_m3", "k_shape_te_p3", "k_shape_te_m1", "k_shape_te_p1", "k_suit_shape_share_te", "k_shape_max_ratio_te",
	"k_others_first_ago", "k_others_last_ago", "k_others_count",
	"k_dora_distance", "k_shape_dora",
	"k_yaku_fit", "k_meld_suit_match",
}

// WaitFeatureNames names the wait model's features, in order: a subset of
// the general ones, other features of the position, then those of the
// candidate tile kind.
var WaitFeatureNames = func() []string {
	var names []string
	for _, i := range waitGeneral {
		names = append(names, generalNames[i])
	}
	names = append(names, waitPosNames...)
	names = append(names, waitKindNames...)
	return append(names, extraNames...)
}()

// NumWaitFeatures is len(WaitFeatureNames).
const NumWaitFeatures = numWaitPos + 47 + numShape + numExtraPos + numExtraKind

// WaitFeatureNames3 names the three-player wait model's features: the
// four-player ones, then the kita features.
var WaitFeatureNames3 = append(slices.Clip(WaitFeatureNames), kitaNames...)

// NumWaitFeatures3 is len(WaitFeatureNames3).
const NumWaitFeatures3 = NumWaitFeatures + numKita

// WaitFeatureNamesFor returns the wait model's feature names for a number
// of players (3 or 4).
func WaitFeatureNamesFor(players int) []string {
	if players == 3 {
		return WaitFeatureNames3
	}
	return WaitFeatureNames
}

// fillWait computes the wait model's position features (after fillGeneral).
func (p *Public) fillWait() {
	w := p.wait[:0]
	for _, gi := range waitGeneral {
		w = append(w, p.general[gi])
	}
	n := len(p.river)
	since := n
	if p.tedashiIdx[0] >= 0 {
		since = n - 1 - p.tedashiIdx[0]
	}
	allSimple, oneSuit := -1.0, -1.0
	open := false
	suits := 0
	for _, m := range p.melds {
		if !m.Open() {
			continue
		}
		if !open {
			allSimple = 1
		}
		open = true
		for _, t := range m.TilesSlice() {
			k := t.Kind()
			if !k.IsSimple() {
				allSimple = 0
			}
			if !k.IsHonor() {
				suits |= 1 << k.Suit()
			}
		}
	}
	if open {
		switch suits {
		case 1, 2, 4:
			oneSuit = float64(bits.TrailingZeros(uint(suits)))
		case 0:
			oneSuit = 3 // honours only
		}
	}
	riichiTsumogiri := -1.0
	if p.riichiIdx >= 0 {
		riichiTsumogiri = b2f(p.river[p.riichiIdx].Tsumogiri)
	}
	safe := 0
	for k := range tile.NumKinds {
		kk := tile.Kind(k)
		if p.riverCount[k] > 0 || p.passed.Has(kk) || p.passedTe.Has(kk) {
			safe++
		}
	}
	w = append(w, float64(since), float64(p.tedashiIdx[0]), p.general[4], p.general[5],
		allSimple, oneSuit, float64(safe), p.general[23], riichiTsumogiri)
	if len(w) != numWaitPos {
		panic("opponent: wait position feature count")
	}
}

// The shape features of kind k count the combinations of unseen tiles
// (4 − visible to everyone; the predicting seat's own hand is not used)
// that would let the opponent wait on k, by the form of the wait:
//
//   - ryanmen: k−2,k−1 (waits k−3 and k) and k+1,k+2 (waits k and k+3);
//   - kanchan: k−1,k+1;
//   - penchan: 1,2 for a 3 and 8,9 for a 7;
//   - shanpon: a pair of k, C(unseen k, 2);
//   - tanki: one k, unseen k.
//
// A shape is dead when one of its winning kinds is dead: discarded by the
// opponent (furiten) or passed by another seat after the opponent's
// riichi (a riichi hand cannot skip a ron, so none of its waits passed).
// So a ryanmen k−2,k−1 is dead when k−3 is (suji), and every shape of a
// dead k is. The features are the five counts of live shapes, their total,
// the total's share of the sum over all 34 kinds, the total when kinds
// passed since the opponent's last discard from the hand are dead too
// (its hand has not changed since; a non-riichi hand can still skip a ron,
// so this is weaker), the live ryanmen and kanchan whose two tiles the
// opponent never discarded, that second total's share of its sum over all
// kinds, and the number of kinds with a larger second total (0: k has the
// most shapes).
const numShape = 12

// fillShapes computes the shape features of every kind.
func (p *Public) fillShapes() {
	unseen, dead, deadTe := p.deadKinds()
	sum := 0.0
	// The suited kinds' shapes are counted here, not in a function of
	// their own: with k from the loop the compiler drops the checks of the
	// shifts and indexes below, which a kind passed in as an argument
	// needs (about 10% more instructions a Reset, under cachegrind).
	for k := range tile.NumKinds {
		kk := tile.Kind(k)
		sh := &p.shapes[k]
		*sh = [numShape]float64{}
		if kk.IsHonor() {
			honorShapes(sh, kk, unseen[k], dead, deadTe)
		} else {
			n := kk.Number()
			// side counts the shapes a,b waiting on k (and on the kind other,
			// -1 for none) unless one of their waits is in dd.
			side := func(a, b, other int, dd tile.KindSet) float64 {
				if dd.Has(kk) || (other >= 0 && dd.Has(tile.Kind(other))) {
					return 0
				}
				return unseen[a] * unseen[b]
			}
			// The live shapes by form with dead, their total with deadTe.
			for i, dd := range [2]tile.KindSet{dead, deadTe} {
				var ryan, kan, pen float64
				var kept, kanKept float64 // ryanmen and kanchan of tiles the opponent never discarded
				if n >= 4 {
					v := side(k-2, k-1, k-3, dd)
					ryan += v
					if p.riverCount[k-2] == 0 && p.riverCount[k-1] == 0 {
						kept += v
					}
				}
				if n <= 6 {
					v := side(k+1, k+2, k+3, dd)
					ryan += v
					if p.riverCount[k+1] == 0 && p.riverCount[k+2] == 0 {
						kept += v
					}
				}
				if n >= 2 && n <= 8 {
					kan = side(k-1, k+1, -1, dd)
					if p.riverCount[k-1] == 0 && p.riverCount[k+1] == 0 {
						kanKept = kan
					}
				}
				switch n {
				case 3:
					pen = side(k-2, k-1, -1, dd)
				case 7:
					pen = side(k+1, k+2, -1, dd)
				}
				var pair, single float64
				if !dd.Has(kk) {
					pair, single = unseen[k]*(unseen[k]-1)/2, unseen[k]
				}
				if i == 0 {
					sh[0], sh[1], sh[2], sh[3], sh[4] = ryan, kan, pen, pair, single
					sh[8], sh[9] = kept, kanKept
				} else {
					sh[7] = ryan + kan + pen + pair + single
				}
			}
		}
		sh[5] = sh[0] + sh[1] + sh[2] + sh[3] + sh[4]
		sum += sh[5]
	}
	p.fillShares(sum)
}

// deadKinds returns the unseen copies of every kind, the dead kinds
// (discarded by the opponent or passed after its riichi), and those dead
// when the passes since its last discard from the hand count too.
func (p *Public) deadKinds() (unseen [tile.NumKinds]float64, dead, deadTe tile.KindSet) {
	for k := range tile.NumKinds {
		kk := tile.Kind(k)
		unseen[k] = float64(max(0, 4-int(p.visible[k])))
		if p.riverCount[k] > 0 || p.passed.Has(kk) {
			dead = dead.Add(kk)
		}
	}
	return unseen, dead, dead | p.passedTe
}

// honorShapes fills the shapes of honour kind k, of which u copies are
// unseen: only shanpon and tanki.
func honorShapes(sh *[numShape]float64, k tile.Kind, u float64, dead, deadTe tile.KindSet) {
	if !dead.Has(k) {
		sh[3] = u * (u - 1) / 2
		sh[4] = u
	}
	if !deadTe.Has(k) {
		sh[7] = sh[3] + sh[4]
	}
}

// fillShares fills the features read across kinds: each kind's share of
// the first total (sum over all kinds) and of the second, and the number
// of kinds with a larger second total.
func (p *Public) fillShares(sum float64) {
	sumTe := 0.0
	var sorted [tile.NumKinds]float64
	for k := range p.shapes {
		sumTe += p.shapes[k][7]
		sorted[k] = p.shapes[k][7]
	}
	slices.Sort(sorted[:])
	for k := range p.shapes {
		sh := &p.shapes[k]
		if sum > 0 {
			sh[6] = sh[5] / sum
		}
		if sumTe > 0 {
			sh[10] = sh[7] / sumTe
		}
		// The kinds with a larger second total: those after the last
		// sorted value not above k's.
		lo, hi := 0, len(sorted)
		for lo < hi {
			if mid := (lo + hi) / 2; sorted[mid] > sh[7] {
				hi = mid
			} else {
				lo = mid + 1
			}
		}
		sh[11] = float64(len(sorted) - lo)
	}
}

// WaitFeatures writes the wait model's features for candidate kind k into x:
// len(WaitFeatureNamesFor(p.Players())) of them.
func (p *Public) WaitFeatures(k tile.Kind, x []float64) {
	if p.players == 3 {
		for i, v := range p.kita {
			x[NumWaitFeatures+i] = float64(float32(v))
		}
	}
	x = x[:NumWaitFeatures]
	for i, v := range p.wait {
		x[i] = float64(float32(v))
	}
	w := waitKind{p: p, k: k, suit: k.Suit(), honor: k.IsHonor()}
	if !w.honor {
		w.num = k.Number()
	}
	i := numWaitPos
	put := func(v float64) { x[i] = float64(float32(v)); i++ }
	sujiLow, sujiHigh, suji := w.suji()
	rSame, rDist := w.riichiTile()
	early, matagi := w.earlyAndMatagi()
	suitFirst6, suitLast6 := w.suitEnds()
	put(float64(w.suit))
	put(float64(w.num))
	put(b2f(w.honor))
	put(b2f(p.yakuhai.Has(k)))
	put(b2f(p.dora.Has(k)))
	put(b2f(p.riverCount[k] > 0))
	put(b2f(p.passed.Has(k)))
	put(b2f(sujiLow))
	put(b2f(sujiHigh))
	put(b2f(suji))
	put(float64(p.visible[k]))
	put(w.visible(-2))
	put(w.visible(-1))
	put(w.visible(1))
	put(w.visible(2))
	put(w.inRiver(-2))
	put(w.inRiver(-1))
	put(w.inRiver(1))
	put(w.inRiver(2))
	put(float64(p.firstIdx[k]))
	put(float64(p.suitFirst[w.suit]))
	put(float64(p.suitRiver[w.suit]))
	put(float64(w.meldSuit()))
	put(rSame)
	put(rDist)
	put(early)
	put(matagi)
	// schema 2
	put(float64(k))
	put(b2f(p.passedTe.Has(k)))
	put(float64(p.lastIdx[k]))
	put(b2f(p.tedashi.Has(k)))
	put(w.first(-3))
	put(w.first(3))
	put(w.afterRiichi(-3))
	put(w.afterRiichi(3))
	put(w.first(-2))
	put(w.first(-1))
	put(w.first(1))
	put(w.first(2))
	put(w.delta(p.riichiIdx))
	put(w.delta(p.tedashiIdx[0]))
	put(w.delta(p.tedashiIdx[1]))
	put(w.live(-2, -1))
	put(w.live(1, 2))
	put(w.live(-1, 1))
	put(float64(suitFirst6))
	put(float64(suitLast6))
	// schema 3
	for _, v := range p.shapes[k] {
		put(v)
	}
	// schema 4
	for _, v := range p.extraPos {
		put(v)
	}
	for _, v := range p.extra[k] {
		put(v)
	}
	if i != NumWaitFeatures {
		panic("opponent: wait feature count")
	}
}

// waitKind is the kind whose wait features are being computed, with the
// opponent's public information.
type waitKind struct {
	p     *Public
	k     tile.Kind
	suit  tile.Suit
	honor bool
	num   int // 1..9; 0 for an honour
}

// rel returns kind k+d in the same suit, ok false off the suit's edge or
// for honours.
func (w *waitKind) rel(d int) (tile.Kind, bool) {
	if w.honor || w.num+d < 1 || w.num+d > 9 {
		return 0, false
	}
	return tile.Kind(int(w.k) + d), true
}

// visible returns the visible copies of k+d, -1 if it does not exist.
func (w *waitKind) visible(d int) float64 {
	if kk, ok := w.rel(d); ok {
		return float64(w.p.visible[kk])
	}
	return -1
}

// inRiver returns the opponent's discards of k+d, -1 if it does not exist.
func (w *waitKind) inRiver(d int) float64 {
	if kk, ok := w.rel(d); ok {
		return float64(w.p.riverCount[kk])
	}
	return -1
}

// first returns the river index of the opponent's first discard of k+d
// (-1 if none), -2 if the kind does not exist.
func (w *waitKind) first(d int) float64 {
	if kk, ok := w.rel(d); ok {
		return float64(w.p.firstIdx[kk])
	}
	return -2
}

// has reports whether the opponent discarded k+d.
func (w *waitKind) has(d int) bool {
	kk, ok := w.rel(d)
	return ok && w.p.riverCount[kk] > 0
}

// afterRiichi returns 1 if the opponent discarded k+d after its riichi, 0
// if not, -1 without riichi or kind.
func (w *waitKind) afterRiichi(d int) float64 {
	kk, ok := w.rel(d)
	switch {
	case w.p.riichiIdx < 0 || !ok:
		return -1
	case int(w.p.lastIdx[kk]) > w.p.riichiIdx:
		return 1
	}
	return 0
}

// live returns how many copies of the rarer of kinds k+a and k+b are not
// visible (a shape waiting on k needs both), -1 if one does not exist.
func (w *waitKind) live(a, b int) float64 {
	ka, oka := w.rel(a)
	kb, okb := w.rel(b)
	if !oka || !okb {
		return -1
	}
	return float64(4 - max(w.p.visible[ka], w.p.visible[kb]))
}

// delta returns k minus the number of the opponent's river tile i in k's
// suit, 20 for another suit or an honour, 30 if there is none.
func (w *waitKind) delta(i int) float64 {
	if i < 0 {
		return 30
	}
	rk := w.p.river[i].Tile.Kind()
	if w.honor || rk.IsHonor() || rk.Suit() != w.suit {
		return 20
	}
	return float64(w.num - rk.Number())
}

// suji reports whether the opponent discarded k−3 and k+3, and whether k
// is suji (both sides where both exist).
func (w *waitKind) suji() (low, high, suji bool) {
	low, high = w.has(-3), w.has(3)
	switch {
	case w.honor:
	case w.num <= 3:
		suji = high
	case w.num >= 7:
		suji = low
	default:
		suji = low && high
	}
	return low, high, suji
}

// meldSuit counts the tiles of k's suit in the opponent's melds.
func (w *waitKind) meldSuit() int {
	n := 0
	for _, m := range w.p.melds {
		for _, t := range m.TilesSlice() {
			if t.Kind().Suit() == w.suit {
				n++
			}
		}
	}
	return n
}

// riichiTile relates k to the riichi declaration tile: same suit (1/0),
// and the distance in numbers; -1 without riichi (or another suit).
func (w *waitKind) riichiTile() (same, dist float64) {
	same, dist = -1, -1
	if w.p.riichiIdx >= 0 {
		rk := w.p.river[w.p.riichiIdx].Tile.Kind()
		same = b2f(rk.Suit() == w.suit)
		if rk.Suit() == w.suit && !w.honor {
			d := rk.Number() - w.num
			dist = float64(max(d, -d))
		}
	}
	return same, dist
}

// earlyAndMatagi counts the tiles two away discarded in the first six
// turns (e.g. 1 before 3: the middle is likely not waited on), and the
// neighbours discarded late (after turn 6: a shape around k).
func (w *waitKind) earlyAndMatagi() (early, matagi float64) {
	for _, d := range [2]int{-2, 2} {
		if kk, ok := w.rel(d); ok && w.p.firstIdx[kk] >= 0 && w.p.firstIdx[kk] < 6 {
			early++
		}
	}
	for _, d := range [2]int{-1, 1} {
		if kk, ok := w.rel(d); ok && w.p.firstIdx[kk] >= 6 {
			matagi++
		}
	}
	return early, matagi
}

// suitEnds counts the opponent's discards of k's suit among its first six
// and its last six.
func (w *waitKind) suitEnds() (first6, last6 int) {
	for j, rt := range w.p.river {
		if rt.Tile.Kind().Suit() != w.suit {
			continue
		}
		if j < 6 {
			first6++
		}
		if j >= len(w.p.river)-6 {
			last6++
		}
	}
	return first6, last6
}

// Genbutsu reports whether the opponent discarded a tile of kind k (a ron
// on it would be furiten).
func (p *Public) Genbutsu(k tile.Kind) bool { return p.riverCount[k] > 0 }

// Visible returns how many tiles of kind k everyone can see.
func (p *Public) Visible(k tile.Kind) int { return int(p.visible[k]) }

// Riichi reports whether the opponent declared riichi.
func (p *Public) Riichi() bool { return p.riichiIdx >= 0 }

// Turn returns the number of the opponent's discards.
func (p *Public) Turn() int { return len(p.river) }

// OpenMelds returns the number of the opponent's open melds.
func (p *Public) OpenMelds() int { return int(p.general[2]) }

// Passed reports whether another seat discarded kind k after the
// opponent's riichi without being ronned.
func (p *Public) Passed(k tile.Kind) bool { return p.passed.Has(k) }

// PassedSinceTedashi reports whether another seat discarded kind k after
// the opponent's last discard from the hand (its hand unchanged since).
func (p *Public) PassedSinceTedashi(k tile.Kind) bool { return p.passedTe.Has(k) }

// Suji reports whether kind k is suji-protected by the opponent's discards
// (1-4-7 style: both sides for 4..6).
func (p *Public) Suji(k tile.Kind) bool {
	var x [NumWaitFeatures3]float64
	p.WaitFeatures(k, x[:])
	return x[numWaitPos+9] == 1
}
