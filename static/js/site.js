/* The small behaviours the pages need, kept out of the HTML so the
   Content-Security-Policy can refuse every inline script and eval:
   - a form with data-ask asks before it is sent ("Give table 4 a new link?");
   - a button with data-print prints the page;
   - a field with data-select-on-focus selects its text (a new API key to copy);
   - an element with data-poll-when-idle skips its poll while another request is
     on its way or the page says it is busy (window.cardDriveBusy, the table page);
   - a 304 "not modified" answer to a poll never blanks what it would replace. */
(function () {
  "use strict";

  document.addEventListener("submit", function (event) {
    var ask = event.target.dataset && event.target.dataset.ask;
    if (ask && !window.confirm(ask)) event.preventDefault();
  }, true);

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-print]");
    if (button) window.print();
  });

  document.addEventListener("focusin", function (event) {
    if (event.target.hasAttribute && event.target.hasAttribute("data-select-on-focus")) {
      event.target.select();
    }
  });

  document.addEventListener("htmx:confirm", function (event) {
    var elt = event.detail.elt;
    if (!elt.hasAttribute || !elt.hasAttribute("data-poll-when-idle")) return;
    var busy = (window.cardDriveBusy && window.cardDriveBusy()) ||
      document.querySelector(".htmx-request");
    if (busy) event.preventDefault();
  });

  document.addEventListener("htmx:beforeSwap", function (event) {
    if (event.detail.xhr && event.detail.xhr.status === 304) event.detail.shouldSwap = false;
  });
})();
