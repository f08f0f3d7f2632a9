package review

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"strings"
	"testing"
)

// indexGames is a batch for the index tests: the page tests' game
// reviewed twice (as two files), one skipped and one failed entry.
func indexGames(t *testing.T) (Player, []GameSummary) {
	g, rep := reviewedGame(t)
	place := FinalPlace(g, rep.Seat)
	games := []GameSummary{
		{GameEntry: GameEntry{File: "a.xml", Number: 1, Status: StatusOK, Report: rep}, Page: "a-1.html", Place: place},
		{GameEntry: GameEntry{File: "b.xml", Status: StatusSkipped, Reason: `no player named "x"`}},
		{GameEntry: GameEntry{File: "c.xml", Number: 2, Status: StatusOK, Report: rep}, Page: "c-2.html", Place: place},
		{GameEntry: GameEntry{File: "d.xml", Status: StatusFailed, Reason: "d.xml: line 3: not a record"}},
	}
	p := Player{Games: 2, Decisions: 2 * rep.Game.Decisions, Agreement: rep.Game.Agreement,
		RankLossPerDecision: rep.Game.RankLoss / float64(rep.Game.Decisions), RankLossPerGame: rep.Game.RankLoss, PointsLossPerGame: rep.Game.PointsLoss}
	return p, games
}

func indexPage(t *testing.T, p Player, games []GameSummary) string {
	t.Helper()
	var b bytes.Buffer
	if err := WriteIndex(&b, "mjrank review: 4 records", p, games); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestIndexPage checks the batch's index: the player's figures, one bar
// per reviewed game linked to its page, every game in the table (the
// unreviewed with their reasons), nothing outside but the game pages,
// well-formed.
func TestIndexPage(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	p, games := indexGames(t)
	page := indexPage(t, p, games)
	for _, want := range []string{
		fmt.Sprintf("<td>%d</td>", p.Decisions), pct(p.Agreement) + "%", fmt.Sprintf("%.4f", p.RankLossPerDecision),
		fmt.Sprintf("%.1f", p.PointsLossPerGame), `<a href="c-2.html">c.xml game 2</a>`,
		`skipped: no player named &#34;x&#34;`, "failed: d.xml: line 3: not a record",
		fmt.Sprintf(`<td data-k="place">%d</td><td data-k="decisions">%d</td><td data-k="agree%%">%s</td>`, games[0].Place, games[0].Game.Decisions, pct(games[0].Game.Agreement)),
		`<td class="l nm" title="a.xml game 1"><a href="a-1.html">a.xml game 1</a></td>`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the index lacks %q", want)
		}
	}
	if n := strings.Count(page, "<rect "); n != 2 {
		t.Errorf("%d bars in the chart, want 2 (the games reviewed)", n)
	}
	if n := strings.Count(page, `<a href="a-1.html"><rect`); n != 1 {
		t.Errorf("the first game's bar links to its page %d times, want 1", n)
	}
	if bad := external(strings.NewReplacer(`href="a-1.html"`, "", `href="c-2.html"`, "").Replace(page)); bad != "" {
		t.Errorf("the index refers outside itself and the game pages: %q", bad)
	}
	d := xml.NewDecoder(strings.NewReader(strings.TrimPrefix(page, "<!DOCTYPE html>\n")))
	d.Strict = true
	for {
		if _, err := d.Token(); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("malformed HTML: %v", err)
		}
	}

	// No game reviewed: the chart says so.
	empty := indexPage(t, Player{}, games[1:2])
	if !strings.Contains(empty, "no game reviewed") || strings.Contains(empty, "<rect ") {
		t.Error("an index without reviewed games draws bars")
	}
}

func TestFinalPlace(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	g, _ := reviewedGame(t)
	seen := map[int]bool{}
	for s := range 4 {
		p := FinalPlace(g, s)
		seen[p] = true
		if p == 1 {
			for o := range 4 {
				if g.Owari.Scores[o] > g.Owari.Scores[s] {
					t.Errorf("seat %d first with %d, seat %d has %d", s, g.Owari.Scores[s], o, g.Owari.Scores[o])
				}
			}
		}
	}
	if len(seen) != 4 || seen[0] {
		t.Errorf("places %v, want 1 to 4", seen)
	}
	owari := g.Owari
	g.Owari = nil
	defer func() { g.Owari = owari }()
	if FinalPlace(g, 0) != 0 || FinalPlace(nil, 0) != 0 {
		t.Error("a game without final result has a place")
	}
}
