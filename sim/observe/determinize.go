package observe

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/hand"
	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// TenpaiState constrains the concealed hand a determinization gives a seat
// that is not in riichi. The zero TenpaiState is TenpaiAny.
type TenpaiState uint8

// Hand constraints.
const (
	TenpaiAny    TenpaiState = iota // any hand: its tiles drawn uniformly from the unseen ones
	TenpaiForced                    // a tenpai hand, as a seat in riichi always gets
	NotenForced                     // a hand that is not tenpai
)

var tenpaiStateNames = [...]string{"any", "tenpai", "noten"}

func (s TenpaiState) String() string {
	if int(s) < len(tenpaiStateNames) {
		return tenpaiStateNames[s]
	}
	return fmt.Sprintf("TenpaiState(%d)", uint8(s))
}

// DefaultTenpaiSteps is the default length of the Markov chain that draws
// each tenpai hand (DeterminizeOptions.Steps).
const DefaultTenpaiSteps = 200

// DeterminizeOptions steer [Observation.Determinize]. The zero value asks
// for a uniform sample with riichi hands tenpai.
type DeterminizeOptions struct {
	// Tenpai constrains each seat not in riichi (the observer's entry is
	// ignored): a caller samples these from a tenpai predictor.
	Tenpai [game.NumSeats]TenpaiState
	// WaitWeight, if not nil, weights each candidate tenpai hand of a seat
	// (in riichi or TenpaiForced) by its waits: the hand is drawn with
	// probability proportional to WaitWeight(seat, waits) times the
	// uniform probability (the Markov chain's Metropolis rule; no
	// importance weights to carry). Weights are ≥ 0 and relative; a hand
	// whose weight stays 0 makes Determinize fail with ErrNoWorld.
	WaitWeight func(seat int, waits tile.KindSet) float64
	// AllowFuriten lets a constructed tenpai hand wait on a kind in its own
	// river. Off, such hands are avoided while any other exists.
	AllowFuriten bool
	// Steps is the number of Markov chain steps per constructed tenpai
	// hand; 0 means DefaultTenpaiSteps.
	Steps int
}

// maxWorldTries bounds the samples DeterminizeInto draws when a seat's
// constraint cannot be met with the tiles the seats before it left.
const maxWorldTries = 16

// noWorld says why a sample failed; formatting waits until the last try
// so that retries allocate nothing.
type noWorld uint8

const (
	worldOK        noWorld = iota
	notenTooSmall          // a noten hand of fewer than 4 tiles
	notenNotFound          // no noten hand in 1000 tries
	tenpaiNotFound         // no tenpai hand from the tiles left
	weightZero             // every tenpai hand tried weighs 0
)

var noWorldText = [...]string{"", "a hand of fewer than 4 tiles is always tenpai", "no noten hand in 1000 tries",
	"no tenpai hand from the unseen tiles left", "every tenpai hand tried has wait weight 0"}

// ErrNoWorld is wrapped by the error of a determinization that finds no
// hidden tiles fitting the observation and the options (a noten hand of one
// tile, weights that are 0 on every tenpai hand it tries).
var ErrNoWorld = errors.New("no world fits the observation")

// Determinize returns a full-information round consistent with what the
// seat saw: the hidden tiles (other seats' dealt hands and draws, the rest
// of the wall, rinshan tiles, unrevealed dora and ura indicators) are
// drawn from the tiles the seat has not seen, such that every other seat's
// discards and calls come from its hand (a tsumogiri discard is the tile
// drawn then), seats in riichi hold a tenpai hand (constructed, see
// [DeterminizeOptions]), and the options' constraints hold. The wall is
// laid out as [game.NewRound] deals it and the observation's events are
// played through [game.Round.Apply], passing for every seat that could
// answer but did nothing, so furiten, ippatsu and the rest are the
// engine's own. The round then waits for whatever comes after the last
// event.
//
// The same rng state gives the same round. Determinize only reads o:
// goroutines may determinize one observation at once, each with its own
// rng. The round refers to o's rules: do not modify o while using it.
func (o *Observation) Determinize(rng *rand.Rand, opt DeterminizeOptions) (*game.Round, error) {
	r := new(game.Round)
	if err := o.DeterminizeInto(r, rng, opt); err != nil {
		return nil, err
	}
	return r, nil
}

// DeterminizeInto is [Observation.Determinize] into r, reusing its memory:
// it allocates nothing.
func (o *Observation) DeterminizeInto(r *game.Round, rng *rand.Rand, opt DeterminizeOptions) error {
	var w game.Wall
	// Seats are sampled one after another; when a seat's constraint
	// cannot be met with the tiles the earlier seats left (a thin wall
	// late in a round with several riichi), the whole sample is drawn
	// again.
	why, seat := worldOK, 0
	for range maxWorldTries {
		if why, seat = o.sampleWall(&w, rng, &opt); why == worldOK || why == notenTooSmall {
			break
		}
	}
	if why != worldOK {
		return fmt.Errorf("observe: determinize: seat %d (%v): %w: %s", seat, o.seatClass(seat, &opt), ErrNoWorld, noWorldText[why])
	}
	if err := r.Reset(&o.rules, o.setup, &w); err != nil {
		return fmt.Errorf("observe: determinize: %w", err)
	}
	return o.replay(r)
}

// replay plays the events on r.
func (o *Observation) replay(r *game.Round) error {
	for i := range o.events {
		e := &o.events[i]
		var err error
		switch e.Type {
		case ObsDraw:
			err = passAnswers(r, game.NumSeats)
			if err == nil && (r.Phase() != game.PhaseTurn || r.Current() != int(e.Seat) || o.mine(e.Seat) && r.Drawn() != e.Tile) {
				err = fmt.Errorf("engine: phase %v, seat %d to move, drew %v", r.Phase(), r.Current(), r.Drawn())
			}
		case ObsDiscard:
			typ := game.Discard
			if e.Riichi {
				typ = game.Riichi
			}
			err = r.Apply(game.Action{Type: typ, Seat: e.Seat, Tile: e.Tile})
		case ObsCall:
			typ := game.Chi
			switch e.Meld.Type {
			case score.Pon:
				typ = game.Pon
			case score.Daiminkan:
				typ = game.Daiminkan
			}
			if err = passAnswers(r, e.Seat); err == nil {
				err = r.Apply(game.Action{Type: typ, Seat: e.Seat, Meld: e.Meld})
			}
		case ObsAnkan:
			err = r.Apply(game.Action{Type: game.Ankan, Seat: e.Seat, Tile: e.Meld.Tiles[0]})
		case ObsKakan:
			err = r.Apply(game.Action{Type: game.Kakan, Seat: e.Seat, Tile: e.Tile})
		case ObsKita:
			err = r.Apply(game.Action{Type: game.Kita, Seat: e.Seat, Tile: e.Tile})
		}
		if err != nil {
			return fmt.Errorf("observe: determinize: event %d (%v): %w", i, e, err)
		}
	}
	return nil
}

// passAnswers answers Pass for every seat but except that must answer.
func passAnswers(r *game.Round, except uint8) error {
	for s := range uint8(game.NumSeats) {
		if s != except && r.MustAnswer(int(s)) {
			if err := r.Apply(game.Action{Type: game.Pass, Seat: s}); err != nil {
				return err
			}
		}
	}
	return nil
}

// sampler holds the unseen tiles not yet placed.
type sampler struct {
	rng  *rand.Rand
	pool [tile.NumTiles]tile.Tile
	np   int
	pc   tile.Counts // pool by kind
}

// take removes pool[i] and returns it.
func (sp *sampler) take(i int) tile.Tile {
	t := sp.pool[i]
	sp.np--
	sp.pool[i] = sp.pool[sp.np]
	sp.pc[t.Kind()]--
	return t
}

// takeKind removes a random tile of kind k (the pool must hold one).
func (sp *sampler) takeKind(k tile.Kind) tile.Tile {
	j := sp.rng.IntN(int(sp.pc[k]))
	for i, t := range sp.pool[:sp.np] {
		if t.Kind() == k {
			if j == 0 {
				return sp.take(i)
			}
			j--
		}
	}
	panic("observe: determinize: pool counts out of step")
}

// put returns t to the pool.
func (sp *sampler) put(t tile.Tile) {
	sp.pool[sp.np] = t
	sp.np++
	sp.pc[t.Kind()]++
}

// seatClass orders the seats to sample: constrained hands first, while the
// pool is fullest.
func (o *Observation) seatClass(seat int, opt *DeterminizeOptions) TenpaiState {
	if o.seats[seat].riichi != noRiichi {
		return TenpaiForced
	}
	return opt.Tenpai[seat]
}

// sampleWall draws the hidden tiles into w; on failure it says why and for
// which seat.
func (o *Observation) sampleWall(w *game.Wall, rng *rand.Rand, opt *DeterminizeOptions) (noWorld, int) {
	sp := sampler{rng: rng}
	for t := range tile.NumTiles {
		if !o.seen[t] {
			sp.pool[sp.np] = tile.Tile(t)
			sp.np++
			sp.pc[tile.Tile(t).Kind()]++
		}
	}
	*w = o.known
	np := o.lay.Players
	for _, class := range [3]TenpaiState{TenpaiForced, NotenForced, TenpaiAny} {
		for i := 1; i < np; i++ {
			seat := (int(o.seat) + i) % np
			if o.seatClass(seat, opt) != class {
				continue
			}
			s := &o.seats[seat]
			var h [maxHeld]tile.Tile
			m := int(s.nHeld)
			if s.pending >= 0 {
				m--
			}
			why := worldOK
			switch class {
			case TenpaiForced:
				why = o.tenpaiHand(&sp, seat, h[:m], opt)
			case NotenForced:
				why = notenHand(&sp, h[:m])
			default:
				for j := range h[:m] {
					h[j] = sp.take(rng.IntN(sp.np))
				}
			}
			if why != worldOK {
				return why, seat
			}
			j := 0
			for _, p := range s.held[:s.nHeld] {
				if int16(p) != s.pending {
					w[p] = h[j]
					j++
				}
			}
		}
	}
	for i := 1; i < np; i++ {
		if s := &o.seats[(int(o.seat)+i)%np]; s.pending >= 0 {
			w[s.pending] = sp.take(rng.IntN(sp.np))
		}
	}
	rng.Shuffle(sp.np, func(i, j int) { sp.pool[i], sp.pool[j] = sp.pool[j], sp.pool[i] })
	j := 0
	// Past the tiles in play (three players) the wall holds NoTile.
	for i, t := range w[:o.lay.Tiles] {
		if t == tile.NoTile {
			w[i] = sp.pool[j]
			j++
		}
	}
	if j != sp.np {
		panic(fmt.Sprintf("observe: determinize: %d wall places for %d unseen tiles", j, sp.np))
	}
	return worldOK, 0
}

// tenpai reports whether c (3n+1 tiles) is tenpai and returns its waits
// (own karaten removed).
func tenpai(c *tile.Counts) (bool, tile.KindSet) {
	if hand.Shanten(c) != 0 {
		return false, 0
	}
	w, own := hand.WaitInfo(c)
	w &^= own
	return w != 0, w
}

// notenHand fills h with random unseen tiles that are not tenpai.
func notenHand(sp *sampler, h []tile.Tile) noWorld {
	if len(h) < 4 {
		return notenTooSmall
	}
	for range 1000 {
		var c tile.Counts
		for j := range h {
			h[j] = sp.take(sp.rng.IntN(sp.np))
			c[h[j].Kind()]++
		}
		if ok, _ := tenpai(&c); !ok {
			return worldOK
		}
		for _, t := range h {
			sp.put(t)
		}
	}
	return notenNotFound
}

// tenpaiRule is what a constructed tenpai hand must satisfy.
type tenpaiRule struct {
	river   tile.KindSet // kinds in the seat's river
	passed  tile.KindSet // riichi: kinds it could have won on since
	riichi  bool
	furiten bool // waits in the river allowed
	loose   bool // riichi: passed kinds allowed too
	kans    []tile.Kind
	rules   *game.Rules // which kans a riichi hand may make
}

// ok reports whether c (the concealed hand) satisfies the rule, and its
// waits.
func (tr *tenpaiRule) ok(c *tile.Counts) (bool, tile.KindSet) {
	ok, w := tenpai(c)
	if !ok {
		return false, 0
	}
	furiten := w&tr.river != 0
	if furiten && !tr.furiten {
		return false, 0
	}
	if tr.riichi && !tr.loose && w&tr.passed != 0 && !furiten {
		return false, 0 // it would have won
	}
	if len(tr.kans) > 0 {
		// The hand at the declaration held a triplet of each later kan.
		before := *c
		for _, k := range tr.kans {
			before[k] += 3
		}
		for _, k := range tr.kans {
			if !tr.rules.RiichiAnkanAllowed(&before, k) {
				return false, 0
			}
			before[k] -= 3
		}
	}
	return true, w
}

// weightCache memoises WaitWeight by waits.
type weightCache struct {
	fn    func(int, tile.KindSet) float64
	seat  int
	waits [8]tile.KindSet
	vals  [8]float64
	n     int
}

func (wc *weightCache) get(w tile.KindSet) float64 {
	if wc.fn == nil {
		return 1
	}
	for i := range min(wc.n, len(wc.waits)) {
		if wc.waits[i] == w {
			return wc.vals[i]
		}
	}
	v := wc.fn(wc.seat, w)
	if !(v >= 0) { // negative or NaN
		v = 0
	}
	i := wc.n % len(wc.waits)
	wc.waits[i], wc.vals[i] = w, v
	wc.n++
	return v
}

// binomial[n][k] is n choose k for the copies of a kind.
var binomial = [5][5]float64{{1}, {1, 1}, {1, 2, 1}, {1, 3, 3, 1}, {1, 4, 6, 4, 1}}

// tenpaiHand fills h with a tenpai hand for seat: kinds built from random
// sets and a waiting shape (constructTenpai), then a Markov chain
// (tenpaiChain) whose stationary law is uniform over the id sets of the
// pool that meet the rule, times the wait weight. With a weight, the
// chain starts from one of sirCandidates constructed hands picked in
// proportion to their weights (sampling importance resampling), as the
// chain alone leaves the constructor's law slowly.
func (o *Observation) tenpaiHand(sp *sampler, seat int, h []tile.Tile, opt *DeterminizeOptions) noWorld {
	s := &o.seats[seat]
	ch := tenpaiChain{sp: sp, h: h, wc: weightCache{fn: opt.WaitWeight, seat: seat},
		tr: tenpaiRule{river: s.discarded, passed: s.passed, riichi: s.riichi != noRiichi,
			furiten: opt.AllowFuriten, kans: s.riichiKans[:s.nRiichiKans], rules: &o.rules}}
	built := false
	for level := 0; level < 3 && !built; level++ {
		switch level {
		case 1:
			ch.tr.furiten = true
		case 2:
			ch.tr.loose = true
		}
		built = constructTenpai(sp, ch.tr, len(h), &ch.c)
	}
	if !built {
		return tenpaiNotFound
	}
	steps := opt.Steps
	if steps <= 0 {
		steps = DefaultTenpaiSteps
	}
	for try := range sirTries {
		if ch.wc.fn != nil {
			total := 0.0
			var c tile.Counts
			for k := range sirCandidates {
				if (k > 0 || try > 0) && !constructTenpai(sp, ch.tr, len(h), &c) {
					continue
				} else if k == 0 && try == 0 {
					c = ch.c
				}
				_, w := tenpai(&c)
				v := ch.wc.get(w)
				total += v
				if v > 0 && sp.rng.Float64()*total < v {
					ch.c = c
				}
			}
		}
		ch.start()
		ch.run(steps)
		if ch.cur > 0 {
			return worldOK
		}
		for _, t := range h {
			sp.put(t)
		}
	}
	return weightZero
}

// Sampling importance resampling for weighted tenpai hands: candidates
// per try, and tries before giving up on weights that stay 0.
const (
	sirCandidates = 8
	sirTries      = 4
)

// tenpaiChain is a Metropolis-Hastings chain over the hands h (ids, c by
// kind) that meet the rule tr, exchanging tiles with the pool. Its
// stationary law is uniform over the pool's id sets that meet the rule,
// times the wait weight. Two moves, chosen evenly: swap one tile of the
// hand for one of the pool (symmetric); relabel every tile of one kind of
// the hand as a kind it lacks (n tiles of a become n of b; proposal ratio
// C(pool a + n, n) / C(pool b, n) the other way), which keeps the shape
// and so moves pairs, triplets and isolated tiles far in one step.
type tenpaiChain struct {
	sp  *sampler
	tr  tenpaiRule
	h   []tile.Tile
	c   tile.Counts
	wc  weightCache
	cur float64 // weight of the current hand
}

// start draws ids for the kinds c into h and weighs the hand.
func (ch *tenpaiChain) start() {
	j := 0
	for k, n := range ch.c {
		for range n {
			ch.h[j] = ch.sp.takeKind(tile.Kind(k))
			j++
		}
	}
	_, waits := ch.tr.ok(&ch.c)
	ch.cur = ch.wc.get(waits)
}

// accept applies the Metropolis-Hastings rule to a valid proposal with
// proposal ratio q and waits w; it returns the proposal's weight.
func (ch *tenpaiChain) accept(q float64, w tile.KindSet) (float64, bool) {
	v := ch.wc.get(w)
	if ch.wc.fn != nil {
		if ch.cur == 0 {
			return v, true // out of the support so far: any valid hand will do
		}
		q *= v / ch.cur
	}
	return v, q >= 1 || ch.sp.rng.Float64() < q
}

func (ch *tenpaiChain) run(steps int) {
	sp, h := ch.sp, ch.h
	for range steps {
		if sp.rng.IntN(2) == 0 {
			a := h[sp.rng.IntN(len(h))].Kind()
			b := tile.Kind(sp.rng.IntN(tile.NumKinds))
			n := ch.c[a]
			if b == a || ch.c[b] != 0 || sp.pc[b] < n {
				continue
			}
			c2 := ch.c
			c2[a], c2[b] = 0, n
			ok, w2 := ch.tr.ok(&c2)
			if !ok {
				continue
			}
			v, yes := ch.accept(binomial[sp.pc[b]][n]/binomial[sp.pc[a]+n][n], w2)
			if !yes {
				continue
			}
			for j, t := range h {
				if t.Kind() == a {
					h[j] = sp.takeKind(b)
					sp.put(t)
				}
			}
			ch.c, ch.cur = c2, v
			continue
		}
		i, pj := sp.rng.IntN(len(h)), sp.rng.IntN(sp.np)
		old, nw := h[i], sp.pool[pj]
		if old.Kind() != nw.Kind() {
			c2 := ch.c
			c2[old.Kind()]--
			c2[nw.Kind()]++
			ok, w2 := ch.tr.ok(&c2)
			if !ok {
				continue
			}
			v, yes := ch.accept(1, w2)
			if !yes {
				continue
			}
			ch.c, ch.cur = c2, v
			sp.pc[old.Kind()]++
			sp.pc[nw.Kind()]--
		}
		h[i], sp.pool[pj] = nw, old
	}
}

// constructTenpai builds kinds c of an m-tile hand (m = 3n+1) meeting the
// rule from the pool's kinds: first by random draws of a tenpai shape (n
// sets and a single, n−1 sets, a pair and a two-tile shape, or seven pairs
// less one tile), then, when the pool is thin, by a randomised
// depth-first search of the same shapes. It reports failure when neither
// finds one within its budget.
func constructTenpai(sp *sampler, tr tenpaiRule, m int, c *tile.Counts) bool {
	ts := tenpaiSearch{rng: sp.rng, tr: tr, m: m}
	for range 64 {
		ts.avail, ts.c = sp.pc, tile.Counts{}
		if ts.quick() {
			*c = ts.c
			return true
		}
	}
	ts.avail, ts.c = sp.pc, tile.Counts{}
	ts.budget = 4000
	if ts.search() {
		*c = ts.c
		return true
	}
	return false
}

// tenpaiSearch builds tenpai hands from the kinds left in avail into c.
type tenpaiSearch struct {
	rng    *rand.Rand
	tr     tenpaiRule
	m      int
	avail  tile.Counts
	c      tile.Counts
	budget int // nodes the search may still visit
}

func (ts *tenpaiSearch) add(k tile.Kind, n uint8) {
	ts.avail[k] -= n
	ts.c[k] += n
}

func (ts *tenpaiSearch) remove(k tile.Kind, n uint8) {
	ts.avail[k] += n
	ts.c[k] -= n
}

// Blocks: a kind k < NumKinds is a triplet (or a pair, or a single) of k;
// NumKinds+k is the sequence k, k+1, k+2 (or the partial k, k+1 or k, k+2).
type block uint8

const (
	seqBlock     = block(tile.NumKinds)
	maxBlocks    = 2 * tile.NumKinds
	partialShift = 2 * tile.NumKinds // NumKinds*2+k: the kanchan k, k+2
)

// candidates lists in random order the triplets (n = 3), pairs (2) or
// singles (1) of kinds avail holds n of, and with seq the sequences
// avail holds.
func (ts *tenpaiSearch) candidates(dst *[maxBlocks]block, n uint8, seq bool) []block {
	out := ts.kinds(dst, n)
	if seq {
		out = ts.sequences(out)
	}
	ts.rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// kinds lists the kinds avail holds n of, in order.
func (ts *tenpaiSearch) kinds(dst *[maxBlocks]block, n uint8) []block {
	out := dst[:0]
	for k, a := range ts.avail {
		if a >= n {
			out = append(out, block(k))
		}
	}
	return out
}

// sequences appends the sequences avail holds, in order.
func (ts *tenpaiSearch) sequences(out []block) []block {
	for k := tile.Kind(0); k < tile.East; k++ {
		if k%9 <= 6 && ts.avail[k] > 0 && ts.avail[k+1] > 0 && ts.avail[k+2] > 0 {
			out = append(out, seqBlock+block(k))
		}
	}
	return out
}

func (ts *tenpaiSearch) addSet(b block, sign int) {
	if b < seqBlock {
		if sign > 0 {
			ts.add(tile.Kind(b), 3)
		} else {
			ts.remove(tile.Kind(b), 3)
		}
		return
	}
	k := tile.Kind(b - seqBlock)
	for d := range tile.Kind(3) {
		if sign > 0 {
			ts.add(k+d, 1)
		} else {
			ts.remove(k+d, 1)
		}
	}
}

// ok checks the hand built so far against the rule.
func (ts *tenpaiSearch) ok() bool {
	ts.budget--
	good, _ := ts.tr.ok(&ts.c)
	return good
}

// quick draws one random tenpai shape and reports whether it fits. Each
// set, pair, single or two-tile shape is drawn with probability
// proportional to the number of id combinations the pool has for it, so
// that the hands come close to uniform over id sets from the start: a
// triplet is rarer than a sequence as it is in a random hand.
func (ts *tenpaiSearch) quick() bool {
	var buf [maxBlocks]block
	rng := ts.rng
	if ts.m == 13 && rng.IntN(6) == 0 {
		return ts.chiitoi()
	}
	sets := (ts.m - 1) / 3
	tanki := sets == 0 || rng.IntN(3) == 0
	if !tanki {
		sets--
	}
	for range sets {
		b, ok := ts.weighted(ts.sequences(ts.kinds(&buf, 3)), 3, false)
		if !ok {
			return false
		}
		ts.addSet(b, 1)
	}
	if tanki {
		b, ok := ts.weighted(ts.kinds(&buf, 1), 1, false)
		if !ok {
			return false
		}
		ts.add(tile.Kind(b), 1)
		return ts.ok()
	}
	b, ok := ts.weighted(ts.kinds(&buf, 2), 2, false)
	if !ok {
		return false
	}
	ts.add(tile.Kind(b), 2)
	var pbuf [3 * tile.NumKinds]block
	p, ok := ts.weighted(ts.partialList(&pbuf), 2, true)
	if !ok {
		return false
	}
	ts.addPartial(p, 1)
	return ts.ok()
}

// combos returns the number of id combinations avail has for block b: n
// of a kind, a sequence (two-tile shapes when partial).
func (ts *tenpaiSearch) combos(b block, n uint8, partial bool) int {
	a := &ts.avail
	switch {
	case b < seqBlock:
		if partial {
			n = 2
		}
		return int(binomial[a[b]][n])
	case b < partialShift:
		k := b - seqBlock
		if partial {
			return int(a[k]) * int(a[k+1])
		}
		return int(a[k]) * int(a[k+1]) * int(a[k+2])
	}
	k := b - partialShift
	return int(a[k]) * int(a[k+2])
}

// weighted picks a block of bs with probability proportional to its id
// combinations; false if bs is empty.
func (ts *tenpaiSearch) weighted(bs []block, n uint8, partial bool) (block, bool) {
	total := 0
	for _, b := range bs {
		total += ts.combos(b, n, partial)
	}
	if total == 0 {
		return 0, false
	}
	x := ts.rng.IntN(total)
	for _, b := range bs {
		if x -= ts.combos(b, n, partial); x < 0 {
			return b, true
		}
	}
	return bs[len(bs)-1], true
}

// partials lists in random order the two-tile waiting shapes avail holds:
// a pair, the ryanmen or penchan k, k+1, the kanchan k, k+2.
func (ts *tenpaiSearch) partials(dst *[3 * tile.NumKinds]block) []block {
	out := ts.partialList(dst)
	ts.rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// partialList lists the two-tile waiting shapes in order.
func (ts *tenpaiSearch) partialList(dst *[3 * tile.NumKinds]block) []block {
	out := dst[:0]
	for k, a := range ts.avail {
		if a >= 2 && ts.c[k] == 0 {
			out = append(out, block(k))
		}
	}
	for k := tile.Kind(0); k < tile.East; k++ {
		if k%9 <= 7 && ts.avail[k] > 0 && ts.avail[k+1] > 0 {
			out = append(out, seqBlock+block(k))
		}
		if k%9 <= 6 && ts.avail[k] > 0 && ts.avail[k+2] > 0 {
			out = append(out, partialShift+block(k))
		}
	}
	return out
}

func (ts *tenpaiSearch) addPartial(b block, sign int) {
	var k1, k2 tile.Kind
	switch {
	case b < seqBlock:
		k1, k2 = tile.Kind(b), tile.Kind(b)
	case b < partialShift:
		k1 = tile.Kind(b - seqBlock)
		k2 = k1 + 1
	default:
		k1 = tile.Kind(b - partialShift)
		k2 = k1 + 2
	}
	if sign > 0 {
		ts.add(k1, 1)
		ts.add(k2, 1)
	} else {
		ts.remove(k1, 1)
		ts.remove(k2, 1)
	}
}

// chiitoi draws six pairs and a single of distinct kinds.
func (ts *tenpaiSearch) chiitoi() bool {
	var buf [maxBlocks]block
	pairs := ts.candidates(&buf, 2, false)
	if len(pairs) < 6 {
		return false
	}
	for _, b := range pairs[:6] {
		ts.add(tile.Kind(b), 2)
	}
	for _, b := range ts.candidates(&buf, 1, false) {
		if ts.c[b] == 0 {
			ts.add(tile.Kind(b), 1)
			return ts.ok()
		}
	}
	return false
}

// search tries the shapes in random order, each by a depth-first search
// over sets, until one fits or the budget is spent.
func (ts *tenpaiSearch) search() bool {
	sets := (ts.m - 1) / 3
	tankiFirst := ts.rng.IntN(2) == 0
	for i := range 2 {
		tanki := (i == 0) == tankiFirst
		n := sets
		if !tanki {
			if sets == 0 {
				continue
			}
			n--
		}
		if ts.sets(n, tanki, 0) {
			return true
		}
	}
	if ts.m == 13 {
		for range 32 {
			if ts.budget <= 0 {
				break
			}
			c, a := ts.c, ts.avail
			if ts.chiitoi() {
				return true
			}
			ts.c, ts.avail = c, a
		}
	}
	return false
}

// sets adds n sets, each no earlier in block order than from, then the
// waiting shape.
func (ts *tenpaiSearch) sets(n int, tanki bool, from block) bool {
	if ts.budget <= 0 {
		return false
	}
	if n == 0 {
		return ts.wait(tanki)
	}
	var buf [maxBlocks]block
	for _, b := range ts.candidates(&buf, 3, true) {
		if b < from {
			continue
		}
		ts.budget-- // inner nodes count too: a pool may have sets but no wait
		ts.addSet(b, 1)
		if ts.sets(n-1, tanki, b) {
			return true
		}
		ts.addSet(b, -1)
		if ts.budget <= 0 {
			return false
		}
	}
	return false
}

// wait adds a single (tanki), or a pair and a two-tile shape.
func (ts *tenpaiSearch) wait(tanki bool) bool {
	var buf [maxBlocks]block
	if tanki {
		for _, b := range ts.candidates(&buf, 1, false) {
			ts.add(tile.Kind(b), 1)
			if ts.ok() {
				return true
			}
			ts.remove(tile.Kind(b), 1)
			if ts.budget <= 0 {
				return false
			}
		}
		return false
	}
	var pbuf [3 * tile.NumKinds]block
	for _, p := range ts.candidates(&buf, 2, false) {
		ts.add(tile.Kind(p), 2)
		for _, b := range ts.partials(&pbuf) {
			ts.addPartial(b, 1)
			if ts.ok() {
				return true
			}
			ts.addPartial(b, -1)
			if ts.budget <= 0 {
				return false
			}
		}
		ts.remove(tile.Kind(p), 2)
	}
	return false
}
