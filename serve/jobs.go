package serve

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/mjrank/mjrank/review"
)

// The status of a review job.
const (
	JobQueued    = "queued"    // waiting for a running place and an analysis slot
	JobRunning   = "running"   // reading its records, then reviewing
	JobDone      = "done"      // the result is there (some games may have failed: see its batch)
	JobFailed    = "failed"    // the review stopped on an error (not a damaged record: that is a failed game)
	JobCancelled = "cancelled" // deleted before it finished, or the server stopped
)

// Job is the JSON of a review job (GET /v1/review/jobs/{id}).
type Job struct {
	ID       string      `json:"id"`
	Status   string      `json:"status"`
	Created  time.Time   `json:"created"`
	Started  *time.Time  `json:"started,omitempty"`
	Finished *time.Time  `json:"finished,omitempty"`
	Expires  *time.Time  `json:"expires,omitempty"` // when a finished job's result is dropped
	Progress JobProgress `json:"progress"`
	Error    string      `json:"error,omitempty"`
	// Result is the batch report, as `mjrank review --json` prints it for
	// the same records, once the job is done.
	Result json.RawMessage `json:"result,omitempty"`
}

// JobProgress is how far a job is: its records, then (once they are
// read) the games to review and their decisions, as the command's
// progress bar counts them.
type JobProgress struct {
	Records       int `json:"records"`
	Entries       int `json:"entries"` // the games and failed or skipped records read from them
	Games         int `json:"games"`
	GamesDone     int `json:"games_done"`
	Decisions     int `json:"decisions"`
	DecisionsDone int `json:"decisions_done"`
}

// job is a review job: the request while it waits, then its progress and
// result.
type job struct {
	ctx    context.Context
	cancel context.CancelFunc

	mu       sync.Mutex
	view     Job
	finished time.Time     // zero while unfinished
	req      *BatchRequest // nil once read
	release  func()        // the body's memory, released once the records are read
	relOnce  sync.Once
}

func (j *job) releaseBody() {
	j.relOnce.Do(func() {
		j.mu.Lock()
		j.req = nil
		j.mu.Unlock()
		j.release()
	})
}

// snapshot is the job's JSON as it stands.
func (j *job) snapshot() Job {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.view
}

func (j *job) update(f func(v *Job)) {
	j.mu.Lock()
	defer j.mu.Unlock()
	f(&j.view)
}

// jobStore holds the jobs: those queued or running, bounded by MaxJobs,
// and the finished ones, bounded by MaxJobResults and dropped JobTTL after
// they finish. Nothing of it outlives the process.
type jobStore struct {
	mu     sync.Mutex
	jobs   map[string]*job
	run    *runQueue // a place for each job running at once, in the jobs' order
	closed bool
	wg     sync.WaitGroup
}

func newJobStore(running int) *jobStore {
	return &jobStore{jobs: map[string]*job{}, run: newRunQueue(running)}
}

// sweep drops the finished jobs past their time, then the oldest finished
// beyond MaxJobResults or beyond JobResultMemory bytes of results. The
// caller holds st.mu.
func (s *Service) sweep(now time.Time) {
	st := s.jobs
	var done []*job
	for id, j := range st.jobs {
		j.mu.Lock()
		f := j.finished
		j.mu.Unlock()
		switch {
		case f.IsZero():
		case now.Sub(f) >= s.cfg.JobTTL:
			delete(st.jobs, id)
		default:
			done = append(done, j)
		}
	}
	sortByFinish(done)
	var bytes int64
	for i := len(done) - 1; i >= 0; i-- { // the newest first
		bytes += int64(len(done[i].view.Result))
		if len(done)-i > s.cfg.MaxJobResults || bytes > s.cfg.JobResultMemory {
			delete(st.jobs, done[i].view.ID)
		}
	}
}

func sortByFinish(js []*job) {
	for i := 1; i < len(js); i++ { // few jobs: insertion sort
		for k := i; k > 0 && js[k].finished.Before(js[k-1].finished); k-- {
			js[k], js[k-1] = js[k-1], js[k]
		}
	}
}

// newJobID is the replica's name, a dot and 128 random bits: a job's
// result is reachable only by whoever was given its id, and the id says
// which replica holds it.
func newJobID(replica string) (string, error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	return replica + "." + hex.EncodeToString(b[:]), nil
}

// startJob queues q as a job, or refuses it when MaxJobs are queued or
// running. release frees the request body's memory; the job calls it once
// its records are read.
func (s *Service) startJob(q *BatchRequest, release func()) (*job, *httpError) {
	id, err := newJobID(s.cfg.Replica)
	if err != nil {
		return nil, errorf(http.StatusInternalServerError, "a job id: %v", err)
	}
	st := s.jobs
	st.mu.Lock()
	defer st.mu.Unlock()
	now := time.Now()
	s.sweep(now)
	if st.closed {
		return nil, errorf(http.StatusServiceUnavailable, "the server is stopping")
	}
	open := 0
	for _, j := range st.jobs {
		if j.snapshot().Finished == nil {
			open++
		}
	}
	if open >= s.cfg.MaxJobs {
		s.metrics.rejected.Add(1)
		e := errorf(http.StatusServiceUnavailable, "busy: %d review jobs are queued or running, the server's limit (--max-jobs); retry later", open)
		e.retryAfter = jobRetryAfter
		return nil, e
	}
	ctx, cancel := context.WithCancel(context.Background())
	j := &job{ctx: ctx, cancel: cancel, req: q, release: release,
		view: Job{ID: id, Status: JobQueued, Created: now, Progress: JobProgress{Records: len(q.Records)}}}
	st.jobs[id] = j
	st.wg.Add(1)
	go s.runJob(j, st.run.ticket()) // the ticket taken here: jobs run in the order made
	return j, nil
}

// jobRetryAfter is the Retry-After of a refused job, in seconds: jobs take
// minutes, so a client should not come back at once.
const jobRetryAfter = 30

// runJob waits for a running place and an analysis slot, then reviews the
// job's batch. A running job holds one slot, as a review request does, so
// jobs and requests together run at most MaxConcurrent analyses.
func (s *Service) runJob(j *job, ticket chan struct{}) {
	defer s.jobs.wg.Done()
	defer j.releaseBody()
	defer j.cancel()
	var rep *review.BatchReport
	err := func() error {
		select {
		case <-ticket:
		case <-j.ctx.Done():
			s.jobs.run.cancel(ticket)
			return j.ctx.Err()
		}
		defer s.jobs.run.release()
		select {
		case s.slots <- struct{}{}:
		case <-j.ctx.Done():
			return j.ctx.Err()
		}
		s.metrics.inFlight.Add(1)
		defer s.release()
		now := time.Now()
		j.update(func(v *Job) { v.Status, v.Started = JobRunning, &now })
		j.mu.Lock()
		q := j.req
		j.mu.Unlock()
		var err error
		rep, err = s.runBatch(j.ctx, q, func(p review.BatchProgress) {
			j.update(func(v *Job) {
				v.Progress.Games, v.Progress.GamesDone = p.Games, p.GamesDone
				v.Progress.Decisions, v.Progress.DecisionsDone = p.Decisions, p.DecisionsDone
			})
		}, func(entries int) {
			j.update(func(v *Job) { v.Progress.Entries = entries })
			j.releaseBody()
		})
		return err
	}()
	s.finishJob(j, rep, err)
}

// finishJob records the job's end: its result, its error, or that it was
// cancelled.
func (s *Service) finishJob(j *job, rep *review.BatchReport, err error) {
	var result json.RawMessage
	if err == nil {
		if result, err = json.Marshal(rep); err == nil {
			s.metrics.sims.Add(uint64(rep.Batch.DecisionsAnalysed * batchSims(rep)))
		}
		if int64(len(result)) > s.cfg.JobResultMemory {
			err = fmt.Errorf("the result, %d bytes of JSON, is over the server's memory for results (%d bytes, --job-result-memory): review fewer games at once", len(result), s.cfg.JobResultMemory)
			result = nil
		}
	}
	now := time.Now()
	exp := now.Add(s.cfg.JobTTL)
	j.mu.Lock()
	v := &j.view
	v.Finished, v.Expires, j.finished = &now, &exp, now
	switch {
	case err == nil:
		v.Status, v.Result = JobDone, result
	case errors.Is(err, context.Canceled):
		v.Status, v.Error = JobCancelled, "cancelled before it finished"
	default:
		v.Status, v.Error = JobFailed, err.Error()
	}
	j.mu.Unlock()
	st := s.jobs
	st.mu.Lock()
	s.sweep(now)
	st.mu.Unlock()
}

// batchSims is the simulation budget of a decision of the batch.
func batchSims(rep *review.BatchReport) int {
	for _, e := range rep.Games {
		if e.Report != nil {
			return e.Report.Sims
		}
	}
	return 0
}

// lookupJob finds a job by id, dropping those past their time first.
func (s *Service) lookupJob(id string) (*job, *httpError) {
	st := s.jobs
	st.mu.Lock()
	defer st.mu.Unlock()
	s.sweep(time.Now())
	if j := st.jobs[id]; j != nil {
		return j, nil
	}
	return nil, errorf(http.StatusNotFound, "no review job %q: never made, deleted, finished more than %v ago (--job-ttl), or among the oldest beyond the %d results or %d bytes of results kept (--job-results, --job-result-memory)",
		id, s.cfg.JobTTL, s.cfg.MaxJobResults, s.cfg.JobResultMemory)
}

// deleteJob removes a job, cancelling it if it has not finished.
func (s *Service) deleteJob(id string) (Job, *httpError) {
	j, e := s.lookupJob(id)
	if e != nil {
		return Job{}, e
	}
	st := s.jobs
	st.mu.Lock()
	delete(st.jobs, id)
	st.mu.Unlock()
	j.cancel()
	v := j.snapshot()
	if v.Finished == nil {
		v.Status = JobCancelled
	}
	v.Result = nil
	return v, nil
}

// Close cancels the review jobs and waits for them to stop; their results
// are dropped. Serve calls it once the server has shut down.
func (s *Service) Close() {
	st := s.jobs
	st.mu.Lock()
	st.closed = true
	for _, j := range st.jobs {
		j.cancel()
	}
	st.mu.Unlock()
	st.wg.Wait()
}

// jobCounts are the jobs queued, running and finished (kept), for the
// metrics.
func (s *Service) jobCounts() (queued, running, finished int) {
	st := s.jobs
	st.mu.Lock()
	defer st.mu.Unlock()
	for _, j := range st.jobs {
		switch j.snapshot().Status {
		case JobQueued:
			queued++
		case JobRunning:
			running++
		default:
			finished++
		}
	}
	return
}
