package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mjrank/mjrank/arena"
)

// TestArenaFlagErrors: every bad value of an arena flag is a usage error
// (exit status 2), found before any game is played, whose message names
// the flag.
func TestArenaFlagErrors(t *testing.T) {
	notDir := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(notDir, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("x", 1<<20)
	for _, tc := range []struct {
		flag string
		args []string
	}{
		{"games", []string{"--games", "0"}},
		{"games", []string{"--games", "-5"}},
		{"games", []string{"--games", "x"}},
		{"games", []string{"--games", "99999999999999999999"}},
		{"games", []string{"--games", "6", "--rotate"}},
		{"games", []string{"--games", "9223372036854775807", "--rotate"}},
		{"workers", []string{"--workers", "-3"}},
		{"workers", []string{"--workers", "5000"}},
		{"workers", []string{"--workers", "9223372036854775807"}},
		{"sims", []string{"--seats", "mc,thesis,thesis,thesis", "--sims", "0"}},
		{"sims", []string{"--seats", "mc,thesis,thesis,thesis", "--sims", "-1"}},
		{"sims", []string{"--seats", "mc,thesis,thesis,thesis", "--sims", "9223372036854775807"}},
		{"sims", []string{"--sims", "500"}}, // no mc seat
		{"mc-ablation", []string{"--seats", "mc,thesis,thesis,thesis", "--mc-ablation", "frob"}},
		{"mc-ablation", []string{"--mc-ablation", "no-halving"}}, // no mc seat
		{"mc-ablation", []string{"--seats", "mc,thesis,thesis,thesis", "--mc-ablation", "oracle,oracle-pool"}},
		{"shard", []string{"--shard", "x"}},
		{"shard", []string{"--shard", "1/"}},
		{"shard", []string{"--shard", "0/2"}},
		{"shard", []string{"--shard", "3/2"}},
		{"shard", []string{"--shard", "1/0"}},
		{"shard", []string{"--shard", "-1/2"}},
		{"shard", []string{"--shard", "1/2/3"}},
		{"shard", []string{"--shard", "1/99999999999999999999"}},
		{"shard", []string{"--shard", "5/5", "--games", "4"}},
		{"shard", []string{"--shard", "2/2", "--games", "4", "--rotate"}},
		{"length", []string{"--length", "frob"}},
		{"length", []string{"--length", ""}},
		{"seats", []string{"--seats", "efficiency,thesis"}},
		{"seats", []string{"--seats", "a,b,c,d,e"}},
		{"seats", []string{"--seats", "efficiency,nobody,thesis,rulebot"}},
		{"seats", []string{"--seats", "efficiency,,thesis,rulebot"}},
		{"seats", []string{"--seats", long}},
		{"records", []string{"--records", notDir}},
		{"seed", []string{"--seed", "-1"}},
		{"rotate", []string{"--rotate=maybe"}},
		{"json", []string{"--json=maybe"}},
		{"games", []string{"merge", "--games", "3", "x.json"}},
		{"rotate", []string{"merge", "--rotate", "x.json"}},
		{"shard", []string{"merge", "x.json", "--shard", "1/2"}},
		{"players", []string{"--players", "2"}},
		{"players", []string{"--players", "5"}},
		{"players", []string{"merge", "--players", "3", "x.json"}},
		{"seats", []string{"--players", "3", "--seats", "efficiency,thesis,rulebot,tsumogiri"}},
		{"seats", []string{"--players", "3", "--seats", "efficiency,thesis"}},
		{"games", []string{"--players", "3", "--games", "4", "--rotate"}},
	} {
		args := append([]string{"arena"}, tc.args...)
		t.Run(strings.Join(tc.args, " ")[:min(60, len(strings.Join(tc.args, " ")))], func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			start := time.Now()
			code := run(args, nil, &stdout, &stderr)
			if code != 2 {
				t.Errorf("exit %d, want 2; stderr:\n%s", code, stderr.String())
			}
			first, _, _ := strings.Cut(stderr.String(), "\n")
			if !strings.Contains(first, "-"+tc.flag) {
				t.Errorf("message %q does not name --%s", first, tc.flag)
			}
			if len(first) > 400 {
				t.Errorf("message of %d bytes", len(first))
			}
			if stdout.Len() > 0 || time.Since(start) > 5*time.Second {
				t.Errorf("work done before the check: %s on stdout, %v", stdout.String(), time.Since(start))
			}
		})
	}
}

// TestArenaThreePlayers: arena --players 3 plays three bots (three
// efficiency bots by default), its JSON says so, its two shards merge to
// the one-process report, which shows ranks 1 to 3 and no stable dan.
func TestArenaThreePlayers(t *testing.T) {
	dir := t.TempDir()
	args := []string{"arena", "--players", "3", "--games", "6", "--rotate", "--length", "tonpuusen", "--seed", "3", "--workers", "2"}
	var whole, stderr bytes.Buffer
	if code := run(args, nil, &whole, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var files []string
	for _, s := range []string{"1/2", "2/2"} {
		var out bytes.Buffer
		if code := run(append(args, "--shard", s, "--json"), nil, &out, &stderr); code != 0 {
			t.Fatalf("shard %s: exit %d: %s", s, code, stderr.String())
		}
		var r arena.Result
		if err := json.Unmarshal(out.Bytes(), &r); err != nil || r.Players != 3 || r.Seats != [4]string{"efficiency", "efficiency", "efficiency", ""} {
			t.Fatalf("shard %s: players %d, seats %q (%v)", s, r.Players, r.Seats, err)
		}
		f := filepath.Join(dir, strings.ReplaceAll(s, "/", "-")+".json")
		if err := os.WriteFile(f, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	var merged bytes.Buffer
	if code := run(append([]string{"arena", "merge"}, files...), nil, &merged, &stderr); code != 0 {
		t.Fatalf("merge: exit %d: %s", code, stderr.String())
	}
	if merged.String() != whole.String() {
		t.Errorf("merged shards:\n%s\nthe whole:\n%s", merged.String(), whole.String())
	}
	report := whole.String()
	for _, want := range []string{"arena  efficiency,efficiency,efficiency\n", "6 tonpuusen 3-player games", "(2 walls × 3 seatings)", " 3rd "} {
		if !strings.Contains(report, want) {
			t.Errorf("report lacks %q:\n%s", want, report)
		}
	}
	for _, not := range []string{"4th", "stable dan"} {
		if strings.Contains(report, not) {
			t.Errorf("a 3-player report shows %q:\n%s", not, report)
		}
	}
}

// TestArenaMergeReadsBounded: merge reads at most a shard's worth of a file
// (a huge or endless input is an error, not memory).
func TestArenaMergeReadsBounded(t *testing.T) {
	big := filepath.Join(t.TempDir(), "big.json")
	if err := os.WriteFile(big, bytes.Repeat([]byte(" "), maxShardFile+10), 0o644); err != nil {
		t.Fatal(err)
	}
	files := []string{big}
	if runtime.GOOS == "linux" {
		files = append(files, "/dev/zero")
	}
	for _, f := range files {
		var stdout, stderr bytes.Buffer
		if code := run([]string{"arena", "merge", f}, nil, &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), f+": over 1024 KiB") {
			t.Errorf("merge %s: exit %d, %q", f, code, stderr.String())
		}
	}
}

// interruptAfter returns a context whose cancel cause is a SIGINT once k
// games are finished, and the Progress function that counts them.
func interruptAfter(k int) (context.Context, func(done, total int)) {
	ctx, cancel := context.WithCancelCause(context.Background())
	return ctx, func(done, total int) {
		if done >= k {
			cancel(interrupted{os.Interrupt})
		}
	}
}

// TestArenaInterruptedReport: an arena stopped by a signal prints the
// report of the games finished, marked partial with how many of how many,
// and fails with status 130; its JSON says "partial" and merge refuses it.
func TestArenaInterruptedReport(t *testing.T) {
	cfg := arena.Config{Seats: [4]string{"tsumogiri", "efficiency", "tsumogiri", "tsumogiri"}, Games: 1000000, Seed: 5, Workers: 1}
	for _, asJSON := range []bool{false, true} {
		var stdout, stderr bytes.Buffer
		ctx, progress := interruptAfter(3)
		cfg.Progress = progress
		err := runArena(ctx, &Env{Stdout: &stdout, Stderr: &stderr}, cfg, asJSON)
		var ee exitError
		if !errors.As(err, &ee) || ee.code != 130 {
			t.Fatalf("json %v: error %v, want exit status 130", asJSON, err)
		}
		if !strings.Contains(err.Error(), "interrupted by SIGINT: the report, marked PARTIAL, covers only the first") ||
			!strings.Contains(err.Error(), "of 1000000 games") {
			t.Errorf("error %q", err)
		}
		if !asJSON {
			re := regexp.MustCompile(`(?m)^games  PARTIAL \(interrupted\): (\d+) of 1000000 hanchan games, seed 5$`)
			m := re.FindStringSubmatch(stdout.String())
			if m == nil {
				t.Fatalf("report:\n%s", stdout.String())
			}
			row := regexp.MustCompile(`(?m)^ efficiency +` + m[1] + ` `)
			if n, _ := strconv.Atoi(m[1]); n < 1 || !row.MatchString(stdout.String()) {
				t.Errorf("report of %s games:\n%s", m[1], stdout.String())
			}
			continue
		}
		var res arena.Result
		if err := json.Unmarshal(stdout.Bytes(), &res); err != nil {
			t.Fatal(err)
		}
		if !res.Partial || res.Played < 1 || res.Games != 1000000 {
			t.Errorf("JSON result %+v", res)
		}
		name := filepath.Join(t.TempDir(), "partial.json")
		if err := os.WriteFile(name, stdout.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		var mout, merr bytes.Buffer
		if code := run([]string{"arena", "merge", name}, nil, &mout, &merr); code != 1 || !strings.Contains(merr.String(), "a partial result") {
			t.Errorf("merge of a partial result: exit %d, %q", code, merr.String())
		}
	}
}

// TestArenaSignalHelper is the mjrank process of TestArenaSignals.
func TestArenaSignalHelper(t *testing.T) {
	args := os.Getenv("MJRANK_HELPER_ARGS")
	if args == "" {
		t.Skip("run by TestArenaSignals")
	}
	os.Exit(run(strings.Fields(args), os.Stdin, os.Stdout, os.Stderr))
}

// TestArenaSignals runs a 100,000,000-game arena in a process, lets it
// play until its first record is written, and stops it with SIGINT or
// SIGTERM: it prints the partial report and exits with 130 or 143; its
// memory stays small. Waiting for a record, not for a time, keeps the
// signal after the arena's handler on a machine of any speed.
func TestArenaSignals(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no SIGINT to send")
	}
	for _, tc := range []struct {
		sig  syscall.Signal
		name string
		code int
	}{{syscall.SIGINT, "SIGINT", 130}, {syscall.SIGTERM, "SIGTERM", 143}} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestArenaSignalHelper$")
			records := t.TempDir()
			cmd.Env = append(os.Environ(), "MJRANK_HELPER_ARGS=arena --seats tsumogiri,tsumogiri,tsumogiri,tsumogiri --games 100000000 --workers 2 --records "+records)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			waitFor(ctx, t, "the arena's first record", func() bool {
				names, _ := os.ReadDir(records)
				return len(names) > 0
			})
			rss := vmHWM(cmd.Process.Pid)
			if err := cmd.Process.Signal(tc.sig); err != nil {
				t.Fatal(err)
			}
			err := cmd.Wait()
			var xe *exec.ExitError
			if !errors.As(err, &xe) || xe.ExitCode() != tc.code {
				t.Fatalf("exit %v, want status %d\nstdout:\n%s\nstderr:\n%s", err, tc.code, stdout.String(), stderr.String())
			}
			if !strings.Contains(stdout.String(), "of 100000000 hanchan games") || !strings.Contains(stdout.String(), "PARTIAL") {
				t.Errorf("stdout:\n%s", stdout.String())
			}
			if !strings.Contains(stderr.String(), "mjrank arena: interrupted by "+tc.name) {
				t.Errorf("stderr:\n%s", stderr.String())
			}
			t.Logf("peak RSS at the first record of a 100,000,000-game arena: %d KiB", rss)
			if rss > 200<<10 {
				t.Errorf("peak RSS %d KiB", rss)
			}
		})
	}
}

// waitFor polls cond until it holds, failing the test if ctx ends first
// (a guard against a hang, not a measure of speed).
func waitFor(ctx context.Context, t *testing.T, what string, cond func() bool) {
	t.Helper()
	for !cond() {
		select {
		case <-ctx.Done():
			t.Fatalf("waiting for %s: %v", what, ctx.Err())
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// vmHWM returns the peak resident memory of process pid in KiB (0 where
// /proc does not say).
func vmHWM(pid int) int {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0
	}
	m := regexp.MustCompile(`VmHWM:\s+(\d+) kB`).FindSubmatch(b)
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(string(m[1]))
	return n
}

// TestArenaReferenceWithoutGames: a --reference folder without a usable
// game (empty; a note and a 3-player-free folder of non-records) fails
// before any game is played, rather than printing a line of zeros (issue
// 53, D14); one with a game prints its line after the table.
func TestArenaReferenceWithoutGames(t *testing.T) {
	empty, notes := t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(notes, "README.txt"), []byte("notes"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{empty, notes} {
		code, stdout, stderr := mjrankRun(t, nil, "arena", "--games", "1", "--length", "tonpuusen", "--reference", dir)
		if code != 1 || stdout != "" || !strings.Contains(stderr, "--reference "+dir+": no usable game") {
			t.Errorf("--reference %s: exit %d, stderr %q\n%s", dir, code, stderr, stdout)
		}
	}
	games := t.TempDir()
	copyFile(t, sampleXML, filepath.Join(games, "game.xml"))
	code, stdout, stderr := mjrankRun(t, nil, "arena", "--games", "1", "--length", "tonpuusen", "--reference", games)
	if code != 0 || !strings.Contains(stdout, "houou players, 1 game of the records under "+games) {
		t.Errorf("--reference a game: exit %d, stderr %q\n%s", code, stderr, stdout)
	}
}
