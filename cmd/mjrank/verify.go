package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/mjrank/mjrank/data/records"
	"github.com/mjrank/mjrank/internal/progress"
)

var cmdVerify = &Command{
	Name:      "verify",
	UsageLine: "[--json] [--workers N] PATH...",
	Short:     "replay game records through the engine and compare every result",
	Long: `
Verify reads game records — mjlog XML (plain or gzip), tenhou.net/6 JSON
(whole games or single rounds) and mjai JSON lines, told apart by content —
from the files and folders given, and replays every 4-player game through
mjrank's engine. Every recorded action must pass the engine's own legality
check; at each win the engine's yaku, han, fu, points and payments must match
the record's, at each draw its payments and tenpai hands, at each round
start the record's dealer, honba, riichi sticks and scores, and at the end
the final scores and points.

PATH - is standard input. Folders are walked for regular files ending in
.xml, .xml_, .mjlog, .txt, .json, .jsonl, .mjson or .gz; a file there that
holds no game record is skipped, 3-player games are skipped (3-player rules
are not implemented), anything that is not a regular file (a FIFO, a
device) is skipped, and all are listed with their reason. A path or folder
that cannot be read is an error in the report, and the rest is checked.

It prints a summary, then every mismatch (file, game, round, what differed)
and every error (file and position), and exits with status 1 if there is
any, or if no round was replayed at all (no game, or games without a
round). Files are replayed in parallel; the report is the same for any
number of workers.
`,
	Setup: func(fs *flag.FlagSet) func(*Env, []string) error {
		var o verifyOptions
		fs.BoolVar(&o.asJSON, "json", false, "print the report as JSON")
		fs.IntVar(&o.workers, "workers", 0, "files replayed at once (default: one per CPU)")
		return func(env *Env, args []string) error {
			if len(args) == 0 {
				return usageErrorf("give at least one file or folder")
			}
			if err := o.check(); err != nil {
				return err
			}
			return o.run(env, args)
		}
	},
}

// verifyOptions are the verify command's flags.
type verifyOptions struct {
	asJSON  bool
	workers int
}

// check checks every flag before any work.
func (o *verifyOptions) check() error { return workersFlag(o.workers) }

// run verifies the records of paths and prints the report; a record that
// fails makes the command fail.
func (o *verifyOptions) run(env *Env, paths []string) error {
	opt := records.VerifyOptions{Workers: o.workers, Stdin: env.Stdin}
	opt.Progress = progress.Callback(env.Stderr, "verify")
	rep, err := records.Verify(context.Background(), paths, opt)
	if err != nil {
		return err
	}
	if o.asJSON {
		if err := writeJSON(env.Stdout, rep); err != nil {
			return err
		}
	} else if err := printVerify(env.Stdout, rep); err != nil {
		return err
	}
	if err := nothingChecked(rep, paths); err != nil {
		return err
	}
	if !rep.OK() {
		return errSilent
	}
	return nil
}

// nothingChecked is the error of a run that replayed no round: a verify
// that checked nothing must not pass, and a game without a round (a
// start and an end, millions of them) holds nothing to check.
func nothingChecked(rep *records.VerifyReport, paths []string) error {
	switch {
	case rep.Rounds > 0:
		return nil
	case rep.Games+rep.Partial > 0:
		return fmt.Errorf("nothing checked: %s replayed, but no round in any", plural(rep.Games+rep.Partial, "game"))
	case rep.Files == 0 && len(rep.Skipped) == 0 && len(rep.Errors) == 0:
		return fmt.Errorf("nothing checked: no record file in %s", strings.Join(paths, " "))
	}
	return errors.New("nothing checked: no 4-player game was replayed")
}

func printVerify(w io.Writer, rep *records.VerifyReport) error {
	t := newTable(w, "checked", "count")
	rows := [][2]any{
		{"files", rep.Files},
		{"4-player games replayed", rep.Games},
		{"  complete (final result checked)", rep.Complete},
		{"cut records (whole rounds replayed)", rep.Partial},
		{"rounds", rep.Rounds},
		{"wins checked", rep.Wins},
		{"draws checked", rep.Draws},
		{"actions accepted", rep.Actions},
		{"skipped", len(rep.Skipped)},
		{"checks not made", len(rep.Unchecked)},
		{"mismatches", len(rep.Mismatches)},
		{"errors", len(rep.Errors)},
		{"games/s", fmt.Sprintf("%.0f", rep.GamesPerSecond)},
	}
	for _, r := range rows {
		if err := t.Append([]string{fmt.Sprint(r[0]), fmt.Sprint(r[1])}); err != nil {
			return err
		}
	}
	if err := t.Render(); err != nil {
		return err
	}
	reasons := map[string]int{}
	var order []string
	for _, s := range append(rep.Skipped, rep.Unchecked...) {
		if reasons[s.Reason] == 0 {
			order = append(order, s.Reason)
		}
		reasons[s.Reason]++
	}
	if len(order) > 0 {
		fmt.Fprintln(w, "\nskipped or not checked:")
		for _, r := range order {
			fmt.Fprintf(w, "  %d × %s\n", reasons[r], r)
		}
	}
	section := func(title string, ps []records.VerifyProblem) {
		if len(ps) == 0 {
			return
		}
		fmt.Fprintf(w, "\n%s:\n", title)
		for _, p := range ps {
			fmt.Fprintf(w, "  %s\n", strings.ReplaceAll(p.String(), "\n", "\n    "))
		}
	}
	section("mismatches", rep.Mismatches)
	section("errors", rep.Errors)
	return nil
}
