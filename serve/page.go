package serve

// pageHTML is GET /: one self-contained page (inline style and script,
// nothing fetched but the two endpoints) to paste a position or a log.
const pageHTML = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"/><title>mjrank</title>
<style>
body{font-family:sans-serif;margin:1.5em;max-width:75em}
textarea{width:100%;height:14em;font-family:monospace}
label{margin-right:1em}input[type=text],input[type=number]{width:6em}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:.2em .5em;text-align:right}
th{background:#eee}td.l{text-align:left}tr.best{background:#efe}
#err{color:#b00;white-space:pre-wrap}iframe{width:100%;height:40em;border:1px solid #ccc}
</style></head><body>
<h1>mjrank</h1>
<p>Paste an observation JSON (docs/OBSERVATION.md), or a game record (mjlog XML, tenhou.net/6 JSON or mjai lines)
with the position to analyse, or a whole log to review one player's decisions.</p>
<textarea id="text" placeholder="observation JSON or record text"></textarea>
<p>
<label>round <input type="text" id="round" placeholder="E2-0"/></label>
<label>event <input type="number" id="event" min="0"/></label>
<label>turn <input type="number" id="turn" min="1"/></label>
<label>seat <input type="number" id="seat" min="0" max="3"/></label>
<label>name <input type="text" id="name"/></label>
<label>game <input type="number" id="game" min="1"/></label>
</p><p>
<label>sims <input type="number" id="sims" min="1" placeholder="default"/></label>
<label>seed <input type="number" id="seed" min="0" placeholder="1"/></label>
<label>utility <select id="utility"><option value="rank">expected rank</option><option value="points">rank points</option></select></label>
</p><p>
<button id="obs">Analyze observation</button>
<button id="pos">Analyze record position</button>
<button id="rev">Review log</button>
<span id="status"></span>
</p>
<div id="err"></div><div id="out"></div>
<script>
"use strict";
const $ = id => document.getElementById(id);
const num = id => $(id).value === "" ? undefined : Number($(id).value);
function opts(o) { for (const k of ["sims", "seed"]) if (num(k) !== undefined) o[k] = num(k); return o; }
async function call(url, body) {
  $("err").textContent = ""; $("out").textContent = ""; $("status").textContent = "running...";
  const t0 = performance.now();
  try {
    const r = await fetch(url, {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
    const text = await r.text();
    $("status").textContent = r.status + " in " + ((performance.now() - t0) / 1000).toFixed(1) + " s";
    if (!r.ok) { let m = text; try { m = JSON.parse(text).error; } catch (e) {} $("err").textContent = m; return null; }
    return text;
  } catch (e) { $("status").textContent = ""; $("err").textContent = String(e); return null; }
}
function cell(tr, v, left) { const td = document.createElement("td"); td.textContent = v; if (left) td.className = "l"; tr.appendChild(td); }
function showAnalysis(text) {
  const a = JSON.parse(text), out = $("out");
  const p = document.createElement("p");
  p.textContent = a.round + " event " + a.event + ", seat " + a.seat + ", hand " + a.hand + ": best " + a.best +
    (a.played ? " (played: " + a.played + ")" : "") + "; " + a.sims + " simulations, seed " + a.seed + ", maximising " + a.utility;
  out.appendChild(p);
  const t = document.createElement("table"), h = t.insertRow();
  for (const c of ["move", "E[rank]", "±", "vs prior", "1st", "2nd", "3rd", "4th", "rank pt", "win%", "deal-in%", "draw%", "Δscore", "sims"]) {
    const th = document.createElement("th"); th.textContent = c; h.appendChild(th);
  }
  const pct = x => (100 * x).toFixed(1);
  a.candidates.forEach((c, i) => {
    const tr = t.insertRow(); if (i === 0) tr.className = "best";
    cell(tr, c.move + (c.prior ? " *" : ""), true);
    cell(tr, c.expected_rank.toFixed(3)); cell(tr, c.expected_rank_se === null ? "-" : c.expected_rank_se.toFixed(3));
    cell(tr, c.prior ? "(prior)" : c.advantage.toFixed(4) + " ± " + c.advantage_se.toFixed(4));
    for (const x of c.rank_distribution) cell(tr, pct(x));
    cell(tr, c.rank_points.toFixed(1)); cell(tr, pct(c.p_win)); cell(tr, pct(c.p_deal_in)); cell(tr, pct(c.p_draw));
    cell(tr, c.score_change.toFixed(0)); cell(tr, c.sims);
  });
  out.appendChild(t);
}
$("obs").onclick = async () => {
  let obs;
  try { obs = JSON.parse($("text").value); } catch (e) { $("err").textContent = "the text is not JSON: " + e.message; return; }
  const r = await call("/v1/analyze", opts({observation: obs, utility: $("utility").value}));
  if (r) showAnalysis(r);
};
$("pos").onclick = async () => {
  const b = opts({record: $("text").value, round: $("round").value, utility: $("utility").value});
  for (const k of ["event", "turn", "seat", "game"]) if (num(k) !== undefined) b[k] = num(k);
  const r = await call("/v1/analyze", b);
  if (r) showAnalysis(r);
};
$("rev").onclick = async () => {
  const b = opts({record: $("text").value});
  if ($("name").value !== "") b.name = $("name").value; else if (num("seat") !== undefined) b.seat = num("seat");
  if (num("game") !== undefined) b.game = num("game");
  const r = await call("/v1/review?format=html", b);
  if (r) { const f = document.createElement("iframe"); f.srcdoc = r; $("out").appendChild(f); }
};
</script>
</body></html>
`
