package serve

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/analysis"
	"github.com/mjrank/mjrank/mc"
	"github.com/mjrank/mjrank/sim/observe"
)

// typedBody is the position of docs/OBSERVATION.md's first example, South
// in riichi: West decides after drawing 3z.
func typedBody() map[string]any {
	return map[string]any{"hand": "234m456p789s1122z", "draw": "3z", "dora": "5m", "wind": "W",
		"rivers": []string{"0:1z9m_4p", "1:2z8p_3s*", "2:9s1m_", "3:7z6z"}}
}

// typedFlags is typedBody as `mjrank analyze` builds it from its flags
// (--hand 234m456p789s1122z --draw 3z --dora 5m --wind W --river ...):
// no --seat and no --sticks, so both unset.
func typedFlags() *observe.Position {
	return &observe.Position{Hand: "234m456p789s1122z", Draw: "3z", Dora: "5m", Wind: "W", Seat: -1, Sticks: -1,
		Rivers: []string{"0:1z9m_4p", "1:2z8p_3s*", "2:9s1m_", "3:7z6z"}}
}

// TestAnalyzePositionSameAsCommandPath checks that a typed position sent
// as "position" gets the bytes the analyze command's code path gives for
// the same flags and seed (at another worker count), and that a position
// whose scores only look wrong is analysed with the parser's warnings,
// each naming the request's field, beside the same analysis.
func TestAnalyzePositionSameAsCommandPath(t *testing.T) {
	s := newService(t, Config{Workers: 1})
	run := func(t *testing.T, p *observe.Position) []byte {
		pos, _, err := analysis.TypedPosition(p, "position", 7)
		if err != nil {
			t.Fatal(err)
		}
		res, _, err := analysis.Run(context.Background(), engine(t), pos, mc.Options{Sims: 200, Seed: 7, Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		return encode(t, res)
	}
	post := func(t *testing.T, position map[string]any) []byte {
		w := request{path: "/v1/analyze", ctype: "application/json", body: jsonBody(t, map[string]any{"position": position, "sims": 200, "seed": 7})}.do(t, s)
		if w.Code != http.StatusOK {
			t.Fatalf("status %d: %s", w.Code, w.Body)
		}
		return w.Body.Bytes()
	}
	t.Run("plain", func(t *testing.T) {
		got, want := normalize(post(t, typedBody())), normalize(run(t, typedFlags()))
		if got != want {
			t.Errorf("the service and the command's path differ:\n--- service ---\n%s\n--- analysis.Run ---\n%s", got, want)
		}
		if strings.Contains(got, `"warnings"`) {
			t.Error("warnings without a warning")
		}
	})
	t.Run("warnings", func(t *testing.T) {
		b, p := typedBody(), typedFlags()
		b["scores"], p.Scores = "25000,25000,25000,25050", "25000,25000,25000,25050"
		b["seat"], p.Seat, p.Wind = 2, 2, ""
		delete(b, "wind")
		var got struct {
			Warnings []string `json:"warnings"`
		}
		body := post(t, b)
		if err := json.Unmarshal(body, &got); err != nil {
			t.Fatal(err)
		}
		want := []string{"position.scores: seat 3's 25050 is not a multiple of 100",
			"position.scores: with the 1 sticks on the table they make 101050, not 100000: a score mistyped?"}
		if strings.Join(got.Warnings, "\n") != strings.Join(want, "\n") {
			t.Errorf("warnings %q, want %q", got.Warnings, want)
		}
		// The analysis beside them is the command's, the warnings last.
		i := strings.LastIndex(string(body), ",\n  \"warnings\": [")
		if i < 0 {
			t.Fatalf("no warnings at the end of\n%s", body)
		}
		if g, w := normalize(body[:i])+"\n}\n", normalize(run(t, p)); g != w {
			t.Errorf("with warnings, the analysis differs:\n%s\nwant\n%s", g, w)
		}
	})
}

// TestPositionErrors checks that a typed position the service cannot
// analyse is refused naming the request's field: what only the request
// can get wrong (seat and wind, a field misspelt) and what the parser
// finds (a fifth tile, a hand of 12, a river's marks).
func TestPositionErrors(t *testing.T) {
	s := newService(t, Config{MaxSims: 1000})
	with := func(kv ...any) string {
		p := typedBody()
		for i := 0; i < len(kv); i += 2 {
			if kv[i+1] == nil {
				delete(p, kv[i].(string))
			} else {
				p[kv[i].(string)] = kv[i+1]
			}
		}
		return jsonBody(t, map[string]any{"position": p, "sims": 10})
	}
	const aj = "application/json"
	q := func(body string) request { return request{path: "/v1/analyze", ctype: aj, body: body} }
	checkErrors(t, s, []errorCase{
		{"fifth tile", q(with("hand", "234m456p789s1111z", "draw", "2z")), 400, "position: a fifth 1z (hand: 4, river 0: 1): there are four of each tile"},
		{"hand of 12", q(with("hand", "234m456p789s112z")), 400, "position.hand: 12 tiles with 0 melds and a draw: want 13"},
		{"bad river mark", q(with("rivers", []string{"0:1z!9m_4p"})), 400, `position.river 0: "1z!9m_4p": unexpected '!' at offset 2`},
		{"mark before a tile", q(with("rivers", []string{"0:_1z"})), 400, `position.river 0: "_1z": mark _ at offset 0 follows no tile`},
		{"seat and wind", q(with("seat", 2)), 400, "position: give seat or wind, not both"},
		{"neither seat nor wind", q(with("wind", nil)), 400, "position: give seat or wind (the deciding seat 0 to 3"},
		{"no hand", q(with("hand", nil)), 400, "position.hand: missing"},
		{"no dora", q(with("dora", nil)), 400, "position.dora: 0 indicators: want 1 to 5"},
		{"bad seat", q(with("wind", nil, "seat", 4)), 400, "position.seat: 4 is not a seat (0 to 3)"},
		{"negative seat", q(with("wind", nil, "seat", -1)), 400, "position.seat: -1 is not a seat (0 to 3)"},
		{"empty wind", q(with("wind", "")), 400, "position.wind: empty: want E, S, W or N"},
		{"bad wind", q(with("wind", "X")), 400, `position.wind: "X": want E, S, W or N`},
		{"negative sticks", q(with("sticks", -1)), 400, "position.sticks: -1: want 0 to 100"},
		{"bad round", q(with("round", "X9")), 400, `position.round: "X9": want a wind and a number`},
		{"bad meld", q(with("melds", []string{"1:pon=556p"})), 400, `position.melds 1: score: invalid meld "pon=556p"`},
		{"river of no seat", q(with("rivers", []string{"9:1z"})), 400, `position.river: "9:1z": want SEAT:TILES`},
		{"rivers not a list", q(with("rivers", "0:1z")), 400, `field "position.rivers": want a list, not string`},
		{"not at a decision", q(with("hand", "234p456p789s1122z", "draw", nil, "rivers", []string{"0:1z", "1:9m"})), 400,
			"position: it ends at seat 1's discard of 9m, which seat 2 can neither call nor win on: give its draw to analyse its turn"},
		{"unknown field", q(strings.Replace(with(), `"hand"`, `"hnad": 1, "hand"`, 1)), 400, `request body: unknown field "position.hnad"`},
		{"case variant", q(strings.Replace(with(), `"hand"`, `"Hand"`, 1)), 400, `unknown field "position.Hand" (field names are exact: "hand")`},
		{"duplicate key", q(strings.Replace(with(), `"hand"`, `"draw": "3z", "hand"`, 1)), 400, `key "position.draw" given twice`},
		{"round beside", q(strings.Replace(with(), `"sims"`, `"round": "E1", "sims"`, 1)), 400, `"position" holds its round and seat: "round" belong to "record"`},
		{"observation beside", q(strings.Replace(with(), `"sims"`, `"observation": {"seat": 1}, "sims"`, 1)), 400, `give one of "position", "observation" and "record"`},
		{"sims over the cap", q(strings.Replace(with(), `"sims":10`, `"sims":1001`, 1)), 400, `"sims" 1001: this server allows at most 1000`},
	})
}
