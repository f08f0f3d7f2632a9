//go:build experiments

// Command rulestudy compares the Monte Carlo engine's decision rules
// offline, on the same analyses (docs/ENGINE.md, "The decision rule").
//
//	go run -tags experiments ./experiments/rulestudy dump --games 60 --every 8 --sims 20000 > d20k.jsonl
//	go run -tags experiments ./experiments/rulestudy eval d20k.jsonl
//
// dump analyses every --every-th turn decision of the first --games
// held-out games (after --skip) of the corpus, one decision per line: every
// candidate's simulations, advantage over the prior with its standard
// error, and the policy's belief, with the move the player made. The
// halving does not depend on the rule, so eval can replay any rule on
// these analyses exactly: it prints each rule's agreement with the
// players, beside the prior's, and where the engine leaves the prior how
// often the player chose the engine's move and the prior's.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"sync"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/dataset"
	"github.com/mjrank/mjrank/mc"
	"github.com/mjrank/mjrank/policy"
	"github.com/mjrank/mjrank/sim/game"
)

type cand struct {
	Type            string
	Kind, Sims      int
	Prior           bool
	Adv, AdvSE, Pol float64
}

type rec struct {
	Key        string
	Round, Ev  int
	Seat, Sims int
	Secs       float64
	PlayedKind int
	Cands      []cand
}

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: rulestudy dump [flags] | eval FILE...")
		os.Exit(2)
	}
	switch os.Args[1] {
	case "dump":
		dump(os.Args[2:])
	case "eval":
		for _, f := range os.Args[2:] {
			if err := eval(f); err != nil {
				fmt.Fprintln(os.Stderr, "rulestudy:", err)
				os.Exit(1)
			}
		}
	default:
		fmt.Fprintln(os.Stderr, "usage: rulestudy dump [flags] | eval FILE...")
		os.Exit(2)
	}
}

func dump(args []string) {
	fs := flag.NewFlagSet("dump", flag.ExitOnError)
	corpus := fs.String("corpus", "../shared/data/tenhou", "records")
	games := fs.Int("games", 40, "held-out games")
	skip := fs.Int("skip", 0, "held-out games skipped first (in key order)")
	every := fs.Int("every", 8, "every n-th turn decision")
	sims := fs.Int("sims", 2000, "simulations a decision")
	workers := fs.Int("workers", 2, "games at once")
	learned := fs.Bool("learned", false, "the learned rollout (mc.LearnedRollout)")
	noSeatCalls := fs.Bool("no-seat-calls", false, "the seat never calls in the rollout (mc.Lab.NoSeatCalls)")
	rollDir := fs.String("rollout-model", "", "folder of the learned rollout's discard model (default: the prior's)")
	fs.Parse(args)
	keys, held := heldOut(*corpus)
	keys = keys[min(*skip, len(keys)):]
	keys = keys[:min(*games, len(keys))]
	eng, err := mc.Default()
	check(err)
	if *rollDir != "" {
		m, err := policy.LoadDir(*rollDir)
		check(err)
		eng, err = engineWithRollout(m)
		check(err)
	}
	o := mc.Options{Sims: *sims, Workers: 1, Seed: 1}
	lab := mc.Lab{NoSeatCalls: *noSeatCalls}
	if *learned {
		lab.Rollout = mc.LearnedRollout
	}
	out := make([][]rec, len(keys))
	var wg sync.WaitGroup
	sem := make(chan struct{}, *workers)
	for i, k := range keys {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			out[i] = analyse(eng, k, held[k], *every, o, lab)
		}()
	}
	wg.Wait()
	w := bufio.NewWriter(os.Stdout)
	enc := json.NewEncoder(w)
	for _, rs := range out {
		for _, r := range rs {
			check(enc.Encode(r))
		}
	}
	check(w.Flush())
}

// heldOut returns the usable held-out games of the corpus by key, and
// their keys in order.
func heldOut(corpus string) ([]string, map[string]*data.Game) {
	files, _, err := dataset.Files([]string{corpus})
	check(err)
	held := map[string]*data.Game{}
	for _, f := range files {
		grs, _ := dataset.ReadFile(f)
		for _, gr := range grs {
			if gr.HeldOut && dataset.Usable(gr.Game) == nil {
				held[gr.Key] = gr.Game
			}
		}
	}
	var keys []string
	for k := range held {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys, held
}

// engineWithRollout returns the engine on the embedded models whose
// learned rollout discards by m.
func engineWithRollout(m *policy.Model) (*mc.Engine, error) {
	models, err := mc.DefaultModels()
	if err != nil {
		return nil, err
	}
	models.Rollout = m
	return mc.New(models.Predictors())
}

func analyse(eng *mc.Engine, key string, g *data.Game, every int, o mc.Options, lab mc.Lab) []rec {
	var out []rec
	rules := g.EngineRules()
	o.Rules = &rules
	n := 0
	var rep data.ReplayReport
	for st, d := range data.ReplayDecisions(g, &rep) {
		if !d.Turn {
			continue
		}
		if n++; n%every != 0 {
			continue
		}
		r := *st.Engine
		legal := r.Legal(d.Seat, nil)
		if len(legal) < 2 {
			continue
		}
		o.Decision = uint64(st.RoundIndex)<<32 | uint64(st.Event)<<4 | uint64(d.Seat)
		an, err := eng.AnalyzeLab(context.Background(), game.ViewOf(&r, d.Seat), legal, o, lab)
		check(err)
		x := rec{Key: key, Round: st.RoundIndex, Ev: st.Event, Seat: d.Seat, Sims: o.Sims, Secs: an.Seconds, PlayedKind: int(d.Played.Tile.Kind())}
		for _, c := range an.Candidates {
			x.Cands = append(x.Cands, cand{Type: c.Action.Type.String(), Kind: int(c.Action.Tile.Kind()), Sims: c.Sims, Prior: c.Prior,
				Adv: c.Advantage, AdvSE: c.AdvantageSE, Pol: c.Policy})
		}
		out = append(out, x)
	}
	check(rep.Err)
	return out
}

// rule is a decision rule: margin standard errors and weight × ln(belief
// ratio); lastStage keeps only the last stage's candidates; best plays
// the best mean advantage.
type rule struct {
	name            string
	margin, weight  float64
	lastStage, best bool
}

var rules = []rule{
	{name: "2 SE, any stage", margin: 2},
	{name: "2 SE, last stage", margin: 2, lastStage: true},
	{name: "3 SE, last stage", margin: 3, lastStage: true},
	{name: "2 SE + 0.01 ln ratio", margin: 2, weight: 0.01, lastStage: true},
	{name: "2 SE + 0.02 ln ratio", margin: 2, weight: 0.02, lastStage: true},
	{name: "2 SE + 0.05 ln ratio", margin: 2, weight: 0.05, lastStage: true},
	{name: "2 SE + 0.1 ln ratio", margin: 2, weight: 0.1, lastStage: true},
	{name: "best mean", best: true},
}

// choose mirrors mc's choose on one recorded analysis.
func (ru rule) choose(cs []cand) (chosen, prior int) {
	ref := slices.IndexFunc(cs, func(c cand) bool { return c.Prior })
	best, bound := ref, 0.0 // the prior's advantage over itself is 0
	for i, c := range cs {
		if i == ref || c.Sims < 2 || ru.lastStage && c.Sims < cs[ref].Sims || math.IsNaN(c.AdvSE) {
			continue
		}
		lb := c.Adv - ru.margin*c.AdvSE
		if ru.weight > 0 && c.Pol > 0 && cs[ref].Pol > 0 {
			lb -= ru.weight * math.Log(max(cs[ref].Pol, 1e-4)/max(c.Pol, 1e-4))
		}
		if ru.best && c.Adv > bound || !ru.best && lb > bound {
			best, bound = i, lb
			if ru.best {
				bound = c.Adv
			}
		}
	}
	return best, ref
}

func eval(file string) error {
	f, err := os.Open(file)
	if err != nil {
		return err
	}
	defer f.Close()
	var rs []rec
	dec := json.NewDecoder(bufio.NewReader(f))
	for {
		var r rec
		if err := dec.Decode(&r); err != nil {
			if errors.Is(err, io.EOF) {
				break
			}
			return fmt.Errorf("%s: %w", file, err)
		}
		rs = append(rs, r)
	}
	fmt.Printf("%s: %d decisions\n", file, len(rs))
	agrees := func(r *rec, c cand) bool {
		return (c.Type == "discard" || c.Type == "riichi") && c.Kind == r.PlayedKind
	}
	for _, ru := range rules {
		ok, prior, leave, sideEngine, sidePrior := 0, 0, 0, 0, 0
		for i := range rs {
			r := &rs[i]
			c, p := ru.choose(r.Cands)
			ce, cp := agrees(r, r.Cands[c]), agrees(r, r.Cands[p])
			ok += b2i(ce)
			prior += b2i(cp)
			if r.Cands[c].Kind != r.Cands[p].Kind { // another kind discarded
				leave++
				sideEngine += b2i(ce)
				sidePrior += b2i(cp)
			}
		}
		n := float64(len(rs))
		fmt.Printf("  %-22s agreement %5.1f %% (prior %5.1f %%)  leaves the prior %4d times, the player sides %d:%d (engine:prior)\n",
			ru.name, 100*float64(ok)/n, 100*float64(prior)/n, leave, sideEngine, sidePrior)
	}
	return nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "rulestudy:", err)
		os.Exit(1)
	}
}
