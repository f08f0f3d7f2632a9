package serve

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// sanmaProbeJS builds a 3-player position on the page as a person would:
// it picks three players, writes which controls show (the fourth seat's
// zones and score hidden, the kitas shown), the rounds and seats offered
// and whether a chi and a call by the opposite seat are offered; clicks
// a 5m (refused by the page); clicks the hand, the draw, the dora, three
// rivers and two kitas; writes the command line and the controls the
// keyboard cannot reach; asks for the analysis and writes the table's
// head and rows (three places, no rank points) and the page's notes. Then it places a tile in the fourth seat's river (with
// four players, then back to three): the zone stays shown, the command
// line carries it and the server's refusal shows; takes it back; and
// clicks Norths into the dora until the page refuses a fifth (two set
// aside as kitas).
const sanmaProbeJS = `<script>
(function () {
  const $ = id => document.getElementById(id), out = [];
  const tile = t => $("palette").querySelector('[data-tile="' + t + '"]');
  const shown = id => $(id).getClientRects().length > 0;
  const set = (id, v) => { $(id).value = v; $(id).dispatchEvent(new Event("change")); };
  function put(zone, tiles) { $("g-" + zone).click(); for (const t of tiles) tile(t).click(); }
  function river(s, discards) {
    $("g-river" + s).click();
    for (const d of discards) {
      if (d.includes("_")) $("mts").click();
      const call = d.match(/[-=+]/);
      if (call) $("mcall").value = call[0];
      tile(d.slice(0, 2)).click();
    }
  }
  function unreachable() {
    let n = 0, bad = 0;
    for (const e of $("bypos").querySelectorAll("button, input, select")) {
      if (!e.getClientRects().length) continue;
      n++; e.focus(); if (document.activeElement !== e) bad++;
    }
    return n + " controls, " + bad + " unreachable";
  }
  const shownList = () => ["g-river2", "g-river3", "g-meld3", "ps2", "ps3", "pk0"].map(id => id + ":" + shown(id)).join(" ");
  out.push("four=" + shownList());
  set("pplayers", "3");
  out.push("three=" + shownList());
  out.push("rounds=" + [...$("pround").options].map(o => o.value).join(","));
  out.push("seats=" + [...$("pseat").options].map(o => o.value).join(","));
  out.push("chi=" + $("mkind").querySelector('[value="chi"]').disabled + " opposite=" + $("mcall").querySelector('[value="="]').disabled);
  put("hand", ["5m"]);
  out.push("5m=[" + $("pmsg").textContent + "] used=" + tile("5m").classList.contains("used") + " hand=" + $("t-hand").children.length);
  put("hand", ["9m", "1z", "4p", "1m", "7s", "2p", "5p", "9s", "1z", "6p", "3p", "8s", "1p"]);
  put("draw", ["3z"]); put("dora", ["5p"]);
  river(0, ["1z", "9p"]); river(1, ["2z", "8p_"]); river(2, ["9s"]);
  $("pk0").value = "1"; $("pk2").value = "1"; $("pk2").dispatchEvent(new Event("input"));
  set("pseat", "wW");
  $("sims").value = "SIMS"; $("sims").dispatchEvent(new Event("input"));
  out.push("cli=" + $("pcli").textContent);
  out.push("keyboard=" + unreachable());
  $("panalyze").click();
  function table() {
    const t = $("analysis");
    if (!t) { if ($("err").textContent) { out.push("err=" + $("err").textContent); finish(); } else setTimeout(table, 50); return; }
    out.push("head=" + [...t.rows[0].cells].map(c => c.textContent).join(","));
    out.push("rows=" + t.querySelectorAll("tr.move").length + " cells=" + t.querySelector("tr.move").cells.length);
    out.push("note=" + [...$("out").querySelectorAll("p.warn")].map(p => p.textContent).join("|"));
    set("pplayers", "4"); river(3, ["6z"]); set("pplayers", "3");
    out.push("river3=" + shown("g-river3") + " " + / --river 3:6z /.test($("pcli").textContent));
    $("panalyze").click();
    setTimeout(refused, 0);
  }
  function refused() {
    if (!$("err").textContent) { setTimeout(refused, 50); return; }
    out.push("err=" + $("err").textContent + " table=" + !!$("analysis"));
    $("t-river3").querySelector("button").click();
    out.push("back=" + shown("g-river3"));
    put("dora", ["4z", "4z"]);
    out.push("norths=[" + $("pmsg").textContent + "] dora=" + $("t-dora").children.length);
    tile("4z").click();
    out.push("fifth=[" + $("pmsg").textContent + "] dora=" + $("t-dora").children.length);
    finish();
  }
  function finish() { const p = document.createElement("pre"); p.id = "probe"; p.textContent = out.join("\n"); document.body.appendChild(p); }
  setTimeout(table, 0);
})();
</script>`

// sanmaPagePosition is the position the probe clicks, as the API takes
// it.
func sanmaPagePosition() map[string]any {
	return map[string]any{"players": 3, "kita": "1,0,1", "hand": "19m123456p789s11z", "draw": "3z", "dora": "5p", "round": "E1", "wind": "W",
		"rivers": []string{"0:1z9p", "1:2z8p_", "2:9s"}}
}

// TestBrowserBuildsSanmaPosition opens the page in headless Chromium in a
// phone-wide frame and builds a 3-player position by clicking, as
// `mjrank analyze --players 3 --kita` types one: the page shows three
// seats, their kitas, the rounds and winds of three players and no chi;
// refuses a 5m and a fifth North (two set aside); shows the command line
// and the analysis of as many moves as the API gives, with three places;
// and shows the server's refusal of a fourth seat's river.
func TestBrowserBuildsSanmaPosition(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a browser")
	}
	bin := chromium(t)
	s := newService(t, Config{Workers: 1})
	moves, _ := apiMovesOf(t, s, sanmaPagePosition())
	if moves == 0 {
		t.Fatal("the API gives no move")
	}
	srv := probeServer(t, s, strings.Replace(sanmaProbeJS, "SIMS", fmt.Sprint(positionSims), 1))
	got := probePage(t, bin, srv.URL+"/phone")
	t.Logf("probe:\n%s", got)
	cli := fmt.Sprintf("mjrank analyze --hand 19m123456p789s11z --draw 3z --dora 5p --round E1 --wind W --river 0:1z9p --river 1:2z8p_ --river 2:9s --players 3 --kita 1,0,1 --sims %d", positionSims)
	for _, want := range []string{
		"four=g-river2:true g-river3:true g-meld3:true ps2:true ps3:true pk0:false",
		"three=g-river2:true g-river3:false g-meld3:false ps2:true ps3:false pk0:true",
		"rounds=E1,E2,E3,S1,S2,S3,W1,W2,W3",
		"seats=s0,s1,s2,wE,wS,wW",
		"chi=true opposite=true",
		"5m=[no 5m in a 3-player game: its 108 tiles have no 2m to 8m] used=true hand=0",
		"cli=" + cli,
		// 37 palette tiles, 9 zones, the 20 tiles placed and 17 other
		// controls (the players and three kitas; no fourth score).
		"keyboard=83 controls, 0 unreachable",
		"head=move,E[rank],±,vs prior,1st,2nd,3rd,win%,deal-in%,draw%,Δscore,sims",
		fmt.Sprintf("rows=%d cells=12", moves),
		"note=no rank points for 3-player games: Tenhou's 3-player rank-point table is not known",
		"river3=true true",
		`err=position.river: "3:6z": want SEAT:TILES, SEAT 0 to 2 or a wind (E, S, W) table=false`,
		"back=false",
		"norths=[] dora=3",
		"fifth=[no fifth 4z: there are four of each tile] dora=3",
	} {
		if !regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(want) + `$`).MatchString(got) {
			t.Errorf("the page shows no line %q", want)
		}
	}
}
