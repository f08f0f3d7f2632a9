package review

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mjrank/mjrank/internal/shareddata"
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

// browse runs headless chromium on page with args (a context bounds it,
// and its process group is killed with it).
func browse(t *testing.T, bin, page string, args ...string) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute) // a hang guard: chromium starts slowly on a loaded machine
	defer cancel()
	home := t.TempDir() // chromium writes its profile and crash dumps here
	all := append([]string{"--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
		"--user-data-dir=" + filepath.Join(home, "profile"), "--window-size=1280,2000"}, args...)
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

// TestBrowserShowsReview reviews a real Tenhou game, opens the HTML in
// headless Chromium, and checks that the rendered page shows the report:
// every decision in the DOM with its figures, and a screenshot with the
// chart and the tables drawn.
func TestBrowserShowsReview(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	bin := chromium(t)
	dir := shareddata.Dir(t, "tenhou", "thewaxmango-mahjong-hands", "log-libraries", "logs")
	g := readGame(t, filepath.Join(dir, "2022010103gm-00a9-0000-12d7f40d.txt"))
	eng, err := mc.Default()
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Run(context.Background(), g, 0, Options{Sims: testSims, Seed: 3, Engine: eng})
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	page := filepath.Join(out, "review.html")
	var b bytes.Buffer
	if err := WriteHTML(&b, "2022010103gm-00a9-0000-12d7f40d.txt", rep); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(page, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}

	// The DOM as the browser built it: every decision, and the costliest
	// one's figures as the report has them.
	dom := string(browse(t, bin, page, "--dump-dom"))
	if n := strings.Count(dom, `<div class="dec">`); n != len(rep.Decisions) {
		t.Errorf("the page shows %d decisions, the report has %d", n, len(rep.Decisions))
	}
	worst := rep.Costliest()[0]
	head := fmt.Sprintf("#%d %s event %d: rank loss %.3f, %.1f rank points", worst.Index, worst.Round, worst.Event, worst.RankLoss, worst.PointsLoss)
	if !strings.Contains(dom, head) {
		t.Errorf("the page does not show the costliest decision as %q", head)
	}
	if !strings.Contains(dom, "played <b") || !strings.Contains(dom, "<polyline") {
		t.Error("the page lacks the played moves or the chart")
	}

	// The screenshot: the size asked, not blank, the chart's blue line in
	// its upper part, the tables' borders and the tiles' colours below.
	shot := filepath.Join(out, "review.png")
	browse(t, bin, page, "--screenshot="+shot)
	f, err := os.Open(shot)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if sz := img.Bounds().Size(); sz.X != 1280 || sz.Y != 2000 {
		t.Errorf("screenshot %v, want 1280x2000", sz)
	}
	chart := countColour(img, image.Rect(0, 0, 1280, 500), 0x00, 0x66, 0xcc)
	red := countColour(img, image.Rect(0, 500, 1280, 2000), 0xbb, 0x00, 0x00)   // manzu tiles, moves that lose
	green := countColour(img, image.Rect(0, 500, 1280, 2000), 0x00, 0x88, 0x00) // souzu tiles
	inked := 0
	b2 := img.Bounds()
	for y := b2.Min.Y; y < b2.Max.Y; y += 2 {
		for x := b2.Min.X; x < b2.Max.X; x += 2 {
			r, g, bl, _ := img.At(x, y).RGBA()
			if r>>8 < 200 || g>>8 < 200 || bl>>8 < 200 {
				inked++
			}
		}
	}
	share := float64(inked) / float64(b2.Dx()*b2.Dy()/4)
	t.Logf("%d chart pixels, %d red, %d green, %.1f%% inked", chart, red, green, 100*share)
	if chart < 50 || red < 20 || green < 20 || share < 0.02 {
		t.Errorf("the screenshot does not show the review: %d chart pixels, %d red, %d green, %.1f%% inked", chart, red, green, 100*share)
	}
	if os.Getenv("MJRANK_REVIEW_PNG") != "" {
		png, _ := os.ReadFile(shot)
		os.WriteFile(os.Getenv("MJRANK_REVIEW_PNG"), png, 0o644)
	}
}

// countColour counts the pixels of r within a small distance of a colour
// (anti-aliasing blurs edges).
func countColour(img image.Image, r image.Rectangle, cr, cg, cb uint8) int {
	n := 0
	near := func(a uint32, b uint8) bool { d := int(a>>8) - int(b); return d > -40 && d < 40 }
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
