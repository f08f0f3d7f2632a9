package game

import (
	"errors"
	"fmt"
	"math/rand/v2"

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
	Tenpai [NumSeats]TenpaiState
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
// laid out as [NewRound] deals it and the observation's events are played
// through [Round.Apply], passing for every seat that could answer but did
// nothing, so furiten, ippatsu and the rest are the engine's own. The round
// then waits for whatever comes after the last event.
//
// The same rng state gives the same round. The round refers to o's rules:
// do not modify o while using it.
func (o *Observation) Determinize(rng *rand.Rand, opt DeterminizeOptions) (*Round, error) {
	r := new(Round)
	if err := o.DeterminizeInto(r, rng, opt); err != nil {
		return nil, err
	}
	return r, nil
}

// DeterminizeInto is [Observation.Determinize] into r, reusing its memory:
// it allocates nothing.
func (o *Observation) DeterminizeInto(r *Round, rng *rand.Rand, opt DeterminizeOptions) error {
	var w Wall
	if err := o.sampleWall(&w, rng, &opt); err != nil {
		return err
	}
	if err := r.Reset(&o.rules, o.setup, &w); err != nil {
		return fmt.Errorf("game: determinize: %w", err)
	}
	return o.replay(r)
}

// replay plays the events on r.
func (o *Observation) replay(r *Round) error {
	for i := range o.events {
		e := &o.events[i]
		var err error
		switch e.Type {
		case ObsDraw:
			err = passAnswers(r, NumSeats)
			if err == nil && (r.Phase() != PhaseTurn || r.Current() != int(e.Seat) || o.mine(e.Seat) && r.Drawn() != e.Tile) {
				err = fmt.Errorf("engine: phase %v, seat %d to move, drew %v", r.Phase(), r.Current(), r.Drawn())
			}
		case ObsDiscard:
			typ := Discard
			if e.Riichi {
				typ = Riichi
			}
			err = r.Apply(Action{Type: typ, Seat: e.Seat, Tile: e.Tile})
		case ObsCall:
			typ := Chi
			switch e.Meld.Type {
			case score.Pon:
				typ = Pon
			case score.Daiminkan:
				typ = Daiminkan
			}
			if err = passAnswers(r, e.Seat); err == nil {
				err = r.Apply(Action{Type: typ, Seat: e.Seat, Meld: e.Meld})
			}
		case ObsAnkan:
			err = r.Apply(Action{Type: Ankan, Seat: e.Seat, Tile: e.Meld.Tiles[0]})
		case ObsKakan:
			err = r.Apply(Action{Type: Kakan, Seat: e.Seat, Tile: e.Tile})
		}
		if err != nil {
			return fmt.Errorf("game: determinize: event %d (%v): %w", i, e, err)
		}
	}
	return nil
}

// passAnswers answers Pass for every seat but except that must answer.
func passAnswers(r *Round, except uint8) error {
	for s := range uint8(NumSeats) {
		if s != except && r.MustAnswer(int(s)) {
			if err := r.Apply(Action{Type: Pass, Seat: s}); err != nil {
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
	panic("game: determinize: pool counts out of step")
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

func (o *Observation) sampleWall(w *Wall, rng *rand.Rand, opt *DeterminizeOptions) error {
	sp := sampler{rng: rng}
	for t := range tile.NumTiles {
		if !o.seen[t] {
			sp.pool[sp.np] = tile.Tile(t)
			sp.np++
			sp.pc[tile.Tile(t).Kind()]++
		}
	}
	*w = o.known
	for _, class := range [3]TenpaiState{TenpaiForced, NotenForced, TenpaiAny} {
		for i := 1; i < NumSeats; i++ {
			seat := (int(o.seat) + i) % NumSeats
			if o.seatClass(seat, opt) != class {
				continue
			}
			s := &o.seats[seat]
			var h [maxHeld]tile.Tile
			m := int(s.nHeld)
			if s.pending >= 0 {
				m--
			}
			var err error
			switch class {
			case TenpaiForced:
				err = o.tenpaiHand(&sp, seat, h[:m], opt)
			case NotenForced:
				err = notenHand(&sp, h[:m])
			default:
				for j := range h[:m] {
					h[j] = sp.take(rng.IntN(sp.np))
				}
			}
			if err != nil {
				return fmt.Errorf("game: determinize: seat %d (%v): %w", seat, class, err)
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
	for i := 1; i < NumSeats; i++ {
		if s := &o.seats[(int(o.seat)+i)%NumSeats]; s.pending >= 0 {
			w[s.pending] = sp.take(rng.IntN(sp.np))
		}
	}
	rng.Shuffle(sp.np, func(i, j int) { sp.pool[i], sp.pool[j] = sp.pool[j], sp.pool[i] })
	j := 0
	for i, t := range w {
		if t == tile.NoTile {
			w[i] = sp.pool[j]
			j++
		}
	}
	if j != sp.np {
		panic(fmt.Sprintf("game: determinize: %d wall places for %d unseen tiles", j, sp.np))
	}
	return nil
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
func notenHand(sp *sampler, h []tile.Tile) error {
	if len(h) < 4 {
		return fmt.Errorf("%w: a hand of %d tiles is always tenpai", ErrNoWorld, len(h))
	}
	for range 1000 {
		var c tile.Counts
		for j := range h {
			h[j] = sp.take(sp.rng.IntN(sp.np))
			c[h[j].Kind()]++
		}
		if ok, _ := tenpai(&c); !ok {
			return nil
		}
		for _, t := range h {
			sp.put(t)
		}
	}
	return fmt.Errorf("%w: no noten hand in 1000 tries", ErrNoWorld)
}

// tenpaiRule is what a constructed tenpai hand must satisfy.
type tenpaiRule struct {
	river   tile.KindSet // kinds in the seat's river
	passed  tile.KindSet // riichi: kinds it could have won on since
	riichi  bool
	furiten bool // waits in the river allowed
	loose   bool // riichi: passed kinds allowed too
	kans    []tile.Kind
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
			if !riichiAnkanKeepsWaits(&before, k) {
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

// tenpaiHand fills h with a tenpai hand for seat: a hand built from random
// sets and a waiting shape, then a Metropolis chain over single-tile swaps
// with the pool whose stationary law is uniform over the id sets that meet
// the rule, times the wait weight.
func (o *Observation) tenpaiHand(sp *sampler, seat int, h []tile.Tile, opt *DeterminizeOptions) error {
	s := &o.seats[seat]
	tr := tenpaiRule{river: s.discarded, passed: s.passed, riichi: s.riichi != noRiichi,
		furiten: opt.AllowFuriten, kans: s.riichiKans[:s.nRiichiKans]}
	var c tile.Counts
	built := false
	for level := 0; level < 3 && !built; level++ {
		switch level {
		case 1:
			tr.furiten = true
		case 2:
			tr.loose = true
		}
		built = constructTenpai(sp, &tr, len(h), &c)
	}
	if !built {
		return fmt.Errorf("%w: no tenpai hand of %d tiles from the unseen tiles", ErrNoWorld, len(h))
	}
	// Ids for the kinds.
	j := 0
	for k, n := range c {
		for range n {
			h[j] = sp.takeKind(tile.Kind(k))
			j++
		}
	}
	wc := weightCache{fn: opt.WaitWeight, seat: seat}
	_, waits := tr.ok(&c)
	cur := wc.get(waits)
	steps := opt.Steps
	if steps <= 0 {
		steps = DefaultTenpaiSteps
	}
	for step := 0; step < steps || cur == 0 && step < 4*steps; step++ {
		i, pj := sp.rng.IntN(len(h)), sp.rng.IntN(sp.np)
		old, nw := h[i], sp.pool[pj]
		if old.Kind() != nw.Kind() {
			c2 := c
			c2[old.Kind()]--
			c2[nw.Kind()]++
			ok, w2 := tr.ok(&c2)
			if !ok {
				continue
			}
			if wc.fn != nil {
				v := wc.get(w2)
				if v < cur && sp.rng.Float64()*cur >= v {
					continue
				}
				cur = v
			}
			c = c2
			sp.pc[old.Kind()]++
			sp.pc[nw.Kind()]--
		}
		h[i], sp.pool[pj] = nw, old
	}
	if cur == 0 {
		for _, t := range h {
			sp.put(t)
		}
		return fmt.Errorf("%w: every tenpai hand tried has wait weight 0", ErrNoWorld)
	}
	return nil
}

// constructTenpai builds kinds c of an m-tile hand (m = 3n+1) meeting the
// rule from the pool's kinds: n sets and a single (tanki), n−1 sets, a
// pair and a two-tile shape (ryanmen, kanchan, penchan or a second pair),
// or seven pairs less one tile. It reports failure after 256 tries.
func constructTenpai(sp *sampler, tr *tenpaiRule, m int, c *tile.Counts) bool {
	rng := sp.rng
	for range 256 {
		*c = tile.Counts{}
		avail := sp.pc
		ok := true
		pick := func(n uint8) (tile.Kind, bool) {
			// A random kind with at least n left.
			var cand [tile.NumKinds]tile.Kind
			nc := 0
			for k, a := range avail {
				if a >= n {
					cand[nc] = tile.Kind(k)
					nc++
				}
			}
			if nc == 0 {
				return 0, false
			}
			return cand[rng.IntN(nc)], true
		}
		add := func(k tile.Kind, n uint8) {
			avail[k] -= n
			c[k] += n
		}
		seq := func(first tile.Kind, kinds ...int) bool {
			for _, d := range kinds {
				if avail[int(first)+d] == 0 {
					return false
				}
			}
			for _, d := range kinds {
				add(first+tile.Kind(d), 1)
			}
			return true
		}
		if m == 13 && rng.IntN(8) == 0 {
			// Chiitoitsu: six pairs and a single of a seventh kind.
			for i := 0; i < 7 && ok; i++ {
				need := uint8(2)
				if i == 6 {
					need = 1
				}
				var k tile.Kind
				for try := 0; ; try++ {
					k, ok = pick(need)
					if !ok || c[k] == 0 || try > 16 {
						break
					}
				}
				ok = ok && c[k] == 0
				if ok {
					add(k, need)
				}
			}
		} else {
			sets := (m - 1) / 3
			tanki := rng.IntN(4) == 0 || sets == 0
			if !tanki {
				sets--
			}
			for i := 0; i < sets && ok; i++ {
				if rng.IntN(4) == 0 {
					var k tile.Kind
					if k, ok = pick(3); ok {
						add(k, 3)
					}
					continue
				}
				suit := rng.IntN(3)
				ok = seq(tile.Kind(suit*9+rng.IntN(7)), 0, 1, 2)
			}
			if ok && tanki {
				var k tile.Kind
				if k, ok = pick(1); ok {
					add(k, 1)
				}
			} else if ok {
				var k tile.Kind
				if k, ok = pick(2); ok {
					add(k, 2)
				}
				if ok {
					switch rng.IntN(3) {
					case 0: // shanpon
						if k, ok = pick(2); ok {
							add(k, 2)
						}
					case 1: // ryanmen or penchan
						ok = seq(tile.Kind(rng.IntN(3)*9+rng.IntN(8)), 0, 1)
					default: // kanchan
						ok = seq(tile.Kind(rng.IntN(3)*9+rng.IntN(7)), 0, 2)
					}
				}
			}
		}
		if ok {
			if good, _ := tr.ok(c); good {
				return true
			}
		}
	}
	return false
}
