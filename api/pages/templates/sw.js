// The service worker of euchre-records (api/pages/offline.py states its contract): it keeps the
// sitting pages and their static files so that a reload without the connection still shows the
// sheet and the form. It sends nothing itself: the page's queue (offline.js) sends the deals.
// A session's pages are kept in a cache of that session alone (its key comes with every page,
// in the header SESSION); a page drawn for another session, or for none, empties the others
// first, so a phone passed on to another table or club keeps no earlier sitting readable.
"use strict";
const PREFIX = "euchre-pages-";          // the static files of this version
const CACHE = PREFIX + "{{ version }}";
const SITTINGS = "euchre-sitting-";      // + a session's key: the sitting pages it saw
const SESSION = "{{ header }}";
const ASSETS = {{ assets|tojson }};
const SITTING = /^\/web\/drafts\/\d+$/;

function sessionCaches() {
  return caches.keys().then(function (keys) {
    return keys.filter(function (k) { return k.startsWith(SITTINGS); });
  });
}

// Every session's pages (signing in or out: another club may sign in on this browser).
function forget() {
  return sessionCaches().then(function (keys) {
    return Promise.all(keys.map(function (k) { return caches.delete(k); }));
  });
}

// The session a page from the server was drawn for: the others' pages are removed (all of them
// when it is "none"); resolves to its key, or null (no live session, or a page that does not
// say: an opaque redirect, another kind of answer, which changes nothing).
function learn(resp) {
  const key = resp.headers.get(SESSION);
  if (!key) return Promise.resolve(null);
  return sessionCaches().then(function (keys) {
    return Promise.all(keys.filter(function (k) { return k !== SITTINGS + key; })
      .map(function (k) { return caches.delete(k); }));
  }).then(function () { return key === "none" ? null : key; });
}

// A plain copy of a page (a redirected response cannot answer a navigation later), kept in the
// cache of the session it was drawn for.
function keep(session, key, resp) {
  if (!session) return Promise.resolve(resp);
  return resp.clone().text().then(function (body) {
    return caches.open(SITTINGS + session).then(function (cache) {
      return cache.put(key, new Response(body, { status: 200, headers: {
        "Content-Type": resp.headers.get("Content-Type") || "text/html; charset=utf-8" } }));
    });
  }).then(function () { return resp; }, function () { return resp; });
}

// Offline: the copy the current session kept (one session's cache at most exists).
function kept(key) {
  return sessionCaches().then(function (keys) {
    if (keys.length !== 1) return Response.error();
    return caches.open(keys[0]).then(function (cache) { return cache.match(key); })
      .then(function (hit) { return hit || Response.error(); });
  });
}

function isPage(resp) {
  return resp.ok && resp.type === "basic" &&
    (resp.headers.get("Content-Type") || "").startsWith("text/html");
}

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.addAll(ASSETS); })
    .then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  // earlier workers kept sitting pages beside the static files, of no known session: gone
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) { return k.startsWith(PREFIX) && k !== CACHE; })
      .map(function (k) { return caches.delete(k); }));
  }).then(function () { return caches.open(CACHE); }).then(function (cache) {
    return cache.keys().then(function (reqs) {
      return Promise.all(reqs.filter(function (r) {
        return !new URL(r.url).pathname.startsWith("/web/static/");
      }).map(function (r) { return cache.delete(r); }));
    });
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener("fetch", function (event) {
  const req = event.request;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname === "/login" || url.pathname === "/logout") {
    event.waitUntil(forget());   // another club may sign in on this browser
    return;
  }
  if (req.method === "POST" && url.pathname.startsWith("/web/drafts/")) {
    // a deal saved by the page's script: the sitting page it was answered with is kept
    event.respondWith(fetch(req).then(function (resp) {
      return learn(resp).then(function (session) {
        const where = new URL(resp.url || req.url);
        if (resp.redirected && isPage(resp) && SITTING.test(where.pathname)) {
          return keep(session, where.origin + where.pathname, resp);
        }
        return resp;
      });
    }));
    return;
  }
  if (req.method === "GET" && url.pathname.startsWith("/web/static/")) {
    event.respondWith(caches.match(req).then(function (hit) {
      return hit || fetch(req).then(function (resp) {
        if (!resp.ok) return resp;
        const copy = resp.clone();
        return caches.open(CACHE).then(function (c) { return c.put(req, copy); })
          .then(function () { return resp; });
      });
    }));
    return;
  }
  if (req.method === "GET" && SITTING.test(url.pathname)) {
    const key = url.origin + url.pathname;
    event.respondWith(fetch(req).then(function (resp) {
      return learn(resp).then(function (session) {
        return isPage(resp) && !resp.redirected ? keep(session, key, resp) : resp;
      });
    }, function () {
      return kept(key);
    }));
    return;
  }
  if (req.mode === "navigate") {
    // any other page: it says which session this browser holds now (a table link just opened,
    // a session ended); the answer is the network's, as without a worker
    event.respondWith(fetch(req).then(function (resp) {
      return learn(resp).then(function () { return resp; });
    }));
  }
});
