package serve

import (
	"encoding/json"
	"maps"
	"net/http"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/analysis"
	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/internal/shareddata"
	"github.com/mjrank/mjrank/review"
)

// sanmaXML is dnovikoff's sanma2.xml, a 3-player game.
func sanmaXML(t testing.TB) string {
	return readFile(t, filepath.Join(shareddata.Dir(t, "tenhou", "dnovikoff-tenhou", "log", "test_data"), "sanma2.xml"))
}

// TestSanma: /v1/review and /v1/analyze take a 3-player record: the
// review says 3 players and is compared with the 3-player Houou
// reference, its page draws three seats; the analysis of the first kita
// plays it, and so does its observation JSON's; the empty seat and an unknown name are errors naming the
// seats in play.
func TestSanma(t *testing.T) {
	s := newService(t, Config{})
	rec := sanmaXML(t)
	w := request{path: "/v1/review?sims=10&rounds=E1&seat=0", ctype: "application/xml", body: rec}.do(t, s)
	if w.Code != http.StatusOK {
		t.Fatalf("review: status %d: %s", w.Code, w.Body)
	}
	var rep struct {
		Players   int   `json:"players"`
		Decisions []any `json:"decisions"`
		Figures   struct {
			HououNote        string `json:"houou_note"`
			ThreePlayerGames int    `json:"three_player_games"`
			Houou            *struct {
				SeatGames int `json:"seat_games"`
			} `json:"houou"`
		} `json:"figures"`
	}
	if err := json.Unmarshal(w.Body.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	ref, err := review.DefaultHououTableFor(3)
	if err != nil {
		t.Fatal(err)
	}
	f := rep.Figures
	if rep.Players != 3 || len(rep.Decisions) == 0 || f.HououNote != "" || f.ThreePlayerGames != 1 || f.Houou == nil || f.Houou.SeatGames != ref.Figures.SeatGames {
		t.Errorf("review: players %d, %d decisions, note %q, %d 3-player games, houou %+v: want houou3.json's", rep.Players, len(rep.Decisions), f.HououNote, f.ThreePlayerGames, f.Houou)
	}
	w = request{path: "/v1/review?sims=10&rounds=E1&seat=1&format=html", ctype: "application/xml", body: rec}.do(t, s)
	if page := w.Body.String(); w.Code != http.StatusOK || !strings.Contains(page, "3 players, 108 tiles") || strings.Contains(page, `data-seat="3"`) {
		t.Errorf("review page: status %d, not a 3-player table: %.300s", w.Code, page)
	}
	w = request{path: "/v1/analyze", ctype: "application/json",
		body: jsonBody(t, map[string]any{"record": rec, "round": "E1-0", "event": 1, "sims": 20})}.do(t, s)
	if w.Code != http.StatusOK {
		t.Fatalf("analyze: status %d: %s", w.Code, w.Body)
	}
	var an struct {
		Players int    `json:"players"`
		Played  string `json:"played"`
	}
	if err := json.Unmarshal(w.Body.Bytes(), &an); err != nil || an.Players != 3 || an.Played != "kita" {
		t.Errorf("analyze: players %d, played %q (%v)", an.Players, an.Played, err)
	}
	// The same position as observation JSON.
	g, err := analysis.ReadGame(strings.NewReader(rec), "sanma2.xml", 1)
	if err != nil {
		t.Fatal(err)
	}
	o, err := data.ObservationBefore(g, 0, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	w = request{path: "/v1/analyze", ctype: "application/json", body: jsonBody(t, map[string]any{"observation": o, "sims": 20})}.do(t, s)
	an.Players = 0
	if err := json.Unmarshal(w.Body.Bytes(), &an); w.Code != http.StatusOK || err != nil || an.Players != 3 {
		t.Errorf("analyze an observation: status %d, players %d: %s", w.Code, an.Players, w.Body)
	}
	// A typed 3-player position with kitas.
	typed := map[string]any{"players": 3, "kita": "1,0,1", "hand": "19m123456p789s11z", "draw": "3z", "dora": "5p", "wind": "W",
		"rivers": []string{"0:1z9p", "1:2z8p_", "2:9s"}}
	w = request{path: "/v1/analyze", ctype: "application/json", body: jsonBody(t, map[string]any{"position": typed, "sims": 20})}.do(t, s)
	an.Players = 0
	if err := json.Unmarshal(w.Body.Bytes(), &an); w.Code != http.StatusOK || err != nil || an.Players != 3 {
		t.Errorf("analyze a typed position: status %d, players %d: %s", w.Code, an.Players, w.Body)
	}
	withTyped := func(k string, v any) string {
		p := maps.Clone(typed)
		p[k] = v
		return jsonBody(t, map[string]any{"position": p, "sims": 20})
	}
	const aj = "application/json"
	checkErrors(t, s, []errorCase{
		{"typed: five players", request{path: "/v1/analyze", ctype: aj, body: withTyped("players", 5)}, 400, "position.players: 5: want 3 or 4"},
		{"typed: a fourth river", request{path: "/v1/analyze", ctype: aj, body: withTyped("rivers", []string{"3:1z"})}, 400, `position.river: "3:1z": want SEAT:TILES, SEAT 0 to 2`},
		{"typed: 2m to 8m", request{path: "/v1/analyze", ctype: aj, body: withTyped("hand", "15m123456p789s11z")}, 400, "position.hand: 5m is not in a 3-player game"},
		{"typed: a fourth kita", request{path: "/v1/analyze", ctype: aj, body: withTyped("kita", "0,0,0,1")}, 400, "position.kita: \"0,0,0,1\": want 3 counts by seat"},
		{"review the empty seat", request{ctype: "application/xml", path: "/v1/review?seat=3", body: rec}, 400, "record: seat 3: a 3-player game has seats 0 to 2"},
		{"review an unknown name", request{ctype: "application/xml", path: "/v1/review?name=nobody", body: rec}, 400, `(the players: Ｘｅｐｈｅｒ, `},
		{"analyze the empty seat", request{path: "/v1/analyze", ctype: aj, body: jsonBody(t, map[string]any{"record": rec, "round": "E1-0", "event": 1, "seat": 3})}, 400, "seat 3: a 3-player game has seats 0 to 2"},
	})
	w = request{ctype: "application/xml", path: "/v1/review?name=nobody", body: rec}.do(t, s)
	if strings.Contains(w.Body.String(), `, )`) {
		t.Errorf("the players listed with the empty seat's name: %s", w.Body)
	}
}

// TestSanmaBatch posts a batch of a 4-player and a 3-player record to
// /v1/review: both are reviewed, each game beside the reference of its
// players, and the player's figures over both beside neither, with the
// note that says so.
func TestSanmaBatch(t *testing.T) {
	s := newService(t, Config{Workers: 1})
	jb := map[string]any{"records": []string{selfplayXML(t), sanmaXML(t)}, "rounds": "E1", "sims": 5, "seed": 3}
	w := request{path: "/v1/review", ctype: "application/json", body: jsonBody(t, jb)}.do(t, s)
	if w.Code != http.StatusOK {
		t.Fatalf("status %d: %s", w.Code, w.Body)
	}
	var rep review.BatchReport
	if err := json.Unmarshal(w.Body.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Games) != 2 || rep.Games[0].Status != review.StatusOK || rep.Games[1].Status != review.StatusOK {
		t.Fatalf("want two games reviewed: %.800s", w.Body)
	}
	for i, players := range []int{4, 3} {
		ref, err := review.DefaultHououTableFor(players)
		if err != nil {
			t.Fatal(err)
		}
		f := rep.Games[i].Report.Figures
		if f.Houou == nil || !reflect.DeepEqual(*f.Houou, *ref.Figures) || f.HououNote != "" {
			t.Errorf("the %d-player game: houou %+v, note %q: want the %d-player reference's", players, f.Houou, f.HououNote, players)
		}
	}
	p := rep.Player
	if want := "1 of the 2 games are 3-player: " + review.MixedHououNote; p.Houou != nil || p.HououNote != want || p.ThreePlayerGames != 1 {
		t.Errorf("the player: houou %+v, note %q, %d 3-player games; want no band and %q", p.Houou, p.HououNote, p.ThreePlayerGames, want)
	}
}
