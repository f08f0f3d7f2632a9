package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestMain lets the test binary stand in for mjrank (MJRANK_TEST_AS_MJRANK=1),
// so that a match can start "mjrank mjai" as a program.
func TestMain(m *testing.M) {
	if os.Getenv("MJRANK_TEST_AS_MJRANK") == "1" {
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// TestMatchThroughMjaiCommand: a match whose every seat is the program
// "mjrank mjai --bot …" plays the direct arena's games (the same hash),
// with no reply rejected.
func TestMatchThroughMjaiCommand(t *testing.T) {
	bots := []string{"mc", "thesis", "efficiency", "rulebot"}
	// No reply limit a busy machine could reach: this test is about the
	// games, not the programs' speed.
	common := []string{"--games", "4", "--rotate", "--seed", "12", "--length", "tonpuusen", "--sims", "100", "--json"}
	limit := []string{"--time-limit", "1h"}
	hash := func(args []string) (string, [4]int) {
		t.Helper()
		var stdout, stderr bytes.Buffer
		if code := run(args, strings.NewReader(""), &stdout, &stderr); code != 0 {
			t.Fatalf("mjrank %s: exit %d: %s", strings.Join(args, " "), code, stderr.String())
		}
		var res struct {
			Hash    string `json:"hash"`
			Entries []struct {
				Illegal int `json:"illegal"`
			} `json:"entries"`
		}
		if err := json.Unmarshal(stdout.Bytes(), &res); err != nil {
			t.Fatal(err)
		}
		var illegal [4]int
		for i, e := range res.Entries {
			illegal[i] = e.Illegal
		}
		return res.Hash, illegal
	}
	direct, _ := hash(append([]string{"arena", "--seats", strings.Join(bots, ",")}, common...))
	args := []string{"match"}
	for _, b := range bots {
		args = append(args, "--seat", "cmd:"+asMjrank(t, "mjai --bot "+b+" --sims 100"))
	}
	got, illegal := hash(append(append(args, common...), limit...))
	if got != direct || illegal != [4]int{} {
		t.Errorf("through mjai programs: hash %s, rejected %v; direct hash %s", got, illegal, direct)
	}
}

// asMjrank is a seat's command that runs this test binary as "mjrank
// ARGS".
func asMjrank(t *testing.T, args string) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("MJRANK_TEST_AS_MJRANK=1 '%s' %s", exe, args)
}

// TestMatchErrorReportsFinishedGames: a match stopped by a program's error
// in its second game prints the report of the first, marked PARTIAL (as a
// signal does), says why it stopped and exits 1; --json says partial.
func TestMatchErrorReportsFinishedGames(t *testing.T) {
	for _, asJSON := range []bool{false, true} {
		count := filepath.Join(t.TempDir(), "count")
		// Game 1: a legal player; game 2 on: garbage.
		prog := fmt.Sprintf(`cmd:n=$(cat '%[1]s' 2>/dev/null || echo 0); echo $((n+1)) >'%[1]s'; if [ "$n" -ge 1 ]; then while read l; do echo garbage; done; else %[2]s; fi`,
			count, asMjrank(t, "mjai --bot tsumogiri"))
		args := []string{"match", "--seat", prog, "--seat", "tsumogiri", "--seat", "tsumogiri", "--seat", "tsumogiri",
			"--games", "3", "--workers", "1", "--length", "tonpuusen", "--time-limit", "10m"}
		if asJSON {
			args = append(args, "--json")
		}
		var stdout, stderr bytes.Buffer
		code := run(args, strings.NewReader(""), &stdout, &stderr)
		if code != 1 || !strings.Contains(stderr.String(), "not an mjai event") || !strings.Contains(stderr.String(), "PARTIAL, covers only the first 1 of 3 games") {
			t.Errorf("json %v: exit %d, stderr %q", asJSON, code, stderr.String())
		}
		if !asJSON {
			if !strings.Contains(stdout.String(), "PARTIAL") || !strings.Contains(stdout.String(), "1 of 3 tonpuusen games") {
				t.Errorf("report %q", stdout.String())
			}
			continue
		}
		var res struct {
			Partial bool `json:"partial"`
			Played  int  `json:"played"`
		}
		if err := json.Unmarshal(stdout.Bytes(), &res); err != nil || !res.Partial || res.Played != 1 {
			t.Errorf("json report %+v (%v): %s", res, err, stdout.String())
		}
	}
}

// TestMatchReportsDroppedPrograms: under --on-illegal tsumogiri, a program
// that exits mid-game is played by the referee to the end of each game:
// the report counts those decisions and the games, in text and JSON.
func TestMatchReportsDroppedPrograms(t *testing.T) {
	// Plays legally (as mjrank mjai) for 50 events, then exits.
	prog := `cmd:(n=0; while [ $n -lt 50 ] && read -r l; do printf '%s\n' "$l"; n=$((n+1)); done) | ` + asMjrank(t, "mjai --bot tsumogiri")
	args := []string{"match", "--seat", prog, "--seat", "tsumogiri", "--seat", "tsumogiri", "--seat", "tsumogiri",
		"--games", "2", "--length", "tonpuusen", "--on-illegal", "tsumogiri", "--time-limit", "10m"}
	var stdout, stderr bytes.Buffer
	if code := run(args, strings.NewReader(""), &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if !strings.Contains(stdout.String(), "decisions played by the referee") || !strings.Contains(stdout.String(), "(dropped in 2 of 2 games)") ||
		strings.Count(stderr.String(), "the referee plays the seat to the end of the game") != 2 {
		t.Errorf("report %s\nstderr %s", stdout.String(), stderr.String())
	}
	stdout.Reset()
	if code := run(append(args, "--json"), strings.NewReader(""), &stdout, &stderr); code != 0 {
		t.Fatalf("--json: exit %d: %s", code, stderr.String())
	}
	var res struct {
		Entries []struct {
			Illegal  int `json:"illegal"`
			Replaced int `json:"replaced"`
			Dropped  int `json:"dropped"`
		} `json:"entries"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &res); err != nil {
		t.Fatal(err)
	}
	if e := res.Entries[0]; e.Dropped != 2 || e.Illegal != 2 || e.Replaced <= e.Illegal {
		t.Errorf("entry 0: %+v, want dropped in 2 games, more decisions played than rejected replies", e)
	}
}

// markedProcesses returns the pids of the processes whose command line is
// marker (words separated by spaces).
func markedProcesses(marker string) []int {
	entries, _ := os.ReadDir("/proc")
	var pids []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, _ := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if strings.TrimSpace(strings.ReplaceAll(string(b), "\x00", " ")) == marker {
			pids = append(pids, pid)
		}
	}
	return pids
}

// TestMatchKilledLeavesNoProgram: kill -9 of a match while its program and
// the processes it started run (a child, a setsid one) ends them all.
func TestMatchKilledLeavesNoProgram(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the kernel ends a dead referee's programs on Linux only")
	}
	if _, err := exec.LookPath("setsid"); err != nil {
		t.Skip("no setsid")
	}
	a, b := 500000+os.Getpid()%100000, 600000+os.Getpid()%100000
	markers := []string{fmt.Sprintf("sleep %d", a), fmt.Sprintf("sleep %d", b)}
	defer func() {
		for _, m := range markers {
			for _, pid := range markedProcesses(m) {
				syscall.Kill(pid, syscall.SIGKILL)
			}
		}
	}()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	prog := fmt.Sprintf("cmd:setsid %s </dev/null >/dev/null 2>&1 & %s", markers[0], markers[1])
	cmd := exec.Command(exe, "match", "--seat", prog, "--seat", "tsumogiri", "--seat", "tsumogiri", "--seat", "tsumogiri", "--games", "1", "--time-limit", "1h")
	cmd.Env = append(os.Environ(), "MJRANK_TEST_AS_MJRANK=1")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	running := func() bool { return len(markedProcesses(markers[0])) > 0 && len(markedProcesses(markers[1])) > 0 }
	start, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	waitFor(start, t, "the program's processes to start", running)
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	end, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	waitFor(end, t, "the program's processes to end after kill -9 of the match", func() bool {
		return len(markedProcesses(markers[0]))+len(markedProcesses(markers[1])) == 0
	})
}
