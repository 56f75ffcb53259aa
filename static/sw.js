/* The service worker: keeps the app shell, the static files and the pages this phone has open, so
   that a reload with no connection still shows the match. Pages come from the network when it
   answers (always the latest scores) and from the phone's copy when it does not. Scripts and
   stylesheets are addressed by their content (web/assets.py: "app.js?v=..."): a copy of such an
   address is kept for good and never asked for again, and a new version, once kept, replaces the
   copies of the older ones. Other static files (icons, the manifest, the shell's plain addresses)
   come from the copy at once and are refreshed behind it. Nothing is ever sent from here: hands saved
   offline wait in the page's outbox (app.js), which the server's idempotency token makes safe. */
"use strict";

var STATIC = "static-v2";  /* v1 kept scripts by their plain address */
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

/* "Kept for good" (web/assets.py): the server has checked that the address's version is the file's. */
function keptForGood(response) {
  return response.ok && (response.headers.get("Cache-Control") || "").indexOf("immutable") !== -1;
}

function forgetOtherVersions(cache, url) {
  return cache.keys().then(function (keys) {
    return Promise.all(keys.filter(function (key) {
      var kept = new URL(key.url);
      /* the plain address stays: the offline page and a first visit's reload with no connection use it */
      return kept.pathname === url.pathname && kept.searchParams.has("v") && kept.search !== url.search;
    }).map(function (key) { return cache.delete(key); }));
  });
}

/* The newest copy of a file kept here: a version kept for good before the plain shell copy, which may be
   older (it was kept when this worker was installed). */
function anyCopy(cache, url) {
  return cache.keys(url.pathname, { ignoreSearch: true, ignoreVary: true }).then(function (keys) {
    var versioned = keys.filter(function (key) { return new URL(key.url).searchParams.has("v"); });
    var key = versioned.length ? versioned[versioned.length - 1] : keys[0];
    return key ? cache.match(key, { ignoreVary: true }) : undefined;
  });
}

/* A script or stylesheet addressed by its version: the copy if there is one, else the network (and the
   copy is kept). With no connection and no copy of this version (a page kept from before an update),
   whatever version of the file is here. */
function versionedFile(request, url) {
  return caches.open(STATIC).then(function (cache) {
    return cache.match(request, { ignoreVary: true }).then(function (copy) {
      if (copy) return copy;
      return fetch(request).then(function (response) {
        if (keptForGood(response)) {
          var kept = response.clone();
          forgetOtherVersions(cache, url).then(function () { return cache.put(request, kept); });
        }
        return response;
      }).catch(function (error) {
        return anyCopy(cache, url).then(function (older) {
          if (older) return older;
          throw error;
        });
      });
    });
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
    event.respondWith(url.searchParams.has("v") ? versionedFile(request, url) : staticFile(request));
  } else if (request.mode === "navigate") {
    event.respondWith(page(request));
  }
  /* htmx's own requests (fragments, polling) go to the network as before: when it is gone, the
     page says so and keeps what was entered. */
});
