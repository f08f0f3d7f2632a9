package review

import (
	"bytes"
	"context"
	"fmt"
	"html"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/mjrank/mjrank/data"
	"github.com/mjrank/mjrank/mc"
)

// chromium returns the headless browser's path, or skips (fails under
// MJRANK_REQUIRE_SHARED=1, where make test installs it).
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	msg := "chromium not found (make test installs Debian's chromium): skipping the browser test"
	if os.Getenv("MJRANK_REQUIRE_SHARED") == "1" {
		t.Fatal(msg + " is not allowed under MJRANK_REQUIRE_SHARED=1")
	}
	t.Skip(msg)
	return ""
}

// browse runs headless chromium on page with args, the window's size
// among them (a context bounds it, and its process group is killed with
// it).
func browse(t *testing.T, bin, page string, args ...string) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute) // a hang guard: chromium starts slowly on a loaded machine
	defer cancel()
	home := t.TempDir() // chromium writes its profile and crash dumps here
	all := append([]string{"--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
		"--user-data-dir=" + filepath.Join(home, "profile")}, args...)
	cmd := exec.CommandContext(ctx, bin, append(all, "file://"+page)...)
	cmd.Env = append(os.Environ(), "HOME="+home)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("chromium %v: %v\n%s", args, err, stderr.String())
	}
	return out
}

// probeJS drives the page as a reader would and writes what it saw into
// a <pre id="probe">: the stop shown at load, after next, next, prev, the
// arrow keys and a click on the last round's link; how many decisions are
// visible; the widest horizontal overflow (the page's scroll width beyond
// the window's) over every stop; how many decisions the all switch shows.
const probeJS = `<script>
(function () {
  var out = [];
  function cur() { var e = document.querySelector(".stop.on"); return e ? e.id : "none"; }
  function key(k) { document.dispatchEvent(new KeyboardEvent("keydown", {key: k, bubbles: true})); }
  var widest = document.documentElement.scrollWidth - window.innerWidth;
  out.push(cur());
  document.getElementById("next").click(); out.push(cur());
  document.getElementById("next").click(); out.push(cur());
  document.getElementById("prev").click(); out.push(cur());
  key("ArrowRight"); out.push(cur());
  key("ArrowLeft"); out.push(cur());
  var links = document.querySelectorAll("nav .rounds a");
  links[links.length - 1].click(); out.push(cur());
  var shown = 0;
  document.querySelectorAll(".dec").forEach(function (e) { if (e.offsetParent !== null) shown++; });
  out.push("visible=" + shown);
  var n = document.querySelectorAll(".stop").length;
  links[0].click();
  for (var i = 0; i < n; i++) {
    widest = Math.max(widest, document.documentElement.scrollWidth - window.innerWidth);
    document.getElementById("next").click();
  }
  out.push("width=" + window.innerWidth + " overflow=" + widest);
  document.getElementById("all").click();
  shown = 0;
  document.querySelectorAll(".dec").forEach(function (e) { if (e.offsetParent !== null) shown++; });
  out.push("all=" + shown);
  var p = document.createElement("pre");
  p.id = "probe";
  p.textContent = out.join(" ");
  document.body.appendChild(p);
})();
</script>`

// overflowJS writes the window's width and how far the page overflows
// it sideways.
const overflowJS = `<script>
(function () {
  var p = document.createElement("pre");
  p.id = "probe";
  p.textContent = "width=" + window.innerWidth + " overflow=" + (document.documentElement.scrollWidth - window.innerWidth);
  document.body.appendChild(p);
})();
</script>`

// TestBrowserShowsReview reviews a real Tenhou game, opens the page in
// headless Chromium and checks it as a reader would: the script shows one
// decision at a time, next, previous, the arrow keys and the round links
// move between them in order, and at a phone's width (390 px) no stop
// overflows the screen sideways. Screenshots at desktop and phone sizes
// must show the table (its green cloth) and the tiles.
func TestBrowserShowsReview(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	bin := chromium(t)
	g, rep := reviewedGame(t)
	page := pageOf(t, g, rep)
	out := t.TempDir()
	file := filepath.Join(out, "review.html")
	if err := os.WriteFile(file, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	var stops []string
	for _, m := range regexp.MustCompile(`class="[^"]*\bstop" id="(\w+)"`).FindAllStringSubmatch(page, -1) {
		stops = append(stops, m[1])
	}
	if len(stops) < len(rep.Decisions) {
		t.Fatalf("%d stops on the page, %d decisions", len(stops), len(rep.Decisions))
	}
	lastRound := len(g.Rounds) - 1
	firstOfLast := ""
	if i := strings.Index(page, fmt.Sprintf(`<section class="round" id="r%d">`, lastRound)); i >= 0 {
		if m := regexp.MustCompile(`class="[^"]*\bstop" id="(\w+)"`).FindStringSubmatch(page[i:]); m != nil {
			firstOfLast = m[1]
		}
	}
	want := fmt.Sprintf("%s %s %s %s %s %s %s visible=1", stops[0], stops[1], stops[2], stops[1], stops[2], stops[1], firstOfLast)
	for _, size := range []string{"1280,1000", "390,844"} {
		got := runProbe(t, bin, out, page, probeJS, size)
		if !strings.HasPrefix(got, want+" width="+strings.Split(size, ",")[0]+" overflow=") {
			t.Errorf("%s: the page moved through %q, want %q", size, got, want)
		}
		if !strings.Contains(got, " overflow=0 ") {
			t.Errorf("%s: the page is wider than the window: %s", size, got)
		}
		if all := fmt.Sprintf(" all=%d", len(rep.Decisions)); !strings.HasSuffix(got, all) {
			t.Errorf("%s: the all switch does not show every decision: %s, want%s", size, got, all)
		}
	}
	// The same probe sees a page made too wide for a phone.
	wide := strings.Replace(page, `<div class="hand">`, `<div class="hand"><div style="width:480px;flex:none">wide</div>`, 1)
	if got := runProbe(t, bin, out, wide, probeJS, "390,844"); strings.Contains(got, " overflow=0 ") {
		t.Errorf("a page 480 px wide does not overflow a 390 px window: %s", got)
	}

	// The batch's index fits a phone too.
	p, games := indexGames(t)
	if got := runProbe(t, bin, out, indexPage(t, p, games), overflowJS, "390,844"); got != "width=390 overflow=0" {
		t.Errorf("the index at 390 px: %s", got)
	}

	screenshots(t, bin, g, rep, file)
}

// screenshots shoots the page (file, of rep) at desktop and phone sizes
// and checks the pictures; see MJRANK_REVIEW_PNG.
func screenshots(t *testing.T, bin string, g *data.Game, rep *Report, file string) {
	t.Helper()
	out := filepath.Dir(file)
	// Screenshots of a decision that shows much: a move that loses, with
	// the most discards, riichi and called tiles on the table. With MJRANK_REVIEW_PNG set they are kept, of a
	// review at the default budget, as the docs show.
	if os.Getenv("MJRANK_REVIEW_PNG") != "" {
		eng, err := mc.Default()
		if err != nil {
			t.Fatal(err)
		}
		if rep, err = Run(context.Background(), g, 0, Options{Seed: 1, Engine: eng, Workers: runtime.GOMAXPROCS(0)}); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(pageOf(t, g, rep)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	shown := showcase(g, rep)
	t.Logf("screenshots of decision %d (%s event %d)", shown.Index, shown.Round, shown.Event)
	for _, shot := range []struct {
		name string
		w, h int
	}{{"review.png", 1280, 1000}, {"review-phone.png", 390, 844}} {
		png := filepath.Join(out, shot.name)
		checkShot(t, shoot(t, bin, file, fmt.Sprintf("d%d", shown.Index), shot.w, shot.h, png), png)
		if dst := os.Getenv("MJRANK_REVIEW_PNG"); dst != "" {
			if shot.name != "review.png" {
				dst = strings.TrimSuffix(dst, ".png") + "-phone.png"
			}
			b, err := os.ReadFile(png)
			if err == nil {
				err = os.WriteFile(dst, b, 0o644)
			}
			if err != nil {
				t.Error(err)
			}
		}
	}
}

// showcase returns the decision a screenshot shows best: a move that
// loses (else any) with the most discards on the table, riichi and called
// tiles counting ten.
func showcase(g *data.Game, rep *Report) *Decision {
	var best *Decision
	bestScore := -1
	for i := range rep.Decisions {
		d := &rep.Decisions[i]
		rivers, _, _ := recordTable(&g.Rounds[d.RoundIndex], d.Event)
		score := 0
		for _, r := range rivers {
			for _, x := range r {
				score++
				if x.Riichi || x.Called {
					score += 10
				}
			}
		}
		if !d.Agrees && d.RankLoss > 0 && d.PointsLoss > 0 {
			score += 1000
		}
		if score > bestScore {
			best, bestScore = d, score
		}
	}
	return best
}

// shoot screenshots page#frag at w×h into file and returns the picture:
// the page sits in a frame of that size (a headless window is laid out no
// narrower than 500 px, and one scrolled from its top is drawn blank),
// the picture is cut to the frame.
func shoot(t *testing.T, bin, page, frag string, w, h int, file string) image.Image {
	t.Helper()
	frame := filepath.Join(filepath.Dir(file), "frame.html")
	doc := fmt.Sprintf(`<!DOCTYPE html><html><body style="margin:0"><iframe src="%s#%s" style="width:%dpx;height:%dpx;border:0;display:block"></iframe></body></html>`,
		filepath.Base(page), frag, w, h)
	if err := os.WriteFile(frame, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	if filepath.Dir(frame) != filepath.Dir(page) {
		t.Fatalf("the frame %s and the page %s must share a folder", frame, page)
	}
	raw := file + ".raw.png"
	browse(t, bin, frame, fmt.Sprintf("--window-size=%d,%d", max(w, 500)+20, h+20), "--screenshot="+raw)
	f, err := os.Open(raw)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	sub, ok := img.(interface {
		SubImage(image.Rectangle) image.Image
	})
	if !ok || img.Bounds().Dx() < w || img.Bounds().Dy() < h {
		t.Fatalf("%s: a %v picture, want one of %dx%d or more", raw, img.Bounds().Size(), w, h)
	}
	cut := sub.SubImage(image.Rect(0, 0, w, h))
	var b bytes.Buffer
	if err := png.Encode(&b, cut); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return cut
}

// runProbe opens page with a probe script in a frame of the size given ("W,H":
// headless Chromium lays a window out no narrower than 500 px, a frame
// as narrow as asked) and returns what the probe wrote.
func runProbe(t *testing.T, bin, dir, page, script, size string) string {
	t.Helper()
	var w, h int
	if _, err := fmt.Sscanf(size, "%d,%d", &w, &h); err != nil {
		t.Fatal(err)
	}
	frame := fmt.Sprintf(`<!DOCTYPE html><html><body style="margin:0"><iframe id="f" style="width:%dpx;height:%dpx;border:0" srcdoc="%s"></iframe>
<script>window.addEventListener("load", function () {
  var q = document.getElementById("f").contentDocument.getElementById("probe"), p = document.createElement("pre");
  p.id = "probe"; p.textContent = q ? q.textContent : "no probe"; document.body.appendChild(p);
});</script></body></html>`, w, h, html.EscapeString(strings.Replace(page, "</body>", script+"</body>", 1)))
	file := filepath.Join(dir, "probe.html")
	if err := os.WriteFile(file, []byte(frame), 0o644); err != nil {
		t.Fatal(err)
	}
	dom := string(browse(t, bin, file, fmt.Sprintf("--window-size=%d,%d", w+100, h+100), "--dump-dom"))
	got, ok := between(dom, `<pre id="probe">`, "</pre>")
	if !ok {
		t.Fatalf("%s: the probe wrote nothing (the page's script failed?)", size)
	}
	got = html.UnescapeString(strings.TrimPrefix(got, `<pre id="probe">`))
	t.Logf("%s: %s", size, got)
	return got
}

// checkShot checks a screenshot shows the table: its green cloth, the
// tiles' cream faces.
func checkShot(t *testing.T, img image.Image, file string) {
	t.Helper()
	w, h := img.Bounds().Dx(), img.Bounds().Dy()
	cloth := countColour(img, img.Bounds(), 0x3c, 0x7d, 0x5e, 20)
	face := countColour(img, img.Bounds(), 0xff, 0xfd, 0xf6, 4)
	t.Logf("%s: %d cloth pixels, %d tile-face pixels", filepath.Base(file), cloth, face)
	if cloth < w*h/50 || face < w*h/200 {
		t.Errorf("%s does not show the table: %d cloth pixels, %d tile-face pixels", file, cloth, face)
	}
}

// countColour counts the pixels of r within tol of a colour in each
// channel (anti-aliasing blurs edges).
func countColour(img image.Image, r image.Rectangle, cr, cg, cb uint8, tol int) int {
	n := 0
	near := func(a uint32, b uint8) bool { d := int(a>>8) - int(b); return d > -tol && d < tol }
	r = r.Intersect(img.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			pr, pg, pb, _ := img.At(x, y).RGBA()
			if near(pr, cr) && near(pg, cg) && near(pb, cb) {
				n++
			}
		}
	}
	return n
}
