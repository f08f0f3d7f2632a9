package analysis

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/internal/shareddata"
	"github.com/mjrank/mjrank/mc"
)

// sanmaRecord reads dnovikoff's sanma2.xml, a 3-player game.
func sanmaRecord(t *testing.T) (*data.Game, string) {
	t.Helper()
	file := filepath.Join(shareddata.Dir(t, "tenhou", "dnovikoff-tenhou", "log", "test_data"), "sanma2.xml")
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, err := ReadGame(f, file, 1)
	if err != nil {
		t.Fatal(err)
	}
	if g.Players != 3 {
		t.Fatalf("%s: %d players", file, g.Players)
	}
	return g, file
}

// TestSanmaRecordPosition analyses every kita decision of a 3-player
// record's first round and one discard: the played move is a legal one,
// the engine rates the kita, the result says 3 players and gives no
// fourth place; the same seed gives the same result.
func TestSanmaRecordPosition(t *testing.T) {
	g, file := sanmaRecord(t)
	eng, err := mc.Default()
	if err != nil {
		t.Fatal(err)
	}
	rd := &g.Rounds[0]
	var events []int
	for ei, e := range rd.Events {
		if e.Type == data.EventKita || e.Type == data.EventDiscard && len(events) == 0 {
			events = append(events, ei)
		}
	}
	kitas := 0
	for _, ei := range events {
		pos, err := RecordPosition(g, file, rd.Name(), ei, 0, -1)
		if err != nil {
			t.Fatalf("event %d: %v", ei, err)
		}
		if pos.Rules.Players() != 3 || pos.Seat > 2 {
			t.Fatalf("event %d: %d players, seat %d", ei, pos.Rules.Players(), pos.Seat)
		}
		res, _, err := Run(context.Background(), eng, pos, mc.Options{Sims: 40, Seed: 5, Workers: 1})
		if err != nil {
			t.Fatalf("event %d: %v", ei, err)
		}
		if res.Players != 3 {
			t.Errorf("event %d: players %d", ei, res.Players)
		}
		found := false
		for _, c := range res.Candidates {
			found = found || c.Move == res.Played
			if c.RankDist[3] != 0 {
				t.Errorf("event %d: %s has P(4th) %v", ei, c.Move, c.RankDist[3])
			}
		}
		if !found {
			t.Errorf("event %d: the played %q is none of the candidates", ei, res.Played)
		}
		if rd.Events[ei].Type == data.EventKita {
			kitas++
			if res.Played != "kita" {
				t.Errorf("event %d: a kita played as %q", ei, res.Played)
			}
		}
		again, _, err := Run(context.Background(), eng, pos, mc.Options{Sims: 40, Seed: 5, Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		a, _ := json.Marshal(res.Candidates)
		b, _ := json.Marshal(again.Candidates)
		if string(a) != string(b) {
			t.Errorf("event %d: 1 and 2 workers differ", ei)
		}
	}
	if kitas == 0 {
		t.Fatal("no kita in the first round")
	}
}

// TestSanmaRecordPositionErrors: the seats of a 3-player record are 0 to
// 2, and a record of other than 3 or 4 players is refused.
func TestSanmaRecordPositionErrors(t *testing.T) {
	g, file := sanmaRecord(t)
	rd := &g.Rounds[0]
	first := -1
	for ei, e := range rd.Events {
		if e.Type == data.EventDiscard {
			first = ei
			break
		}
	}
	five := *g
	five.Players = 5
	for _, c := range []struct {
		name              string
		g                 *data.Game
		event, turn, seat int
		want              string
	}{
		{"the empty seat", g, first, 0, 3, "seat 3: a 3-player game has seats 0 to 2"},
		{"the empty seat's turn", g, 0, 1, 3, "seat 3"},
		{"five players", &five, first, 0, -1, "a 5-player game: the engine plays 3- and 4-player games"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := RecordPosition(c.g, file, rd.Name(), c.event, c.turn, c.seat)
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), file+": ") {
				t.Fatalf("got %v, want %s: …%s", err, file, c.want)
			}
		})
	}
}

// TestSanmaObservationPosition: a 3-player observation (the record's, as
// data.ObservationBefore gives it, written as JSON) is analysed as the
// record's position is: the same legal moves, three places.
func TestSanmaObservationPosition(t *testing.T) {
	g, file := sanmaRecord(t)
	eng, err := mc.Default()
	if err != nil {
		t.Fatal(err)
	}
	const event = 1 // seat 0's kita, after its first draw
	rec, err := RecordPosition(g, file, g.Rounds[0].Name(), event, 0, -1)
	if err != nil {
		t.Fatal(err)
	}
	o, err := data.ObservationBefore(g, 0, event, rec.Seat)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(o)
	if err != nil {
		t.Fatal(err)
	}
	pos, err := ObservationPosition(b, "sanma.json", 1)
	if err != nil {
		t.Fatal(err)
	}
	if pos.Rules.Players() != 3 || pos.Seat != rec.Seat || len(pos.Legal) != len(rec.Legal) {
		t.Fatalf("%d players, seat %d, %d legal moves; the record's seat %d, %d moves", pos.Rules.Players(), pos.Seat, len(pos.Legal), rec.Seat, len(rec.Legal))
	}
	res, _, err := Run(context.Background(), eng, pos, mc.Options{Sims: 40, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	kita := false
	for _, c := range res.Candidates {
		kita = kita || c.Move == "kita"
	}
	if res.Players != 3 || !kita {
		t.Errorf("players %d, a kita among the candidates %v", res.Players, kita)
	}
	// The observation with a fourth seat's event is refused, naming it.
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	m["events"] = append(m["events"].([]any), map[string]any{"type": "discard", "seat": 3, "tile": "1z"})
	bad, _ := json.Marshal(m)
	if _, err := ObservationPosition(bad, "bad.json", 1); err == nil || !strings.HasPrefix(err.Error(), "bad.json: ") || !strings.Contains(err.Error(), "seat: missing or not a seat of 3 players") {
		t.Errorf("a fourth seat's discard: %v", err)
	}
}
