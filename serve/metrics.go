package serve

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// durationBuckets are the request duration histogram's upper bounds in
// seconds: from the fast endpoints to a review of a hanchan.
var durationBuckets = []float64{0.005, 0.025, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300}

// metrics counts what /metrics reports. Counters are written by hand in
// the Prometheus text format: the service has no dependencies.
type metrics struct {
	replica   string // Config.Replica, mjrank_replica_info's label
	mu        sync.Mutex
	requests  map[requestKey]uint64
	durations map[string]*histogram // by endpoint

	inFlight  atomic.Int64  // analyses and reviews holding a slot
	queued    atomic.Int64  // requests waiting for a slot
	rejected  atomic.Uint64 // 503: no slot within the queue wait, or no memory for a body
	bodyBytes atomic.Int64  // bytes of request bodies held (Config.BodyMemory)
	sims      atomic.Uint64 // simulations run
	forwarded atomic.Uint64 // requests on another replica's job sent to it
}

type requestKey struct {
	endpoint string
	code     int
}

type histogram struct {
	counts []uint64 // per bucket, not cumulative; the last is +Inf
	sum    float64
	n      uint64
}

func newMetrics(replica string) *metrics {
	return &metrics{replica: replica, requests: map[requestKey]uint64{}, durations: map[string]*histogram{}}
}

// observe counts one finished request.
func (m *metrics) observe(endpoint string, code int, d time.Duration) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.requests[requestKey{endpoint, code}]++
	h := m.durations[endpoint]
	if h == nil {
		h = &histogram{counts: make([]uint64, len(durationBuckets)+1)}
		m.durations[endpoint] = h
	}
	s := d.Seconds()
	i, _ := slices.BinarySearch(durationBuckets, s)
	h.counts[i]++
	h.sum += s
	h.n++
}

// write prints every metric in the Prometheus text format, series in a
// fixed order.
func (m *metrics) write(w io.Writer) error {
	m.mu.Lock()
	keys := make([]requestKey, 0, len(m.requests))
	for k := range m.requests {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b requestKey) int {
		if a.endpoint != b.endpoint {
			return strings.Compare(a.endpoint, b.endpoint)
		}
		return a.code - b.code
	})
	var b []byte
	b = fmt.Appendf(b, "# HELP mjrank_replica_info The replica that answers (serve --replica), always 1.\n# TYPE mjrank_replica_info gauge\nmjrank_replica_info{replica=%q} 1\n", m.replica)
	b = append(b, "# HELP mjrank_http_requests_total HTTP requests by endpoint and status code.\n# TYPE mjrank_http_requests_total counter\n"...)
	for _, k := range keys {
		b = fmt.Appendf(b, "mjrank_http_requests_total{endpoint=%q,code=\"%d\"} %d\n", k.endpoint, k.code, m.requests[k])
	}
	b = append(b, "# HELP mjrank_http_request_duration_seconds Time from the request's arrival to its answer, by endpoint.\n# TYPE mjrank_http_request_duration_seconds histogram\n"...)
	eps := make([]string, 0, len(m.durations))
	for e := range m.durations {
		eps = append(eps, e)
	}
	slices.Sort(eps)
	for _, e := range eps {
		h := m.durations[e]
		var cum uint64
		for i, c := range h.counts {
			cum += c
			le := "+Inf"
			if i < len(durationBuckets) {
				le = strconv.FormatFloat(durationBuckets[i], 'g', -1, 64)
			}
			b = fmt.Appendf(b, "mjrank_http_request_duration_seconds_bucket{endpoint=%q,le=%q} %d\n", e, le, cum)
		}
		b = fmt.Appendf(b, "mjrank_http_request_duration_seconds_sum{endpoint=%q} %g\n", e, h.sum)
		b = fmt.Appendf(b, "mjrank_http_request_duration_seconds_count{endpoint=%q} %d\n", e, h.n)
	}
	m.mu.Unlock()
	b = fmt.Appendf(b, "# HELP mjrank_job_requests_forwarded_total Requests on another replica's review job sent to that replica.\n# TYPE mjrank_job_requests_forwarded_total counter\nmjrank_job_requests_forwarded_total %d\n", m.forwarded.Load())
	b = fmt.Appendf(b, "# HELP mjrank_analyses_in_flight Analyses and reviews running now.\n# TYPE mjrank_analyses_in_flight gauge\nmjrank_analyses_in_flight %d\n", m.inFlight.Load())
	b = fmt.Appendf(b, "# HELP mjrank_analyses_queued Requests waiting for an analysis slot.\n# TYPE mjrank_analyses_queued gauge\nmjrank_analyses_queued %d\n", m.queued.Load())
	b = fmt.Appendf(b, "# HELP mjrank_request_body_bytes Bytes held for request bodies being read, waiting for a slot or analysed.\n# TYPE mjrank_request_body_bytes gauge\nmjrank_request_body_bytes %d\n", m.bodyBytes.Load())
	b = fmt.Appendf(b, "# HELP mjrank_rejected_total Requests answered 503 busy: no analysis slot came free within the queue wait, or the memory for request bodies was full.\n# TYPE mjrank_rejected_total counter\nmjrank_rejected_total %d\n", m.rejected.Load())
	b = fmt.Appendf(b, "# HELP mjrank_simulations_total Simulations run by the engine (a review counts its budget per decision).\n# TYPE mjrank_simulations_total counter\nmjrank_simulations_total %d\n", m.sims.Load())
	_, err := w.Write(b)
	return err
}
