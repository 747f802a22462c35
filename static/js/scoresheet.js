/* Keep score at a drive table: a hand of Forty-Fives has five tricks between the two
   pairs, so tapping one pair's tricks fills in the other's (5 - n), and a hand takes
   three taps: one pair's tricks, the best trump, Enter.

   The form says how many tricks a hand has (data-tricks-total); each pair's row of taps
   is a fieldset with data-tricks. A row the scorer tapped is theirs: it is never changed
   for them, so a slip can still be put right tap by tap. Kept out of the HTML so the
   Content-Security-Policy can refuse every inline script. */
(function () {
  "use strict";

  document.addEventListener("change", function (event) {
    var input = event.target;
    if (!input.closest || input.type !== "radio") return;
    var row = input.closest("fieldset[data-tricks]");
    var form = row && row.closest("form[data-tricks-total]");
    if (!form) return;
    row.dataset.tapped = "yes";
    var rows = form.querySelectorAll("fieldset[data-tricks]");
    if (rows.length !== 2) return;
    var other = rows[0] === row ? rows[1] : rows[0];
    if (other.dataset.tapped === "yes") return;
    var rest = Number(form.dataset.tricksTotal) - Number(input.value);
    var match = other.querySelector("input[type=radio][value='" + rest + "']");
    if (match) match.checked = true;
  });
})();
