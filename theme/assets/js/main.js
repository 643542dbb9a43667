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
    initSearch(input, results);
  }
}

if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", ready);
} else {
  ready();
}
