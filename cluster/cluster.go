// Package cluster runs a command's shards on a Dask cluster: each shard
// is one run of the mjrank binary with its own arguments (…--shard i/n),
// on a worker of the scheduler at a tcp://HOST:PORT address, and its
// standard output comes back to the caller, who merges the shards.
//
// A small Python driver embedded here (driver.py, run with Debian's
// /usr/bin/python3 and its python3-distributed) talks to Dask; it ships
// the binary to the workers, so they need no shared file system, only
// Dask. Every finished shard's output is kept in a folder (Config.Dir)
// under a digest of the binary and the shard's arguments until the whole
// job succeeds, so that the same job after a lost scheduler, a failed
// shard or an interruption runs only the shards it lacks. A worker lost
// in the middle of a shard costs only a rerun of that shard (Dask's own
// rescheduling). Docs: docs/CLUSTER.md.
package cluster

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

//go:embed driver.py
var driverSource []byte

// DefaultPython is the Python the driver runs with: Debian's, whose
// python3-distributed the driver is written for (not whatever python3
// comes first on PATH).
const DefaultPython = "/usr/bin/python3"

// Defaults of Config's timeouts.
const (
	DefaultConnectTimeout = 10 * time.Second
	DefaultWorkerTimeout  = 60 * time.Second
)

// retries is how often Dask runs again a shard's task that raised (a
// worker that could not write the binary, say). A shard that exits
// non-zero is not retried: its input is bad, and would be bad again. A
// worker that dies is another matter: Dask reschedules its tasks itself,
// up to the scheduler's distributed.scheduler.allowed-failures (3).
const retries = 2

// ErrCluster marks the errors of the cluster itself: the scheduler
// unreachable or lost, no worker, the driver unable to run.
var ErrCluster = errors.New("cluster")

// Config says where and how shards run.
type Config struct {
	// Scheduler is the Dask scheduler's address, tcp://HOST:PORT.
	Scheduler string
	// Binary is the executable the shards run (default: this process's).
	Binary string
	// Dir keeps the finished shards' outputs (default: mjrank/cluster
	// under the user's cache folder).
	Dir string
	// WorkDir, when set, is the folder each shard runs in: the client's
	// working folder, so that relative paths in the arguments name the
	// same files on a shared file system. A worker without it fails the
	// shard, naming it. It keys the kept outputs with the arguments.
	WorkDir string
	// Python runs the driver (default: DefaultPython).
	Python string
	// ConnectTimeout bounds the wait for the scheduler, WorkerTimeout the
	// wait for its first worker (defaults above).
	ConnectTimeout, WorkerTimeout time.Duration
	// Log, when not nil, gets a line when a job resumes.
	Log io.Writer

	// driver, when set, is the command run instead of Python on the
	// embedded driver (tests: a fake driver).
	driver []string
}

// CheckAddress checks a scheduler address: tcp://HOST:PORT.
func CheckAddress(addr string) error {
	u, err := url.Parse(addr)
	if err != nil || u.Scheme != "tcp" || u.Host == "" || u.Path != "" || u.User != nil || u.RawQuery != "" {
		return fmt.Errorf("%q: not a Dask scheduler address tcp://HOST:PORT", addr)
	}
	host, port, err := net.SplitHostPort(u.Host)
	if p, perr := strconv.Atoi(port); err != nil || host == "" || perr != nil || p < 1 || p > 65535 {
		return fmt.Errorf("%q: not a Dask scheduler address tcp://HOST:PORT (a port from 1 to 65535)", addr)
	}
	return nil
}

// withDefaults fills the zero fields of c and checks it.
func (c Config) withDefaults() (Config, error) {
	if err := CheckAddress(c.Scheduler); err != nil {
		return c, err
	}
	if c.Binary == "" {
		exe, err := os.Executable()
		if err != nil {
			return c, fmt.Errorf("%w: the binary to ship: %v", ErrCluster, err)
		}
		c.Binary = exe
	}
	if c.Dir == "" {
		dir, err := DefaultDir()
		if err != nil {
			return c, err
		}
		c.Dir = dir
	}
	if c.Python == "" {
		c.Python = DefaultPython
	}
	if c.ConnectTimeout <= 0 {
		c.ConnectTimeout = DefaultConnectTimeout
	}
	if c.WorkerTimeout <= 0 {
		c.WorkerTimeout = DefaultWorkerTimeout
	}
	return c, nil
}

// DefaultDir is Config.Dir's default: mjrank/cluster under the user's
// cache folder ($XDG_CACHE_HOME, else ~/.cache).
func DefaultDir() (string, error) {
	d, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("%w: no folder for the shards' outputs (give one): %v", ErrCluster, err)
	}
	return filepath.Join(d, "mjrank", "cluster"), nil
}

// Worker is one Dask worker as the scheduler reports it.
type Worker struct {
	Address string `json:"address"`
	Host    string `json:"host"`
	PID     int    `json:"pid"` // on Host
	Threads int    `json:"threads"`
}

// Info returns the cluster's workers (at least one: it waits
// WorkerTimeout for a first one).
func Info(ctx context.Context, cfg Config) ([]Worker, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	var workers []Worker
	err = cfg.drive(ctx, driverJob{Mode: "info"}, func(ev event) error {
		if ev.Event == "connected" {
			workers = ev.Workers
		}
		return nil
	})
	return workers, err
}

// Plan returns the number of shards of the job whose arguments, without
// the shard's own, are base: the number kept from an unfinished run of
// the same job (so that it resumes whatever the cluster now holds), else
// want, else perThread shards per thread of the cluster; at most most.
// It keeps the number until ForgetPlan.
func Plan(ctx context.Context, cfg Config, base []string, want, perThread, most int) (int, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return 0, err
	}
	s, err := cfg.store()
	if err != nil {
		return 0, err
	}
	n := want
	if n == 0 {
		if n, err = s.plan(base); err != nil {
			return 0, err
		}
	}
	if n == 0 {
		workers, err := Info(ctx, cfg)
		if err != nil {
			return 0, err
		}
		for _, w := range workers {
			n += perThread * w.Threads
		}
	}
	n = max(1, min(n, most))
	return n, s.setPlan(base, n)
}

// ForgetPlan drops the number of shards Plan kept for the job base.
func ForgetPlan(cfg Config, base []string) error {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return err
	}
	s, err := cfg.store()
	if err != nil {
		return err
	}
	return s.setPlan(base, 0)
}

// store is cfg's store of shard outputs, keyed by its binary's digest.
func (c Config) store() (store, error) {
	d, err := fileDigest(c.Binary)
	if err != nil {
		return store{}, fmt.Errorf("%w: the binary to ship: %v", ErrCluster, err)
	}
	return store{dir: c.Dir, binary: d, workDir: c.WorkDir}, nil
}

// ShardError is a shard that failed: its process exited non-zero, or its
// task failed for good.
type ShardError struct {
	Shard, Shards int      // 1-based
	Args          []string // the shard's mjrank arguments
	Code          int      // exit status (-1: the task failed, see Err)
	Err           string   // why the task failed, when Code is -1
	Stderr        string   // the last lines of the shard's standard error
}

func (e *ShardError) Error() string {
	what := fmt.Sprintf("exited with status %d", e.Code)
	if e.Code < 0 {
		what = "failed: " + e.Err
	}
	msg := fmt.Sprintf("shard %d of %d (mjrank %s) %s", e.Shard, e.Shards, quoteArgs(e.Args), what)
	if s := strings.TrimSpace(e.Stderr); s != "" {
		msg += ":\n  " + strings.ReplaceAll(s, "\n", "\n  ")
	}
	return msg
}

// quoteArgs joins args as a shell would read them back.
func quoteArgs(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		if a != "" && strings.Trim(a, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_=/.,:@+%") == "" {
			q[i] = a
		} else {
			q[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
	}
	return strings.Join(q, " ")
}

// Run runs every shard (each the mjrank arguments of one process) on the
// cluster and returns each shard's standard output, in order. Shards
// whose output the folder keeps from an earlier run of the same binary
// are not run again; each finished shard's output is kept there until
// all are done, and then removed. progress, when not nil, is called with
// (done, total) after each shard, those found done first.
//
// The error is a *ShardError for a shard that failed (the other shards
// are stopped), an ErrCluster one for the cluster (the scheduler
// unreachable or lost: it names the address and how many shards are
// kept), or ctx's.
func Run(ctx context.Context, cfg Config, shards [][]string, progress func(done, total int)) ([][]byte, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	s, err := cfg.store()
	if err != nil {
		return nil, err
	}
	outs := make([][]byte, len(shards))
	var job driverJob
	done := 0
	tick := func() {
		done++
		if progress != nil {
			progress(done, len(shards))
		}
	}
	for i, args := range shards {
		out, ok, err := s.load(args)
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrCluster, err)
		}
		if ok {
			outs[i] = out
			tick()
			continue
		}
		job.Shards = append(job.Shards, driverShard{ID: i, Args: args})
	}
	if done > 0 && cfg.Log != nil {
		fmt.Fprintf(cfg.Log, "cluster: %d of %d shards already done (kept in %s); running the other %d on %s\n", done, len(shards), cfg.Dir, len(job.Shards), cfg.Scheduler)
	}
	if len(job.Shards) > 0 {
		job.Mode, job.Binary, job.Digest, job.Retries, job.WorkDir = "run", cfg.Binary, s.binary, retries, cfg.WorkDir
		err := cfg.drive(ctx, job, func(ev event) error {
			if ev.Event != "shard" {
				return nil
			}
			return cfg.finish(s, shards, outs, ev, tick)
		})
		if err != nil {
			if errors.Is(err, ErrCluster) || ctx.Err() != nil {
				err = fmt.Errorf("%w; %d of %d shards done are kept in %s: the same command resumes with the other %d", err, done, len(shards), cfg.Dir, len(shards)-done)
			}
			return nil, err
		}
	}
	for _, args := range shards {
		if err := s.remove(args); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrCluster, err)
		}
	}
	return outs, nil
}

// finish takes the driver's report ev of one shard: it keeps its output
// or returns its failure.
func (c Config) finish(s store, shards [][]string, outs [][]byte, ev event, tick func()) error {
	if ev.ID < 0 || ev.ID >= len(shards) || outs[ev.ID] != nil {
		return fmt.Errorf("%w: the driver reported shard %d, not one it was given", ErrCluster, ev.ID)
	}
	args := shards[ev.ID]
	if ev.Error != "" || ev.Code == nil || *ev.Code != 0 {
		e := &ShardError{Shard: ev.ID + 1, Shards: len(shards), Args: args, Code: -1, Err: ev.Error, Stderr: ev.Stderr}
		if ev.Error == "" && ev.Code != nil {
			e.Code = *ev.Code
		}
		return e
	}
	if ev.Stdout == nil {
		ev.Stdout = []byte{}
	}
	if err := s.save(args, ev.Stdout); err != nil {
		return fmt.Errorf("%w: %v", ErrCluster, err)
	}
	outs[ev.ID] = ev.Stdout
	tick()
	return nil
}

// driverJob is the job the driver reads on its standard input.
type driverJob struct {
	Mode           string        `json:"mode"`
	Scheduler      string        `json:"scheduler"`
	ConnectTimeout float64       `json:"connect_timeout"`
	WorkerTimeout  float64       `json:"worker_timeout"`
	Binary         string        `json:"binary,omitempty"`
	Digest         string        `json:"digest,omitempty"`
	Retries        int           `json:"retries"`
	WorkDir        string        `json:"work_dir,omitempty"`
	Shards         []driverShard `json:"shards,omitempty"`
}

type driverShard struct {
	ID   int      `json:"id"`
	Args []string `json:"args"`
}

// event is one line of the driver's standard output.
type event struct {
	Event   string   `json:"event"` // connected, shard, fatal, done
	Workers []Worker `json:"workers"`
	ID      int      `json:"id"`
	Code    *int     `json:"code"`
	Stdout  []byte   `json:"stdout"` // base64 in the JSON
	Stderr  string   `json:"stderr"`
	Error   string   `json:"error"`
}

// drive runs the driver on job, passing each event to on; an error from
// on stops the driver and is returned.
func (c Config) drive(ctx context.Context, job driverJob, on func(event) error) error {
	job.Scheduler = c.Scheduler
	job.ConnectTimeout, job.WorkerTimeout = c.ConnectTimeout.Seconds(), c.WorkerTimeout.Seconds()
	in, err := json.Marshal(job)
	if err != nil {
		return err
	}
	argv := c.driver
	if argv == nil {
		script, err := writeDriver()
		if err != nil {
			return err
		}
		defer os.Remove(script)
		argv = []string{c.Python, script}
	}
	parent := ctx
	ctx, stop := context.WithCancel(ctx)
	defer stop()
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Stdin = bytes.NewReader(in)
	stderr := &tailBuffer{max: 8 << 10}
	cmd.Stderr = stderr
	// A stopped driver gets SIGTERM, to cancel its tasks and leave the
	// scheduler cleanly; SIGKILL if it lingers.
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) }
	cmd.WaitDelay = 10 * time.Second
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("%w: cannot run the driver with %s (Debian's python3 with python3-distributed: apt-get install python3-distributed): %v", ErrCluster, argv[0], err)
	}
	runErr, finished := c.events(out, on)
	if runErr != nil {
		stop()
	}
	io.Copy(io.Discard, out)
	waitErr := cmd.Wait()
	switch {
	case parent.Err() != nil:
		return context.Cause(parent)
	case runErr != nil:
		return runErr
	case waitErr != nil || !finished:
		return fmt.Errorf("%w: the driver (%s) ended without a result: %v%s", ErrCluster, strings.Join(argv, " "), waitErr, stderr.lines())
	}
	return nil
}

// events reads the driver's events from r and hands them to on, until
// "done" (finished true), a fatal event, an error of on, or the end of r.
func (c Config) events(r io.Reader, on func(event) error) (err error, finished bool) {
	dec := json.NewDecoder(r)
	for {
		var ev event
		if err := dec.Decode(&ev); err != nil {
			if err == io.EOF {
				return nil, false
			}
			return fmt.Errorf("%w: the driver's output: %v", ErrCluster, err), false
		}
		switch ev.Event {
		case "fatal":
			return fmt.Errorf("%w: %s", ErrCluster, ev.Error), false
		case "done":
			return nil, true
		}
		if err := on(ev); err != nil {
			return err, false
		}
	}
}

// writeDriver writes the embedded driver to a temporary file.
func writeDriver() (string, error) {
	f, err := os.CreateTemp("", "mjrank-dask-driver-*.py")
	if err != nil {
		return "", fmt.Errorf("%w: writing the driver: %v", ErrCluster, err)
	}
	_, err = f.Write(driverSource)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(f.Name())
		return "", fmt.Errorf("%w: writing the driver: %v", ErrCluster, err)
	}
	return f.Name(), nil
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	max int
	b   []byte
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.b = append(t.b, p...)
	if len(t.b) > t.max {
		t.b = t.b[len(t.b)-t.max:]
	}
	return len(p), nil
}

// lines returns the last lines kept, indented after a colon, or "".
func (t *tailBuffer) lines() string {
	s := strings.TrimSpace(string(t.b))
	if s == "" {
		return ""
	}
	ls := strings.Split(s, "\n")
	if len(ls) > 10 {
		ls = ls[len(ls)-10:]
	}
	return ":\n  " + strings.Join(ls, "\n  ")
}
