package review

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/mjrank/mjrank/internal/shareddata"
)

// indexProbeJS writes what the index shows: the bars of the chart's SVG,
// every game link's resolved address (chart and table; an SVG link's
// href is no string, so each is resolved by hand), how far the games
// table overflows its box (which would scroll it) and how far the page
// overflows the window sideways.
const indexProbeJS = `<script>
(function () {
  var out = [], svg = document.querySelector(".chart svg");
  out.push("bars=" + (svg ? svg.querySelectorAll("rect").length : -1));
  document.querySelectorAll("a[href]").forEach(function (a) { out.push("link=" + new URL(a.getAttribute("href"), document.baseURI).href); });
  var a = document.querySelector("td a[href]"), box = a ? a.closest("table").parentElement : null;
  out.push("table_overflow=" + (box ? box.scrollWidth - box.clientWidth : -1));
  out.push("width=" + window.innerWidth + " overflow=" + (document.documentElement.scrollWidth - window.innerWidth));
  var p = document.createElement("pre");
  p.id = "probe";
  p.textContent = out.join(" ");
  document.body.appendChild(p);
})();
</script>`

// indexBatch reviews the first two rounds of three real games (whole
// games with MJRANK_REVIEW_PNG set) at a small budget and, as review
// --html DIR does, writes their pages and the index into a new folder;
// it returns the folder and the batch's entries with their pages. The
// third game's record is copied to a long path (longName), as a folder
// of a player's records may name them.
func indexBatch(t *testing.T) (dir string, sums []GameSummary) {
	t.Helper()
	logs := shareddata.Dir(t, "tenhou", "thewaxmango-mahjong-hands", "log-libraries", "logs")
	names, err := filepath.Glob(filepath.Join(logs, "20220101*gm-00a9-*.txt"))
	if err != nil || len(names) < 3 {
		t.Fatalf("%s: %d 4-player records of 20220101, want 3 or more (%v)", logs, len(names), err)
	}
	o := BatchOptions{Options: Options{Sims: 40, Workers: 2, Seed: 1, Rounds: mustRounds(t, "E1,E2")}, Seat: 0}
	if os.Getenv("MJRANK_REVIEW_PNG") != "" {
		o.Rounds = Rounds{} // the docs' picture: whole games, figures comparable with the Houou players'
	}
	// The games named as a reader names them, relative to a folder of
	// copies, not by the shared data's path.
	work := t.TempDir()
	names = names[:3]
	for i, name := range names {
		rel := filepath.Base(name)
		if i == 2 {
			rel = longName(rel)
		}
		b, err := os.ReadFile(name)
		if err == nil {
			err = os.MkdirAll(filepath.Join(work, filepath.Dir(rel)), 0o755)
		}
		if err == nil {
			err = os.WriteFile(filepath.Join(work, rel), b, 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
		names[i] = rel
	}
	t.Chdir(work)
	rep, err := NewPlan(context.Background(), names, o).Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for i := range rep.Games {
		if e := &rep.Games[i]; e.Status != StatusOK {
			t.Fatalf("%s: %s", e.Where(), e.Problem())
		}
	}
	dir = t.TempDir()
	pages := PageNames(rep.Games)
	for i := range rep.Games {
		e := &rep.Games[i]
		sums = append(sums, GameSummary{GameEntry: *e})
		if pages[i] == "" {
			continue
		}
		g := e.Report.Record()
		sums[i].Place, sums[i].Page = FinalPlace(g, e.Seat), pages[i]
		f, err := os.Create(filepath.Join(dir, pages[i]))
		if err == nil {
			err = WriteGameHTML(f, e.Where(), g, e.Report)
			if cerr := f.Close(); err == nil {
				err = cerr
			}
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	var b bytes.Buffer
	if err := WriteIndex(&b, fmt.Sprintf("mjrank review: %d games", len(sums)), rep.Player, sums); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, IndexPage), b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, sums
}

// longName is a long path for the record file base, with no space to
// break it at: over 120 characters, wider than the games table's other
// columns leave it at 1280 px.
func longName(base string) string {
	ext := filepath.Ext(base)
	return filepath.Join("houou-hanchan-2022-01-01_downloaded-from-tenhou.net-for-review",
		strings.TrimSuffix(base, ext)+"_east-south-hanchan_kept-by-the-player"+ext)
}

// checkIndex reads what indexProbeJS saw of an index at width w: one bar
// per reviewed game, every link a game page written in dir (its title
// the game's), no sideways overflow of the page nor of the games table
// in its box. It returns what is wrong.
func checkIndex(got, dir string, sums []GameSummary, w int) []string {
	var bad []string
	want := 0
	for i := range sums {
		if sums[i].reviewed() {
			want++
		}
	}
	fields := strings.Fields(got)
	if len(fields) == 0 || fields[0] != fmt.Sprintf("bars=%d", want) {
		bad = append(bad, fmt.Sprintf("the chart shows %q, want bars=%d (the games reviewed)", strings.Join(fields[:min(1, len(fields))], ""), want))
	}
	links := 0
	for _, f := range fields {
		href, ok := strings.CutPrefix(f, "link=")
		if !ok {
			continue
		}
		links++
		u, err := url.Parse(href)
		if err != nil || u.Scheme != "file" || filepath.Dir(u.Path) != dir {
			bad = append(bad, fmt.Sprintf("link %s is not a page of %s", href, dir))
			continue
		}
		b, err := os.ReadFile(u.Path)
		if err != nil {
			bad = append(bad, fmt.Sprintf("link %s: %v", href, err))
			continue
		}
		found := false
		for i := range sums {
			if sums[i].Page == filepath.Base(u.Path) && strings.Contains(string(b), "<title>mjrank review: "+esc(sums[i].Where())+",") {
				found = true
			}
		}
		if !found {
			bad = append(bad, fmt.Sprintf("link %s is not the page of the game it names", href))
		}
	}
	if links != 2*want { // a bar and a table row per reviewed game
		bad = append(bad, fmt.Sprintf("%d links, want %d (the chart's and the table's)", links, 2*want))
	}
	if !strings.Contains(got, " table_overflow=0 ") {
		bad = append(bad, "the games table is wider than its box: "+got[max(0, strings.LastIndex(got, " table_overflow=")):])
	}
	if !strings.HasSuffix(got, fmt.Sprintf(" width=%d overflow=0", w)) {
		bad = append(bad, "the page is wider than the window: "+got[max(0, strings.LastIndex(got, " width=")):])
	}
	return bad
}

// TestBrowserShowsIndex reviews a small batch (three real games, two
// rounds each, at a small budget), writes its pages and index as review
// --html DIR does, and opens the index in headless Chromium: the chart's
// SVG has a bar per reviewed game, every game link resolves to the page
// written for it, and at desktop and phone widths nothing overflows
// sideways: neither the page nor the games table in its box, though a
// game's name is long. The same probe must see a broken index (no chart,
// a link to a page not written, a table too wide) as broken. With MJRANK_REVIEW_PNG
// set the desktop screenshot is kept as NAME-index.png beside it.
func TestBrowserShowsIndex(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	bin := chromium(t)
	dir, sums := indexBatch(t)
	b, err := os.ReadFile(filepath.Join(dir, IndexPage))
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	for _, size := range []string{"1280,1000", "390,844"} {
		var w int
		if _, err := fmt.Sscanf(size, "%d,", &w); err != nil {
			t.Fatal(err)
		}
		for _, e := range checkIndex(runProbe(t, bin, dir, page, indexProbeJS, size), dir, sums, w) {
			t.Errorf("%s: %s", size, e)
		}
	}
	// The same probe and checks see a broken index as broken.
	var broken []GameSummary
	for _, s := range sums {
		if s.Page != "" {
			s.Page = "missing-" + s.Page
		}
		broken = append(broken, s)
	}
	bad := strings.Replace(indexPage(t, Player{}, broken), "<svg ", `<div style="width:480px">wide</div><svg style="display:none" `, 1)
	bad = strings.Replace(bad, `<td class="n">`, `<td class="n" style="min-width:2000px">`, 1) // a games table too wide
	bad = regexp.MustCompile(`<rect [^>]*>`).ReplaceAllString(bad, "<g>")                      // the chart without bars
	bad = strings.ReplaceAll(bad, "</rect>", "</g>")
	got := strings.Join(checkIndex(runProbe(t, bin, dir, bad, indexProbeJS, "390,844"), dir, sums, 390), "\n")
	for _, want := range []string{"the chart shows \"bars=0\"", "missing-" + sums[0].Page + ": open", "the games table is wider than its box", "wider than the window"} {
		if !strings.Contains(got, want) {
			t.Errorf("the broken index's checks lack %q:\n%s", want, got)
		}
	}

	shot := filepath.Join(dir, "review-index.png")
	img := shoot(t, bin, filepath.Join(dir, IndexPage), "", 1280, 1090, shot)
	checkIndexShot(t, img, shot)
	if dst := os.Getenv("MJRANK_REVIEW_PNG"); dst != "" {
		b, err := os.ReadFile(shot)
		if err == nil {
			err = os.WriteFile(strings.TrimSuffix(dst, ".png")+"-index.png", b, 0o644)
		}
		if err != nil {
			t.Error(err)
		}
	}
}

// checkIndexShot checks a screenshot of the index shows the chart's
// bars (red for a loss, green for a gain).
func checkIndexShot(t *testing.T, img image.Image, file string) {
	t.Helper()
	bars := countColour(img, img.Bounds(), 0xbb, 0x00, 0x00, 8) + countColour(img, img.Bounds(), 0x13, 0x7a, 0x2a, 8)
	t.Logf("%s: %d bar pixels", filepath.Base(file), bars)
	if bars < 200 {
		t.Errorf("%s does not show the chart's bars: %d bar pixels", file, bars)
	}
}
