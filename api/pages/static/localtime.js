// Times are stored and sent in UTC (<time class="utc" datetime="...Z">); show each in the
// viewer's own time zone, keeping the UTC time in its title.
(function () {
  "use strict";
  var pad = function (n) { return (n < 10 ? "0" : "") + n; };
  var times = document.querySelectorAll("time.utc[datetime]");
  for (var i = 0; i < times.length; i++) {
    var d = new Date(times[i].getAttribute("datetime"));
    if (isNaN(d.getTime())) continue;
    times[i].textContent = d.getFullYear() + "-" + pad(d.getMonth() + 1) + "-" + pad(d.getDate()) +
      " " + pad(d.getHours()) + ":" + pad(d.getMinutes());
  }
}());
