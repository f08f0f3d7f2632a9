package bench

import (
	"context"
	"errors"
	"fmt"
	"hash"
	"hash/fnv"
	"runtime"
	"sync"
	"syscall"
	"time"

	"github.com/mjrank/mjrank/arena"
	"github.com/mjrank/mjrank/bot"
	"github.com/mjrank/mjrank/data/records"
	"github.com/mjrank/mjrank/mc"
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/hand"
	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

// Config sets what the suite runs. The zero Config runs the standard
// suite without the corpus.
type Config struct {
	// Workers is "all cores"; 0 means GOMAXPROCS.
	Workers int
	// Corpus is a folder of game records for the verify measurement; ""
	// skips it. A corpus given must hold records: a missing folder, or one
	// without a game replayed, is an error, found before the suite runs.
	Corpus string
	// CorpusFiles caps the files replayed (0: DefaultCorpusFiles).
	CorpusFiles int
	// Scale multiplies the fixed workloads (0 means 1); tests use less.
	Scale float64
	// Log, when not nil, is told which stage runs.
	Log func(stage string)
}

// DefaultCorpusFiles is the number of corpus files (in name order) the
// verify measurement replays.
const DefaultCorpusFiles = 300

// Pair is a measurement on one worker and on all workers.
type Pair struct {
	One float64 `json:"one"`
	All float64 `json:"all"`
}

// Efficiency is the parallel efficiency of each measurement: the speedup
// from one worker to all, divided by the workers.
type Efficiency struct {
	Shanten  float64  `json:"shanten"`
	Score    float64  `json:"score"`
	Verify   *float64 `json:"verify"` // null without the corpus
	SelfPlay float64  `json:"selfplay"`
	Engine   float64  `json:"engine"`
}

// Report is the suite's result.
type Report struct {
	Workers int `json:"workers"`
	// ShantenNs is nanoseconds per hand (ShantenForms of a 14-tile hand),
	// ScoreNs per winning hand scored; on all workers, wall time over all
	// the work.
	ShantenNs Pair `json:"shanten_ns"`
	ScoreNs   Pair `json:"score_ns"`
	// VerifyGamesPerS is real games replayed and checked per second; null
	// without the corpus. VerifyGames is how many were replayed.
	VerifyGamesPerS *Pair `json:"verify_games_per_s"`
	VerifyGames     int   `json:"verify_games"`
	// SelfPlayHanchanPerS is hanchans per second of four efficiency bots;
	// SelfPlayHanchanPerCPUS the same per second of CPU time used (a
	// figure that other load on the machine disturbs less).
	SelfPlayHanchanPerS    Pair `json:"selfplay_hanchan_per_s"`
	SelfPlayHanchanPerCPUS Pair `json:"selfplay_hanchan_per_cpu_s"`
	// EngineSimsPerS is the Monte Carlo engine's simulations (one
	// candidate move played to the round's end in one sampled world) per
	// second over the fixed positions; EngineDecisionMs the mean wall time
	// of one decision at mc.DefaultSims on all workers.
	EngineSimsPerS     Pair       `json:"engine_sims_per_s"`
	EngineDecisionMs   float64    `json:"engine_decision_ms"`
	ParallelEfficiency Efficiency `json:"parallel_efficiency"`
	// Signature hashes the fixed-seed arena result and the work counted;
	// SignatureArena is the arena it plays.
	Signature      string  `json:"signature"`
	SignatureArena string  `json:"signature_arena"`
	Seconds        float64 `json:"seconds"`
}

// SignatureConfig is the arena the signature hashes: every bot, duplicate
// play, one worker (the result is the same on any number).
func SignatureConfig() arena.Config {
	return arena.Config{Seats: [4]string{"efficiency", "thesis", "rulebot", "tsumogiri"}, Games: 16, Seed: 20261122, Rotate: true, Workers: 1}
}

// Run runs the suite.
func Run(ctx context.Context, c Config) (*Report, error) {
	start := time.Now()
	workers := c.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	scale := c.Scale
	if scale <= 0 {
		scale = 1
	}
	s := &suite{ctx: ctx, c: c, workers: workers, scale: scale, rep: &Report{Workers: workers}, sig: fnv.New64a()}
	files, err := corpusFiles(c)
	if err != nil {
		return nil, err
	}
	type layer struct {
		name string
		run  func() error
	}
	// The order is the signature's: each layer writes its part in turn.
	layers := []layer{
		{"signature arena", s.signatureArena},
		{"engine", s.engine},
		{"shanten", s.shanten},
		{"score", s.score},
	}
	if len(files) > 0 {
		layers = append(layers, layer{"verify", func() error { return s.verify(files) }})
	}
	layers = append(layers, layer{"self-play", s.selfPlay})
	for _, l := range layers {
		if c.Log != nil {
			c.Log(l.name)
		}
		if err := l.run(); err != nil {
			return nil, err
		}
	}
	rep := s.rep
	eff := func(p Pair, perSecond bool) float64 {
		if p.One == 0 || p.All == 0 {
			return 0
		}
		if perSecond {
			return p.All / p.One / float64(workers)
		}
		return p.One / p.All / float64(workers)
	}
	rep.ParallelEfficiency.Shanten = eff(rep.ShantenNs, false)
	rep.ParallelEfficiency.Score = eff(rep.ScoreNs, false)
	rep.ParallelEfficiency.SelfPlay = eff(rep.SelfPlayHanchanPerS, true)
	rep.ParallelEfficiency.Engine = eff(rep.EngineSimsPerS, true)
	rep.Signature = fmt.Sprintf("%016x", s.sig.Sum64())
	rep.Seconds = time.Since(start).Seconds()
	return rep, nil
}

// suite is one run of the suite: each layer's method times its layer into
// rep and writes its deterministic work to sig.
type suite struct {
	ctx     context.Context
	c       Config
	workers int
	scale   float64
	rep     *Report
	sig     hash.Hash64
}

// n scales a count of timed work (at least 1). The signature's work is
// fixed; Scale shrinks only the timed loops.
func (s *suite) n(x int) int { return max(1, int(float64(x)*s.scale)) }

// set stores the figure of a timing at one worker (i == 0) or at all.
func (p *Pair) set(i int, v float64) {
	if i == 0 {
		p.One = v
	} else {
		p.All = v
	}
}

func (s *suite) signatureArena() error {
	sc := SignatureConfig()
	sres, err := arena.Run(s.ctx, sc)
	if err != nil {
		return err
	}
	s.rep.SignatureArena = fmt.Sprintf("%v, %d games, seed %d, rotated", sc.Seats, sc.Games, sc.Seed)
	fmt.Fprint(s.sig, sres.Signature())
	return nil
}

func (s *suite) engine() error {
	eng, err := mc.Default()
	if err != nil {
		return err
	}
	pos, err := positions(s.ctx, EnginePositions)
	if err != nil {
		return err
	}
	if err := engineSignature(s.ctx, eng, pos, s.sig); err != nil {
		return err
	}
	for i, wk := range []int{1, s.workers} {
		t0, sims := time.Now(), 0
		for j := range pos[:s.n(len(pos))] {
			an, err := pos[j].analyze(s.ctx, eng, mc.Options{Sims: s.n(mc.DefaultSims), Workers: wk, Seed: 1})
			if err != nil {
				return err
			}
			sims += an.Sims
		}
		s.rep.EngineSimsPerS.set(i, float64(sims)/time.Since(t0).Seconds())
	}
	t0 := time.Now()
	nd := s.n(8)
	for j := range nd {
		if _, err := pos[j%len(pos)].analyze(s.ctx, eng, mc.Options{Workers: s.workers, Seed: 1, Sims: s.n(mc.DefaultSims)}); err != nil {
			return err
		}
	}
	s.rep.EngineDecisionMs = time.Since(t0).Seconds() * 1000 / float64(nd)
	return nil
}

func (s *suite) shanten() error {
	hands := Hands(20000)
	sum := 0
	for i := range hands {
		sum += hand.ShantenForms(&hands[i]).Min()
	}
	fmt.Fprintf(s.sig, " shanten %d %d", len(hands), sum)
	hands = hands[:s.n(len(hands))]
	rounds := s.n(50)
	s.rep.ShantenNs = timePair(s.workers, len(hands)*rounds, func(w, of int) {
		part := hands[w*len(hands)/of : (w+1)*len(hands)/of]
		for range rounds {
			for i := range part {
				hand.ShantenForms(&part[i])
			}
		}
	})
	return nil
}

func (s *suite) score() error {
	wins, err := Wins(s.ctx, 2000)
	if err != nil {
		return err
	}
	rules := score.Tenhou()
	points := 0
	for i := range wins {
		r, err := score.Score(&wins[i], &rules)
		if err != nil {
			return fmt.Errorf("bench: a recorded win does not score: %w", err)
		}
		points += r.Points
	}
	fmt.Fprintf(s.sig, " score %d %d", len(wins), points)
	wins = wins[:s.n(len(wins))]
	rounds := s.n(20)
	s.rep.ScoreNs = timePair(s.workers, len(wins)*rounds, func(w, of int) {
		part := wins[w*len(wins)/of : (w+1)*len(wins)/of]
		for range rounds {
			for i := range part {
				score.Score(&part[i], &rules)
			}
		}
	})
	return nil
}

func (s *suite) verify(files []string) error {
	var p Pair
	for i, wk := range []int{1, s.workers} {
		t0 := time.Now()
		vr, err := records.Verify(s.ctx, files, records.VerifyOptions{Workers: wk})
		if err != nil {
			return err
		}
		if vr.Games == 0 {
			return fmt.Errorf("bench: no 4-player game replayed from the %d files of %s", len(files), s.c.Corpus)
		}
		p.set(i, float64(vr.Games)/time.Since(t0).Seconds())
		if i == 0 {
			s.rep.VerifyGames = vr.Games
		}
	}
	s.rep.VerifyGamesPerS = &p
	e := p.All / p.One / float64(s.workers)
	s.rep.ParallelEfficiency.Verify = &e
	return nil
}

func (s *suite) selfPlay() error {
	games := s.n(1000)
	for i, wk := range []int{1, s.workers} {
		g := games * wk
		cfg := arena.Config{Seats: [4]string{"efficiency", "efficiency", "efficiency", "efficiency"}, Games: g, Seed: 1, Workers: wk}
		t0, cpu0 := time.Now(), cpuSeconds()
		if _, err := arena.Run(s.ctx, cfg); err != nil {
			return err
		}
		wall, cpu := time.Since(t0).Seconds(), cpuSeconds()-cpu0
		s.rep.SelfPlayHanchanPerS.set(i, float64(g)/wall)
		s.rep.SelfPlayHanchanPerCPUS.set(i, float64(g)/cpu)
	}
	return nil
}

// timePair times work on one worker and on workers goroutines; work(w, of)
// does worker w's share of of. It returns nanoseconds per item.
func timePair(workers, items int, work func(w, of int)) Pair {
	var p Pair
	t0 := time.Now()
	work(0, 1)
	p.One = float64(time.Since(t0).Nanoseconds()) / float64(items)
	var wg sync.WaitGroup
	t0 = time.Now()
	for w := range workers {
		wg.Go(func() { work(w, workers) })
	}
	wg.Wait()
	p.All = float64(time.Since(t0).Nanoseconds()) / float64(items)
	return p
}

// cpuSeconds returns the CPU time the process has used.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	tv := func(t syscall.Timeval) float64 { return float64(t.Sec) + float64(t.Usec)/1e6 }
	return tv(ru.Utime) + tv(ru.Stime)
}

// Hands returns n fixed 14-tile hands: the first 14 tiles of walls
// game.NewWall(1, i, 0).
func Hands(n int) []tile.Counts {
	out := make([]tile.Counts, n)
	for i := range out {
		w := game.NewWall(1, i, 0)
		for _, t := range w[:14] {
			out[i][t.Kind()]++
		}
	}
	return out
}

// errEnough stops a fixed-seed self-play (Wins, positions) once it has what
// it collects.
var errEnough = errors.New("enough collected")

// Wins returns the first n wins of fixed-seed self-play between the four
// bots (the score inputs the engine built).
func Wins(ctx context.Context, n int) ([]score.Win, error) {
	if n <= 0 {
		return nil, nil
	}
	out := make([]score.Win, 0, n)
	names := [4]string{"efficiency", "rulebot", "efficiency", "tsumogiri"}
	rules := game.Tenhou(game.Hanchan)
	hooks := game.Hooks{End: func(r *game.Round) error {
		res := r.Result()
		for i := range res.Wins[:res.NumWins] {
			if len(out) < n {
				out = append(out, res.Wins[i].Win)
			}
		}
		if len(out) == n {
			return errEnough
		}
		return nil
	}}
	if err := selfPlay(ctx, names, rules, &hooks); err != nil {
		return nil, err
	}
	return out, nil
}

// selfPlay plays fixed-seed games (seed 1, 2, …; seat s of game seed plays
// bot names[s] with seed 4·seed+s) under hooks until a hook returns
// errEnough.
func selfPlay(ctx context.Context, names [4]string, rules game.Rules, hooks *game.Hooks) error {
	for seed := uint64(1); ; seed++ {
		var players [4]game.Player
		for s, name := range names {
			p, err := bot.New(name, seed*4+uint64(s))
			if err != nil {
				return err
			}
			players[s] = p
		}
		_, err := game.PlayGameHooked(ctx, rules, seed, &players, hooks)
		if errors.Is(err, errEnough) {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// corpusFiles returns the corpus files the verify measurement replays:
// none without a corpus, an error for a corpus without record files.
func corpusFiles(c Config) ([]string, error) {
	if c.Corpus == "" {
		return nil, nil
	}
	files, _, err := records.ExpandPaths([]string{c.Corpus})
	if err != nil {
		return nil, fmt.Errorf("bench: %w", err)
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("bench: no record files in %s", c.Corpus)
	}
	limit := c.CorpusFiles
	if limit <= 0 {
		limit = DefaultCorpusFiles
	}
	if limit >= len(files) {
		return files, nil
	}
	// Evenly spread over the name order, so that every source of the
	// corpus (each a folder) is sampled, not only the first.
	out := make([]string, limit)
	for i := range out {
		out[i] = files[i*len(files)/limit]
	}
	return out, nil
}
