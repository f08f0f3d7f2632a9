package serve

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mjrank/mjrank/mc"
)

// startServer runs s.Serve on a loopback port until the returned stop is
// called; stop returns Serve's error.
func startServer(t *testing.T, s *Service) (url string, stop func() error) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() { errc <- s.Serve(ctx, ln) }()
	var once sync.Once
	var serr error
	stop = func() error {
		once.Do(func() { cancel(); serr = <-errc })
		return serr
	}
	t.Cleanup(func() { stop() })
	return "http://" + ln.Addr().String(), stop
}

// TestReadTimeout sends half a body and stalls: the read timeout must cut
// the request with 408 instead of holding it. Only a lower bound on the
// time is checked (the server cannot cut before its deadline however busy
// the machine); the client's own deadline is a safety net.
func TestReadTimeout(t *testing.T) {
	const timeout = 300 * time.Millisecond
	s := newService(t, Config{ReadTimeout: timeout})
	url, _ := startServer(t, s)
	// The server's deadline runs from the request's first byte, after the
	// dial: time from before the dial.
	start := time.Now()
	conn, err := net.Dial("tcp", strings.TrimPrefix(url, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(2 * time.Minute))
	fmt.Fprintf(conn, "POST /v1/analyze HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"sims\": 2")
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	took := time.Since(start)
	if err != nil {
		t.Fatalf("no answer after %v: %v", took, err)
	}
	defer resp.Body.Close()
	b := readAll(t, resp.Body)
	if resp.StatusCode != http.StatusRequestTimeout || !strings.Contains(string(b), "not all of it came within the read timeout (300ms, --read-timeout)") {
		t.Errorf("status %d: %s", resp.StatusCode, b)
	}
	if took < timeout {
		t.Errorf("cut after %v, before the read timeout %v", took, timeout)
	}
}

// TestGracefulShutdown fires requests at a real server and shuts it down
// while they wait for a slot: every one must complete with 200, and the
// server must refuse new connections afterwards. The test holds every slot
// until the shutdown has begun, so that the requests are in progress then
// whatever the machine's speed.
func TestGracefulShutdown(t *testing.T) {
	const n, slots = 6, 2
	s := newService(t, Config{MaxConcurrent: slots, QueueWait: 10 * time.Minute, Workers: 1})
	url, stop := startServer(t, s)
	body := `{"observation": ` + observationJSON(t) + `, "sims": 2000}`
	for range slots {
		s.slots <- struct{}{}
	}
	codes := make(chan int, n)
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() {
			resp, err := http.Post(url+"/v1/analyze", "application/json", strings.NewReader(body))
			if err != nil {
				t.Error(err)
				codes <- 0
				return
			}
			readAll(t, resp.Body)
			resp.Body.Close()
			codes <- resp.StatusCode
		})
	}
	waitFor(t, "every request to wait for a slot", func() bool { return s.metrics.queued.Load() == n })
	stopped := make(chan error, 1)
	go func() { stopped <- stop() }()
	// The shutdown has begun once the listener is closed.
	waitFor(t, "the server to stop accepting", func() bool {
		c, err := net.Dial("tcp", strings.TrimPrefix(url, "http://"))
		if err == nil {
			c.Close()
		}
		return err != nil
	})
	for range slots {
		<-s.slots
	}
	if err := <-stopped; err != nil {
		t.Errorf("Serve: %v", err)
	}
	wg.Wait()
	close(codes)
	for c := range codes {
		if c != http.StatusOK {
			t.Errorf("a request waiting at shutdown ended with %d", c)
		}
	}
	if _, err := http.Get(url + "/healthz"); err == nil {
		t.Error("the server still answers after shutdown")
	}
}

// requestCount is how many requests the service answered on endpoint with
// code (the wrapper counts a request once its handler returns).
func requestCount(s *Service, endpoint string, code int) uint64 {
	s.metrics.mu.Lock()
	defer s.metrics.mu.Unlock()
	return s.metrics.requests[requestKey{endpoint, code}]
}

// TestShutdownTimeout checks that an analysis still running when the
// shutdown timeout ends is cancelled and Serve says so. The analysis asks
// for the engine's most simulations: minutes of work on one worker, so
// that it still runs when the timeout ends on any machine.
func TestShutdownTimeout(t *testing.T) {
	s := newService(t, Config{ShutdownTimeout: 200 * time.Millisecond, MaxSims: mc.MaxSims, Workers: 1})
	url, stop := startServer(t, s)
	body := `{"observation": ` + observationJSON(t) + `, "sims": ` + strconv.Itoa(mc.MaxSims) + `}`
	done := make(chan struct{})
	go func() {
		defer close(done)
		if resp, err := http.Post(url+"/v1/analyze", "application/json", strings.NewReader(body)); err == nil {
			resp.Body.Close()
		}
	}()
	waitFor(t, "the analysis to start", func() bool { return s.metrics.inFlight.Load() == 1 })
	err := stop()
	if err == nil || !strings.Contains(err.Error(), "requests still running after 200ms") {
		t.Errorf("Serve: %v", err)
	}
	<-done
	// Cancelled, the analysis ends as a request whose client is gone
	// (499); run to its end it would count 200.
	waitFor(t, "the analysis to be cancelled", func() bool { return requestCount(s, "/v1/analyze", statusClientClosed) == 1 })
	if n := s.metrics.inFlight.Load(); n != 0 {
		t.Errorf("%d analyses in flight after the shutdown", n)
	}
}

// TestHostChecked: a server on loopback answers its own names only, so a
// web page cannot reach it through a name it controls (DNS rebinding);
// --allow-host adds names, "*" any.
func TestHostChecked(t *testing.T) {
	tests := []struct {
		allow []string
		host  string
		code  int
	}{
		{nil, "localhost", 200},
		{nil, "127.0.0.1", 200},
		{nil, "LOCALHOST.", 200},
		{nil, "[::1]", 200},
		{nil, "attacker.example", 421},
		{nil, "attacker.example:8080", 421},
		{[]string{"mjrank.lan"}, "mjrank.lan:80", 200},
		{[]string{"mjrank.lan"}, "other.lan", 421},
		{[]string{"*"}, "attacker.example", 200},
	}
	for _, tt := range tests {
		s := newService(t, Config{AllowedHosts: tt.allow})
		url, stop := startServer(t, s)
		req, err := http.NewRequest(http.MethodGet, url+"/healthz", nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Host = tt.host
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != tt.code {
			t.Errorf("allow %v, Host %q: status %d, want %d", tt.allow, tt.host, resp.StatusCode, tt.code)
		}
		stop()
	}
}

func TestAllowedHostsUnspecified(t *testing.T) {
	h := allowedHosts(&net.TCPAddr{IP: net.IPv4zero, Port: 8080}, nil)
	for _, name := range []string{"localhost", "127.0.0.1"} {
		if !h[name] {
			t.Errorf("0.0.0.0 does not answer %s: %v", name, h)
		}
	}
	if h["attacker.example"] {
		t.Error("0.0.0.0 answers any name")
	}
}

// startSlowBody opens a connection that posts body to path with Expect:
// 100-continue, waits for the server's 100 Continue (sent when the handler
// starts reading the body: no timing involved) and then sends the first
// n bytes of the body and stalls. It fails the test when the server
// answers before reading the body.
func startSlowBody(t *testing.T, url, path, body string, n int) net.Conn {
	t.Helper()
	conn, err := net.Dial("tcp", strings.TrimPrefix(url, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	conn.SetDeadline(time.Now().Add(2 * time.Minute)) // a safety net, not a measure
	fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: %d\r\nExpect: 100-continue\r\n\r\n", path, len(body))
	br := bufio.NewReader(conn)
	status, err := br.ReadString('\n')
	if err != nil || !strings.HasPrefix(status, "HTTP/1.1 100 ") {
		rest, _ := br.Peek(br.Buffered())
		t.Fatalf("the server answered %q (%v) before reading the body: %.300s", status, err, rest)
	}
	if _, err := br.ReadString('\n'); err != nil { // the blank line after 100 Continue
		t.Fatal(err)
	}
	if _, err := io.WriteString(conn, body[:n]); err != nil {
		t.Fatal(err)
	}
	return conn
}

// TestSlowBodiesHoldNoSlot: clients that send their headers and one byte
// of the body, one more than there are analysis slots, must not take the
// slots: a whole request posted meanwhile is served, and each slow request
// is served once its body is complete.
func TestSlowBodiesHoldNoSlot(t *testing.T) {
	const slots = 2
	// No queue wait: a request that finds no free slot is answered 503 at once.
	s := newService(t, Config{MaxConcurrent: slots, ReadTimeout: 2 * time.Minute})
	url, _ := startServer(t, s)
	body := `{"observation": ` + observationJSON(t) + `, "sims": 100}`
	var slow []net.Conn
	for range slots + 1 {
		slow = append(slow, startSlowBody(t, url, "/v1/analyze", body, 1))
	}
	resp, err := http.Post(url+"/v1/analyze", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	b := readAll(t, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("with %d bodies coming slowly: status %d: %.300s", len(slow), resp.StatusCode, b)
	}
	for i, conn := range slow {
		if _, err := io.WriteString(conn, body[1:]); err != nil {
			t.Fatal(err)
		}
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatalf("slow body %d: %v", i, err)
		}
		b := readAll(t, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Errorf("slow body %d, once complete: status %d: %.300s", i, resp.StatusCode, b)
		}
	}
}

// waitFor polls cond until it holds; the limit is a safety net against a
// hang, not a measure.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("still waiting for %s after 2 minutes", what)
		}
		time.Sleep(time.Millisecond)
	}
}

// TestBodyMemory: bodies are read before their request takes a slot, so
// the memory they hold has a cap of its own; a request that finds it full
// is answered 503, and what a finished request held is free again.
func TestBodyMemory(t *testing.T) {
	const maxBody = 16 << 10
	s := newService(t, Config{MaxBody: maxBody, BodyMemory: 2 * maxBody})
	url, _ := startServer(t, s)
	junk := strings.Repeat("x", maxBody)
	// Two bodies of the cap, each stalled once its buffer has grown to
	// the cap (the buffer doubles from 4 KiB: 9 KiB sent need 16).
	a := startSlowBody(t, url, "/v1/analyze", junk, 9<<10)
	startSlowBody(t, url, "/v1/analyze", junk, 9<<10)
	waitFor(t, "the two bodies to fill the memory", func() bool { return s.metrics.bodyBytes.Load() == 2*maxBody })
	body := `{"observation": ` + observationJSON(t) + `, "sims": 100}`
	post := func() (int, string) {
		resp, err := http.Post(url+"/v1/analyze", "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		return resp.StatusCode, string(readAll(t, resp.Body))
	}
	if code, msg := post(); code != http.StatusServiceUnavailable || !strings.Contains(msg, "busy: the request bodies being read or analysed hold the server's 32768 bytes") {
		t.Errorf("with the memory for bodies full: status %d: %.300s", code, msg)
	}
	a.Close() // its request ends (400: the body ends early) and frees its memory
	waitFor(t, "the closed request's memory to come free", func() bool { return s.metrics.bodyBytes.Load() == maxBody })
	if code, msg := post(); code != http.StatusOK {
		t.Errorf("with memory free: status %d: %.300s", code, msg)
	}
	resp, err := http.Get(url + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if m, want := string(readAll(t, resp.Body)), "\nmjrank_request_body_bytes "+strconv.Itoa(maxBody)+"\n"; !strings.Contains(m, want) {
		t.Errorf("no %q (the stalled body's) in /metrics:\n%s", want, m)
	}
}
