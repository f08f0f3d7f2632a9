package policy

import (
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// Inputs is what a turn decision's features are computed from: the seat's
// tiles and what it has seen, what it knows of each opponent, and the
// table. [Position.Reset] gathers them from a [game.View] (with the
// opponent models' predictions); the Monte Carlo rollout keeps them as its
// simulated round goes on and calls [Position.ResetInputs], so that the
// rollout's policy reads exactly the features the policy was trained on.
type Inputs struct {
	Counts tile.Counts  // the seat's concealed hand
	Seen   tile.Counts  // what it sees outside its hand
	Red    tile.Counts  // red fives in the hand, by kind
	Drawn  tile.Kind    // the tile drawn this turn (NoKind after a call)
	Kuikae tile.KindSet // kinds it may not discard after its call

	OwnRiverSuits [4]int       // its discards per suit (honours last)
	OwnRiverKinds tile.KindSet // the kinds it has discarded
	OwnLast       tile.Kind    // its last discard (NoKind: none)
	OwnMelds      tile.Counts  // the tiles of its melds, by kind
	OwnRiver      int          // its discards
	OwnOpen       int          // its open melds
	Yakuhai       tile.KindSet
	Dora          tile.Counts // dora value of each kind (red fives apart)

	Opp [game.NumSeats - 1]OppInputs // the opponents, in seat order

	Live         int
	Dealer       bool
	Place        int // 0: first
	Above, Below int // points to the next seat up and down (100,000: none)
	Round        int // 0 = East 1
	HonbaSticks  int
}

// OppInputs is what the seat knows of one opponent.
type OppInputs struct {
	Riichi    bool
	OpenMelds int
	Tenpai    float64                 // P(tenpai): 1 in riichi
	Waits     *[tile.NumKinds]float64 // P(a discard of each kind lets it ron | tenpai)
	Value     float64                 // mean points of its win / 1000
	River     tile.KindSet            // kinds in its river (genbutsu)
	Safe      tile.KindSet            // River and the kinds passed after its riichi
	Suji      tile.KindSet            // kinds suji-protected by its river
}

// SujiOf returns the number kinds suji-protected by a river holding the
// kinds of river: 1-4-7, 2-5-8 and 3-6-9, a middle kind (4, 5, 6) only
// when both its suji are in the river. Honours are never suji.
func SujiOf(river tile.KindSet) tile.KindSet {
	var s tile.KindSet
	for suit := tile.Kind(0); suit < 27; suit += 9 {
		for n := 1; n <= 9; n++ {
			k := suit + tile.Kind(n-1)
			lo, hi := n-3, n+3
			has := func(m int) bool { return m >= 1 && m <= 9 && river.Has(suit+tile.Kind(m-1)) }
			var ok bool
			switch {
			case n <= 3:
				ok = has(hi)
			case n >= 7:
				ok = has(lo)
			default:
				ok = has(lo) && has(hi)
			}
			if ok {
				s = s.Add(k)
			}
		}
	}
	return s
}

// inputsOf gathers v's inputs (p.in) with the opponent models m.
func (p *Position) inputsOf(v game.View, m *opponent.Models) {
	inputsOf(v, &p.in, &p.pub, m, &p.waits)
}

// InputsOf fills in with what v's seat sees, all but the opponents'
// predictions: their Tenpai is 1 in riichi and 0 otherwise, Waits nil
// and Value 0, for the caller to set. pub is scratch.
func InputsOf(v game.View, in *Inputs, pub *opponent.Public) { inputsOf(v, in, pub, nil, nil) }

// inputsOf fills in from v and, when m is not nil, the opponents'
// predictions by m (their waits into waits): each opponent's public
// information is read once for both.
func inputsOf(v game.View, in *Inputs, pub *opponent.Public, m *opponent.Models, waits *[game.NumSeats - 1][tile.NumKinds]float64) {
	seat := v.Seat()
	in.Counts = v.Counts()
	in.Seen = v.Visible()
	for k := range in.Seen {
		in.Seen[k] -= in.Counts[k]
	}
	in.Red = tile.Counts{}
	for _, t := range v.Hand() {
		if t.Red() {
			in.Red[t.Kind()]++
		}
	}
	in.Drawn = tile.NoKind
	if d := v.Drawn(); d != tile.NoTile {
		in.Drawn = d.Kind()
	}
	in.Kuikae = v.Kuikae()
	in.OwnRiverSuits, in.OwnRiverKinds, in.OwnLast = [4]int{}, 0, tile.NoKind
	for _, d := range v.River(seat) {
		in.OwnRiverSuits[d.Tile.Kind().Suit()]++
		in.OwnRiverKinds = in.OwnRiverKinds.Add(d.Tile.Kind())
		in.OwnLast = d.Tile.Kind()
	}
	in.OwnRiver = len(v.River(seat))
	in.OwnOpen, in.OwnMelds = OwnMelds(v.Melds(seat))
	in.Yakuhai = 0
	for k := range tile.Kind(tile.NumKinds) {
		if k.IsDragon() || k == v.SeatWind(seat) || k == v.RoundWind() {
			in.Yakuhai = in.Yakuhai.Add(k)
		}
	}
	in.Dora = tile.Counts{}
	for _, t := range v.DoraIndicators() {
		in.Dora[t.Kind().DoraFrom()]++
	}
	// With three players the empty seat 3 is the last opponent slot,
	// zero-filled: no riichi, no river, P(tenpai) 0, no waits.
	np := v.Players()
	i := 0
	for s := range game.NumSeats {
		switch {
		case s == seat:
			continue
		case s >= np:
			in.Opp[i] = OppInputs{}
			if m != nil {
				waits[i] = [tile.NumKinds]float64{}
				in.Opp[i].Waits = &waits[i]
			}
		default:
			opponentOf(v, s, pub, &in.Opp[i])
			if m != nil {
				predictOpponent(m, pub, &in.Opp[i], &waits[i])
			}
		}
		i++
	}
	in.Live = v.LiveRemaining()
	in.Dealer = v.Dealer() == seat
	in.Place, in.Above, in.Below = standing(v)
	in.Round = v.RoundIndex()
	in.HonbaSticks = v.Honba() + v.Sticks()
}

// OwnMelds returns how many of melds are open, and their tiles by kind.
func OwnMelds(melds []score.Meld) (open int, tiles tile.Counts) {
	for i := range melds {
		m := &melds[i]
		if m.Open() {
			open++
		}
		for _, t := range m.TilesSlice() {
			tiles[t.Kind()]++
		}
	}
	return open, tiles
}

// predictOpponent sets o's predictions by m from pub, the opponent's public
// information, its waits into waits.
func predictOpponent(m *opponent.Models, pub *opponent.Public, o *OppInputs, waits *[tile.NumKinds]float64) {
	if !o.Riichi {
		o.Tenpai = m.Tenpai(pub)
	}
	m.Waits(pub, waits)
	o.Waits = waits
	o.Value = m.Value(pub) / 1000
}

// opponentOf gathers what v's seat sees of opponent s (pub is scratch).
func opponentOf(v game.View, s int, pub *opponent.Public, o *OppInputs) {
	pub.Reset(v, s)
	*o = OppInputs{Riichi: v.InRiichi(s), OpenMelds: pub.OpenMelds()}
	if o.Riichi {
		o.Tenpai = 1
	}
	for k := range tile.Kind(tile.NumKinds) {
		if pub.Genbutsu(k) {
			o.River = o.River.Add(k)
		}
		if pub.Genbutsu(k) || pub.Passed(k) {
			o.Safe = o.Safe.Add(k)
		}
	}
	o.Suji = SujiOf(o.River) // what opponent.Public.Suji says of each kind, at once
}
