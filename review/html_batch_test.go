package review

import (
	"bytes"
	"html"
	"strconv"
	"strings"
	"testing"
)

// TestPageNames: names come from the record file and game number, keep
// only safe characters, never repeat (case-folded) nor take the index's
// name, and an entry not reviewed gets none.
func TestPageNames(t *testing.T) {
	rep := &Report{}
	ok := func(file string, n int) GameEntry {
		return GameEntry{File: file, Number: n, Status: StatusOK, Report: rep}
	}
	games := []GameEntry{
		ok("logs/a b.xml", 1), ok("other/a b.xml", 1), ok("A B.xml", 1), ok("x/index", 0),
		{File: "s.xml", Status: StatusSkipped}, {LogID: "2022010115gm-00a9-0000-dcf9e89c", Status: StatusOK, Report: rep},
		ok("../..", 0), ok("t.mjson", 2),
	}
	got := PageNames(games)
	want := []string{"a_b.xml-g1.html", "a_b.xml-g1-2.html", "A_B.xml-g1-3.html", "index-2.html", "", "2022010115gm-00a9-0000-dcf9e89c.html", "game.html", "t.mjson-g2.html"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("PageNames:\n got %q\nwant %q", got, want)
	}
}

// TestPageWhy: each decision's why sentence is on the game's page, under
// its played and best moves.
func TestPageWhy(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	g, rep := reviewedGame(t)
	var b bytes.Buffer
	if err := WriteGameHTML(&b, "g.xml", g, rep); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	n := 0
	for i := range rep.Decisions {
		d := &rep.Decisions[i]
		if d.Why == nil || d.Why.Sentence == "" {
			continue
		}
		n++
		art := page[strings.Index(page, `id="d`+itoa(d.Index)+`"`):]
		art = art[:strings.Index(art, "</article>")]
		want := `<p class="why">` + html.EscapeString(d.Why.Sentence) + `</p>`
		if i := strings.Index(art, want); i < 0 || i < strings.Index(art, `class="bew"`) {
			t.Errorf("decision %d: its page section lacks %q under best", d.Index, want)
		}
	}
	if n == 0 {
		t.Fatal("no decision with a why sentence: the test checks nothing")
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestIndexFigures: the index shows the player's score and bad moves
// beside the Houou players' band, and the figures by kind of decision
// with their band, naming the 3-player Houou players for 3-player
// games; without a reference, no band.
func TestIndexFigures(t *testing.T) {
	h := &Bands{Score: Band{P10: 41, Median: 77, P90: 96}, BadMovesPerGame: Band{P10: 0.5, Median: 1.5, P90: 3.5}}
	p := Player{Games: 2, Decisions: 40, Score: 63, BadMoves: 3, BadMovesPerGame: 1.5, Houou: h,
		ByKind: map[Kind]*Figures{KindDiscard: {DecisionsPerGame: 18, Score: 58, Houou: &Bands{Score: Band{P10: 12, Median: 34, P90: 56}}}}}
	var b bytes.Buffer
	if err := WriteIndex(&b, "t", p, nil); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	for _, want := range []string{
		"<th class=\"l\">score (0–100)</th><td>63</td><td>77 [41–96]</td>",
		"<th class=\"l\">bad moves</th><td>3</td>",
		"<th class=\"l\">bad moves per game</th><td>1.5</td><td>1.5 [0.5–3.5]</td>",
		"<td class=\"l\">" + string(KindDiscard) + "</td><td>18.0</td>", "34 [12–56]</td></tr>",
		"<th>the player</th><th>Houou players</th>",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the index lacks %q", want)
		}
	}
	// 3-player games beside the 3-player reference say so.
	p.ThreePlayerGames = 2
	b.Reset()
	if err := WriteIndex(&b, "t", p, nil); err != nil || !strings.Contains(b.String(), "<th>the player</th><th>3-player Houou players</th>") {
		t.Errorf("3-player games: the index does not name the 3-player Houou players (%v)", err)
	}
	p.Houou, p.ByKind = nil, nil
	b.Reset()
	err := WriteIndex(&b, "t", p, nil)
	_, body, _ := strings.Cut(b.String(), "</style>") // the style's selectors hold brackets
	if err != nil || body == "" || strings.Contains(body, "[") {
		t.Errorf("no reference: a band is shown (%v)", err)
	}
}
