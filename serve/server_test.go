package serve

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
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
// the request (408, or the connection closed) instead of holding it.
func TestReadTimeout(t *testing.T) {
	const timeout = 300 * time.Millisecond
	s := newService(t, Config{ReadTimeout: timeout})
	url, _ := startServer(t, s)
	// The server's deadline runs from its accept, which the dial's return
	// may follow or precede by a little: time from before the dial, and
	// allow a little slack below the timeout.
	start := time.Now()
	conn, err := net.Dial("tcp", strings.TrimPrefix(url, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST /v1/analyze HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"sims\": 2")
	conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	took := time.Since(start)
	switch {
	case took > 5*time.Second:
		t.Fatalf("the stalled request held the connection for %v", took)
	case took < timeout-50*time.Millisecond:
		t.Fatalf("cut after %v, before the read timeout %v", took, timeout)
	case err == nil:
		defer resp.Body.Close()
		b := readAll(t, resp.Body)
		if resp.StatusCode != http.StatusRequestTimeout || !strings.Contains(string(b), "not all of it came within the read timeout (300ms)") {
			t.Errorf("status %d: %s", resp.StatusCode, b)
		}
	default:
		t.Logf("connection closed after %v without an answer (%v)", took, err)
	}
}

// TestGracefulShutdown fires requests at a real server and shuts it down
// while they run: every one must complete with 200, and the server must
// refuse new connections afterwards.
func TestGracefulShutdown(t *testing.T) {
	const n = 6
	s := newService(t, Config{MaxConcurrent: 2, QueueWait: time.Minute, Workers: 1})
	url, stop := startServer(t, s)
	body := `{"observation": ` + observationJSON(t) + `, "sims": 20000}` // ~0.2 s each on one core
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
	// Shut down once every request has arrived: two running, the others
	// waiting for a slot. (A connection the server has not accepted yet
	// is not a request: closing the listener refuses it.)
	deadline := time.Now().Add(10 * time.Second)
	for s.metrics.inFlight.Load()+s.metrics.queued.Load() < n {
		if time.Now().After(deadline) {
			t.Fatalf("%d running, %d waiting after 10 s", s.metrics.inFlight.Load(), s.metrics.queued.Load())
		}
		time.Sleep(time.Millisecond)
	}
	if s.metrics.inFlight.Load() == 0 {
		t.Fatal("nothing running at shutdown")
	}
	if err := stop(); err != nil {
		t.Errorf("Serve: %v", err)
	}
	wg.Wait()
	close(codes)
	for c := range codes {
		if c != http.StatusOK {
			t.Errorf("a request running at shutdown ended with %d", c)
		}
	}
	if _, err := http.Get(url + "/healthz"); err == nil {
		t.Error("the server still answers after shutdown")
	}
}

// TestShutdownTimeout checks that an analysis still running when the
// shutdown timeout ends is cancelled and Serve says so.
func TestShutdownTimeout(t *testing.T) {
	s := newService(t, Config{ShutdownTimeout: 200 * time.Millisecond, MaxSims: 10_000_000, Workers: 1})
	url, stop := startServer(t, s)
	body := `{"observation": ` + observationJSON(t) + `, "sims": 10000000}`
	done := make(chan struct{})
	go func() {
		defer close(done)
		if resp, err := http.Post(url+"/v1/analyze", "application/json", strings.NewReader(body)); err == nil {
			resp.Body.Close()
		}
	}()
	for s.metrics.inFlight.Load() == 0 {
		time.Sleep(5 * time.Millisecond)
	}
	start := time.Now()
	err := stop()
	if err == nil || !strings.Contains(err.Error(), "requests still running after 200ms") {
		t.Errorf("Serve: %v", err)
	}
	if took := time.Since(start); took > 3*time.Second {
		t.Errorf("shutdown took %v", took)
	}
	<-done
	deadline := time.Now().Add(5 * time.Second)
	for s.metrics.inFlight.Load() != 0 {
		if time.Now().After(deadline) {
			t.Fatal("the analysis runs on after the shutdown timeout")
		}
		time.Sleep(10 * time.Millisecond)
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
