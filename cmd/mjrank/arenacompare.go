package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/mjrank/mjrank/arena"
)

// compare runs arena compare: one bot's final ranks in two arenas' records
// (--records of two runs on the same seed), paired on the walls. Only
// --bot and --json apply (set holds the flags given).
func (o *arenaOptions) compare(env *Env, set map[string]bool, dirs []string) error {
	for _, f := range arenaRunFlags {
		if set[f] {
			return usageErrorf("--%s: arena compare takes only --bot and --json (the records hold the arenas)", f)
		}
	}
	if len(dirs) != 2 {
		return usageErrorf("compare needs two folders of records (arena --records), A and B; got %d", len(dirs))
	}
	botA, botB, two := strings.Cut(o.bot, ",")
	if !two {
		botB = botA
	}
	if botA == "" || botB == "" || strings.Contains(botB, ",") {
		return usageErrorf("--bot %q: NAME, or NAME_A,NAME_B", quoteShort(o.bot))
	}
	c, err := arena.Compare(dirs[0], botA, dirs[1], botB)
	if err != nil {
		return err
	}
	if o.asJSON {
		return writeJSON(env.Stdout, c)
	}
	return printComparison(env.Stdout, c, dirs[0], dirs[1])
}

// printComparison prints c, the comparison of the records in dirA and dirB.
func printComparison(w io.Writer, c *arena.Comparison, dirA, dirB string) error {
	pm := func(iv arena.Interval) string {
		if c.Units < 2 {
			return fmt.Sprintf("%+.3f ± n/a", iv.Mean)
		}
		return fmt.Sprintf("%+.3f ± %.3f", iv.Mean, iv.High-iv.Mean)
	}
	fmt.Fprintf(w, "compare  %s in A (%s) against %s in B (%s)\n", c.BotA, dirA, c.BotB, dirB)
	kind := ""
	if c.Players == 3 {
		kind = " 3-player games"
	}
	fmt.Fprintf(w, "games    %d%s in both on %d %s; %d ended alike", c.Games, kind, c.Units, pluralNoun(c.Units, "unit", "units"), c.Alike)
	if c.OnlyA > 0 || c.OnlyB > 0 {
		fmt.Fprintf(w, "; left out: %d only in A, %d only in B", c.OnlyA, c.OnlyB)
	}
	fmt.Fprintf(w, "\n\n")
	_, err := fmt.Fprintf(w, "avg rank (95%% CI)\nA        %s\nB        %s\nB − A    %s  (paired on the units)\n"+
		"parting  %s  (B − A of the expected final rank after the round where the games part, by the rank model)\n",
		strings.TrimPrefix(pm(c.A), "+"), strings.TrimPrefix(pm(c.B), "+"), pm(c.Diff), pm(c.Parted))
	if err != nil || len(c.ByMove) == 0 {
		return err
	}
	fmt.Fprintf(w, "\nwhere the games part (%s's first different move in that round; the parts add up to the parting figure)\n", c.BotB)
	fmt.Fprintf(w, "move      games  parting\n")
	for _, m := range c.ByMove {
		fmt.Fprintf(w, "%-8s  %5d  %s\n", m.Move, m.Games, pm(m.Parted))
	}
	return nil
}
