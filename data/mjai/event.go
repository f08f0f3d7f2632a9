package mjai

import (
	"bytes"
	"encoding/json"
	"io"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/internal/codec"
)

// Event is one mjai event: one JSON object, one line of a log or of the
// protocol. It holds every field of every event this package reads or
// writes, with the JSON names mjai uses; a field an event does not use is
// its zero value and left out when written. Fields marked "extension" are
// mjrank's additions, which other mjai readers ignore (see the package
// doc). The log reader and writer decode and encode every event through
// [DecodeEvent] and [AppendEvent], so a program speaking the protocol (a
// bot reading events on stdin or TCP and answering {"type":"dahai",…})
// reads and writes exactly what the logs hold.
type Event struct {
	Type       string     `json:"type"`
	Names      []string   `json:"names,omitempty"`       // start_game
	KyokuFirst *int       `json:"kyoku_first,omitempty"` // start_game: 0 east-south, 4 east only (as mjai-reviewer writes)
	AkaFlag    *bool      `json:"aka_flag,omitempty"`    // start_game: red fives (as mjai-reviewer writes)
	Bakaze     string     `json:"bakaze,omitempty"`      // start_kyoku
	DoraMarker string     `json:"dora_marker,omitempty"` // start_kyoku, dora
	Kyoku      int        `json:"kyoku,omitempty"`       // start_kyoku, 1..4
	Honba      *int       `json:"honba,omitempty"`       // start_kyoku
	Kyotaku    *int       `json:"kyotaku,omitempty"`     // start_kyoku
	Oya        *int       `json:"oya,omitempty"`         // start_kyoku
	Scores     []int      `json:"scores,omitempty"`      // start_kyoku; reach_accepted, end_game (after)
	Tehais     [][]string `json:"tehais,omitempty"`      // start_kyoku; ryukyoku: hands shown (extension)
	Actor      *int       `json:"actor,omitempty"`
	Target     *int       `json:"target,omitempty"`
	Pai        string     `json:"pai,omitempty"`
	Consumed   []string   `json:"consumed,omitempty"`
	Tsumogiri  *bool      `json:"tsumogiri,omitempty"`
	Deltas     []int      `json:"deltas,omitempty"`      // reach_accepted, hora, ryukyoku
	UraMarkers []string   `json:"ura_markers,omitempty"` // hora
	UraAlias   []string   `json:"uradora_markers,omitempty"`
	// extensions
	Fu         *int      `json:"fu,omitempty"`          // hora
	Fan        *int      `json:"fan,omitempty"`         // hora
	HoraPoints *int      `json:"hora_points,omitempty"` // hora: the hand's value
	Limit      *int      `json:"limit,omitempty"`       // hora: Tenhou limit code
	Yaku       [][2]int  `json:"yaku,omitempty"`        // hora: Tenhou yaku number and han
	Yakuman    []int     `json:"yakuman,omitempty"`     // hora: Tenhou yakuman numbers
	Pao        *int      `json:"pao,omitempty"`         // hora
	Reason     string    `json:"reason,omitempty"`      // ryukyoku: mjlog type name
	RankPt     []float64 `json:"rank_pt,omitempty"`     // end_game
	TenhouType *int      `json:"tenhou_type,omitempty"` // start_game: GO type
	Ref        string    `json:"ref,omitempty"`         // start_game
	Lobby      *int      `json:"lobby,omitempty"`       // start_game
	Dan        []int     `json:"dan,omitempty"`         // start_game
	Rate       []float64 `json:"rate,omitempty"`        // start_game
	Sx         []string  `json:"sx,omitempty"`          // start_game

	// The protocol's fields (a bot and its server; logs do not hold them).
	ID              *int    `json:"id,omitempty"`               // start_game: the seat receiving the events
	Seed            *uint64 `json:"mjrank_seed,omitempty"`      // start_game, extension: the seed the referee gives the seat's bot
	Name            string  `json:"name,omitempty"`             // join
	Room            string  `json:"room,omitempty"`             // join
	Protocol        string  `json:"protocol,omitempty"`         // hello
	ProtocolVersion *int    `json:"protocol_version,omitempty"` // hello
	Message         string  `json:"message,omitempty"`          // error
}

// DecodeEvent reads one event from a line of JSON into e, which it resets
// first (white space around the object is allowed; fields Event does not
// have are ignored). The error is a *data.ParseError at line 1 whose
// Column points into line, wrapping data.ErrSyntax (malformed JSON),
// data.ErrBadValue (a field of the wrong type) or data.ErrBadTag (no
// type); e then holds what was decoded.
func DecodeEvent(line []byte, e *Event) error {
	*e = Event{}
	if err := json.Unmarshal(line, e); err != nil {
		off, cause := codec.JSONError(err)
		return &data.ParseError{Line: 1, Column: off + 1, Offset: int64(off), Tag: e.Type, Err: cause}
	}
	if e.Type == "" {
		return &data.ParseError{Line: 1, Column: 1, Err: codec.Cause(data.ErrBadTag, "event without a type")}
	}
	return nil
}

// AppendEvent appends e to dst as one line of JSON, newline included: the
// fields in the order of Event, the empty ones left out, nothing escaped
// for HTML. It fails only on a number JSON cannot hold (a NaN in RankPt).
func AppendEvent(dst []byte, e *Event) ([]byte, error) {
	b := bytes.NewBuffer(dst)
	if err := newLineEncoder(b).Encode(e); err != nil {
		return dst, err
	}
	return b.Bytes(), nil
}

// EncodeEvent writes e to w as AppendEvent makes it, in one Write.
func EncodeEvent(w io.Writer, e *Event) error { return newLineEncoder(w).Encode(e) }

// newLineEncoder returns the encoder of every mjai line this package
// writes: one JSON value a line, in one Write, nothing escaped for HTML.
func newLineEncoder(w io.Writer) *json.Encoder {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc
}
