package serve

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"strconv"
	"strings"

	"github.com/mjrank/mjrank/review"
)

// AnalyzeRequest is the body of POST /v1/analyze: an observation, or a
// record with the position in it, and the engine's options. Pointers tell
// a field left out from a zero.
type AnalyzeRequest struct {
	// Observation is one seat's knowledge of a round (docs/OBSERVATION.md)
	// ending at its decision.
	Observation json.RawMessage `json:"observation,omitempty"`
	// Record is a game record's text (mjlog XML, tenhou.net/6 JSON or mjai
	// lines); Round, Event or Turn, Seat and Game find the decision in it
	// as mjrank analyze's flags do.
	Record *string `json:"record,omitempty"`
	Round  string  `json:"round,omitempty"`
	Event  *int    `json:"event,omitempty"`
	Turn   *int    `json:"turn,omitempty"`
	Seat   *int    `json:"seat,omitempty"`
	Game   *int    `json:"game,omitempty"`

	Sims    *int    `json:"sims,omitempty"`    // simulation budget (default mc.DefaultSims, within the server's cap)
	Seed    *uint64 `json:"seed,omitempty"`    // default 1, as the command's
	Utility string  `json:"utility,omitempty"` // "rank" (default) or "points"
	TimeMS  *int64  `json:"time_ms,omitempty"` // stop after the halving stage in which this runs out
}

// ReviewRequest is the JSON form of POST /v1/review's body.
type ReviewRequest struct {
	Record string  `json:"record"`
	Seat   *int    `json:"seat,omitempty"`
	Name   *string `json:"name,omitempty"`
	Game   *int    `json:"game,omitempty"`
	Rounds *string `json:"rounds,omitempty"` // "E1,E4-1,S3", as review --rounds (default: all)
	Sims   *int    `json:"sims,omitempty"`   // per decision (default review.DefaultSims, within the server's cap)
	Seed   *uint64 `json:"seed,omitempty"`
}

// maxTimeMS is the largest time_ms, a day.
const maxTimeMS = 24 * 3600 * 1000

// DecodeAnalyzeRequest reads and checks an analyze request's body;
// maxSims is the most simulations a request may ask for. The error says
// which field is wrong and why.
func DecodeAnalyzeRequest(body []byte, maxSims int) (*AnalyzeRequest, error) {
	var q AnalyzeRequest
	if err := decodeStrict(body, &q, analyzeSchema); err != nil {
		return nil, err
	}
	if err := q.check(maxSims); err != nil {
		return nil, err
	}
	return &q, nil
}

func (q *AnalyzeRequest) check(maxSims int) error {
	hasObs := len(q.Observation) > 0 && string(q.Observation) != "null"
	if !hasObs {
		q.Observation = nil
	}
	var errs []error
	switch {
	case hasObs && q.Record != nil:
		return errors.New(`give "observation" or "record", not both`)
	case !hasObs && q.Record == nil:
		return errors.New(`want "observation" (observation JSON) or "record" (a game record's text) in the body`)
	case hasObs:
		var extra []string
		for _, f := range []struct {
			name string
			set  bool
		}{{"round", q.Round != ""}, {"event", q.Event != nil}, {"turn", q.Turn != nil}, {"seat", q.Seat != nil}, {"game", q.Game != nil}} {
			if f.set {
				extra = append(extra, strconv.Quote(f.name))
			}
		}
		if len(extra) > 0 {
			return fmt.Errorf(`"observation" ends at its decision: %s belong to "record"`, strings.Join(extra, ", "))
		}
	default:
		switch {
		case strings.TrimSpace(*q.Record) == "":
			return errors.New(`"record" is empty`)
		case q.Round == "":
			return errors.New(`"round" is required with "record" (its name, E2-0, or 1-based number)`)
		case (q.Event == nil) == (q.Turn == nil):
			return errors.New(`give one of "event" (an event index of the round) or "turn" (the seat's discard number, with "seat")`)
		case q.Turn != nil && q.Seat == nil:
			return errors.New(`"turn" needs "seat"`)
		}
		errs = append(errs, atLeast("event", q.Event, 0), atLeast("turn", q.Turn, 1), atLeast("game", q.Game, 1))
		if q.Seat != nil && (*q.Seat < 0 || *q.Seat > 3) {
			errs = append(errs, fmt.Errorf(`"seat" %d: want 0 to 3`, *q.Seat))
		}
	}
	errs = append(errs, checkSims(q.Sims, maxSims))
	if q.Utility != "" && q.Utility != "rank" && q.Utility != "points" {
		errs = append(errs, fmt.Errorf(`"utility" %q: want "rank" or "points"`, q.Utility))
	}
	if q.TimeMS != nil && (*q.TimeMS < 0 || *q.TimeMS > maxTimeMS) {
		// The cap keeps the duration from overflowing; the write timeout
		// bounds an analysis long before it.
		errs = append(errs, fmt.Errorf(`"time_ms" %d: want 0 (no limit) to %d`, *q.TimeMS, maxTimeMS))
	}
	return firstErr(errs)
}

// DecodeReviewRequest reads a review request: the JSON form when the body
// is a JSON object with a "record" member (whatever its Content-Type:
// curl labels JSON as a form unless told), else the body is the record
// itself and the options come from the query (seat, name, game, sims,
// seed). No record format has a top-level "record" member, so a
// tenhou.net/6 record is read as a record. An option given empty
// (?seat=, "name": "") is an error, not the default.
func DecodeReviewRequest(body []byte, query url.Values, maxSims int) (*ReviewRequest, error) {
	var q ReviewRequest
	options := []string{"seat", "name", "game", "rounds", "sims", "seed"}
	if hasTopKey(body, "record") {
		for _, k := range options {
			if query.Has(k) {
				return nil, fmt.Errorf("query %q: with a JSON body, give the options in the body", k)
			}
		}
		if err := decodeStrict(body, &q, reviewSchema); err != nil {
			return nil, err
		}
		if q.Name != nil && *q.Name == "" {
			return nil, errors.New(`"name" is empty: give a player's name, or "seat"`)
		}
	} else {
		for _, k := range options {
			if query.Has(k) && query.Get(k) == "" {
				return nil, emptyQuery(k)
			}
		}
		q.Record = string(body)
		var err error
		if q.Seat, err = queryInt(query, "seat"); err != nil {
			return nil, err
		}
		if q.Game, err = queryInt(query, "game"); err != nil {
			return nil, err
		}
		if q.Sims, err = queryInt(query, "sims"); err != nil {
			return nil, err
		}
		if s := query.Get("seed"); s != "" {
			v, err := strconv.ParseUint(s, 10, 64)
			if err != nil {
				return nil, fmt.Errorf("query \"seed\" %q: want an integer from 0 to %d", s, uint64(1<<64-1))
			}
			q.Seed = &v
		}
		if query.Has("name") {
			name := query.Get("name")
			q.Name = &name
		}
		if query.Has("rounds") {
			rounds := query.Get("rounds")
			q.Rounds = &rounds
		}
	}
	if strings.TrimSpace(q.Record) == "" {
		return nil, errors.New(`no record: send the record as the body, or JSON {"record": ...}`)
	}
	if q.Seat != nil && q.Name != nil {
		return nil, errors.New(`give "seat" or "name", not both`)
	}
	if q.Seat != nil && (*q.Seat < 0 || *q.Seat > 3) {
		return nil, fmt.Errorf(`"seat" %d: want 0 to 3`, *q.Seat)
	}
	if err := firstErr([]error{atLeast("game", q.Game, 1), checkSims(q.Sims, maxSims)}); err != nil {
		return nil, err
	}
	if _, err := q.rounds(); err != nil {
		return nil, err
	}
	return &q, nil
}

// rounds are the rounds the request picks (the zero Rounds: all).
func (q *ReviewRequest) rounds() (review.Rounds, error) {
	if q.Rounds == nil {
		return review.Rounds{}, nil
	}
	rs, err := review.ParseRounds(*q.Rounds)
	if err != nil {
		return rs, fmt.Errorf(`"rounds": %v`, err)
	}
	return rs, nil
}

// emptyQuery is the error for a query parameter given without a value:
// ?seat= must not review seat 0 as if the seat were left out.
func emptyQuery(key string) error {
	return fmt.Errorf("query parameter %q is empty: give it a value, or leave it out", key)
}

func queryInt(query url.Values, key string) (*int, error) {
	s := query.Get(key)
	if s == "" {
		return nil, nil
	}
	v, err := strconv.Atoi(s)
	if err != nil {
		return nil, fmt.Errorf("query %q %q: want an integer", key, s)
	}
	return &v, nil
}

// decodeStrict decodes one JSON object into v, refusing unknown fields,
// anything after the object, a key given twice at any depth and a key
// that is not exactly a field's name of schema, and says where the JSON
// went wrong.
func decodeStrict(body []byte, v any, schema *keySchema) error {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return jsonError(body, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		line, col := lineCol(body, dec.InputOffset()-1)
		return fmt.Errorf("request body: line %d, column %d: data after the JSON object", line, col)
	}
	// The decoder has checked the syntax: the keys are walked on valid JSON.
	return checkKeys(body, schema)
}

// jsonError rewrites an encoding/json error to name the field or the
// line and column of the body.
func jsonError(body []byte, err error) error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.Is(err, io.EOF):
		return errors.New("request body: empty; want a JSON object")
	case errors.Is(err, io.ErrUnexpectedEOF):
		return errors.New("request body: the JSON ends early")
	case errors.As(err, &syn):
		line, col := lineCol(body, syn.Offset-1) // Offset is just past the bad byte
		return fmt.Errorf("request body: line %d, column %d: %s", line, col, strings.TrimPrefix(syn.Error(), "json: "))
	case errors.As(err, &typ):
		if typ.Field == "" {
			return fmt.Errorf("request body: want a JSON object, not %s", typ.Value)
		}
		return fmt.Errorf("field %q: want %s, not %s", typ.Field, kindName(typ.Type.Kind().String()), typ.Value)
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		return fmt.Errorf("request body: %s", strings.TrimPrefix(err.Error(), "json: "))
	}
	return fmt.Errorf("request body: %w", err)
}

// kindName names a Go kind as JSON would.
func kindName(k string) string {
	switch {
	case strings.HasPrefix(k, "int"):
		return "an integer"
	case strings.HasPrefix(k, "uint"):
		return "an integer of 0 or more"
	case k == "string":
		return "a string"
	case strings.HasPrefix(k, "float"):
		return "a number"
	}
	return "a " + k
}

// lineCol gives the 1-based line and column of the byte at offset off.
func lineCol(body []byte, off int64) (line, col int) {
	off = min(max(off, 0), int64(len(body)))
	before := body[:off]
	line = 1 + bytes.Count(before, []byte{'\n'})
	col = int(off) - bytes.LastIndexByte(before, '\n')
	return line, col
}

func atLeast(name string, v *int, lo int) error {
	if v != nil && *v < lo {
		return fmt.Errorf("%q %d: want %d or more", name, *v, lo)
	}
	return nil
}

func checkSims(v *int, maxSims int) error {
	switch {
	case v == nil:
		return nil
	case *v < 1:
		return fmt.Errorf(`"sims" %d: want 1 to %d`, *v, maxSims)
	case *v > maxSims:
		return fmt.Errorf(`"sims" %d: this server allows at most %d simulations a decision (--max-sims)`, *v, maxSims)
	}
	return nil
}

func firstErr(errs []error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}
