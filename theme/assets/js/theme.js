// Loaded in <head>, before the first paint: applies the reader's stored
// choice of theme, or the system's, so the page never flashes.
(function () {
  var t = null;
  try {
    t = localStorage.getItem("lore-theme");
  } catch (e) {}
  if (t !== "light" && t !== "dark") {
    t = window.matchMedia && matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  }
  document.documentElement.setAttribute("data-theme", t);
  // Scripts run: the navigation of narrow screens hides behind its button.
  document.documentElement.setAttribute("data-js", "");
})();
