package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mjrank/mjrank/review"
)

// batchFile is a record of the test batch: its name and text.
type batchFile struct{ name, text string }

// batchFiles are three small records: an mjlog, a tenhou.net/6 arena game
// and a file that is no record (a failed entry, not a failed request).
func batchFiles(t testing.TB) []batchFile {
	return []batchFile{
		{"selfplay.xml", selfplayXML(t)},
		{"arena.json", readFile(t, "../cmd/mjrank/testdata/arena/compare-rulebot/4-000000-0.json")},
		{"cut.xml", readFile(t, "../cmd/mjrank/testdata/verify/cut.xml")},
	}
}

// multipartBody is a form of the files and the fields.
func multipartBody(t testing.TB, files []batchFile, fields map[string]string) (body, ctype string) {
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	for _, f := range files {
		w, err := mw.CreateFormFile("record", f.name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(f.text))
	}
	for k, v := range fields {
		mw.WriteField(k, v)
	}
	mw.Close()
	return b.String(), mw.FormDataContentType()
}

// batchOpts are the test batch's options: two rounds at few sims keep it
// to seconds.
var batchOpts = map[string]any{"rounds": "E1,E2", "sims": 12, "seed": 3}

func batchFields() map[string]string {
	return map[string]string{"rounds": "E1,E2", "sims": "12", "seed": "3"}
}

// libraryBatch is the batch as the review command runs it: the records as
// files, the same options, its entries named by the files' base names.
func libraryBatch(t *testing.T, files []batchFile) []byte {
	dir := t.TempDir()
	var paths []string
	for _, f := range files {
		p := filepath.Join(dir, f.name)
		if err := os.WriteFile(p, []byte(f.text), 0o600); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	rs, err := review.ParseRounds("E1,E2")
	if err != nil {
		t.Fatal(err)
	}
	bo := review.BatchOptions{Options: review.Options{Sims: 12, Seed: 3, Workers: 2, Rounds: rs, Engine: engine(t)}, Seat: -1}
	rep, err := review.NewPlan(context.Background(), paths, bo).Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return []byte(strings.ReplaceAll(string(encode(t, rep)), dir+string(filepath.Separator), ""))
}

// renamed names a JSON batch's records ("record N") as the files.
func renamed(s string, files []batchFile) string {
	for i := len(files) - 1; i >= 0; i-- { // "record 1" is a prefix of "record 10"
		s = strings.ReplaceAll(s, `record `+strconv.Itoa(i+1), files[i].name)
	}
	return s
}

// TestBatchReview posts the three records as a multipart form and as a
// JSON list to /v1/review and as a job, and checks each answer is the
// batch report the review command's path gives for the same files: the
// two games reviewed, the file that is no record a failed entry named by
// its name (never the server's temporary path).
func TestBatchReview(t *testing.T) {
	s := newService(t, Config{Workers: 1})
	files := batchFiles(t)
	lib := libraryBatch(t, files)
	want := normalize(lib)
	var rep review.BatchReport
	if err := json.Unmarshal(lib, &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Games) != 3 || rep.Games[0].Status != review.StatusOK || rep.Games[1].Status != review.StatusOK || rep.Games[2].Status != review.StatusFailed ||
		!strings.HasPrefix(rep.Games[2].Problem(), "cut.xml") || rep.Batch.DecisionsAnalysed == 0 {
		t.Fatalf("the test batch is not two games and a failed file: %.600s", want)
	}

	body, ctype := multipartBody(t, files, batchFields())
	w := request{path: "/v1/review", ctype: ctype, body: body, header: map[string]string{ClientHeader: "t"}}.do(t, s)
	if w.Code != http.StatusOK {
		t.Fatalf("multipart: status %d: %s", w.Code, w.Body)
	}
	if got := normalize(w.Body.Bytes()); got != want {
		t.Errorf("multipart batch differs from the command's:\n--- service ---\n%.2000s\n--- command ---\n%.2000s", got, want)
	}
	if strings.Contains(w.Body.String(), "mjrank-batch-") {
		t.Error("the answer names the server's temporary folder")
	}

	var texts []string
	for _, f := range files {
		texts = append(texts, f.text)
	}
	jb := map[string]any{"records": texts}
	for k, v := range batchOpts {
		jb[k] = v
	}
	w = request{path: "/v1/review", ctype: "application/json", body: jsonBody(t, jb)}.do(t, s)
	if w.Code != http.StatusOK {
		t.Fatalf("json: status %d: %s", w.Code, w.Body)
	}
	if got := renamed(normalize(w.Body.Bytes()), files); got != want {
		t.Errorf("JSON batch differs from the command's:\n--- service ---\n%.2000s\n--- command ---\n%.2000s", got, want)
	}

	v := runJob(t, s, request{path: jobsPath, ctype: ctype, body: body, header: map[string]string{ClientHeader: "t"}})
	if v.Status != JobDone || v.Progress.Entries != 3 || v.Progress.Games != 2 || v.Progress.GamesDone != 2 ||
		v.Progress.Decisions != rep.Batch.DecisionsAnalysed || v.Progress.DecisionsDone != v.Progress.Decisions {
		t.Errorf("job ended %s with progress %+v; want done, 2 games, %d decisions", v.Status, v.Progress, rep.Batch.DecisionsAnalysed)
	}
	var res bytes.Buffer
	json.Indent(&res, v.Result, "", "  ")
	res.WriteByte('\n')
	if got := normalize(res.Bytes()); got != want {
		t.Errorf("the job's result differs from the command's:\n--- job ---\n%.2000s\n--- command ---\n%.2000s", got, want)
	}
}

// runJob posts a job and polls it until it finishes.
func runJob(t *testing.T, s http.Handler, q request) Job {
	t.Helper()
	v := postJob(t, s, q)
	deadline := time.Now().Add(5 * time.Minute)
	for v.Finished == nil {
		if time.Now().After(deadline) {
			t.Fatalf("job %s still %s", v.ID, v.Status)
		}
		time.Sleep(50 * time.Millisecond)
		v = getJob(t, s, v.ID, http.StatusOK)
	}
	return v
}

func postJob(t *testing.T, s http.Handler, q request) Job {
	t.Helper()
	w := q.do(t, s)
	if w.Code != http.StatusAccepted {
		t.Fatalf("POST %s: status %d: %s", q.path, w.Code, w.Body)
	}
	var v Job
	if err := json.Unmarshal(w.Body.Bytes(), &v); err != nil {
		t.Fatal(err)
	}
	_, hex, _ := strings.Cut(v.ID, ".")
	if loc := w.Header().Get("Location"); loc != jobsPath+"/"+v.ID || jobReplica(v.ID) == "" || len(hex) != 32 || v.Status != JobQueued && v.Status != JobRunning {
		t.Fatalf("202 with Location %q, job %+v", loc, v)
	}
	if ct := w.Header().Get("Content-Type"); ct != "application/json" {
		t.Errorf("202's Content-Type %q", ct)
	}
	return v
}

func getJob(t *testing.T, s http.Handler, id string, code int) Job {
	t.Helper()
	w := request{method: "GET", path: jobsPath + "/" + id}.do(t, s)
	if w.Code != code {
		t.Fatalf("GET job %s: status %d, want %d: %s", id, w.Code, code, w.Body)
	}
	var v Job
	if code == http.StatusOK {
		if err := json.Unmarshal(w.Body.Bytes(), &v); err != nil {
			t.Fatal(err)
		}
	}
	return v
}

// TestJobLifecycle follows jobs through their states: a job of one
// record made from the single review's JSON, its progress while it runs
// and its cancellation by DELETE (then 404); a finished job's expiry and
// the results kept beyond the cap; an unknown id.
func TestJobLifecycle(t *testing.T) {
	s := newService(t, Config{Workers: 1, JobTTL: 2 * time.Second, MaxJobResults: 1})
	rec := selfplayXML(t)
	long := request{path: jobsPath, ctype: "application/json", body: jsonBody(t, map[string]any{"record": rec, "sims": 1000})}
	v := postJob(t, s, long)
	if v.Progress.Records != 1 {
		t.Errorf("progress %+v: want 1 record", v.Progress)
	}
	waitFor(t, "the job's first decisions", func() bool {
		v = getJob(t, s, v.ID, http.StatusOK)
		return v.Progress.DecisionsDone > 0
	})
	if v.Status != JobRunning || v.Started == nil || v.Progress.Games != 1 || v.Progress.Entries != 1 || v.Progress.Decisions < v.Progress.DecisionsDone || v.Result != nil {
		t.Errorf("a running job: %+v", v)
	}
	w := request{method: "DELETE", path: jobsPath + "/" + v.ID}.do(t, s)
	var d Job
	if err := json.Unmarshal(w.Body.Bytes(), &d); err != nil || w.Code != http.StatusOK || d.Status != JobCancelled {
		t.Errorf("DELETE: status %d, job %s: %s", w.Code, d.Status, w.Body)
	}
	getJob(t, s, v.ID, http.StatusNotFound)
	waitFor(t, "the cancelled job to give its slot back", func() bool { return len(s.slots) == 0 })

	quick := request{path: jobsPath + "?sims=5&rounds=E1&seat=2", ctype: "application/xml", body: rec}
	a := runJob(t, s, quick)
	if a.Status != JobDone || a.Expires == nil || !a.Expires.After(*a.Finished) {
		t.Fatalf("job %s, expires %v", a.Status, a.Expires)
	}
	var rep review.BatchReport
	if err := json.Unmarshal(a.Result, &rep); err != nil || len(rep.Games) != 1 || rep.Games[0].Seat != 2 || rep.Games[0].File != "record" {
		t.Fatalf("result of one record, seat 2: %v %.300s", err, a.Result)
	}
	for _, d := range rep.Games[0].Decisions {
		if !strings.HasPrefix(d.Round, "E1-") {
			t.Fatalf("?rounds=E1 reviewed a decision of %s", d.Round)
		}
	}
	if len(rep.Games[0].Decisions) == 0 {
		t.Fatal("?rounds=E1 reviewed no decision")
	}
	b := runJob(t, s, quick)
	getJob(t, s, a.ID, http.StatusNotFound) // one result kept: the older dropped
	if b2 := getJob(t, s, b.ID, http.StatusOK); normalize(b2.Result) != normalize(a.Result) {
		t.Error("the same job twice gave two results")
	}
	time.Sleep(time.Until(b.Expires.Add(10 * time.Millisecond)))
	w = request{method: "GET", path: jobsPath + "/" + b.ID}.do(t, s)
	if w.Code != http.StatusNotFound || !strings.Contains(w.Body.String(), "--job-ttl") {
		t.Errorf("an expired job: status %d: %s", w.Code, w.Body)
	}
	for _, q := range []request{
		{method: "GET", path: jobsPath + "/0123"},
		{method: "DELETE", path: jobsPath + "/0123"},
	} {
		if w := q.do(t, s); w.Code != http.StatusNotFound || !strings.Contains(w.Body.String(), `"error": "no review job \"0123\"`) && !strings.Contains(w.Body.String(), `no review job \"0123\"`) {
			t.Errorf("%s unknown job: status %d: %s", q.method, w.Code, w.Body)
		}
	}
}

// TestJobCaps checks the limits on jobs: more than --max-jobs open is 503
// with Retry-After, a body over the cap 413, more records than
// --max-batch 400, and the methods and options refused.
func TestJobCaps(t *testing.T) {
	s := newService(t, Config{Workers: 1, MaxJobs: 1, MaxBody: 64 << 10, MaxBatch: 2, MaxSims: 500})
	rec := selfplayXML(t)
	v := postJob(t, s, request{path: jobsPath, ctype: "application/json", body: jsonBody(t, map[string]any{"record": rec, "sims": 500})})
	w := request{path: jobsPath, ctype: "application/json", body: jsonBody(t, map[string]any{"record": rec, "sims": 5})}.do(t, s)
	if w.Code != http.StatusServiceUnavailable || w.Header().Get("Retry-After") == "" || !strings.Contains(w.Body.String(), "--max-jobs") {
		t.Errorf("a job beyond --max-jobs: status %d, Retry-After %q: %s", w.Code, w.Header().Get("Retry-After"), w.Body)
	}
	request{method: "DELETE", path: jobsPath + "/" + v.ID}.do(t, s)
	files := batchFiles(t)
	body, ctype := multipartBody(t, files, nil)
	mp := map[string]string{ClientHeader: "t"}
	big := strings.Repeat(" ", 64<<10)
	checkErrors(t, s, []errorCase{
		{"body over the cap", request{path: jobsPath, ctype: "application/json", body: jsonBody(t, map[string]any{"records": []string{rec, big}})}, 413, "over the server's limit of 65536 bytes"},
		{"three records, cap two", request{path: jobsPath, ctype: ctype, body: body, header: mp}, 400, "more than 2 records: this server reviews at most 2"},
		{"three in JSON, cap two", request{path: "/v1/review", ctype: "application/json", body: jsonBody(t, map[string]any{"records": []string{"a", "b", "c"}})}, 400, "3 records: this server reviews at most 2"},
		{"no records", request{path: jobsPath, ctype: "application/json", body: `{"records": []}`}, 400, `no record: give "records"`},
		{"records not strings", request{path: jobsPath, ctype: "application/json", body: `{"records": [1]}`}, 400, `field "records": want a string`},
		{"records misspelt", request{path: jobsPath, ctype: "application/json", body: `{"records": ["x"], "Seat": 1}`}, 400, `unknown field "Seat"`},
		{"sims over the cap", request{path: jobsPath, ctype: "application/json", body: `{"records": ["x"], "sims": 501}`}, 400, `"sims" 501: this server allows at most 500`},
		{"bad rounds", request{path: jobsPath, ctype: "application/json", body: `{"records": ["x"], "rounds": "E5"}`}, 400, `"rounds": round 1 "E5": a round number is 1 to 4`},
		{"single review, bad rounds", request{path: "/v1/review", ctype: "application/json", body: `{"record": "x", "rounds": "E1,Q2"}`}, 400, `"rounds": round 2 "Q2": no such round`},
		{"single review, empty rounds", request{path: "/v1/review?rounds=", ctype: "application/xml", body: "x"}, 400, `query parameter "rounds" is empty`},
		{"seat and name", request{path: "/v1/review", ctype: "application/json", body: `{"records": ["x"], "seat": 1, "name": "a"}`}, 400, `give "seat" or "name", not both`},
		{"query with JSON", request{path: jobsPath + "?seat=1", ctype: "application/json", body: `{"records": ["x"]}`}, 400, `query "seat": with a JSON body, give the options in the body`},
		{"form field twice", request{path: jobsPath, ctype: mpType, body: mustMultipart(t, "seat", "1", "seat", "2"), header: mp}, 400, `field "seat" given twice`},
		{"form field unknown", request{path: jobsPath, ctype: mpType, body: mustMultipart(t, "seet", "1"), header: mp}, 400, `unknown field "seet"`},
		{"form field and query", request{path: jobsPath + "?seat=1", ctype: mpType, body: mustMultipart(t, "seat", "2"), header: mp}, 400, `"seat" given both in the query and as a form field`},
		{"form seat bad", request{path: jobsPath, ctype: mpType, body: mustMultipart(t, "seat", "x"), header: mp}, 400, `query "seat" "x": want an integer`},
		{"form without the header", request{path: jobsPath, ctype: ctype, body: body}, 415, "needs the header X-Mjrank-Client"},
		{"batch as html", request{path: "/v1/review?format=html", ctype: "application/json", body: `{"records": ["x"]}`}, 400, "a batch answers JSON"},
		{"job as html", request{path: jobsPath + "?format=html", ctype: "application/json", body: `{"records": ["x"]}`}, 400, "a job's result is JSON"},
		{"GET the jobs", request{method: "GET", path: jobsPath}, 405, "method GET not allowed on /v1/review/jobs: use POST"},
		{"PUT a job", request{method: "PUT", path: jobsPath + "/abc"}, 405, "use GET or DELETE"},
		{"job query", request{method: "GET", path: jobsPath + "/abc?x=1"}, 400, `query parameter "x": /v1/review/jobs/abc takes none`},
	})
}

// mpType is the Content-Type of mustMultipart's forms.
const mpType = "multipart/form-data; boundary=b"

// mustMultipart is a form of one record and the fields, in pairs.
func mustMultipart(t *testing.T, kv ...string) string {
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	mw.SetBoundary("b")
	w, _ := mw.CreateFormFile("record", "a.xml")
	w.Write([]byte("x"))
	for i := 0; i+1 < len(kv); i += 2 {
		mw.WriteField(kv[i], kv[i+1])
	}
	mw.Close()
	return b.String()
}
