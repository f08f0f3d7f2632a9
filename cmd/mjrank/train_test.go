package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mjrank/mjrank/internal/shareddata"
)

// TestTrainOnly: train --only riichi trains the riichi model alone on the
// embedded opponent models and writes it, with its card, into
// --policy-out and nothing else; the table lists its steps only.
func TestTrainOnly(t *testing.T) {
	if testing.Short() {
		t.Skip("trains with xgboost")
	}
	if _, err := exec.LookPath("xgboost"); err != nil {
		t.Skip("skipping: xgboost not installed (apt-get install xgboost)")
	}
	corpus := shareddata.Dir(t, "tenhou", "somiona-mahjong579")
	out := t.TempDir()
	var stdout, stderr bytes.Buffer
	args := []string{"train", "--only", "riichi", "--corpus", corpus, "--policy-out", out, "--max-files", "60", "--rounds", "10"}
	if code := run(args, strings.NewReader(""), &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	names, _ := filepath.Glob(filepath.Join(out, "*"))
	if len(names) != 2 || !strings.HasPrefix(filepath.Base(names[0]), "riichi-") || !strings.HasPrefix(filepath.Base(names[1]), "riichi-") {
		t.Errorf("--policy-out holds %v, want the riichi model and card", names)
	}
	s := stdout.String()
	for _, want := range []string{"riichi  riichi-", "agreement", "decision samples", "xgboost riichi"} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %q:\n%s", want, s)
		}
	}
	for _, not := range []string{"tenpai", "evaluation", "xgboost call"} {
		if strings.Contains(s, not) {
			t.Errorf("output has %q:\n%s", not, s)
		}
	}
	// --out names the opponent models to read: a folder without them is
	// an error, before anything is written.
	empty := t.TempDir()
	stdout.Reset()
	stderr.Reset()
	args = []string{"train", "--only", "riichi", "--corpus", corpus, "--out", empty, "--max-files", "60", "--rounds", "10"}
	if code := run(args, strings.NewReader(""), &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), "opponent models") {
		t.Errorf("--out without opponent models: exit %d, stderr %q", code, stderr.String())
	}
	if left, _ := os.ReadDir(empty); len(left) > 0 {
		t.Errorf("--out without opponent models: wrote %v", left)
	}
}

// TestTrainPathAndListFlags: a flag given empty is a usage error (an empty
// --only trained everything, an empty --work took a temporary folder), and so is a
// --work inside the corpus or equal to --out, at once and leaving nothing
// in the corpus; a relative --work is made absolute before the run.
func TestTrainPathAndListFlags(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	if err := os.MkdirAll("corpus", 0o755); err != nil {
		t.Fatal(err)
	}
	base := []string{"train", "--corpus", "corpus", "--out", "out", "--xgboost", "no-such-xgboost"}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--only", ""}, "--only"},
		{[]string{"--work", ""}, "--work"},
		{[]string{"--rank-out", ""}, "--rank-out"},
		{[]string{"--policy-out", ""}, "--policy-out"},
		{[]string{"--work", "corpus"}, "--work"},
		{[]string{"--work", "corpus/wk"}, "--work"},
		{[]string{"--work", "out"}, "--work"},
		{[]string{"--rank-out", "corpus/rank"}, "--rank-out"},
	} {
		var stdout, stderr bytes.Buffer
		args := append(slices.Clone(base), c.args...)
		if code := run(args, strings.NewReader(""), &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("%q: exit %d, stderr %q; want a usage error naming %s", c.args, code, stderr.String(), c.want)
		}
	}
	if left, _ := os.ReadDir("corpus"); len(left) > 0 {
		t.Errorf("the corpus holds %v", left)
	}
	o := trainOptions{corpus: "corpus", out: "out", work: "wk", xgb: "xgboost", threads: 2, players: 4, tenpaiRate: 1, waitRate: 1, valueRate: 1, policyRate: 1}
	if err := o.check(); err != nil || o.work != filepath.Join(dir, "wk") || o.out != filepath.Join(dir, "out") {
		t.Errorf("check: %v; --work %q, --out %q, want both absolute", err, o.work, o.out)
	}
}

// stallingXGBoost is an --xgboost that trains as xgboost does, except the
// model $MJRANK_TEST_STALL (its config NAME.conf): there it writes its pid
// and its child's into $MJRANK_TEST_PIDS and waits.
const stallingXGBoost = `#!/bin/sh
if [ "$1" = "$MJRANK_TEST_STALL.conf" ]; then
	sleep 120 &
	echo $$ $! > "$MJRANK_TEST_PIDS.tmp" && mv "$MJRANK_TEST_PIDS.tmp" "$MJRANK_TEST_PIDS"
	wait
	exit 1
fi
exec xgboost "$@"
`

// alive reports whether process pid runs (a zombie does not).
func alive(pid int) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	_, rest, _ := strings.Cut(string(b), ") ")
	return !strings.HasPrefix(rest, "Z")
}

// TestTrainSignals: a signal while xgboost runs stops train with the
// signal's exit status, kills xgboost's process group (a wrapper's child
// too), removes the work folder and leaves --out as it was: SIGHUP at
// the first model (it killed mjrank at once, leaving the work folder and
// xgboost running), SIGQUIT likewise after its goroutine dump (Go's dump
// and exit status 2 left them too), SIGTERM at the discard policy, after
// the predictors were trained (they were in --out already, while the
// message said no model was written).
func TestTrainSignals(t *testing.T) {
	if testing.Short() {
		t.Skip("trains with xgboost")
	}
	if runtime.GOOS != "linux" {
		t.Skip("process groups and /proc")
	}
	if _, err := exec.LookPath("xgboost"); err != nil {
		t.Skip("skipping: xgboost not installed (apt-get install xgboost)")
	}
	corpus := shareddata.Dir(t, "tenhou", "somiona-mahjong579")
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	script := filepath.Join(dir, "xgboost.sh")
	if err := os.WriteFile(script, []byte(stallingXGBoost), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		sig   syscall.Signal
		stall string
	}{{syscall.SIGHUP, "tenpai"}, {syscall.SIGQUIT, "wait"}, {syscall.SIGTERM, "discard"}} {
		t.Run(c.sig.String(), func(t *testing.T) {
			trainSignal(t, []string{exe, "train", "--corpus", corpus, "--xgboost", script}, dir, c.sig, c.stall)
		})
	}
}

// trainSignal runs the command mjrank (the test binary) with --out, a
// slice of the corpus and quick flags, sends sig while the stalling
// xgboost trains model stall, and checks what it leaves.
func trainSignal(t *testing.T, mjrank []string, dir string, sig syscall.Signal, stall string) {
	tmp, out := t.TempDir(), t.TempDir()
	for _, f := range []string{"tenpai-000000000000.bin", "tenpai-000000000000.json", "notes.txt"} {
		if err := os.WriteFile(filepath.Join(out, f), []byte(f), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	before, _ := filepath.Glob(filepath.Join(out, "*"))
	pids := filepath.Join(dir, stall+".pids")
	cmd := exec.Command(mjrank[0], append(mjrank[1:], "--out", out, "--max-files", "60", "--rounds", "3", "--calib-folds", "0", "--workers", "1")...)
	cmd.Env = append(os.Environ(), "MJRANK_TEST_AS_MJRANK=1", "TMPDIR="+tmp, "MJRANK_TEST_STALL="+stall, "MJRANK_TEST_PIDS="+pids)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	children := stalled(t, pids)
	if children == nil {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("the stalling xgboost never started: %s", stderr.String())
	}
	defer func() {
		for _, pid := range children {
			syscall.Kill(pid, syscall.SIGKILL)
		}
	}()
	if err := cmd.Process.Signal(sig); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	ws := cmd.ProcessState.Sys().(syscall.WaitStatus)
	if ws.Signaled() || ws.ExitStatus() != 128+int(sig) || !strings.Contains(stderr.String(), "no model written") ||
		!strings.Contains(stderr.String(), "interrupted by "+signalName(sig)) ||
		sig == syscall.SIGQUIT && !strings.Contains(stderr.String(), "goroutine ") {
		t.Errorf("after %v: %v, stderr ends %q; want exit status %d, interrupted and no model written", sig, cmd.ProcessState, tail(stderr.String()), 128+int(sig))
	}
	time.Sleep(100 * time.Millisecond) // the killed group's reaping
	for _, pid := range children {
		if alive(pid) {
			t.Errorf("after %v: xgboost's process %d still runs", sig, pid)
		}
	}
	if left, _ := os.ReadDir(tmp); len(left) > 0 {
		t.Errorf("after %v: TMPDIR holds %v", sig, left)
	}
	if after, _ := filepath.Glob(filepath.Join(out, "*")); !slices.Equal(after, before) {
		t.Errorf("after %v: --out holds %v, want %v as before", sig, after, before)
	}
	if hidden, _ := filepath.Glob(filepath.Join(out, ".*")); len(hidden) > 0 {
		t.Errorf("after %v: --out holds %v", sig, hidden)
	}
}

// stalled waits until the stalling xgboost has written its pids into the
// file pids, and returns them; nil after five minutes.
func stalled(t *testing.T, pids string) []int {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Minute); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		b, err := os.ReadFile(pids)
		if err != nil {
			continue
		}
		var children []int
		for _, f := range strings.Fields(string(b)) {
			pid, _ := strconv.Atoi(f)
			children = append(children, pid)
		}
		return children
	}
	return nil
}

// tail is the end of a long text.
func tail(s string) string {
	if len(s) > 400 {
		return s[len(s)-400:]
	}
	return s
}

// TestTrainRowsFlags: the rows modes refuse what they do not take and
// name what they lack, with exit status 2, before any work.
func TestTrainRowsFlags(t *testing.T) {
	corpus := t.TempDir()
	rows := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--extract-only", "--corpus", corpus, "--rows", rows}, "--extract-only needs --corpus, --shard i/N and --rows DIR"},
		{[]string{"--extract-only", "--corpus", corpus, "--rows", rows, "--shard", "3/2"}, `--shard "3/2": must be i/n`},
		{[]string{"--extract-only", "--corpus", corpus, "--rows", rows, "--shard", "1/2", "--out", rows}, "--out is not taken with --extract-only"},
		{[]string{"--shard", "1/2", "--corpus", corpus, "--out", rows}, "--shard, --rows and --cluster go with --extract-only"},
		{[]string{"--from-rows", rows, "--corpus", corpus, "--out", t.TempDir()}, "--from-rows needs --corpus (the corpus the rows came from), --out and --dask"},
		{[]string{"--from-rows", rows, "--corpus", corpus, "--out", t.TempDir(), "--dask", "tcp://x"}, `--dask "tcp://x": not a Dask scheduler address`},
		{[]string{"--from-rows", rows, "--corpus", corpus, "--out", t.TempDir(), "--dask", "local:0"}, "local:N takes 1 to 64 workers"},
		{[]string{"--from-rows", rows, "--corpus", corpus, "--out", t.TempDir(), "--dask", "local", "--wait-rate", "0.5"}, "--wait-rate is not taken with --from-rows"},
		{[]string{"--extract-only", "--corpus", corpus, "--rows", rows, "--shard", "1/2", "--cluster", "tcp://127.0.0.1:1"}, "--shard: not with --cluster"},
		{[]string{"--extract-only", "--corpus", corpus, "--cluster", "tcp://127.0.0.1:1"}, "--extract-only --cluster needs --corpus and --rows DIR"},
		{[]string{"--from-rows", rows, "--corpus", corpus, "--out", t.TempDir(), "--dask", "local", "--cluster", "tcp://127.0.0.1:1"}, "--cluster go with --extract-only"},
		{[]string{"--decisions", "--from-rows", rows, "--corpus", corpus, "--out", t.TempDir(), "--dask", "local"}, "--decisions and --discard go with --extract-only"},
		{[]string{"--extract-only", "--decisions", "--discard", "--corpus", corpus, "--rows", rows, "--shard", "1/1"}, "one kind of rows at a time"},
		{[]string{"--extract-only", "--corpus", corpus, "--rows", rows, "--shard", "1/1", "--policy-rate", "0.5"}, "--policy-rate is not taken with --extract-only"},
		{[]string{"--extract-only", "--decisions", "--corpus", corpus, "--rows", rows, "--shard", "1/1", "--wait-rate", "0.5"}, "--wait-rate is not taken with --extract-only"},
		{[]string{"--from-rows", filepath.Join(rows, "none"), "--corpus", corpus, "--out", t.TempDir(), "--dask", "local"}, "--from-rows " + filepath.Join(rows, "none") + ": no such file or folder"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(append([]string{"train"}, c.args...), strings.NewReader(""), &stdout, &stderr)
		if code != 2 || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("train %s: exit %d, stderr %q; want 2 and %q", strings.Join(c.args, " "), code, stderr.String(), c.want)
		}
	}
	if left, _ := os.ReadDir(rows); len(left) > 0 {
		t.Errorf("the refused runs wrote %v", left)
	}
}

// TestTrainFromRows: train --extract-only writes two shards of real
// games' rows; --from-rows refuses the set while one is missing, then
// trains the four predictors from both through xgboost.dask on one
// local worker and writes them with their cards.
func TestTrainFromRows(t *testing.T) {
	if testing.Short() {
		t.Skip("trains with xgboost.dask")
	}
	if err := exec.Command("/usr/bin/python3", "-c", "import xgboost.dask, distributed").Run(); err != nil {
		t.Skipf("skipping: Debian's python3-xgboost and python3-distributed are needed: %v", err)
	}
	corpus := shareddata.Dir(t, "tenhou", "thewaxmango-mahjong-hands")
	rows, out := t.TempDir(), t.TempDir()
	train := func(args ...string) (int, string, string) {
		var stdout, stderr bytes.Buffer
		args = append([]string{"train", "--corpus", corpus, "--max-files", "40"}, args...)
		code := run(args, strings.NewReader(""), &stdout, &stderr)
		return code, stdout.String(), stderr.String()
	}
	code, stdout, stderr := train("--extract-only", "--shard", "1/2", "--rows", rows)
	if code != 0 || !strings.Contains(stdout, "shard 1/2: files 1 to 20 of 40") || !strings.Contains(stdout, "tenpai") {
		t.Fatalf("shard 1/2: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	fromRows := []string{"--from-rows", rows, "--dask", "local:1", "--out", out, "--rounds", "5", "--calib-folds", "2"}
	if code, _, stderr = train(fromRows...); code != 1 || !strings.Contains(stderr, "shard 2 of 2 missing") {
		t.Errorf("one shard of two: exit %d, stderr %q", code, stderr)
	}
	if code, _, stderr = train("--extract-only", "--shard", "2/2", "--rows", rows); code != 0 {
		t.Fatalf("shard 2/2: exit %d, stderr %q", code, stderr)
	}
	if code, stdout, stderr = train(fromRows...); code != 0 {
		t.Fatalf("--from-rows: exit %d, stderr %q", code, stderr)
	}
	for _, want := range []string{"tenpai  tenpai-", "rank  rank-", "xgboost tenpai-cal1", "evaluation"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
	if files, _ := filepath.Glob(filepath.Join(out, "*-*.*")); len(files) != 8 {
		t.Errorf("--out holds %v, want the four models and cards", files)
	}
	// The decision models' rows, on the embedded opponent models, in one
	// shard, and their training.
	rows, out = t.TempDir(), t.TempDir()
	if code, stdout, stderr = train("--extract-only", "--decisions", "--shard", "1/1", "--rows", rows); code != 0 || !strings.Contains(stdout, "riichi") {
		t.Fatalf("--decisions: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	if code, stdout, stderr = train("--from-rows", rows, "--dask", "local:1", "--out", out, "--rounds", "5"); code != 0 {
		t.Fatalf("--from-rows of decision rows: exit %d, stderr %q", code, stderr)
	}
	for _, want := range []string{"riichi  riichi-", "agreement", "xgboost call"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
	if files, _ := filepath.Glob(filepath.Join(out, "riichi-*.bin")); len(files) != 1 {
		t.Errorf("--out holds %v, want the riichi model", files)
	}
	// The discard policy's rows, and the policy and rollout model.
	rows, out = t.TempDir(), t.TempDir()
	if code, stdout, stderr = train("--extract-only", "--discard", "--policy-rate", "0.2", "--shard", "1/1", "--rows", rows); code != 0 || !strings.Contains(stdout, "discard") {
		t.Fatalf("--discard: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	if code, stdout, stderr = train("--from-rows", rows, "--dask", "local:1", "--out", out, "--rounds", "5"); code != 0 {
		t.Fatalf("--from-rows of discard rows: exit %d, stderr %q", code, stderr)
	}
	for _, want := range []string{"discard  discard-", "rollout  rollout-", "agreement", "policy samples"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
}
