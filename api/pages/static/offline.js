// Entry that survives the connection (docs/PAGES.md, "Entry without the connection").
// A deal added while the connection is down (or while earlier deals still wait) is kept in the
// browser (IndexedDB; localStorage where there is none) with an id made here, and sent when the
// connection returns, or by itself after a send that failed while online (1 s, 2, 4 … 30 s): in
// order, one at a time, each over the revision the one before it made, so a clash with another
// phone is found (both versions shown) and a resend is answered by the server as a duplicate,
// never stored twice. A deal the server refuses stays here with its problems. The service worker
// (/sw.js) keeps the page for a reload without the connection.
(function () {
  "use strict";
  var root = document.getElementById("sitting");
  var banner = document.getElementById("offline-banner");
  if (!root || !banner) return;
  var DRAFT = root.dataset.draft;
  var panel = document.getElementById("offline-problem");
  var note = document.getElementById("offline-note");
  // the seats in order from the form's dealer choices (N E S W, or 0 .. n-1 at a table of n)
  function seats() {
    var found = Array.prototype.map.call(
      document.querySelectorAll('#deal-form input[name="dealer"]'), function (i) { return i.value; });
    return found.length ? found : ["N", "E", "S", "W"];
  }
  function leftOf(seat) { var s = seats(); return s[(s.indexOf(seat) + 1) % s.length]; }
  var SUITS = { S: "♠ spades", H: "♥ hearts", D: "♦ diamonds", C: "♣ clubs" };
  var draining = false, again = false, lastSent = null, batch = 0, editing = null;
  // a send that failed while the browser says it is online (Wi-Fi up, the server out of reach;
  // an answer lost on the way back; a server error) is tried again by itself: after 1 s, then
  // 2, 4, 8, 16 and every 30 s, until one goes through or the browser goes offline
  var retryTimer = null, failures = 0, RETRY_MS = [1000, 2000, 4000, 8000, 16000, 30000];
  function retryLater() {
    if (retryTimer !== null || !navigator.onLine) return;
    var wait = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)];
    failures += 1;
    retryTimer = setTimeout(function () { retryTimer = null; drain(); }, wait);
  }

  // ---- the ids: crypto.randomUUID where the browser has it (secure contexts), else the same
  // 122 random bits from crypto.getRandomValues (which every context has)
  function newId() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    var b = crypto.getRandomValues(new Uint8Array(16));
    b[6] = (b[6] & 15) | 64; b[8] = (b[8] & 63) | 128;
    var h = Array.prototype.map.call(b, function (x) { return (x + 256).toString(16).slice(1); });
    return [h.slice(0, 4), h.slice(4, 6), h.slice(6, 8), h.slice(8, 10), h.slice(10)]
      .map(function (p) { return p.join(""); }).join("-");
  }

  // ---- the store: one object store of entries {seq, draft, id, fields, seen, number, state}
  var store = window.indexedDB ? idbStore() : localStore();
  function idbStore() {
    function open() {
      return new Promise(function (resolve, reject) {
        var req = indexedDB.open("euchre-offline", 1);
        req.onupgradeneeded = function () {
          req.result.createObjectStore("deals", { keyPath: "seq", autoIncrement: true });
        };
        req.onsuccess = function () { resolve(req.result); };
        req.onerror = function () { reject(req.error); };
      });
    }
    function run(mode, work) {
      return open().then(function (db) {
        return new Promise(function (resolve, reject) {
          var t = db.transaction("deals", mode), req = work(t.objectStore("deals"));
          t.oncomplete = function () { db.close(); resolve(req ? req.result : undefined); };
          t.onerror = t.onabort = function () { db.close(); reject(t.error); };
        });
      });
    }
    return {
      all: function () { return run("readonly", function (s) { return s.getAll(); }); },
      put: function (e) { return run("readwrite", function (s) { return s.put(e); }); },
      remove: function (seq) { return run("readwrite", function (s) { return s.delete(seq); }); }
    };
  }
  function localStore() {
    var KEY = "euchre-offline-deals";
    function read() { try { return JSON.parse(localStorage.getItem(KEY) || "[]"); } catch (e) { return []; } }
    function write(rows) { localStorage.setItem(KEY, JSON.stringify(rows)); }
    return {
      all: function () { return Promise.resolve(read()); },
      put: function (e) {
        var rows = read();
        if (e.seq === undefined) e.seq = rows.reduce(function (m, r) { return Math.max(m, r.seq); }, 0) + 1;
        write(rows.filter(function (r) { return r.seq !== e.seq; }).concat([e]));
        return Promise.resolve(e.seq);
      },
      remove: function (seq) { write(read().filter(function (r) { return r.seq !== seq; })); return Promise.resolve(); }
    };
  }
  function queued() {
    return store.all().then(function (rows) {
      return rows.filter(function (r) { return r.draft === DRAFT; })
        .sort(function (a, b) { return a.seq - b.seq; });
    });
  }

  // ---- what a queued deal says, for the banner (the seats' names from the form's labels)
  function seatName(seat) {
    var input = document.querySelector('#deal-form input[name="dealer"][value="' + seat + '"]');
    var label = input && input.parentNode.querySelector("span");
    return label ? label.textContent.trim() : seat;
  }
  function fieldMap(fields) {
    var out = {};
    fields.forEach(function (kv) { out[kv[0]] = kv[1]; });
    return out;
  }
  function summary(entry) {
    var f = fieldMap(entry.fields), head = "dealt by " + seatName(f.dealer || "?") + ": ";
    if (f.misdeal === "yes") return head + "misdeal (void)";
    if (f.maker === "none") return head + "all passed";
    return head + seatName(f.maker) + " made " + (SUITS[f.trump] || "?") +
      (f.alone === "yes" ? " alone" : "") + ", " + f.tricks + " trick" + (f.tricks === "1" ? "" : "s");
  }
  function plural(n) { return n + " deal" + (n === 1 ? "" : "s"); }
  function clock(d) { return ("0" + d.getHours()).slice(-2) + ":" + ("0" + d.getMinutes()).slice(-2); }
  function el(tag, text, cls) {
    var e = document.createElement(tag);
    if (text) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  }

  // ---- the banner and, when the queue is stuck, the panel saying why with the ways out
  function show() {
    return queued().then(function (rows) {
      banner.textContent = "";
      var waiting = rows.length;
      if (waiting) {
        var line = el("p", plural(waiting) + " waiting to send", "offline-count");
        line.id = "offline-count";
        banner.appendChild(line);
        banner.appendChild(el("p", navigator.onLine ?
          (draining ? "Sending them now…" : "They go as soon as the server takes them.") :
          "No connection: they are kept on this device and go when it returns.", "offline-how"));
        banner.appendChild(el("p", "Not yet in the score: it counts them once they are sent.",
                              "offline-not-scored"));
        var list = el("ol", "", "offline-list");
        rows.forEach(function (r) {
          var item = el("li", "Deal " + r.number + ", " + summary(r) +
            (r.state === "refused" ? " (refused, see below)" : ""));
          item.dataset.dealId = r.id;
          list.appendChild(item);
        });
        banner.appendChild(list);
      } else if (lastSent && !draining) {   // (mid-send it would be the last time's count)
        banner.appendChild(el("p", plural(lastSent.count) + " sent at " + clock(lastSent.at) + ".",
                              "offline-sent"));
      }
      banner.classList.toggle("active", waiting > 0 || (!!lastSent && !draining));
      showOnBoard(rows);
      showProblem(rows[0]);
      return rows;
    });
  }

  // The scoreboard stays on screen (sticky) while the scorer taps. While deals wait, the notice
  // itself moves into it, where the scorer is looking (at the top of the page it was scrolled
  // away, and deals were entered twice), and its "deal 1 of 4" counts them as waiting; when
  // none waits the notice goes back above the page (its "sent at" line, a refusal's panel).
  function showOnBoard(rows) {
    var board = document.getElementById("scoreboard");
    var count = board && board.querySelector(".score-deals");
    if (count) {
      var stored = parseInt(count.dataset.deals, 10), fixed = count.dataset.fixed;
      count.textContent = "deal " + (stored + rows.length) + " of " + fixed +
        (rows.length ? " (" + rows.length + " waiting to send)" : "");
    }
    if (rows.length && board) {
      if (banner.parentNode !== board) board.appendChild(banner);
      banner.classList.add("on-board");
    } else if (banner.parentNode !== panel.parentNode) {
      panel.parentNode.insertBefore(banner, panel);
      banner.classList.remove("on-board");
    }
  }

  function button(text, act, primary) {
    var b = el("button", text, primary ? "primary" : "");
    b.type = "button";
    b.dataset.act = act;
    return b;
  }

  function showProblem(first) {
    panel.textContent = "";
    panel.hidden = true;
    if (!first || first.state === "waiting") {
      if (first && first.note) { panel.hidden = false; panel.appendChild(el("p", first.note)); }
      return;
    }
    panel.hidden = false;
    panel.setAttribute("role", "alert");
    if (first.state === "refused") {
      panel.appendChild(el("h2", "Deal " + first.number + " was refused: nothing of it is stored"));
      var ul = el("ul");
      (first.problems || []).forEach(function (p) { ul.appendChild(el("li", p.where + ": " + p.what)); });
      panel.appendChild(ul);
      panel.appendChild(el("p", "It is kept here, " + summary(first) + ". The deals after it wait for it."));
      panel.appendChild(button("Change it in the form", "change", true));
      panel.appendChild(button("Discard it", "discard"));
    } else if (first.state === "stale") {
      var c = first.clash;
      panel.appendChild(el("h2", c.title));
      panel.appendChild(el("p", "This sitting was saved from another phone or window while these " +
        "deals waited. Choose the version to keep; the other stays in the draft's history."));
      var both = el("div", "", "versions");
      var theirs = el("div", "", "version"), mine = el("div", "", "version");
      theirs.appendChild(el("h3", "Stored (from the other phone)"));
      var tl = el("ul");
      (c.stored.length ? c.stored : [{ deal: c.parted, summary: "none from here on (taken back)" }])
        .forEach(function (d) { tl.appendChild(el("li", "Deal " + d.deal + ", " + d.summary)); });
      theirs.appendChild(tl);
      theirs.appendChild(button("Keep the stored version", "keep-stored"));
      mine.appendChild(el("h3", "Yours (waiting on this device)"));
      var ml = el("ul");
      // the server's list (the deals this device saw, then the first waiting one), then the rest
      c.mine.forEach(function (d) { ml.appendChild(el("li", "Deal " + d.deal + ", " + d.summary)); });
      queued().then(function (rows) {
        rows.slice(1).forEach(function (r) {
          ml.appendChild(el("li", "Deal " + (c.mine[c.mine.length - 1].deal + rows.indexOf(r)) + ", " + summary(r)));
        });
      });
      mine.appendChild(ml);
      mine.appendChild(button("Keep mine", "keep-mine", true));
      both.appendChild(theirs);
      both.appendChild(mine);
      panel.appendChild(both);
    }
  }

  panel.addEventListener("click", function (ev) {
    var act = ev.target && ev.target.dataset ? ev.target.dataset.act : null;
    if (!act) return;
    queued().then(function (rows) {
      var first = rows[0];
      if (!first) return show();
      if (act === "discard") return store.remove(first.seq).then(show).then(drain);
      if (act === "change") { fill(first); return show(); }
      if (act === "keep-stored") {
        return Promise.all(rows.map(function (r) { return store.remove(r.seq); }))
          .then(refreshSheet).then(show);
      }
      if (act === "keep-mine") {
        first.state = "waiting";
        first.keepMine = { base: first.clash.seen, revision: first.clash.revision };
        delete first.clash;
        return store.put(first).then(drain);
      }
    });
  });

  // ---- the form: read a deal out of it, get it ready for the next, or put a refused one back
  function formOf() { return document.getElementById("deal-form"); }
  function fieldsOf(form) {
    var out = [];
    new FormData(form).forEach(function (v, k) {
      if (k !== "csrf_token" && k !== "revision" && k !== "deal_id") out.push([k, String(v)]);
    });
    return out;
  }
  function complete(fields) {
    var f = fieldMap(fields);
    if (!f.dealer) return "choose the dealer";
    if (f.misdeal === "yes" || f.maker === "none") return null;
    if (!f.maker) return "choose who made trump, or 'all passed'";
    if (!f.trump) return "choose the trump suit";
    if (!f.tricks) return "choose how many tricks the makers won";
    return null;
  }
  function setNumber(form, n) {
    var h = form.querySelector("h2"), b = form.querySelector('button[type="submit"]');
    if (h) h.textContent = "Deal " + n;
    if (b) { b.textContent = "Add deal " + n; b.disabled = false; }
  }
  function clear(form) {
    form.querySelectorAll("input[type=radio], input[type=checkbox]").forEach(function (i) { i.checked = false; });
    form.querySelectorAll('input[inputmode="numeric"]').forEach(function (i) { i.value = ""; });
    form.querySelectorAll("select").forEach(function (s) { s.selectedIndex = 0; });
  }
  function nextForm(form, entry) {
    var dealer = fieldMap(entry.fields).dealer;
    clear(form);
    var next = leftOf(dealer);
    var d = form.querySelector('input[name="dealer"][value="' + next + '"]');
    if (d) d.checked = true;
    form.deal_id.value = newId();
    setNumber(form, entry.number + 1);
    var first = form.querySelector('input[name="maker"]');
    if (first) first.focus({ preventScroll: true });
  }
  function fill(entry) {
    var form = formOf();
    if (!form) return;
    clear(form);
    entry.fields.forEach(function (kv) {
      var input = form.querySelector('[name="' + kv[0] + '"][value="' + kv[1] + '"]') ||
                  form.querySelector('[name="' + kv[0] + '"]:not([type=radio]):not([type=checkbox])');
      if (!input) return;
      if (input.type === "radio" || input.type === "checkbox") input.checked = true;
      else input.value = kv[1];
    });
    editing = entry;
    setNumber(form, entry.number);
    var b = form.querySelector('button[type="submit"]');
    if (b) b.textContent = "Keep deal " + entry.number + " as changed";
    form.scrollIntoView();
  }

  function state() {
    return { revision: parseInt(root.dataset.revision, 10), deals: parseInt(root.dataset.deals, 10) };
  }

  // the form's deal goes to the queue (true), or it is not a deal this queue takes (false)
  function take(form) {
    if (!form || form.id !== "deal-form" || !form.deal_id) return false;
    var fields = fieldsOf(form), missing = complete(fields);
    var b = form.querySelector('button[type="submit"]');
    if (b) b.disabled = false;
    if (missing) { banner.textContent = ""; banner.appendChild(el("p", "This deal is not complete: " + missing + ".")); return true; }
    var s = state();
    queued().then(function (rows) {
      if (editing) {
        var entry = editing;
        editing = null;
        entry.fields = fields;
        entry.state = "waiting";
        delete entry.problems;
        return store.put(entry).then(show)
          .then(function () { nextForm(form, rows[rows.length - 1]); });
      }
      var fresh = { draft: DRAFT, id: form.deal_id.value, fields: fields, state: "waiting",
                    seen: s.revision + rows.length, number: s.deals + rows.length + 1,
                    queuedAt: new Date().toISOString() };
      // the banner counts the deal before the form moves on to the next one, so whoever sees
      // the next deal's form (a scorer, a test) sees the count that includes this one
      return store.put(fresh).then(show).then(function () { nextForm(form, fresh); });
    }).then(drain, function () {
      // storage refused (a private window's quota, say): the deal stays in the form, unsent
      banner.textContent = "";
      banner.appendChild(el("p", "This browser would not keep the deal: it is still in the " +
        "form, not sent. Add it again when the connection returns, or note it on paper."));
      banner.classList.add("active");
    });
    return true;
  }

  function wants(form) {
    if (!form || form.id !== "deal-form" || !form.deal_id) return false;
    // offline, or deals still waiting (a new one goes after them), or a refused one being changed
    return !navigator.onLine || editing !== null || !!document.getElementById("offline-count");
  }

  // ---- sending, in order, each over the revision the one before made
  function csrf() {
    var i = document.querySelector('input[name="csrf_token"]');
    return i ? i.value : "";
  }
  function post(url, entry, revision, extra) {
    var body = new FormData();
    entry.fields.forEach(function (kv) { body.append(kv[0], kv[1]); });
    body.append("csrf_token", csrf());
    body.append("revision", String(revision));
    body.append("deal_id", entry.id);
    Object.keys(extra || {}).forEach(function (k) { body.append(k, extra[k]); });
    return fetch(url, { method: "POST", body: body, credentials: "same-origin",
                        headers: { Accept: "application/json" } })
      .then(function (resp) {
        var json = (resp.headers.get("Content-Type") || "").indexOf("application/json") === 0;
        return (json ? resp.json() : Promise.resolve(null)).then(function (data) {
          return { status: resp.status, data: data, url: resp.url };
        });
      });
  }

  // One drain at a time; a call that comes while one runs (an `online` event during a send)
  // makes it go round once more when it ends, so no request to send is dropped.
  function drain() {
    if (!navigator.onLine) return Promise.resolve();
    if (draining) { again = true; return Promise.resolve(); }
    if (retryTimer !== null) { clearTimeout(retryTimer); retryTimer = null; }
    draining = true;
    again = false;
    banner.dataset.sending = "yes";
    var sent = 0, chain = null, failed = false;
    var addUrl = root.querySelector("#deal-form") ? root.querySelector("#deal-form").action :
      location.pathname + "/deals";
    function step() {
      return queued().then(function (rows) {
        var e = rows[0];
        if (!e || e.state !== "waiting") return null;
        if (!navigator.onLine) return null;
        var url = e.keepMine ? root.dataset.keepMine : addUrl;
        var revision = e.keepMine ? e.keepMine.revision : (chain === null ? e.seen : chain);
        var extra = e.keepMine ? { base_revision: String(e.keepMine.base) } : null;
        return post(url, e, revision, extra).then(function (r) {
          var err = r.data && r.data.error;
          if (r.status === 200 || r.status === 201) {
            chain = r.data.revision;
            sent += 1;
            failures = 0;
            // the scoreboard's count moves the deal from waiting to stored (its score follows
            // with the page's refresh at the end of the drain)
            var count = document.querySelector("#scoreboard .score-deals");
            if (count) count.dataset.deals = String(parseInt(count.dataset.deals, 10) + 1);
            return store.remove(e.seq).then(show).then(step);
          }
          if (err && err.code === "stale-draft") {
            e.state = "stale"; e.clash = err;
            return store.put(e);
          }
          if (err && (err.code === "deal-refused" || err.code === "draft-closed")) {
            e.state = "refused";
            e.problems = err.problems.length ? err.problems : [{ where: "deal " + e.number, what: err.message }];
            return store.put(e);
          }
          // signed out: not tried again by itself (each try would land on the sign-in page,
          // which empties the worker's copies); the next sign-in's page load sends them
          var signedOut = r.status === 403 || r.status === 401 || /\/login/.test(r.url || "");
          e.note = signedOut ?
            "The deals could not be sent: sign in again (they stay here until then)." :
            "The server answered " + r.status + "; the deals stay here and are sent again shortly.";
          failed = !signedOut;
          return store.put(e);
        });
      });
    }
    return step().catch(function () { failed = true; /* no answer: the deals wait */ })
      .then(function () {
        draining = false;
        banner.dataset.sending = "no";
        // "4 deals sent at 21:14" counts every deal sent since the queue was last empty, over
        // as many tries as it took
        if (sent) {
          batch += sent;
          lastSent = { count: batch, at: new Date() };
          return refreshSheet();
        }
      }).then(show).then(function (rows) {
        if (!rows.length) batch = 0;
        if (again) return drain();
        if (failed) retryLater();
      });
  }

  function refreshSheet() {
    return fetch(location.pathname, { credentials: "same-origin", headers: { Accept: "text/html" } })
      .then(function (resp) { return resp.ok ? resp.text() : null; })
      .then(function (html) { if (html && window.euchreSwap) window.euchreSwap(html); })
      .catch(function () {});
  }

  // a fresh #sitting (after a save or a refresh): its form gets an id of this browser's making
  // While deals wait, the form is the one after the last of them (its number and its dealer),
  // not the one the page was drawn with: a reload offline shows the worker's older copy.
  function bound(fresh) {
    root = fresh;
    var form = formOf();
    if (form && form.deal_id) form.deal_id.value = newId();
    return show().then(function (rows) {
      // the page (perhaps the worker's copy) knows only the stored deals: the form goes on
      // after the waiting ones
      var last = rows[rows.length - 1];
      if (form && form.deal_id && last && !editing) {
        var dealer = leftOf(fieldMap(last.fields).dealer);
        var d = form.querySelector('input[name="dealer"][value="' + dealer + '"]');
        if (d) d.checked = true;
        setNumber(form, last.number + 1);
      }
      return rows;
    });
  }

  function say(text) {
    show().then(function () { banner.appendChild(el("p", text, "offline-say")); });
  }

  window.euchreQueue = { take: take, wants: wants, drain: drain, bound: bound, say: say };

  // ---- the service worker, where the browser allows one (https, or 127.0.0.1/localhost)
  if (window.isSecureContext && "serviceWorker" in navigator) {
    var controlled = !!navigator.serviceWorker.controller;
    var ready = function () { document.documentElement.dataset.offlineReady = "yes"; };
    if (controlled) ready();
    else navigator.serviceWorker.addEventListener("controllerchange", function () {
      // the first visit was not yet in the worker's hands: fetch the page once so it is kept
      fetch(location.pathname, { credentials: "same-origin" }).then(ready, function () {});
    }, { once: true });
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () {
      if (note) note.hidden = false;
    });
  } else if (note) {
    note.hidden = false;
  }

  window.addEventListener("online", function () { show().then(drain); });
  window.addEventListener("offline", show);
  bound(root).then(drain);
})();
