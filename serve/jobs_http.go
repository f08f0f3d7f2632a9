package serve

import (
	"context"
	"net/http"

	"github.com/mjrank/mjrank/review"
)

// jobsPath is where review jobs are made; a job is at jobsPath/{id}.
const jobsPath = "/v1/review/jobs"

// reviewInput checks a review request's Content-Type (a record, a JSON
// body or a multipart form) and its header, then reads the body; the
// caller calls release once done with the body.
func (s *Service) reviewInput(w http.ResponseWriter, r *http.Request) (mt string, body []byte, release func(), e *httpError) {
	release = func() {}
	if mt, e = mediaType(r); e != nil {
		return "", nil, release, e
	}
	if !rawRecordTypes[mt] && mt != "multipart/form-data" {
		return "", nil, release, errorf(http.StatusUnsupportedMediaType, "Content-Type %q: %s takes a record (application/xml, application/json, application/octet-stream, application/gzip; text/plain with the header %s), JSON {\"record\": ...} or {\"records\": [...]}, or multipart/form-data of record files", mt, r.URL.Path, ClientHeader)
	}
	if simpleTypes[mt] && r.Header.Get(ClientHeader) == "" {
		return "", nil, release, errorf(http.StatusUnsupportedMediaType, "Content-Type %q: a record or form sent as text/plain, as multipart/form-data or urlencoded, or with no Content-Type needs the header %s (any value), which a web page cannot send to this server; or send JSON or the record as application/xml or application/octet-stream", mt, ClientHeader)
	}
	body, release, e = s.readBody(w, r)
	return mt, body, release, e
}

// reviewBatch answers a batch review in the request: the JSON
// `mjrank review --json` prints for the same records as files. The batch
// runs in one analysis slot, bounded by the write timeout as any request;
// a longer one belongs in a job.
func (s *Service) reviewBatch(w http.ResponseWriter, r *http.Request, body []byte) *httpError {
	if r.URL.Query().Get("format") == "html" {
		return errorf(http.StatusBadRequest, "query \"format\" \"html\": the review page is of one record; a batch answers JSON")
	}
	q, err := DecodeBatchRequest(body, r.Header.Get("Content-Type"), r.URL.Query(), s.cfg.MaxSims, s.cfg.MaxBatch)
	if err != nil {
		return errorf(http.StatusBadRequest, "%v", err)
	}
	var rep *review.BatchReport
	if e := s.withSlot(r, func(ctx context.Context) *httpError {
		var err error
		if rep, err = s.runBatch(ctx, q, nil, nil); err != nil {
			return s.engineError(ctx, "review", err)
		}
		return nil
	}); e != nil {
		return e
	}
	s.metrics.sims.Add(uint64(rep.Batch.DecisionsAnalysed * batchSims(rep)))
	return writeJSON(w, rep)
}

// postJob makes a review job of the request: a batch, or one record
// (whose result is a batch of one). It answers 202 with the job and its
// Location.
func (s *Service) postJob(w http.ResponseWriter, r *http.Request) *httpError {
	if e := checkQuery(r, reviewQuery); e != nil {
		return e
	}
	if f := r.URL.Query().Get("format"); f != "" && f != "json" {
		return errorf(http.StatusBadRequest, "query \"format\" %q: a job's result is JSON", f)
	}
	mt, body, release, e := s.reviewInput(w, r)
	if e != nil {
		release()
		return e
	}
	q, err := s.decodeJob(mt, body, r)
	if err != nil {
		release()
		return errorf(http.StatusBadRequest, "%v", err)
	}
	j, e := s.startJob(q, release)
	if e != nil {
		release()
		return e
	}
	w.Header().Set("Location", jobsPath+"/"+j.view.ID)
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusAccepted)
	v := j.snapshot()
	return writeJSON(w, &v)
}

// decodeJob reads a job's request in any form /v1/review takes.
func (s *Service) decodeJob(mt string, body []byte, r *http.Request) (*BatchRequest, error) {
	query := r.URL.Query()
	query.Del("format")
	if isBatch(mt, body) {
		return DecodeBatchRequest(body, r.Header.Get("Content-Type"), query, s.cfg.MaxSims, s.cfg.MaxBatch)
	}
	q, err := DecodeReviewRequest(body, query, s.cfg.MaxSims)
	if err != nil {
		return nil, err
	}
	b := fromReview(q)
	return b, b.check(s.cfg.MaxSims, s.cfg.MaxBatch)
}

// jobByID answers GET (the job, with its result once done) and DELETE
// (cancel and forget) on a job.
func (s *Service) jobByID(w http.ResponseWriter, r *http.Request) *httpError {
	if e := checkQuery(r, nil); e != nil {
		return e
	}
	id := r.PathValue("id")
	if done, e := s.forwardJob(w, r, id); done {
		return e
	}
	switch r.Method {
	case http.MethodGet, http.MethodHead:
		j, e := s.lookupJob(id)
		if e != nil {
			return e
		}
		v := j.snapshot()
		if v.Finished == nil {
			w.Header().Set("Cache-Control", "no-store")
		}
		return writeJSON(w, &v)
	case http.MethodDelete:
		v, e := s.deleteJob(id)
		if e != nil {
			return e
		}
		return writeJSON(w, &v)
	}
	w.Header().Set("Allow", "GET, DELETE")
	return errorf(http.StatusMethodNotAllowed, "method %s not allowed on %s: use GET or DELETE", r.Method, r.URL.Path)
}
