package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"mime"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/mjrank/mjrank/analysis"
	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/mc"
	"github.com/mjrank/mjrank/rankmodel"
	"github.com/mjrank/mjrank/review"
)

// statusClientClosed is what the metrics count when the client went away
// before its answer (nginx's 499; the client never sees it).
const statusClientClosed = 499

// httpError is a failed request: its status and the message of the
// {"error": ...} body.
type httpError struct {
	code       int
	msg        string
	retryAfter int // seconds; 0: no Retry-After header
}

func errorf(code int, format string, args ...any) *httpError {
	return &httpError{code: code, msg: fmt.Sprintf(format, args...)}
}

// handlerFunc is an endpoint: it writes a success itself and returns the
// failure for the wrapper to write.
type handlerFunc func(w http.ResponseWriter, r *http.Request) *httpError

// handle registers h on pattern for one method (GET includes HEAD).
func (s *Service) handle(pattern, method string, h handlerFunc) {
	endpoint := strings.TrimSuffix(pattern, "{$}")
	s.mux.HandleFunc(pattern, s.instrument(endpoint, func(w http.ResponseWriter, r *http.Request) *httpError {
		if r.Method != method && !(method == http.MethodGet && r.Method == http.MethodHead) {
			w.Header().Set("Allow", method)
			return errorf(http.StatusMethodNotAllowed, "method %s not allowed on %s: use %s", r.Method, r.URL.Path, method)
		}
		return h(w, r)
	}))
}

// statusWriter remembers the status written, for the metrics.
type statusWriter struct {
	http.ResponseWriter
	code int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.code == 0 {
		w.code = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.code == 0 {
		w.code = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the connection.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// instrument writes h's error as JSON and counts the request.
func (s *Service) instrument(endpoint string, h handlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w}
		e := s.checkHost(r)
		if e == nil {
			e = h(sw, r)
		}
		if e != nil {
			if e.code == statusClientClosed {
				sw.code = e.code // nobody to answer
			} else {
				writeError(sw, e)
			}
		}
		if sw.code == 0 {
			sw.code = http.StatusOK
		}
		s.metrics.observe(endpoint, sw.code, time.Since(start))
	}
}

func writeError(w http.ResponseWriter, e *httpError) {
	if e.retryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(e.retryAfter))
	}
	b, _ := json.Marshal(struct {
		Error string `json:"error"`
	}{e.msg})
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(e.code)
	w.Write(append(b, '\n'))
}

// writeJSON answers v indented, as the commands print it.
func writeJSON(w http.ResponseWriter, v any) *httpError {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return errorf(http.StatusInternalServerError, "encoding the answer: %v", err)
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(b.Bytes())
	return nil
}

// mediaType is the request's Content-Type without parameters ("" if none).
func mediaType(r *http.Request) (string, *httpError) {
	ct := r.Header.Get("Content-Type")
	if ct == "" {
		return "", nil
	}
	mt, _, err := mime.ParseMediaType(ct)
	if err != nil {
		return "", errorf(http.StatusUnsupportedMediaType, "Content-Type %q: %v", ct, err)
	}
	return mt, nil
}

// readBody reads the whole body, before the request takes an analysis
// slot: a client that sends its body slowly holds its connection until the
// read timeout (which the server counts from the request's first byte) and
// is then answered 408, but holds no slot. The body is held within the
// size cap and the memory for bodies (Config.BodyMemory), charged as its
// buffer grows, so a slow client is charged for what it sent; the caller
// calls release once done with the body, error or not.
func (s *Service) readBody(w http.ResponseWriter, r *http.Request) (body []byte, release func(), e *httpError) {
	var held int64
	release = func() { s.metrics.bodyBytes.Add(-held); held = 0 }
	if r.ContentLength > s.cfg.MaxBody {
		return nil, release, s.tooBig()
	}
	rd := http.MaxBytesReader(w, r.Body, s.cfg.MaxBody)
	var scratch [1]byte // read into once the buffer holds the cap: a byte more is too many
	for {
		if len(body) == cap(body) && int64(cap(body)) < s.cfg.MaxBody {
			grow := min(max(2*int64(cap(body)), 4<<10), s.cfg.MaxBody) - int64(cap(body))
			if s.metrics.bodyBytes.Add(grow) > s.cfg.BodyMemory {
				s.metrics.bodyBytes.Add(-grow)
				return nil, release, s.bodiesBusy()
			}
			held += grow
			body = append(make([]byte, 0, int64(cap(body))+grow), body...)
		}
		dst := body[len(body):cap(body)]
		if len(dst) == 0 {
			dst = scratch[:]
		}
		n, err := rd.Read(dst)
		if len(body) < cap(body) {
			body = body[:len(body)+n]
		} else if n > 0 {
			return nil, release, s.tooBig()
		}
		if err == io.EOF {
			return body, release, nil
		}
		if err != nil {
			return nil, release, s.bodyError(err)
		}
	}
}

func (s *Service) tooBig() *httpError {
	return errorf(http.StatusRequestEntityTooLarge, "request body over the server's limit of %d bytes (--max-body)", s.cfg.MaxBody)
}

// bodyError is the answer to a body that could not be read.
func (s *Service) bodyError(err error) *httpError {
	var mb *http.MaxBytesError
	var ne net.Error
	switch {
	case errors.As(err, &mb):
		return s.tooBig()
	case errors.As(err, &ne) && ne.Timeout():
		return errorf(http.StatusRequestTimeout, "reading the request body: not all of it came within the read timeout (%v, --read-timeout)", s.cfg.ReadTimeout)
	}
	return errorf(http.StatusBadRequest, "reading the request body: %v", err)
}

// bodiesBusy is the answer when the bodies held in memory reach their
// limit.
func (s *Service) bodiesBusy() *httpError {
	s.metrics.rejected.Add(1)
	e := errorf(http.StatusServiceUnavailable, "busy: the request bodies being read or analysed hold the server's %d bytes for them (%d times --max-body); retry later",
		s.cfg.BodyMemory, s.cfg.BodyMemory/s.cfg.MaxBody)
	e.retryAfter = 1
	return e
}

// ClientHeader is the request header a record sent with a type a web page
// may send cross-origin without a preflight (text/plain, a form, none) must
// carry: a page cannot add it without asking the server, which never
// allows it, so no page the user visits can start work on a local server.
const ClientHeader = "X-Mjrank-Client"

// simpleTypes are the Content-Types of CORS's simple requests.
var simpleTypes = map[string]bool{"": true, "text/plain": true, "application/x-www-form-urlencoded": true, "multipart/form-data": true}

// reviewQuery lists the query parameters /v1/review takes.
var reviewQuery = []string{"seat", "name", "game", "rounds", "sims", "seed", "format"}

// checkQuery refuses a query that does not parse, names a parameter the
// endpoint does not take, or repeats one: a typo (?seet=2) must not run a
// review of the wrong seat, nor ?seat=1&seat=2 pick one silently.
func checkQuery(r *http.Request, allowed []string) *httpError {
	q, err := url.ParseQuery(r.URL.RawQuery)
	if err != nil {
		return errorf(http.StatusBadRequest, "query %q: %v", r.URL.RawQuery, err)
	}
	keys := slices.Sorted(maps.Keys(q))
	for _, k := range keys {
		switch {
		case !slices.Contains(allowed, k) && len(allowed) == 0:
			return errorf(http.StatusBadRequest, "query parameter %q: %s takes none", k, r.URL.Path)
		case !slices.Contains(allowed, k):
			return errorf(http.StatusBadRequest, "unknown query parameter %q: %s takes %s", k, r.URL.Path, strings.Join(allowed, ", "))
		case len(q[k]) > 1:
			return errorf(http.StatusBadRequest, "query parameter %q given %d times", k, len(q[k]))
		case q[k][0] == "":
			return &httpError{code: http.StatusBadRequest, msg: emptyQuery(k).Error()}
		}
	}
	return nil
}

func (s *Service) analyze(w http.ResponseWriter, r *http.Request) *httpError {
	if e := checkQuery(r, nil); e != nil {
		return e
	}
	mt, e := mediaType(r)
	if e != nil {
		return e
	}
	if mt != "application/json" {
		return errorf(http.StatusUnsupportedMediaType, "Content-Type %q: /v1/analyze takes application/json (curl: -H 'Content-Type: application/json')", mt)
	}
	// The body is read and its JSON checked before the request takes a
	// slot (see readBody); the record or observation in it is decoded in
	// the slot: a compressed record expands, and decoding takes memory and
	// time that count against the cap.
	body, release, e := s.readBody(w, r)
	defer release()
	if e != nil {
		return e
	}
	q, err := DecodeAnalyzeRequest(body, s.cfg.MaxSims)
	if err != nil {
		return errorf(http.StatusBadRequest, "%v", err)
	}
	return s.withSlot(r, func(ctx context.Context) *httpError {
		pos, o, warnings, err := s.position(q)
		if err != nil {
			return errorf(http.StatusBadRequest, "%v", err)
		}
		res, an, err := analysis.Run(ctx, s.eng, pos, o)
		if err != nil {
			return s.engineError(ctx, "analysis", err)
		}
		s.metrics.sims.Add(uint64(an.Sims))
		if len(warnings) > 0 {
			return writeJSON(w, warnedResult{res, warnings})
		}
		return writeJSON(w, res)
	})
}

// warnedResult is an analysis with the warnings of its typed position
// (facts that only look wrong, as scores that do not add up), each naming
// its field as the request does.
type warnedResult struct {
	*analysis.Result
	Warnings []string `json:"warnings"`
}

// withSlot runs f in an analysis slot (see acquire), under the request's
// analysis context.
func (s *Service) withSlot(r *http.Request, f func(ctx context.Context) *httpError) *httpError {
	if e := s.acquire(r.Context()); e != nil {
		return e
	}
	defer s.release()
	ctx, cancel := s.analysisContext(r.Context())
	defer cancel()
	return f(ctx)
}

// position reads the request's decision and the engine options, with the
// analyze command's defaults, and a typed position's warnings.
func (s *Service) position(q *AnalyzeRequest) (*analysis.Position, mc.Options, []string, error) {
	o := mc.Options{Sims: min(mc.DefaultSims, s.cfg.MaxSims), Seed: 1, Workers: s.cfg.Workers}
	if q.Sims != nil {
		o.Sims = *q.Sims
	}
	if q.Seed != nil {
		o.Seed = *q.Seed
	}
	if q.TimeMS != nil {
		o.Time = time.Duration(*q.TimeMS) * time.Millisecond
	}
	if q.Utility == "points" {
		u := rankmodel.HououPoints
		o.Utility = &u
	}
	switch {
	case q.Observation != nil:
		pos, err := analysis.ObservationPosition(q.Observation, "observation", o.Seed)
		return pos, o, nil, err
	case q.Position != nil:
		pos, warnings, err := analysis.TypedPosition(q.Position.typed(), "position", o.Seed)
		if err != nil {
			return nil, o, nil, positionError(err)
		}
		for i, w := range warnings {
			warnings[i] = positionField(w)
		}
		return pos, o, warnings, nil
	}
	g, err := analysis.ReadGame(strings.NewReader(*q.Record), "record", deref(q.Game, 1))
	if err != nil {
		return nil, o, nil, err
	}
	event, turn := deref(q.Event, 0), deref(q.Turn, 0)
	pos, err := analysis.RecordPosition(g, "record", q.Round, event, turn, deref(q.Seat, -1))
	return pos, o, nil, err
}

func deref(p *int, def int) int {
	if p == nil {
		return def
	}
	return *p
}

// rawRecordTypes are the Content-Types a record may come as. curl's
// --data-binary sends the bytes as they are but labels them
// application/x-www-form-urlencoded, so that label is taken too (with
// ClientHeader, as every type a web page may send without asking);
// a multipart form is a batch (see reviewInput).
var rawRecordTypes = map[string]bool{"": true, "application/json": true, "text/plain": true, "application/xml": true,
	"application/x-www-form-urlencoded": true,
	"text/xml":                          true, "application/octet-stream": true, "application/gzip": true, "application/x-gzip": true,
	"application/x-ndjson": true, "application/jsonl": true, "application/x-jsonlines": true}

func (s *Service) review(w http.ResponseWriter, r *http.Request) *httpError {
	if e := checkQuery(r, reviewQuery); e != nil {
		return e
	}
	asHTML, e := wantHTML(r)
	if e != nil {
		return e
	}
	// The body is read before the request takes a slot, the record decoded
	// in it (see analyze).
	mt, body, release, e := s.reviewInput(w, r)
	defer release()
	if e != nil {
		return e
	}
	if isBatch(mt, body) {
		return s.reviewBatch(w, r, body)
	}
	q, err := DecodeReviewRequest(body, r.URL.Query(), s.cfg.MaxSims)
	if err != nil {
		return errorf(http.StatusBadRequest, "%v", err)
	}
	rounds, err := q.rounds()
	if err != nil {
		return errorf(http.StatusBadRequest, "%v", err)
	}
	var rep *review.Report
	if e := s.withSlot(r, func(ctx context.Context) *httpError {
		g, seat, err := reviewGame(q)
		if err != nil {
			return errorf(http.StatusBadRequest, "%v", err)
		}
		o := review.Options{Sims: min(review.DefaultSims, s.cfg.MaxSims), Workers: s.cfg.Workers, Seed: 1, Engine: s.eng, Rounds: rounds}
		if q.Sims != nil {
			o.Sims = *q.Sims
		}
		if q.Seed != nil {
			o.Seed = *q.Seed
		}
		if rep, err = review.Run(ctx, g, seat, o); err != nil {
			return s.engineError(ctx, "review", err)
		}
		return nil
	}); e != nil {
		return e
	}
	s.metrics.sims.Add(uint64(rep.Sims * len(rep.Decisions)))
	if !asHTML {
		return writeJSON(w, rep)
	}
	var b bytes.Buffer
	if err := review.WriteHTML(&b, "record", rep); err != nil {
		return errorf(http.StatusInternalServerError, "writing the review page: %v", err)
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Write(b.Bytes())
	return nil
}

// reviewGame reads the request's game and finds the player's seat.
func reviewGame(q *ReviewRequest) (*data.Game, int, error) {
	g, err := analysis.ReadGame(strings.NewReader(q.Record), "record", deref(q.Game, 1))
	if err != nil {
		return nil, 0, err
	}
	if g.Players != 3 && g.Players != 4 {
		return nil, 0, fmt.Errorf("record: a %d-player game: the engine plays 3- and 4-player games", g.Players)
	}
	if q.Name == nil {
		if seat := deref(q.Seat, 0); seat >= g.Players {
			return nil, 0, fmt.Errorf("record: seat %d: a %d-player game has seats 0 to %d", seat, g.Players, g.Players-1)
		}
		return g, deref(q.Seat, 0), nil
	}
	seats := g.SeatsNamed(*q.Name)
	switch len(seats) {
	case 0:
		return nil, 0, fmt.Errorf("record: no player named %q (the players: %s)", *q.Name, strings.Join(g.Names[:g.Players], ", "))
	case 1:
		return g, seats[0], nil
	}
	all := "both"
	if len(seats) > 2 {
		all = "all"
	}
	return nil, 0, fmt.Errorf("record: seats %s are %s named %q: give the seat instead of the name", data.SeatList(seats), all, *q.Name)
}

// wantHTML tells from ?format= or else the Accept header whether the
// review is wanted as its HTML page.
func wantHTML(r *http.Request) (bool, *httpError) {
	switch f := r.URL.Query().Get("format"); f {
	case "html":
		return true, nil
	case "json":
		return false, nil
	case "":
		return strings.Contains(r.Header.Get("Accept"), "text/html"), nil
	default:
		return false, errorf(http.StatusBadRequest, "query \"format\" %q: want \"json\" or \"html\"", f)
	}
}

func (s *Service) healthz(w http.ResponseWriter, r *http.Request) *httpError {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	io.WriteString(w, "ok\n")
	return nil
}

func (s *Service) serveMetrics(w http.ResponseWriter, r *http.Request) *httpError {
	w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
	s.metrics.write(w)
	queued, running, finished := s.jobCounts()
	fmt.Fprintf(w, "# HELP mjrank_review_jobs Review jobs by status: queued, running, and finished (their results kept).\n# TYPE mjrank_review_jobs gauge\n")
	for _, c := range []struct {
		status string
		n      int
	}{{"queued", queued}, {"running", running}, {"finished", finished}} {
		fmt.Fprintf(w, "mjrank_review_jobs{status=%q} %d\n", c.status, c.n)
	}
	return nil
}

func (s *Service) page(w http.ResponseWriter, r *http.Request) *httpError {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	io.WriteString(w, pageHTML)
	return nil
}
