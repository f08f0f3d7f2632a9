package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/mjrank/mjrank/sim/hand"
	"github.com/mjrank/mjrank/sim/tile"
)

var cmdHand = &Command{
	Name:      "hand",
	UsageLine: "NOTATION [--visible NOTATION] [--json]",
	Short:     "tile efficiency of a hand: shanten, ukeire per discard, waits",
	Long: `
Hand shows the tile efficiency of a concealed hand given in tenhou notation
(e.g. 2346m406p789s1122z; 0 is a red five). Called melds are left out: a
hand with one call has 11 or 10 concealed tiles.

For a hand of 14 tiles (3n+2) it prints the shanten and, for each distinct
discard, best first, the shanten after it, the tiles that would then lower
the shanten (ukeire) and how many of them are unseen. For a hand of 13 tiles
(3n+1) it prints the ukeire of the hand itself, or its waits when tenpai.
A wait whose four copies are all in the hand is flagged: it can never come.

Unseen counts subtract the hand itself and the tiles given with --visible
(discards, melds and dora indicators seen elsewhere).
`,
	Setup: func(fs *flag.FlagSet) func(*Env, []string) error {
		visible := fs.String("visible", "", "tiles seen outside the hand, in tenhou `notation`")
		asJSON := fs.Bool("json", false, "print JSON instead of a table")
		return func(env *Env, args []string) error {
			if len(args) != 1 {
				return usageErrorf("want one hand, got %s", plural(len(args), "argument"))
			}
			rep, err := analyseHand(args[0], *visible)
			if err != nil {
				return err
			}
			if *asJSON {
				return writeJSON(env.Stdout, rep)
			}
			return rep.print(env.Stdout)
		}
	},
}

// handReport is the hand command's result; its fields are the JSON keys.
type handReport struct {
	Hand     string          `json:"hand"`
	Tiles    int             `json:"tiles"`
	Shanten  int             `json:"shanten"`
	Forms    handForms       `json:"forms"`
	Discards []discardReport `json:"discards,omitempty"`
	Ukeire   *ukeireReport   `json:"ukeire,omitempty"`
	Waits    []waitReport    `json:"waits,omitempty"`
}

type handForms struct {
	Normal     int  `json:"normal"`
	Chiitoitsu *int `json:"chiitoitsu"` // null where the form does not apply
	Kokushi    *int `json:"kokushi"`
}

type tileCount struct {
	Tile   tile.Kind `json:"tile"`
	Unseen int       `json:"unseen"`
}

type discardReport struct {
	Discard tile.Kind   `json:"discard"`
	Shanten int         `json:"shanten"`
	Tiles   []tileCount `json:"tiles"`
	Count   int         `json:"count"`
}

type ukeireReport struct {
	Tiles []tileCount `json:"tiles"`
	Count int         `json:"count"`
}

type waitReport struct {
	Tile   tile.Kind `json:"tile"`
	Unseen int       `json:"unseen"`
	OwnAll bool      `json:"own_all,omitempty"` // all four copies are in the hand
}

func formPtr(s int8) *int {
	if s == hand.NoShanten {
		return nil
	}
	v := int(s)
	return &v
}

func analyseHand(notation, visibleNotation string) (*handReport, error) {
	c, _, err := tile.ParseCounts(notation)
	if err != nil {
		return nil, fmt.Errorf("hand: %w", err)
	}
	n := c.Total()
	if err := checkHandSize(n); err != nil {
		return nil, fmt.Errorf("hand %s: %w", notation, err)
	}
	var vis tile.Counts
	if visibleNotation != "" {
		if vis, _, err = tile.ParseCounts(visibleNotation); err != nil {
			return nil, usageErrorf("--visible: %v", err)
		}
		for k := range vis {
			if int(vis[k])+int(c[k]) > 4 {
				return nil, usageErrorf("--visible: %v: %d in the hand and %d visible make more than 4", tile.Kind(k), c[k], vis[k])
			}
		}
	}
	f := hand.ShantenForms(&c)
	shown := tile.FormatCounts(c)
	if ts, err := tile.Parse(notation); err == nil {
		shown = tile.Format(ts) // keeps red fives
	}
	rep := &handReport{
		Hand:    shown,
		Tiles:   n,
		Shanten: f.Min(),
		Forms:   handForms{Normal: int(f.Normal), Chiitoitsu: formPtr(f.Chiitoitsu), Kokushi: formPtr(f.Kokushi)},
	}
	unseen := func(k tile.Kind) int { return max(0, 4-int(c[k])-int(vis[k])) }
	counts := func(ks tile.KindSet) []tileCount {
		out := []tileCount{}
		for k := range ks.Kinds {
			out = append(out, tileCount{k, unseen(k)})
		}
		return out
	}
	if n%3 == 2 {
		var buf [14]hand.Discard
		for _, d := range hand.Discards(&c, &vis, buf[:0]) {
			rep.Discards = append(rep.Discards, discardReport{d.Kind, int(d.Shanten), counts(d.Tiles), d.Count})
		}
		return rep, nil
	}
	if rep.Shanten == 0 {
		waits, own := hand.WaitInfo(&c)
		for k := range waits.Kinds {
			rep.Waits = append(rep.Waits, waitReport{k, unseen(k), own.Has(k)})
		}
		return rep, nil
	}
	_, ks, count := hand.Ukeire(&c, &vis)
	rep.Ukeire = &ukeireReport{counts(ks), count}
	return rep, nil
}

func shantenWord(s int) string {
	switch s {
	case -1:
		return "-1 (complete)"
	case 0:
		return "0 (tenpai)"
	}
	return fmt.Sprint(s)
}

func formatTiles(ts []tileCount) string {
	var ks tile.KindSet
	for _, t := range ts {
		ks = ks.Add(t.Tile)
	}
	return ks.String()
}

func (rep *handReport) print(w io.Writer) error {
	opt := func(p *int) string {
		if p == nil {
			return "-"
		}
		return fmt.Sprint(*p)
	}
	fmt.Fprintf(w, "hand     %s (%s)\n", rep.Hand, plural(rep.Tiles, "tile"))
	fmt.Fprintf(w, "shanten  %s: normal %d, chiitoitsu %s, kokushi %s\n\n", shantenWord(rep.Shanten), rep.Forms.Normal, opt(rep.Forms.Chiitoitsu), opt(rep.Forms.Kokushi))
	switch {
	case rep.Discards != nil:
		t := newTable(w, "discard", "shanten", "ukeire", "unseen")
		for _, d := range rep.Discards {
			if err := t.Append([]string{d.Discard.String(), fmt.Sprint(d.Shanten), formatTiles(d.Tiles), fmt.Sprint(d.Count)}); err != nil {
				return err
			}
		}
		return t.Render()
	case rep.Waits != nil:
		t := newTable(w, "wait", "unseen", "note")
		total := 0
		for _, x := range rep.Waits {
			note := ""
			if x.OwnAll {
				note = "all four in hand: can never come"
			}
			total += x.Unseen
			if err := t.Append([]string{x.Tile.String(), fmt.Sprint(x.Unseen), note}); err != nil {
				return err
			}
		}
		if err := t.Render(); err != nil {
			return err
		}
		fmt.Fprintf(w, "\n%s, %s unseen\n", plural(len(rep.Waits), "wait"), plural(total, "tile"))
	case rep.Ukeire != nil:
		parts := make([]string, len(rep.Ukeire.Tiles))
		for i, x := range rep.Ukeire.Tiles {
			parts[i] = fmt.Sprintf("%v:%d", x.Tile, x.Unseen)
		}
		fmt.Fprintf(w, "ukeire   %s\n         %s unseen\n", strings.Join(parts, " "), plural(rep.Ukeire.Count, "tile"))
	}
	return nil
}
