package main

import (
	"bytes"
	"encoding/json"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mjrank/mjrank/serve"
)

// TestServeMatchesAnalyze checks that POST /v1/analyze answers what
// mjrank analyze --json prints for the same position and seed: the same
// bytes but for the record's name and the time taken.
func TestServeMatchesAnalyze(t *testing.T) {
	rec, err := os.ReadFile("../../data/testdata/selfplay.xml")
	if err != nil {
		t.Fatal(err)
	}
	obs, err := os.ReadFile("../../sim/observe/testdata/observation.json")
	if err != nil {
		t.Fatal(err)
	}
	svc, err := serve.New(serve.Config{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		args  []string
		stdin string
		body  map[string]any
		file  string // the command's name for the input
	}{
		{"turn", []string{"--log", "../../data/testdata/selfplay.xml", "--round", "E1-0", "--seat", "0", "--turn", "3", "--sims", "200", "--seed", "5"}, "",
			map[string]any{"record": string(rec), "round": "E1-0", "seat": 0, "turn": 3, "sims": 200, "seed": 5}, "../../data/testdata/selfplay.xml"},
		{"event points", []string{"--log", "../../data/testdata/selfplay.xml", "--round", "2", "--event", "20", "--sims", "300", "--utility", "points"}, "",
			map[string]any{"record": string(rec), "round": "2", "event": 20, "sims": 300, "utility": "points"}, "../../data/testdata/selfplay.xml"},
		{"observation", []string{"--observation", "-", "--sims", "200", "--seed", "2"}, string(obs),
			map[string]any{"observation": json.RawMessage(obs), "sims": 200, "seed": 2}, "-"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := run(append([]string{"analyze", "--json"}, tc.args...), strings.NewReader(tc.stdin), &stdout, &stderr); code != 0 {
				t.Fatalf("analyze exit %d: %s", code, stderr.String())
			}
			body, _ := json.Marshal(tc.body)
			r := httptest.NewRequest("POST", "/v1/analyze", bytes.NewReader(body))
			r.Header.Set("Content-Type", "application/json")
			w := httptest.NewRecorder()
			svc.ServeHTTP(w, r)
			if w.Code != http.StatusOK {
				t.Fatalf("status %d: %s", w.Code, w.Body)
			}
			want := timing.ReplaceAllString(stdout.String(), "${1}X")
			want = strings.Replace(want, `"file": "`+tc.file+`"`, `"file": "NAME"`, 1)
			got := timing.ReplaceAllString(w.Body.String(), "${1}X")
			got = strings.Replace(strings.Replace(got, `"file": "record"`, `"file": "NAME"`, 1), `"file": "observation"`, `"file": "NAME"`, 1)
			if got != want {
				t.Errorf("the service and mjrank analyze differ:\n--- service ---\n%s\n--- analyze ---\n%s", got, want)
			}
		})
	}
}

// TestServeByteSize checks the --max-body values.
func TestServeByteSize(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64
		ok   bool
	}{
		{"4MiB", 4 << 20, true}, {"512KiB", 512 << 10, true}, {"1GiB", 1 << 30, true}, {"1MB", 1e6, true},
		{"3kB", 3000, true}, {"100", 100, true}, {"7B", 7, true},
		{"0", 0, false}, {"-1MiB", 0, false}, {"4XB", 0, false}, {"MiB", 0, false}, {"99999999999GiB", 0, false},
	} {
		var b byteSize
		err := b.Set(tc.in)
		if (err == nil) != tc.ok || (tc.ok && int64(b) != tc.want) {
			t.Errorf("Set(%q) = %d, %v; want %d (ok %v)", tc.in, int64(b), err, tc.want, tc.ok)
		}
	}
	for _, tc := range []struct {
		v    byteSize
		want string
	}{{4 << 20, "4MiB"}, {3 << 10, "3KiB"}, {1000, "1000"}} {
		if got := tc.v.String(); got != tc.want {
			t.Errorf("%d prints %q, want %q", int64(tc.v), got, tc.want)
		}
	}
}

// TestServeReviewMatchesReview checks that POST /v1/review answers what
// mjrank review --json prints.
func TestServeReviewMatchesReview(t *testing.T) {
	rec, err := os.ReadFile("../../data/testdata/selfplay.mjson")
	if err != nil {
		t.Fatal(err)
	}
	svc, err := serve.New(serve.Config{})
	if err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"review", "../../data/testdata/selfplay.mjson", "--seat", "3", "--sims", "20", "--seed", "5", "--json"}, strings.NewReader(""), &stdout, &stderr); code != 0 {
		t.Fatalf("review exit %d: %s", code, stderr.String())
	}
	r := httptest.NewRequest("POST", "/v1/review?seat=3&sims=20&seed=5", bytes.NewReader(rec))
	r.Header.Set("Content-Type", "application/x-ndjson")
	w := httptest.NewRecorder()
	svc.ServeHTTP(w, r)
	if w.Code != http.StatusOK {
		t.Fatalf("status %d: %s", w.Code, w.Body)
	}
	if got, want := timing.ReplaceAllString(w.Body.String(), "${1}X"), timing.ReplaceAllString(stdout.String(), "${1}X"); got != want {
		t.Errorf("the service and mjrank review differ:\n--- service ---\n%.2000s\n--- review ---\n%.2000s", got, want)
	}
}

// TestServeBatchMatchesReview checks that a batch posted to /v1/review as
// record files, and the same batch as a review job, answer what mjrank
// review --json prints for those files: two games, the first again
// (skipped as a repeat) and a record cut short (failed), every entry
// named by its file.
func TestServeBatchMatchesReview(t *testing.T) {
	paths := []string{"../../data/testdata/selfplay.xml", "testdata/arena/compare-rulebot/4-000000-0.json",
		"../../data/testdata/../testdata/selfplay.xml", "testdata/verify/cut.xml"}
	var stdout, stderr bytes.Buffer
	args := []string{"review", "--json", "--seat", "1", "--rounds", "E1,E2", "--sims", "12", "--seed", "3"}
	if code := run(append(args, paths...), strings.NewReader(""), &stdout, &stderr); code != 1 {
		t.Fatalf("review exit %d, want 1 (a game failed): %s", code, stderr.String())
	}
	want := timing.ReplaceAllString(stdout.String(), "${1}X")
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		fw, _ := mw.CreateFormFile("record", filepath.Base(p))
		fw.Write(b)
		want = strings.ReplaceAll(want, p, filepath.Base(p))
	}
	for k, v := range map[string]string{"seat": "1", "rounds": "E1,E2", "sims": "12", "seed": "3"} {
		mw.WriteField(k, v)
	}
	mw.Close()
	for _, c := range []string{`"status": "ok"`, `"status": "skipped"`, `"status": "failed"`, `"reason": "the same game as selfplay.xml game 1"`} {
		if !strings.Contains(want, c) {
			t.Fatalf("the command's batch holds no %s: %.1500s", c, want)
		}
	}
	svc, err := serve.New(serve.Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer svc.Close()
	post := func(path string) *httptest.ResponseRecorder {
		r := httptest.NewRequest("POST", path, bytes.NewReader(body.Bytes()))
		r.Header.Set("Content-Type", mw.FormDataContentType())
		r.Header.Set(serve.ClientHeader, "test")
		w := httptest.NewRecorder()
		svc.ServeHTTP(w, r)
		return w
	}
	w := post("/v1/review")
	if w.Code != http.StatusOK {
		t.Fatalf("status %d: %s", w.Code, w.Body)
	}
	if got := timing.ReplaceAllString(w.Body.String(), "${1}X"); got != want {
		t.Errorf("the service's batch and mjrank review's differ:\n--- service ---\n%.3000s\n--- review ---\n%.3000s", got, want)
	}
	w = post("/v1/review/jobs")
	if w.Code != http.StatusAccepted {
		t.Fatalf("job: status %d: %s", w.Code, w.Body)
	}
	loc := w.Header().Get("Location")
	var job serve.Job
	for deadline := time.Now().Add(5 * time.Minute); job.Finished == nil && time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		w = httptest.NewRecorder()
		svc.ServeHTTP(w, httptest.NewRequest("GET", loc, nil))
		if err := json.Unmarshal(w.Body.Bytes(), &job); w.Code != http.StatusOK || err != nil {
			t.Fatalf("GET %s: status %d, %v: %s", loc, w.Code, err, w.Body)
		}
	}
	var res bytes.Buffer
	json.Indent(&res, job.Result, "", "  ")
	res.WriteByte('\n')
	if got := timing.ReplaceAllString(res.String(), "${1}X"); job.Status != serve.JobDone || got != want {
		t.Errorf("the job (%s) and mjrank review differ:\n--- job ---\n%.3000s\n--- review ---\n%.3000s", job.Status, got, want)
	}
}
