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
	"github.com/mjrank/mjrank/sim/game"
	"github.com/mjrank/mjrank/sim/observe"
)

// AnalyzeRequest is the body of POST /v1/analyze: an observation, a
// record with the position in it, or a position typed by hand, and the
// engine's options. Pointers tell a field left out from a zero.
type AnalyzeRequest struct {
	// Observation is one seat's knowledge of a round (docs/OBSERVATION.md)
	// ending at its decision.
	Observation json.RawMessage `json:"observation,omitempty"`
	// Position is a position typed by hand, the text form of
	// `mjrank analyze --hand` (docs/OBSERVATION.md, "A position by hand").
	Position *PositionRequest `json:"position,omitempty"`
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

// PositionRequest is a position typed by hand: the fields of
// observe.Position under the names of analyze's flags (rivers and melds
// are the repeated --river and --melds). Seat or Wind names the deciding
// seat, exactly one of them; Sticks left out is this round's riichi
// sticks, as the command's default.
type PositionRequest struct {
	Hand   string   `json:"hand"`
	Draw   string   `json:"draw,omitempty"`
	Dora   string   `json:"dora"`
	Round  string   `json:"round,omitempty"`
	Seat   *int     `json:"seat,omitempty"`
	Wind   *string  `json:"wind,omitempty"`
	Scores string   `json:"scores,omitempty"`
	Sticks *int     `json:"sticks,omitempty"`
	Rivers []string `json:"rivers,omitempty"`
	Melds  []string `json:"melds,omitempty"`
	// Players is 3 for a 3-player position (seats 0 to 2), Kita then each
	// seat's Norths set aside ("1,0,2"); left out, four players.
	Players *int   `json:"players,omitempty"`
	Kita    string `json:"kita,omitempty"`
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
	case q.Position != nil && (hasObs || q.Record != nil):
		return errors.New(`give one of "position", "observation" and "record"`)
	case !hasObs && q.Record == nil && q.Position == nil:
		return errors.New(`want "observation" (observation JSON) or "record" (a game record's text) or "position" (a position typed by hand) in the body`)
	case hasObs:
		if extra := q.recordFields(); extra != "" {
			return fmt.Errorf(`"observation" ends at its decision: %s belong to "record"`, extra)
		}
	case q.Position != nil:
		if extra := q.recordFields(); extra != "" {
			return fmt.Errorf(`"position" holds its round and seat: %s belong to "record"`, extra)
		}
		errs = append(errs, q.Position.check())
	default:
		if err := q.checkRecord(); err != nil {
			return err
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

// recordFields lists, quoted, the fields given that only a record's
// position takes ("" if none).
func (q *AnalyzeRequest) recordFields() string {
	var extra []string
	for _, f := range []struct {
		name string
		set  bool
	}{{"round", q.Round != ""}, {"event", q.Event != nil}, {"turn", q.Turn != nil}, {"seat", q.Seat != nil}, {"game", q.Game != nil}} {
		if f.set {
			extra = append(extra, strconv.Quote(f.name))
		}
	}
	return strings.Join(extra, ", ")
}

// checkRecord checks that a record's position is named whole.
func (q *AnalyzeRequest) checkRecord() error {
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
	return nil
}

// check checks what the text form cannot say itself: which fields are
// given. The position is checked when it is built (see typed).
func (p *PositionRequest) check() error {
	switch {
	case p.Hand == "":
		return errors.New(`position.hand: missing: give the seat's concealed tiles (tenhou notation, 123m406p11z)`)
	case p.Seat != nil && p.Wind != nil:
		return errors.New(`position: give seat or wind, not both`)
	case p.Seat == nil && p.Wind == nil:
		return errors.New(`position: give seat or wind (the deciding seat 0 to 3, or its wind this round E, S, W, N)`)
	case p.Seat != nil && (*p.Seat < 0 || *p.Seat > 3):
		return fmt.Errorf(`position.seat: %d is not a seat (0 to 3)`, *p.Seat)
	case p.Players != nil && *p.Players != 3 && *p.Players != 4:
		return fmt.Errorf(`position.players: %d: want 3 or 4`, *p.Players)
	case p.Wind != nil && *p.Wind == "":
		return errors.New(`position.wind: empty: want E, S, W or N`)
	case p.Sticks != nil && *p.Sticks < 0:
		return fmt.Errorf(`position.sticks: %d: want 0 to %d`, *p.Sticks, game.MaxSticks)
	}
	return nil
}

// typed is the position as the analyze command builds it from its flags.
func (p *PositionRequest) typed() *observe.Position {
	t := observe.NewPosition()
	t.Hand, t.Draw, t.Dora, t.Round, t.Scores = p.Hand, p.Draw, p.Dora, p.Round, p.Scores
	t.Rivers, t.Melds, t.Kita = p.Rivers, p.Melds, p.Kita
	if p.Players != nil {
		t.Players = *p.Players
	}
	if p.Seat != nil {
		t.Seat = *p.Seat
	}
	if p.Wind != nil {
		t.Wind = *p.Wind
	}
	if p.Sticks != nil {
		t.Sticks = *p.Sticks
	}
	return t
}

// positionFields are the fields of a typed position its errors start with
// ("river 2: ...", as the parser names them).
var positionFields = []string{"hand", "draw", "dora", "round", "seat", "wind", "scores", "sticks", "river", "melds", "players", "kita"}

// positionError names the request's field in an error of the typed
// position's parser ("observe: position: river 2: ..." becomes
// "position.river 2: ...").
func positionError(err error) error {
	msg, ok := strings.CutPrefix(err.Error(), "observe: position: ")
	if !ok {
		return err
	}
	return errors.New(positionField(msg))
}

// positionField prefixes a message of the typed position's parser with
// the request's field it names, or with "position: " when it is about the
// whole position.
func positionField(msg string) string {
	for _, f := range positionFields {
		if rest, ok := strings.CutPrefix(msg, f); ok && rest != "" && strings.IndexByte(" :,", rest[0]) >= 0 {
			return "position." + msg
		}
	}
	return "position: " + msg
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
		// The decoder names an unknown field without its path: the key
		// walk names it with it ("position.hnad").
		if strings.HasPrefix(err.Error(), "json: unknown field ") && json.Valid(body) {
			if kerr := checkKeys(body, schema); kerr != nil {
				return kerr
			}
		}
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
	case k == "slice" || k == "array":
		return "a list"
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
