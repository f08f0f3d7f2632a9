//go:build experiments

// Command reviewbudget measures the review's simulation budget against a
// reference budget on held-out decisions (docs/experiments/review-budget.md).
//
//	go run -tags experiments ./experiments/reviewbudget --games 12 --every 4 > out.md
//
// It takes --games held-out games of the corpus, evenly spaced in key
// order, one seat of each (the game's position in the list mod 4), and
// every --every-th decision of that seat as mjrank review collects them
// (turns and answers to discards). Each decision is reviewed as mjrank
// review does (review.Decision.Position, mc.Engine.Analyze,
// review.Decision.Fill: seed --seed, the decision's index in the seat's
// game) at every budget of --budgets and at --ref; with --keep the played
// move is kept through the halving (mc.Options.Keep, as issue 51's item 8
// has the review do), which leaves the engine's pick as it is but
// simulates the played move with the pick's budget and gives its paired
// loss and the review's verdict (review.Judge).
//
// For each budget it prints the share of decisions whose best move is the
// reference's (with a 95 % Wilson interval), the mean and 95th percentile
// of |the played move's rank loss − the reference's| over every decision
// and over those where the reference finds the played move not best, the
// share where the played move is the best, the decisions whose best
// differs from the reference's that a second reference run differs on too
// (borderline ones), with --keep the share of verdicts the reference's,
// and the process CPU time per decision (every budget runs alone, on
// --workers decisions at once). A second reference run under another seed
// (--ref-seed, 0: none) gives the reference's own noise.
//
// --out FILE also writes each decision's figures at every budget, one JSON
// line a decision.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/dataset"
	"github.com/mjrank/mjrank/mc"
	"github.com/mjrank/mjrank/review"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/tile"
)

// item is one held-out decision to review.
type item struct {
	key  string
	seat int
	dec  review.Decision
	move mc.Move // the move played
}

// result is one decision reviewed at one budget.
type result struct {
	Best     string  `json:"best"`
	Played   string  `json:"played"`
	RankLoss float64 `json:"rank_loss"`
	IsBest   bool    `json:"played_is_best"`
	Legal    int     `json:"candidates"`
	// With --keep: the played move's loss paired with the pick's over
	// the same worlds, its standard error and the review's verdict.
	Paired   float64        `json:"paired_rank_loss,omitempty"`
	PairedSE float64        `json:"paired_rank_loss_se,omitempty"`
	Verdict  review.Verdict `json:"verdict,omitempty"`
}

// line is one decision of --out.
type line struct {
	Key     string            `json:"key"`
	Index   int               `json:"index"`
	Round   string            `json:"round"`
	Turn    bool              `json:"turn"`
	Budgets map[string]result `json:"budgets"`
}

func main() {
	fs := flag.NewFlagSet("reviewbudget", flag.ExitOnError)
	corpus := fs.String("corpus", "../shared/data/tenhou", "the record files (a folder or file)")
	games := fs.Int("games", 12, "held-out games, evenly spaced in key order")
	every := fs.Int("every", 4, "every n-th decision of the seat")
	budgets := fs.String("budgets", "500,1000,2000,4000,8000", "the budgets measured, separated by commas")
	ref := fs.Int("ref", 20000, "the reference budget")
	seed := fs.Uint64("seed", 1, "seed of the simulations (as mjrank review --seed)")
	refSeed := fs.Uint64("ref-seed", 2, "seed of a second reference run (0: none)")
	workers := fs.Int("workers", 2, "decisions analysed at once")
	keep := fs.Bool("keep", false, "keep the played move through the halving (mc.Options.Keep) and judge it (review.Judge)")
	out := fs.String("out", "", "also write each decision's figures to FILE, one JSON line a decision")
	fs.Parse(os.Args[1:])
	bs, err := parseBudgets(*budgets)
	check(err)
	if *games < 1 || *every < 1 || *ref < 1 || *workers < 1 {
		check(fmt.Errorf("--games, --every, --ref and --workers must be positive"))
	}
	items, nGames, err := heldOutDecisions(*corpus, *games, *every)
	check(err)
	eng, err := mc.Default()
	check(err)

	runs := append(slices.Clone(bs), *ref)
	res := make(map[string][]result)
	cpu := make(map[string]float64)
	for _, b := range runs {
		name := strconv.Itoa(b)
		res[name], cpu[name], err = reviewAll(eng, items, b, *seed, *workers, *keep)
		check(err)
		fmt.Fprintf(os.Stderr, "reviewbudget: %d decisions at %d: %.1f ms CPU a decision\n", len(items), b, 1000*cpu[name])
	}
	refName := strconv.Itoa(*ref)
	var second []result
	if *refSeed != 0 {
		second, _, err = reviewAll(eng, items, *ref, *refSeed, *workers, *keep)
		check(err)
	}

	fmt.Printf("%d decisions (%d turns) of one seat in each of %d held-out games of %s, every %d-th decision; seed %d, reference %d simulations (seed %d for its second run), played move kept: %v.\n\n",
		len(items), countTurns(items), nGames, *corpus, *every, *seed, *ref, *refSeed, *keep)
	fmt.Println("| Budget | Same best as the reference | 95 % interval | Borderline | Mean \\|Δ loss\\| | 95th pct | Mean \\|Δ loss\\| where not best | 95th pct | Played = best | Same verdict | CPU ms / decision |")
	fmt.Println("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
	for _, b := range runs {
		name := strconv.Itoa(b)
		row(name, res[name], res[refName], second, cpu[name], *keep)
	}
	if second != nil {
		row(fmt.Sprintf("%d, seed %d", *ref, *refSeed), second, res[refName], second, math.NaN(), *keep)
	}
	if *out != "" {
		if second != nil {
			res[fmt.Sprintf("%d-seed-%d", *ref, *refSeed)] = second
		}
		check(writeLines(*out, items, res))
	}
}

// row prints one line of the table: rs against the reference ref. A
// decision is borderline when its best differs from the reference's and
// the second reference run (nil: none) differs from it too. The loss is
// the paired one with keep, else the review's rank loss.
func row(name string, rs, ref, second []result, cpu float64, keep bool) {
	same, agree, border, verdicts := 0, 0, 0, 0
	var all, notBest []float64
	for i := range rs {
		if rs[i].Best == ref[i].Best {
			same++
		} else if second != nil && second[i].Best != ref[i].Best {
			border++
		}
		if rs[i].IsBest {
			agree++
		}
		if rs[i].Verdict == ref[i].Verdict {
			verdicts++
		}
		d := math.Abs(rs[i].RankLoss - ref[i].RankLoss)
		if keep {
			d = math.Abs(rs[i].Paired - ref[i].Paired)
		}
		all = append(all, d)
		if !ref[i].IsBest {
			notBest = append(notBest, d)
		}
	}
	slices.Sort(all)
	slices.Sort(notBest)
	n := len(rs)
	lo, hi := wilson(same, n)
	cpuText, verdictText, borderText := "—", "—", "—"
	if !math.IsNaN(cpu) {
		cpuText = fmt.Sprintf("%.1f", 1000*cpu)
	}
	if keep {
		verdictText = fmt.Sprintf("%.1f %%", pct(verdicts, n))
	}
	if second != nil {
		borderText = fmt.Sprintf("%d of %d", border, n-same)
	}
	fmt.Printf("| %s | %.1f %% (%d of %d) | %.1f–%.1f %% | %s | %.4f | %.4f | %.4f | %.4f | %.1f %% | %s | %s |\n",
		name, pct(same, n), same, n, 100*lo, 100*hi, borderText, mean(all), quantile(all, 0.95),
		mean(notBest), quantile(notBest, 0.95), pct(agree, n), verdictText, cpuText)
}

// heldOutDecisions returns every every-th decision of one seat in each of
// games held-out usable games of corpus, evenly spaced in key order, and
// the number of games they come from.
func heldOutDecisions(corpus string, games, every int) ([]item, int, error) {
	files, _, err := dataset.Files([]string{corpus})
	if err != nil {
		return nil, 0, err
	}
	held := map[string]*data.Game{}
	for _, f := range files {
		grs, _ := dataset.ReadFile(f)
		for _, gr := range grs {
			if gr.HeldOut && dataset.Usable(gr.Game) == nil {
				held[gr.Key] = gr.Game
			}
		}
	}
	if len(held) == 0 {
		return nil, 0, fmt.Errorf("%s: no held-out game", corpus)
	}
	keys := slices.Sorted(func(yield func(string) bool) {
		for k := range held {
			if !yield(k) {
				return
			}
		}
	})
	games = min(games, len(keys))
	var items []item
	for i := range games {
		k, seat := keys[i*len(keys)/games], i%4
		decs, err := review.Collect(held[k], seat)
		if err != nil {
			return nil, 0, fmt.Errorf("%s seat %d: %w", k, seat, err)
		}
		moves, err := playedMoves(held[k], seat, decs)
		if err != nil {
			return nil, 0, fmt.Errorf("%s seat %d: %w", k, seat, err)
		}
		for j := every - 1; j < len(decs); j += every {
			items = append(items, item{key: k, seat: seat, dec: decs[j], move: moves[j]})
		}
	}
	return items, games, nil
}

// playedMoves returns the move seat made at each of its decisions decs (as
// review.Collect gives them): the replay's played action and, after a chi
// or pon, the discard that followed.
func playedMoves(g *data.Game, seat int, decs []review.Decision) ([]mc.Move, error) {
	var moves []mc.Move
	var rep data.ReplayReport
	for st, dd := range data.ReplayDecisions(g, &rep) {
		if dd.Seat != seat {
			continue
		}
		if len(moves) >= len(decs) || decs[len(moves)].Event != dd.Event {
			return nil, fmt.Errorf("decision %d: the replay and review.Collect disagree", len(moves))
		}
		m := mc.Move{Action: dd.Played, Discard: tile.NoTile}
		if dd.Played.Type == game.Chi || dd.Played.Type == game.Pon {
			m.Discard = st.Round.NextDiscard(dd.Event, seat)
		}
		moves = append(moves, m)
	}
	if rep.Err != nil {
		return nil, rep.Err
	}
	if len(moves) != len(decs) {
		return nil, fmt.Errorf("%d decisions replayed, review.Collect has %d", len(moves), len(decs))
	}
	return moves, nil
}

// reviewAll reviews every item at budget sims as mjrank review does, on
// workers at once, and returns the results and the process CPU seconds a
// decision.
func reviewAll(eng *mc.Engine, items []item, sims int, seed uint64, workers int, keep bool) ([]result, float64, error) {
	o := review.Options{Sims: sims, Seed: seed}
	out := make([]result, len(items))
	errs := make([]error, len(items))
	start := cpuSeconds()
	var wg sync.WaitGroup
	next := make(chan int)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				res, err := reviewOne(eng, &items[i], &o, keep)
				if err != nil {
					errs[i] = fmt.Errorf("%s decision %d: %w", items[i].key, items[i].dec.Index, err)
					continue
				}
				out[i] = res
			}
		}()
	}
	for i := range items {
		next <- i
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, 0, err
		}
	}
	return out, (cpuSeconds() - start) / float64(len(items)), nil
}

// reviewOne reviews one decision as review.Run does (Position, Analyze,
// Fill), with the played move kept and judged when keep.
func reviewOne(eng *mc.Engine, it *item, o *review.Options, keep bool) (result, error) {
	d := it.dec // a copy: Fill writes into it
	r, legal, mo := d.Position(o)
	if keep {
		mo.Keep = []mc.Move{it.move}
	}
	an, err := eng.Analyze(context.Background(), game.ViewOf(r, it.seat), legal, mo)
	if err != nil {
		return result{}, err
	}
	if err := d.Fill(an); err != nil {
		return result{}, err
	}
	p := an.Find(it.move)
	if p == nil {
		return result{}, review.ErrNotFound
	}
	res := result{Best: d.Best, Played: d.Played, RankLoss: d.RankLoss, IsBest: p == an.Best(), Legal: d.Legal}
	if keep {
		res.Paired, res.PairedSE, res.Verdict = p.VsBest.Rank, p.VsBest.RankSE, review.Judge(an, p)
	}
	return res, nil
}

// cpuSeconds returns the process's user and system CPU time so far.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		check(err)
	}
	tv := func(t syscall.Timeval) float64 { return float64(t.Sec) + float64(t.Usec)/1e6 }
	return tv(ru.Utime) + tv(ru.Stime)
}

func parseBudgets(s string) ([]int, error) {
	var bs []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 || n > mc.MaxSims {
			return nil, fmt.Errorf("--budgets: %q is not a budget from 1 to %d", f, mc.MaxSims)
		}
		bs = append(bs, n)
	}
	slices.Sort(bs)
	return slices.Compact(bs), nil
}

func writeLines(file string, items []item, res map[string][]result) error {
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	enc := json.NewEncoder(w)
	for i, it := range items {
		l := line{Key: it.key, Index: it.dec.Index, Round: it.dec.Round, Turn: it.dec.Turn, Budgets: map[string]result{}}
		for name, rs := range res {
			l.Budgets[name] = rs[i]
		}
		if err := enc.Encode(l); err != nil {
			f.Close()
			return err
		}
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func countTurns(items []item) int {
	n := 0
	for _, it := range items {
		if it.dec.Turn {
			n++
		}
	}
	return n
}

func pct(k, n int) float64 { return 100 * float64(k) / float64(n) }

func mean(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// quantile returns the q-quantile of sorted xs (the nearest rank), NaN
// for none.
func quantile(xs []float64, q float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	i := int(math.Ceil(q*float64(len(xs)))) - 1
	return xs[max(0, min(len(xs)-1, i))]
}

// wilson returns the 95 % Wilson interval of k successes in n.
func wilson(k, n int) (lo, hi float64) {
	const z = 1.96
	p, nf := float64(k)/float64(n), float64(n)
	c := (p + z*z/(2*nf)) / (1 + z*z/nf)
	h := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / (1 + z*z/nf)
	return c - h, c + h
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "reviewbudget:", err)
		os.Exit(1)
	}
}
