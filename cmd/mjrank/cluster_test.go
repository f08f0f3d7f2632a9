package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mjrank/mjrank/cluster"
)

// TestClusterFlags: the cluster flags are checked before any work, with
// a usage error naming the flag.
func TestClusterFlags(t *testing.T) {
	arena := []string{"arena", "--games", "8"}
	with := func(extra ...string) []string { return append(append([]string{}, arena...), extra...) }
	for _, tc := range []struct {
		args []string
		want string
	}{
		{with("--shards", "4"), "--shards: only with --cluster"},
		{with("--cluster-dir", t.TempDir()), "--cluster-dir: only with --cluster"},
		{with("--cluster", "127.0.0.1:8786"), "tcp://HOST:PORT"},
		{with("--cluster", "tcp://127.0.0.1:0"), "tcp://HOST:PORT"},
		{with("--cluster", "tcp://127.0.0.1:8786", "--shards", "0"), "--shards 0: must be at least 1"},
		{with("--cluster", "tcp://127.0.0.1:8786", "--shards", "9"), "--shards 9: the work splits into at most 8 shards"},
		{with("--cluster", "tcp://127.0.0.1:8786", "--rotate", "--shards", "3"), "--shards 3: the work splits into at most 2 shards"},
		{with("--cluster", "tcp://127.0.0.1:8786", "--records", t.TempDir()), "--records: not with --cluster"},
		{with("--cluster", "tcp://127.0.0.1:8786", "--shard", "1/2"), "--shard: not with --cluster"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(tc.args, strings.NewReader(""), &stdout, &stderr)
		if code != 2 || !strings.Contains(stderr.String(), tc.want) || stdout.Len() > 0 {
			t.Errorf("%v: exit %d, stderr %q, want exit 2 and %q", tc.args, code, stderr.String(), tc.want)
		}
	}
}

// TestClusterJobArgs: every flag given goes to every shard in one
// spelling (so that a rerun has the same keys), but the cluster's and
// those the job skips; the shard's own come after them, the positional
// arguments last, after "--".
func TestClusterJobArgs(t *testing.T) {
	fs := newFlagSet(cmdArena)
	var o struct {
		games int
		json  bool
		seats string
	}
	fs.IntVar(&o.games, "games", 100, "")
	fs.BoolVar(&o.json, "json", false, "")
	fs.StringVar(&o.seats, "seats", "", "")
	var cl clusterFlags
	cl.register(fs)
	if err := fs.Parse([]string{"--seats", "mc,a b", "--cluster", "tcp://h:1", "--json", "--games", "8", "--shards", "2"}); err != nil {
		t.Fatal(err)
	}
	job := clusterJob{name: "verify", fs: fs, skip: []string{"json"}, pos: []string{"-odd.xml"}, units: 8,
		shard: func(i, n int) []string { return []string{"--shard", string(rune('0'+i)) + "/" + string(rune('0'+n))} }}
	if got := strings.Join(job.base(), " "); got != "verify --games=8 --seats=mc,a b -odd.xml" {
		t.Errorf("base %q", got)
	}
	got := job.args(2)
	want := [][]string{
		{"verify", "--games=8", "--seats=mc,a b", "--shard", "1/2", "--", "-odd.xml"},
		{"verify", "--games=8", "--seats=mc,a b", "--shard", "2/2", "--", "-odd.xml"},
	}
	if len(got) != 2 || strings.Join(got[0], "|") != strings.Join(want[0], "|") || strings.Join(got[1], "|") != strings.Join(want[1], "|") {
		t.Errorf("args %q, want %q", got, want)
	}
}

// The tests below need a Dask cluster (MJRANK_CLUSTER, make test-cluster)
// and ship a built mjrank binary, as a user's run ships its own.

// clusterAddr returns MJRANK_CLUSTER, or skips.
func clusterAddr(t *testing.T) string {
	t.Helper()
	addr := os.Getenv("MJRANK_CLUSTER")
	if addr == "" {
		t.Skip("no Dask cluster: MJRANK_CLUSTER is unset (make test-cluster sets it)")
	}
	return addr
}

// builtMjrank builds the mjrank binary into a temporary folder of t.
func builtMjrank(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "mjrank")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// clusterMjrankOut runs the built binary with args and returns its stdout; it
// fails the test on a non-zero exit.
func clusterMjrankOut(t *testing.T, bin string, args ...string) []byte {
	t.Helper()
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(bin, args...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("mjrank %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return stdout.Bytes()
}

// TestClusterArena: an arena through --cluster prints the local run's
// bytes, as JSON (rotated, the mc bot in a seat, two shards) and as the
// text report (the default number of shards).
func TestClusterArena(t *testing.T) {
	addr := clusterAddr(t)
	bin := builtMjrank(t)
	for _, args := range [][]string{
		{"arena", "--games", "8", "--rotate", "--seats", "mc,efficiency,thesis,rulebot", "--sims", "8", "--length", "tonpuusen", "--seed", "5", "--json"},
		{"arena", "--games", "6", "--seed", "7"},
	} {
		local := clusterMjrankOut(t, bin, args...)
		start := time.Now()
		remote := clusterMjrankOut(t, bin, append(args, "--cluster", addr, "--cluster-dir", t.TempDir())...)
		if !bytes.Equal(local, remote) {
			t.Errorf("mjrank %s: through --cluster\n%s\nlocally\n%s", strings.Join(args, " "), remote, local)
		}
		t.Logf("%s through --cluster: %v", strings.Join(args, " "), time.Since(start).Round(time.Millisecond))
	}
}

// TestClusterArenaWorkerKilled: a worker killed (SIGKILL) while the
// arena's shards run: Dask runs its shards again, and the arena prints
// the local run's JSON.
func TestClusterArenaWorkerKilled(t *testing.T) {
	addr := clusterAddr(t)
	args := []string{"arena", "--games", "24", "--seats", "mc,efficiency,efficiency,efficiency", "--sims", "16", "--length", "tonpuusen", "--seed", "11", "--json"}
	bin := builtMjrank(t)
	local := clusterMjrankOut(t, bin, args...)
	workers, err := cluster.Info(context.Background(), cluster.Config{Scheduler: addr})
	if err != nil {
		t.Fatal(err)
	}
	if len(workers) < 2 {
		t.Fatalf("%d workers at %s: the test kills one of two", len(workers), addr)
	}
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(bin, append(args, "--cluster", addr, "--cluster-dir", dir, "--shards", "12")...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Kill the worker once the first shard is done: both are busy then.
	killed := false
	for deadline := time.Now().Add(2 * time.Minute); time.Now().Before(deadline) && !killed; time.Sleep(50 * time.Millisecond) {
		if done, _ := filepath.Glob(filepath.Join(dir, "*.out")); len(done) > 0 {
			if err := syscall.Kill(workers[0].PID, syscall.SIGKILL); err != nil {
				t.Fatalf("kill worker %s (pid %d): %v", workers[0].Address, workers[0].PID, err)
			}
			killed = true
			t.Logf("killed worker %s (pid %d) after %d of 12 shards", workers[0].Address, workers[0].PID, len(done))
		}
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("the arena through --cluster: %v\n%s", err, stderr.String())
	}
	if !killed {
		t.Fatal("no shard finished: no worker was killed")
	}
	if !bytes.Equal(local, stdout.Bytes()) {
		t.Errorf("with a worker killed, through --cluster\n%s\nlocally\n%s", stdout.String(), local)
	}
}
