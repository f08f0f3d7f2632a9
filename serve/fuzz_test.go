package serve

import (
	"bytes"
	"encoding/json"
	"io"
	"net/url"
	"strings"
	"testing"
)

// FuzzDecodeRequest feeds the request decoders arbitrary bodies: they must
// never panic, every error must say something of its own (not a bare
// encoding/json message), and a request they accept must hold what the
// handlers rely on.
func FuzzDecodeRequest(f *testing.F) {
	for _, seed := range []string{
		`{"observation": {"seat": 1}, "sims": 200, "seed": 3, "utility": "points", "time_ms": 50}`,
		`{"record": "<mjloggm/>", "round": "E2-0", "event": 3, "seat": 1, "game": 1}`,
		`{"record": "x", "round": "1", "turn": 2, "seat": 0}`,
		`{"record": "x", "seat": 1, "name": "a", "sims": 5}`,
		`{"sims": "x"}`, `{"seed": -1}`, `{"a": 1}`, `[]`, `{} {}`, `{`, ``, `null`, `{"observation": null}`,
		"{\n\"sims\" 1}", `{"sims": 1e99}`, `{"event": 99999999999999999999}`,
		`{"observation": {"seat": 1}, "sims": 2, "sims": 3}`, `{"observation": {"seat": 1, "Seat": 2}}`, `{"record": "x", "Name": "a"}`,
		`{"observation": {"events": [{"type": "draw"}, {"type": "draw", "type": "x"}]}}`, `{"s\u0069ms": 1, "sims": 2}`,
		`{"position": {"hand": "123m456p789s1122z", "draw": "3z", "dora": "5m", "wind": "W", "rivers": ["0:1z"], "sticks": 0}, "sims": 9}`,
		`{"position": {"hand": "1m", "dora": "5m", "seat": 1, "wind": "E"}}`,
	} {
		f.Add([]byte(seed), "seat=1&sims=20")
	}
	f.Fuzz(func(t *testing.T, body []byte, rawQuery string) {
		q, err := DecodeAnalyzeRequest(body, 1000)
		if err != nil {
			checkMessage(t, err)
		} else {
			checkOnceEach(t, body)
			if n := btoi(q.Observation != nil) + btoi(q.Record != nil) + btoi(q.Position != nil); n != 1 {
				t.Fatalf("accepted %q with observation %v, record %v and position %v", body, q.Observation != nil, q.Record != nil, q.Position != nil)
			}
			if p := q.Position; p != nil && (p.Hand == "" || (p.Seat == nil) == (p.Wind == nil)) {
				t.Fatalf("accepted a position without its hand, or not one of seat and wind: %q", body)
			}
			if q.Sims != nil && (*q.Sims < 1 || *q.Sims > 1000) {
				t.Fatalf("accepted sims %d", *q.Sims)
			}
			if q.TimeMS != nil && (*q.TimeMS < 0 || *q.TimeMS > maxTimeMS) {
				t.Fatalf("accepted time_ms %d", *q.TimeMS)
			}
			if q.Record != nil && (q.Event == nil) == (q.Turn == nil) {
				t.Fatalf("accepted a record position without one of event and turn: %q", body)
			}
		}
		query, err := url.ParseQuery(rawQuery)
		if err != nil {
			return
		}
		r, err := DecodeReviewRequest(body, query, 1000)
		if err != nil {
			checkMessage(t, err)
			return
		}
		if strings.TrimSpace(r.Record) == "" || (r.Seat != nil && (*r.Seat < 0 || *r.Seat > 3)) || (r.Seat != nil && r.Name != nil) ||
			(r.Name != nil && *r.Name == "") {
			t.Fatalf("accepted %+v", r)
		}
		if hasTopKey(body, "record") {
			checkOnceEach(t, body)
		}
	})
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func checkMessage(t *testing.T, err error) {
	t.Helper()
	msg := err.Error()
	if msg == "" || strings.HasPrefix(msg, "json:") || strings.Contains(msg, "Go struct") {
		t.Fatalf("unclear error %q", msg)
	}
}

// checkOnceEach fails the test when an accepted body holds a key twice in
// an object: read with encoding/json's token stream, independently of the
// checker's own walk.
func checkOnceEach(t *testing.T, body []byte) {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(body))
	type frame struct {
		object, atKey bool
		keys          map[string]bool
	}
	var stack []frame
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return
		}
		if err != nil {
			t.Fatalf("accepted %q, which the token stream refuses: %v", body, err)
		}
		var top *frame
		if len(stack) > 0 {
			top = &stack[len(stack)-1]
		}
		if d, ok := tok.(json.Delim); ok {
			switch d {
			case '{', '[':
				if top != nil && top.object {
					top.atKey = true // the value read: a key comes next
				}
				stack = append(stack, frame{object: d == '{', atKey: true, keys: map[string]bool{}})
			default:
				stack = stack[:len(stack)-1]
			}
			continue
		}
		if top == nil || !top.object {
			continue
		}
		if top.atKey {
			k := tok.(string)
			if top.keys[k] {
				t.Fatalf("accepted %q, which holds the key %q twice in an object", body, k)
			}
			top.keys[k] = true
		}
		top.atKey = !top.atKey
	}
}
