// Optional: the deal form and "take back" post in place (fetch), and the new sheet replaces the
// old one without a full page load. Without JavaScript the same forms post and redirect.
// A deal that cannot go now is handed to offline.js's queue (window.euchreQueue).
(function () {
  "use strict";
  function focusEntry(root) {
    var summary = root.querySelector("#error-summary");
    if (summary) { summary.focus(); return; }
    // a deal stored with a warning (a points-only deal no deal can score): the warning, at the
    // top, is read before the next deal is tapped
    var warning = document.querySelector("#messages .flash-warning");
    if (warning) { warning.setAttribute("tabindex", "-1"); warning.focus(); return; }
    var first = root.querySelector('#deal-form input[name="maker"]');
    if (first) first.focus({ preventScroll: true });
  }
  function swap(html) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var fresh = doc.getElementById("sitting");
    var old = document.getElementById("sitting");
    if (!fresh || !old) return false;
    old.replaceWith(fresh);
    var msgs = doc.getElementById("messages"), here = document.getElementById("messages");
    if (msgs && here) here.innerHTML = msgs.innerHTML;
    document.title = doc.title;
    bind(fresh);
    if (window.euchreQueue) window.euchreQueue.bound(fresh);
    focusEntry(fresh);
    return true;
  }
  window.euchreSwap = swap;   // offline.js refreshes the sheet after sending its queue
  // "Points only" as the maker unfolds the points fields it needs
  function pointsOnly(root) {
    var box = root.querySelector("#points-only");
    if (!box) return;
    root.querySelectorAll('#deal-form input[name="maker"]').forEach(function (input) {
      input.addEventListener("change", function () { if (input.value === "points" && input.checked) box.open = true; });
    });
  }
  function bind(root) {
    pointsOnly(root);
    root.querySelectorAll("form[data-live]").forEach(function (form) {
      form.addEventListener("submit", function (ev) {
        ev.preventDefault();
        // without the connection (or behind deals still waiting) a deal goes to the queue
        var queue = window.euchreQueue;
        if (queue && queue.wants(form) && queue.take(form)) return;
        var button = form.querySelector('button[type="submit"]');
        if (button) button.disabled = true;
        fetch(form.action, { method: "POST", body: new FormData(form), credentials: "same-origin" })
          .then(function (resp) { return resp.text().then(function (t) { return [resp, t]; }); })
          .then(function (pair) {
            if (!swap(pair[1])) { form.removeAttribute("data-live"); form.submit(); return; }
            // a saved deal redirects to the sitting: the address bar follows, so a reload after
            // changing deal 3 shows the next deal to enter, not deal 3's form again
            if (pair[0].redirected && pair[0].url) window.history.replaceState(null, "", pair[0].url);
          })
          .catch(function () {
            // the connection dropped on the way: the deal is kept and sent again with its id
            // (a resend of a deal that did arrive is answered as a duplicate)
            if (queue && queue.take(form)) return;
            if (queue && !navigator.onLine) {   // taking back a deal waits for the connection
              queue.say("Taking back a deal needs the connection: try again when it returns.");
              if (button) button.disabled = false;
              return;
            }
            form.removeAttribute("data-live"); form.submit();
          });
      });
    });
  }
  // the sticky scoreboard's height, for pages.css's scroll padding: a jump to #entry or to a
  // deal of the sheet lands below the scoreboard, not under it (the CSS has a fallback)
  function measure() {
    var board = document.getElementById("scoreboard");
    if (board) document.documentElement.style.setProperty("--sticky-height", board.offsetHeight + "px");
  }
  var root = document.getElementById("sitting");
  if (root) {
    bind(root);
    measure();
    window.addEventListener("resize", measure);
    new MutationObserver(measure).observe(root.parentNode, { childList: true });   // swap()
  }
})();
