package policy

import (
	"math"
	"reflect"
	"testing"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/internal/realgames"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// recorded is a decision of a real game: the round before it, the seat,
// the move, and (for a chi or pon) the round just after the call.
type recorded struct {
	before, after game.Round
	seat          int
	played        game.Action
}

// recordedDecisions collects the decisions of the first real games until
// it has n turn decisions and n chi or pon calls.
func recordedDecisions(t *testing.T, n int) (turns, calls []recorded) {
	t.Helper()
	for _, g := range realgames.Games(t) {
		var rep data.ReplayReport
		var pending *recorded // a call waiting for the position after it
		var decs []data.Decision
		for st := range data.ReplaySteps(g, &rep) {
			if pending != nil {
				pending.after = *st.Engine // the step after the call's event
				calls = append(calls, *pending)
				pending = nil
			}
			decs = st.Decisions(decs[:0])
			for _, d := range decs {
				typ := d.Played.Type
				switch {
				case d.Turn && len(turns) < n:
					turns = append(turns, recorded{before: *st.Engine, seat: d.Seat, played: d.Played})
				case (typ == game.Chi || typ == game.Pon) && len(calls) < n:
					pending = &recorded{before: *st.Engine, seat: d.Seat, played: d.Played}
				}
			}
		}
		if rep.Err != nil {
			t.Fatal(rep.Err)
		}
		if len(turns) >= n && len(calls) >= n {
			break
		}
	}
	return turns, calls
}

func defaultPlayer(t *testing.T) *Player { return playerOf(t, 4, 4) }

// playerOf returns a player on the embedded opponent models of opp
// players and the discard and decision models of pol players (3 or 4):
// the 4-player models read 3-player views too.
func playerOf(t *testing.T, opp, pol int) *Player {
	t.Helper()
	o, err := opponent.DefaultFor(opp)
	if err != nil {
		t.Fatal(err)
	}
	m, err := DefaultFor(pol)
	if err != nil {
		t.Fatal(err)
	}
	dec, err := DefaultDecisionsFor(pol)
	if err != nil {
		t.Fatal(err)
	}
	return NewPlayer(o, m, dec)
}

// TestPriorIsADistribution: at a turn, the beliefs of the distinct moves
// (a kind discarded, riichi with it, each kan, kyuushu) sum to one, and the
// move the player plays has the largest belief of its type.
func TestPriorIsADistribution(t *testing.T) {
	pl := defaultPlayer(t)
	turns, _ := recordedDecisions(t, 300)
	for i, d := range turns {
		v := game.ViewOf(&d.before, d.seat)
		legal := d.before.Legal(d.seat, nil)
		var pr Prior
		pl.Prior(v, legal, &pr)
		type move struct {
			typ game.ActionType
			k   tile.Kind
		}
		seen := map[move]bool{}
		sum := 0.0
		for _, a := range legal {
			mv := move{a.Type, a.Tile.Kind()}
			if a.Type == game.Tsumo || seen[mv] {
				continue
			}
			seen[mv] = true
			sum += pr.Of(a, tile.NoTile)
		}
		if math.Abs(sum-1) > 1e-9 {
			t.Errorf("turn %d: beliefs sum to %v", i, sum)
		}
		a, ok := pl.Act(v, legal)
		if !ok || a.Type != game.Discard && a.Type != game.Riichi {
			continue
		}
		for _, b := range legal {
			if b.Type == a.Type && pr.Of(b, tile.NoTile) > pr.Of(a, tile.NoTile)+1e-12 {
				t.Errorf("turn %d: plays %v (%.3f) but believes %v more (%.3f)", i, a, pr.Of(a, tile.NoTile), b, pr.Of(b, tile.NoTile))
			}
		}
	}
}

// TestFollowUpInputs: the position a call's follow-up discard is judged
// in (the position before the call, the meld's tiles taken out of the
// hand, kuikae barred) is the one the record shows after the call, but for
// the opponents' predictions (the called tile leaves the river they read).
// A riichi declared with the called tile has its stick down.
func TestFollowUpInputs(t *testing.T) {
	pl := defaultPlayer(t)
	_, calls := recordedDecisions(t, 100)
	if len(calls) < 100 {
		t.Fatalf("%d calls", len(calls))
	}
	for i, d := range calls {
		base := pl.callBase(game.ViewOf(&d.before, d.seat))
		pl.followPrior(&base, d.played.Meld, new([tile.NumKinds]float64))
		got := pl.pos.in
		var want Position
		want.Reset(game.ViewOf(&d.after, d.seat), pl.opp)
		w := want.in
		for j := range w.Opp {
			got.Opp[j].Tenpai, got.Opp[j].Waits, got.Opp[j].Value = 0, nil, 0
			w.Opp[j].Tenpai, w.Opp[j].Waits, w.Opp[j].Value = 0, nil, 0
		}
		if !reflect.DeepEqual(got, w) {
			t.Errorf("call %d (%v):\n  prior %+v\n record %+v", i, d.played, got, w)
		}
	}
}
