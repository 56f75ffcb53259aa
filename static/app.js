/* Small progressive enhancements. No inline scripts anywhere, so a strict CSP holds. */
(function () {
  "use strict";

  /* Tricks share out: two teams' counts add up to the hand, so one tap sets both; with several
     seats, the last seat left (or every seat left, once the tricks are all taken) is filled in.
     Filled-in rows are marked data-auto, so a later tap on them is the player's own. Runs in the
     capture phase, before htmx reads the form for the preview. */
  function trickValue(row) {
    var checked = row.querySelector("input:checked");
    return checked ? parseInt(checked.value, 10) : null;
  }

  function setTricks(row, value) {
    row.querySelectorAll("input").forEach(function (input) {
      input.checked = value !== null && parseInt(input.value, 10) === value;
    });
    if (value === null) delete row.dataset.auto; else row.dataset.auto = "yes";
  }

  function shareTricks(tapped) {
    var box = tapped.closest("#tricks-entry");
    if (!box || box.dataset.share === "none") return;
    var rows = Array.prototype.slice.call(box.querySelectorAll(".trick-row"));
    var total = parseInt(box.dataset.total, 10);
    var row = tapped.closest(".trick-row");
    delete row.dataset.auto;
    if (box.dataset.share === "pair") {
      rows.forEach(function (other) { if (other !== row) setTricks(other, total - trickValue(row)); });
      return;
    }
    rows.forEach(function (other) { if (other.dataset.auto) setTricks(other, null); });
    var open = rows.filter(function (r) { return trickValue(r) === null; });
    var taken = rows.reduce(function (sum, r) { return sum + (trickValue(r) || 0); }, 0);
    if (taken > total) return;
    if (open.length === 1) {
      setTricks(open[0], total - taken);
    } else if (taken === total) {
      open.forEach(function (r) { setTricks(r, 0); });
    }
  }

  document.addEventListener("change", function (event) {
    if (event.target.matches("#tricks-entry input")) shareTricks(event.target);
  }, true);

  document.addEventListener("click", function (event) {
    var chip = event.target.closest("[data-seat-name]");
    if (chip) {
      var form = chip.closest("form");
      var names = form.querySelectorAll(".table input[type=text]");
      var name = chip.dataset.seatName;
      for (var i = 0; i < names.length; i++) {
        if (names[i].value.trim().toLowerCase() === name.toLowerCase()) return;
      }
      for (var j = 0; j < names.length; j++) {
        if (!names[j].value.trim()) { names[j].value = name; chip.disabled = true; return; }
      }
      return;
    }
    if (event.target.closest("#netbar-close")) {
      document.getElementById("netbar").hidden = true;
      return;
    }
    var retry = event.target.closest(".retry-btn, #netbar-retry");
    if (retry && lastFailed && document.body.contains(lastFailed)) {
      hideTrouble();
      if (lastFailed.tagName === "FORM") {
        htmx.trigger(lastFailed, "submit");
      } else {
        htmx.trigger(lastFailed, lastFailed.tagName === "A" ? "click" : "change");
      }
    }
  });

  /* Flaky phones: keep what was entered and offer a retry. */
  var lastFailed = null;

  function source(event) {
    var elt = event.detail && event.detail.elt;
    if (!elt) return null;
    if (elt.id === "preview") return null; /* a preview that fails is simply tried again on the next tap */
    return elt.closest("form") || elt;
  }

  function showTrouble(event, text) {
    var elt = source(event);
    if (!elt) return;
    if (elt.dataset.outbox && event.type === "htmx:sendError") {
      keepInOutbox(elt, sentFields(event));  /* no connection: the hand (or result) waits on this phone instead */
      return;
    }
    lastFailed = elt;
    var box = elt.tagName === "FORM" ? elt.querySelector(".retry") : null;
    if (box) box.hidden = false;
    var bar = document.getElementById("netbar");
    bar.querySelector(".netbar-text").textContent = text;
    bar.hidden = false;
  }

  function hideTrouble() {
    document.getElementById("netbar").hidden = true;
    document.querySelectorAll(".retry").forEach(function (box) { box.hidden = true; });
  }

  document.addEventListener("htmx:sendError", function (event) {
    if (event.detail.elt && event.detail.elt.id === "preview") {
      event.detail.elt.innerHTML = offlinePreview(event.detail.elt);
      return;
    }
    var elt = source(event);
    showTrouble(event, elt && needsConnection(elt) ? CHANGE_NEEDS_CONNECTION
      : "No connection. What you entered is kept; tap Retry when you are back online.");
  });

  /* Only new hands wait in the outbox: changing or taking back a hand already saved needs the
     connection (it builds on the match as the server has it), and the page says so plainly. */
  var CHANGE_NEEDS_CONNECTION = "No connection: changing a hand already saved needs it. Nothing was changed, and " +
    "what you entered is kept; tap Retry when you are back online.";

  function needsConnection(elt) {
    return !elt.dataset.outbox && (elt.id === "hand-form" || elt.id === "undo" || !!elt.closest(".hand-actions"));
  }
  document.addEventListener("htmx:timeout", function (event) {
    showTrouble(event, "The server took too long. What you entered is kept; tap Retry.");
  });
  /* The server's own words, when its answer is one of its plain message pages (a 503 "can't be saved
     right now", a 413 "too large"): the first paragraph of #message. */
  function serverMessage(xhr) {
    if (!xhr || !xhr.responseText) return null;
    var found = new DOMParser().parseFromString(xhr.responseText, "text/html").querySelector("#message p");
    return found && found.textContent.trim() ? found.textContent.trim() : null;
  }
  document.addEventListener("htmx:responseError", function (event) {
    var xhr = event.detail.xhr;
    var status = xhr ? xhr.status : "?";
    var said = (status === 503 || status === 413) ? serverMessage(xhr) : null;
    var text = status === 400
      ? "This page is out of date. Reload it (what you entered here will be lost)."
      : said ? said + " What you entered is kept; tap Retry."
      : "The server had a problem (" + status + "). What you entered is kept; tap Retry.";
    showTrouble(event, text);
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail.successful && source(event)) hideTrouble();
  });

  /* Offline: a service worker keeps the pages (static/sw.js), and an outbox on the phone keeps the
     hands saved while the connection is gone (localStorage survives a reload and a closed tab).
     Each kept hand is sent once, in order, when the connection is back: it carries its form's
     idempotency token, so a send whose answer was lost is not stored twice. */
  var OUTBOX = "euchre-scores-outbox";
  var PAGE_COPIES = "pages-v1";  /* the service worker's cache of pages (sw.js: PAGES) */
  var OFFLINE_PREVIEW = '<p class="preview-hint">No connection: the score is computed when you are back ' +
    'online. Save keeps the hand on this phone and sends it then.</p>';
  var OFFLINE_EDIT_PREVIEW = '<p class="preview-hint">No connection: changing a hand already saved needs it. ' +
    'What you tap here stays in the form until you are back online.</p>';

  function offlinePreview(preview) {
    var form = preview.closest("form");
    return form && !form.dataset.outbox ? OFFLINE_EDIT_PREVIEW : OFFLINE_PREVIEW;
  }

  var KEPT_PREVIEW = '<p class="preview-hint">Kept on this phone. It is sent, and scored, when the ' +
    'connection is back.</p>';
  var sending = false;

  function outbox() {
    try { return JSON.parse(localStorage.getItem(OUTBOX)) || []; } catch (e) { return []; }
  }

  function storeOutbox(entries) {
    localStorage.setItem(OUTBOX, JSON.stringify(entries));
    showOutbox();
  }

  function freshToken() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }

  function blank(form) {
    return !Array.prototype.some.call(form.querySelectorAll("input:checked"), function (input) {
      return !(input.name === "outcome" && input.value === "played");
    });
  }

  /* What htmx was sending: the form's fields and the button tapped (a table's pair sends with its button). */
  function sentFields(event) {
    var config = event.detail && event.detail.requestConfig;
    if (!config || !config.formData) return null;
    var fields = [];
    config.formData.forEach(function (value, name) { fields.push([name, value]); });
    return fields;
  }

  function keepInOutbox(form, fields) {
    var token = form.querySelector("input[name=token]");
    var version = form.querySelector("input[name=version]");
    var kind = form.dataset.outbox;  /* "hand", or a table's "result" */
    var entries = outbox();
    if (kind !== "hand" || !blank(form)) {  /* a second tap on Save finds the hand form already emptied */
      if (entries.some(function (e) { return e.token === token.value; })) token.value = freshToken();
      if (!fields) {
        fields = [];
        new FormData(form).forEach(function (value, name) { fields.push([name, value]); });
      }
      fields = fields.map(function (pair) { return pair[0] === "token" ? [pair[0], token.value] : pair; });
      entries.push({ kind: kind, action: form.getAttribute("action"), page: location.pathname, token: token.value,
                     version: version ? version.value : null, fields: fields });
      storeOutbox(entries);
    }
    hideTrouble();
    form.reset();
    form.querySelectorAll("[data-auto]").forEach(function (row) { delete row.dataset.auto; });
    token.value = freshToken();  /* the next hand is another hand */
    var preview = form.querySelector("#preview");
    if (preview) preview.innerHTML = KEPT_PREVIEW;
    var notSaved = form.querySelector(".not-saved");
    if (notSaved) notSaved.remove();
    window.scrollTo(0, 0);  /* as after a save: the next hand's form, and the outbox's line above it */
  }

  function showOutbox() {
    var bar = document.getElementById("outbox");
    if (!bar) return;
    var entries = outbox();
    bar.hidden = entries.length === 0;
    if (!entries.length) return;
    var stuck = entries.filter(function (e) { return e.problem; })[0];
    var noun = entries.every(function (e) { return e.kind === "result"; }) ? "result"
      : entries.some(function (e) { return e.kind === "result"; }) ? "entry" : "hand";
    var count = entries.length === 1 ? "1 " + noun + " not sent yet"
      : entries.length + " " + (noun === "entry" ? "entries" : noun + "s") + " not sent yet";
    var why = stuck ? ". " + stuck.problem
      : navigator.onLine ? ": sending now." : ": kept on this phone, and sent when the connection is back.";
    bar.querySelector(".outbox-text").textContent = count + why;
    var open = document.getElementById("outbox-open");
    open.hidden = entries[0].page === location.pathname;
    open.href = entries[0].page;
    document.getElementById("outbox-send").textContent = stuck && stuck.stale ? "Send it anyway" : "Send now";
    document.getElementById("outbox-discard").hidden = !stuck;
  }

  function versionIn(html) {
    var live = new DOMParser().parseFromString(html, "text/html").querySelector("[data-version]");
    return live ? live.dataset.version : null;
  }

  function firstError(html) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var error = doc.querySelector(".not-saved, .error, .flash");
    return error ? error.textContent.trim() : "The scoresheet refused it.";
  }

  /* As htmx sends them: the page's CSRF header, beside the form's own field. */
  function outboxHeaders() {
    var headers = { "HX-Request": "true" };
    try {
      var page = JSON.parse(document.body.getAttribute("hx-headers") || "{}");
      if (page["X-CSRFToken"]) headers["X-CSRFToken"] = page["X-CSRFToken"];
    } catch (e) { /* no header on this page: the form's own field is sent */ }
    return headers;
  }

  function sendOutbox() {
    var entries = outbox();
    if (sending || !entries.length || !navigator.onLine) return;
    var entry = entries[0];
    if (entry.problem) return;
    sending = true;
    var body = new URLSearchParams();
    entry.fields.forEach(function (pair) {
      body.append(pair[0], pair[0] === "version" ? entry.version : pair[1]);
    });
    fetch(entry.action, { method: "POST", body: body, credentials: "same-origin", headers: outboxHeaders() })
      .then(function (response) {
        retryDelay = 0;
        return response.text().then(function (html) { return sent(entry, response.status, html); });
      })
      .catch(function () { retrySoon(); return false; })
      .then(function (next) {
        sending = false;
        showOutbox();
        if (next) sendOutbox();
      });
  }

  /* A phone says it is online a moment before its connection carries anything: a send that fails
     while it says so is tried again after 1 s, then 2, 4, ... up to the 20 s of the steady retry. */
  var retryDelay = 0;
  var retryTimer = null;
  function retrySoon() {
    if (retryTimer || !navigator.onLine) return;
    retryDelay = Math.min(retryDelay ? retryDelay * 2 : 1000, 20000);
    retryTimer = setTimeout(function () { retryTimer = null; sendOutbox(); }, retryDelay);
  }

  /* What the server answered to a kept hand; true when the next one may follow at once. */
  function sent(entry, status, html) {
    var entries = outbox().filter(function (e) { return e.token !== entry.token; });
    if (status >= 200 && status < 300) {
      /* later hands kept on the same page follow this one: they build on the version it made */
      var version = versionIn(html);
      entries.forEach(function (e) {
        if (e.action === entry.action && e.version === entry.version && version) e.version = version;
      });
      storeOutbox(entries);
      if (entry.page === location.pathname) {
        if (entry.kind === "result") location.reload();  /* the table's page as it is now: sent, to confirm */
        else showLive(html);
      }
      return true;
    } else if (status === 422 && entry.page === location.pathname && backInTheForm(html)) {
      storeOutbox(entries);  /* the referee refused it: it is back in the form, its problem marked */
    } else if (status === 409 || status === 422 || status === 400 || status === 403) {
      var kept = outbox();
      kept.forEach(function (e) {
        if (e.token !== entry.token) return;
        e.stale = status === 409 && e.kind !== "result";
        e.problem = e.stale
          ? "Another phone changed this match meanwhile: look at the hands, then send it anyway or discard it."
          : "It was not saved: " + firstError(html);
      });
      storeOutbox(kept);
    }
    return false;  /* any other answer (the server busy or down): kept, and tried again later */
  }

  /* A kept hand the referee refused comes back into the empty form, with the problem next to its
     field, as if it had just been saved online; not when another hand is being filled in. */
  function backInTheForm(html) {
    var form = document.getElementById("hand-form");
    var returned = new DOMParser().parseFromString(html, "text/html").getElementById("entry");
    var entrySection = document.getElementById("entry");
    if (!form || !blank(form) || !returned || !entrySection) return false;
    var node = document.importNode(returned, true);
    entrySection.replaceWith(node);
    htmx.process(node);
    return true;
  }

  /* The match as the server has it now. A form being filled in keeps what was tapped: only the
     scoreboard and the hands change under it, and it takes the new version. */
  function showLive(html) {
    var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("live");
    var live = document.getElementById("live");
    if (!fresh || !live) return;
    var form = document.getElementById("hand-form");
    if (!form || blank(form)) {
      var node = document.importNode(fresh, true);
      live.replaceWith(node);
      htmx.process(node);
    } else {
      ["scoreboard", "hands", "banner"].forEach(function (id) {
        var old = document.getElementById(id);
        var now = fresh.querySelector("#" + id);
        if (old && now) {
          var node = document.importNode(now, true);
          old.replaceWith(node);
          htmx.process(node);
        }
      });
      live.dataset.version = fresh.dataset.version;
      var version = form.querySelector("input[name=version]");
      if (version) version.value = fresh.dataset.version;
    }
    keepPageCopy();
  }

  /* The page as it stands, for the service worker to show after a reload with no connection. */
  function keepPageCopy() {
    if (!window.caches || !navigator.serviceWorker || !window.isSecureContext) return;
    var copy = document.documentElement.cloneNode(true);
    copy.querySelectorAll("#netbar, #outbox, .retry").forEach(function (el) { el.setAttribute("hidden", ""); });
    var html = "<!doctype html>\n" + copy.outerHTML;
    caches.open(PAGE_COPIES).then(function (cache) {
      return cache.put(location.href, new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } }));
    }).catch(function () { /* no room: the last copy the worker kept stays */ });
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt;
    if (navigator.onLine) {
      /* kept hands go first, so they stay in order and build on each other's version */
      if (elt.dataset && elt.dataset.outbox && outbox().some(function (e) { return e.action === elt.getAttribute("action"); })) {
        event.preventDefault();
        keepInOutbox(elt, sentFields(event));
        sendOutbox();
      }
      return;
    }
    if (elt.id === "preview") {
      event.preventDefault();
      elt.innerHTML = offlinePreview(elt);
    } else if (elt.dataset && elt.dataset.outbox) {
      event.preventDefault();
      keepInOutbox(elt, sentFields(event));
    }
  });

  document.addEventListener("htmx:afterSettle", function (event) {
    if (navigator.onLine && event.detail.successful !== false) keepPageCopy();
  });

  /* A folded part of a polled region that the reader opened (data-keep-open: the standings' rest) stays open
     when the region is drawn again. Other folded parts are opened or closed as the server draws them. */
  var openedParts = [];
  document.addEventListener("htmx:beforeSwap", function (event) {
    var region = event.detail.target;
    openedParts = region ? Array.prototype.map.call(region.querySelectorAll("details[open][id][data-keep-open]"),
                                                    function (part) { return part.id; }) : [];
  });
  document.addEventListener("htmx:afterSwap", function () {
    openedParts.forEach(function (id) {
      var part = document.getElementById(id);
      if (part) part.open = true;
    });
    openedParts = [];
  });

  document.addEventListener("click", function (event) {
    if (event.target.closest("#outbox-send")) {
      var entries = outbox();
      var stuck = entries[0];
      if (stuck && stuck.stale) {
        /* send it anyway: on top of the match as it is now */
        fetch(stuck.page, { credentials: "same-origin" }).then(function (r) { return r.text(); }).then(function (html) {
          var kept = outbox();
          if (!kept.length || kept[0].token !== stuck.token) return;
          kept[0].version = versionIn(html) || kept[0].version;
          delete kept[0].problem;
          delete kept[0].stale;
          storeOutbox(kept);
          sendOutbox();
        }).catch(showOutbox);
      } else if (stuck && stuck.problem) {
        delete stuck.problem;
        storeOutbox(entries);
        sendOutbox();
      } else {
        sendOutbox();
      }
    } else if (event.target.closest("#outbox-discard")) {
      if (window.confirm("Discard what was not sent? It cannot be brought back.")) {
        storeOutbox(outbox().slice(1));
        sendOutbox();
      }
    }
  });

  window.addEventListener("online", sendOutbox);
  window.addEventListener("offline", showOutbox);
  window.addEventListener("storage", function (event) { if (event.key === OUTBOX) showOutbox(); });
  /* A poller's timer starts with its page. After the movement every phone of a big night gets its next
     page within a few seconds, so they would poll in step for the whole game, in bursts half again the
     average. A poller marked data-poll-spread starts instead at a random moment within its first
     interval, then polls at its interval as before (so it is never later than the page says). */
  document.addEventListener("htmx:beforeProcessNode", function (event) {
    var poller = event.target;
    if (!poller.hasAttribute || !poller.hasAttribute("data-poll-spread")) return;
    var every = poller.getAttribute("hx-trigger");
    var seconds = parseFloat((every || "").replace(/^every\s+/, ""));
    poller.removeAttribute("data-poll-spread");
    if (!(seconds > 0)) return;
    poller.setAttribute("hx-trigger", "spread");  /* nothing yet */
    setTimeout(function () {
      if (!document.body.contains(poller)) return;
      poller.setAttribute("hx-trigger", "spread, " + every);
      htmx.process(poller);
      htmx.trigger(poller, "spread");
    }, Math.random() * seconds * 1000);
  });

  /* After the movement a big night's tables take turns to load their next page. A poll that comes before its
     table's turn is told when the turn comes (X-Poll-After, in seconds): the poller asks once more then, rather
     than at its next interval, which would add up to a whole interval to the wait. */
  document.addEventListener("htmx:afterRequest", function (event) {
    var poller = event.detail.elt, xhr = event.detail.xhr;
    if (!poller || !poller.classList || !poller.classList.contains("poller") || !xhr) return;
    var after = parseFloat(xhr.getResponseHeader("X-Poll-After"));
    if (!(after >= 0 && after <= 60)) return;
    clearTimeout(poller.pollAgain);  /* one more poll at the turn, however many polls were told of it */
    poller.pollAgain = setTimeout(function () {
      if (document.body.contains(poller)) htmx.ajax("GET", poller.getAttribute("hx-get"), { source: poller });
    }, after * 1000);
  });

  setInterval(sendOutbox, 20000);  /* a connection that came back without an "online" event */

  document.addEventListener("DOMContentLoaded", function () {
    /* a page shown from the phone's copy may carry a token a kept hand already used */
    document.querySelectorAll("form[data-outbox] input[name=token]").forEach(function (token) {
      token.value = freshToken();
    });
    showOutbox();
    sendOutbox();
    var worker = document.body.dataset.serviceWorker;
    if (worker && navigator.serviceWorker && window.isSecureContext) {
      navigator.serviceWorker.register(worker).then(function () {
        return navigator.serviceWorker.ready;
      }).then(keepPageCopy).catch(function () { /* no worker: pages are not kept, hands still are */ });
    }
  });
})();
