package serve

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mjrank/mjrank/analysis"
	"github.com/mjrank/mjrank/mc"
	"github.com/mjrank/mjrank/sim/observe"
)

var (
	engineOnce sync.Once
	testEng    *mc.Engine
	engineErr  error
)

// engine loads the embedded models once for every test.
func engine(t testing.TB) *mc.Engine {
	engineOnce.Do(func() { testEng, engineErr = mc.Default() })
	if engineErr != nil {
		t.Fatal(engineErr)
	}
	return testEng
}

// newService returns a service on the shared engine with cfg's limits.
func newService(t testing.TB, cfg Config) *Service {
	t.Helper()
	cfg.Engine = engine(t)
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s
}

func readFile(t testing.TB, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func selfplayXML(t testing.TB) string { return readFile(t, "../data/testdata/selfplay.xml") }

func observationJSON(t testing.TB) string {
	return readFile(t, "../sim/observe/testdata/observation.json")
}

// jsonBody marshals v for a request.
func jsonBody(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// request is one call of the handler.
type request struct {
	method, path, ctype, body string
	header                    map[string]string
}

func (q request) do(t testing.TB, h http.Handler) *httptest.ResponseRecorder {
	t.Helper()
	method := q.method
	if method == "" {
		method = http.MethodPost
	}
	r := httptest.NewRequest(method, q.path, strings.NewReader(q.body))
	if q.ctype != "" {
		r.Header.Set("Content-Type", q.ctype)
	}
	for k, v := range q.header {
		r.Header.Set(k, v)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

// seconds matches the timing fields, which differ run to run.
var seconds = regexp.MustCompile(`"seconds": ?[0-9.e+-]+`)

func normalize(b []byte) string { return seconds.ReplaceAllString(string(b), `"seconds": X`) }

// encode writes v as the service and the command do.
func encode(t testing.TB, v any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestAnalyzeSameAsCommandPath checks that the service answers, for a
// position of the bundled record and for the bundled observation, the
// bytes the analyze command's code path gives with the same seed (at
// another worker count: the result must not depend on it).
func TestAnalyzeSameAsCommandPath(t *testing.T) {
	s := newService(t, Config{Workers: 1})
	rec := selfplayXML(t)
	obs := observationJSON(t)
	cases := []struct {
		name string
		body any
		pos  func() (*analysis.Position, error)
		o    mc.Options
	}{
		{"record turn", map[string]any{"record": rec, "round": "E1-0", "seat": 0, "turn": 3, "sims": 200, "seed": 7},
			func() (*analysis.Position, error) {
				g, err := analysis.ReadGame(strings.NewReader(rec), "record", 1)
				if err != nil {
					return nil, err
				}
				return analysis.RecordPosition(g, "record", "E1-0", 0, 3, 0)
			}, mc.Options{Sims: 200, Seed: 7, Workers: 2}},
		{"record event", map[string]any{"record": rec, "round": "2", "event": 20, "sims": 200},
			func() (*analysis.Position, error) {
				g, err := analysis.ReadGame(strings.NewReader(rec), "record", 1)
				if err != nil {
					return nil, err
				}
				return analysis.RecordPosition(g, "record", "2", 20, 0, -1)
			}, mc.Options{Sims: 200, Seed: 1, Workers: 2}},
		{"observation", map[string]any{"observation": json.RawMessage(obs), "sims": 200, "seed": 3},
			func() (*analysis.Position, error) { return analysis.ObservationPosition([]byte(obs), "observation", 3) },
			mc.Options{Sims: 200, Seed: 3, Workers: 2}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			w := request{path: "/v1/analyze", ctype: "application/json", body: jsonBody(t, tc.body)}.do(t, s)
			if w.Code != http.StatusOK {
				t.Fatalf("status %d: %s", w.Code, w.Body)
			}
			if ct := w.Header().Get("Content-Type"); ct != "application/json" {
				t.Errorf("Content-Type %q", ct)
			}
			pos, err := tc.pos()
			if err != nil {
				t.Fatal(err)
			}
			res, _, err := analysis.Run(context.Background(), engine(t), pos, tc.o)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := normalize(w.Body.Bytes()), normalize(encode(t, res)); got != want {
				t.Errorf("the service and the command's path differ:\n--- service ---\n%s\n--- analysis.Run ---\n%s", got, want)
			}
		})
	}
}

// TestReview asks for a review as JSON and as HTML, by raw body with
// query options and by JSON body.
func TestReview(t *testing.T) {
	s := newService(t, Config{})
	rec := selfplayXML(t)
	cases := []struct {
		name   string
		q      request
		html   bool
		seat   int
		player string
	}{
		{"raw body, query", request{path: "/v1/review?sims=20&seat=1", ctype: "application/xml", body: rec}, false, 1, "thesis"},
		{"raw body, no type", request{path: "/v1/review?sims=20&seed=4", body: rec, header: map[string]string{"X-Mjrank-Client": "test"}}, false, 0, "efficiency"},
		{"raw body, curl's form type", request{path: "/v1/review?sims=20", ctype: "application/x-www-form-urlencoded", body: rec, header: map[string]string{"X-Mjrank-Client": "test"}}, false, 0, "efficiency"},
		{"json body, name", request{path: "/v1/review", ctype: "application/json",
			body: jsonBody(t, map[string]any{"record": rec, "name": "thesis", "sims": 20})}, false, 1, "thesis"},
		{"json body, curl's form type", request{path: "/v1/review", ctype: "application/x-www-form-urlencoded", header: map[string]string{"X-Mjrank-Client": "test"},
			body: jsonBody(t, map[string]any{"record": rec, "seat": 2, "sims": 20})}, false, 2, "rulebot"},
		{"format=html", request{path: "/v1/review?sims=20&format=html", ctype: "text/plain", body: rec, header: map[string]string{"X-Mjrank-Client": "test"}}, true, 0, "efficiency"},
		{"Accept html", request{path: "/v1/review?sims=20&seat=2", ctype: "application/xml", body: rec, header: map[string]string{"Accept": "text/html,*/*"}}, true, 2, ""},
		{"gzipped mjlog", request{path: "/v1/review?sims=20", ctype: "application/gzip", body: gzipped(t, rec)}, false, 0, "efficiency"},
		{"tenhou6 as json", request{path: "/v1/review?sims=20", ctype: "application/json", body: readFile(t, "../data/testdata/selfplay.json")}, false, 0, "efficiency"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			w := tc.q.do(t, s)
			if w.Code != http.StatusOK {
				t.Fatalf("status %d: %s", w.Code, w.Body)
			}
			body := w.Body.String()
			if tc.html {
				if !strings.HasPrefix(body, "<!DOCTYPE html>") || !strings.Contains(body, "<svg") || !strings.Contains(w.Header().Get("Content-Type"), "text/html") {
					t.Fatalf("not the review page: %.200s", body)
				}
				for _, bad := range []string{"src=", "href=", "<script "} { // links within the page (#d12) and inline script are its own
					if strings.Contains(strings.ReplaceAll(body, `href="#`, ""), bad) {
						t.Errorf("the page holds %q: not self-contained", bad)
					}
				}
				return
			}
			var rep struct {
				Seat      int    `json:"seat"`
				Player    string `json:"player"`
				Sims      int    `json:"sims_per_decision"`
				Decisions []any  `json:"decisions"`
			}
			if err := json.Unmarshal(w.Body.Bytes(), &rep); err != nil {
				t.Fatal(err)
			}
			if rep.Seat != tc.seat || rep.Player != tc.player || rep.Sims != 20 || len(rep.Decisions) == 0 {
				t.Errorf("seat %d (%s), %d sims, %d decisions; want seat %d (%s), 20 sims", rep.Seat, rep.Player, rep.Sims, len(rep.Decisions), tc.seat, tc.player)
			}
		})
	}
}

// TestSmallEndpoints checks /healthz, the page and /metrics.
func TestSmallEndpoints(t *testing.T) {
	s := newService(t, Config{})
	cases := []struct {
		q     request
		ctype string
		want  []string
	}{
		{request{method: "GET", path: "/healthz"}, "text/plain", []string{"ok\n"}},
		{request{method: "GET", path: "/"}, "text/html", []string{"<textarea", "/v1/analyze", "/v1/review", "srcdoc"}},
		{request{method: "GET", path: "/metrics"}, "text/plain; version=0.0.4", []string{"# TYPE mjrank_http_requests_total counter", "mjrank_analyses_in_flight 0"}},
	}
	for _, tc := range cases {
		w := tc.q.do(t, s)
		if w.Code != http.StatusOK || !strings.HasPrefix(w.Header().Get("Content-Type"), tc.ctype) {
			t.Errorf("%s: status %d, Content-Type %q", tc.q.path, w.Code, w.Header().Get("Content-Type"))
		}
		for _, want := range tc.want {
			if !strings.Contains(w.Body.String(), want) {
				t.Errorf("%s: no %q in %.300s", tc.q.path, want, w.Body)
			}
		}
	}
	page := request{method: "GET", path: "/"}.do(t, s).Body.String()
	for _, bad := range []string{"src=", "href=", "@import", "url("} {
		if strings.Contains(page, bad) {
			t.Errorf("the page holds %q: not self-contained", bad)
		}
	}
}

// metricValue reads one series of /metrics.
func metricValue(t *testing.T, s http.Handler, series string) string {
	t.Helper()
	body := request{method: "GET", path: "/metrics"}.do(t, s).Body.String()
	for _, line := range strings.Split(body, "\n") {
		if v, ok := strings.CutPrefix(line, series+" "); ok {
			return v
		}
	}
	return ""
}

// TestMetricsMove checks that the counters follow the requests.
func TestMetricsMove(t *testing.T) {
	s := newService(t, Config{MaxConcurrent: 2})
	obs := observationJSON(t)
	good := request{path: "/v1/analyze", ctype: "application/json", body: `{"observation": ` + obs + `, "sims": 200}`}
	for range 2 {
		if w := good.do(t, s); w.Code != 200 {
			t.Fatalf("status %d: %s", w.Code, w.Body)
		}
	}
	request{method: "GET", path: "/v1/analyze"}.do(t, s)
	request{method: "GET", path: "/healthz"}.do(t, s)
	s.slots <- struct{}{} // take both slots
	s.slots <- struct{}{}
	busy := good.do(t, s)
	<-s.slots
	<-s.slots
	if busy.Code != http.StatusServiceUnavailable {
		t.Fatalf("status %d with every slot taken", busy.Code)
	}
	for series, want := range map[string]string{
		`mjrank_http_requests_total{endpoint="/v1/analyze",code="200"}`:              "2",
		`mjrank_http_requests_total{endpoint="/v1/analyze",code="405"}`:              "1",
		`mjrank_http_requests_total{endpoint="/v1/analyze",code="503"}`:              "1",
		`mjrank_http_requests_total{endpoint="/healthz",code="200"}`:                 "1",
		`mjrank_http_request_duration_seconds_count{endpoint="/v1/analyze"}`:         "4",
		`mjrank_http_request_duration_seconds_bucket{endpoint="/healthz",le="+Inf"}`: "1",
		`mjrank_rejected_total`:     "1",
		`mjrank_analyses_in_flight`: "0",
	} {
		if got := metricValue(t, s, series); got != want {
			t.Errorf("%s = %q, want %s", series, got, want)
		}
	}
	if got := metricValue(t, s, "mjrank_simulations_total"); got == "0" || got == "" {
		t.Errorf("mjrank_simulations_total = %q after two analyses", got)
	}
}

// TestErrors checks each refusal's status and message.
func TestErrors(t *testing.T) {
	s := newService(t, Config{MaxSims: 1000, MaxBody: 64 << 10})
	rec := selfplayXML(t)
	obs := observationJSON(t)
	js := func(v any) string { return jsonBody(t, v) }
	const aj = "application/json"
	cases := []errorCase{
		{"GET analyze", request{method: "GET", path: "/v1/analyze"}, 405, "method GET not allowed on /v1/analyze: use POST"},
		{"PUT review", request{method: "PUT", path: "/v1/review"}, 405, "method PUT not allowed on /v1/review: use POST"},
		{"POST healthz", request{path: "/healthz"}, 405, "use GET"},
		{"no such path", request{method: "GET", path: "/v2/x"}, 404, "no endpoint /v2/x"},
		{"analyze text", request{path: "/v1/analyze", ctype: "text/plain", body: "{}"}, 415, `Content-Type "text/plain": /v1/analyze takes application/json`},
		{"analyze form", request{path: "/v1/analyze", ctype: "application/x-www-form-urlencoded", body: "a=b"}, 415, "takes application/json"},
		{"review multipart without the header", request{path: "/v1/review", ctype: "multipart/form-data; boundary=x", body: "x"}, 415, `Content-Type "multipart/form-data": a record or form sent as text/plain, as multipart/form-data`},
		{"review form, no boundary", request{path: "/v1/review", ctype: "multipart/form-data", body: "x", header: map[string]string{ClientHeader: "t"}}, 400, "multipart/form-data without a boundary"},
		{"review form, bad body", request{path: "/v1/review", ctype: "multipart/form-data; boundary=x", body: "x", header: map[string]string{ClientHeader: "t"}}, 400, "multipart body, part 1:"},
		{"review unknown type", request{path: "/v1/review", ctype: "image/png", body: "x"}, 415, `Content-Type "image/png": /v1/review takes a record`},
		{"bad content type", request{path: "/v1/analyze", ctype: "a/b; c", body: "{}"}, 415, `Content-Type "a/b; c"`},
		{"too big", request{path: "/v1/analyze", ctype: aj, body: js(map[string]any{"record": strings.Repeat("x", 70<<10)})}, 413, "request body over the server's limit of 65536 bytes (--max-body)"},
		{"empty body", request{path: "/v1/analyze", ctype: aj}, 400, "request body: empty; want a JSON object"},
		{"cut JSON", request{path: "/v1/analyze", ctype: aj, body: `{"sims": 1,`}, 400, "request body: the JSON ends early"},
		{"bad JSON", request{path: "/v1/analyze", ctype: aj, body: "{\n  \"sims\" 1}"}, 400, "request body: line 2, column 10: invalid character '1' after object key"},
		{"not an object", request{path: "/v1/analyze", ctype: aj, body: `[1]`}, 400, "request body: want a JSON object, not array"},
		{"unknown field", request{path: "/v1/analyze", ctype: aj, body: `{"observation": {}, "simz": 3}`}, 400, `request body: unknown field "simz"`},
		{"wrong type", request{path: "/v1/analyze", ctype: aj, body: `{"sims": "many"}`}, 400, `field "sims": want an integer, not string`},
		{"negative seed", request{path: "/v1/analyze", ctype: aj, body: `{"seed": -1}`}, 400, `field "seed": want an integer of 0 or more, not number -1`},
		{"data after", request{path: "/v1/analyze", ctype: aj, body: `{} {}`}, 400, "request body: line 1, column 4: data after the JSON object"},
		{"nothing to analyse", request{path: "/v1/analyze", ctype: aj, body: `{"sims": 10}`}, 400, `want "observation" (observation JSON) or "record"`},
		{"both", request{path: "/v1/analyze", ctype: aj, body: js(map[string]any{"observation": json.RawMessage(obs), "record": rec})}, 400, `give "observation" or "record", not both`},
		{"observation and round", request{path: "/v1/analyze", ctype: aj, body: js(map[string]any{"observation": json.RawMessage(obs), "round": "E1-0", "seat": 1})}, 400, `"observation" ends at its decision: "round", "seat" belong to "record"`},
		{"bad observation", request{path: "/v1/analyze", ctype: aj, body: `{"observation": {"seat": 9}}`}, 400, "observation: observe: observation"},
		{"no round", request{path: "/v1/analyze", ctype: aj, body: js(map[string]any{"record": rec, "event": 3})}, 400, `"round" is required with "record"`},
		{"event and turn", request{path: "/v1/analyze", ctype: aj, body: js(map[string]any{"record": rec, "round": "E1-0", "event": 3, "turn": 2, "seat": 0})}, 400, `give one of "event"`},
		{"turn without seat", request{path: "/v1/analyze", ctype: aj, body: js(map[string]any{"record": rec, "round": "E1-0", "turn": 2})}, 400, `"turn" needs "seat"`},
		{"bad seat", request{path: "/v1/analyze", ctype: aj, body: js(map[string]any{"record": rec, "round": "E1-0", "turn": 2, "seat": 4})}, 400, `"seat" 4: want 0 to 3`},
		{"bad event", request{path: "/v1/analyze", ctype: aj, body: js(map[string]any{"record": rec, "round": "E1-0", "event": -2})}, 400, `"event" -2: want 0 or more`},
		{"zero sims", request{path: "/v1/analyze", ctype: aj, body: js(map[string]any{"observation": json.RawMessage(obs), "sims": 0})}, 400, `"sims" 0: want 1 to 1000`},
		{"over the cap", request{path: "/v1/analyze", ctype: aj, body: js(map[string]any{"observation": json.RawMessage(obs), "sims": 5000})}, 400, `"sims" 5000: this server allows at most 1000 simulations a decision (--max-sims)`},
		{"bad utility", request{path: "/v1/analyze", ctype: aj, body: js(map[string]any{"observation": json.RawMessage(obs), "utility": "money"})}, 400, `"utility" "money": want "rank" or "points"`},
		{"bad time", request{path: "/v1/analyze", ctype: aj, body: js(map[string]any{"observation": json.RawMessage(obs), "time_ms": -5})}, 400, `"time_ms" -5: want 0 (no limit) to 86400000`},
		{"huge time", request{path: "/v1/analyze", ctype: aj, body: js(map[string]any{"observation": json.RawMessage(obs), "time_ms": int64(1) << 62})}, 400, `"time_ms" 4611686018427387904: want 0 (no limit) to 86400000`},
		{"empty record", request{path: "/v1/analyze", ctype: aj, body: `{"record": " ", "round": "1", "event": 0}`}, 400, `"record" is empty`},
		{"broken record", request{path: "/v1/analyze", ctype: aj, body: js(map[string]any{"record": "<mjloggm ver=\"2.3\">\n<GO type=\"169\"/>\n<INIT bad", "round": "E1-0", "event": 3})}, 400, "record:3:1: game 1: truncated record"},
		{"no such round", request{path: "/v1/analyze", ctype: aj, body: js(map[string]any{"record": rec, "round": "W4-9", "event": 3})}, 400, `record: no such position: no round "W4-9"`},
		{"no such game", request{path: "/v1/analyze", ctype: aj, body: js(map[string]any{"record": rec, "round": "E1-0", "event": 3, "game": 2})}, 400, "record: no game 2: the file holds 1 game"},
		{"no decision", request{path: "/v1/analyze", ctype: aj, body: js(map[string]any{"record": rec, "round": "E1-0", "event": 0, "seat": 2})}, 400, "record: E1-0 event 0: seat 2 has no decision there"},
		{"review nothing", request{ctype: "application/xml", path: "/v1/review"}, 400, `no record: send the record as the body, or JSON {"record": ...}`},
		{"review seat and name", request{ctype: "application/xml", path: "/v1/review?seat=1&name=x", body: rec}, 400, `give "seat" or "name", not both`},
		{"review bad seat", request{ctype: "application/xml", path: "/v1/review?seat=7", body: rec}, 400, `"seat" 7: want 0 to 3`},
		{"review seat not a number", request{ctype: "application/xml", path: "/v1/review?seat=east", body: rec}, 400, `query "seat" "east": want an integer`},
		{"review bad seed", request{ctype: "application/xml", path: "/v1/review?seed=-1", body: rec}, 400, `query "seed" "-1": want an integer`},
		{"review sims over the cap", request{ctype: "application/xml", path: "/v1/review?sims=1001", body: rec}, 400, `"sims" 1001: this server allows at most 1000`},
		{"review bad name", request{ctype: "application/xml", path: "/v1/review?name=nobody", body: rec}, 400, `record: no player named "nobody" (the players: efficiency, thesis, rulebot, efficiency)`},
		{"review bad format", request{ctype: "application/xml", path: "/v1/review?format=pdf", body: rec}, 400, `query "format" "pdf": want "json" or "html"`},
		{"review query with json", request{path: "/v1/review?seat=1", ctype: aj, body: js(map[string]any{"record": rec})}, 400, `query "seat": with a JSON body, give the options in the body`},
		{"review unknown field", request{path: "/v1/review", ctype: aj, body: js(map[string]any{"record": rec, "player": 1})}, 400, `request body: unknown field "player"`},
		{"review not a record", request{path: "/v1/review", ctype: "text/plain", body: "hello", header: map[string]string{"X-Mjrank-Client": "test"}}, 400, "record"},
		{"review unknown query", request{ctype: "application/xml", path: "/v1/review?seet=2", body: rec}, 400, `unknown query parameter "seet": /v1/review takes seat, name, game, rounds, sims, seed, format`},
		{"review repeated query", request{ctype: "application/xml", path: "/v1/review?seat=1&seat=2", body: rec}, 400, `query parameter "seat" given 2 times`},
		{"review bad query", request{ctype: "application/xml", path: "/v1/review?seat=%zz", body: rec}, 400, `query "seat=%zz"`},
		{"analyze without a type", request{path: "/v1/analyze", body: `{}`}, 415, `Content-Type "": /v1/analyze takes application/json`},
		{"review text without the header", request{path: "/v1/review", ctype: "text/plain", body: rec}, 415, "needs the header X-Mjrank-Client"},
		{"review form without the header", request{path: "/v1/review", ctype: "application/x-www-form-urlencoded", body: rec}, 415, "needs the header X-Mjrank-Client"},
		{"review no type without the header", request{path: "/v1/review", body: rec}, 415, "needs the header X-Mjrank-Client"},
		{"analyze query", request{path: "/v1/analyze?sims=5", ctype: aj, body: `{}`}, 400, `query parameter "sims": /v1/analyze takes none`},
	}
	checkErrors(t, s, cases)
}

// errorCase is a request the service refuses, with the status and a part
// of the error message it must give.
type errorCase struct {
	name string
	q    request
	code int
	msg  string
}

func checkErrors(t *testing.T, s http.Handler, cases []errorCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			w := tc.q.do(t, s)
			var e struct {
				Error string `json:"error"`
			}
			if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil {
				t.Fatalf("status %d, body not JSON {\"error\"}: %q", w.Code, w.Body)
			}
			if w.Code != tc.code || !strings.Contains(e.Error, tc.msg) {
				t.Errorf("status %d, error %q; want %d and %q", w.Code, e.Error, tc.code, tc.msg)
			}
			if tc.code == 405 && w.Header().Get("Allow") == "" {
				t.Error("405 without Allow")
			}
		})
	}
}

// TestStrictErrors checks the refusals of what encoding/json and a
// query's parser would let through: a JSON key given twice (the last value
// would win) or spelt in another case ("Sims" would be "sims"), at any
// depth; a query parameter given empty (?seat= would be seat 0); a name
// two seats share (the first would be reviewed).
func TestStrictErrors(t *testing.T) {
	s := newService(t, Config{MaxSims: 1000})
	rec := selfplayXML(t)
	obs := observationJSON(t)
	js := func(v any) string { return jsonBody(t, v) }
	const aj = "application/json"
	checkErrors(t, s, []errorCase{
		// Duplicate keys and keys that differ from a field's name only in case
		// (encoding/json would take the last, or match the case loosely).
		{"duplicate key", request{path: "/v1/analyze", ctype: aj, body: `{"observation": ` + obs + `, "sims": 1000, "sims": 10}`}, 400, `request body: key "sims" given twice`},
		{"duplicate observation", request{path: "/v1/analyze", ctype: aj, body: `{"observation": ` + obs + `, "sims": 10, "observation": null}`}, 400, `key "observation" given twice`},
		{"duplicate escaped key", request{path: "/v1/analyze", ctype: aj, body: `{"observation": ` + obs + `, "s\u0069ms": 10, "sims": 10}`}, 400, `key "sims" given twice`},
		{"duplicate in observation", request{path: "/v1/analyze", ctype: aj, body: `{"observation": ` + strings.Replace(obs, `"seat": 1,`, `"seat": 2, "seat": 1,`, 1) + `, "sims": 10}`}, 400, `key "observation.seat" given twice`},
		{"duplicate in an event", request{path: "/v1/analyze", ctype: aj, body: `{"observation": ` + strings.Replace(obs, `{"type": "draw", "seat": 1, "tile": "4s"}`, `{"type": "draw", "seat": 1, "tile": "4s", "tile": "5s"}`, 1) + `}`}, 400, `key "observation.events[5].tile" given twice`},
		{"case variant", request{path: "/v1/analyze", ctype: aj, body: `{"observation": ` + obs + `, "Sims": 10}`}, 400, `request body: unknown field "Sims" (field names are exact: "sims")`},
		{"case variant beside", request{path: "/v1/analyze", ctype: aj, body: `{"observation": ` + obs + `, "sims": 10, "SIMS": 50000}`}, 400, `unknown field "SIMS"`},
		{"case variant in observation", request{path: "/v1/analyze", ctype: aj, body: `{"observation": ` + strings.Replace(obs, `"seat": 1,`, `"Seat": 1,`, 1) + `}`}, 400, `unknown field "observation.Seat" (field names are exact: "seat")`},
		{"case variant in rules", request{path: "/v1/analyze", ctype: aj, body: `{"observation": ` + strings.Replace(obs, `"length"`, `"LENGTH"`, 1) + `}`}, 400, `unknown field "observation.rules.LENGTH"`},
		{"unknown in observation", request{path: "/v1/analyze", ctype: aj, body: `{"observation": ` + strings.Replace(obs, `"seat": 1,`, `"seat": 1, "player": 1,`, 1) + `}`}, 400, `unknown field "observation.player"`},
		{"review duplicate key", request{path: "/v1/review", ctype: aj, body: `{"record": ` + js(rec) + `, "seat": 1, "seat": 2}`}, 400, `key "seat" given twice`},
		{"review case variant", request{path: "/v1/review", ctype: aj, body: `{"record": ` + js(rec) + `, "Seat": 1}`}, 400, `unknown field "Seat"`},
		// Empty query values (?seat=) and names two seats share.
		{"review empty seat", request{ctype: "application/xml", path: "/v1/review?seat=&sims=10", body: rec}, 400, `query parameter "seat" is empty`},
		{"review bare seat", request{ctype: "application/xml", path: "/v1/review?seat&sims=10", body: rec}, 400, `query parameter "seat" is empty`},
		{"review empty name", request{ctype: "application/xml", path: "/v1/review?name=", body: rec}, 400, `query parameter "name" is empty`},
		{"review empty format", request{ctype: "application/xml", path: "/v1/review?format=&sims=10", body: rec}, 400, `query parameter "format" is empty`},
		{"review empty seed", request{ctype: "application/xml", path: "/v1/review?sims=10&seed=", body: rec}, 400, `query parameter "seed" is empty`},
		{"review empty name in JSON", request{path: "/v1/review", ctype: aj, body: js(map[string]any{"record": rec, "name": ""})}, 400, `"name" is empty`},
		{"review shared name", request{ctype: "application/xml", path: "/v1/review?name=efficiency&sims=10", body: rec}, 400, `record: seats 0 and 3 are both named "efficiency": give the seat`},
		{"review name of three seats", request{ctype: "application/xml", path: "/v1/review?name=efficiency", body: strings.Replace(rec, `n1="%74%68%65%73%69%73"`, `n1="efficiency"`, 1)}, 400, `record: seats 0, 1 and 3 are all named "efficiency": give the seat`},
		{"review shared name in JSON", request{path: "/v1/review", ctype: aj, body: js(map[string]any{"record": rec, "name": "efficiency"})}, 400, `seats 0 and 3 are both named "efficiency"`},
	})
}

// TestBusy checks the concurrency cap: with the slot taken a request waits
// the queue wait (at least: a busy machine may take longer), then gets 503
// with Retry-After; a slot freed while it waits serves it.
func TestBusy(t *testing.T) {
	obs := observationJSON(t)
	body := `{"observation": ` + obs + `, "sims": 200}`
	for _, tc := range []struct {
		name    string
		wait    time.Duration
		release bool // the held slot frees once the request waits for it
		code    int
	}{
		{"no wait", 0, false, 503},
		{"wait runs out", 100 * time.Millisecond, false, 503},
		// The wait is a safety net: the slot frees once the request waits.
		{"slot frees in time", 10 * time.Minute, true, 200},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newService(t, Config{MaxConcurrent: 1, QueueWait: tc.wait})
			s.slots <- struct{}{}
			done := make(chan struct{})
			if tc.release {
				go func() {
					for s.metrics.queued.Load() == 0 {
						select {
						case <-done:
							return
						case <-time.After(time.Millisecond):
						}
					}
					<-s.slots
				}()
			}
			start := time.Now()
			w := request{path: "/v1/analyze", ctype: "application/json", body: body}.do(t, s)
			close(done)
			if w.Code != tc.code {
				t.Fatalf("status %d, want %d: %s", w.Code, tc.code, w.Body)
			}
			if tc.code != 503 {
				return
			}
			if time.Since(start) < tc.wait {
				t.Errorf("refused after %v, before the queue wait %v", time.Since(start), tc.wait)
			}
			if w.Header().Get("Retry-After") != "1" {
				t.Errorf("Retry-After %q", w.Header().Get("Retry-After"))
			}
			if !strings.Contains(w.Body.String(), "busy: all 1 analysis slots are taken (--max-concurrent)") {
				t.Errorf("message %s", w.Body)
			}
		})
	}
}

// TestCancelStopsAnalysis checks that a client going away stops the
// engine: the analysis, of minutes on one worker, ends as a request whose
// client left (499), not as an answer. The client leaves once the analysis
// runs; the limits of the waits are safety nets.
func TestCancelStopsAnalysis(t *testing.T) {
	s := newService(t, Config{MaxSims: mc.MaxSims, Workers: 1})
	srv := httptest.NewServer(s)
	defer srv.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	body := `{"observation": ` + observationJSON(t) + `, "sims": ` + strconv.Itoa(mc.MaxSims) + `}`
	req, _ := http.NewRequestWithContext(ctx, "POST", srv.URL+"/v1/analyze", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	answered := make(chan error, 1)
	go func() {
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
			err = fmt.Errorf("answered %s before the client gave up", resp.Status)
		} else {
			err = nil
		}
		answered <- err
	}()
	waitFor(t, "the analysis to start", func() bool { return s.metrics.inFlight.Load() == 1 })
	cancel()
	if err := <-answered; err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the analysis to stop", func() bool { return s.metrics.inFlight.Load() == 0 })
	waitFor(t, "the 499 to be counted", func() bool {
		return metricValue(t, s, `mjrank_http_requests_total{endpoint="/v1/analyze",code="499"}`) == "1"
	})
	if got := metricValue(t, s, `mjrank_http_requests_total{endpoint="/v1/analyze",code="200"}`); got != "" {
		t.Errorf("the cancelled analysis counted as answered: %s", got)
	}
}

// gzipped compresses s, as Tenhou serves its mjlog files.
func gzipped(t testing.TB, s string) string {
	var b bytes.Buffer
	z := gzip.NewWriter(&b)
	if _, err := io.WriteString(z, s); err != nil {
		t.Fatal(err)
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// readAll is io.ReadAll that fails the test.
func readAll(t testing.TB, r io.Reader) []byte {
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestObservationSchema checks the keys the request checker allows in an
// observation against what package observe writes (every field of its
// JSON form, rules included): a field observe adds must be added to
// observationSchema, or the server would refuse it.
func TestObservationSchema(t *testing.T) {
	o, err := observe.ParseObservation([]byte(observationJSON(t)))
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(o)
	if err != nil {
		t.Fatal(err)
	}
	if err := checkKeys([]byte(`{"observation": `+string(b)+`}`), analyzeSchema); err != nil {
		t.Errorf("%v in what observe writes: %s", err, b)
	}
	for _, key := range []string{`"rules"`, `"open_kan_dora_at_once"`, `"rinshan"`, `"from"`, `"tiles"`} {
		if !strings.Contains(string(b), key) {
			t.Errorf("the observation written holds no %s: the test covers less than it should", key)
		}
	}
}
