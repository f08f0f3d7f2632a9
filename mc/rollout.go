package mc

import (
	"math/rand/v2"

	"github.com/mjrank/mjrank/policy"
	"github.com/mjrank/mjrank/rankmodel"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/hand"
	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// outcome is what one simulation of one candidate gave.
type outcome struct {
	dist    [4]float64 // P(final rank 1..4) after the round
	utility float64
	// points are the expected Houou rank points under dist
	// (rankmodel.HououPoints); 0 with three players, whose table is not
	// known (Analysis.NoRankPoints).
	points  float64
	delta   int // the seat's points change this round, its riichi stick included
	won     bool
	dealtIn bool
	draw    bool // exhaustive draw
	// oppTsumo: another seat won by tsumo; abortive: an abortive draw
	// (finish sets it).
	oppTsumo, abortive bool
}

// sim is one rollout's state: the seat's concrete hand, abstract opponents.
// It lives in a worker's scratch; nothing in it allocates.
type sim struct {
	r   *root
	w   *world
	src rand.PCG
	rng *rand.Rand

	pi   int // next tile of w.pool
	live int
	next int // seat to move

	hand    [score.MaxHand]tile.Tile
	n       int
	counts  tile.Counts
	melds   [score.MaxMelds]score.Meld
	nm      int
	closed  bool // no open meld
	drawn   tile.Tile
	rinshan bool
	ban     tile.KindSet // kinds the seat may not discard after its call (kuikae)
	// Dora indicators: ndora shown (the root's, then new ones from the
	// pool, kanDoraAt), pendingDora to show after the next discard (an
	// open or added kan's, as Tenhou shows it).
	ndora, pendingDora int

	kita                   int // Norths the seat has set aside (three players)
	riichi, ippatsu        bool
	doubleRiichi, firstGo  bool // as root's; firstGo ends at a call, a kan or the seat's discard
	discarded              tile.KindSet
	tempFuriten, riichiFur bool
	folded                 bool         // gave up a tenpai without riichi against a riichi (policy)
	waits                  tile.KindSet // of the 3n+1 hand
	safe                   [game.NumSeats]tile.KindSet

	opp       [game.NumSeats]oppState
	oppRiichi [game.NumSeats]bool
	oppOpen   [game.NumSeats]bool // has called (cannot declare riichi)
	calls     bool                // opponents call (Lab.NoOppCalls off, models on)
	oppRiver  [game.NumSeats]tile.KindSet
	turns     [game.NumSeats]int
	scores    [game.NumSeats]int
	sticks    int

	over    bool
	kind    game.EndKind
	renchan bool
	out     outcome

	win score.Win // scoring input, kept here so that it does not escape

	// The learned rollout policy's state (LearnedRollout).
	seenAdd  tile.Counts // tiles seen since the root
	ownSuits [4]int      // the seat's discards per suit
	ownLast  tile.Kind   // the seat's last discard
	oppCalls [game.NumSeats]int
	// pTen is the seat's belief that each opponent is tenpai: the root's
	// prediction carried forward by the rollout's own rates (rolloutRates: tenpai,
	// keep, afterCallRate) as the opponent draws and calls, 1 in
	// riichi. The learned rollout's models read it where they read the
	// root's P(tenpai) at the root (policyInputs, table).
	pTen [game.NumSeats]float64
	in   policy.Inputs
	pos  policy.Position

	// The rollout's riichi model's scratch (declares).
	rh      policy.RiichiHand
	rx      [policy.NumRolloutRiichiFeatures]float64
	doraBuf [maxDora]tile.Tile
	// The rollout's call model's scratch (learnedCall).
	ch policy.CallHand
	cx [policy.NumRolloutCallFeatures]float64

	// Test hooks, zero in play (rollout_test.go): literal has the
	// opponents play their abstract hands to the letter (no dodging, every
	// draw of a winning kind a tsumo), as a concrete game would; trace,
	// when set, is told every discard and
	// call of the seat (the differential test replays them in sim/game):
	// a discard with m.Type NoMeld, a call with t NoTile.
	literal bool
	trace   func(t tile.Tile, riichi bool, m score.Meld)

	tc *OpponentTally // Lab.Tally's counts of this analysis, nil in play
}

// reset starts a rollout of world w from root r.
func (s *sim) reset(r *root, w *world) {
	s.r, s.w = r, w
	s.src.Seed(w.seed1, w.seed2)
	if s.rng == nil {
		s.rng = rand.New(&s.src)
	}
	s.pi, s.live, s.next = 0, r.live, r.cur
	s.n = copy(s.hand[:], r.hand[:r.n])
	s.counts = tile.Counts{}
	for _, t := range s.hand[:s.n] {
		s.counts[t.Kind()]++
	}
	s.nm = copy(s.melds[:], r.melds[:r.nm])
	s.closed = true
	for _, m := range s.melds[:s.nm] {
		if m.Open() {
			s.closed = false
		}
	}
	s.drawn, s.rinshan, s.ban = tile.NoTile, false, 0
	s.ndora, s.pendingDora = r.numDora, r.pendingDora
	s.kita = r.kita
	s.riichi, s.ippatsu = r.riichi, r.ippatsu
	s.doubleRiichi, s.firstGo = r.doubleRiichi, r.firstGo
	s.discarded = r.discarded
	s.tempFuriten, s.riichiFur, s.folded = false, false, false
	s.waits = 0
	if s.n%3 == 1 {
		s.updateWaits()
	}
	for i := range s.safe {
		s.safe[i] = r.opp[i].safe
		s.oppRiichi[i] = r.opp[i].riichi
		s.oppOpen[i] = r.opp[i].open
		s.oppRiver[i] = r.opp[i].river
		s.pTen[i] = r.opp[i].pTenpai
	}
	s.opp = w.opp
	s.turns = r.turns
	s.scores = r.scores
	s.sticks = r.sticks
	s.over, s.kind, s.renchan = false, 0, false
	s.out = outcome{}
	s.seenAdd, s.ownSuits, s.oppCalls = tile.Counts{}, r.pin.OwnRiverSuits, [game.NumSeats]int{}
	s.ownLast = r.pin.OwnLast
}

func (s *sim) updateWaits() {
	w, own := hand.WaitInfo(&s.counts)
	s.waits = w &^ own
}

func (s *sim) furiten() bool {
	return s.tempFuriten || s.riichiFur || s.waits&s.discarded != 0
}

// take draws the next unseen tile.
func (s *sim) take() tile.Tile {
	t := s.w.pool[s.pi]
	s.pi++
	return t
}

func (s *sim) add(t tile.Tile) {
	s.hand[s.n] = t
	s.n++
	s.counts[t.Kind()]++
}

func (s *sim) remove(t tile.Tile) {
	for i := range s.n {
		if s.hand[i] == t {
			s.n--
			s.hand[i] = s.hand[s.n]
			s.counts[t.Kind()]--
			return
		}
	}
}

// pick returns a tile of kind k from the hand: a plain one before the red
// five when plainFirst, else the red one first.
func (s *sim) pick(k tile.Kind, plainFirst bool) tile.Tile {
	return PickTile(s.hand[:s.n], k, plainFirst)
}

// --- the seat's moves ---

// discard plays tile t from the seat's hand (declaring riichi if asked),
// lets the opponents answer, and passes the turn.
func (s *sim) discard(t tile.Tile, riichi bool) {
	if s.trace != nil {
		s.trace(t, riichi, score.Meld{})
	}
	first := s.firstGo
	s.firstGo, s.ban = false, 0
	s.remove(t)
	k := t.Kind()
	s.discarded = s.discarded.Add(k)
	s.seenAdd[k]++
	s.ownSuits[k.Suit()]++
	s.ownLast = k
	s.tempFuriten = false
	s.ippatsu = false
	s.updateWaits()
	s.revealPending()
	if s.ronBy(t, s.r.me, ronAuto) {
		return
	}
	for j := range s.safe {
		if s.oppRiichi[j] {
			s.safe[j] = s.safe[j].Add(k)
		}
	}
	if riichi {
		s.riichi, s.ippatsu, s.doubleRiichi = true, true, first
		s.scores[s.r.me] -= 1000
		s.sticks++
	}
	s.turns[s.r.me]++
	s.next = s.r.succ[s.r.me]
	s.oppCall(s.r.me)
}

// ownTurn: the seat has drawn (or must discard after a call): it wins by
// tsumo if it can, else discards by the policy.
func (s *sim) ownTurn() {
	if s.drawn != tile.NoTile && s.tryTsumo() {
		return
	}
	if s.r.np == 3 && s.kitaAside() {
		return
	}
	var t tile.Tile
	var riichi bool
	if s.r.rollout != nil {
		t, riichi = s.learnedPolicy()
	} else {
		t, riichi = s.policy()
	}
	s.drawn, s.rinshan = tile.NoTile, false
	s.discard(t, riichi)
}

func (s *sim) tryTsumo() bool {
	if !hand.IsAgari(&s.counts) {
		return false
	}
	s.fillWin(s.drawn, true, s.r.me)
	res, err := score.Score(&s.win, &s.r.rules.Score)
	if err != nil {
		return false
	}
	s.settle(&res, s.r.me)
	return true
}

// ronMode is how the seat answers a tile it could ron.
type ronMode uint8

const (
	ronAuto    ronMode = iota // it wins if it may (not furiten, a yaku)
	ronDecline                // it passes (the Pass or call candidate)
	ronTake                   // it wins (the Ron candidate)
)

// ronBy settles tile t discarded by seat from (or its robbed kan tile):
// every other seat that wins on it does, in turn order from the discarder
// — a double ron, as Tenhou plays it, the first winner taking the honba
// and the riichi sticks; three winners abort the round (sanchahou). mine
// is how the seat answers. When nobody wins, a winning tile the seat
// passed makes it furiten. It reports whether the round ended.
func (s *sim) ronBy(t tile.Tile, from int, mine ronMode) bool {
	k := t.Kind()
	me := s.r.me
	var winners [game.NumSeats - 1]int
	n := 0
	var res score.Result
	j := from
	for range s.r.np - 1 {
		j = s.r.succ[j]
		if j != me {
			if s.oppRons(j, k) {
				winners[n] = j
				n++
			}
			continue
		}
		if mine == ronDecline || !s.waits.Has(k) || (mine == ronAuto && s.furiten()) {
			continue
		}
		s.fillWin(t, false, from)
		if n > 0 {
			s.win.Honba, s.win.RiichiSticks = 0, 0
		}
		var err error
		if res, err = score.Score(&s.win, &s.r.rules.Score); err == nil {
			winners[n] = me
			n++
		}
	}
	switch n {
	case 0:
		if from != me && s.waits.Has(k) {
			s.tempFuriten = true
			if s.riichi {
				s.riichiFur = true
			}
		}
		return false
	case game.NumSeats - 1:
		s.end(game.TripleRon, true)
		return true
	}
	dealer := int(s.r.setup.Dealer)
	renchan := false
	if s.tc != nil && from != me && winners[0] != me {
		s.tc.RonOpponent++
	}
	for i, j := range winners[:n] {
		if s.tc != nil && j != me {
			s.tc.Win(s.opp[j].value)
		}
		if j == me {
			for p, x := range res.Payments {
				s.scores[p] += x
			}
			s.out.won = true
			if s.tc != nil {
				s.tc.SeatWon(s.riichi, !s.closed, false)
			}
		} else {
			s.oppRonPay(j, from, i == 0)
		}
		renchan = renchan || j == dealer
	}
	s.sticks = 0
	s.out.dealtIn = from == me
	if s.tc != nil && from == me {
		s.tc.DealIn[DealInState(s.riichi, s.waits != 0, s.threatened())]++
	}
	s.end(game.Agari, renchan)
	return true
}

func (s *sim) fillWin(t tile.Tile, tsumo bool, from int) {
	r := s.r
	w := &s.win
	*w = score.Win{}
	copy(w.Hand[:], s.hand[:s.n])
	w.NumHand = uint8(s.n)
	if !tsumo {
		w.Hand[w.NumHand] = t
		w.NumHand++
	}
	w.WinTile, w.Tsumo = t, tsumo
	w.NumMelds = uint8(copy(w.Melds[:], s.melds[:s.nm]))
	w.Seat, w.Dealer, w.From, w.Round = uint8(r.me), r.setup.Dealer, uint8(from), r.wind
	w.Riichi, w.Ippatsu = s.riichi, s.riichi && s.ippatsu
	w.DoubleRiichi = s.riichi && s.doubleRiichi
	if tsumo {
		w.Rinshan = s.rinshan
		w.Haitei = !s.rinshan && s.live == 0
		if s.firstGo {
			w.Tenhou, w.Chiihou = r.me == int(r.setup.Dealer), r.me != int(r.setup.Dealer)
		}
	} else {
		w.Houtei = s.live == 0
	}
	w.NumDora = uint8(copy(w.Dora[:], r.dora[:r.numDora]))
	for i := r.numDora; i < s.ndora; i++ {
		w.Dora[i] = s.w.pool[r.kanDoraAt(i)]
	}
	w.NumDora = uint8(s.ndora)
	w.Kita = uint8(s.kita)
	if w.Riichi {
		// Ura dora: unseen tiles from the end of the pool, which the
		// round's draws do not reach.
		for i := range s.ndora {
			w.UraDora[i] = s.w.pool[r.nUnseen-1-i]
		}
		w.NumUraDora = uint8(s.ndora)
	}
	w.Honba, w.RiichiSticks = r.setup.Honba, s.sticks
}

// settle applies a win's payments (honba and sticks included).
func (s *sim) settle(res *score.Result, winner int) {
	for i, p := range res.Payments {
		s.scores[i] += p
	}
	s.sticks = 0
	s.end(game.Agari, winner == int(s.r.setup.Dealer))
	if winner == s.r.me {
		s.out.won = true
		if s.tc != nil {
			s.tc.SeatWon(s.riichi, !s.closed, true)
		}
	}
}

// --- opponents ---

// oppRons reports whether opponent j may ron a tile of kind k: tenpai on it
// and not furiten for it (its own discards). The abstraction keeps furiten
// per kind and for the opponent's own river only: a river kind does not
// make its other waits furiten, and it has no temporary or riichi furiten
// (docs/ENGINE.md, "The rollout against the rules").
func (s *sim) oppRons(j int, k tile.Kind) bool {
	o := &s.opp[j]
	return o.tenpai && o.waits.Has(k) && !s.oppRiver[j].Has(k)
}

// oppRonPay pays opponent j's ron on seat from's discard: its value, and
// if it is the first winner (the only one but in a double ron) the honba
// and the riichi sticks.
func (s *sim) oppRonPay(j, from int, first bool) {
	pts := s.opp[j].value
	gain := pts
	if first {
		pts += s.r.rules.Score.HonbaPoints * s.r.setup.Honba
		gain = pts + 1000*s.sticks
	}
	s.scores[from] -= pts
	s.scores[j] += gain
}

// oppTsumo: opponent j wins by self-draw; its hand value (a ron value: the
// abstraction has no tsumo value) is shared out as Tenhou splits a tsumo.
func (s *sim) oppTsumo(j int) {
	v := s.opp[j].value
	if s.tc != nil {
		s.tc.Tsumo++
		s.tc.Win(v)
	}
	dealer := int(s.r.setup.Dealer)
	np := s.r.np
	h := s.r.rules.Score.HonbaPoints / (np - 1) * s.r.setup.Honba
	gain := 1000 * s.sticks
	// With three players the same shares: no one pays the missing seat's
	// (tsumo-son, as score.TenhouSanma pays the seat's own tsumo).
	for i := range np {
		if i == j {
			continue
		}
		var p int
		switch {
		case j == dealer:
			p = roundUp100(v / 3)
		case i == dealer:
			p = roundUp100(v / 2)
		default:
			p = roundUp100(v / 4)
		}
		s.scores[i] -= p + h
		gain += p + h
	}
	s.scores[j] += gain
	s.sticks = 0
	s.out.oppTsumo = true
	s.end(game.Agari, j == dealer)
}

func roundUp100(x int) int { return (x + 99) / 100 * 100 }

// An opponent that draws one of its winning kinds wins with tsumoLateRate
// when the live wall is empty, and with tsumoEarlyRate with tsumoRampLive
// tiles or more left (linearly in between): the copies of a wait that
// nobody has seen are more often in the other players' hands (kept as
// dangerous, late above all) than the abstraction's uniform pool puts
// them. Without the late rate, the opponents of late positions won by
// tsumo far more often than the players (training fold 1); with every
// early tsumo taken, they ended rounds by tsumo too often on both
// training folds (docs/ENGINE.md, "The rollout").
const (
	tsumoEarlyRate = 0.85
	tsumoLateRate  = 0.6
	tsumoRampLive  = 20
)

// tsumoRate is the chance that an opponent drawing a winning kind wins
// (tsumoEarlyRate moving to tsumoLateRate as the wall runs out).
func (s *sim) tsumoRate() float64 {
	return tsumoEarlyRate - lateShare(s.live, tsumoRampLive)*(tsumoEarlyRate-tsumoLateRate)
}

// oppTurn: opponent j draws, wins by tsumo on one of its waits, or may
// become tenpai, then discards the tile, which others may ron or call.
func (s *sim) oppTurn(j int, models bool) {
	t := s.take()
	s.live--
	o := &s.opp[j]
	k := t.Kind()
	if o.tenpai && (o.waits | o.tsumoOnly).Has(k) && (s.literal || s.rng.Float64() < s.tsumoRate()) {
		s.oppTsumo(j)
		return
	}
	if k == tile.North && s.r.np == 3 && s.live > 0 && s.r.rates().kita > 0 && s.oppKita(j, t, models) {
		return
	}
	riichi := false
	facing := s.facingRiichi(j)
	if models {
		s.carryTenpai(j, facing)
	}
	switch {
	case o.tenpai && !s.oppRiichi[j] && models && s.calls:
		// A tenpai hand without riichi may break it, folding against
		// a riichi six times as often as otherwise (keepTenpai).
		if s.rng.Float64() >= s.r.rates().keep[b2i(facing)] {
			o.tenpai, o.waits, o.tsumoOnly = false, 0, 0
		}
	case !o.tenpai && models && s.rng.Float64() < s.r.rates().tenpai(s.turns[j], s.calls, facing):
		o.becomeTenpai(s.rng, &s.r.opp[j].laterP, s.oppRiver[j].Add(k))
		// A closed hand declares riichi at once as often as Houou players
		// do (oppRiichiRate); riichi, ura and ippatsu raise its value by
		// about half.
		if !s.oppOpen[j] && s.scores[j] >= 1000 && s.live >= 4 && s.rng.Float64() < s.r.rates().riichi[b2i(facing)] {
			riichi = true
		}
	}
	s.oppDiscard(j, t, riichi)
}

// carryTenpai carries the seat's belief that opponent j is tenpai over
// its draw by the rates the rollout plays it with: a noten hand becomes
// tenpai at rates().tenpai, a tenpai one without riichi stays so at
// keepTenpai (with opponents' calls on).
func (s *sim) carryTenpai(j int, facing bool) {
	if s.oppRiichi[j] {
		return
	}
	rt := s.r.rates()
	keep := 1.0
	if s.calls {
		keep = rt.keep[b2i(facing)]
	}
	p := s.pTen[j]
	s.pTen[j] = p*keep + (1-p)*rt.tenpai(s.turns[j], s.calls, facing)
}

// facingRiichi reports whether a seat other than seat j (the seat or an
// opponent) is in riichi.
func (s *sim) facingRiichi(j int) bool {
	for i := range s.r.np {
		if i != j && (i == s.r.me && s.riichi || i != s.r.me && s.oppRiichi[i]) {
			return true
		}
	}
	return false
}

// dealsInto reports whether a discard of kind k by seat from (the seat or
// an opponent) would deal in to another seat in riichi, and to one tenpai
// without riichi: the seat by its waits, an opponent by its abstract ones.
func (s *sim) dealsInto(from int, k tile.Kind) (riichi, dama bool) {
	for i := range s.r.np {
		switch {
		case i == from:
		case i == s.r.me:
			if s.waits.Has(k) {
				riichi, dama = riichi || s.riichi, dama || !s.riichi
			}
		case s.oppRons(i, k):
			riichi, dama = riichi || s.oppRiichi[i], dama || !s.oppRiichi[i]
		}
	}
	return riichi, dama
}

// oppDiscard: opponent j discards t (declaring riichi if asked), which
// others may ron or call.
func (s *sim) oppDiscard(j int, t tile.Tile, riichi bool) {
	k := t.Kind()
	s.revealPending()
	s.turns[j]++
	if s.tc != nil {
		s.tc.Discard(s.turns[j], s.opp[j].tenpai, s.oppRiichi[j] || riichi, s.oppOpen[j], 1)
	}
	s.seenAdd[k]++
	s.safe[j] = s.safe[j].Add(k)
	s.oppRiver[j] = s.oppRiver[j].Add(k)
	if s.oppRiichi[j] || s.literal || !s.dodges(j, k) {
		s.answer(t, j)
	}
	if s.over {
		return
	}
	if riichi {
		s.oppRiichi[j] = true
		s.opp[j].value = s.opp[j].value * 3 / 2
		s.scores[j] -= 1000
		s.sticks++
	}
	s.next = s.r.succ[j]
	if s.seatCall(j, t) {
		return
	}
	s.oppCall(j)
}

// oppCall lets an opponent call the discard of seat from that nobody
// ronned, at the rates of real players (callRate): the first in turn order
// that does so becomes open, may become tenpai (afterCallRate), and
// discards in its turn — the seats in between lose theirs. Its discard is
// an unseen tile of the pool that no one draws (the caller's hidden hand
// is part of the pool), so the live wall is untouched.
func (s *sim) oppCall(from int) {
	if !s.calls || s.over || s.pi+s.live+maxDora+s.ndora+s.pendingDora-s.r.numDora >= s.r.nUnseen {
		return
	}
	rate := s.r.rates().call
	j := from
	for range s.r.np - 1 {
		j = s.r.succ[j]
		if j == s.r.me || s.oppRiichi[j] {
			continue
		}
		open := 0
		if s.oppOpen[j] {
			open = 1
		}
		if s.rng.Float64() >= rate[open][min(s.turns[j], len(rate[open])-1)] {
			continue
		}
		s.callBy(j)
		return
	}
}

// callBy: opponent j calls the discard nobody ronned (oppCall chose it):
// its hand opens, any ippatsu and the seat's first go-around end, it may
// become tenpai, and it discards an unseen tile of the pool.
func (s *sim) callBy(j int) {
	if s.tc != nil {
		s.tc.Calls++
	}
	s.oppOpen[j] = true
	s.oppCalls[j]++
	s.ippatsu, s.firstGo = false, false
	o := &s.opp[j]
	rate := s.r.rates().afterCallRate(s.turns[j])
	s.pTen[j] += (1 - s.pTen[j]) * rate
	if !o.tenpai && s.rng.Float64() < rate {
		o.becomeTenpai(s.rng, &s.r.opp[j].laterP, s.oppRiver[j])
	}
	s.oppDiscard(j, s.take(), false)
}

// maxDora is the most dora indicators a round shows, hence the most ura
// dora the pool's end must keep.
const maxDora = 5

// kanDoraAt is where in the pool the i-th dora indicator (i ≥ numDora, a
// kan's) is read: before the ura dora at the pool's end, out of the draws'
// reach (oppCall keeps them so).
func (r *root) kanDoraAt(i int) int { return r.nUnseen - 1 - maxDora - (i - r.numDora) }

// revealPending shows the kan dora indicators waiting for a discard.
func (s *sim) revealPending() {
	s.ndora += s.pendingDora
	s.pendingDora = 0
}

// kanDora: the seat made a kan. A closed kan shows its indicator at once,
// an open or added one after the next discard (unless the rules show it at
// once); either first shows an earlier kan's pending one.
func (s *sim) kanDora(closed bool) {
	s.revealPending()
	if closed || s.r.rules.OpenKanDoraAtOnce {
		s.ndora++
	} else {
		s.pendingDora++
	}
}

// Real players do not discard at random: they fold against a riichi and
// keep the middle tiles others wait on. An opponent's discard (a random
// unseen tile in the abstraction) that would deal in is therefore played
// only with some probability; otherwise it is taken to be a safe tile.
// dodgeEarly[t] and dodgeLate[t] are those chances for a discarder noten
// (t = 0) and tenpai (t = 1), against a riichi and against a tenpai hand
// without one, with dodgeRampLive tiles or more left in the live wall and
// with none; in between they move linearly (dodgeRates). Real players
// fold harder as the wall runs out: one pair for the whole round made
// late rollouts end in a ron too often and early ones in a draw too often
// (docs/ENGINE.md, "The rollout"). Fitted on
// training folds 1 and 2.
var (
	dodgeEarly    = [2][2]float64{{0.7, 0.1}, {0.3, 0.05}}
	dodgeLate     = [2][2]float64{{1, 0.95}, {0.8, 0.6}}
	dodgeRampLive = 40
)

// lateShare is how far the round is into the last ramp tiles of the live
// wall: 0 with ramp tiles or more left, 1 with none.
func lateShare(live, ramp int) float64 {
	return 1 - min(float64(live)/float64(ramp), 1)
}

// ramp is early moved towards late by share f.
func ramp(early, late [2]float64, f float64) [2]float64 {
	return [2]float64{early[0] + f*(late[0]-early[0]), early[1] + f*(late[1]-early[1])}
}

// dodgeRates are the chances that a discarder noten or tenpai plays a safe
// tile instead of one that would deal in to a riichi (0) or to a tenpai
// hand without one (1), at this point of the round.
func (s *sim) dodgeRates(tenpai bool) [2]float64 {
	t := b2i(tenpai)
	return ramp(dodgeEarly[t], dodgeLate[t], lateShare(s.live, dodgeRampLive))
}

// dodges reports whether opponent j, about to discard kind k into another
// seat's wait, plays a safe tile instead.
func (s *sim) dodges(j int, k tile.Kind) bool {
	riichi, dama := s.dealsInto(j, k)
	return (riichi || dama) && s.rng.Float64() < s.dodgeRates(s.opp[j].tenpai)[b2i(!riichi)]
}

// oppRiichiRate[f] is the share of closed hands that declare riichi on the
// discard that makes them tenpai (with no call before it), with no other
// seat in riichi (f = 0) and with one (f = 1), on the whole corpus's
// training games (TestCallRateTrial in experiments/train).
var oppRiichiRate = [2]float64{0.6632, 0.5640}

// answer lets every seat after the discarder, in turn order, ron tile t.
func (s *sim) answer(t tile.Tile, from int) {
	k := t.Kind()
	if s.ronBy(t, from, ronAuto) {
		return
	}
	for j := range s.safe {
		if s.oppRiichi[j] {
			s.safe[j] = s.safe[j].Add(k)
		}
	}
}

// --- the round's end ---

func (s *sim) end(kind game.EndKind, renchan bool) {
	s.over, s.kind, s.renchan = true, kind, renchan
}

// exhaustive ends the round at the wall's end with tenpai payments
// (nagashi mangan is not played): 3,000 in all, 2,000 with three players.
func (s *sim) exhaustive() {
	var tenpai [game.NumSeats]bool
	n := 0
	np := s.r.np
	pot := 1000 * (np - 1)
	for i := range np {
		if i == s.r.me {
			tenpai[i] = s.waits != 0
		} else {
			tenpai[i] = s.opp[i].tenpai
		}
		if tenpai[i] {
			n++
		}
	}
	if n > 0 && n < np {
		for i, t := range tenpai[:np] {
			if t {
				s.scores[i] += pot / n
			} else {
				s.scores[i] -= pot / (np - n)
			}
		}
	}
	s.out.draw = true
	s.end(game.ExhaustiveDraw, tenpai[s.r.setup.Dealer])
}

// play runs the round from the current state to its end.
func (s *sim) play(models bool) {
	for !s.over {
		if s.next == s.r.me {
			if s.live == 0 {
				s.exhaustive()
				return
			}
			s.drawn = s.take()
			s.live--
			s.add(s.drawn)
			s.ownTurn()
			continue
		}
		if s.live == 0 {
			s.exhaustive()
			return
		}
		s.oppTurn(s.next, models)
	}
}

// finish fills s.out from the round's end: the next round's situation and
// the final-rank model (or the exact ranks when the game is over).
func (s *sim) finish(e *Engine, o *config, memo *rankMemo) {
	r := s.r
	s.out.delta = s.scores[r.me] - r.scores[r.me]
	s.out.abortive = s.kind != game.Agari && s.kind != game.ExhaustiveDraw
	next, over := r.rules.Next(r.setup, s.scores, s.sticks, s.kind, s.renchan)
	if over {
		final := next.Scores
		rank := game.RankOf(final, r.np)
		top := 0
		for i, rk := range rank {
			if rk == 1 {
				top = i
			}
		}
		final[top] += 1000 * next.Sticks
		rank = game.RankOf(final, r.np)
		s.out.dist = [4]float64{}
		s.out.dist[rank[r.me]-1] = 1
	} else {
		sit := rankmodel.Situation{Index: next.Index, Honba: next.Honba, Sticks: next.Sticks, Scores: next.Scores,
			Dealer: int(next.Dealer), Hanchan: r.rules.Length == game.Hanchan}
		if r.np == 3 {
			sit.Players = 3
			s.out.dist = memo.distribution(e.rank3, &sit, r.me, true)
		} else {
			s.out.dist = memo.distribution(e.rank, &sit, r.me, false)
		}
	}
	if o.RawScore {
		s.out.utility = float64(s.out.delta) / 1000
	} else {
		s.out.utility = o.utility().Expected(s.out.dist)
	}
	if r.np == 4 {
		s.out.points = rankmodel.HououPoints.Expected(s.out.dist)
	}
}

// rankMemo caches rank distributions: many simulations end in the same
// situation (a draw with the same tenpai seats, the same deal-in). It is a
// direct-mapped table, one per worker, kept from decision to decision
// (the engine's scratch pool): a pure cache, it never changes a result.
type rankMemo struct {
	keys [memoSize]rankmodel.Situation
	seat [memoSize]int8 // the seat + 1, + 4 with three players; 0: empty
	dist [memoSize][4]float64
}

const memoSize = 1 << 12

func (m *rankMemo) distribution(rk RankPredictor, s *rankmodel.Situation, seat int, three bool) [4]float64 {
	// A three-player situation is keyed apart: the same scores mean
	// another game.
	tag := seat + 1
	if three {
		tag += game.NumSeats
	}
	h := uint64(s.Index)*0x9e3779b97f4a7c15 ^ uint64(s.Honba)<<8 ^ uint64(s.Sticks)<<16 ^ uint64(s.Dealer)<<24 ^ uint64(tag-1)<<32
	for _, sc := range s.Scores {
		h = (h ^ uint64(sc/100)) * 0x100000001b3
	}
	i := h % memoSize
	if int(m.seat[i]) == tag && m.keys[i] == *s {
		return m.dist[i]
	}
	// The predictor reads the memo's copy: s, the caller's, stays on its
	// stack (what an interface's method is given escapes).
	m.keys[i], m.seat[i] = *s, int8(tag)
	m.dist[i] = rk.Distribution(&m.keys[i], seat)
	return m.dist[i]
}
