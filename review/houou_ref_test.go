//go:build hououref

package review

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/data/dataset"
	"github.com/mjrank/mjrank/internal/shareddata"
)

// The Houou reference (houou.json) is made by this test, behind the tag
// hououref so that no ordinary test run spends its quarter of an hour:
//
//	go test -tags hououref -run TestHououReference -timeout 6h ./review \
//	    -args -games 30 -reports /tmp/houou-reports.jsonl -out houou.json
//
// and the 3-player one (houou3.json) by the same with -players 3.
//
// It reviews every seat of -games held-out hanchans of -players players
// (games the models did not train on: dataset.HeldOut), evenly spaced in
// key order, at the
// default budget, each seat as mjrank review --seat N reviews it; writes
// each seat's report as a JSON line to -reports (a run reads the reports
// it finds there back, so an interrupted run resumes; the games are taken
// in an order whose every prefix spreads over the keys, and with
// -table-only nothing is reviewed); then writes the
// table of the players' figures (NewHououTable) of the games whose every
// seat is reviewed to -out. A larger
// reference is a re-run with a larger -games.
var (
	refGames     = flag.Int("games", 30, "held-out hanchans reviewed, every seat")
	refReports   = flag.String("reports", "", "the seats' reports, one JSON line each (read back, then appended to)")
	refOut       = flag.String("out", "", "the reference table to write (default: none)")
	refCommit    = flag.String("commit", "", "the commit the reference is made at (recorded in the table)")
	refWorkers   = flag.Int("workers", 0, "decisions analysed at once (0: one per CPU)")
	refTableOnly = flag.Bool("table-only", false, "review nothing: make the table of the games -reports holds every seat of")
	refPlayers   = flag.Int("players", 4, "the games' players: 4, or 3 for the 3-player reference")
)

// refReport is one line of -reports.
type refReport struct {
	Key    string  `json:"key"`
	Report *Report `json:"report"`
}

func TestHououReference(t *testing.T) {
	if *refReports == "" {
		t.Fatal("give -reports FILE")
	}
	players := *refPlayers
	if players != 3 && players != 4 {
		t.Fatalf("-players %d: want 3 or 4", players)
	}
	games, err := heldOutHanchans(shareddata.Dir(t, "tenhou"), *refGames, players)
	if err != nil {
		t.Fatal(err)
	}
	done, err := readRefReports(*refReports)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(*refReports, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	workers := *refWorkers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var reps []*Report
	reviewed := 0
	for i, gr := range spread(games) {
		var got []*Report
		for seat := range players {
			k := fmt.Sprintf("%s %d", gr.Key, seat)
			if r := done[k]; r != nil {
				got = append(got, r)
				continue
			}
			if *refTableOnly {
				break
			}
			start := time.Now()
			r, err := Run(context.Background(), gr.Game, seat, Options{Seed: 1, Workers: workers})
			if err != nil {
				t.Fatalf("%s seat %d: %v", gr.Key, seat, err)
			}
			line, err := json.Marshal(refReport{Key: k, Report: r})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := f.Write(append(line, '\n')); err != nil {
				t.Fatal(err)
			}
			got = append(got, r)
			t.Logf("game %d/%d %s seat %d: %d decisions in %.1f s", i+1, len(games), gr.Key, seat, r.Game.Decisions, time.Since(start).Seconds())
		}
		if len(got) == players { // a game whose every seat is reviewed
			reps = append(reps, got...)
			reviewed++
		}
	}
	if *refOut == "" {
		return
	}
	tab := NewHououTable(reps)
	tab.Command = "go test -tags hououref -run TestHououReference ./review -args -games " + fmt.Sprint(*refGames) + " -reports FILE -out houou.json"
	if players == 3 {
		tab.Command = "go test -tags hououref -run TestHououReference ./review -args -players 3 -games " + fmt.Sprint(*refGames) + " -reports FILE -out houou3.json"
		tab.Players = 3
	}
	tab.Commit = *refCommit
	tab.Games = reviewed
	tab.Sims = DefaultSims
	tab.Seed = 1
	b, err := json.MarshalIndent(tab, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(*refOut, append(b, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
}

// spread returns games in an order whose every prefix spreads over the
// key order (index i·s mod n, s coprime with n near n/φ), so that a run
// stopped early is still a sample of the whole.
func spread(games []dataset.GameRef) []dataset.GameRef {
	n := len(games)
	s := max(1, int(float64(n)/1.618))
	for gcd(s, n) != 1 {
		s++
	}
	out := make([]dataset.GameRef, n)
	for i := range n {
		out[i] = games[i*s%n]
	}
	return out
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// heldOutHanchans returns n held-out usable hanchans of players players
// of the corpus under dir, evenly spaced in key order. A 3-player game is
// usable on dataset.Usable's other conditions, as the 3-player models'
// training takes it.
func heldOutHanchans(dir string, n, players int) ([]dataset.GameRef, error) {
	files, _, err := dataset.Files([]string{dir})
	if err != nil {
		return nil, err
	}
	var held []dataset.GameRef
	for _, f := range files {
		// A file that is no record (a README) or a damaged one gives
		// the games read before its error, as training reads it.
		dataset.EachFile(f, func(gr *dataset.GameRef) bool {
			if gr.HeldOut && gr.Game.Players == players && usable(gr.Game) && gr.Game.Rules.EastSouth {
				held = append(held, *gr)
			}
			return true
		})
	}
	if len(held) == 0 {
		return nil, fmt.Errorf("%s: no held-out %d-player hanchan", dir, players)
	}
	slices.SortFunc(held, func(a, b dataset.GameRef) int { return cmpString(a.Key, b.Key) })
	n = min(n, len(held))
	out := make([]dataset.GameRef, n)
	for i := range n {
		out[i] = held[i*len(held)/n]
	}
	return out, nil
}

// usable is dataset.Usable, whose other conditions a 3-player game is
// held to as a 4-player one.
func usable(g *data.Game) bool {
	c := *g
	c.Players = 4
	return dataset.Usable(&c) == nil
}

func cmpString(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// readRefReports reads the reports of -reports by key; a missing file is
// none.
func readRefReports(name string) (map[string]*Report, error) {
	out := map[string]*Report{}
	f, err := os.Open(name)
	if os.IsNotExist(err) {
		return out, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 64<<20)
	for n := 1; sc.Scan(); n++ {
		var r refReport
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return nil, fmt.Errorf("%s line %d: %w", name, n, err)
		}
		out[r.Key] = r.Report
	}
	return out, sc.Err()
}
