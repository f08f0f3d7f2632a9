package bench

import (
	"context"
	"fmt"
	"hash"

	"github.com/mjrank/mjrank/mc"
	"github.com/mjrank/mjrank/opponent"
	"github.com/mjrank/mjrank/rankmodel"
	"github.com/mjrank/mjrank/sim/game"
)

// The engine's part of the suite: EnginePositions fixed positions, each
// analysed with EngineSims simulations for the signature, and with the
// default budget (mc.DefaultSims) for the timings: a decision as analyze
// makes it, whose fixed costs (the root, the halving stages' barriers)
// weigh as they do in use.
const (
	EnginePositions = 24
	EngineSims      = 4000
)

// position is a decision of fixed-seed self-play: the round just before
// the seat acted (full information; the engine sees only the seat's view).
type position struct {
	Round game.Round
	Rules game.Rules
	Seat  int
}

func (p *position) analyze(ctx context.Context, eng *mc.Engine, o mc.Options) (*mc.Analysis, error) {
	r := p.Round
	o.Rules = &p.Rules
	o.Decision = uint64(r.Index())<<32 | uint64(len(r.River(p.Seat)))<<8 | uint64(p.Seat)
	return eng.Analyze(ctx, game.ViewOf(&r, p.Seat), r.Legal(p.Seat, nil), o)
}

// positions returns n turn decisions of fixed-seed games of four efficiency
// bots: in each round, the decisions after 4, 8 and 12 discards of the seat
// to move.
func positions(ctx context.Context, n int) ([]position, error) {
	rules := game.Tenhou(game.Hanchan)
	var out []position
	if n <= 0 {
		return out, nil
	}
	hooks := game.Hooks{Decision: func(r *game.Round, seat int, legal []game.Action) error {
		d := len(r.River(seat))
		if r.Phase() != game.PhaseTurn || len(legal) < 2 || d == 0 || d%4 != 0 {
			return nil
		}
		if k := len(out); k > 0 && out[k-1].Round.Index() == r.Index() && len(out[k-1].Round.River(seat)) == d {
			return nil // the same turn again, after a kan
		}
		out = append(out, position{Round: *r, Rules: rules, Seat: seat})
		if len(out) == n {
			return errEnough
		}
		return nil
	}}
	if err := selfPlay(ctx, [4]string{"efficiency", "efficiency", "efficiency", "efficiency"}, rules, &hooks); err != nil {
		return nil, err
	}
	return out, nil
}

// engineSignature writes into sig what the predictors and the engine say
// of the positions: every opponent's tenpai probability and hand value,
// the seat's rank distribution, and the engine's chosen move with its
// expected rank (one worker, a fixed budget and seed).
func engineSignature(ctx context.Context, eng *mc.Engine, pos []position, sig hash.Hash64) error {
	opp, err := opponent.Default()
	if err != nil {
		return err
	}
	rk, err := rankmodel.Default()
	if err != nil {
		return err
	}
	var pub opponent.Public
	for i := range pos {
		p := &pos[i]
		v := game.ViewOf(&p.Round, p.Seat)
		for s := range game.NumSeats {
			if s != p.Seat {
				pub.Reset(v, s)
				fmt.Fprintf(sig, " %.6f %.0f", opp.Tenpai(&pub), opp.Value(&pub))
			}
		}
		sit := rankmodel.SituationOf(&p.Round, true)
		fmt.Fprintf(sig, " %.6f", rk.Distribution(&sit, p.Seat))
		an, err := p.analyze(ctx, eng, mc.Options{Sims: EngineSims, Workers: 1, Seed: 1})
		if err != nil {
			return err
		}
		b := an.Best()
		fmt.Fprintf(sig, " %s %.6f %d", b, b.ExpectedRank, an.Sims)
	}
	return nil
}
