package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"html"
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

// chromium returns the headless browser's path, or skips (fails under
// MJRANK_REQUIRE_SHARED=1, where make test installs it), as the review
// page's browser test does.
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

// dropProbeJS drops the files RECS on the page's drop zone as a person
// would (a drop event carrying them), asks for a review of round E1 at 12
// sims, waits for the batch report, opens the first game's page, and
// writes what it saw into a <pre id="probe">: the files picked, each row
// of the games table, the player's figures, the job's last status line,
// the address's job and whether the game's page came.
const dropProbeJS = `<script>
(function () {
  const $ = id => document.getElementById(id), out = [];
  const dt = new DataTransfer();
  for (const [n, t] of RECS) dt.items.add(new File([t], n));
  $("drop").dispatchEvent(new DragEvent("drop", {dataTransfer: dt, bubbles: true, cancelable: true}));
  out.push("picked=" + $("picked").textContent);
  $("sims").value = "12"; $("rounds").value = "E1";
  $("batch").click();
  function report() {
    const t = $("games");
    if (!t) { setTimeout(report, 50); return; }
    for (const tr of t.rows) out.push("row=" + Array.from(tr.cells).map(c => c.textContent).join("|"));
    out.push("player=" + $("player").rows.length + " " + $("player").textContent.includes("rank_loss_per_decision"));
    out.push("status=" + $("jobstatus").textContent);
    out.push("hash=" + location.hash);
    t.querySelector("button").click();
    page();
  }
  function page() {
    const f = $("gamepage");
    if (!f) { setTimeout(page, 50); return; }
    out.push("gamepage=" + f.srcdoc.includes("<svg"));
    const p = document.createElement("pre"); p.id = "probe"; p.textContent = out.join("\n"); document.body.appendChild(p);
  }
  setTimeout(report, 0);
})();
</script>`

// resumeProbeJS waits for the report of the job the page's address names
// and writes its games' rows into a <pre id="probe">.
const resumeProbeJS = `<script>
(function () {
  function report() {
    const t = document.getElementById("games");
    if (!t) { setTimeout(report, 50); return; }
    const p = document.createElement("pre"); p.id = "probe";
    p.textContent = Array.from(t.rows).map(tr => "row=" + Array.from(tr.cells).map(c => c.textContent).join("|")).join("\n");
    document.body.appendChild(p);
  }
  setTimeout(report, 0);
})();
</script>`

// TestBrowserDropsFiles opens the page in headless Chromium on a live
// service, drops three record files on it (two games and a record cut
// short), and checks what a person reads: the batch job's progress line
// at its end, the table of games with the failed file and its reason,
// the player's figures, the job kept in the address, and a game's page.
func TestBrowserDropsFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a browser")
	}
	bin := chromium(t)
	s := newService(t, Config{Workers: 1})
	var recs [][2]string
	for _, f := range batchFiles(t) {
		recs = append(recs, [2]string{f.name, f.text})
	}
	rj, err := json.Marshal(recs) // escapes <, so no record ends the script
	if err != nil {
		t.Fatal(err)
	}
	probe := strings.Replace(dropProbeJS, "RECS", string(rj), 1)
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		p := probe
		if r.URL.Query().Has("resume") {
			p = resumeProbeJS
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte(strings.Replace(pageHTML, "</body>", p+"</body>", 1)))
	})
	mux.Handle("/v1/", s)
	srv := httptest.NewServer(mux)
	defer srv.Close()

	got := probePage(t, bin, srv.URL+"/")
	t.Logf("probe:\n%s", got)
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`(?m)^picked=3 files: selfplay\.xml, arena\.json, cut\.xml$`),
		regexp.MustCompile(`(?m)^row=game\|status\|seat\|player\|decisions\|`),
		regexp.MustCompile(`(?m)^row=selfplay\.xml game 1\|ok\|0\|efficiency\|[1-9][0-9]*\|`),
		regexp.MustCompile(`(?m)^row=arena\.json game 1\|ok\|0\|rulebot\|[1-9][0-9]*\|`),
		regexp.MustCompile(`(?m)^row=cut\.xml game 1\|failed\|{9}cut\.xml:1:341: .*truncated record`),
		regexp.MustCompile(`(?m)^player=([6-9]|[1-9][0-9]+) true$`),
		regexp.MustCompile(`(?m)^status=job done: 3 records; 2/2 games, ([0-9]+)/([0-9]+) decisions$`),
		regexp.MustCompile(`(?m)^hash=#job=[A-Za-z0-9_-]+\.[0-9a-f]{32}$`),
		regexp.MustCompile(`(?m)^gamepage=true$`),
	} {
		if !want.MatchString(got) {
			t.Errorf("the page shows no line matching %s", want)
		}
	}
	if c := regexp.MustCompile(`(\d+)/(\d+) decisions`).FindStringSubmatch(got); c == nil || c[1] != c[2] || c[1] == "0" {
		t.Errorf("the progress line does not end with every decision done: %v", c)
	}
	// A reload (the address with #job=ID) finds the job and shows its report.
	hash := regexp.MustCompile(`(?m)^hash=(#job=[A-Za-z0-9_.-]+)$`).FindStringSubmatch(got)
	if hash == nil {
		return
	}
	// The files are gone with the reload: no game's page button.
	rows := strings.ReplaceAll(strings.Join(regexp.MustCompile(`(?m)^row=.*$`).FindAllString(got, -1), "\n"), "|page|", "||")
	if again := probePage(t, bin, srv.URL+"/?resume"+hash[1]); again != rows {
		t.Errorf("the page reloaded on %s shows\n%s\nnot the rows it showed\n%s", hash[1], again, rows)
	}
}

// probePage loads url in headless Chromium, lets its scripts run (virtual
// time, so its polls do not wait), and returns what its probe wrote.
func probePage(t *testing.T, bin, url string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute) // a hang guard: chromium starts slowly on a loaded machine
	defer cancel()
	home := t.TempDir()
	cmd := exec.CommandContext(ctx, bin, "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir="+filepath.Join(home, "profile"),
		"--virtual-time-budget=600000", "--dump-dom", url)
	cmd.Env = append(os.Environ(), "HOME="+home)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	dom, err := cmd.Output()
	if err != nil {
		t.Fatalf("chromium: %v\n%s", err, stderr.String())
	}
	m := regexp.MustCompile(`(?s)<pre id="probe">(.*?)</pre>`).FindSubmatch(dom)
	if m == nil {
		t.Fatalf("the probe wrote nothing: the page did not show the report\n%.3000s", dom)
	}
	return html.UnescapeString(string(m[1]))
}
