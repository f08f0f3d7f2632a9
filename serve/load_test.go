package serve

import (
	"fmt"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// loadResult is one level of the load test.
type loadResult struct {
	clients, requests int
	codes             map[int]int
	retryAfter        int // 503s that carried Retry-After
	errs              int // transport errors
	lat               []time.Duration
	wall              time.Duration
}

func (r *loadResult) quantile(q float64) time.Duration {
	if len(r.lat) == 0 {
		return 0
	}
	return r.lat[min(len(r.lat)-1, int(q*float64(len(r.lat))))]
}

// hammer sends total requests from clients goroutines and times each.
func hammer(t *testing.T, url, body string, clients, total int) *loadResult {
	tr := &http.Transport{MaxIdleConnsPerHost: clients}
	defer tr.CloseIdleConnections()
	c := &http.Client{Transport: tr}
	res := &loadResult{clients: clients, requests: total, codes: map[int]int{}}
	var mu sync.Mutex
	next := make(chan struct{}, total)
	for range total {
		next <- struct{}{}
	}
	close(next)
	var wg sync.WaitGroup
	start := time.Now()
	for range clients {
		wg.Go(func() {
			for range next {
				t0 := time.Now()
				resp, err := c.Post(url+"/v1/analyze", "application/json", strings.NewReader(body))
				d := time.Since(t0)
				mu.Lock()
				if err != nil {
					res.errs++
				} else {
					readAll(t, resp.Body)
					resp.Body.Close()
					res.codes[resp.StatusCode]++
					if resp.StatusCode == http.StatusOK {
						res.lat = append(res.lat, d)
					}
					if resp.StatusCode == http.StatusServiceUnavailable && resp.Header.Get("Retry-After") != "" {
						res.retryAfter++
					}
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	res.wall = time.Since(start)
	slices.Sort(res.lat)
	return res
}

// TestLoad measures /v1/analyze on loopback at 1, 2 and 8 clients under
// the default cap (GOMAXPROCS analyses, the others queue) and at 8 clients
// beyond a cap of 1 with no queue wait. It runs only with MJRANK_LOAD=1
// (MJRANK_LOAD_SIMS sets the budget, MJRANK_LOAD_REQUESTS the requests per
// level) and prints the table docs/BENCHMARKS.md holds.
func TestLoad(t *testing.T) {
	if testing.Short() || os.Getenv("MJRANK_LOAD") != "1" {
		t.Skip("the load test runs with MJRANK_LOAD=1 and without -short")
	}
	sims := envInt(t, "MJRANK_LOAD_SIMS", 2000)
	total := envInt(t, "MJRANK_LOAD_REQUESTS", 64)
	body := jsonBody(t, map[string]any{"record": selfplayXML(t), "round": "E1-0", "seat": 0, "turn": 3, "sims": sims})
	under := newService(t, Config{QueueWait: time.Minute})
	url, _ := startServer(t, under)
	cfg := under.Config()
	var b strings.Builder
	fmt.Fprintf(&b, "POST /v1/analyze, a record position (selfplay.xml E1-0 seat 0 turn 3), %d sims, %d requests per level, GOMAXPROCS %d\n\n", sims, total, cfg.MaxConcurrent)
	b.WriteString("| clients | max-concurrent | queue-wait | 200 | 503 | errors | p50 | p99 | requests/s |\n|---|---|---|---|---|---|---|---|---|\n")
	row := func(r *loadResult, conc int, wait time.Duration) {
		fmt.Fprintf(&b, "| %d | %d | %v | %d | %d | %d | %v | %v | %.1f |\n", r.clients, conc, wait, r.codes[200], r.codes[503], r.errs,
			r.quantile(0.50).Round(100*time.Microsecond), r.quantile(0.99).Round(100*time.Microsecond), float64(r.codes[200])/r.wall.Seconds())
	}
	hammer(t, url, body, 2, 4) // warm up: models, caches, connections
	for _, clients := range []int{1, 2, 8} {
		r := hammer(t, url, body, clients, total)
		row(r, cfg.MaxConcurrent, cfg.QueueWait)
		if r.errs > 0 || r.codes[200] != total {
			t.Errorf("%d clients under the cap: %d errors, codes %v", clients, r.errs, r.codes)
		}
	}
	over := newService(t, Config{MaxConcurrent: 1, QueueWait: 0})
	url1, _ := startServer(t, over)
	r := hammer(t, url1, body, 8, total)
	row(r, 1, 0)
	if r.codes[503] == 0 || r.retryAfter != r.codes[503] || r.codes[200]+r.codes[503] != total || r.errs > 0 {
		t.Errorf("8 clients beyond a cap of 1: codes %v, %d with Retry-After, %d errors", r.codes, r.retryAfter, r.errs)
	}
	t.Logf("\n%s", b.String())
}

func envInt(t *testing.T, key string, def int) int {
	s := os.Getenv(key)
	if s == "" {
		return def
	}
	v, err := strconv.Atoi(s)
	if err != nil || v < 1 {
		t.Fatalf("%s=%q: want a positive integer", key, s)
	}
	return v
}
