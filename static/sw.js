/* The service worker: keeps the app shell, the static files and the pages this phone has open, so
   that a reload with no connection still shows the match. Pages come from the network when it
   answers (always the latest scores) and from the phone's copy when it does not; static files come
   from the copy at once and are refreshed behind it. Nothing is ever sent from here: hands saved
   offline wait in the page's outbox (app.js), which the server's idempotency token makes safe. */
"use strict";

var STATIC = "static-v1";
var PAGES = "pages-v1";
var PAGES_KEPT = 40;  /* the pages opened most recently */
var SHELL_FILES = ["/static/app.css", "/static/app.js", "/static/htmx.min.js", "/static/manifest.webmanifest",
                   "/static/icons/icon-192.png"];

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(STATIC).then(function (cache) {
    return cache.addAll(SHELL_FILES)
      .then(function () { return caches.open(PAGES); })
      .then(function (pages) { return pages.add("/"); });
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (key) { return key !== STATIC && key !== PAGES; })
      .map(function (key) { return caches.delete(key); }));
  }).then(function () { return self.clients.claim(); }));
});

function offlinePage() {
  var html = '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title>No connection · Euchre scores</title><link rel="stylesheet" href="/static/app.css"></head>' +
    '<body><main><h1>No connection</h1><p>This page was not opened on this phone before, so there is ' +
    'no copy of it here. Go back to the match, or try again when the connection is back.</p>' +
    '<p><a class="btn" href="/">Home</a></p></main></body></html>';
  return new Response(html, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

function keep(url, response) {
  return caches.open(PAGES).then(function (cache) {
    return cache.delete(url).then(function () { return cache.put(url, response); })  /* newest last */
      .then(function () { return cache.keys(); })
      .then(function (keys) {
        return Promise.all(keys.slice(0, Math.max(0, keys.length - PAGES_KEPT)).map(function (key) {
          return cache.delete(key);
        }));
      });
  });
}

function page(request) {
  return fetch(request).then(function (response) {
    var type = response.headers.get("Content-Type") || "";
    if (response.ok && type.indexOf("text/html") === 0) {
      keep(request.url, response.clone());
    }
    return response;
  }).catch(function () {
    return caches.open(PAGES).then(function (cache) {
      return cache.match(request.url, { ignoreVary: true });
    }).then(function (copy) { return copy || offlinePage(); });
  });
}

function staticFile(request) {
  return caches.open(STATIC).then(function (cache) {
    return cache.match(request, { ignoreVary: true }).then(function (copy) {
      var fresh = fetch(request).then(function (response) {
        if (response.ok) cache.put(request, response.clone());
        return response;
      });
      if (copy) {
        fresh.catch(function () { /* offline: the copy already answered */ });
        return copy;
      }
      return fresh;
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.indexOf("/static/") === 0) {
    event.respondWith(staticFile(request));
  } else if (request.mode === "navigate") {
    event.respondWith(page(request));
  }
  /* htmx's own requests (fragments, polling) go to the network as before: when it is gone, the
     page says so and keeps what was entered. */
});
