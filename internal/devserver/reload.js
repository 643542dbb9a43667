// lore serve: reloads the page after each good build and shows the errors
// of a failed build in an overlay. Served only by the development server.
(function () {
  var overlay = null;
  function hide() {
    if (overlay) {
      overlay.remove();
      overlay = null;
    }
  }
  function show(text) {
    hide();
    overlay = document.createElement("div");
    overlay.id = "lore-build-error";
    overlay.setAttribute("role", "alertdialog");
    overlay.setAttribute("aria-label", "Build failed");
    var s = overlay.style;
    s.position = "fixed";
    s.inset = "0";
    s.zIndex = "1000";
    s.background = "rgba(20, 0, 0, 0.92)";
    s.color = "#fff";
    s.padding = "2rem";
    s.overflow = "auto";
    s.font = "14px/1.5 ui-monospace, monospace";
    var h = document.createElement("h2");
    h.textContent = "lore build failed — still showing the last good build";
    var pre = document.createElement("pre");
    pre.textContent = text;
    pre.style.whiteSpace = "pre-wrap";
    var close = document.createElement("button");
    close.type = "button";
    close.textContent = "Dismiss";
    close.addEventListener("click", hide);
    overlay.append(h, pre, close);
    document.body.append(overlay);
    close.focus();
  }
  var first = null;
  var es = new EventSource("/_lore/events");
  es.addEventListener("hello", function (e) {
    document.documentElement.setAttribute("data-lore-serve", "connected");
    if (first === null) {
      first = e.data;
    } else if (e.data !== first) {
      location.reload(); // the server rebuilt while we were disconnected
    }
  });
  // This page's path from the site root, as the build names it.
  function here() {
    var p = decodeURIComponent(location.pathname).replace(/^\/+/, "");
    if (p === "" || p.charAt(p.length - 1) === "/") {
      p += "index.html";
    }
    return p;
  }
  // A reload event names the pages a build rewrote, one per line, or "*"
  // for all of them.
  es.addEventListener("reload", function (e) {
    var pages = JSON.parse(e.data);
    if (pages === "*" || overlay || pages.split("\n").indexOf(here()) >= 0) {
      location.reload();
    }
  });
  es.addEventListener("builderror", function (e) {
    show(JSON.parse(e.data));
  });
})();
