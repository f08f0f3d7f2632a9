package cluster

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// fakeDriver is a Config whose driver is a shell script that saves the
// job it reads, prints events (lines of the driver's protocol) and exits
// with status code.
func fakeDriver(t *testing.T, events []string, code int) (Config, func() driverJob) {
	t.Helper()
	dir := t.TempDir()
	bin := filepath.Join(dir, "mjrank")
	if err := os.WriteFile(bin, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	evFile, jobFile := filepath.Join(dir, "events"), filepath.Join(dir, "job.json")
	if err := os.WriteFile(evFile, []byte(strings.Join(events, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	script := fmt.Sprintf("cat > '%s'; cat '%s'; echo 'Traceback: the fake driver' >&2; exit %d", jobFile, evFile, code)
	cfg := Config{Scheduler: "tcp://127.0.0.1:8786", Binary: bin, Dir: filepath.Join(dir, "kept"), driver: []string{"/bin/sh", "-c", script}}
	job := func() driverJob {
		t.Helper()
		b, err := os.ReadFile(jobFile)
		if err != nil {
			t.Fatalf("the driver got no job: %v", err)
		}
		var j driverJob
		if err := json.Unmarshal(b, &j); err != nil {
			t.Fatalf("the job %s: %v", b, err)
		}
		return j
	}
	return cfg, job
}

// shardEvent is the driver's line for shard id that printed out and
// exited with code.
func shardEvent(id int, out string, code int, stderr string) string {
	b, _ := json.Marshal(map[string]any{"event": "shard", "id": id, "code": code, "stdout": base64.StdEncoding.EncodeToString([]byte(out)), "stderr": stderr})
	return string(b)
}

const connected = `{"event": "connected", "workers": [{"address": "tcp://127.0.0.1:40000", "host": "127.0.0.1", "pid": 7, "threads": 2}]}`

var fourShards = [][]string{
	{"arena", "--shard", "1/4", "--json"},
	{"arena", "--shard", "2/4", "--json"},
	{"arena", "--shard", "3/4", "--json"},
	{"arena", "--shard", "4/4", "--json"},
}

// TestRunResumes: the shards kept from an earlier run are not sent to the
// driver, the others are, the outputs come back in order, the progress
// counts all four, and the store is emptied once the job is done.
func TestRunResumes(t *testing.T) {
	cfg, job := fakeDriver(t, []string{connected, shardEvent(3, "four", 0, ""), shardEvent(1, "two", 0, ""), `{"event": "done"}`}, 0)
	var log bytes.Buffer
	cfg.Log = &log
	c, _ := cfg.withDefaults()
	s, err := c.store()
	if err != nil {
		t.Fatal(err)
	}
	for i, out := range map[int]string{0: "one", 2: "three"} {
		if err := s.save(fourShards[i], []byte(out)); err != nil {
			t.Fatal(err)
		}
	}
	var calls [][2]int
	outs, err := Run(context.Background(), cfg, fourShards, func(done, total int) { calls = append(calls, [2]int{done, total}) })
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprintf("%q", outs); got != `["one" "two" "three" "four"]` {
		t.Errorf("outputs %s", got)
	}
	j := job()
	if j.Mode != "run" || len(j.Shards) != 2 || j.Shards[0].ID != 1 || j.Shards[1].ID != 3 || j.Scheduler != cfg.Scheduler || j.Digest != s.binary {
		t.Errorf("the driver got %+v, want shards 1 and 3 of the binary %s", j, s.binary)
	}
	if fmt.Sprint(calls) != "[[1 4] [2 4] [3 4] [4 4]]" {
		t.Errorf("progress calls %v", calls)
	}
	if !strings.Contains(log.String(), "2 of 4 shards already done") {
		t.Errorf("log %q does not say what was resumed", log.String())
	}
	if files, _ := os.ReadDir(cfg.Dir); len(files) != 0 {
		t.Errorf("%d files left in the store after the job", len(files))
	}
}

// TestRunAllKept: a job whose every shard is kept does not run the driver
// (which here would fail).
func TestRunAllKept(t *testing.T) {
	cfg, _ := fakeDriver(t, []string{`{"event": "fatal", "error": "must not run"}`}, 1)
	c, _ := cfg.withDefaults()
	s, _ := c.store()
	for i, args := range fourShards {
		s.save(args, []byte{byte('a' + i)})
	}
	outs, err := Run(context.Background(), cfg, fourShards, nil)
	if err != nil || string(bytes.Join(outs, nil)) != "abcd" {
		t.Errorf("Run = %q, %v", outs, err)
	}
}

// TestRunShardFails: a shard that exits non-zero fails the job with its
// arguments and its standard error's last lines; the shards finished
// before it stay kept.
func TestRunShardFails(t *testing.T) {
	cfg, _ := fakeDriver(t, []string{connected, shardEvent(0, "one", 0, ""), shardEvent(2, "", 3, "reading x.json\nx.json: line 7: bad tile 9q")}, 0)
	_, err := Run(context.Background(), cfg, fourShards, nil)
	var se *ShardError
	if !errors.As(err, &se) || se.Shard != 3 || se.Code != 3 {
		t.Fatalf("Run: %v, want shard 3's failure", err)
	}
	for _, want := range []string{"shard 3 of 4", "mjrank arena --shard 3/4 --json", "status 3", "x.json: line 7: bad tile 9q"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the error %q lacks %q", err, want)
		}
	}
	c, _ := cfg.withDefaults()
	s, _ := c.store()
	if _, ok, _ := s.load(fourShards[0]); !ok {
		t.Error("the shard finished before the failure is not kept")
	}
}

// TestRunClusterErrors: the driver's fatal error (the scheduler
// unreachable), a driver that dies without one, and one that reports a
// shard it was not given are errors of the cluster, saying what is kept.
func TestRunClusterErrors(t *testing.T) {
	for _, tc := range []struct {
		name   string
		events []string
		code   int
		want   []string
	}{
		{"unreachable", []string{`{"event": "fatal", "error": "cannot reach the Dask scheduler at tcp://127.0.0.1:8786 within 10 s"}`}, 1,
			[]string{"cannot reach the Dask scheduler at tcp://127.0.0.1:8786", "0 of 4 shards done are kept", "resumes with the other 4"}},
		{"lost", []string{connected, shardEvent(1, "two", 0, ""), `{"event": "fatal", "error": "lost the Dask scheduler at tcp://127.0.0.1:8786"}`}, 1,
			[]string{"lost the Dask scheduler at tcp://127.0.0.1:8786", "1 of 4 shards done are kept", "the other 3"}},
		{"crash", []string{connected}, 2,
			[]string{"the driver", "ended without a result", "exit status 2", "Traceback: the fake driver"}},
		{"garbage", []string{connected, "not json"}, 0,
			[]string{"the driver's output"}},
		{"unknown shard", []string{connected, shardEvent(9, "", 0, "")}, 0,
			[]string{"reported shard 9"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg, _ := fakeDriver(t, tc.events, tc.code)
			_, err := Run(context.Background(), cfg, fourShards, nil)
			if !errors.Is(err, ErrCluster) {
				t.Fatalf("Run: %v, want a cluster error", err)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("the error %q lacks %q", err, w)
				}
			}
		})
	}
}

// TestInfoAndPlan: Info reads the workers; Plan asks for them only when
// neither the caller nor a kept plan gives the number of shards.
func TestInfoAndPlan(t *testing.T) {
	cfg, job := fakeDriver(t, []string{connected, `{"event": "done"}`}, 0)
	ws, err := Info(context.Background(), cfg)
	if err != nil || len(ws) != 1 || ws[0].Threads != 2 || ws[0].PID != 7 {
		t.Fatalf("Info = %+v, %v", ws, err)
	}
	if job().Mode != "info" {
		t.Errorf("Info's job: %+v", job())
	}
	base := []string{"arena", "--games=40"}
	for _, tc := range []struct{ want, perThread, most, n int }{
		{0, 4, 40, 8},   // 4 per thread of the two
		{5, 4, 40, 5},   // the caller's number, kept
		{0, 4, 40, 5},   // the kept number
		{50, 4, 40, 40}, // at most most
	} {
		n, err := Plan(context.Background(), cfg, base, tc.want, tc.perThread, tc.most)
		if err != nil || n != tc.n {
			t.Errorf("Plan(want %d) = %d, %v, want %d", tc.want, n, err, tc.n)
		}
		if tc.n == 8 {
			ForgetPlan(cfg, base) // so that the next asks the caller's
		}
	}
	if err := ForgetPlan(cfg, base); err != nil {
		t.Fatal(err)
	}
	cfg.driver = []string{"/bin/sh", "-c", "cat >/dev/null; echo '{\"event\": \"fatal\", \"error\": \"no\"}'; exit 1"}
	if _, err := Plan(context.Background(), cfg, base, 0, 4, 40); !errors.Is(err, ErrCluster) {
		t.Errorf("Plan without a kept plan nor a cluster: %v", err)
	}
}

// TestRunRefusesBadConfig: a bad address or a missing binary fail before
// any driver runs.
func TestRunRefusesBadConfig(t *testing.T) {
	if _, err := Run(context.Background(), Config{Scheduler: "localhost:8786"}, fourShards, nil); err == nil || !strings.Contains(err.Error(), "tcp://HOST:PORT") {
		t.Errorf("a bad address: %v", err)
	}
	cfg := Config{Scheduler: "tcp://127.0.0.1:8786", Binary: filepath.Join(t.TempDir(), "none"), Dir: t.TempDir()}
	if _, err := Run(context.Background(), cfg, fourShards, nil); err == nil || !strings.Contains(err.Error(), "none") {
		t.Errorf("a missing binary: %v", err)
	}
	cfg.Binary, cfg.Python = "/bin/sh", filepath.Join(t.TempDir(), "python3")
	if _, err := Run(context.Background(), cfg, fourShards, nil); !errors.Is(err, ErrCluster) || !strings.Contains(err.Error(), "python3-distributed") {
		t.Errorf("a missing Python: %v", err)
	}
}

// TestRunInterrupted: a job whose context ends (Ctrl-C) stops its driver
// (SIGTERM) and returns the context's cause, saying what is kept.
func TestRunInterrupted(t *testing.T) {
	cfg, _ := fakeDriver(t, nil, 0)
	cfg.driver = []string{"/bin/sh", "-c", "cat >/dev/null; echo '" + connected + "'; echo '" + shardEvent(0, "one", 0, "") + "'; exec sleep 60"}
	ctx, cancel := context.WithCancelCause(context.Background())
	stop := errors.New("interrupted by SIGINT")
	start := time.Now()
	_, err := Run(ctx, cfg, fourShards, func(done, total int) { cancel(stop) })
	if !errors.Is(err, stop) || !strings.Contains(err.Error(), "1 of 4 shards done are kept") {
		t.Errorf("Run interrupted: %v, want its cause and what is kept", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("the driver took %v to stop", d)
	}
}
