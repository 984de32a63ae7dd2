// The service worker of euchre-records (api/pages/offline.py states its contract): it keeps the
// sitting pages and their static files so that a reload without the connection still shows the
// sheet and the form. It sends nothing itself: the page's queue (offline.js) sends the deals.
"use strict";
const PREFIX = "euchre-pages-";
const CACHE = PREFIX + "{{ version }}";
const ASSETS = {{ assets|tojson }};
const SITTING = /^\/web\/drafts\/\d+$/;

function forget() {
  return caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) { return k.startsWith(PREFIX); })
      .map(function (k) { return caches.delete(k); }));
  });
}

// A plain copy of a page (a redirected response cannot answer a navigation later).
function keep(key, resp) {
  return resp.clone().text().then(function (body) {
    return caches.open(CACHE).then(function (cache) {
      return cache.put(key, new Response(body, { status: 200, headers: {
        "Content-Type": resp.headers.get("Content-Type") || "text/html; charset=utf-8" } }));
    });
  }).then(function () { return resp; }, function () { return resp; });
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
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) { return k.startsWith(PREFIX) && k !== CACHE; })
      .map(function (k) { return caches.delete(k); }));
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
      const where = new URL(resp.url || req.url);
      if (resp.redirected && isPage(resp) && SITTING.test(where.pathname)) {
        return keep(where.origin + where.pathname, resp);
      }
      return resp;
    }));
    return;
  }
  if (req.method !== "GET") return;
  if (url.pathname.startsWith("/web/static/")) {
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
  if (SITTING.test(url.pathname)) {
    const key = url.origin + url.pathname;
    event.respondWith(fetch(req).then(function (resp) {
      return isPage(resp) && !resp.redirected ? keep(key, resp) : resp;
    }, function () {
      return caches.match(key).then(function (hit) { return hit || Response.error(); });
    }));
  }
});
