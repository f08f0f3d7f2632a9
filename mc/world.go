package mc

import (
	"math/rand/v2"

	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/policy"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// noTenToTenpai[n] is the rate at which a player that is noten after its
// n-th discard is tenpai after its next one, measured on the shared
// corpus (TestTenpaiTransitionTrial in experiments/train). Later discards
// are rare: they take the rate of n = 17.
var noTenToTenpai = [...]float64{0,
	0.0024, 0.0068, 0.0167, 0.0296, 0.0444, 0.0592, 0.0722, 0.0827, 0.0926,
	0.0960, 0.0973, 0.0961, 0.0963, 0.0916, 0.0878, 0.0822, 0.0797}

// noTenToTenpaiDraw[f] is noTenToTenpai over the turns with a draw and
// no call, the rate the rollout uses when its opponents call (a call has
// its own, tenpaiAfterCallRate), with no other seat in riichi (f = 0) and
// with one (f = 1): a player facing a riichi folds, and becomes tenpai
// less often. Measured on the training games of the whole corpus
// (TestCallRateTrial in experiments/train).
var noTenToTenpaiDraw = [2][19]float64{
	{0, 0.0022, 0.0058, 0.0127, 0.0228, 0.0346, 0.0477, 0.0610, 0.0720, 0.0808,
		0.0877, 0.0927, 0.0945, 0.0963, 0.0960, 0.0918, 0.0885, 0.0842, 0.0838},
	{0, 0.0041, 0.0064, 0.0093, 0.0164, 0.0250, 0.0319, 0.0389, 0.0446, 0.0496,
		0.0510, 0.0512, 0.0499, 0.0487, 0.0452, 0.0452, 0.0408, 0.0432, 0.0623},
}

// keepTenpai[f] is the chance that a tenpai opponent without riichi is
// still tenpai after its next discard, with no other seat in riichi (f =
// 0) and with one (f = 1). Facing a riichi, some such hands give the
// tenpai up to fold, and seldom come back (TestCallRateTrial in
// experiments/train, on the whole corpus's training games). Otherwise the
// few that give it up mostly reshape the wait, tenpai again within a turn
// or two; the abstraction has no quick way back, so they keep it.
var keepTenpai = [2]float64{1, 0.8960}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// callRate[open][n] is the chance that an opponent not in riichi, with an
// open hand or not and n discards made, calls (chi, pon or open kan) a
// given discard of another seat; measured on the training games of the
// whole corpus (TestCallRateTrial in experiments/train).
var callRate = [2][19]float64{
	{0.0097, 0.0109, 0.0125, 0.0135, 0.0136, 0.0136, 0.0129, 0.0125, 0.0119, 0.0113,
		0.0109, 0.0110, 0.0114, 0.0123, 0.0139, 0.0144, 0.0146, 0.0133, 0.0075},
	{0.0306, 0.0306, 0.0365, 0.0398, 0.0413, 0.0402, 0.0369, 0.0320, 0.0275, 0.0232,
		0.0191, 0.0163, 0.0141, 0.0126, 0.0115, 0.0109, 0.0109, 0.0104, 0.0064},
}

// tenpaiAfterCallRate[n] is the share of players noten after their n-th
// discard that are tenpai after the discard that follows a call
// (TestCallRateTrial in experiments/train, on the whole corpus's training
// games; later calls take the rate of n = 18). It climbs with the turn:
// an early call rarely makes a hand tenpai, a late one often, which one
// rate for all turns misses (docs/ENGINE.md, "Opponents against the
// players").
var tenpaiAfterCallRate = [...]float64{0.0106,
	0.0106, 0.0349, 0.0816, 0.1443, 0.2234, 0.3023, 0.3734, 0.4431, 0.5015,
	0.5352, 0.5588, 0.5785, 0.5863, 0.5778, 0.5915, 0.6033, 0.5591, 0.6257}

// oppRoot is what the predictors say about one opponent at the root.
type oppRoot struct {
	pTenpai float64
	waitP   [tile.NumKinds]float64 // P(a discard of kind k lets it ron | tenpai)
	// laterP is for a hand that becomes tenpai during the rollout: the
	// wait model's probabilities × laterWaitBoost, even when the oracle
	// (Lab.Truth, OracleAll or OracleHands) fixes waitP to the true
	// hand's (a noten hand's later waits are not known).
	laterP [tile.NumKinds]float64
	// readTenpai and readWaitP are the predictors' pTenpai and waitP,
	// kept when the oracle fixes those to the truth: the seat folds by
	// what it can read (safestByModel), not by the opponents' hands.
	readTenpai float64
	readWaitP  [tile.NumKinds]float64
	value      int     // mean points of its ron
	valueK     float64 // the value model's prediction / 1000, as the policy reads it
	riichi     bool
	open       bool         // has an open meld (cannot declare riichi)
	melds      int          // its open melds
	river      tile.KindSet // kinds of its own discards (furiten for them)
	safe       tile.KindSet // kinds it cannot ron now: its own discards, kinds passed after its riichi
}

// root is everything a decision knows, gathered once before simulating.
type root struct {
	me      int
	np      int                // seats in play (rules.Players()): 4, or 3 with seat 3 empty
	succ    [game.NumSeats]int // the seat after each in turn order among np (setPlayers)
	rules   *game.Rules
	setup   game.RoundSetup // the round being played (Index, Honba, Dealer)
	scores  [game.NumSeats]int
	sticks  int
	live    int
	wind    tile.Kind
	dora    [5]tile.Tile
	numDora int

	phase game.Phase
	cur   int       // the seat to move, or the discarder being answered
	last  tile.Tile // the tile being answered (call and chankan phases)
	drawn tile.Tile // the seat's drawn tile in its turn, else NoTile

	hand      [score.MaxHand]tile.Tile
	n         int
	melds     [score.MaxMelds]score.Meld
	nm        int
	riichi    bool
	ippatsu   bool
	discarded tile.KindSet // kinds in the seat's own river (furiten)
	kita      int          // Norths the seat has set aside (three players)
	turns     [game.NumSeats]int
	// doubleRiichi: the seat's riichi was declared on its first discard
	// with no call or kan before it; firstGo: no call or kan has been made
	// in the round and the seat has not discarded (its riichi now would be
	// a double riichi, its tsumo a tenhou or chiihou).
	doubleRiichi, firstGo bool
	// pendingRiichi: the tile being answered declares its discarder's
	// riichi, whose stick is paid once nobody rons it.
	pendingRiichi bool
	// robbingKita: the tile being answered in the chankan phase is a
	// North set aside, whose robbing win has no chankan.
	robbingKita bool
	// pendingDora: indicators of open or added kans that the next discard
	// shows (Tenhou shows them after the kan maker's discard).
	pendingDora int

	unseen  [tile.NumTiles]tile.Tile // tiles the seat cannot see, in id order
	nUnseen int
	opp     [game.NumSeats]oppRoot

	rollout DiscardModel // the seat's learned rollout discards (nil: the heuristic)
	// ruleFolds: the learned rollout folds by the rule against a threat
	// (Lab.RuleFolds).
	ruleFolds bool
	// seatCalls: the seat chis and pons in the rollout (rollCall or ChooseCall), with
	// yakuhai its yakuhai kinds.
	seatCalls bool
	yakuhai   tile.KindSet
	// fourRates: the rollout plays by the 4-player rates whatever the
	// seat count (Lab.FourPlayerRates).
	fourRates bool
	// rollRiichi decides the seat's riichi or dama in the rollout (nil:
	// riichi on every closed tenpai); seenOut counts the tiles the seat
	// sees outside its hand at the root.
	rollRiichi Classifier
	// rollCall decides the seat's chis and pons in the rollout (nil: the
	// rule ChooseCall).
	rollCall Classifier
	seenOut  tile.Counts
	pin      policy.Inputs // its inputs at the root
	// weighted: the pool is ordered by class weights poolW
	// (setPoolWeights), not uniformly shuffled.
	weighted bool
	poolW    [opponent.NumClasses]float64
}

// newRoot gathers v's position. Only what v's seat may see is read.
func (e *Engine) newRoot(v game.View, rules *game.Rules, o *config, pub *opponent.Public) *root {
	me := v.Seat()
	r := &root{me: me, kita: v.Kita(me), rules: rules, scores: v.Scores(), sticks: v.Sticks(), live: v.LiveRemaining(),
		wind: v.RoundWind(), phase: v.Phase(), cur: v.Current(), last: v.LastTile(), drawn: v.Drawn(),
		riichi: v.InRiichi(me)}
	r.setPlayers(rules.Players())
	r.setup = game.RoundSetup{Index: v.RoundIndex(), Honba: v.Honba(), Sticks: v.Sticks(), Dealer: uint8(v.Dealer()), Scores: v.Scores()}
	r.numDora = copy(r.dora[:], v.DoraIndicators())
	kans := 0
	for s := range game.NumSeats {
		for _, m := range v.Melds(s) {
			if m.Type.IsKan() {
				kans++
			}
		}
	}
	r.pendingDora = max(0, min(1+kans, maxDora)-r.numDora)
	r.n = copy(r.hand[:], v.Hand())
	r.nm = copy(r.melds[:], v.Melds(me))
	r.readUnseen(v, o.poolTruth())
	r.firstTurnState(v)
	r.pendingRiichi = r.phase == game.PhaseCall && r.cur != me && v.InRiichi(r.cur) && !v.RiichiAccepted(r.cur)
	r.robbingKita = r.phase == game.PhaseChankan && robbingKita(v)
	for s := range r.np {
		if s != me {
			e.readOpponent(v, s, o, pub, &r.opp[s])
		}
	}
	r.seatCalls = !o.NoSeatCalls
	r.fourRates = o.FourPlayerRates
	if !o.AlwaysRiichi {
		r.rollRiichi = e.roll.Riichi
	}
	if !o.RuleCalls {
		r.rollCall = e.roll.Call
	}
	r.seenOut = v.Visible()
	for _, t := range v.Hand() {
		r.seenOut[t.Kind()]--
	}
	r.yakuhai = Yakuhai(v.SeatWind(me), v.RoundWind())
	switch o.Rollout {
	case LearnedRollout:
		r.rollout = e.roll.Learned
	case ScreenedRollout:
		r.rollout = e.roll.Screened
	}
	if r.rollout != nil {
		r.ruleFolds = o.RuleFolds
		r.rootInputs(v, pub)
		r.setPoolWeights(v, o)
	}
	return r
}

// setPlayers sets the number of seats in play and their turn order
// (a table, not a modulo, in the rollout's hot path).
func (r *root) setPlayers(np int) {
	r.np = np
	for s := range r.succ {
		r.succ[s] = (s + 1) % np
	}
}

// readUnseen lists the tiles the seat has not seen (with the oracle's
// truth, the opponents' hands count as seen), and the discards of every
// seat. With three players the tiles not in play (2m–8m) are never
// unseen, and the Norths set aside (kita) are seen: any of the Norths
// not seen otherwise, as Norths are all alike.
func (r *root) readUnseen(v game.View, truth *game.Round) {
	var seen [tile.NumTiles]bool
	if r.np == 3 {
		lay := game.LayoutFor(3)
		for t := range tile.Tile(tile.NumTiles) {
			seen[t] = !lay.InPlay(t)
		}
	}
	for _, t := range v.Hand() {
		seen[t] = true
	}
	for s := range game.NumSeats {
		for _, m := range v.Melds(s) {
			for _, t := range m.TilesSlice() {
				seen[t] = true
			}
		}
		river := v.River(s)
		r.turns[s] = len(river)
		for _, d := range river {
			seen[d.Tile] = true
			if s == r.me {
				r.discarded = r.discarded.Add(d.Tile.Kind())
			}
		}
	}
	for _, t := range v.DoraIndicators() {
		seen[t] = true
	}
	r.seeKita(v, &seen)
	if truth != nil {
		for s := range game.NumSeats {
			if s != r.me {
				for _, t := range truth.Hand(s) {
					seen[t] = true
				}
			}
		}
	}
	for t := range tile.Tile(tile.NumTiles) {
		if !seen[t] {
			r.unseen[r.nUnseen] = t
			r.nUnseen++
		}
	}
}

// robbingKita reports whether the North being answered in a chankan
// phase with three players was set aside (kita) rather than added to a
// pon (kakan): the view does not say, so a seat with a North pon is taken
// to be adding to it.
func robbingKita(v game.View) bool {
	if v.Players() != 3 || v.LastTile().Kind() != tile.North {
		return false
	}
	for _, m := range v.Melds(v.Current()) {
		if m.Type == score.Pon && m.Tiles[0].Kind() == tile.North {
			return false
		}
	}
	return true
}

// seeKita marks as seen a North for each one set aside (three players).
func (r *root) seeKita(v game.View, seen *[tile.NumTiles]bool) {
	n := 0
	for s := range r.np {
		n += v.Kita(s)
	}
	for t := tile.Tile(tile.North) * 4; n > 0 && t < tile.Tile(tile.North)*4+4; t++ {
		if !seen[t] {
			seen[t] = true
			n--
		}
	}
}

// readOpponent fills what the root knows of opponent s: its riichi,
// calls and river, and the predictors' tenpai, waits and value (or the
// oracle's truth, or the riichi-only ablation's).
func (e *Engine) readOpponent(v game.View, s int, o *config, pub *opponent.Public, op *oppRoot) {
	op.riichi = v.InRiichi(s)
	for _, m := range v.Melds(s) {
		if m.Open() {
			op.open = true
			op.melds++
		}
	}
	for _, d := range v.River(s) {
		op.river = op.river.Add(d.Tile.Kind())
	}
	pub.Reset(v, s)
	opp := e.opp
	three := v.Players() == 3
	if three {
		opp = e.opp3
	}
	switch {
	case o.Opponents == RiichiOnly:
		op.pTenpai = 0
		if op.riichi {
			op.pTenpai = 1
		}
	case op.riichi:
		op.pTenpai = 1
	default:
		op.pTenpai = opp.Tenpai(pub)
	}
	opp.Waits(pub, &op.waitP)
	if three {
		// A four-player wait model reading a three-player position
		// gives the kinds out of play (2m–8m) a chance.
		for k := tile.Man1 + 1; k < tile.Man9; k++ {
			op.waitP[k] = 0
		}
	}
	for k, p := range op.waitP {
		op.laterP[k] = min(1, laterWaitBoost*p)
	}
	pv := opp.Value(pub)
	op.value, op.valueK = int(pv), pv/1000
	op.readTenpai, op.readWaitP = op.pTenpai, op.waitP
	if t := o.handsTruth(); t != nil {
		op.truth(t, s, o.Oracle)
	}
	for k := range tile.Kind(tile.NumKinds) {
		if pub.Genbutsu(k) || pub.Passed(k) {
			op.safe = op.safe.Add(k)
		}
	}
}

// firstTurnState reads from the view what the seat's first go-around and
// riichi are worth: ippatsu (a riichi declared on the seat's last discard,
// no call or kan since), double riichi (declared on its first discard, no
// call or kan before) and whether it is still on its first uninterrupted
// go-around (no call or kan in the round, no discard of its own). A call
// shows as a called tile in a river, a closed or added kan as a meld made
// after that many discards (game.MeldInfo).
func (r *root) firstTurnState(v game.View) {
	river := v.River(r.me)
	// interrupted reports whether a call or kan came after the first
	// discards discards of the round (a call of discard number discards
	// included) and before the last ones.
	interrupted := func(from, to int) bool {
		for s := range game.NumSeats {
			for _, d := range v.River(s) {
				if d.Called && int(d.Turn) >= from && int(d.Turn) < to {
					return true
				}
			}
			for i, m := range v.Melds(s) {
				if t := int(v.MeldInfos(s)[i].Turn); (m.Type == score.Ankan || m.Type == score.Kakan) && t > from && t <= to {
					return true
				}
			}
		}
		return false
	}
	const all = 1 << 10
	// A kita ends the first go-around as a kan does; one made before the
	// seat's first discard always came before now. (When a kita after a
	// riichi ended its ippatsu the view does not say: ippatsu below
	// ignores kitas.)
	kitas := 0
	for s := range r.np {
		kitas += v.Kita(s)
	}
	r.firstGo = len(river) == 0 && !interrupted(-1, all) && kitas == 0
	if !r.riichi {
		return
	}
	for i, d := range river {
		if !d.Riichi {
			continue
		}
		r.ippatsu = i == len(river)-1 && !interrupted(int(d.Turn), all)
		r.doubleRiichi = i == 0 && !interrupted(-1, int(d.Turn))
	}
}

// truth sets the opponent's state from the full-information round t:
// tenpai for sure or not and, unless part is OracleTenpai (which leaves
// them predicted), the kinds it can ron now and their mean value.
func (op *oppRoot) truth(t *game.Round, seat int, part Oracle) {
	// Its ron kinds are those that complete the hand with a yaku for a
	// ron (a tenpai hand without one is taken as noten); the world drops
	// those in its river, as for a model opponent (furiten for them, by
	// ron and, unlike the rules, by tsumo). Other furiten is not kept: a
	// passed tile, riichi furiten, a river kind that makes every wait
	// furiten (docs/ENGINE.md, "The rollout against the rules").
	var ron [tile.NumKinds]float64
	n, sum := 0, 0
	if waits := t.Waits(seat); waits != 0 && t.Hand(seat) != nil {
		for k := range waits.Kinds {
			if pts, ok := t.RonValue(seat, k); ok {
				n++
				sum += pts
				ron[k] = 1
			}
		}
	}
	op.pTenpai = 0
	if n > 0 {
		op.pTenpai = 1
	}
	if part == OracleTenpai {
		return
	}
	op.waitP = ron
	if n > 0 {
		op.value = sum / n
	}
}

// oppState is an abstract opponent in one simulation.
type oppState struct {
	tenpai bool
	waits  tile.KindSet
	// tsumoOnly are kinds it wins on by tsumo only (tsumoOnlyRate).
	tsumoOnly tile.KindSet
	value     int
}

// A hand that becomes tenpai during the rollout waits on more kinds than
// the wait model gives a hand tenpai now (laterWaitBoost × its
// probabilities, each at most 1), and wins by tsumo on more kinds than it
// can ron (tsumoOnlyRate × the probabilities, for the kinds it does not
// ron: the wait model learns ron kinds, and a furiten hand or a closed
// one without a yaku wins on its waits by tsumo alone): with the model's
// probabilities alone, the rollouts of a round's first positions ended
// in a win too rarely and in a draw too often. Fitted on training folds 1
// and 2 (docs/ENGINE.md, "The rollout").
const (
	laterWaitBoost = 1.4
	tsumoOnlyRate  = 0.5
)

// becomeTenpai makes a noten hand tenpai during the rollout: its ron kinds
// (sampleWaits: none of not) and its tsumo-only kinds drawn from p.
func (o *oppState) becomeTenpai(rng *rand.Rand, p *[tile.NumKinds]float64, not tile.KindSet) {
	o.tenpai = true
	o.waits = sampleWaits(rng, p, not)
	o.tsumoOnly = sampleTsumoOnly(rng, p, o.waits)
}

// sampleTsumoOnly draws the kinds a hand with ron kinds waits wins on by
// tsumo besides them: each other kind with tsumoOnlyRate × its
// probability p.
func sampleTsumoOnly(rng *rand.Rand, p *[tile.NumKinds]float64, waits tile.KindSet) tile.KindSet {
	var x tile.KindSet
	for k := range tile.Kind(tile.NumKinds) {
		if !waits.Has(k) && rng.Float64() < tsumoOnlyRate*p[k] {
			x = x.Add(k)
		}
	}
	return x
}

// world is one sample of what the seat does not know, shared by every
// candidate: the order of the unseen tiles and the opponents' states.
type world struct {
	pool [tile.NumTiles]tile.Tile
	by   [tile.NumTiles]tile.Tile // weightPool's scratch
	opp  [game.NumSeats]oppState
	// the rollout's random stream starts here, the same for every candidate
	seed1, seed2 uint64
}

// sampleWaits draws the kinds an opponent that is (or becomes) tenpai can
// ron: each kind with its root probability, at least one (the likeliest)
// unless no kind has a chance, none of the kinds in not (those it
// discarded: furiten). The wait model gives every kind a chance; the
// oracle (Lab.Truth, OracleAll or OracleHands) gives its ron kinds 1
// and the rest 0, so a hand whose every winning kind is in its river
// waits on none (it was given 1m, the first kind, before).
func sampleWaits(rng *rand.Rand, waitP *[tile.NumKinds]float64, not tile.KindSet) tile.KindSet {
	var w tile.KindSet
	best, bestP := tile.Kind(0), -1.0
	for k := range tile.Kind(tile.NumKinds) {
		p := waitP[k]
		if not.Has(k) {
			p = 0
		}
		if rng.Float64() < p {
			w = w.Add(k)
		}
		if p > bestP {
			best, bestP = k, p
		}
	}
	if w == 0 && bestP > 0 {
		w = w.Add(best)
	}
	return w
}

// sample fills w for simulation stream rng.
func (r *root) sample(rng *rand.Rand, w *world) {
	copy(w.pool[:], r.unseen[:r.nUnseen])
	pool := w.pool[:r.nUnseen]
	for i := len(pool) - 1; i > 0; i-- {
		j := rng.IntN(i + 1)
		pool[i], pool[j] = pool[j], pool[i]
	}
	if r.weighted {
		r.weightPool(rng, pool, &w.by)
	}
	for s := range game.NumSeats {
		if s == r.me || s >= r.np {
			w.opp[s] = oppState{}
			continue
		}
		op := &r.opp[s]
		st := oppState{value: op.value, tenpai: rng.Float64() < op.pTenpai}
		if st.tenpai {
			st.waits = sampleWaits(rng, &op.waitP, op.river)
		}
		w.opp[s] = st
	}
	w.seed1, w.seed2 = rng.Uint64(), rng.Uint64()
}
