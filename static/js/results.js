/* The result screen: keep a table's heading clear of the sticky bar, bring the table a
   link or a correction points at into view, and let the "what changed" toast go after
   10 seconds. Everything here is comfort: the screen works without it. */
(function () {
  "use strict";
  var TOAST_MS = 10000;
  var timer = null;

  function barHeight() {
    var bar = document.getElementById("count");
    if (bar) {
      document.documentElement.style.setProperty("--bar-h", bar.offsetHeight + "px");
    }
  }
  function showTable(hash) {
    var m = /^#table-(\d+)$/.exec(hash || "");
    var tile = m && document.getElementById("table-" + m[1]);
    if (!tile) return;
    tile.scrollIntoView({ block: "start" });
    tile.classList.add("just-changed");
    setTimeout(function () { tile.classList.remove("just-changed"); }, TOAST_MS);
  }
  function toast() {
    var region = document.getElementById("announce");
    if (!region || !region.textContent.trim()) return;
    region.hidden = false;
    clearTimeout(timer);
    timer = setTimeout(function () { region.hidden = true; }, TOAST_MS);
  }

  document.addEventListener("DOMContentLoaded", function () {
    barHeight();
    showTable(window.location.hash);
    toast();
  });
  window.addEventListener("resize", barHeight);
  window.addEventListener("hashchange", function () { barHeight(); });
  document.addEventListener("htmx:afterSettle", function () { barHeight(); });
  document.addEventListener("htmx:oobAfterSwap", function (event) {
    if (event.detail && event.detail.target && event.detail.target.id === "announce") toast();
  });
})();
