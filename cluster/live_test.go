package cluster

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The tests on a real Dask cluster: MJRANK_CLUSTER names its scheduler
// (make test-cluster starts one with two workers on loopback); without
// it they skip. The binary they ship is fakeMjrank, a shell script.

// liveCluster returns MJRANK_CLUSTER's address, or skips.
func liveCluster(t *testing.T) string {
	t.Helper()
	addr := os.Getenv("MJRANK_CLUSTER")
	if addr == "" {
		t.Skip("no Dask cluster: MJRANK_CLUSTER is unset (make test-cluster sets it)")
	}
	return addr
}

// fakeMjrank writes a stand-in for the mjrank binary: it appends its
// arguments to the file of a log=FILE argument, sleeps for a sleep=S
// one, fails with status 3 and a message on stderr for a "fail" one, and
// prints "out" and its arguments.
func fakeMjrank(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "mjrank")
	script := `#!/bin/sh
for a; do case $a in log=*) echo "$*" >> "${a#log=}";; esac; done
for a; do case $a in sleep=*) sleep "${a#sleep=}";; fail) echo "reading $*" >&2; echo "bad input: no such game" >&2; exit 3;; esac; done
echo "out $*"
`
	if err := os.WriteFile(bin, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return bin
}

// liveShards are n shards of the fake binary, each with extra arguments.
func liveShards(n int, extra ...string) (shards [][]string, want []string) {
	for i := 1; i <= n; i++ {
		args := append([]string{"arena", fmt.Sprintf("--shard=%d/%d", i, n)}, extra...)
		shards = append(shards, args)
		want = append(want, "out "+strings.Join(args, " ")+"\n")
	}
	return shards, want
}

func TestClusterRuns(t *testing.T) {
	addr := liveCluster(t)
	cfg := Config{Scheduler: addr, Binary: fakeMjrank(t), Dir: t.TempDir()}
	shards, want := liveShards(6)
	start := time.Now()
	outs, err := Run(context.Background(), cfg, shards, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := range want {
		if string(outs[i]) != want[i] {
			t.Errorf("shard %d printed %q, want %q", i+1, outs[i], want[i])
		}
	}
	if files, _ := os.ReadDir(cfg.Dir); len(files) != 0 {
		t.Errorf("%d files left in the store after the job", len(files))
	}
	t.Logf("6 shards of a shell script on %s: %v", addr, time.Since(start).Round(time.Millisecond))
}

// TestClusterFailingShard: a shard that exits non-zero fails the job,
// naming its arguments and its standard error's last lines.
func TestClusterFailingShard(t *testing.T) {
	addr := liveCluster(t)
	cfg := Config{Scheduler: addr, Binary: fakeMjrank(t), Dir: t.TempDir()}
	shards, _ := liveShards(4)
	shards[2] = append(shards[2], "fail", "games/bad.json")
	_, err := Run(context.Background(), cfg, shards, nil)
	var se *ShardError
	if !errors.As(err, &se) || se.Shard != 3 {
		t.Fatalf("Run: %v, want shard 3's failure", err)
	}
	for _, want := range []string{"shard 3 of 4", "mjrank arena --shard=3/4 fail games/bad.json", "exited with status 3", "bad input: no such game"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the error %q lacks %q", err, want)
		}
	}
}

// daskProc starts a Dask command (dask-scheduler, dask-worker) in its own
// process group, its output in log; kill stops the group.
type daskProc struct {
	cmd *exec.Cmd
	log string
}

func startDask(t *testing.T, log string, name string, args ...string) *daskProc {
	t.Helper()
	f, err := os.Create(log)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cmd := exec.Command(name, args...)
	cmd.Stdout, cmd.Stderr = f, f
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	p := &daskProc{cmd, log}
	t.Cleanup(func() { p.kill(syscall.SIGKILL) })
	return p
}

// kill sends sig to the process's group and waits for the process.
func (p *daskProc) kill(sig syscall.Signal) {
	if p.cmd.ProcessState != nil {
		return
	}
	syscall.Kill(-p.cmd.Process.Pid, sig)
	p.cmd.Wait()
}

// waitFor waits until the process's log holds text.
func (p *daskProc) waitFor(t *testing.T, text string) {
	t.Helper()
	for deadline := time.Now().Add(90 * time.Second); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		if b, _ := os.ReadFile(p.log); bytes.Contains(b, []byte(text)) {
			return
		}
	}
	b, _ := os.ReadFile(p.log)
	t.Fatalf("no %q in %s after 90 s:\n%s", text, p.log, b)
}

// startCluster starts a scheduler on port and one worker of one thread.
func startCluster(t *testing.T, dir string, port int) (sched, worker *daskProc) {
	t.Helper()
	addr := fmt.Sprintf("tcp://127.0.0.1:%d", port)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	sched = startDask(t, filepath.Join(dir, "scheduler.log"), "dask-scheduler", "--host", "127.0.0.1", "--port", fmt.Sprint(port), "--dashboard-address", "127.0.0.1:0")
	sched.waitFor(t, "Scheduler at:")
	worker = startDask(t, filepath.Join(dir, "worker.log"), "dask-worker", addr, "--host", "127.0.0.1", "--nthreads", "1", "--no-dashboard", "--local-directory", filepath.Join(dir, "worker"))
	worker.waitFor(t, "Registered to:")
	return sched, worker
}

// TestClusterSchedulerLost: a scheduler killed in the middle of a job
// fails it with an error naming its address, the shards done kept; with
// the scheduler still away the same job fails at once, naming it again;
// once a scheduler is back at the address, the same job runs only the
// shards it lacks (counted by the shards' own log) and gives every
// output. This test starts its own scheduler, to kill it.
func TestClusterSchedulerLost(t *testing.T) {
	liveCluster(t)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	addr := fmt.Sprintf("tcp://127.0.0.1:%d", port)
	dir := t.TempDir()
	starts := filepath.Join(dir, "starts.log")
	shards, want := liveShards(8, "log="+starts, "sleep=1")
	var log bytes.Buffer
	cfg := Config{Scheduler: addr, Binary: fakeMjrank(t), Dir: filepath.Join(dir, "kept"), Log: &log, ConnectTimeout: 3 * time.Second}

	sched, worker := startCluster(t, filepath.Join(dir, "first"), port)
	_, err = Run(context.Background(), cfg, shards, func(done, total int) {
		if done == 3 {
			sched.kill(syscall.SIGKILL)
		}
	})
	if !errors.Is(err, ErrCluster) || !strings.Contains(err.Error(), "lost the Dask scheduler at "+addr) {
		t.Fatalf("Run with its scheduler killed: %v, want an error naming %s", err, addr)
	}
	worker.kill(syscall.SIGTERM)
	kept, _ := filepath.Glob(filepath.Join(cfg.Dir, "*.out"))
	if len(kept) < 3 || len(kept) >= 8 || !strings.Contains(err.Error(), fmt.Sprintf("%d of 8 shards done are kept", len(kept))) {
		t.Fatalf("%d shards kept, and the error says %q", len(kept), err)
	}
	t.Logf("scheduler killed: %v", err)

	_, err = Run(context.Background(), cfg, shards, nil)
	if !errors.Is(err, ErrCluster) || !strings.Contains(err.Error(), "cannot reach the Dask scheduler at "+addr) {
		t.Fatalf("Run with no scheduler: %v, want an error naming %s", err, addr)
	}

	startCluster(t, filepath.Join(dir, "second"), port)
	if err := os.Remove(starts); err != nil {
		t.Fatal(err)
	}
	outs, err := Run(context.Background(), cfg, shards, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := range want {
		if string(outs[i]) != want[i] {
			t.Errorf("shard %d printed %q, want %q", i+1, outs[i], want[i])
		}
	}
	b, _ := os.ReadFile(starts)
	if ran := strings.Count(string(b), "\n"); ran != 8-len(kept) {
		t.Errorf("the resumed job ran %d shards, want the %d not kept:\n%s", ran, 8-len(kept), b)
	}
	if !strings.Contains(log.String(), fmt.Sprintf("%d of 8 shards already done", len(kept))) {
		t.Errorf("the resumed job's log %q does not count the kept shards", log.String())
	}
}

// TestClusterAllWorkersKilled: every worker killed (SIGKILL) at once in
// the middle of a job, their nannies start new ones: the job finishes
// with every output. The binary's bytes died with the workers; the task
// that holds them runs again (scattered data would be lost for good).
func TestClusterAllWorkersKilled(t *testing.T) {
	addr := liveCluster(t)
	workers, err := Info(context.Background(), Config{Scheduler: addr})
	if err != nil {
		t.Fatal(err)
	}
	starts := filepath.Join(t.TempDir(), "starts.log")
	shards, want := liveShards(6, "log="+starts, "sleep=2")
	cfg := Config{Scheduler: addr, Binary: fakeMjrank(t), Dir: t.TempDir()}
	killed := false
	outs, err := Run(context.Background(), cfg, shards, func(done, total int) {
		if killed {
			return
		}
		killed = true
		for _, w := range workers {
			if err := syscall.Kill(w.PID, syscall.SIGKILL); err != nil {
				t.Errorf("kill worker %s (pid %d): %v", w.Address, w.PID, err)
			}
		}
	})
	if err != nil {
		t.Fatalf("Run with every worker killed: %v", err)
	}
	for i := range want {
		if string(outs[i]) != want[i] {
			t.Errorf("shard %d printed %q, want %q", i+1, outs[i], want[i])
		}
	}
	b, _ := os.ReadFile(starts)
	t.Logf("%d workers killed after the first shard; %d shard runs for 6 shards", len(workers), strings.Count(string(b), "\n"))
}
