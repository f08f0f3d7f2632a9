package serve

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestJobsEndWithServer starts a long job on a live server and stops the
// server: Serve returns only once the job has stopped, cancelled (jobs
// survive nothing), its slot given back; the metrics count the job by
// status throughout, and a job posted while the server stops is refused.
func TestJobsEndWithServer(t *testing.T) {
	s := newService(t, Config{Workers: 1, AllowedHosts: []string{"*"}}) // the handler is also called directly, as example.com
	url, stop := startServer(t, s)
	body := jsonBody(t, map[string]any{"record": selfplayXML(t), "sims": 5000})
	resp, err := http.Post(url+jobsPath, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusAccepted {
		t.Fatalf("status %d", resp.StatusCode)
	}
	id := strings.TrimPrefix(resp.Header.Get("Location"), jobsPath+"/")
	waitFor(t, "the job to run", func() bool { return metricValue(t, s, `mjrank_review_jobs{status="running"}`) == "1" })
	if q := metricValue(t, s, `mjrank_review_jobs{status="queued"}`); q != "0" {
		t.Errorf("queued jobs %s", q)
	}
	start := time.Now()
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	j, e := s.lookupJob(id)
	if e != nil {
		t.Fatal(e.msg)
	}
	if v := j.snapshot(); v.Status != JobCancelled || v.Finished == nil || v.Result != nil {
		t.Errorf("after Serve returned the job is %s (finished %v)", v.Status, v.Finished)
	}
	if held := s.jobs.run.held(); len(s.slots) != 0 || held != 0 {
		t.Errorf("after Serve returned %d slots and %d running places are held", len(s.slots), held)
	}
	if f := metricValue(t, s, `mjrank_review_jobs{status="finished"}`); f != "1" {
		t.Errorf("finished jobs %s", f)
	}
	t.Logf("the server stopped %v after its context ended", time.Since(start))
	w := request{path: jobsPath, ctype: "application/json", body: body}.do(t, s)
	if w.Code != http.StatusServiceUnavailable || !strings.Contains(w.Body.String(), "stopping") {
		t.Errorf("a job posted to a stopped server: status %d: %s", w.Code, w.Body)
	}
}

// TestQueuedJobsHoldBodyMemory checks that a job waiting to run holds its
// body's memory (--max-body times the bodies' share) until its records
// are read, so queued jobs cannot hold more memory than requests can.
func TestQueuedJobsHoldBodyMemory(t *testing.T) {
	rec := selfplayXML(t)
	s := newService(t, Config{Workers: 1, MaxConcurrent: 1, MaxRunningJobs: 1, MaxBody: 16 << 10, BodyMemory: 40 << 10})
	long := jsonBody(t, map[string]any{"record": rec, "sims": 5000})
	var ids []string
	for range 2 { // one running, one queued behind it
		ids = append(ids, postJob(t, s, request{path: jobsPath, ctype: "application/json", body: long}).ID)
	}
	waitFor(t, "the first job to read its record", func() bool { return getJob(t, s, ids[0], http.StatusOK).Progress.Games == 1 })
	held := s.metrics.bodyBytes.Load()
	if held <= 0 || held > 16<<10 {
		t.Errorf("%d bytes held for bodies: want the queued job's body only", held)
	}
	w := request{path: jobsPath, ctype: "application/json", body: long}.do(t, s)
	w2 := request{path: jobsPath, ctype: "application/json", body: long}.do(t, s)
	if w.Code != http.StatusAccepted || w2.Code != http.StatusServiceUnavailable || !strings.Contains(w2.Body.String(), "bodies") {
		t.Errorf("the third job: %d, the fourth: %d %s; want 202, then 503 for the bodies' memory", w.Code, w2.Code, w2.Body)
	}
	s.Close()
	if held := s.metrics.bodyBytes.Load(); held != 0 {
		t.Errorf("%d bytes held for bodies once the jobs were cancelled", held)
	}
}

// TestJobResultMemory checks the cap on the bytes of results kept: a
// result that fits with the last one's drops the older, and one larger
// than the cap alone fails the job, saying so.
func TestJobResultMemory(t *testing.T) {
	quick := request{path: jobsPath + "?sims=5&rounds=E1", ctype: "application/xml", body: selfplayXML(t)}
	size := compactLen(t, runJob(t, newService(t, Config{Workers: 1}), quick).Result) // kept compact, answered indented
	s := newService(t, Config{Workers: 1, JobResultMemory: int64(size + size/2)})
	a, b := runJob(t, s, quick), runJob(t, s, quick)
	getJob(t, s, a.ID, http.StatusNotFound)
	if b.Status != JobDone || getJob(t, s, b.ID, http.StatusOK).Result == nil { // the sizes differ by the timings' digits
		t.Errorf("the newer job: %s", b.Status)
	}
	// Half the size: the timings' digits move a result's length by a few
	// bytes on a busy machine, never by half.
	s = newService(t, Config{Workers: 1, JobResultMemory: int64(size / 2)})
	if c := runJob(t, s, quick); c.Status != JobFailed || c.Result != nil || !strings.Contains(c.Error, "--job-result-memory") {
		t.Errorf("a result over the cap: job %s, error %q", c.Status, c.Error)
	}
}

func compactLen(t *testing.T, b []byte) int {
	var c bytes.Buffer
	if err := json.Compact(&c, b); err != nil {
		t.Fatal(err)
	}
	return c.Len()
}
