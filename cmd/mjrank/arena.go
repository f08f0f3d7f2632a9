package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/mjrank/mjrank/arena"
	"github.com/mjrank/mjrank/bot"
	"github.com/mjrank/mjrank/internal/progress"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/mc"
)

var cmdArena = &Command{
	Name:      "arena",
	UsageLine: "[--seats A,B,C,D] [--games N] [--seed S] [--rotate] [--length hanchan|tonpuusen] [--sims N] [--mc-ablation PARTS] [--records DIR] [--shard i/n] [--workers N] [--json] | merge [--json] FILE...",
	Short:     "play bots (the mc engine and the baselines) against each other and report their statistics",
	Long: `
Arena plays N games between four bots (` + strings.Join(bot.Names(), ", ") + `)
with walls from a seed and reports, per entry of --seats: games, average rank
with its 95 % confidence interval, the rank distribution, average final
points (uma included) with its interval, win, deal-in, riichi and call rates
(per round), the average value of a win and of a deal-in, and Tenhou's
stable dan ((5·n1 + 2·n2)/n4 − 2).

The mc bot is the Monte Carlo engine (see mjrank analyze) with --sims
simulations per decision; it is deterministic under that budget.
--mc-ablation plays it without a part, to measure what the part is worth.

--rotate plays every wall four times with the seating rotated, so that every
entry meets the same tiles in every seat (duplicate play); --games must then
be a multiple of 4, and the confidence intervals are computed over the
duplicate sets. Games run in parallel; the result is the same for any number
of workers.

--records DIR writes every game as tenhou.net/6 JSON (one file per game,
named SEED-UNIT-ROTATION.json). --shard i/n plays the i-th of n slices of
the walls; "mjrank arena merge FILE..." joins the --json results of all
shards into the report of the whole arena, exactly as one run would give.
`,
	Setup: func(fs *flag.FlagSet) func(*Env, []string) error {
		seats := fs.String("seats", "efficiency,efficiency,efficiency,efficiency", "the four bots, comma-separated")
		games := fs.Int("games", 100, "games to play (all shards together)")
		seed := fs.Uint64("seed", 1, "seed of the walls and the bots")
		rotate := fs.Bool("rotate", false, "play every wall four times with the seats rotated")
		length := fs.String("length", "hanchan", "hanchan or tonpuusen")
		records := fs.String("records", "", "write every game as tenhou.net/6 JSON into this folder")
		shard := fs.String("shard", "", "play shard i of n (i/n, 1-based)")
		workers := fs.Int("workers", 0, "games played at once (default: one per CPU)")
		asJSON := fs.Bool("json", false, "print the result as JSON (the input of arena merge)")
		sims := fs.Int("sims", bot.DefaultMCSims, "the mc bot's simulations per decision")
		ablate := fs.String("mc-ablation", "", "play the mc bot without a part of it (comma-separated): no-halving, riichi-only (opponents tenpai only in riichi), raw-score (maximise the round's points, not the final rank)")
		return func(env *Env, args []string) error {
			if len(args) > 0 && args[0] == "merge" {
				return arenaMerge(env, args[1:], *asJSON)
			}
			if len(args) > 0 {
				return usageErrorf("unexpected argument %q", args[0])
			}
			cfg := arena.Config{Games: *games, Seed: *seed, Rotate: *rotate, Records: *records, Workers: *workers}
			if *sims < 1 {
				return usageErrorf("--sims must be at least 1")
			}
			cfg.Bots.MCSims = *sims
			for _, a := range strings.Split(*ablate, ",") {
				switch strings.TrimSpace(a) {
				case "":
				case "no-halving":
					cfg.Bots.MC.NoHalving = true
				case "riichi-only":
					cfg.Bots.MC.Opponents = mc.RiichiOnly
				case "raw-score":
					cfg.Bots.MC.RawScore = true
				default:
					return usageErrorf("--mc-ablation: unknown part %q (known: no-halving, riichi-only, raw-score)", a)
				}
			}
			names := strings.Split(*seats, ",")
			if len(names) != game.NumSeats {
				return usageErrorf("--seats needs four bots, got %d", len(names))
			}
			for i, n := range names {
				n = strings.TrimSpace(n)
				if !bot.Valid(n) {
					return usageErrorf("unknown bot %q (known: %s)", n, strings.Join(bot.Names(), ", "))
				}
				cfg.Seats[i] = n
			}
			switch *length {
			case "hanchan":
				cfg.Length = game.Hanchan
			case "tonpuusen":
				cfg.Length = game.Tonpuusen
			default:
				return usageErrorf("--length must be hanchan or tonpuusen")
			}
			if *shard != "" {
				i, n, ok := strings.Cut(*shard, "/")
				si, err1 := strconv.Atoi(i)
				sn, err2 := strconv.Atoi(n)
				if !ok || err1 != nil || err2 != nil || sn < 1 || si < 1 || si > sn {
					return usageErrorf("--shard must be i/n with 1 <= i <= n")
				}
				cfg.Shard, cfg.Shards = si, sn
			}
			if err := cfg.Check(); err != nil {
				return usageErrorf("%s", strings.TrimPrefix(err.Error(), arena.ErrConfig.Error()+": "))
			}
			cfg.Progress = progress.Callback(env.Stderr, "arena")
			res, err := arena.Run(context.Background(), cfg)
			if err != nil {
				return err
			}
			if *asJSON {
				return writeJSON(env.Stdout, res)
			}
			return printArena(env.Stdout, res)
		}
	},
}

func arenaMerge(env *Env, files []string, asJSON bool) error {
	if len(files) == 0 {
		return usageErrorf("arena merge needs the shards' JSON files")
	}
	var parts []*arena.Result
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		var r arena.Result
		if err := json.Unmarshal(b, &r); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		parts = append(parts, &r)
	}
	res, err := arena.Merge(parts)
	if err != nil {
		return err
	}
	if asJSON {
		return writeJSON(env.Stdout, res)
	}
	return printArena(env.Stdout, res)
}

func printArena(w io.Writer, r *arena.Result) error {
	fmt.Fprintf(w, "arena  %s\n", strings.Join(r.Seats[:], ","))
	shape := fmt.Sprintf("%d %s games, seed %d", r.Played, r.Length, r.Seed)
	if r.Rotate {
		shape += fmt.Sprintf(", rotated (%d walls × 4 seatings)", r.Units)
	}
	if r.Shard > 0 {
		shape += fmt.Sprintf(", shard %d/%d of %d games", r.Shard, r.Shards, r.Games)
	}
	if r.MCSims > 0 {
		shape += fmt.Sprintf(", mc %d sims/decision", r.MCSims)
		if r.MCVariant != "" {
			shape += " (ablation: " + r.MCVariant + ")"
		}
	}
	fmt.Fprintf(w, "games  %s\nhash   %s\n\n", shape, r.Hash)
	t := newTable(w, "bot", "games", "avg rank (95% CI)", "1st", "2nd", "3rd", "4th", "avg points (95% CI)", "win%", "deal-in%", "riichi%", "call%", "avg win", "avg deal-in", "stable dan")
	for _, s := range r.Summary {
		dan := "-"
		if s.StableDan != nil {
			dan = fmt.Sprintf("%.2f", *s.StableDan)
		}
		row := []string{
			s.Bot, strconv.Itoa(s.Games),
			fmt.Sprintf("%.3f ± %.3f", s.AvgRank.Mean, (s.AvgRank.High-s.AvgRank.Low)/2),
			fmt.Sprintf("%.1f%%", s.RankPct[0]), fmt.Sprintf("%.1f%%", s.RankPct[1]), fmt.Sprintf("%.1f%%", s.RankPct[2]), fmt.Sprintf("%.1f%%", s.RankPct[3]),
			fmt.Sprintf("%+.1f ± %.1f", s.AvgPoints.Mean, (s.AvgPoints.High-s.AvgPoints.Low)/2),
			fmt.Sprintf("%.1f", s.WinPct), fmt.Sprintf("%.1f", s.DealInPct), fmt.Sprintf("%.1f", s.RiichiPct), fmt.Sprintf("%.1f", s.CallPct),
			fmt.Sprintf("%.0f", s.AvgWin), fmt.Sprintf("%.0f", s.AvgDealIn), dan,
		}
		if err := t.Append(row); err != nil {
			return err
		}
	}
	return t.Render()
}
