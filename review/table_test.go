package review

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/internal/shareddata"
	"github.com/mjrank/mjrank/mc"
	"github.com/mjrank/mjrank/sim/score"
	"github.com/mjrank/mjrank/sim/tile"
)

const pageGame = "2022010103gm-00a9-0000-12d7f40d.txt"

// reviewedRep is seat 0 of the page tests' real game, reviewed once for
// all of them (at the tests' small budget).
var (
	reviewedMu  sync.Mutex
	reviewedRep *Report
)

// reviewedGame returns the page tests' game and its review.
func reviewedGame(t *testing.T) (*data.Game, *Report) {
	t.Helper()
	dir := shareddata.Dir(t, "tenhou", "thewaxmango-mahjong-hands", "log-libraries", "logs")
	g := readGame(t, filepath.Join(dir, pageGame))
	reviewedMu.Lock()
	defer reviewedMu.Unlock()
	if reviewedRep == nil {
		eng, err := mc.Default()
		if err != nil {
			t.Fatal(err)
		}
		rep, err := Run(context.Background(), g, 0, Options{Sims: testSims, Seed: 3, Engine: eng, Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		reviewedRep = rep
	}
	return g, reviewedRep
}

func pageOf(t *testing.T, g *data.Game, rep *Report) string {
	t.Helper()
	var b bytes.Buffer
	if err := WriteGameHTML(&b, pageGame, g, rep); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// seenTile is a tile as the page draws it, read back.
type seenTile struct {
	Face         string // tenhou notation, "0p" for a red five
	Tsumogiri    bool
	Riichi       bool // sideways
	Called       bool
	Played, Best bool
}

var tileRE = regexp.MustCompile(`<i class="t ([^"]*)">([^<]*)</i>`)

var honorKinds = map[string]string{"E": "1z", "S": "2z", "W": "3z", "N": "4z", "Wh": "5z", "Gr": "6z", "Rd": "7z"}

// readTiles reads the tiles drawn in an HTML fragment.
func readTiles(s string) ([]seenTile, error) {
	var out []seenTile
	for _, m := range tileRE.FindAllStringSubmatch(s, -1) {
		cls := strings.Fields(m[1])
		has := func(c string) bool {
			for _, x := range cls {
				if x == c {
					return true
				}
			}
			return false
		}
		var st seenTile
		switch {
		case has("z"):
			st.Face = honorKinds[m[2]]
		case has("d"):
			st.Face = "back"
		default:
			n := m[2]
			if has("r") {
				n = "0"
			}
			st.Face = n + cls[0]
		}
		if st.Face == "" {
			return nil, fmt.Errorf("unreadable tile %q", m[0])
		}
		st.Tsumogiri, st.Riichi, st.Called, st.Played, st.Best = has("g"), has("k"), has("c"), has("pl"), has("be")
		out = append(out, st)
	}
	return out, nil
}

// between returns the text of s from the first start on to the end
// marker after it.
func between(s, start, end string) (string, bool) {
	i := strings.Index(s, start)
	if i < 0 {
		return "", false
	}
	j := strings.Index(s[i:], end)
	if j < 0 {
		return "", false
	}
	return s[i : i+j], true
}

// recordTable is what the record says the table holds before event e of
// round rd: each seat's discards in order (with the tsumogiri, riichi and
// called flags), the dora indicators and the scores.
func recordTable(rd *data.Round, e int) (rivers [4][]seenTile, dora []string, scores [4]int) {
	rivers, dora, scores, _ = recordTableKita(rd, e)
	return rivers, dora, scores
}

// recordTableKita is recordTable with each seat's Norths set aside.
func recordTableKita(rd *data.Round, e int) (rivers [4][]seenTile, dora []string, scores [4]int, kita [4]int) {
	scores = rd.Scores
	dora = []string{rd.DoraIndicator.String()}
	var declared [4]bool
	evs := rd.Events[:e]
	for i, ev := range evs {
		s := int(ev.Seat)
		switch ev.Type {
		case data.EventDiscard:
			st := seenTile{Face: ev.Tile.String(), Tsumogiri: ev.Tsumogiri, Riichi: declared[s]}
			declared[s] = false
			if i+1 < len(evs) && evs[i+1].Type == data.EventCall && int(evs[i+1].From) == s && int(evs[i+1].Seat) != s {
				st.Called = true
			}
			rivers[s] = append(rivers[s], st)
		case data.EventRiichi:
			if ev.Step == 1 {
				declared[s] = true
			} else {
				for j := range scores {
					scores[j] = int(ev.Scores[j])
				}
			}
		case data.EventNewDora:
			dora = append(dora, ev.Tile.String())
		case data.EventKita:
			kita[s]++
		}
	}
	return rivers, dora, scores, kita
}

// checkTables checks every reviewed decision's table on the page against
// the record: the rivers of the seats in play tile by tile with their
// marks (and no panel for an empty seat), each seat's Norths set aside,
// the dora indicators, the scores, and the played tile marked in the
// hand.
func checkTables(page string, g *data.Game, rep *Report) error {
	for _, d := range rep.Decisions {
		art, ok := between(page, fmt.Sprintf(`<article class="dec stop" id="d%d"`, d.Index), "</article>")
		if !ok {
			return fmt.Errorf("decision %d: not on the page", d.Index)
		}
		rd := &g.Rounds[d.RoundIndex]
		rivers, dora, scores, kita := recordTableKita(rd, d.Event)
		if strings.Contains(art, fmt.Sprintf(`data-seat="%d"`, g.Players)) && g.Players == 3 {
			return fmt.Errorf("decision %d: a panel for the empty seat 3", d.Index)
		}
		for s := range g.Players {
			panel, ok := between(art, fmt.Sprintf(`data-seat="%d"`, s), "</div>\n")
			if !ok {
				return fmt.Errorf("decision %d: no seat %d", d.Index, s)
			}
			kitaDiv, _ := between(panel, `<div class="kita"`, "</div>")
			if got, err := readTiles(kitaDiv); err != nil || len(got) != kita[s] {
				return fmt.Errorf("decision %d (%s event %d) seat %d: %d Norths set aside on the page, the record %d (%v)", d.Index, d.Round, d.Event, s, len(got), kita[s], err)
			}
			river, _ := between(panel, `<div class="river">`, "</div>")
			got, err := readTiles(river)
			if err != nil {
				return fmt.Errorf("decision %d seat %d: %v", d.Index, s, err)
			}
			if fmt.Sprint(got) != fmt.Sprint(rivers[s]) {
				return fmt.Errorf("decision %d (%s event %d) seat %d river:\n page   %v\n record %v", d.Index, d.Round, d.Event, s, got, rivers[s])
			}
			if sc := fmt.Sprintf(`<span class="sc">%s</span>`, points(scores[s])); !strings.Contains(panel, sc) {
				return fmt.Errorf("decision %d seat %d: the page lacks the score %s", d.Index, s, sc)
			}
		}
		ctr, _ := between(art, `<div class="dora">`, "</div>")
		got, err := readTiles(ctr)
		if err != nil {
			return err
		}
		var faces []string
		for _, x := range got {
			faces = append(faces, x.Face)
		}
		if fmt.Sprint(faces) != fmt.Sprint(dora) {
			return fmt.Errorf("decision %d: dora %v, record %v", d.Index, faces, dora)
		}
		if err := checkPlayed(art, rd, d); err != nil {
			return err
		}
	}
	return nil
}

// checkPlayed checks that a discard decision marks, in the hand, the tile
// the record discards next.
func checkPlayed(art string, rd *data.Round, d Decision) error {
	if !d.Turn {
		return nil
	}
	var want string
	for _, ev := range rd.Events[d.Event:] {
		if ev.Type == data.EventDiscard || ev.Type == data.EventKita {
			want = ev.Tile.String()
			break
		}
		if ev.Type != data.EventRiichi {
			return nil // a kan, a win: no tile marked as discarded
		}
	}
	hand, _ := between(art, `<div class="hand">`, "</div>")
	tiles, err := readTiles(hand)
	if err != nil {
		return err
	}
	var played []string
	for _, x := range tiles {
		if x.Played {
			played = append(played, x.Face)
		}
	}
	if len(played) != 1 || played[0] != want {
		return fmt.Errorf("decision %d: the hand marks %v as played, the record discards %s", d.Index, played, want)
	}
	return nil
}

// TestPageShowsTheTable writes a real game's review page and checks every
// decision's table against the record; a page with one tsumogiri mark
// moved, or one river tile changed, fails the same check.
func TestPageShowsTheTable(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	g, rep := reviewedGame(t)
	page := pageOf(t, g, rep)
	if err := checkTables(page, g, rep); err != nil {
		t.Fatal(err)
	}
	tsumogiri, riichi, called := 0, 0, 0
	for _, m := range tileRE.FindAllStringSubmatch(page, -1) {
		tsumogiri += strings.Count(" "+m[1]+" ", " g ")
		riichi += strings.Count(" "+m[1]+" ", " k ")
		called += strings.Count(" "+m[1]+" ", " c ")
	}
	t.Logf("%d decisions checked; %d bytes; %d tsumogiri, %d sideways, %d called tiles drawn", len(rep.Decisions), len(page), tsumogiri, riichi, called)
	if tsumogiri == 0 || riichi == 0 || called == 0 {
		t.Error("the game's page shows no tsumogiri, riichi or called tile: the check proves little")
	}

	// Broken pages: the first tsumogiri mark dropped, a river tile's face
	// changed.
	i := strings.Index(page, `<div class="river">`)
	j := i + strings.Index(page[i:], `<i class="t m g">`)
	if j < i {
		t.Fatal("no manzu tsumogiri tile on the page")
	}
	for _, broken := range []string{
		page[:j] + `<i class="t m">` + page[j+len(`<i class="t m g">`):],
		page[:j] + `<i class="t p g">` + page[j+len(`<i class="t m g">`):],
	} {
		if err := checkTables(broken, g, rep); err == nil {
			t.Error("a broken river passes the check")
		} else {
			t.Logf("broken page: %v", err)
		}
	}
}

// TestPageShowsRounds checks each round's start (every seat's placement
// chances, each a distribution) and end (the record's wins and score
// changes), and the final result.
func TestPageShowsRounds(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	g, rep := reviewedGame(t)
	page := pageOf(t, g, rep)
	pctRE := regexp.MustCompile(`<td class="p"[^>]*>([0-9.]+)</td>`)
	for ri := range g.Rounds {
		rd := &g.Rounds[ri]
		sec, ok := between(page, fmt.Sprintf(`<section class="round" id="r%d">`, ri), "</section>")
		if !ok {
			t.Fatalf("round %s: no section", rd.Name())
		}
		start, _ := between(sec, `<div class="start">`, "</table>")
		ps := pctRE.FindAllStringSubmatch(start, -1)
		if len(ps) != 16 {
			t.Fatalf("round %s: %d placement chances, want 16", rd.Name(), len(ps))
		}
		for s := range 4 {
			sum := 0.0
			for _, p := range ps[4*s : 4*s+4] {
				v, _ := strconv.ParseFloat(p[1], 64)
				sum += v
			}
			if sum < 99.5 || sum > 100.5 {
				t.Errorf("round %s seat %d: placement chances sum to %.1f%%", rd.Name(), s, sum)
			}
			if !strings.Contains(start, points(rd.Scores[s])) {
				t.Errorf("round %s: the start lacks seat %d's %d points", rd.Name(), s, rd.Scores[s])
			}
		}
		end, _ := between(sec, `<div class="end">`, "</p>\n</div>")
		var deltas [4]int
		for _, a := range rd.Agari {
			if !strings.Contains(end, "wins "+points(a.Points)+" points") {
				t.Errorf("round %s: the end lacks the win of %d points", rd.Name(), a.Points)
			}
			for s := range deltas {
				deltas[s] += a.Deltas[s]
			}
		}
		if rd.Ryuukyoku != nil {
			deltas = rd.Ryuukyoku.Deltas
			if !strings.Contains(end, "draw") {
				t.Errorf("round %s: the end does not say draw", rd.Name())
			}
		}
		for s := range deltas {
			if !strings.Contains(end, `">`+signed(deltas[s])+"</span>") {
				t.Errorf("round %s: the end lacks seat %d's change %s", rd.Name(), s, signed(deltas[s]))
			}
		}
	}
	fin, _ := between(page, "<h3>Final result</h3>", "</table>")
	for s := range 4 {
		if !strings.Contains(fin, fmt.Sprintf("<td>%s</td><td>%+.1f</td>", points(g.Owari.Scores[s]), g.Owari.RankPt[s])) {
			t.Errorf("the final result lacks seat %d's %d points", s, g.Owari.Scores[s])
		}
	}
}

// TestPageIsSelfContained: nothing on the page points outside it, and
// it is well-formed.
func TestPageIsSelfContained(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	g, rep := reviewedGame(t)
	page := pageOf(t, g, rep)
	if bad := external(page); bad != "" {
		t.Errorf("the page fetches or links outside itself: %q", bad)
	}
	// Well-formed as XML after the doctype: every tag closed, the
	// script's < inside CDATA.
	d := xml.NewDecoder(strings.NewReader(strings.TrimPrefix(page, "<!DOCTYPE html>\n")))
	d.Strict = true
	for {
		if _, err := d.Token(); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("malformed HTML: %v", err)
		}
	}
	if external(`<img src="x.png">`) == "" || external(`<a href="https://tenhou.net/">`) == "" || external(`url(//cdn.example/f.woff)`) == "" {
		t.Error("external misses an outside reference")
	}
}

// external returns the first reference in page to something outside it.
func external(page string) string {
	re := regexp.MustCompile(`(?i)(https?:|src\s*=|url\(|@import|href="(?:[^#"]|//)|//[a-z0-9.-]+\.[a-z]{2,}/)`)
	return re.FindString(page)
}

// TestPageErrors: a report of another game, and a report without its
// game, are refused with a message.
func TestPageErrors(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	g, rep := reviewedGame(t)
	other := *rep
	other.Decisions = append([]Decision(nil), rep.Decisions...)
	other.Decisions[3].Event++
	var b bytes.Buffer
	if err := WriteGameHTML(&b, "x", g, &other); err == nil || !strings.Contains(err.Error(), "another record") {
		t.Errorf("a report of another game: %v", err)
	}
	other.game = nil
	if err := WriteHTML(&b, "x", &other); err == nil || !strings.Contains(err.Error(), "WriteGameHTML") {
		t.Errorf("a report without its game: %v", err)
	}
}

func TestMoveTile(t *testing.T) {
	for _, c := range []struct{ move, want string }{
		{"discard 5m", "5m"}, {"riichi 0p", "0p"}, {"chi=345m, discard 9s", "9s"}, {"ankan 1z", "1z"}, {"pass", ""}, {"tsumo", ""}, {"pon=555p", ""},
	} {
		got := moveTile(c.move)
		s := ""
		if got != tile.NoTile {
			s = got.String()
		}
		if s != c.want {
			t.Errorf("moveTile(%q) = %q, want %q", c.move, s, c.want)
		}
	}
}

// TestPageFromJSON: a report read back from JSON (no positions kept)
// draws the same page, and one of a few rounds shows the others with
// their start and result and no decision.
func TestPageFromJSON(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	g, rep := reviewedGame(t)
	b, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	var back Report
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if pageOf(t, g, &back) != pageOf(t, g, rep) {
		t.Error("the report read back from JSON draws another page")
	}
	// One round's decisions, the last judged worse.
	const ri = 2
	var some []Decision
	for _, d := range back.Decisions {
		if d.RoundIndex == ri {
			some = append(some, d)
		}
	}
	some[len(some)-1].Verdict, some[len(some)-1].Agrees = VerdictWorse, false
	back.Decisions = some
	page := pageOf(t, g, &back)
	if n := strings.Count(page, `class="nodec stop"`); n != len(g.Rounds)-1 {
		t.Errorf("%d rounds without a decision, want %d", n, len(g.Rounds)-1)
	}
	// The round list marks the one round with a losing move.
	if n := strings.Count(page, `<a href="#r2" class="bad"`); n != 1 || strings.Count(page, `class="bad"`) != 1 {
		t.Errorf("%d rounds marked as holding a losing move, want round 2 alone", strings.Count(page, `class="bad"`))
	}
	if n := strings.Count(page, `class="dec stop"`); n != len(some) || n == 0 {
		t.Errorf("%d decisions drawn, want %d", n, len(some))
	}
	if err := checkTables(page, g, &back); err != nil {
		t.Error(err)
	}
}

// TestMeldHTML: the called tile turns toward the seat it came from (left
// for the previous seat, middle for the opposite, right for the next), an
// added kan's tile turns beside it, a closed kan shows its outer tiles
// face down.
func TestMeldHTML(t *testing.T) {
	for _, c := range []struct {
		meld       string
		owner, src int
		want       string // faces, "*" after a turned tile, "back" face down
	}{
		{"chi=435m", 1, 0, "4m* 3m 5m"},
		{"chi=453m", 1, 0, "4m* 3m 5m"},
		{"pon=555p", 0, 2, "5p 5p* 5p"},
		{"pon=777z", 0, 1, "7z 7z 7z*"},
		{"pon=111s", 2, 1, "1s* 1s 1s"},
		{"daiminkan=0555s", 3, 0, "5s 5s 5s 0s*"},
		{"kakan=2222m", 0, 3, "2m* 2m* 2m 2m"},
		{"ankan=9999p", 0, 0, "back 9p 9p back"},
		{"pon=555p", 0, -1, "5p 5p 5p"},
	} {
		m, err := score.ParseMeld(c.meld)
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		meldHTML(&b, m, c.owner, c.src)
		tiles, err := readTiles(b.String())
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, x := range tiles {
			f := x.Face
			if x.Riichi {
				f += "*"
			}
			got = append(got, f)
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("%s of seat %d from %d: %s, want %s", c.meld, c.owner, c.src, strings.Join(got, " "), c.want)
		}
	}
}

// TestVerdictHTML: the decision's heading says the verdict with the loss
// and its standard error, and without a verdict falls back to the losses.
func TestVerdictHTML(t *testing.T) {
	se := 0.004
	for _, c := range []struct {
		d    Decision
		want string
	}{
		{Decision{Verdict: VerdictBest, Agrees: true}, `<span class="agree">the engine's pick</span>`},
		{Decision{Verdict: VerdictBetter, Agrees: true, RankLoss: -0.02, RankLossSE: &se, PointsLoss: -1.5}, `<span class="agree">better than the engine's pick: rank loss -0.020 ± 0.004, -1.5 rank points</span>`},
		{Decision{Verdict: VerdictAsGood, Agrees: true, RankLoss: 0.003, RankLossSE: &se, PointsLoss: 0.2}, `<span class="agree">as good as the engine's pick: rank loss 0.003 ± 0.004, 0.2 rank points</span>`},
		{Decision{Verdict: VerdictWorse, RankLoss: 0.05, RankLossSE: &se, PointsLoss: 3}, `<span class="lose">worse than the engine's pick: rank loss 0.050 ± 0.004, 3.0 rank points</span>`},
		{Decision{Verdict: VerdictUnjudged, RankLoss: 0.05, PointsLoss: 3}, `<span class="lose">rank loss 0.050, 3.0 rank points</span>`},
		{Decision{RankLoss: -0.01, PointsLoss: 0.4}, `<span class="differ">rank loss -0.010, 0.4 rank points</span>`},
		{Decision{Agrees: true}, `<span class="agree">agrees with the engine</span>`},
	} {
		if got := verdictHTML(&c.d, 4); got != c.want {
			t.Errorf("verdict %q: %s, want %s", c.d.Verdict, got, c.want)
		}
	}
	// A 3-player game has no rank points: none is shown.
	d := Decision{Verdict: VerdictWorse, RankLoss: 0.05, RankLossSE: &se}
	if got, want := verdictHTML(&d, 3), `<span class="lose">worse than the engine's pick: rank loss 0.050 ± 0.004</span>`; got != want {
		t.Errorf("a 3-player decision: %s, want %s", got, want)
	}
}
