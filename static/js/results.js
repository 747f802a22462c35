/* The result screen: keep a table's heading clear of the sticky bar, bring the table a
   link or a correction points at into view, let the "what changed" toast go after
   10 seconds, and on a phone fold the bar's strip of table numbers until "Tables" is
   tapped. Everything here is comfort: the screen works without it (the strip then
   stays open). */
(function () {
  "use strict";
  // Once a page: listeners added twice would open and close the strip with one tap.
  if (window.cardDriveResults) return;
  window.cardDriveResults = true;
  var TOAST_MS = 10000;
  var timer = null;
  var root = document.documentElement;
  // The bar is re-rendered by every tap and poll: whether the strip is open is kept on
  // the page (the <html> element), and each new bar's button is told so.
  var PHONE = window.matchMedia("(max-width: 600px)");

  function barHeight() {
    var bar = document.getElementById("count");
    if (bar) {
      root.style.setProperty("--bar-h", bar.offsetHeight + "px");
    }
  }
  function syncToggle() {
    var button = document.querySelector("#count .strip-toggle");
    if (button) {
      button.setAttribute("aria-expanded", root.classList.contains("strip-open") ? "true" : "false");
    }
  }
  function setOpen(open) {
    root.classList.toggle("strip-open", open);
    syncToggle();
    barHeight();
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

  root.classList.add("strip-fold");
  document.addEventListener("click", function (event) {
    var target = event.target;
    if (!(target instanceof Element)) return;
    if (target.closest("#count .strip-toggle")) {
      setOpen(!root.classList.contains("strip-open"));
    } else if (PHONE.matches && target.closest("#table-strip a")) {
      // The jump goes on (the link's own default), to a table below the folded bar.
      setOpen(false);
    }
  });
  document.addEventListener("DOMContentLoaded", function () {
    syncToggle();
    barHeight();
    showTable(window.location.hash);
    toast();
  });
  window.addEventListener("resize", barHeight);
  window.addEventListener("hashchange", function () { barHeight(); });
  document.addEventListener("htmx:afterSettle", function () { syncToggle(); barHeight(); });
  document.addEventListener("htmx:oobAfterSwap", function (event) {
    syncToggle();
    if (event.detail && event.detail.target && event.detail.target.id === "announce") toast();
  });
})();
