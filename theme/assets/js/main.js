// The site's script: theme toggle, catalog filters and the search box.
import { initSearch } from "./search.js";
import { initToggle } from "./toggle.js";
import { initFilters } from "./filters.js";

function byId(id) {
  return document.getElementById(id);
}

function ready() {
  initToggle(byId("theme-toggle"));
  initFilters(byId("catalog"), byId("filter-engine"), byId("filter-tool"), byId("filter-count"), byId("filter-empty"));
  const input = byId("search");
  const results = byId("search-results");
  if (input && results) {
    // The index lies at the site root; data-root is the way back to it
    // from this page ("", "../", …).
    const root = document.body.dataset.root || "";
    const options = { index: root + "search/index.json", status: byId("search-status") };
    if (location.protocol === "file:") {
      // Browsers do not let a page opened from disk fetch the index.
      options.messages = { error: "Search needs the site served over HTTP: run lore serve." };
    }
    initSearch(input, results, options);
    // The results panel shows while the box holds a query (also one
    // opened from a ?q= link).
    const show = () => {
      results.hidden = input.value.trim() === "";
    };
    input.addEventListener("input", show);
    show();
  }
}

if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", ready);
} else {
  ready();
}
