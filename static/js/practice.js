/* The practice table's taps, kept out of the HTML for the Content-Security-Policy.
   A card is played with two taps: the first chooses it (it rises), the second plays
   it. A card that cannot be played says why instead. Without this file each card
   is a plain submit button and the server answers a refused card with its reason.
   A busy answer (503) aimed at the flash region is shown there too. */
(function () {
  "use strict";

  function say(text) {
    var box = document.getElementById("reason");
    if (box) box.textContent = text;
  }

  document.addEventListener("click", function (event) {
    var card = event.target.closest && event.target.closest("button.playcard");
    if (!card) return;
    var chosen = document.querySelectorAll("button.playcard.chosen");
    if (card.dataset.reason) {
      event.preventDefault();
      chosen.forEach(function (c) { c.classList.remove("chosen"); });
      say(card.dataset.reason);
      return;
    }
    if (!card.classList.contains("chosen")) {
      event.preventDefault();
      chosen.forEach(function (c) { c.classList.remove("chosen"); });
      card.classList.add("chosen");
      say("");
    }
  });

  // "The computer players are busy" is a 503 aimed at the flash region (HX-Retarget):
  // show it, though htmx swaps no 5xx answer by itself (base.html's htmx-config).
  document.addEventListener("htmx:beforeSwap", function (event) {
    var xhr = event.detail.xhr;
    if (xhr && xhr.status === 503 && xhr.getResponseHeader("HX-Retarget")) {
      event.detail.shouldSwap = true;
      event.detail.isError = false;
    }
  });

  // The table is on screen before the deferred scripts run: until htmx has bound the
  // forms (at DOMContentLoaded, just before this) a tap is a plain form post. Say when
  // the taps work, for the browser tests to wait for.
  function ready() { document.documentElement.dataset.taps = "ready"; }
  if (document.readyState === "complete") ready();
  else document.addEventListener("DOMContentLoaded", ready);
})();
