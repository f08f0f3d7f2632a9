package arena

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/mjrank/mjrank/bot"
	"github.com/mjrank/mjrank/sim/game"
)

// Counters are one entry's raw totals: integers only, so that shards add
// up to exactly the unsharded totals.
type Counters struct {
	Games        int      `json:"games"`
	Ranks        [4]int   `json:"ranks"`         // games finished 1st..4th
	RankSum      int64    `json:"rank_sum"`      // sum of final ranks
	PointsTenths int64    `json:"points_tenths"` // sum of final points (uma included) × 10
	ScoreSum     int64    `json:"score_sum"`     // sum of final scores
	Rounds       int      `json:"rounds"`
	Wins         int      `json:"wins"`
	WinPoints    int64    `json:"win_points"` // sum of the hands' values (before honba and sticks)
	DealIns      int      `json:"deal_ins"`
	DealInPoints int64    `json:"deal_in_points"`
	Riichi       int      `json:"riichi"`             // rounds with a riichi declared
	Calls        int      `json:"calls"`              // rounds with at least one open call
	Illegal      int      `json:"illegal,omitempty"`  // replies a referee judged illegal or late (mjrank match)
	Replaced     int      `json:"replaced,omitempty"` // decisions a referee played in the entry's place (mjrank match)
	Dropped      int      `json:"dropped,omitempty"`  // games in which a referee dropped the entry's player after a late reply or its end
	Units        int      `json:"units"`              // games, or duplicate sets with rotation
	UnitSq       [2]int64 `json:"unit_sq"`
	// UnitSq holds, over units, the sums of squares of the unit's rank
	// sum and of its points sum (× 10): the confidence intervals are
	// computed per unit, so that a duplicate set counts once.
}

// add adds o's totals to c (and o's open unit to c's).
func (c *Counters) add(o *Counters) {
	c.Games += o.Games
	for i := range c.Ranks {
		c.Ranks[i] += o.Ranks[i]
	}
	c.RankSum += o.RankSum
	c.PointsTenths += o.PointsTenths
	c.ScoreSum += o.ScoreSum
	c.Rounds += o.Rounds
	c.Wins += o.Wins
	c.WinPoints += o.WinPoints
	c.DealIns += o.DealIns
	c.DealInPoints += o.DealInPoints
	c.Riichi += o.Riichi
	c.Calls += o.Calls
	c.Illegal += o.Illegal
	c.Replaced += o.Replaced
	c.Dropped += o.Dropped
	c.Units += o.Units
	c.UnitSq[0] += o.UnitSq[0]
	c.UnitSq[1] += o.UnitSq[1]
}

// closeUnit makes c, the totals of one unit's games, one unit.
func (c *Counters) closeUnit() {
	c.Units = 1
	c.UnitSq = [2]int64{c.RankSum * c.RankSum, c.PointsTenths * c.PointsTenths}
}

// Result is an arena's outcome: the configuration, the raw counters of
// each entry, and a hash of every game's final scores. It holds nothing
// that depends on time, machine or goroutines; merged shards equal the
// unsharded result exactly.
type Result struct {
	// Players is 3 for a 3-player arena; 0 (absent from the JSON, as in
	// the results of before three players) for four.
	Players int                   `json:"players,omitempty"`
	Seats   [game.NumSeats]string `json:"seats"`
	Games   int                   `json:"games"` // of the whole arena
	Seed    uint64                `json:"seed"`
	Rotate  bool                  `json:"rotate"`
	Length  string                `json:"length"`
	Shards  int                   `json:"shards,omitempty"` // the arena's shard count (0: not sharded)
	Shard   int                   `json:"shard,omitempty"`  // this result's shard, 1-based (0: all)
	// MCSims and MCVariant describe the mc bot when a seat plays it: its
	// simulations per decision and its ablation ("" for the full engine).
	MCSims    int    `json:"mc_sims,omitempty"`
	MCVariant string `json:"mc_variant,omitempty"`
	// MCSimulateDiscards: the mc bot simulated the decisions whose only
	// choice is the discard too (bot.Options.MCSimulateDiscards).
	MCSimulateDiscards bool `json:"mc_simulate_discards,omitempty"`
	// FirstUnit and Units are the units (walls) this result covers;
	// Played the games.
	FirstUnit int `json:"first_unit"`
	Units     int `json:"units"`
	Played    int `json:"played"`
	// Partial marks the result of a run stopped before its end (Run's
	// context cancelled): it covers the first Units units of the run's
	// range, and Merge refuses it.
	Partial bool `json:"partial,omitempty"`
	// Hash is the XOR over games of a hash of (unit, rotation, final
	// scores and points).
	Hash    string                  `json:"hash"`
	Entries [game.NumSeats]Counters `json:"entries"`
	// Summary is derived from Entries (recomputed by Merge).
	Summary []Summary `json:"summary"`
	hash    uint64
}

func newResult(c *Config) *Result {
	r := &Result{Players: playersField(c.players()), Seats: c.Seats, Games: c.Games, Seed: c.Seed, Rotate: c.Rotate, Length: c.Length.String(), Shards: c.Shards, Shard: c.Shard}
	for _, s := range c.Seats {
		if bot.Base(s) == "mc" || s == "mjai:mc" { // mjai:mc: the bot through the protocol (mjrank match)
			r.MCSims = c.Bots.MCSims
			if r.MCSims <= 0 {
				r.MCSims = bot.DefaultMCSims
			}
			r.MCVariant = MCVariant(&c.Bots.MCLab)
			r.MCSimulateDiscards = c.Bots.MCSimulateDiscards
		}
	}
	return r
}

// finish fills the derived fields.
func (r *Result) finish() {
	r.Hash = fmt.Sprintf("%016x", r.hash)
	r.Summary = r.Summary[:0]
	for e := range r.Entries[:r.players()] {
		s := summarize(r.label(e), &r.Entries[e], r.perUnit())
		if r.players() != game.NumSeats {
			s.StableDan = nil // the formula is of 4-player games
		}
		r.Summary = append(r.Summary, s)
	}
}

func (r *Result) perUnit() int {
	if r.Rotate {
		return r.players()
	}
	return 1
}

// players returns the number of seats of r's arena.
func (r *Result) players() int {
	if r.Players == 0 {
		return game.NumSeats
	}
	return r.Players
}

// playersField is Result.Players of an arena of np seats: 4 is left out.
func playersField(np int) int {
	if np == game.NumSeats {
		return 0
	}
	return np
}

// label names entry e: its bot, with its entry number when the name is
// not unique.
func (r *Result) label(e int) string {
	n := 0
	for _, s := range r.Seats {
		if s == r.Seats[e] {
			n++
		}
	}
	if n == 1 {
		return r.Seats[e]
	}
	return fmt.Sprintf("%s#%d", r.Seats[e], e+1)
}

// Signature returns a short hash of the whole result: it changes when any
// game's outcome changes and never with time, machine or goroutines.
func (r *Result) Signature() string {
	b, _ := json.Marshal(r)
	h := fnv.New64a()
	h.Write(b)
	return fmt.Sprintf("%016x", h.Sum64())
}

// Interval is an estimate with its 95 % confidence interval (normal
// approximation over units).
type Interval struct {
	Mean float64 `json:"mean"`
	Low  float64 `json:"low"`
	High float64 `json:"high"`
}

// Summary is one entry's statistics.
type Summary struct {
	Bot         string     `json:"bot"`
	Games       int        `json:"games"`
	AvgRank     Interval   `json:"avg_rank"`
	RankPct     [4]float64 `json:"rank_pct"` // % of games finished 1st..4th
	AvgPoints   Interval   `json:"avg_points"`
	AvgScore    float64    `json:"avg_score"`
	WinPct      float64    `json:"win_pct"`     // % of rounds won
	DealInPct   float64    `json:"deal_in_pct"` // % of rounds dealt in
	RiichiPct   float64    `json:"riichi_pct"`
	CallPct     float64    `json:"call_pct"`
	AvgWin      float64    `json:"avg_win"`     // average value of a win
	AvgDealIn   float64    `json:"avg_deal_in"` // average value of a deal-in
	StableDan   *float64   `json:"stable_dan"`  // (5·n1 + 2·n2)/n4 − 2; null without a 4th place, and with three players
	RankPctLow  [4]float64 `json:"rank_pct_low"`
	RankPctHigh [4]float64 `json:"rank_pct_high"`
}

func pct(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}

func ratio(a int64, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// interval is the mean per game with a 95 % interval from per-unit sums:
// sum over all games, sq the sum over units of the squared unit sums, k
// games per unit, u units.
func interval(sum, sq int64, k, u int, scale float64) Interval {
	if u == 0 {
		return Interval{}
	}
	n := float64(u)
	mean := float64(sum) / float64(k) / n // mean of unit means
	half := 0.0
	if u > 1 {
		ss := float64(sq)/float64(k*k) - n*mean*mean
		half = 1.96 * math.Sqrt(max(0, ss/(n-1))/n)
	}
	return Interval{Mean: mean / scale, Low: (mean - half) / scale, High: (mean + half) / scale}
}

// wilson is the Wilson 95 % interval of a proportion, in %.
func wilson(x, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 0
	}
	const z = 1.96
	p, fn := float64(x)/float64(n), float64(n)
	d := 1 + z*z/fn
	c := (p + z*z/(2*fn)) / d
	h := z * math.Sqrt(p*(1-p)/fn+z*z/(4*fn*fn)) / d
	return 100 * max(0, c-h), 100 * min(1, c+h)
}

func summarize(label string, c *Counters, k int) Summary {
	s := Summary{Bot: label, Games: c.Games}
	s.AvgRank = interval(c.RankSum, c.UnitSq[0], k, c.Units, 1)
	s.AvgPoints = interval(c.PointsTenths, c.UnitSq[1], k, c.Units, 10)
	for i, n := range c.Ranks {
		s.RankPct[i] = pct(n, c.Games)
		s.RankPctLow[i], s.RankPctHigh[i] = wilson(n, c.Games)
	}
	s.AvgScore = ratio(c.ScoreSum, c.Games)
	s.WinPct = pct(c.Wins, c.Rounds)
	s.DealInPct = pct(c.DealIns, c.Rounds)
	s.RiichiPct = pct(c.Riichi, c.Rounds)
	s.CallPct = pct(c.Calls, c.Rounds)
	s.AvgWin = ratio(c.WinPoints, c.Wins)
	s.AvgDealIn = ratio(c.DealInPoints, c.DealIns)
	if c.Ranks[3] > 0 {
		d := float64(5*c.Ranks[0]+2*c.Ranks[1])/float64(c.Ranks[3]) - 2
		s.StableDan = &d
	}
	return s
}

// Merge joins shard results of one arena into the result of the whole:
// the same configuration, disjoint units, all of them present. It equals
// the unsharded result exactly.
func Merge(parts []*Result) (*Result, error) { return MergeNamed(parts, nil) }

// MergeNamed is Merge with a name for each part (its file, say): the
// errors name the parts that are repeated, overlap or do not belong, and
// the shards or units missing.
func MergeNamed(parts []*Result, names []string) (*Result, error) {
	if len(parts) == 0 {
		return nil, fmt.Errorf("%w: nothing to merge", ErrConfig)
	}
	name := func(i int) string {
		if i < len(names) {
			return names[i]
		}
		return fmt.Sprintf("part %d", i+1)
	}
	label := func(i int) string {
		p := parts[i]
		where := "unsharded"
		if p.Shards > 0 {
			where = fmt.Sprintf("shard %d/%d", p.Shard, p.Shards)
		}
		return fmt.Sprintf("%s (%s)", name(i), where)
	}
	first := parts[0]
	for i, p := range parts {
		if d := p.differs(first); d != "" {
			return nil, fmt.Errorf("%w: %s is of another arena than %s: %s", ErrConfig, label(i), label(0), d)
		}
		if err := p.checkPart(); err != nil {
			return nil, fmt.Errorf("%w: %s: %v", ErrConfig, label(i), err)
		}
	}
	if msg := coverage(parts, name, label); msg != "" {
		return nil, fmt.Errorf("%w: %s", ErrConfig, msg)
	}
	out := &Result{Players: first.Players, Seats: first.Seats, Games: first.Games, Seed: first.Seed, Rotate: first.Rotate, Length: first.Length, MCSims: first.MCSims, MCVariant: first.MCVariant, MCSimulateDiscards: first.MCSimulateDiscards}
	for _, p := range parts {
		var h uint64
		if _, err := fmt.Sscanf(p.Hash, "%x", &h); err != nil {
			return nil, fmt.Errorf("%w: bad hash %q", ErrConfig, p.Hash)
		}
		out.hash ^= h
		out.Units += p.Units
		out.Played += p.Played
		for e := range out.Entries {
			out.Entries[e].add(&p.Entries[e])
		}
	}
	out.finish()
	return out, nil
}

// differs says how r's arena differs from o's ("" when it is the same).
func (r *Result) differs(o *Result) string {
	var d []string
	diff := func(what string, a, b any) {
		if a != b {
			d = append(d, fmt.Sprintf("%s %v, not %v", what, a, b))
		}
	}
	diff("players", r.players(), o.players())
	diff("seats", strings.Join(r.Seats[:], ","), strings.Join(o.Seats[:], ","))
	diff("games", r.Games, o.Games)
	diff("seed", r.Seed, o.Seed)
	diff("rotate", r.Rotate, o.Rotate)
	diff("length", r.Length, o.Length)
	diff("mc sims", r.MCSims, o.MCSims)
	diff("mc variant", r.MCVariant, o.MCVariant)
	diff("mc simulating discards", r.MCSimulateDiscards, o.MCSimulateDiscards)
	return strings.Join(d, ", ")
}

// Planned returns the number of games of the run r comes from: its
// shard's, or the whole arena's. It is Played unless r is Partial.
func (r *Result) Planned() int {
	c := Config{Players: r.Players, Games: r.Games, Rotate: r.Rotate, Shard: r.Shard, Shards: r.Shards}
	if c.Games < 1 || c.Shards < 0 || c.Shard < 0 || c.Shard > c.Shards || c.Shards > c.units() {
		return r.Played // not a result Run gives
	}
	from, to := c.shardRange()
	return (to - from) * r.perUnit()
}

// totalUnits is the number of units of r's whole arena.
func (r *Result) totalUnits() int { return r.Games / r.perUnit() }

// checkPart checks that r is a whole shard (or the whole arena) as Run
// gives it: JSON read from a file may be anything.
func (r *Result) checkPart() error {
	if r.Partial {
		return fmt.Errorf("a partial result (the run was interrupted after %d %s); run the shard again", r.Played, plural(r.Played, "game", "games"))
	}
	c := Config{Players: r.Players, Games: r.Games, Rotate: r.Rotate, Shard: r.Shard, Shards: r.Shards}
	if r.Players != 0 && r.Players != 3 {
		return fmt.Errorf("not an arena result (players %d: 3, or absent for 4)", r.Players)
	}
	for i, s := range r.Seats[r.players():] {
		if s != "" {
			return fmt.Errorf("not an arena result (a %d-player arena with a bot %q in seat %d)", r.players(), s, r.players()+i+1)
		}
	}
	if r.Games < 1 || (r.Rotate && r.Games%r.perUnit() != 0) || r.Shards < 0 || (r.Shards == 0) != (r.Shard == 0) ||
		(r.Shards > 0 && (r.Shard > r.Shards || r.Shards > c.units())) {
		return fmt.Errorf("not an arena result (%d games, shard %d/%d)", r.Games, r.Shard, r.Shards)
	}
	from, to := c.shardRange()
	if r.FirstUnit != from || r.Units != to-from || r.Played != r.Units*r.perUnit() {
		return fmt.Errorf("covers %s %d..%d (%d games), but the shard is %s %d..%d (%d games)",
			r.unitName(), r.FirstUnit, r.FirstUnit+r.Units-1, r.Played, r.unitName(), from, to-1, (to-from)*r.perUnit())
	}
	return nil
}

// unitName names r's units: walls with rotation, else games.
func (r *Result) unitName() string {
	if r.Rotate {
		return "walls"
	}
	return "games"
}

// coverage checks that the parts, each a whole shard, cover their arena
// once: it returns "" or what is repeated and what is missing.
func coverage(parts []*Result, name, label func(int) string) string {
	var msgs []string
	n := parts[0].Shards
	for _, p := range parts {
		if p.Shards != n {
			n = -1
		}
	}
	if n > 0 {
		// One shard count: name the shards given twice and those missing.
		given := map[int][]int{} // shard → parts
		for i, p := range parts {
			given[p.Shard] = append(given[p.Shard], i)
		}
		var missing []string
		for s := 1; s <= n; s++ {
			switch is := given[s]; {
			case len(is) == 0:
				missing = append(missing, strconv.Itoa(s))
			case len(is) > 1:
				var ls []string
				for _, i := range is {
					ls = append(ls, name(i))
				}
				times := fmt.Sprintf("%d times", len(is))
				if len(is) == 2 {
					times = "twice"
				}
				msgs = append(msgs, fmt.Sprintf("shard %d/%d given %s: %s", s, n, times, strings.Join(ls, ", ")))
			}
		}
		if len(missing) > 0 {
			msgs = append(msgs, fmt.Sprintf("%s %s of %d missing", plural(len(missing), "shard", "shards"), strings.Join(missing, ", "), n))
		}
		return strings.Join(msgs, "; ")
	}
	// Mixed shard counts: walk the parts by first unit.
	order := make([]int, len(parts))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return parts[a].FirstUnit - parts[b].FirstUnit })
	r := parts[0]
	span := func(a, b int) string { // units a..b
		s := fmt.Sprintf("%s %d..%d", r.unitName(), a, b)
		if a == b {
			s = fmt.Sprintf("%s %d", strings.TrimSuffix(r.unitName(), "s"), a)
		}
		if r.Rotate {
			s += fmt.Sprintf(" (games %d..%d)", a*r.perUnit(), (b+1)*r.perUnit()-1)
		}
		return s
	}
	next, last := 0, -1 // units covered so far; the part that reaches next
	for _, i := range order {
		p := parts[i]
		switch {
		case p.FirstUnit < next:
			msgs = append(msgs, fmt.Sprintf("%s and %s overlap on %s", label(last), label(i), span(p.FirstUnit, min(next, p.FirstUnit+p.Units)-1)))
		case p.FirstUnit > next:
			msgs = append(msgs, fmt.Sprintf("%s missing", span(next, p.FirstUnit-1)))
		}
		if end := p.FirstUnit + p.Units; end > next {
			next, last = end, i
		}
	}
	if total := r.totalUnits(); next < total {
		msgs = append(msgs, fmt.Sprintf("%s missing", span(next, total-1)))
	}
	return strings.Join(msgs, "; ")
}

// plural returns one when n is 1, else many.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
