/* The projector's big screens: show one page of names at a time and turn to the next every few seconds
   (data-rotate on the pages' box: the seconds a page stays). Without this script every page shows, one
   under the other. When a poll brings a fresh drawing (a new result, the next game's seats), the screen
   carries on from the page it was showing. */
(function () {
  "use strict";

  var showing = {};  // screen id -> index of the page on screen
  var timers = {};

  function show(pages, index) {
    for (var i = 0; i < pages.length; i++) {
      pages[i].hidden = i !== index;
    }
  }

  function rotate(box) {
    var screen = box.closest("[id]");
    var id = screen ? screen.id : "";
    var pages = box.querySelectorAll(".proj-page");
    var seconds = Math.max(1, parseFloat(box.getAttribute("data-rotate")) || 10);
    clearInterval(timers[id]);
    if (pages.length < 2) {
      showing[id] = 0;
      return;
    }
    var index = (showing[id] || 0) % pages.length;
    show(pages, index);
    box.setAttribute("data-page", String(index + 1));
    timers[id] = setInterval(function () {
      index = (index + 1) % pages.length;
      showing[id] = index;
      show(pages, index);
      box.setAttribute("data-page", String(index + 1));
    }, seconds * 1000);
  }

  function start() {
    var boxes = document.querySelectorAll("[data-rotate]");
    for (var i = 0; i < boxes.length; i++) {
      rotate(boxes[i]);
    }
  }

  document.addEventListener("DOMContentLoaded", start);
  document.addEventListener("htmx:afterSettle", start);
})();
