package serve

// pageHTML is GET /: one self-contained page (inline style and script,
// nothing fetched but the API) to paste a position or a log, to drop
// record files and read their batch review, run as a job (the page polls
// it; #job=ID in its address finds the job again after a reload), or to
// build a position by clicking tiles (page_position.go).
const pageHTML = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"/><title>mjrank</title>
<style>
body{font-family:sans-serif;margin:1.5em;max-width:75em}
textarea{width:100%;height:14em;font-family:monospace}
label{margin-right:1em}input[type=text],input[type=number]{width:6em}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:.2em .5em;text-align:right}
th{background:#eee}td.l{text-align:left}tr.best{background:#efe}
#err{color:#b00;white-space:pre-wrap}p.warn{color:#850}iframe{width:100%;height:40em;border:1px solid #ccc}
#drop{border:2px dashed #999;border-radius:.5em;padding:1.5em;text-align:center;color:#444}
#drop.over{border-color:#070;background:#efe}progress{width:20em;vertical-align:middle}
tr.failed td{color:#b00}tr.skipped td{color:#777}h3{margin-bottom:.2em}
` + positionStyle + `</style></head><body>
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
<label>rounds <input type="text" id="rounds" placeholder="E1,E4-1,S3"/></label>
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
<h2>Review several games</h2>
<div id="drop">Drop record files here (mjlog, tenhou.net/6 JSON or mjai lines, gzipped or not), or
<label>choose them <input type="file" id="files" multiple="multiple"/></label>
<div id="picked"></div></div>
<p>The player is the name above, else the seat (default 0); the rounds, sims, seed and game above apply to every file.</p>
<p><button id="batch">Review files</button> <button id="cancel" hidden="hidden">Cancel</button>
<progress id="bar" max="1" value="0" hidden="hidden"></progress> <span id="jobstatus"></span></p>
` + positionSection + `<div id="err"></div><div id="out"></div>
<script>
"use strict";
const $ = id => document.getElementById(id);
const num = id => $(id).value === "" ? undefined : Number($(id).value);
function opts(o) { for (const k of ["sims", "seed"]) if (num(k) !== undefined) o[k] = num(k); return o; }
async function call(url, body, status = "status") {
  $("err").textContent = ""; $("out").textContent = ""; $(status).textContent = "running...";
  const t0 = performance.now();
  try {
    const r = await fetch(url, {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
    const text = await r.text();
    $(status).textContent = r.status + " in " + ((performance.now() - t0) / 1000).toFixed(1) + " s";
    if (!r.ok) { let m = text; try { m = JSON.parse(text).error; } catch (e) {} $("err").textContent = m; return null; }
    return text;
  } catch (e) { $(status).textContent = ""; $("err").textContent = String(e); return null; }
}
function cell(tr, v, left) { const td = document.createElement("td"); td.textContent = v; if (left) td.className = "l"; tr.appendChild(td); }
function note(text, cls) { const p = document.createElement("p"); p.textContent = text; p.className = cls || ""; $("out").appendChild(p); }
function showAnalysis(text) {
  const a = JSON.parse(text), out = $("out");
  note(a.round + " event " + a.event + ", seat " + a.seat + ", hand " + a.hand + ": best " + a.best +
    (a.played ? " (played: " + a.played + ")" : "") + "; " + a.sims + " simulations, seed " + a.seed + ", maximising " + a.utility);
  for (const w of a.warnings || []) note("warning: " + w, "warn");
  const t = document.createElement("table"), h = t.insertRow(), box = document.createElement("div");
  t.id = "analysis"; box.className = "scroll";
  // a 3-player position has no 4th place, and no rank points (Tenhou's 3-player table is not known)
  const three = a.players === 3, places = three ? 3 : 4;
  if (three) note("no rank points for 3-player games: Tenhou's 3-player rank-point table is not known", "warn");
  for (const c of ["move", "E[rank]", "±", "vs prior", ...["1st", "2nd", "3rd", "4th"].slice(0, places), ...(three ? [] : ["rank pt"]), "win%", "deal-in%", "draw%", "Δscore", "sims"]) {
    const th = document.createElement("th"); th.textContent = c; h.appendChild(th);
  }
  const pct = x => (100 * x).toFixed(1);
  a.candidates.forEach((c, i) => {
    const tr = t.insertRow(); tr.className = i === 0 ? "move best" : "move";
    cell(tr, c.move + (c.prior ? " *" : ""), true);
    cell(tr, c.expected_rank.toFixed(3)); cell(tr, c.expected_rank_se === null ? "-" : c.expected_rank_se.toFixed(3));
    cell(tr, c.prior ? "(prior)" : c.advantage.toFixed(4) + " ± " + c.advantage_se.toFixed(4));
    for (const x of c.rank_distribution.slice(0, places)) cell(tr, pct(x));
    if (!three) cell(tr, c.rank_points.toFixed(1));
    cell(tr, pct(c.p_win)); cell(tr, pct(c.p_deal_in)); cell(tr, pct(c.p_draw));
    cell(tr, c.score_change.toFixed(0)); cell(tr, c.sims);
    if (c.why) { const w = t.insertRow(); w.className = "why"; cell(w, c.why, true); w.cells[0].colSpan = h.cells.length; }
  });
  box.appendChild(t); out.appendChild(box);
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
  if ($("rounds").value !== "") b.rounds = $("rounds").value;
  const r = await call("/v1/review?format=html", b);
  if (r) { const f = document.createElement("iframe"); f.srcdoc = r; $("out").appendChild(f); }
};
let picked = [], jobID = null;
function pick(list) {
  picked = Array.from(list);
  $("picked").textContent = picked.length + (picked.length === 1 ? " file: " : " files: ") + picked.map(f => f.name).join(", ");
}
$("files").onchange = () => pick($("files").files);
$("drop").ondragover = e => { e.preventDefault(); $("drop").classList.add("over"); };
$("drop").ondragleave = () => $("drop").classList.remove("over");
$("drop").ondrop = e => { e.preventDefault(); $("drop").classList.remove("over"); pick(e.dataTransfer.files); };
const client = {"X-Mjrank-Client": "page"};
function errorOf(text) { try { return JSON.parse(text).error; } catch (e) { return text; } }
$("batch").onclick = async () => {
  $("err").textContent = ""; $("out").textContent = "";
  if (picked.length === 0) { $("err").textContent = "drop or choose the record files first"; return; }
  const fd = new FormData();
  for (const f of picked) fd.append("record", f, f.name);
  for (const k of ["sims", "seed", "game"]) if (num(k) !== undefined) fd.append(k, String(num(k)));
  if ($("name").value !== "") fd.append("name", $("name").value); else if (num("seat") !== undefined) fd.append("seat", String(num("seat")));
  if ($("rounds").value !== "") fd.append("rounds", $("rounds").value);
  try {
    const r = await fetch("/v1/review/jobs", {method: "POST", headers: client, body: fd});
    const text = await r.text();
    if (r.status !== 202) { $("err").textContent = r.status + ": " + errorOf(text); return; }
    follow(JSON.parse(text).id);
  } catch (e) { $("err").textContent = String(e); }
};
function follow(id) { jobID = id; history.replaceState(null, "", "#job=" + id); poll(); }
async function poll() {
  const id = jobID;
  if (id === null) return;
  let v;
  try {
    const r = await fetch("/v1/review/jobs/" + encodeURIComponent(id));
    const text = await r.text();
    if (!r.ok) { stopped(r.status + ": " + errorOf(text)); return; }
    v = JSON.parse(text);
  } catch (e) { stopped(String(e)); return; }
  if (id !== jobID) return;
  const p = v.progress, bar = $("bar");
  bar.hidden = false; bar.max = Math.max(p.decisions, 1); bar.value = p.decisions_done;
  $("jobstatus").textContent = "job " + v.status + ": " + p.records + " records; " + p.games_done + "/" + p.games + " games, " +
    p.decisions_done + "/" + p.decisions + " decisions";
  if (v.status === "queued" || v.status === "running") { $("cancel").hidden = false; setTimeout(poll, 1000); return; }
  $("cancel").hidden = true; jobID = null;
  if (v.status === "done") showBatch(v.result); else $("err").textContent = "job " + v.status + ": " + (v.error || "");
}
function stopped(msg) { jobID = null; $("cancel").hidden = true; $("err").textContent = msg; }
$("cancel").onclick = async () => {
  const id = jobID; jobID = null; $("cancel").hidden = true;
  const r = await fetch("/v1/review/jobs/" + encodeURIComponent(id), {method: "DELETE"});
  $("jobstatus").textContent = r.ok ? "job cancelled" : "cancel: " + errorOf(await r.text());
};
function fmt(k, v) {
  if (typeof v !== "number") return String(v);
  if (/agreement|rate|share|fraction/.test(k)) return (100 * v).toFixed(1) + "%";
  return Number.isInteger(v) ? String(v) : v.toFixed(4);
}
function figures(obj) {
  const t = document.createElement("table");
  for (const [k, v] of Object.entries(obj)) {
    const tr = t.insertRow(), th = document.createElement("th");
    th.textContent = k; th.className = "l"; tr.appendChild(th);
    const td = tr.insertCell(); td.className = "l";
    if (v !== null && typeof v === "object" && !Array.isArray(v)) td.appendChild(figures(v));
    else td.textContent = Array.isArray(v) ? v.map(x => fmt(k, x)).join(", ") : fmt(k, v);
  }
  return t;
}
function showBatch(rep) {
  const out = $("out"), b = rep.batch, h = document.createElement("h3");
  out.textContent = "";
  h.textContent = "Games"; out.appendChild(h);
  const p = document.createElement("p");
  p.id = "batchline";
  p.textContent = b.games + " entries: " + b.reviewed + " reviewed, " + b.cached + " cached, " + b.skipped + " skipped, " +
    b.failed + " failed; " + b.decisions_analysed + " decisions analysed in " + b.seconds.toFixed(1) + " s";
  out.appendChild(p);
  const t = document.createElement("table"), hr = t.insertRow();
  t.id = "games";
  for (const c of ["game", "status", "seat", "player", "decisions", "agree%", "rank loss", "loss/decision", "rank pt loss", "", "reason"]) {
    const th = document.createElement("th"); th.textContent = c; hr.appendChild(th);
  }
  for (const e of rep.games) {
    const tr = t.insertRow(), g = e.game;
    tr.className = e.status;
    cell(tr, (e.file || e.log_id) + (e.game_in_file ? " game " + e.game_in_file : ""), true); cell(tr, e.status, true);
    if (e.status === "ok") {
      cell(tr, e.seat); cell(tr, e.player, true); cell(tr, g.decisions); cell(tr, (100 * g.agreement).toFixed(1));
      cell(tr, g.rank_loss.toFixed(3)); cell(tr, g.decisions ? (g.rank_loss / g.decisions).toFixed(4) : "-"); cell(tr, e.players === 3 ? "-" : g.points_loss.toFixed(1));
      const td = tr.insertCell(), f = picked.find(x => x.name === e.file);
      if (f) { const a = document.createElement("button"); a.textContent = "page"; a.onclick = () => gamePage(f, e); td.appendChild(a); }
      cell(tr, "", true);
    } else {
      for (let i = 0; i < 8; i++) cell(tr, "");
      cell(tr, e.reason || "", true);
    }
  }
  out.appendChild(t);
  const h2 = document.createElement("h3"); h2.textContent = "The player" + (rep.player.name ? ": " + rep.player.name : ""); out.appendChild(h2);
  const f = figures(rep.player); f.id = "player"; out.appendChild(f);
}
async function gamePage(file, e) {
  const q = new URLSearchParams({format: "html", seat: String(e.seat), sims: String(e.sims_per_decision), seed: String(e.seed)});
  if (e.game_in_file) q.set("game", String(e.game_in_file));
  if ($("rounds").value !== "") q.set("rounds", $("rounds").value);
  $("jobstatus").textContent = "reviewing " + file.name + " for its page...";
  const r = await fetch("/v1/review?" + q, {method: "POST", headers: {"Content-Type": "application/octet-stream"}, body: file});
  const text = await r.text();
  $("jobstatus").textContent = "";
  if (!r.ok) { $("err").textContent = errorOf(text); return; }
  let fr = $("gamepage");
  if (!fr) { fr = document.createElement("iframe"); fr.id = "gamepage"; $("out").appendChild(fr); }
  fr.srcdoc = text; fr.scrollIntoView();
}
const m = /^#job=([A-Za-z0-9_-]+\.[0-9a-f]{32})$/.exec(location.hash); // REPLICA.HEX, as the server names jobs
if (m) follow(m[1]);
` + positionScript + `</script>
</body></html>
`
