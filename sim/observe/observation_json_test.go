package observe

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/sim/game"
)

// jsonSeeds returns the JSON of self-play observations at several points
// of a few rounds, each seat's.
func jsonSeeds(t testing.TB) []string {
	t.Helper()
	var out []string
	for i, o := range selfPlayObservations(t, 3) {
		if i%5 != 0 {
			continue
		}
		b, err := json.Marshal(o)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, string(b))
	}
	return out
}

// sameByFace compares two observations of the same play read from
// different ids: the state every accessor gives, by kind.
func sameByFace(a, b *Observation) error {
	if a.Seat() != b.Seat() || a.Setup() != b.Setup() || a.Rules() != b.Rules() || len(a.Events()) != len(b.Events()) {
		return fmt.Errorf("seat, setup, rules or event count differ")
	}
	if a.Counts() != b.Counts() || a.Visible() != b.Visible() || a.Unseen() != b.Unseen() {
		return fmt.Errorf("counts differ")
	}
	if a.Scores() != b.Scores() || a.Sticks() != b.Sticks() || a.LiveRemaining() != b.LiveRemaining() || a.Turn() != b.Turn() || a.Ended() != b.Ended() {
		return fmt.Errorf("scores, sticks, live wall, turn or end differ")
	}
	for s := range game.NumSeats {
		if a.Concealed(s) != b.Concealed(s) || a.InRiichi(s) != b.InRiichi(s) || a.RiichiAccepted(s) != b.RiichiAccepted(s) || a.Kita(s) != b.Kita(s) ||
			len(a.River(s)) != len(b.River(s)) || len(a.Melds(s)) != len(b.Melds(s)) {
			return fmt.Errorf("seat %d differs", s)
		}
		for i, d := range a.River(s) {
			e := b.River(s)[i]
			if d.Tile.Kind() != e.Tile.Kind() || d.Tile.Red() != e.Tile.Red() || d.Tsumogiri != e.Tsumogiri || d.Riichi != e.Riichi || d.Called != e.Called {
				return fmt.Errorf("seat %d discard %d: %+v, %+v", s, i, d, e)
			}
		}
	}
	return nil
}

// TestObservationJSONRoundTrip writes self-play observations, reads them
// back and writes them again: the same JSON, the same state by face, and
// a round determinized from the copy.
func TestObservationJSONRoundTrip(t *testing.T) {
	for i, o := range selfPlayObservations(t, 6) {
		b, err := json.Marshal(o)
		if err != nil {
			t.Fatal(err)
		}
		var back Observation
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatalf("observation %d: %v\n%s", i, err, b)
		}
		b2, err := json.Marshal(&back)
		if err != nil {
			t.Fatal(err)
		}
		if string(b) != string(b2) {
			t.Fatalf("observation %d: round trip\n%s\n%s", i, b, b2)
		}
		if err := sameByFace(o, &back); err != nil {
			t.Fatalf("observation %d: %v", i, err)
		}
		if _, err := back.Determinize(rand.New(rand.NewPCG(uint64(i), 0)), DeterminizeOptions{}); err != nil {
			t.Fatalf("observation %d: %v", i, err)
		}
	}
}

// baseJSON is a short observation: seat 1's view of East 1 up to its
// first discard.
const baseJSON = `{"round":0,"honba":0,"sticks":0,"dealer":0,"scores":[25000,25000,25000,25000],"seat":1,
"hand":["1m","2m","3m","0p","6p","7p","1s","1s","9s","1z","1z","5z","7z"],"dora_indicator":"3p",
"events":[{"type":"draw","seat":0},{"type":"discard","seat":0,"tile":"9m"},
{"type":"draw","seat":1,"tile":"4s"},{"type":"discard","seat":1,"tile":"7z"}]}`

func TestObservationJSONErrors(t *testing.T) {
	if _, err := ParseObservation([]byte(baseJSON)); err != nil {
		t.Fatalf("base: %v", err)
	}
	for _, c := range []struct {
		name, old, new string
		want           string
		event          int // for an *ObservationError, its event; else -2
	}{
		{"not JSON", `{"round"`, `{"round`, "observation JSON", -2},
		{"unknown field", `"honba":0`, `"honba":0,"foo":1`, `unknown field "foo"`, -2},
		{"missing round", `"round":0,`, ``, "round: missing", -2},
		{"three scores", `[25000,25000,25000,25000]`, `[25000,25000,25000]`, "scores: 3 values, want 4", -2},
		{"12 tiles", `"1m","2m","3m",`, `"1m","2m",`, "hand: 12 tiles, want 13", -2},
		{"bad tile", `"0p"`, `"0x"`, `hand[3]: "0x" is not a tile`, -2},
		{"fifth tile", `"5z","7z"],"dora_indicator":"3p"`, `"1z","1z"],"dora_indicator":"1z"`, "dora_indicator: a fifth 1z", -2},
		{"red twice", `"6p"`, `"0p"`, "hand[4]: a second red 5p", -2},
		{"bad dealer", `"dealer":0`, `"dealer":4`, "dealer: 4 is not a seat", -2},
		{"bad seat", `"seat":1`, `"seat":7`, "observation: seat 7", -1},
		{"bad length", `"round":0`, `"rules":{"length":"long"},"round":0`, `rules.length: "long"`, -2},
		{"unknown event", `{"type":"draw","seat":0}`, `{"type":"tsumo","seat":0}`, `events[0].type: unknown event type "tsumo"`, -2},
		{"misplaced field", `{"type":"draw","seat":0}`, `{"type":"draw","seat":0,"from":2}`, "events[0].from: not a field of a draw event", -2},
		{"missing seat", `{"type":"draw","seat":0}`, `{"type":"draw"}`, "events[0].seat: missing or not a seat", -2},
		{"wrong seat draws", `{"type":"draw","seat":0}`, `{"type":"draw","seat":2}`, "seat 0 draws next", 0},
		{"other's draw shown", `{"type":"draw","seat":0}`, `{"type":"draw","seat":0,"tile":"5s"}`, "another seat's draw must be hidden", 0},
		{"own draw hidden", `"seat":1,"tile":"4s"`, `"seat":1`, "draw: invalid tile id 255", 2},
		{"discard not held", `"seat":1,"tile":"7z"`, `"seat":1,"tile":"6z"`, "events[3].tile: no 6z in the hand", -2},
		{"tsumogiri of another tile", `"seat":1,"tile":"7z"`, `"seat":1,"tile":"7z","tsumogiri":true`, "tsumogiri is true but the tile drawn was 4s", 3},
		{"tsumogiri after nothing drawn", `{"type":"discard","seat":0,"tile":"9m"}`, `{"type":"discard","seat":0,"tile":"9m"},{"type":"discard","seat":0,"tile":"8m"}`, "seat 0 cannot act now", 2},
		{"called tile", `{"type":"draw","seat":1,"tile":"4s"}`, `{"type":"pon","seat":1,"from":0,"tile":"1m","tiles":["1z","1z"]}`, `events[2].tile: "1m" is not the last discard 9m`, -2},
		{"riichi not accepted", `{"type":"draw","seat":1,"tile":"4s"}`, `{"type":"riichi_accepted","seat":1}`, "seat 1 has no riichi declaration", 2},
		{"dora too soon", `{"type":"draw","seat":1,"tile":"4s"}`, `{"type":"dora","tile":"4s"}`, "indicator 2 after 0 kans", 2},
		{"trailing data", `]}`, `]} {}`, "data after the object", -2},
		{"trailing junk", `]}`, `]} x`, "data after the object", -2},
	} {
		t.Run(c.name, func(t *testing.T) {
			in := strings.Replace(baseJSON, c.old, c.new, 1)
			if in == baseJSON {
				t.Fatalf("%q not in the base", c.old)
			}
			_, err := ParseObservation([]byte(in))
			if !observeErr(err, c.want) {
				t.Fatalf("got %v, want an error with %q", err, c.want)
			}
			var oe *ObservationError
			if errors.As(err, &oe) != (c.event > -2) || c.event > -2 && (oe.Event != c.event || !errors.Is(err, ErrObservation)) {
				t.Errorf("%v: want an ObservationError at event %d", err, c.event)
			}
		})
	}
}

// FuzzObservationJSON: the decoder never panics; what it accepts writes
// back to JSON that reads as the same observation, and determinizes (or
// fails with an error, never a panic).
func FuzzObservationJSON(f *testing.F) {
	f.Add(baseJSON)
	f.Add(sanmaJSON)
	for _, s := range jsonSeeds(f) {
		f.Add(s)
	}
	for i, o := range sanmaObservations(f, 1) {
		if i%7 == 0 {
			b, err := json.Marshal(o)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(string(b))
		}
	}
	f.Fuzz(func(t *testing.T, in string) {
		o, err := ParseObservation([]byte(in))
		if err != nil {
			return
		}
		b, err := json.Marshal(o)
		if err != nil {
			t.Fatalf("accepted but not written: %v", err)
		}
		back, err := ParseObservation(b)
		if err != nil {
			t.Fatalf("written form not read back: %v\n%s", err, b)
		}
		b2, _ := json.Marshal(back)
		if string(b) != string(b2) {
			t.Fatalf("round trip:\n%s\n%s", b, b2)
		}
		if err := sameByFace(o, back); err != nil {
			t.Fatal(err)
		}
		if _, err := o.Determinize(rand.New(rand.NewPCG(1, 2)), DeterminizeOptions{}); err != nil && !errors.Is(err, ErrNoWorld) {
			t.Fatalf("accepted observation does not determinize: %v\n%s", err, b)
		}
	})
}

// TestImpossiblePositions: observation JSON (what analyze --observation,
// serve and, through FaceObservation, the mjai bot read) with a field out
// of its range is refused, naming the field and the range.
func TestImpossiblePositions(t *testing.T) {
	base, err := os.ReadFile("testdata/observation.json")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ParseObservation(base); err != nil {
		t.Fatalf("the example: %v", err)
	}
	const setup = `"round": 4, "honba": 1, "sticks": 1, "dealer": 0,`
	const scores = `"scores": [31000, 22000, 24000, 22000],`
	const rules = `"rules": {"score": "tenhou", "length": "hanchan"},`
	tests := []struct {
		name, old, new, want string
	}{
		{"round past West 4", setup, `"round": 16, "honba": 1, "sticks": 1, "dealer": 0,`, "round 16: want 0 (E1) to 11 (W4)"},
		{"no North round", setup, `"round": 12, "honba": 1, "sticks": 1, "dealer": 0,`, "round 12: want 0 (E1) to 11 (W4)"},
		{"negative round", setup, `"round": -1, "honba": 1, "sticks": 1, "dealer": 0,`, "round -1"},
		{"dealer not the round's", setup, `"round": 4, "honba": 1, "sticks": 1, "dealer": 2,`, "dealer 2: the dealer of S1 is seat 0"},
		{"huge honba", setup, `"round": 4, "honba": 1000000000000, "sticks": 1, "dealer": 0,`, "honba 1000000000000: want 0 to 100"},
		{"huge sticks", setup, `"round": 4, "honba": 1, "sticks": 1000000000000, "dealer": 0,`, "sticks 1000000000000: want 0 to 100"},
		{"negative score", scores, `"scores": [-100000, 22000, 24000, 22000],`, "scores[0] -100000: want 0 to 1000000"},
		{"huge score", scores, `"scores": [9223372036854775807, 22000, 24000, 22000],`, "scores[0] 9223372036854775807"},
		{"negative start points", rules, `"rules": {"score": "tenhou", "length": "hanchan", "start_points": -5},`, "start_points -5: want 100 to 1000000"},
		{"negative extension", rules, `"rules": {"score": "tenhou", "length": "hanchan", "extension_winds": -7},`, "extension_winds -7: want 0 to 2"},
		{"huge uma", rules, `"rules": {"score": "tenhou", "length": "hanchan", "uma": [4611686018427387904, 10, -10, -20]},`, "uma[0] 4611686018427387904"},
		{"east-only past South 4", rules + "\n  " + setup, `"rules": {"score": "tenhou", "length": "tonpuusen"}, "round": 8, "honba": 1, "sticks": 1, "dealer": 0,`, "round 8: want 0 (E1) to 7 (S4)"},
	}
	for _, tt := range tests {
		in := string(base)
		if !strings.Contains(in, tt.old) {
			t.Fatalf("%s: the example has no %q", tt.name, tt.old)
		}
		_, err := ParseObservation([]byte(strings.Replace(in, tt.old, tt.new, 1)))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want an error saying %q", tt.name, err, tt.want)
		}
	}
}
