package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"net"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/mjrank/mjrank/mc"
	"github.com/mjrank/mjrank/serve"
)

var cmdServe = &Command{
	Name:      "serve",
	UsageLine: "[--addr HOST:PORT] [--allow-host NAMES] [--max-body SIZE] [--max-sims N] [--max-concurrent N] [--queue-wait D] [--read-timeout D] [--write-timeout D] [--idle-timeout D] [--shutdown-timeout D] [--max-batch N] [--max-jobs N] [--running-jobs N] [--job-results N] [--job-result-memory SIZE] [--job-ttl D] [--replica NAME] [--peer NAME=URL]...",
	Short:     "serve the analysis and the review over HTTP",
	Long: `
Serve answers HTTP on --addr (loopback by default):

  POST /v1/analyze  {"observation": {...}}, {"record": "...", "round": "E2-0",
                    "event": N | "turn": T, "seat": S, "game": G}, or
                    {"position": {"hand": "...", "dora": "5m", "seat": S |
                    "wind": W, ...}} (analyze's typed position, each flag a
                    field; "rivers" and "melds" lists), with "sims", "seed",
                    "utility" (rank|points), "time_ms": the JSON mjrank
                    analyze --json prints
  POST /v1/review   a record as the body (options in the query: seat, name,
                    game, rounds, sims, seed) or {"record": "...", "seat": N |
                    "name": "...", "rounds": "E1,S3", "sims": N, "seed": S}:
                    the JSON of mjrank review --json, or its HTML page with
                    ?format=html or Accept: text/html. Several records:
                    {"records": ["...", ...], and the options} or
                    multipart/form-data of record files (options as form
                    fields or in the query): the batch report review --json
                    prints for the same files; a damaged record is a
                    failed entry
  POST /v1/review/jobs
                    any body /v1/review takes, run as a job: 202 with the
                    job and its Location, /v1/review/jobs/ID
  GET  /v1/review/jobs/ID
                    the job: status (queued, running, done, failed,
                    cancelled), progress (games and decisions done of
                    their total), then its result, the batch report
  DELETE /v1/review/jobs/ID
                    cancel the job and forget it
  GET  /            a page to paste a position or a log into
  GET  /healthz     ok
  GET  /metrics     Prometheus text: requests, analyses in flight, rejected,
                    durations, simulations

A request with a seed gives the numbers mjrank analyze (or review) gives
with that seed. At most --max-concurrent analyses run at once; a request
that finds no free slot within --queue-wait gets 503 with Retry-After. A
body is read whole before its request waits for a slot: one not complete
within --read-timeout gets 408 and holds no slot. Errors are JSON
{"error": "..."}: a JSON key given twice or not spelt exactly as the
field, at any depth, and a query parameter unknown, repeated or empty are
refused (400). SIGINT or SIGTERM stops accepting requests and lets the
running ones finish within --shutdown-timeout.

A batch holds at most --max-batch records. Review jobs: at most
--max-jobs queued or running (503 with Retry-After beyond), of which
--running-jobs run at once, each in one analysis slot as a request; a
finished job's result is kept --job-ttl, and only the --job-results
newest within --job-result-memory bytes. Jobs live in memory: a
restart, or SIGINT or SIGTERM, loses them (the running ones are
cancelled once the requests have finished).

So that no web page the user visits can make the server work: a request
whose Host is not the listening address's (localhost and the loopback
addresses on loopback; every address of the machine on 0.0.0.0) is
refused with 421 unless --allow-host names it; /v1/analyze takes only
application/json; a record sent to /v1/review as text/plain, as a form or
with no Content-Type needs the header X-Mjrank-Client (any value).

Behind a load balancer, several replicas answer the same request with the
same bytes for the same seed, so any may take any request. Each answer
names its replica in the header Mjrank-Replica (--replica, default the
host's name), as /metrics does in mjrank_replica_info. A review job lives
in the memory of the replica that made it, and its id begins with that
replica's name and a dot: a replica asked about another's job forwards
the request to it when --peer NAME=URL names it (once per replica; 404
naming the replica otherwise), or the load balancer routes
/v1/review/jobs/NAME.* to replica NAME (docs/CLI.md, "Behind a load
balancer").
`,
	Setup: func(fs *flag.FlagSet) func(*Env, []string) error {
		o := serveOptions{maxBody: byteSize(serve.DefaultMaxBody), jobMemory: byteSize(serve.DefaultJobResultMemory)}
		fs.StringVar(&o.addr, "addr", "127.0.0.1:8080", "address to listen on")
		fs.Var(&o.maxBody, "max-body", "largest request body (bytes, or with KiB, MiB, KB, MB)")
		fs.IntVar(&o.maxSims, "max-sims", serve.DefaultMaxSims, fmt.Sprintf("most simulations a request may ask for a decision (1 to %d)", mc.MaxSims))
		fs.IntVar(&o.maxConc, "max-concurrent", 0, "analyses running at once (default GOMAXPROCS)")
		fs.DurationVar(&o.queueWait, "queue-wait", 0, "how long a request waits for a free analysis slot before 503 (0: not at all)")
		fs.DurationVar(&o.readTimeout, "read-timeout", serve.DefaultReadTimeout, "time to read a request, headers and body (408 beyond)")
		fs.DurationVar(&o.writeTimeout, "write-timeout", serve.DefaultWriteTimeout, "time to answer a request once read (analyses stop before it)")
		fs.DurationVar(&o.idleTimeout, "idle-timeout", serve.DefaultIdleTimeout, "how long a kept-alive connection waits for the next request")
		fs.DurationVar(&o.shutdownTimeout, "shutdown-timeout", serve.DefaultShutdownTimeout, "how long running requests may finish after SIGINT or SIGTERM")
		fs.IntVar(&o.maxBatch, "max-batch", serve.DefaultMaxBatch, "most records in one review request or job")
		fs.IntVar(&o.maxJobs, "max-jobs", serve.DefaultMaxJobs, "review jobs queued or running at once (503 beyond)")
		fs.IntVar(&o.runningJobs, "running-jobs", 0, "review jobs running at once, each in one analysis slot (default half the slots, at least 1)")
		fs.IntVar(&o.jobResults, "job-results", serve.DefaultMaxJobResults, "finished review jobs whose results are kept (the oldest dropped beyond)")
		fs.Var(&o.jobMemory, "job-result-memory", "bytes of finished review jobs' results kept (the oldest dropped beyond)")
		fs.DurationVar(&o.jobTTL, "job-ttl", serve.DefaultJobTTL, "how long a finished review job's result is kept")
		fs.StringVar(&o.replica, "replica", "", "this replica's name among several behind a load balancer (default the host's name)")
		fs.Var(&o.peers, "peer", "another replica `NAME=URL`, to which requests on its review jobs are forwarded (repeat per replica)")
		fs.StringVar(&o.allowHost, "allow-host", "", "Host names to answer besides the listening address's, comma-separated (\"*\": any)")
		return func(env *Env, args []string) error {
			if len(args) > 0 {
				return usageErrorf("unexpected argument %q", args[0])
			}
			if err := o.check(); err != nil {
				return err
			}
			return o.run(env)
		}
	},
}

// serveOptions are the serve command's flags.
type serveOptions struct {
	addr, allowHost, replica                                           string
	peers                                                              repeated
	maxBody, jobMemory                                                 byteSize
	maxSims, maxConc                                                   int
	maxBatch, maxJobs, runningJobs, jobResults                         int
	jobTTL                                                             time.Duration
	queueWait, readTimeout, writeTimeout, idleTimeout, shutdownTimeout time.Duration
}

// check checks every flag before any work.
func (o *serveOptions) check() error {
	errs := []error{intIn("max-sims", o.maxSims, 1, mc.MaxSims), atLeast("max-concurrent", o.maxConc, 0),
		atLeast("max-batch", o.maxBatch, 1), atLeast("max-jobs", o.maxJobs, 1), atLeast("running-jobs", o.runningJobs, 0),
		atLeast("job-results", o.jobResults, 1)}
	for _, d := range []struct {
		name string
		v    time.Duration
		zero bool // 0 allowed
	}{{"queue-wait", o.queueWait, true}, {"read-timeout", o.readTimeout, false}, {"write-timeout", o.writeTimeout, false},
		{"idle-timeout", o.idleTimeout, false}, {"shutdown-timeout", o.shutdownTimeout, false}, {"job-ttl", o.jobTTL, false}} {
		if d.v < 0 || (d.v == 0 && !d.zero) {
			errs = append(errs, usageErrorf("--%s %v: must be more than 0", d.name, d.v))
		}
	}
	if o.replica != "" {
		if err := serve.CheckReplicaName(o.replica); err != nil {
			errs = append(errs, usageErrorf("--replica: %v", err))
		}
	}
	if _, err := serve.ParsePeers(o.peers); err != nil {
		errs = append(errs, usageErrorf("--%v", err))
	}
	return firstErr(errs...)
}

// run serves until SIGINT or SIGTERM.
func (o *serveOptions) run(env *Env) error {
	peers, err := serve.ParsePeers(o.peers)
	if err != nil {
		return err
	}
	svc, err := serve.New(serve.Config{Replica: o.replica, Peers: peers, MaxBody: int64(o.maxBody), MaxSims: o.maxSims, MaxConcurrent: o.maxConc, QueueWait: o.queueWait,
		ReadTimeout: o.readTimeout, WriteTimeout: o.writeTimeout, IdleTimeout: o.idleTimeout, ShutdownTimeout: o.shutdownTimeout,
		AllowedHosts: splitList(o.allowHost),
		MaxBatch:     o.maxBatch, MaxJobs: o.maxJobs, MaxRunningJobs: o.runningJobs, MaxJobResults: o.jobResults, JobTTL: o.jobTTL,
		JobResultMemory: int64(o.jobMemory),
		Log:             log.New(env.Stderr, "mjrank serve: ", log.LstdFlags)})
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", o.addr)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	c := svc.Config()
	fmt.Fprintf(env.Stderr, "mjrank serve: replica %s listening on http://%s (%d analyses at once, %d workers each, at most %d sims a decision)\n",
		c.Replica, ln.Addr(), c.MaxConcurrent, c.Workers, c.MaxSims)
	err = svc.Serve(ctx, ln)
	fmt.Fprintln(env.Stderr, "mjrank serve: stopped")
	return err
}

// byteSize is a flag of a size in bytes: "4194304", "4MiB", "512KiB", "1MB".
type byteSize int64

func (b *byteSize) String() string {
	switch n := int64(*b); {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%dMiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%dKiB", n>>10)
	default:
		return strconv.FormatInt(n, 10)
	}
}

func (b *byteSize) Set(s string) error {
	units := []struct {
		suffix string
		mult   int64
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}, {"GB", 1e9}, {"MB", 1e6}, {"KB", 1e3}, {"kB", 1e3}, {"B", 1}}
	num, mult := s, int64(1)
	for _, u := range units {
		if strings.HasSuffix(s, u.suffix) {
			num, mult = strings.TrimSpace(strings.TrimSuffix(s, u.suffix)), u.mult
			break
		}
	}
	n, err := strconv.ParseInt(num, 10, 64)
	if err != nil || n < 1 || n > (1<<62)/mult {
		return fmt.Errorf("want a positive size in bytes, optionally with KiB, MiB, GiB, KB, MB or GB")
	}
	*b = byteSize(n * mult)
	return nil
}

// splitList splits a comma-separated flag value, dropping empty items.
func splitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}
