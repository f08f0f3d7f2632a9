package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image/png"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// positionProbeJS builds a position on the page by clicking as a person
// would: the palette's tiles into the hand (in no order), the draw, the
// dora indicator, four rivers with their marks (a tsumogiri, a tile
// called by the opposite seat, a riichi) and a pon; it picks the
// deciding wind and the sims, and writes into a <pre id="probe"> the
// command line the page shows and how many of the section's controls
// the keyboard cannot reach. Then it asks for the analysis and writes
// the table's move rows, best rows and why rows, the status and the
// page's sideways overflow; takes a tile out of the hand (an impossible
// position) and writes the server's error; clicks a fourth and a fifth
// 1z, writing what the page says to each; and asks for an analysis with
// a pon begun, writing what the page says. With SHOT true it stops
// at the table and hides what comes before the section, for a screenshot.
const positionProbeJS = `<script>
(function () {
  const $ = id => document.getElementById(id), out = [];
  const tile = t => $("palette").querySelector('[data-tile="' + t + '"]');
  function put(zone, tiles) { $("g-" + zone).click(); for (const t of tiles) tile(t).click(); }
  function river(s, discards) {
    $("g-river" + s).click();
    for (const d of discards) {
      if (d.includes("_")) $("mts").click();
      if (d.includes("*")) $("mri").click();
      const call = d.match(/[-=+]/);
      if (call) $("mcall").value = call[0];
      tile(d.slice(0, 2)).click();
    }
  }
  function unreachable() {
    const els = $("bypos").querySelectorAll("button, input, select");
    let bad = 0;
    let n = 0;
    for (const e of els) {
      if (!e.getClientRects().length) continue; // hidden: a 3-player control
      n++; e.focus(); if (document.activeElement !== e) bad++;
    }
    return n + " controls, " + bad + " unreachable";
  }
  put("hand", ["2z", "4m", "1z", "7s", "2m", "5p", "9s", "3m", "1z", "6p", "4p", "8s", "2z"]);
  put("draw", ["3z"]); put("dora", ["5m"]);
  river(0, ["1z", "9m_", "4p"]); river(1, ["2z", "2m=", "3s*"]); river(2, ["9s"]); river(3, ["6z", "7z"]);
  put("meld3", ["2m", "2m", "2m"]);
  $("pseat").value = "wW"; $("pseat").dispatchEvent(new Event("change"));
  $("sims").value = "SIMS"; $("sims").dispatchEvent(new Event("input"));
  out.push("cli=" + $("pcli").textContent);
  out.push("keyboard=" + unreachable());
  $("panalyze").click();
  function table() {
    const t = $("analysis");
    if (!t) { if ($("err").textContent) { out.push("err=" + $("err").textContent); finish(); } else setTimeout(table, 50); return; }
    if (SHOT) { shot(); return; }
    const rows = t.querySelectorAll("tr.move"), why = Array.from(t.querySelectorAll("tr.why"));
    out.push("rows=" + rows.length + " best=" + t.querySelectorAll("tr.best").length + " first=" + rows[0].className +
      " why=" + why.length + " emptywhy=" + why.filter(w => w.textContent.trim() === "").length);
    out.push("status=" + $("pstatus").textContent.split(" ")[0]);
    const doc = document.documentElement;
    out.push("overflow=" + (doc.scrollWidth - doc.clientWidth) + " width=" + window.innerWidth);
    $("t-hand").querySelector("button").click();
    out.push("cli12=" + $("pcli").textContent);
    $("panalyze").click();
    setTimeout(refused, 0);
  }
  function refused() {
    if (!$("err").textContent) { setTimeout(refused, 50); return; }
    out.push("err=" + $("err").textContent + " table=" + !!$("analysis"));
    $("g-hand").click(); tile("1z").click();
    out.push("fourth=[" + $("pmsg").textContent + "] " + tile("1z").classList.contains("used"));
    tile("1z").click();
    out.push("fifth=[" + $("pmsg").textContent + "] hand=" + positionBody().hand);
    $("g-meld1").click(); tile("9p").click(); $("panalyze").click();
    out.push("halfmeld=[" + $("pmsg").textContent + "]");
    finish();
  }
  function shot() { // the section and its table alone: a window scrolled down is drawn blank
    for (let e = $("bypos").previousElementSibling; e; e = e.previousElementSibling) e.hidden = true;
    $("pstatus").textContent = ""; // virtual time: the seconds it shows are not the analysis's
    document.activeElement.blur(); window.scrollTo(0, 0); finish();
  }
  function finish() { const p = document.createElement("pre"); p.id = "probe"; p.textContent = out.join("\n"); document.body.appendChild(p); }
  setTimeout(table, 0);
})();
</script>`

// phoneFrame shows the page in a frame as wide as a phone (a headless
// window is laid out no narrower than 500 px) and copies its probe out.
const phoneFrame = `<!DOCTYPE html><html><body style="margin:0">
<iframe id="f" src="/" style="width:390px;height:844px;border:0"></iframe>
<script>
(function wait() {
  const d = document.getElementById("f").contentDocument, q = d && d.getElementById("probe");
  if (!q) { setTimeout(wait, 50); return; }
  const p = document.createElement("pre"); p.id = "probe"; p.textContent = q.textContent; document.body.appendChild(p);
})();
</script></body></html>`

// positionSims is the budget of the browser test's analysis.
const positionSims = 60

// pagePosition is the position the probe clicks, as the API takes it.
func pagePosition() map[string]any {
	return map[string]any{"hand": "234m456p789s1122z", "draw": "3z", "dora": "5m", "round": "E1", "wind": "W",
		"rivers": []string{"0:1z9m_4p", "1:2z2m=3s*", "2:9s", "3:6z7z"}, "melds": []string{"3:pon=222m"}}
}

// TestBrowserBuildsPosition opens the page in headless Chromium in a
// phone-wide frame, builds a position by clicking tiles, and checks what
// a person reads: the command line of the position built, every control
// reachable by the keyboard, the analysis table with one row per move
// the API gives (the best first, each move's why under it) and no
// sideways overflow; the server's error for a hand a tile short; and
// the page's refusals of a fifth tile and of a meld half built.
func TestBrowserBuildsPosition(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a browser")
	}
	bin := chromium(t)
	s := newService(t, Config{Workers: 1})
	moves, whys := apiMoves(t, s)
	if moves == 0 || whys != moves {
		t.Fatalf("the API gives %d moves, %d with a why: want a why for each", moves, whys)
	}
	srv := positionServer(t, s, false)
	got := probePage(t, bin, srv.URL+"/phone")
	t.Logf("probe:\n%s", got)
	wantCLI := fmt.Sprintf("mjrank analyze --hand 234m456p789s1122z --draw 3z --dora 5m --round E1 --wind W --river 0:1z9m_4p --river '1:2z2m=3s*' --river 2:9s --river 3:6z7z --melds 3:pon=222m --sims %d", positionSims)
	for _, want := range []string{
		"cli=" + wantCLI,
		// 37 palette tiles, 11 zones, the 27 tiles placed and 15 other
		// controls (the kitas hidden with four players).
		"keyboard=90 controls, 0 unreachable",
		fmt.Sprintf("rows=%d best=1 first=move best why=%d emptywhy=0", moves, moves),
		"status=200",
		"overflow=0 width=390",
		"cli12=" + strings.Replace(wantCLI, "--hand 234m", "--hand 34m", 1),
		"err=position.hand: 12 tiles with 0 melds and a draw: want 13 table=false",
		"fourth=[] true",
		"fifth=[no fifth 1z: there are four of each tile] hand=34m456p789s11122z",
		"halfmeld=[the pon of seat 1 has 1 of its 3 tiles: finish it or take it back]",
	} {
		if !regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(want) + `$`).MatchString(got) {
			t.Errorf("the page shows no line %q", want)
		}
	}
	if dst := os.Getenv("MJRANK_POSITION_PNG"); dst != "" {
		shootPosition(t, bin, positionServer(t, s, true).URL+"/", dst)
	}
}

// shootPosition screenshots the page at url (the position built, its
// analysis shown) into dst, and checks the picture shows tiles: their
// cream faces.
func shootPosition(t *testing.T, bin, url, dst string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	home := t.TempDir()
	raw := filepath.Join(home, "shot.png")
	cmd := exec.CommandContext(ctx, bin, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--user-data-dir="+filepath.Join(home, "profile"),
		"--virtual-time-budget=600000", "--window-size=1100,1500", "--screenshot="+raw, url)
	cmd.Env = append(os.Environ(), "HOME="+home)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("chromium: %v\n%s", err, out)
	}
	b, err := os.ReadFile(raw)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	face := 0
	for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
		for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
			if r, g, b, _ := img.At(x, y).RGBA(); r>>8 == 0xff && g>>8 == 0xfd && b>>8 == 0xf6 {
				face++
			}
		}
	}
	if n := img.Bounds().Dx() * img.Bounds().Dy(); face < n/100 {
		t.Errorf("the screenshot shows %d tile-face pixels of %d: no tiles?", face, n)
	}
	if err := os.WriteFile(dst, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// apiMoves asks the API for the analysis the probe asks for and returns
// its moves and how many of them carry a why.
func apiMoves(t *testing.T, s http.Handler) (moves, whys int) {
	t.Helper()
	return apiMovesOf(t, s, pagePosition())
}

// apiMovesOf is apiMoves of the position pos.
func apiMovesOf(t *testing.T, s http.Handler, pos map[string]any) (moves, whys int) {
	t.Helper()
	w := request{path: "/v1/analyze", ctype: "application/json",
		body: jsonBody(t, map[string]any{"position": pos, "sims": positionSims})}.do(t, s)
	if w.Code != http.StatusOK {
		t.Fatalf("the probe's position: status %d: %s", w.Code, w.Body)
	}
	var res struct {
		Candidates []struct {
			Why string `json:"why"`
		} `json:"candidates"`
	}
	if err := json.Unmarshal(w.Body.Bytes(), &res); err != nil {
		t.Fatal(err)
	}
	for _, c := range res.Candidates {
		if c.Why != "" {
			whys++
		}
	}
	return len(res.Candidates), whys
}

// positionServer serves the page with the probe (GET /; see SHOT; a
// screenshot's analysis at the default budget), the page in a
// phone-wide frame (GET /phone) and the API.
func positionServer(t *testing.T, s http.Handler, shot bool) *httptest.Server {
	t.Helper()
	sims := fmt.Sprint(positionSims)
	if shot {
		sims = "" // the docs show an analysis at the default budget
	}
	probe := strings.Replace(positionProbeJS, "SIMS", sims, 1)
	return probeServer(t, s, strings.Replace(probe, "SHOT", fmt.Sprint(shot), 1))
}

// probeServer serves the page with the script probe (GET /), the page in
// a phone-wide frame (GET /phone) and the API.
func probeServer(t *testing.T, s http.Handler, probe string) *httptest.Server {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(strings.Replace(pageHTML, "</body>", probe+"</body>", 1)))
	})
	mux.HandleFunc("GET /phone", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(phoneFrame))
	})
	mux.Handle("/v1/", s)
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}
