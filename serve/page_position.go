package serve

// The page's "position by hand" section (part of pageHTML): a person
// picks where tiles go (the hand, the draw, the dora indicators, a seat's
// river or melds), clicks tiles of the palette into it, and reads the
// text form the page will send as the `mjrank analyze` command line. The
// page refuses a fifth copy of a tile (or a second red five) as it is
// clicked; everything else is the server's to judge, whose error it
// shows. With three players (Tenhou's sanma) the page offers three seats
// and each seat's kitas, and refuses 2m to 8m as it refuses a fifth
// copy; a fourth seat's tiles placed before the switch stay shown, and
// are sent, so that the server's refusal says what is wrong. Tiles are
// drawn with CSS and text: nothing is fetched.

// positionStyle is the section's CSS.
const positionStyle = `
.tile{box-sizing:border-box;width:1.75em;height:2.4em;margin:.1em;padding:0;border:1px solid #998;border-radius:.25em;
 background:#fffdf6;font:bold 1em/1 sans-serif;display:inline-flex;flex-direction:column;align-items:center;justify-content:center;
 vertical-align:middle;cursor:pointer;color:#222}
.tile small{font-size:.6em;font-weight:normal}.tile.sm{color:#a22}.tile.sp{color:#135}.tile.ss{color:#161}
.tile.red{background:#fde3e3}.tile.used{opacity:.3}.tile.ts{opacity:.55}.tile.rc{transform:rotate(-90deg);margin:0 .4em}
.tile.cl{outline:2px dashed #b60;outline-offset:-3px}
#palette div{display:flex;flex-wrap:wrap}.zone{display:flex;flex-wrap:wrap;align-items:center;margin:.2em 0;min-height:2.7em}
.zone .tiles{display:flex;flex-wrap:wrap;align-items:center}
.tgt{min-width:8.5em;margin-right:.4em;text-align:left;background:#f4f4f4;border:1px solid #999;border-radius:.3em;padding:.3em .5em}
.tgt[aria-pressed=true]{background:#cec;border-color:#070;font-weight:bold}
.meld{display:inline-flex;border:1px solid #aaa;border-radius:.3em;padding:0 .1em;margin-right:.3em}.meld.open{border-style:dashed}
#pcli{white-space:pre-wrap;word-break:break-all;background:#f4f4f4;padding:.4em}#pmsg{color:#b00}
.scroll{overflow-x:auto;max-width:100%}tr.why td{color:#333;font-style:italic;border-top:none}
.scores input,#pkitas input{width:5.5em}#bypos [hidden]{display:none}
`

// positionSection is the section's HTML; the script builds the palette
// and the zones.
const positionSection = `
<section id="bypos"><h2 id="position">A position by hand</h2>
<p>Pick where tiles go (the buttons on the left), then click tiles into it; click a placed tile to take it back
(a meld's tile takes the meld back). A river tile gets the marks ticked when it is placed. A meld's called tile
goes first, a kakan's added tile last. Riichi is the riichi-marked river tile. A hand of 14 tiles and no draw has its last
tile in order as the draw: give the draw to say which. Sims, seed and utility: the options above.</p>
<p><label>players <select id="pplayers"><option value="4">4</option><option value="3">3 (sanma)</option></select></label>
<span id="pkitas" hidden>kitas (Norths set aside) by seat
<input type="number" id="pk0" min="0" max="4" aria-label="seat 0's kitas" placeholder="0"/>
<input type="number" id="pk1" min="0" max="4" aria-label="seat 1's kitas" placeholder="0"/>
<input type="number" id="pk2" min="0" max="4" aria-label="seat 2's kitas" placeholder="0"/></span></p>
<div id="palette" role="group" aria-label="tiles to place"></div>
<p>
<label><input type="checkbox" id="mts"/> tsumogiri (_)</label>
<label><input type="checkbox" id="mri"/> riichi (*)</label>
<label>called by <select id="mcall"><option value="">nobody</option><option value="-">the next seat (-)</option>
<option value="=">the opposite seat (=)</option><option value="+">the previous seat (+)</option></select></label>
<label>meld <select id="mkind"><option value="chi">chi</option><option value="pon" selected="selected">pon</option>
<option value="kan">kan (open)</option><option value="kakan">kakan</option><option value="ankan">ankan</option></select></label>
</p>
<div id="zones" role="group" aria-label="where tiles go"></div>
<p>
<label>round <select id="pround"></select></label>
<label>honba <input type="number" id="phonba" min="0" placeholder="0"/></label>
<label>sticks <input type="number" id="psticks" min="0" placeholder="this round's"/></label>
<label>deciding <select id="pseat"></select></label>
</p>
<p class="scores">scores now by seat
<input type="number" id="ps0" aria-label="seat 0's score" placeholder="25000"/>
<input type="number" id="ps1" aria-label="seat 1's score" placeholder="25000"/>
<input type="number" id="ps2" aria-label="seat 2's score" placeholder="25000"/>
<input type="number" id="ps3" aria-label="seat 3's score" placeholder="25000"/></p>
<p>The same position on the command line:</p>
<pre id="pcli"></pre>
<p><button id="panalyze">Analyze position</button> <button id="pclear">Clear</button> <span id="pstatus"></span>
<span id="pmsg" role="status"></span></p></section>
`

// positionScript is the section's script; it runs after the page's, whose
// $, num, opts, call and showAnalysis it uses.
const positionScript = `
const PT = {hand: [], draw: [], dora: [], river: [[], [], [], []], meld: [[], [], [], []]};
const ZONES = ["hand", "draw", "dora", "river0", "river1", "river2", "river3", "meld0", "meld1", "meld2", "meld3"];
const HONORS = "東南西北白發中", WINDS = "ESWN", MELD_SIZE = {chi: 3, pon: 3, kan: 4, kakan: 4, ankan: 4};
let ptarget = "hand", pmeld = null; // pmeld: the meld being clicked in, {seat, kind, tiles}
const plain = t => t[0] === "0" ? "5" + t[1] : t; // the kind of a tile ("0m" is a 5m)
const rank = t => "mpsz".indexOf(t[1]) * 10 + (t[0] === "0" ? 5.5 : Number(t[0]));
const seatOf = id => Number(id.slice(-1));
const three = () => $("pplayers").value === "3";
const seatCount = () => three() ? 3 : 4;
const kitas = () => [0, 1, 2].map(s => three() ? Number($("pk" + s).value) || 0 : 0);
const notSanma = t => t[1] === "m" && t[0] !== "1" && t[0] !== "9"; // 2m to 8m and the red 5m
function tileName(t) {
  if (t[1] === "z") return HONORS[t[0] - 1] + " (" + t + ")";
  return (t[0] === "0" ? "red 5" + t[1] + " (0" + t[1] + ")" : t);
}
function drawTile(el, t) {
  el.className = "tile s" + t[1] + (t[0] === "0" ? " red" : "");
  const b = document.createElement("b"), s = document.createElement("small");
  b.textContent = t[1] === "z" ? HONORS[t[0] - 1] : (t[0] === "0" ? "5" : t[0]);
  s.textContent = t[1] === "z" ? "" : t[1];
  el.append(b, s);
  el.setAttribute("aria-label", tileName(t)); el.title = t;
  return el;
}
function tileButton(t, onclick) {
  const el = drawTile(document.createElement("button"), t);
  el.dataset.tile = t; el.onclick = onclick;
  return el;
}
// counted lists the tiles the server counts: a called tile once, in its river.
function counted() {
  const out = [...PT.hand, ...PT.draw, ...PT.dora];
  for (const r of PT.river) for (const d of r) out.push(d.t);
  for (const m of PT.meld.flat().concat(pmeld ? [pmeld] : [])) out.push(...(m.kind === "ankan" ? m.tiles : m.tiles.slice(1)));
  for (const k of kitas()) for (let i = 0; i < k; i++) out.push("4z");
  return out;
}
function refusal(t) {
  if (three() && notSanma(t)) return "no " + plain(t) + " in a 3-player game: its 108 tiles have no 2m to 8m";
  const all = counted();
  if (all.filter(x => plain(x) === plain(t)).length >= 4) return "no fifth " + plain(t) + ": there are four of each tile";
  if (t[0] === "0" && all.includes(t)) return "no second red five " + t + ": there is one of each suit";
  return "";
}
function takeMarks() {
  const m = ($("mts").checked ? "_" : "") + ($("mri").checked ? "*" : "") + $("mcall").value;
  $("mts").checked = false; $("mri").checked = false; $("mcall").value = "";
  return m;
}
function addToMeld(seat, t) {
  const kind = $("mkind").value;
  if (!pmeld || pmeld.seat !== seat || pmeld.kind !== kind) pmeld = {seat, kind, tiles: []};
  pmeld.tiles.push(t);
  if (pmeld.tiles.length === MELD_SIZE[kind]) { PT.meld[seat].push(pmeld); pmeld = null; }
}
function place(t) {
  const why = refusal(t);
  $("pmsg").textContent = why;
  if (why) return;
  const zone = ptarget.replace(/\d$/, "");
  if (zone === "hand" || zone === "dora") PT[zone].push(t);
  else if (zone === "draw") PT.draw = [t];
  else if (zone === "river") PT.river[seatOf(ptarget)].push({t, marks: takeMarks()});
  else addToMeld(seatOf(ptarget), t);
  render();
}
function notation(tiles) { // tenhou notation, a suit letter closing each run of one suit
  return tiles.map((t, i) => t[0] + (i === tiles.length - 1 || tiles[i + 1][1] !== t[1] ? t[1] : "")).join("");
}
const sorted = tiles => tiles.slice().sort((a, b) => rank(a) - rank(b));
const meldText = m => m.kind + "=" + notation(m.tiles);
function roundText() {
  const h = $("phonba").value;
  return $("pround").value + (h !== "" && h !== "0" ? "-" + h : "");
}
function positionBody() {
  const p = {hand: notation(sorted(PT.hand)), dora: PT.dora.join(","), round: roundText()};
  if (PT.draw.length) p.draw = PT.draw[0];
  const who = $("pseat").value;
  if (who[0] === "s") p.seat = Number(who.slice(1)); else p.wind = who.slice(1);
  if (three()) {
    p.players = 3;
    if (kitas().some(k => k > 0)) p.kita = [0, 1, 2].map(s => $("pk" + s).value || "0").join(",");
  }
  const scores = [0, 1, 2, 3].slice(0, seatCount()).map(s => $("ps" + s).value);
  if (scores.some(v => v !== "")) p.scores = scores.join(",");
  if ($("psticks").value !== "") p.sticks = Number($("psticks").value);
  const rivers = [0, 1, 2, 3].filter(s => PT.river[s].length).map(s => s + ":" + PT.river[s].map(d => d.t + d.marks).join(""));
  const melds = [0, 1, 2, 3].filter(s => PT.meld[s].length).map(s => s + ":" + PT.meld[s].map(meldText).join(","));
  if (rivers.length) p.rivers = rivers;
  if (melds.length) p.melds = melds;
  return p;
}
const shq = s => /^[\w,.:=@+\/-]+$/.test(s) ? s : "'" + s.replace(/'/g, "'\\''") + "'";
function commandLine(p) {
  const a = ["mjrank analyze --hand " + shq(p.hand)];
  if (p.draw) a.push("--draw " + p.draw);
  a.push("--dora " + shq(p.dora), "--round " + shq(p.round), p.seat !== undefined ? "--seat " + p.seat : "--wind " + p.wind);
  if (p.scores) a.push("--scores " + shq(p.scores));
  if (p.sticks !== undefined) a.push("--sticks " + p.sticks);
  for (const r of p.rivers || []) a.push("--river " + shq(r));
  for (const m of p.melds || []) a.push("--melds " + shq(m));
  if (p.players) a.push("--players " + p.players);
  if (p.kita) a.push("--kita " + shq(p.kita));
  for (const k of ["sims", "seed"]) if (num(k) !== undefined) a.push("--" + k + " " + num(k));
  if ($("utility").value === "points") a.push("--utility points");
  return a.join(" ");
}
function zoneLabel(id) {
  const n = seatCount(), dealer = Number($("pround").value[1]) - 1; // the dealer of a wind's N-th hand is seat N-1
  const wind = s => s < n ? WINDS[(s - dealer + n) % n] : "no seat";
  if (id.startsWith("river")) return "river " + seatOf(id) + " (" + wind(seatOf(id)) + ")";
  if (id.startsWith("meld")) return "melds " + seatOf(id) + " (" + wind(seatOf(id)) + ")";
  return id === "dora" ? "dora indicators" : id;
}
function riverTile(d, i, r) {
  const el = tileButton(d.t, () => { r.splice(i, 1); render(); });
  if (d.marks.includes("_")) el.classList.add("ts");
  if (d.marks.includes("*")) el.classList.add("rc");
  if (/[-=+]/.test(d.marks)) el.classList.add("cl");
  el.setAttribute("aria-label", tileName(d.t) + (d.marks ? " marked " + d.marks : ""));
  return el;
}
function meldGroup(m, take) {
  const g = document.createElement("span");
  g.className = "meld" + (m === pmeld ? " open" : ""); g.title = meldText(m);
  for (const t of m.tiles) g.appendChild(tileButton(t, take));
  return g;
}
function zoneTiles(id) {
  const list = PT[id] || [];
  if (id === "hand") return sorted(PT.hand).map(t => tileButton(t, () => { PT.hand.splice(PT.hand.indexOf(t), 1); render(); }));
  if (id === "draw" || id === "dora") return list.map((t, i) => tileButton(t, () => { list.splice(i, 1); render(); }));
  const s = seatOf(id);
  if (id.startsWith("river")) return PT.river[s].map((d, i) => riverTile(d, i, PT.river[s]));
  const ms = PT.meld[s].map((m, i) => meldGroup(m, () => { PT.meld[s].splice(i, 1); render(); }));
  if (pmeld && pmeld.seat === s) ms.push(meldGroup(pmeld, () => { pmeld = null; render(); }));
  return ms;
}
// seatTiles tells whether seat s has a river tile or a meld placed.
const seatTiles = s => PT.river[s].length > 0 || PT.meld[s].length > 0 || (pmeld !== null && pmeld.seat === s);
function render() {
  for (const id of ZONES) {
    const b = $("g-" + id);
    b.textContent = zoneLabel(id); b.setAttribute("aria-pressed", String(id === ptarget));
    $("t-" + id).replaceChildren(...zoneTiles(id));
    // a fourth seat's zones with three players only while they hold tiles to take back
    b.parentElement.hidden = three() && /[a-z]3$/.test(id) && !seatTiles(3);
  }
  $("pkitas").hidden = !three(); $("ps3").hidden = three();
  for (const el of $("palette").querySelectorAll("button")) {
    const out = refusal(el.dataset.tile) !== "";
    el.classList.toggle("used", out); el.setAttribute("aria-disabled", String(out));
  }
  $("pcli").textContent = commandLine(positionBody());
}
function buildPosition() {
  for (const s of "mps") {
    const row = document.createElement("div");
    for (const d of "1234506789") row.appendChild(tileButton(d + s, () => place(d + s)));
    $("palette").appendChild(row);
  }
  const hon = document.createElement("div");
  for (const d of "1234567") hon.appendChild(tileButton(d + "z", () => place(d + "z")));
  $("palette").appendChild(hon);
  for (const id of ZONES) {
    const row = document.createElement("div"), b = document.createElement("button"), box = document.createElement("span");
    row.className = "zone"; b.className = "tgt"; b.id = "g-" + id; box.className = "tiles"; box.id = "t-" + id;
    b.onclick = () => { ptarget = id; pmeld = null; render(); };
    row.append(b, box); $("zones").appendChild(row);
  }
  seatOptions();
  for (const id of ["pround", "phonba", "psticks", "pseat", "ps0", "ps1", "ps2", "ps3", "pk0", "pk1", "pk2", "sims", "seed", "utility"]) {
    $(id).addEventListener("input", render); $(id).addEventListener("change", render);
  }
  $("mkind").onchange = () => { pmeld = null; render(); };
  $("pplayers").onchange = () => { seatOptions(); render(); };
  render();
}
// seatOptions fills the rounds and the deciding seats of the table's
// players, keeping the choices that remain, and offers no chi and no call
// by the opposite seat with three players.
function seatOptions() {
  const n = seatCount(), round = $("pround").value, seat = $("pseat").value;
  $("pround").replaceChildren(); $("pseat").replaceChildren();
  for (const w of "ESW") for (let i = 1; i <= n; i++) $("pround").add(new Option(w + i));
  for (let s = 0; s < n; s++) $("pseat").add(new Option("seat " + s, "s" + s));
  for (const w of WINDS.slice(0, n)) $("pseat").add(new Option("wind " + w, "w" + w));
  for (const [el, v] of [[$("pround"), round], [$("pseat"), seat]]) if ([...el.options].some(o => o.value === v)) el.value = v;
  for (const [sel, v] of [["mkind", "chi"], ["mcall", "="]]) {
    const o = [...$(sel).options].find(o => o.value === v);
    o.disabled = o.hidden = n === 3;
    if (n === 3 && $(sel).value === v) $(sel).value = sel === "mkind" ? "pon" : "";
  }
  pmeld = null;
}
$("panalyze").onclick = async () => {
  $("pmsg").textContent = pmeld ? "the " + pmeld.kind + " of seat " + pmeld.seat + " has " + pmeld.tiles.length + " of its " +
    MELD_SIZE[pmeld.kind] + " tiles: finish it or take it back" : "";
  if (pmeld) return;
  const r = await call("/v1/analyze", opts({position: positionBody(), utility: $("utility").value}), "pstatus");
  if (r) showAnalysis(r);
};
$("pclear").onclick = () => {
  for (const k of ["hand", "draw", "dora"]) PT[k] = [];
  PT.river = [[], [], [], []]; PT.meld = [[], [], [], []]; pmeld = null;
  for (const s of [0, 1, 2]) $("pk" + s).value = "";
  render();
};
buildPosition();
`
