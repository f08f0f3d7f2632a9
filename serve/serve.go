// Package serve is mjrank's HTTP service: the Monte Carlo analysis of one
// decision (POST /v1/analyze, the JSON `mjrank analyze --json` prints),
// the review of a player's game (POST /v1/review, JSON or the review's
// HTML page) or of a batch of records (the same endpoint with several
// records; POST /v1/review/jobs for one that outlasts a request), a small
// page to call them from a browser (GET /), a health check and Prometheus
// metrics.
//
// The analyses run the commands' code paths (packages analysis and
// review), so a request with a seed gives the numbers the command gives
// with that seed. A semaphore caps the analyses running at once; a
// request that cannot get a slot within the queue wait is answered 503
// with Retry-After rather than queued without bound, because an analysis
// holds its CPU for seconds. A request's body is read whole before the
// request waits for a slot, so that a client sending it slowly holds its
// connection only, not a slot. Errors are JSON {"error": "..."} naming the
// field, the query parameter or the line of the record that was wrong.
package serve

import (
	"context"
	"errors"
	"fmt"
	"log"
	"math"
	"net"
	"net/http"
	"net/url"
	"runtime"
	"time"

	"github.com/mjrank/mjrank/mc"
)

// Config holds the service's limits. The zero value of a field means its
// default (see the Default constants); New fills them in.
type Config struct {
	MaxBody int64 // request body cap in bytes (413 beyond)
	// BodyMemory caps the bytes held at once for request bodies, from
	// their first byte to their request's end: a body is read whole
	// before its request waits for a slot, and is charged as it comes, so
	// a slow client is charged for what it sent. A request that would pass
	// the cap is answered 503. Default (MaxConcurrent + 16) × MaxBody.
	BodyMemory    int64
	MaxSims       int           // simulations a request may ask for one decision (400 beyond)
	MaxConcurrent int           // analyses running at once (default GOMAXPROCS)
	QueueWait     time.Duration // how long a request waits for a slot before 503 (0: not at all)
	// Workers is the goroutines of one analysis (default: GOMAXPROCS
	// shared out among MaxConcurrent slots). Results do not depend on it.
	Workers         int
	ReadTimeout     time.Duration // reading a request, headers and body
	WriteTimeout    time.Duration // from the end of the headers to the end of the answer; analyses stop before it
	IdleTimeout     time.Duration // a kept-alive connection's wait for the next request
	ShutdownTimeout time.Duration // how long Serve lets running requests finish after its context ends
	// AllowedHosts are Host header names served besides the listening
	// address's own ("*": any). [Service.Serve] refuses every other Host
	// with 421, so that a web page cannot reach a local server through a
	// name it controls (DNS rebinding).
	AllowedHosts []string
	// MaxBatch is the most records one review request or job may hold
	// (default DefaultMaxBatch).
	MaxBatch int
	// MaxJobs is the review jobs queued or running at once (503 with
	// Retry-After beyond; default DefaultMaxJobs); MaxRunningJobs of them
	// run at once, each in one analysis slot (default: half the slots, at
	// least one, so that requests keep the others).
	MaxJobs, MaxRunningJobs int
	// MaxJobResults is the finished jobs kept (the oldest dropped beyond;
	// default DefaultMaxJobResults), each for JobTTL after it finishes
	// (default DefaultJobTTL). Jobs live in memory: a restart loses them.
	MaxJobResults int
	JobTTL        time.Duration
	// JobResultMemory caps the bytes of the finished jobs' results kept,
	// the oldest dropped beyond (default DefaultJobResultMemory); a job
	// whose result alone is larger fails, saying so.
	JobResultMemory int64
	// Replica names this service among several behind a load balancer
	// (default: the host's name): every answer carries it in the
	// ReplicaHeader, /metrics in mjrank_replica_info, and its review jobs'
	// ids begin with it. Peers are the other replicas by name, to which a
	// request about one of their jobs is forwarded (its own name among
	// them is ignored, so that every replica may be given one list).
	Replica string
	Peers   map[string]*url.URL
	// Engine runs the analyses (nil: mc.Default(), the embedded models).
	Engine *mc.Engine
	// Log receives the server's errors (nil: the standard logger).
	Log *log.Logger
}

// Defaults of Config.
const (
	DefaultMaxBody         = 4 << 20
	DefaultMaxSims         = mc.DefaultSims
	DefaultReadTimeout     = 30 * time.Second
	DefaultWriteTimeout    = 10 * time.Minute
	DefaultIdleTimeout     = 2 * time.Minute
	DefaultShutdownTimeout = 5 * time.Minute
	DefaultMaxBatch        = 200
	DefaultMaxJobs         = 8
	DefaultMaxJobResults   = 32
	DefaultJobTTL          = time.Hour
	DefaultJobResultMemory = 256 << 20
)

// Service answers the endpoints; it is an http.Handler.
type Service struct {
	cfg     Config
	eng     *mc.Engine
	slots   chan struct{}
	metrics *metrics
	mux     *http.ServeMux
	hosts   map[string]bool // the Host names served; nil: any (set by Serve)
	jobs    *jobStore
}

// fill sets the zero fields of c to their defaults and checks the
// limits together.
func (c *Config) fill() error {
	if c.MaxBody <= 0 {
		c.MaxBody = DefaultMaxBody
	}
	if c.MaxSims <= 0 {
		c.MaxSims = DefaultMaxSims
	}
	if c.MaxSims > mc.MaxSims {
		return fmt.Errorf("serve: max sims %d: the engine takes at most %d", c.MaxSims, mc.MaxSims)
	}
	if c.MaxConcurrent <= 0 {
		c.MaxConcurrent = runtime.GOMAXPROCS(0)
	}
	if c.BodyMemory <= 0 {
		n := int64(c.MaxConcurrent) + 16
		c.BodyMemory = c.MaxBody * n
		if c.MaxBody > math.MaxInt64/n {
			c.BodyMemory = math.MaxInt64
		}
	}
	if c.BodyMemory < c.MaxBody {
		return fmt.Errorf("serve: body memory %d bytes: less than one body of the cap (%d bytes)", c.BodyMemory, c.MaxBody)
	}
	if c.Workers <= 0 {
		c.Workers = max(1, runtime.GOMAXPROCS(0)/c.MaxConcurrent)
	}
	for _, d := range []struct {
		v   *time.Duration
		def time.Duration
	}{{&c.ReadTimeout, DefaultReadTimeout}, {&c.WriteTimeout, DefaultWriteTimeout},
		{&c.IdleTimeout, DefaultIdleTimeout}, {&c.ShutdownTimeout, DefaultShutdownTimeout}} {
		if *d.v <= 0 {
			*d.v = d.def
		}
	}
	if c.QueueWait < 0 {
		c.QueueWait = 0
	}
	for _, d := range []struct {
		v   *int
		def int
	}{{&c.MaxBatch, DefaultMaxBatch}, {&c.MaxJobs, DefaultMaxJobs}, {&c.MaxJobResults, DefaultMaxJobResults},
		{&c.MaxRunningJobs, max(1, c.MaxConcurrent/2)}} {
		if *d.v <= 0 {
			*d.v = d.def
		}
	}
	if c.JobTTL <= 0 {
		c.JobTTL = DefaultJobTTL
	}
	if c.JobResultMemory <= 0 {
		c.JobResultMemory = DefaultJobResultMemory
	}
	if c.Log == nil {
		c.Log = log.Default()
	}
	if c.Replica == "" {
		c.Replica = defaultReplica()
	}
	if err := CheckReplicaName(c.Replica); err != nil {
		return fmt.Errorf("serve: %v", err)
	}
	return nil
}

// New returns a service with cfg's limits (defaults filled in), loading
// the embedded models unless cfg.Engine is set.
func New(cfg Config) (*Service, error) {
	if err := cfg.fill(); err != nil {
		return nil, err
	}
	s := &Service{cfg: cfg, eng: cfg.Engine, slots: make(chan struct{}, cfg.MaxConcurrent), metrics: newMetrics(cfg.Replica),
		jobs: newJobStore(cfg.MaxRunningJobs)}
	if s.eng == nil {
		var err error
		if s.eng, err = mc.Default(); err != nil {
			return nil, fmt.Errorf("serve: loading the engine's models: %w", err)
		}
	}
	s.mux = http.NewServeMux()
	s.handle("/v1/analyze", http.MethodPost, s.analyze)
	s.handle("/v1/review", http.MethodPost, s.review)
	s.handle(jobsPath, http.MethodPost, s.postJob)
	s.mux.HandleFunc(jobsPath+"/{id}", s.instrument(jobsPath+"/{id}", s.jobByID))
	s.handle("/healthz", http.MethodGet, s.healthz)
	s.handle("/metrics", http.MethodGet, s.serveMetrics)
	s.handle("/{$}", http.MethodGet, s.page)
	s.mux.HandleFunc("/", s.instrument("other", func(w http.ResponseWriter, r *http.Request) *httpError {
		return errorf(http.StatusNotFound, "no endpoint %s: try GET / for the page, POST /v1/analyze, POST /v1/review or POST %s", r.URL.Path, jobsPath)
	}))
	return s, nil
}

// Config returns the service's limits, defaults filled in.
func (s *Service) Config() Config { return s.cfg }

func (s *Service) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set(ReplicaHeader, s.cfg.Replica)
	s.mux.ServeHTTP(w, r)
}

// HTTPServer returns an http.Server for the service on addr with the
// configured timeouts.
func (s *Service) HTTPServer(addr string) *http.Server {
	return &http.Server{
		Addr:              addr,
		Handler:           s,
		ReadTimeout:       s.cfg.ReadTimeout,
		ReadHeaderTimeout: s.cfg.ReadTimeout,
		WriteTimeout:      s.cfg.WriteTimeout,
		IdleTimeout:       s.cfg.IdleTimeout,
		ErrorLog:          s.cfg.Log,
	}
}

// Serve serves on ln until ctx ends, then shuts down gracefully: it stops
// accepting, lets the requests in progress finish (analyses included)
// within the shutdown timeout, and only then cancels what still runs.
func (s *Service) Serve(ctx context.Context, ln net.Listener) error {
	// The requests' contexts descend from base, which Shutdown does not
	// cancel: running analyses go on until the timeout.
	base, cancel := context.WithCancel(context.Background())
	defer cancel()
	s.hosts = allowedHosts(ln.Addr(), s.cfg.AllowedHosts)
	srv := s.HTTPServer(ln.Addr().String())
	srv.BaseContext = func(net.Listener) context.Context { return base }
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	sctx, scancel := context.WithTimeout(context.Background(), s.cfg.ShutdownTimeout)
	defer scancel()
	err := srv.Shutdown(sctx)
	if err != nil {
		cancel()
		srv.Close()
		err = fmt.Errorf("serve: shutdown: requests still running after %v: %w", s.cfg.ShutdownTimeout, err)
	}
	if serr := <-errc; !errors.Is(serr, http.ErrServerClosed) && err == nil {
		err = serr
	}
	s.Close() // the jobs survive nothing
	return err
}

// acquire takes an analysis slot, waiting at most the queue wait; the
// caller releases it with release. It fails when the wait runs out or
// the request is cancelled.
func (s *Service) acquire(ctx context.Context) *httpError {
	select {
	case s.slots <- struct{}{}:
	default:
		if s.cfg.QueueWait <= 0 {
			return s.busy()
		}
		s.metrics.queued.Add(1)
		defer s.metrics.queued.Add(-1)
		t := time.NewTimer(s.cfg.QueueWait)
		defer t.Stop()
		select {
		case s.slots <- struct{}{}:
		case <-t.C:
			return s.busy()
		case <-ctx.Done():
			return errorf(statusClientClosed, "request cancelled while waiting for an analysis slot")
		}
	}
	s.metrics.inFlight.Add(1)
	return nil
}

func (s *Service) release() {
	s.metrics.inFlight.Add(-1)
	<-s.slots
}

func (s *Service) busy() *httpError {
	s.metrics.rejected.Add(1)
	e := errorf(http.StatusServiceUnavailable, "busy: all %d analysis slots are taken (--max-concurrent) and none came free within %v (--queue-wait); retry later",
		s.cfg.MaxConcurrent, s.cfg.QueueWait)
	e.retryAfter = max(1, int(s.cfg.QueueWait.Seconds()+0.5))
	return e
}

// analysisContext bounds an analysis by the write timeout (less a margin
// to answer in), so the engine stops rather than compute an answer the
// connection can no longer carry.
func (s *Service) analysisContext(ctx context.Context) (context.Context, context.CancelFunc) {
	margin := min(time.Second, s.cfg.WriteTimeout/10)
	return context.WithTimeout(ctx, s.cfg.WriteTimeout-margin)
}

// engineError maps an analysis error to an answer: ran out of time, the
// client went away, or a fault of the input (what is left once the request
// was checked: a record the engine cannot follow).
func (s *Service) engineError(ctx context.Context, what string, err error) *httpError {
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return errorf(http.StatusServiceUnavailable, "%s ran past the server's write timeout (%v, --write-timeout): ask for fewer sims", what, s.cfg.WriteTimeout)
	case errors.Is(err, context.Canceled) || ctx.Err() != nil:
		return errorf(statusClientClosed, "%s cancelled: the client went away", what)
	}
	return errorf(http.StatusBadRequest, "%s: %v", what, err)
}
