package serve

import (
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"
)

// TestReplicasAnswerAlike: two replicas of different sizes give the same
// bytes for the same analysis and review, each answer naming its replica
// in the header and in /metrics.
func TestReplicasAnswerAlike(t *testing.T) {
	a := newService(t, Config{Replica: "a", Workers: 1, MaxConcurrent: 1})
	b := newService(t, Config{Replica: "b", Workers: 2, MaxConcurrent: 3})
	for _, q := range []request{
		{path: "/v1/analyze", ctype: "application/json", body: jsonBody(t, map[string]any{"observation": json.RawMessage(observationJSON(t)), "sims": 300, "seed": 7})},
		{path: "/v1/review?sims=20&rounds=E1&seat=2", ctype: "application/xml", body: selfplayXML(t)},
	} {
		wa, wb := q.do(t, a), q.do(t, b)
		if wa.Code != http.StatusOK || wb.Code != http.StatusOK {
			t.Fatalf("%s: status %d and %d: %s", q.path, wa.Code, wb.Code, wa.Body)
		}
		if normalize(wa.Body.Bytes()) != normalize(wb.Body.Bytes()) {
			t.Errorf("%s: the replicas' answers differ", q.path)
		}
		if ra, rb := wa.Header().Get(ReplicaHeader), wb.Header().Get(ReplicaHeader); ra != "a" || rb != "b" {
			t.Errorf("%s: answered by %q and %q, want a and b", q.path, ra, rb)
		}
	}
	if v := metricValue(t, b, `mjrank_replica_info{replica="b"}`); v != "1" {
		t.Errorf("b's mjrank_replica_info: %q", v)
	}
}

// TestJobForwarded: a job made on replica a is read and deleted through
// replica b, which knows a as a peer; the answers are a's. A replica that
// does not know a, a request already forwarded once, and a peer that is
// down are answered with errors naming the replica.
func TestJobForwarded(t *testing.T) {
	// The job is made before a serves: once it does, a and b are reached
	// over the network only (Serve sets what the handler reads).
	a := newService(t, Config{Replica: "a", Workers: 1, AllowedHosts: []string{"*"}}) // called directly first, as example.com
	job := runJob(t, a, request{path: jobsPath + "?sims=5&rounds=E1", ctype: "application/xml", body: selfplayXML(t)})
	if !strings.HasPrefix(job.ID, "a.") {
		t.Fatalf("job id %q does not name replica a", job.ID)
	}
	urlA, stopA := startServer(t, a)
	peer, err := url.Parse(urlA)
	if err != nil {
		t.Fatal(err)
	}
	b := newService(t, Config{Replica: "b", Workers: 1, Peers: map[string]*url.URL{"a": peer}})
	urlB, stopB := startServer(t, b)
	defer stopB()
	jobURL := func(base string) string { return base + jobsPath + "/" + job.ID }
	viaA, _, _ := httpDo(t, "GET", jobURL(urlA), nil)
	viaB, code, h := httpDo(t, "GET", jobURL(urlB), nil)
	if code != http.StatusOK || viaA != viaB || h.Get(ReplicaHeader) != "a" || len(h.Values(ReplicaHeader)) != 1 {
		t.Errorf("the job through b: %d, answered by %q, same as through a: %v", code, h.Values(ReplicaHeader), viaA == viaB)
	}
	if metrics, _, _ := httpDo(t, "GET", urlB+"/metrics", nil); !strings.Contains(metrics, "\nmjrank_job_requests_forwarded_total 1\n") {
		t.Errorf("b's metrics do not count one forwarded request:\n%s", metrics)
	}
	alone := newService(t, Config{Replica: "c", Workers: 1})
	w := request{method: "GET", path: jobsPath + "/" + job.ID}.do(t, alone)
	if w.Code != http.StatusNotFound || !strings.Contains(w.Body.String(), "made by replica a") || !strings.Contains(w.Body.String(), "--peer a=URL") {
		t.Errorf("a replica without the peer: %d %s", w.Code, w.Body)
	}
	body, code, _ := httpDo(t, "GET", jobURL(urlB), map[string]string{forwardedHeader: "x"})
	if code != http.StatusNotFound || !strings.Contains(body, "replica x forwarded it") {
		t.Errorf("a forwarded request for another replica's job: %d %s", code, body)
	}
	if body, _, _ := httpDo(t, "DELETE", jobURL(urlB), nil); !strings.Contains(body, job.ID) {
		t.Errorf("DELETE through b: %s", body)
	}
	if _, code, _ := httpDo(t, "GET", jobURL(urlA), nil); code != http.StatusNotFound {
		t.Errorf("the job deleted through b is still on a: %d", code)
	}
	if err := stopA(); err != nil {
		t.Fatal(err)
	}
	body, code, h = httpDo(t, "GET", jobURL(urlB), nil)
	if code != http.StatusBadGateway || !strings.Contains(body, "held by replica a at "+urlA+", which did not answer") || h.Get(ReplicaHeader) != "b" {
		t.Errorf("the peer down: %d %s (answered by %q)", code, body, h.Get(ReplicaHeader))
	}
}

// TestReplicaNames checks the names and peers a replica accepts.
func TestReplicaNames(t *testing.T) {
	for _, c := range []struct {
		name string
		ok   bool
	}{{"mjrank-0", true}, {"A_1", true}, {"", false}, {"a.b", false}, {"a b", false}, {strings.Repeat("x", 64), false}} {
		if err := CheckReplicaName(c.name); (err == nil) != c.ok {
			t.Errorf("CheckReplicaName(%q): %v", c.name, err)
		}
	}
	for _, c := range []struct {
		peers []string
		want  string // "" for no error
	}{
		{[]string{"a=http://h:1", "b=https://h2"}, ""},
		{[]string{"a"}, "write NAME=URL"},
		{[]string{"a.b=http://h"}, "character '.'"},
		{[]string{"a=ftp://h"}, "http(s)://HOST[:PORT]"},
		{[]string{"a=http://h/x"}, "no path"},
		{[]string{"a=http://h", "a=http://g"}, "a named twice"},
	} {
		_, err := ParsePeers(c.peers)
		if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("ParsePeers(%q): %v, want %q", c.peers, err, c.want)
		}
	}
	self := newService(t, Config{Replica: "a", AllowedHosts: []string{"*"}, Peers: map[string]*url.URL{"a": {Scheme: "http", Host: "127.0.0.1:1"}}})
	own := postJob(t, self, request{path: jobsPath + "?sims=5&rounds=E1", ctype: "application/xml", body: selfplayXML(t)})
	getJob(t, self, own.ID, http.StatusOK) // answered here, not sent to itself
	if got := jobReplica("a.0123"); got != "a" {
		t.Errorf("jobReplica: %q", got)
	}
	if got := jobReplica("0123abcd"); got != "" {
		t.Errorf("jobReplica of an id of no replica: %q", got)
	}
}

// httpDo makes one request over the network, with header's fields, and
// returns its body, status and header.
func httpDo(t *testing.T, method, u string, header map[string]string) (string, int, http.Header) {
	t.Helper()
	req, err := http.NewRequest(method, u, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	c := &http.Client{Timeout: time.Minute}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b), resp.StatusCode, resp.Header
}
