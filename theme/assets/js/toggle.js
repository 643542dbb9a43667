// The light/dark switch: flips data-theme on <html> and remembers the
// choice.
export function initToggle(button) {
  if (!button) {
    return;
  }
  const root = document.documentElement;
  const sync = () => button.setAttribute("aria-pressed", String(root.getAttribute("data-theme") === "dark"));
  sync();
  button.addEventListener("click", () => {
    const next = root.getAttribute("data-theme") === "dark" ? "light" : "dark";
    root.setAttribute("data-theme", next);
    try {
      localStorage.setItem("lore-theme", next);
    } catch (e) {}
    sync();
  });
}
