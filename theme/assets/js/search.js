// PLACEHOLDER, replaced by the browser search (chunked index, English and
// German stemming) at merge. The contract: initSearch(input, results) wires
// the search box (#search) to the results container (#search-results) and
// runs a ?q= query on load. document.body.dataset.root is the way from the
// page to the site root.
export function initSearch(input, results) {
  const q = new URLSearchParams(window.location.search).get("q");
  if (q && !input.value) {
    input.value = q;
  }
}
