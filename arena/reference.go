package arena

import (
	"context"
	"fmt"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/dataset"
	"github.com/mjrank/mjrank/data/records"
	"github.com/mjrank/mjrank/sim/game"
)

// ReferenceLabel names the Houou players' entry in a report.
const ReferenceLabel = "houou (records)"

// RecordCounters adds the four seats of the game record g to c, as if one
// entry had played every seat: each round's wins, deal-ins, riichi and
// calls per seat, as the engine replays them, and each seat's final rank,
// points (uma included) and score. It is the Houou players' side of the
// arena's statistics. A record the engine does not replay exactly is an
// error.
func RecordCounters(g *data.Game, c *Counters) error {
	if err := dataset.Usable(g); err != nil {
		return err
	}
	var rep data.ReplayReport
	for st := range data.ReplaySteps(g, &rep) {
		if st.Ended() {
			for s := range game.NumSeats {
				roundStats(st.Engine, s, c)
			}
		}
	}
	if rep.Err != nil {
		return rep.Err
	}
	if len(rep.Mismatches) > 0 {
		return fmt.Errorf("arena: the engine disagrees with the record: %v", rep.Mismatches[0])
	}
	rank := game.Rank(g.Owari.Scores)
	for s := range game.NumSeats {
		c.Games++
		c.Ranks[rank[s]-1]++
		c.RankSum += int64(rank[s])
		c.PointsTenths += int64(g.Owari.RankPt[s] * 10)
		c.ScoreSum += int64(g.Owari.Scores[s])
	}
	return nil
}

// Reference replays the usable games of the record files under paths
// (only the held-out tenth when heldOut) and returns the Houou players'
// statistics as one entry (ReferenceLabel), beside which the arena's
// bots are read: win, deal-in, riichi and call rates per round, the
// values of wins and deal-ins. Each game counts once, whatever files hold
// it twice.
func Reference(ctx context.Context, paths []string, heldOut bool, workers int) (Summary, Counters, error) {
	var c Counters
	files, _, err := dataset.Files(paths)
	if err != nil {
		return Summary{}, c, err
	}
	type counted struct {
		key string
		c   Counters
		err error
	}
	seen := map[string]bool{}
	var ferr error
	err = records.ForEachFile(ctx, files, workers, func(f string) []counted {
		var out []counted
		dataset.EachFile(f, func(gr *dataset.GameRef) bool {
			if (heldOut && !gr.HeldOut) || dataset.Usable(gr.Game) != nil {
				return true
			}
			x := counted{key: gr.Key}
			if x.err = RecordCounters(gr.Game, &x.c); x.err != nil {
				x.err = fmt.Errorf("%s: %w", f, x.err)
			}
			out = append(out, x)
			return true
		})
		return out
	}, func(_ string, games []counted) {
		for i := range games {
			if seen[games[i].key] {
				continue
			}
			seen[games[i].key] = true
			c.add(&games[i].c)
			if games[i].err != nil && ferr == nil {
				ferr = games[i].err
			}
		}
	})
	if err == nil {
		err = ferr
	}
	c.Units = c.Games
	return summarize(ReferenceLabel, &c, 1), c, err
}
