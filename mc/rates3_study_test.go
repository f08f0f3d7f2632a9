package mc_test

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/dataset"
	"github.com/mjrank/mjrank/internal/shareddata"
	"github.com/mjrank/mjrank/mc"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
	"github.com/mjrank/mjrank/train"
)

// rates3MaxTurn is the last discard count the 3-player rate tables keep
// apart, as the 4-player ones (mc/world.go).
const rates3MaxTurn = 18

// rates3 are the counts behind the rollout's rates, on 3-player games.
type rates3 struct {
	opp, called                [2][rates3MaxTurn + 1]int // [open][discards]
	facingNoten, facingBecame  [2][rates3MaxTurn + 1]int // [another seat in riichi][discards]
	keptTenpai, kept           [2]int
	closedTenpai, riichiAtOnce [2]int
	callNotenN, callBecameN    [rates3MaxTurn + 1]int
	northDrawn, northAside     int // Norths drawn outside riichi, set aside before the turn's discard
}

// TestRates3Study measures on the 3-player training games (the held-out
// tenth left out) what mc's rollout plays its abstract opponents by — the
// rates of mc/world.go and mc/rollout.go that were measured on 4-player
// games (TestCallRateTrial in experiments/train): P(call a discard) by
// discards made and open hand, noten → tenpai over a draw by whether
// another seat is in riichi, keeping tenpai without riichi, riichi at
// once, tenpai after a call, and the share of drawn Norths set aside at
// once. It logs the tables that mc/rates3.go holds. It runs with
// MJRANK_SANMA_RATES=1 (every 3-player game of the corpus, minutes).
func TestRates3Study(t *testing.T) {
	if os.Getenv("MJRANK_SANMA_RATES") != "1" {
		t.Skip("set MJRANK_SANMA_RATES=1 to measure the rollout's 3-player rates")
	}
	dir := shareddata.Dir(t, "tenhou")
	index, err := shareddata.ReadIndex(dir)
	if err != nil {
		t.Fatal(err)
	}
	var c rates3
	games := 0
	for _, e := range index {
		if e.GoType&0x10 == 0 { // a 4-player lobby
			continue
		}
		refs, err := dataset.ReadFile(filepath.Join(dir, filepath.FromSlash(e.Rel)))
		if err != nil || len(refs) != 1 || refs[0].Game.Players != 3 || dataset.HeldOut(refs[0].Key) || refs[0].Game.Owari == nil {
			continue
		}
		if err := c.countEvents(refs[0].Game); err != nil {
			t.Fatalf("%s: %v", refs[0].Key, err)
		}
		if err := c.countDiscards(refs[0].Game); err != nil {
			t.Fatalf("%s: %v", refs[0].Key, err)
		}
		games++
	}
	if games == 0 || c.northDrawn == 0 {
		t.Fatalf("%d 3-player training games, %d Norths drawn: nothing measured", games, c.northDrawn)
	}
	c.log(t, games)
}

// countEvents counts the calls and the Norths set aside from the events.
func (c *rates3) countEvents(g *data.Game) error {
	for ri := range g.Rounds {
		rd := &g.Rounds[ri]
		var turns [4]int
		var riichi, open [4]bool
		for ei, e := range rd.Events {
			switch e.Type {
			case data.EventRiichi:
				riichi[e.Seat] = true
			case data.EventCall:
				if e.Meld.Open() && e.Meld.Type != score.Kakan {
					open[e.Seat] = true
				}
			case data.EventDraw:
				if e.Tile.Kind() == tile.North && !riichi[e.Seat] {
					c.northDrawn++
					if asideNext(rd.Events[ei+1:], int(e.Seat), e.Tile) {
						c.northAside++
					}
				}
			case data.EventDiscard:
				next := nextCall(rd.Events, ei)
				for j := range 3 {
					if j == int(e.Seat) || riichi[j] {
						continue
					}
					o, n := b2i(open[j]), min(turns[j], rates3MaxTurn)
					c.opp[o][n]++
					if next != nil && int(next.Seat) == j {
						c.called[o][n]++
					}
				}
				turns[e.Seat]++
			}
		}
	}
	return nil
}

// asideNext reports whether seat sets the North t it drew aside before
// its turn's discard.
func asideNext(after []data.Event, seat int, t tile.Tile) bool {
	for _, e := range after {
		if int(e.Seat) != seat {
			return false
		}
		switch e.Type {
		case data.EventKita:
			return e.Tile == t
		case data.EventDiscard, data.EventAgari:
			return false
		}
	}
	return false
}

// nextCall is the call (pon or open kan) of the discard at ei, if any.
func nextCall(ev []data.Event, ei int) *data.Event {
	for _, e := range ev[ei+1:] {
		switch e.Type {
		case data.EventRiichi:
			continue
		case data.EventCall:
			if e.Meld.Type != score.Kakan && e.Meld.Type != score.Ankan {
				return &e
			}
		}
		return nil
	}
	return nil
}

// countDiscards counts the tenpai transitions from the full-information
// replay, as TestCallRateTrial does for four players.
func (c *rates3) countDiscards(g *data.Game) error {
	var last [4]int
	var was, wasRiichi [4]bool
	var melds [4]int
	round := -1
	return train.VisitGame(g, train.Visitor{Discard: func(s *train.DiscardSample) {
		if s.Round.Index()*100+s.Round.Honba() != round {
			round = s.Round.Index()*100 + s.Round.Honba()
			last, was, melds, wasRiichi = [4]int{}, [4]bool{}, [4]int{}, [4]bool{}
		}
		calls := 0
		for _, m := range s.Round.Melds(s.Seat) {
			if m.Open() {
				calls++
			}
		}
		n := len(s.Round.River(s.Seat))
		f := 0
		for j := range 3 {
			if j != s.Seat && s.Round.InRiichi(j) {
				f = 1
			}
		}
		step := n == last[s.Seat]+1 && n >= 2
		i := min(n-1, rates3MaxTurn)
		switch {
		case step && !was[s.Seat] && calls > melds[s.Seat]:
			c.callNotenN[i]++
			c.callBecameN[i] += b2i(s.Tenpai)
		case step && !was[s.Seat]:
			c.facingNoten[f][i]++
			c.facingBecame[f][i] += b2i(s.Tenpai)
		}
		inRiichi := s.Round.InRiichi(s.Seat)
		if step && calls == melds[s.Seat] && !wasRiichi[s.Seat] {
			switch {
			case was[s.Seat]:
				c.keptTenpai[f]++
				c.kept[f] += b2i(s.Tenpai)
			case s.Tenpai && calls == 0:
				c.closedTenpai[f]++
				c.riichiAtOnce[f] += b2i(inRiichi)
			}
		}
		wasRiichi[s.Seat] = inRiichi
		last[s.Seat], was[s.Seat], melds[s.Seat] = n, s.Tenpai, calls
	}})
}

// log writes the tables in mc/rates3.go's form.
func (c *rates3) log(t *testing.T, games int) {
	row := func(num, den []int) string {
		var b strings.Builder
		for i := range num {
			fmt.Fprintf(&b, "%.4f, ", float64(num[i])/float64(max(1, den[i])))
		}
		return b.String()
	}
	t.Logf("%d 3-player training games", games)
	for o, name := range []string{"closed", "open"} {
		t.Logf("callRate3[%s] (n = 0..%d):\n%s\nsamples %v", name, rates3MaxTurn, row(c.called[o][:], c.opp[o][:]), c.opp[o])
	}
	for f, name := range []string{"no other seat", "another seat"} {
		t.Logf("noTenToTenpaiDraw3[%s in riichi] (n = 0..%d):\n%s\nsamples %v", name, rates3MaxTurn,
			row(c.facingBecame[f][:], c.facingNoten[f][:]), c.facingNoten[f])
		t.Logf("keepTenpai3[%s in riichi]: %d of %d (%.4f)", name, c.kept[f], c.keptTenpai[f], float64(c.kept[f])/float64(max(1, c.keptTenpai[f])))
		t.Logf("oppRiichiRate3[%s in riichi]: %d of %d (%.4f)", name, c.riichiAtOnce[f], c.closedTenpai[f],
			float64(c.riichiAtOnce[f])/float64(max(1, c.closedTenpai[f])))
	}
	t.Logf("tenpaiAfterCallRate3 (n = 0..%d):\n%s\nsamples %v", rates3MaxTurn, row(c.callBecameN[:], c.callNotenN[:]), c.callNotenN)
	t.Logf("kitaRate3: %d of %d Norths drawn outside riichi set aside before the discard (%.4f)",
		c.northAside, c.northDrawn, float64(c.northAside)/float64(c.northDrawn))
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestRates3Agreement measures what the 3-player rates and the opponents'
// kitas change in play: on turn and call decisions of the first N
// held-out 3-player games (MJRANK_SANMA_AGREE=N; every third decision
// with two legal moves or more), how often mc at 1,000 simulations picks
// the recorded player's move with the 4-player rates and no opponent
// kita (Lab.FourPlayerRates) and with the 3-player ones, on the same
// seeds: the two agreements and their paired difference, with 95 %
// intervals. For the fidelity of the rollout's round ends it also sets
// the played move's predicted P(win), P(deal-in), P(exhaustive draw),
// P(another seat's tsumo) and P(another seat's ron) beside how the
// round really ended (rounds that ended in an abortive draw left out).
func TestRates3Agreement(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("MJRANK_SANMA_AGREE"))
	if n <= 0 {
		t.Skip("set MJRANK_SANMA_AGREE=N to compare the rates on N held-out 3-player games")
	}
	e, err := mc.Default()
	if err != nil {
		t.Fatal(err)
	}
	dir := shareddata.Dir(t, "tenhou")
	index, err := shareddata.ReadIndex(dir)
	if err != nil {
		t.Fatal(err)
	}
	var agree [2]int
	var diffs []float64
	var ends [2]roundEnds
	games, step := 0, 0
	for _, ie := range index {
		if games == n {
			break
		}
		if ie.GoType&0x10 == 0 {
			continue
		}
		refs, err := dataset.ReadFile(filepath.Join(dir, filepath.FromSlash(ie.Rel)))
		if err != nil || len(refs) != 1 || refs[0].Game.Players != 3 || !dataset.HeldOut(refs[0].Key) || refs[0].Game.Owari == nil {
			continue
		}
		games++
		g := refs[0].Game
		rules := g.EngineRules()
		var rep data.ReplayReport
		for st, d := range data.ReplayDecisions(g, &rep) {
			legal := st.Engine.Legal(d.Seat, nil)
			if len(legal) < 2 {
				continue
			}
			if step++; step%3 != 0 {
				continue
			}
			v := game.ViewOf(st.Engine, d.Seat)
			var got [2]bool
			for i, four := range []bool{true, false} {
				o := mc.Options{Sims: 1000, Workers: 2, Seed: 54, Rules: &rules, Decision: uint64(step)}
				an, err := e.AnalyzeLab(context.Background(), v, legal, o, mc.Lab{FourPlayerRates: four})
				if err != nil {
					t.Fatalf("%s: %v", refs[0].Key, err)
				}
				got[i] = sameMove(an.Best().Action, d.Played)
				agree[i] += b2i(got[i])
				ends[i].add(an, d, st.Round)
			}
			diffs = append(diffs, float64(b2i(got[1])-b2i(got[0])))
		}
		if rep.Err != nil {
			t.Fatalf("%s: %v", refs[0].Key, rep.Err)
		}
	}
	m := len(diffs)
	if m == 0 {
		t.Fatalf("no decision in %d held-out 3-player games", games)
	}
	for i, name := range []string{"4-player rates, no opponent kita", "3-player rates and kitas"} {
		p := float64(agree[i]) / float64(m)
		t.Logf("%s: %d of %d decisions agreed (%.4f ± %.4f)", name, agree[i], m, p, 1.96*math.Sqrt(p*(1-p)/float64(m)))
	}
	mean, sd := meanSD(diffs)
	changed := 0
	for _, d := range diffs {
		changed += b2i(d != 0)
	}
	t.Logf("%d games: paired difference (3-player − 4-player rates) %+.4f ± %.4f (95 %%), %d decisions, %d of them agreeing one way only",
		games, mean, 1.96*sd/math.Sqrt(float64(m)), m, changed)
	for i, name := range []string{"4-player rates", "3-player rates"} {
		ends[i].log(t, name)
	}
}

// roundEnds sets the played move's predicted round ends beside the
// real ones: win, deal-in, exhaustive draw, another's tsumo, another's
// ron.
type roundEnds struct {
	n         int
	pred, got [5]float64
}

var roundEndNames = [5]string{"win", "deal-in", "draw", "other tsumo", "other ron"}

func (e *roundEnds) add(an *mc.Analysis, d data.Decision, rd *data.Round) {
	end := realEnd(rd, d.Seat)
	if end < 0 {
		return
	}
	for _, c := range an.Candidates {
		if c.Sims == 0 || !sameMove(c.Action, d.Played) {
			continue
		}
		e.n++
		e.got[end]++
		for k, p := range []float64{c.PWin, c.PDealIn, c.PDraw, c.POtherTsumo, c.POtherRon} {
			e.pred[k] += p
		}
		return
	}
}

// realEnd is how round rd ended for seat: its index in roundEndNames,
// or −1 for an abortive draw.
func realEnd(rd *data.Round, seat int) int {
	if len(rd.Agari) == 0 {
		if rd.Ryuukyoku != nil && rd.Ryuukyoku.Type == data.Exhaustive {
			return 2
		}
		return -1
	}
	for _, a := range rd.Agari {
		if a.Who == seat {
			return 0
		}
	}
	switch a := rd.Agari[0]; {
	case a.From == seat:
		return 1
	case a.From == a.Who:
		return 3
	}
	return 4
}

func (e *roundEnds) log(t *testing.T, name string) {
	var b strings.Builder
	for k, what := range roundEndNames {
		p, q := e.pred[k]/float64(e.n), e.got[k]/float64(e.n)
		fmt.Fprintf(&b, "%s: predicted %.4f, real %.4f ± %.4f; ", what, p, q, 1.96*math.Sqrt(q*(1-q)/float64(e.n)))
	}
	t.Logf("%s, %d played moves: %s", name, e.n, b.String())
}

// sameMove reports whether the engine's move a is the recorded p: a
// discard of the same kind (riichi or not alike), the kita, or the same
// call or pass.
func sameMove(a, p game.Action) bool {
	switch p.Type {
	case game.Discard, game.Riichi:
		return a.Type == p.Type && a.Tile.Kind() == p.Tile.Kind()
	case game.Pass, game.Kita:
		return a.Type == p.Type
	}
	return a.Type == p.Type && a.Meld.Kind() == p.Meld.Kind()
}

func meanSD(x []float64) (mean, sd float64) {
	for _, v := range x {
		mean += v
	}
	mean /= float64(len(x))
	for _, v := range x {
		sd += (v - mean) * (v - mean)
	}
	return mean, math.Sqrt(sd / float64(max(1, len(x)-1)))
}
