package serve

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/mjrank/mjrank/review"
)

// BatchRequest is a review of several records: the JSON body
// {"records": ["<record text>", ...], "seat" | "name", "game", "rounds",
// "sims", "seed"}, or a multipart/form-data body of one file part per
// record and the options as form fields (or in the query). Each record is
// reviewed as `mjrank review` reviews a file: every game in it, or game
// "game" of each.
type BatchRequest struct {
	Records []string `json:"records"`
	Seat    *int     `json:"seat,omitempty"`
	Name    *string  `json:"name,omitempty"`
	Game    *int     `json:"game,omitempty"`
	Rounds  *string  `json:"rounds,omitempty"` // "E1,E4-1,S3", as review --rounds
	Sims    *int     `json:"sims,omitempty"`
	Seed    *uint64  `json:"seed,omitempty"`

	// names are the records' names in the report (a file part's file
	// name, else "record N"), parallel to Records.
	names  []string
	rounds review.Rounds
}

// batchOptions are the options a batch takes, in the query or as form
// fields.
var batchOptions = []string{"seat", "name", "game", "rounds", "sims", "seed"}

// recordFields are the multipart field names a part without a file name
// may carry a record under.
var recordFields = []string{"record", "records", "file", "files"}

// isBatch tells whether a review body is a batch: a multipart form, or
// a JSON object with a "records" member.
func isBatch(mt string, body []byte) bool {
	return mt == "multipart/form-data" || hasTopKey(body, "records")
}

// DecodeBatchRequest reads a batch review's body: multipart/form-data
// (ctype is the request's whole Content-Type, with its boundary) or the
// JSON object. maxSims and maxRecords are the server's caps. The error
// says which field or part is wrong.
func DecodeBatchRequest(body []byte, ctype string, query url.Values, maxSims, maxRecords int) (*BatchRequest, error) {
	mt, params, _ := mime.ParseMediaType(ctype)
	var q *BatchRequest
	var err error
	if mt == "multipart/form-data" {
		q, err = decodeMultipart(body, params["boundary"], query, maxRecords)
	} else {
		for _, k := range batchOptions {
			if query.Has(k) {
				return nil, fmt.Errorf("query %q: with a JSON body, give the options in the body", k)
			}
		}
		q = &BatchRequest{}
		err = decodeStrict(body, q, batchSchema)
		if err == nil {
			for i := range q.Records {
				q.names = append(q.names, "record "+strconv.Itoa(i+1))
			}
		}
	}
	if err != nil {
		return nil, err
	}
	if err := q.check(maxSims, maxRecords); err != nil {
		return nil, err
	}
	return q, nil
}

func (q *BatchRequest) check(maxSims, maxRecords int) error {
	switch {
	case len(q.Records) == 0:
		return errors.New(`no record: give "records" a list of record texts, or one file part a record`)
	case len(q.Records) > maxRecords:
		return fmt.Errorf("%d records: this server reviews at most %d in one request (--max-batch)", len(q.Records), maxRecords)
	case q.Name != nil && *q.Name == "":
		return errors.New(`"name" is empty: give a player's name, or "seat"`)
	case q.Seat != nil && q.Name != nil:
		return errors.New(`give "seat" or "name", not both`)
	case q.Seat != nil && (*q.Seat < 0 || *q.Seat > 3):
		return fmt.Errorf(`"seat" %d: want 0 to 3`, *q.Seat)
	}
	if q.Rounds != nil {
		rs, err := review.ParseRounds(*q.Rounds)
		if err != nil {
			return fmt.Errorf(`"rounds": %v`, err)
		}
		q.rounds = rs
	}
	return firstErr([]error{atLeast("game", q.Game, 1), checkSims(q.Sims, maxSims)})
}

// decodeMultipart reads a multipart form: each file part (or a part named
// record, records, file or files) is a record, each other part an
// option; the options may be in the query too, but none in both.
func decodeMultipart(body []byte, boundary string, query url.Values, maxRecords int) (*BatchRequest, error) {
	if boundary == "" {
		return nil, errors.New("multipart/form-data without a boundary in its Content-Type")
	}
	q := &BatchRequest{}
	opts := url.Values{}
	mr := multipart.NewReader(bytes.NewReader(body), boundary)
	for n := 1; ; n++ {
		p, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("multipart body, part %d: %v", n, err)
		}
		field, file := p.FormName(), p.FileName()
		b, err := io.ReadAll(p)
		if err != nil {
			return nil, fmt.Errorf("multipart body, part %d (%q): %v", n, field, err)
		}
		switch {
		case file != "" || slices.Contains(recordFields, field):
			if len(q.Records) == maxRecords {
				return nil, fmt.Errorf("more than %d records: this server reviews at most %d in one request (--max-batch)", maxRecords, maxRecords)
			}
			if file == "" {
				file = "record " + strconv.Itoa(len(q.Records)+1)
			}
			q.Records = append(q.Records, string(b))
			q.names = append(q.names, file)
		case slices.Contains(batchOptions, field):
			if opts.Has(field) {
				return nil, fmt.Errorf("multipart body: field %q given twice", field)
			}
			if query.Has(field) {
				return nil, fmt.Errorf("%q given both in the query and as a form field", field)
			}
			if len(b) == 0 {
				return nil, fmt.Errorf("form field %q is empty: give it a value, or leave it out", field)
			}
			opts.Set(field, string(b))
		default:
			return nil, fmt.Errorf("multipart body, part %d: unknown field %q: want file parts (the records) and the fields %s", n, field, strings.Join(batchOptions, ", "))
		}
	}
	for _, k := range batchOptions {
		if query.Has(k) {
			if query.Get(k) == "" {
				return nil, emptyQuery(k)
			}
			opts.Set(k, query.Get(k))
		}
	}
	return q, q.setOptions(opts)
}

// setOptions reads the options given as text (form fields, the query).
func (q *BatchRequest) setOptions(v url.Values) error {
	var err error
	for _, f := range []struct {
		key string
		p   **int
	}{{"seat", &q.Seat}, {"game", &q.Game}, {"sims", &q.Sims}} {
		if *f.p, err = queryInt(v, f.key); err != nil {
			return err
		}
	}
	if s := v.Get("seed"); s != "" {
		seed, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			return fmt.Errorf("%q %q: want an integer from 0 to %d", "seed", s, uint64(1<<64-1))
		}
		q.Seed = &seed
	}
	for _, f := range []struct {
		key string
		p   **string
	}{{"name", &q.Name}, {"rounds", &q.Rounds}} {
		if v.Has(f.key) {
			s := v.Get(f.key)
			*f.p = &s
		}
	}
	return nil
}

// fromReview is a one-record batch of a single review's request (a job
// of one record).
func fromReview(r *ReviewRequest) *BatchRequest {
	return &BatchRequest{Records: []string{r.Record}, Seat: r.Seat, Name: r.Name, Game: r.Game, Rounds: r.Rounds, Sims: r.Sims, Seed: r.Seed, names: []string{"record"}}
}

// runBatch reviews the batch as `mjrank review --json` reviews the same
// records given as files, with the same options: the review package's
// batch reads files, so the records are written to a private temporary
// folder, read, and the folder removed before any simulation; the
// entries are then named by the request's names. planned, if set, is
// called once the records are read (their text is no longer needed) with
// the number of entries read from them.
func (s *Service) runBatch(ctx context.Context, q *BatchRequest, onProgress func(review.BatchProgress), planned func(entries int)) (*review.BatchReport, error) {
	dir, err := os.MkdirTemp("", "mjrank-batch-")
	if err != nil {
		return nil, fmt.Errorf("a folder for the records: %w", err)
	}
	defer os.RemoveAll(dir)
	paths := make([]string, len(q.Records))
	pairs := make([]string, 0, 2*len(q.Records))
	for i, rec := range q.Records {
		paths[i] = filepath.Join(dir, fmt.Sprintf("%05d", i+1))
		if err := os.WriteFile(paths[i], []byte(rec), 0o600); err != nil {
			return nil, fmt.Errorf("writing record %d for the review: %w", i+1, err)
		}
		pairs = append(pairs, paths[i], q.names[i])
	}
	names := strings.NewReplacer(pairs...)
	bo := review.BatchOptions{
		Options: review.Options{Sims: min(review.DefaultSims, s.cfg.MaxSims), Workers: s.cfg.Workers, Seed: 1, Rounds: q.rounds, Engine: s.eng},
		Seat:    -1, Game: deref(q.Game, 0), OnProgress: onProgress,
		Warn: func(msg string) { s.cfg.Log.Printf("review batch: %s", names.Replace(msg)) },
	}
	if q.Sims != nil {
		bo.Sims = *q.Sims
	}
	if q.Seed != nil {
		bo.Seed = *q.Seed
	}
	if q.Seat != nil {
		bo.Seat = *q.Seat
	}
	if q.Name != nil {
		bo.Name = *q.Name
	}
	plan := review.NewPlan(ctx, paths, bo)
	os.RemoveAll(dir)
	if planned != nil {
		planned(len(plan.Entries()))
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	rep, err := plan.Run(ctx)
	if err != nil {
		return nil, err
	}
	for i := range rep.Games {
		e := &rep.Games[i]
		e.File, e.Reason = names.Replace(e.File), names.Replace(e.Reason)
	}
	return rep, nil
}
