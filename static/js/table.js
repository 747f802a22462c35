/* The table page's send queue: a tap is kept on the device and resent with the
   same key until the front table answers (weak hall Wi-Fi, a tablet that
   sleeps). The key makes a resend harmless: it is counted once. */
(function () {
  "use strict";
  var QUEUE = "carddrive-table-queue";
  var RETRY_MS = 2000;
  var sending = false;

  function newKey() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes); // works on plain http, unlike randomUUID
    return Array.prototype.map.call(bytes, function (b) {
      return ("0" + b.toString(16)).slice(-2);
    }).join("");
  }
  function load() {
    try { return JSON.parse(localStorage.getItem(QUEUE) || "[]"); } catch (e) { return []; }
  }
  function save(queue) {
    try { localStorage.setItem(QUEUE, JSON.stringify(queue)); } catch (e) { /* private mode */ }
  }
  function csrf() {
    var meta = document.querySelector('meta[name="csrf-token"]');
    return meta ? meta.content : "";
  }
  // "Pair 7 won" on the button -> "pair 7 won": what the queued tap says, for the banner.
  function tapLabel(form, event) {
    var button = (event && event.submitter) || form.querySelector("button[type=submit], button");
    var text = (button ? button.textContent : "").replace(/[\u21b6\u2713]/g, "");
    text = text.replace(/\s+/g, " ").trim();
    return text ? text.charAt(0).toLowerCase() + text.slice(1) : "";
  }
  function showSending(on, label) {
    var banner = document.getElementById("sending");
    if (banner) {
      banner.hidden = !on;
      // Say which result is waiting: "Sending: pair 7 won", in the page's own language
      // (data-sending="... %s ..."): the script has no words of its own to translate.
      // The first text stays for an unlabelled tap.
      if (banner.dataset.plain === undefined) banner.dataset.plain = banner.textContent;
      var format = banner.dataset.sending;
      banner.textContent = on && label && format ? format.replace("%s", label) : banner.dataset.plain;
    }
    document.querySelectorAll("#table-panel button").forEach(function (b) { b.disabled = on; });
  }
  function swapPanel(html) {
    var panel = document.getElementById("table-panel");
    if (!panel) return;
    var holder = document.createElement("div");
    holder.innerHTML = html;
    var fresh = holder.querySelector("#table-panel");
    if (!fresh) return;
    panel.replaceWith(fresh);
    if (window.htmx) window.htmx.process(fresh);
  }

  // Polling pauses while a tap waits to be sent or a pair number is being typed.
  window.cardDriveBusy = function () {
    var typing = document.activeElement && document.activeElement.id === "confirmer";
    return sending || typing || load().length > 0;
  };

  function pump() {
    var queue = load();
    if (!queue.length) { sending = false; showSending(false); return; }
    sending = true;
    var item = queue[0];
    showSending(true, item.label);
    fetch(item.url, {
      method: "POST",
      body: item.body,
      credentials: "same-origin",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "X-CSRFToken": csrf(),
        "X-Requested-With": "fetch"
      }
    }).then(function (response) {
      if (response.status >= 500 || response.status === 0) throw new Error("server busy");
      return response.text().then(function (html) {
        var rest = load().filter(function (q) { return q.key !== item.key; });
        save(rest);
        swapPanel(html);
        pump();
      });
    }).catch(function () {
      setTimeout(pump, RETRY_MS);
    });
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches("form[data-queue]")) return;
    event.preventDefault();
    if (sending) return;
    var data = new URLSearchParams(new FormData(form));
    var key = newKey();
    data.set("key", key);
    var queue = load();
    queue.push({ url: form.action, body: data.toString(), key: key, label: tapLabel(form, event) });
    save(queue);
    pump();
  }, true);

  // A tap left unsent when the page was closed or reloaded goes now.
  document.addEventListener("DOMContentLoaded", pump);
  window.addEventListener("online", pump);
})();
