// The table link's secret is in the URL's fragment (#eut_...), which browsers never send to the
// server: this script takes it out of the address bar and posts it once, so the server can
// answer with the table's session and send the scorer on to the sitting (api/pages/table_cards.py).
// It runs on the join page and on a dead link's page, at load and when only the fragment changes:
// a phone still showing /web/table that opens the next round's link does not reload the page.
// A posted code always switches this browser to the new link's sitting (the old one ended).
(function () {
  "use strict";
  function join() {
    var hash = window.location.hash.slice(1);
    if (hash.indexOf("eut_") !== 0) {
      // no new link: a browser holding a sitting goes on to it (the server cannot redirect, as
      // its redirect would drop a new link's fragment)
      var current = document.getElementById("current-sitting");
      if (current && current.getAttribute("data-sitting")) {
        window.location.replace(current.getAttribute("data-sitting"));
      }
      return;
    }
    var form = document.getElementById("table-join");
    var code = document.getElementById("code");
    if (!form || !code) { return; }
    code.value = decodeURIComponent(hash);
    if (window.history && window.history.replaceState) {
      window.history.replaceState(null, "", window.location.pathname);
    }
    form.submit();
  }
  window.addEventListener("hashchange", join);
  join();
}());
