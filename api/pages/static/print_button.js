// A page's "Print" button (data-print): shown only where this script runs, it opens the
// browser's print dialog. Without JavaScript the browser's own Print command does the same.
(function () {
  "use strict";
  document.querySelectorAll("button[data-print]").forEach(function (b) {
    b.hidden = false;
    b.addEventListener("click", function () { window.print(); });
  });
})();
