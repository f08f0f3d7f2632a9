// The review page's navigation: one stop (the overview, a decision, or a
// round without one) shown at a time, a round's start with its first stop
// and its end with its last; the round list, the previous/next buttons,
// the arrow keys and #d12 / #r3 links move between stops. Without script
// the page shows everything in order.
(function () {
  "use strict";
  var stops = Array.prototype.slice.call(document.querySelectorAll(".stop"));
  var prev = document.getElementById("prev"), next = document.getElementById("next");
  var pos = document.getElementById("pos"), all = document.getElementById("all");
  var rounds = document.querySelector("nav .rounds");
  if (!stops.length || !prev || !next) return;
  var body = document.body, cur = -1;
  body.classList.add("js", "one");

  // roundOf returns the round section of a stop (the overview's own).
  function roundOf(el) { return el.closest("section.round") || el; }

  function find(id) {
    for (var i = 0; i < stops.length; i++) {
      if (stops[i].id === id || roundOf(stops[i]).id === id) return i;
    }
    return -1;
  }

  function land() {
    var el = stops[cur], navH = document.querySelector("nav").offsetHeight;
    if (!body.classList.contains("one")) el.scrollIntoView();
    else if (el.getBoundingClientRect().top < navH) window.scrollTo(0, 0);
  }

  function show(k, scroll) {
    k = Math.max(0, Math.min(stops.length - 1, k));
    if (cur >= 0) {
      stops[cur].classList.remove("on");
      roundOf(stops[cur]).classList.remove("on");
    }
    cur = k;
    var el = stops[k], sec = roundOf(el);
    el.classList.add("on");
    sec.classList.add("on");
    var mine = sec.querySelectorAll(".stop");
    sec.classList.toggle("at-first", mine[0] === el);
    sec.classList.toggle("at-last", mine[mine.length - 1] === el);
    rounds.querySelectorAll("a").forEach(function (a) {
      var on = a.getAttribute("href") === "#" + sec.id;
      a.classList.toggle("cur", on);
      if (on) rounds.scrollLeft = a.offsetLeft - rounds.offsetLeft - rounds.clientWidth / 3;
    });
    prev.disabled = k === 0;
    next.disabled = k === stops.length - 1;
    pos.textContent = el.getAttribute("data-pos");
    try { history.replaceState(null, "", "#" + el.id); } catch (e) { /* srcdoc frames have no history */ }
    if (scroll) land();
  }

  prev.addEventListener("click", function () { show(cur - 1, true); });
  next.addEventListener("click", function () { show(cur + 1, true); });
  all.addEventListener("click", function () {
    var one = body.classList.toggle("one");
    all.textContent = one ? "all" : "one";
    land();
  });
  document.addEventListener("click", function (e) {
    var a = e.target.closest && e.target.closest('a[href^="#"]');
    if (!a) return;
    var k = find(a.getAttribute("href").slice(1));
    if (k >= 0) {
      e.preventDefault();
      show(k, true);
    }
  });
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    var tag = e.target && e.target.tagName;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
    if (e.key === "ArrowRight") show(cur + 1, true);
    else if (e.key === "ArrowLeft") show(cur - 1, true);
    else return;
    e.preventDefault();
  });
  window.addEventListener("hashchange", function () {
    var k = find(location.hash.slice(1));
    if (k >= 0 && k !== cur) show(k, true);
  });
  var k = find(location.hash.slice(1));
  show(k >= 0 ? k : 0, false);
  // The browser's own jump to a #fragment, made with every stop shown,
  // lands anywhere: a stop starts the page.
  window.scrollTo(0, 0);
  window.addEventListener("load", function () { window.scrollTo(0, 0); });
})();
