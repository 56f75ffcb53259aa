/* Small progressive enhancements. No inline scripts anywhere, so a strict CSP holds. */
(function () {
  "use strict";

  function fire(input) {
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }

  /* Two teams share the tricks: setting one side's count sets the other's. */
  function balance(input) {
    var group = input.closest("[data-pair='yes']");
    if (!group || input.value === "") return;
    var inputs = group.querySelectorAll("input[type=number]");
    if (inputs.length !== 2) return;
    var total = parseInt(group.dataset.total, 10);
    var value = parseInt(input.value, 10);
    if (isNaN(value) || value < 0 || value > total) return;
    var other = inputs[0] === input ? inputs[1] : inputs[0];
    other.value = String(total - value);
  }

  document.addEventListener("click", function (event) {
    var step = event.target.closest(".step");
    if (step) {
      var box = step.closest(".stepper");
      var input = box.querySelector("input");
      var min = parseInt(box.dataset.min || "0", 10);
      var max = parseInt(box.dataset.max || "99", 10);
      var current = parseInt(input.value, 10);
      var next = (isNaN(current) ? min : current) + parseInt(step.dataset.step, 10);
      input.value = String(Math.min(max, Math.max(min, next)));
      balance(input);
      fire(input);
      return;
    }
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

  document.addEventListener("input", function (event) {
    if (event.target.matches(".stepper input")) balance(event.target);
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
