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
    showTrouble(event, "No connection. What you entered is kept; tap Retry when you are back online.");
  });
  document.addEventListener("htmx:timeout", function (event) {
    showTrouble(event, "The server took too long. What you entered is kept; tap Retry.");
  });
  document.addEventListener("htmx:responseError", function (event) {
    var status = event.detail.xhr ? event.detail.xhr.status : "?";
    var text = status === 400
      ? "This page is out of date. Reload it (what you entered here will be lost)."
      : "The server had a problem (" + status + "). What you entered is kept; tap Retry.";
    showTrouble(event, text);
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail.successful && source(event)) hideTrouble();
  });
})();
