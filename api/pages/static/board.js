// The board refreshes itself: every few seconds it asks for its live part with If-None-Match and
// swaps it in when the server answers 200 (304: nothing changed). Without JavaScript the page's
// <meta refresh> (in <noscript>) reloads it instead. Once the event is closed the live part says
// so (data-final on #board-live, "these standings are final") and the polling stops: nothing on a
// closed event's board changes.
(function () {
  "use strict";
  var root = document.getElementById("board");
  if (!root || !window.fetch) return;
  var seconds = parseInt(root.getAttribute("data-poll"), 10) || 5;
  var version = root.getAttribute("data-version");
  function final() {
    var live = document.getElementById("board-live");
    return !!(live && live.hasAttribute("data-final"));
  }
  function poll() {
    var url = window.location.pathname + "?part=live";
    fetch(url, { headers: { "If-None-Match": '"' + version + '"' }, cache: "no-store" })
      .then(function (resp) {
        if (resp.status !== 200) return null;
        var tag = (resp.headers.get("ETag") || "").replace(/^W\//, "").replace(/"/g, "");
        return resp.text().then(function (html) { return { tag: tag, html: html }; });
      })
      .then(function (got) {
        if (!got) return;
        var doc = new DOMParser().parseFromString(got.html, "text/html");
        var fresh = doc.getElementById("board-live");
        var old = document.getElementById("board-live");
        if (fresh && old) {
          old.replaceWith(fresh);
          version = got.tag || version;
          root.setAttribute("data-version", version);
        }
      })
      .catch(function () { /* offline for a moment: try again at the next tick */ })
      .then(function () { if (!final()) window.setTimeout(poll, seconds * 1000); });
  }
  if (!final()) window.setTimeout(poll, seconds * 1000);
}());
