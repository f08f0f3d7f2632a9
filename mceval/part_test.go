package mceval

import (
	"encoding/json"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/sim/game"
)

// sampleGame is a game's result with every kind of sample, and numbers
// that print long (a third, a tiny share).
func sampleGame(seed float64) gameResult {
	p := func(k float64) pred {
		return pred{win: 1.0 / (3 + k + seed), dealIn: math.Nextafter(0.1, 1), draw: 1e-300, delta: -1234.5678901234 * k, live: int(k)}
	}
	r := gameResult{decisions: 7, agree: []Agreement{{Player: "mc", Discards: 3, DiscardsAgreed: 2}, {Player: "efficiency", Calls: 1}}}
	for k := range 3 {
		r.samples[0] = append(r.samples[0], p(float64(k)))
		r.samples[1] = append(r.samples[1], p(float64(k)+0.5))
		r.samples[2] = append(r.samples[2], p(float64(k)+0.25))
		r.outcomes = append(r.outcomes, outcome{won: k == 0, dealtIn: k == 1, draw: k == 2, delta: float64(k) * -1000.5})
	}
	r.calls = []callSample{{game.Pon, p(9), outcome{won: true, delta: 3900}}, {game.Pass, p(1), outcome{}}}
	r.opp.Engine.Discard(3, true, false, true, 1.0/3)
	r.opp.Real.Discard(4, false, true, false, 1)
	r.opp.Engine.Rounds, r.opp.Real.Rounds = 1, 1
	return r
}

// TestGameResultJSON: a game's result makes the round trip through JSON
// exactly, and a row of the wrong shape is refused, naming it.
func TestGameResultJSON(t *testing.T) {
	want := GameResult{sampleGame(0)}
	b, err := json.Marshal(want)
	if err != nil {
		t.Fatal(err)
	}
	var got GameResult
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.r, want.r) {
		t.Fatalf("round trip:\n%+v\nwant\n%+v", got.r, want.r)
	}
	s := string(b)
	for _, c := range []struct{ from, to, want string }{
		{`"outcomes":[[1,0,0,`, `"outcomes":[[2,0,0,`, "outcomes[0]: flag 1 is 2, want 0 or 1"},
		{`"outcomes":[[1,0,0,`, `"outcomes":[[1,0,`, "outcomes[0]: want 3 flags and a points change"},
		{`"calls":[[`, `"calls":[[1,`, "calls[0]: want the move and 9 numbers"},
		{`,0],[`, `,0.5],[`, "samples[0][0]: want 4 numbers and the tiles left"},
	} {
		bad := strings.Replace(s, c.from, c.to, 1)
		if bad == s {
			t.Fatalf("%q not in %s", c.from, s)
		}
		if err := json.Unmarshal([]byte(bad), &got); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s → %s: %v; want an error with %q", c.from, c.to, err, c.want)
		}
	}
}

// TestSummarizeParts: parts joined in order give the report of the
// whole, to the bit; parts out of order or of another run are refused.
func TestSummarizeParts(t *testing.T) {
	games := []GameResult{{sampleGame(0)}, {sampleGame(1)}, {sampleGame(2)}}
	part := func(from, to int) *Part {
		return &Part{Sims: 10, Players: []string{"mc", "efficiency"}, Planned: 3, From: from, To: to, Games: games[from:to], Seconds: 1}
	}
	whole, err := Summarize([]*Part{part(0, 3)})
	if err != nil {
		t.Fatal(err)
	}
	split, err := Summarize([]*Part{part(0, 1), part(1, 1), part(1, 3)})
	if err != nil {
		t.Fatal(err)
	}
	if whole.Seconds != 1 || split.Seconds != 3 {
		t.Errorf("seconds %v and %v, want 1 and the parts' sum 3", whole.Seconds, split.Seconds)
	}
	split.Seconds = whole.Seconds
	if !reflect.DeepEqual(whole, split) || whole.Games != 3 || len(whole.Fidelity) != 3 {
		t.Errorf("joined parts:\n%+v\nthe whole:\n%+v", split, whole)
	}
	other := part(1, 3)
	other.Sims = 20
	for _, c := range []struct {
		parts []*Part
		want  string
	}{
		{nil, "no part"},
		{[]*Part{part(1, 3), part(0, 1)}, "part 1 holds games 1..3 (2 of them), want from 0"},
		{[]*Part{part(0, 1)}, "the parts hold games 0..1 of 3"},
		{[]*Part{part(0, 1), other}, "part 2 is of another run"},
		{[]*Part{{Sims: 10, Players: []string{"mc", "efficiency"}, Planned: 3, To: 3, Games: games[:2]}}, "part 1 holds games 0..3 (2 of them)"},
	} {
		if _, err := Summarize(c.parts); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v; want an error with %q", err, c.want)
		}
	}
}
