// Package bench is the throughput suite behind "mjrank bench", after a
// chess engine's bench: a fixed, embedded workload for every layer —
// shanten of fixed hands (sim/hand), scores of fixed wins (sim/score),
// replay of the shared Tenhou corpus when present (data), and self-play
// hanchans with efficiency bots (sim/game, bot, arena) — each timed on one
// worker and on every core, with the parallel efficiency
// (speedup / workers).
//
// Beside the timings it prints a signature: a hash of a fixed-seed arena
// result (four different bots, duplicate play) and of the work counted
// (shanten and points summed over the fixed sets). It ignores time,
// machine and goroutines and changes exactly when behaviour changes, so a
// commit that changes it says "Bench: <signature>".
//
//	rep, err := bench.Run(ctx, bench.Config{Corpus: "../shared/data/tenhou"})
//	fmt.Println(rep.Signature)
package bench
