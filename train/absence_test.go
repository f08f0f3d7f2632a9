package train

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/dataset"
	"github.com/mjrank/mjrank/internal/shareddata"
	"github.com/mjrank/mjrank/sim/tile"
)

// byeGame is a real game with a disconnection: seat 0 declares riichi in
// E2, disconnects (<BYE who="0">) before its last discard there, and
// reconnects only after its fifth discard of E3, so Tenhou discards for it
// once in E2 (in riichi and tenpai: a forced discard, no decision, but a
// wait sample) and five times in E3 (turn decisions nobody made).
const byeGame = "somiona-mahjong579/train_data/2024041210gm-00a9-0000-038abb3a.xml"

// TestDisconnectedSeat shows the decisions and labels left out for a
// disconnected seat on byeGame: every discard it makes away is the tile
// just drawn; the turn decisions given to the discard policy are all the
// game's but those; its tenpai samples while away give no wait rows.
func TestDisconnectedSeat(t *testing.T) {
	games, err := dataset.ReadFile(filepath.Join(shareddata.Dir(t, "tenhou"), byeGame))
	if err != nil || len(games) != 1 {
		t.Fatalf("%s: %d games, %v", byeGame, len(games), err)
	}
	gr := &games[0]
	away := absenceOf(gr.Game)
	if away == nil {
		t.Fatal("no disconnection found")
	}
	key := func(rd *data.Round, d data.Decision) string {
		return fmt.Sprintf("%s event %d seat %d", rd.Name(), d.Event, d.Seat)
	}
	all, kept := map[string]bool{}, map[string]bool{}
	if err := allTurnDecisions(gr, func(rd *data.Round, d data.Decision) { all[key(rd, d)] = true }); err != nil {
		t.Fatal(err)
	}
	if err := turnDecisions(gr, 1, func(st *data.ReplayStep, d data.Decision) { kept[key(st.Round, d)] = true }); err != nil {
		t.Fatal(err)
	}
	var excluded []string
	for k := range all {
		if !kept[k] {
			excluded = append(excluded, k)
		}
	}
	for k := range kept {
		if !all[k] {
			t.Errorf("decision %s kept but not in the game", k)
		}
	}
	// The excluded decisions are exactly seat 0's discards in E3 before
	// its reconnection, each the tile just drawn.
	var want []string
	for ri := range gr.Game.Rounds {
		rd := &gr.Game.Rounds[ri]
		for ei, e := range rd.Events {
			if e.Type != data.EventDiscard || !away.away(ri, ei, int(e.Seat)) {
				continue
			}
			if !e.Tsumogiri {
				t.Errorf("%s event %d: seat %d away discards %v from the hand", rd.Name(), ei, e.Seat, e.Tile)
			}
			if k := fmt.Sprintf("%s event %d seat %d", rd.Name(), ei, e.Seat); all[k] {
				want = append(want, k)
			}
		}
	}
	if len(want) == 0 || !sameSet(excluded, want) {
		t.Errorf("excluded %v, want the away seat's turn decisions %v", excluded, want)
	}
	t.Logf("%d turn decisions, %d left out (Tenhou's tsumogiri for the disconnected seat): %v", len(all), len(excluded), want)

	// Wait rows: 34 for each tenpai sample of a seat that was there.
	cfg := DefaultConfig()
	cfg.TenpaiRate, cfg.WaitRate = 1, 1
	var tenpai, awayTenpai int
	if err := VisitGame(gr.Game, Visitor{Discard: func(s *DiscardSample) {
		switch {
		case s.Tenpai && s.Away:
			awayTenpai++
		case s.Tenpai:
			tenpai++
		}
	}}); err != nil {
		t.Fatal(err)
	}
	rows, err := extractRows(gr, &cfg)
	if err != nil {
		t.Fatal(err)
	}
	if awayTenpai == 0 || rows.n[1] != tile.NumKinds*tenpai {
		t.Errorf("%d wait rows for %d tenpai samples present and %d away, want %d", rows.n[1], tenpai, awayTenpai, tile.NumKinds*tenpai)
	}
}

// allTurnDecisions calls f for every turn decision of gr, as
// data.ReplayDecisions yields them: disconnected seats' included.
func allTurnDecisions(gr *dataset.GameRef, f func(rd *data.Round, d data.Decision)) error {
	var rep data.ReplayReport
	for st, d := range data.ReplayDecisions(gr.Game, &rep) {
		if d.Turn {
			f(st.Round, d)
		}
	}
	return rep.Err
}

// sameSet reports whether a and b hold the same strings.
func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	in := map[string]bool{}
	for _, s := range a {
		in[s] = true
	}
	for _, s := range b {
		if !in[s] {
			return false
		}
	}
	return true
}
