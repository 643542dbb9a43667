// The site's script: theme toggle, navigation, catalog, graph and search.
import { initSearch } from './search.js';
import { initOverlay } from './search-overlay.js';
import { initToggle } from './toggle.js';
import { initCatalog } from './catalog.js';
import { initGraph } from './graph.js';
import { initNav, initScrollRegions, initTOC } from './nav.js';

function byId(id) {
  return document.getElementById(id);
}

function ready() {
  initToggle(byId('theme-toggle'));
  initNav(byId('nav-toggle'));
  initTOC(document.querySelector('details[data-toc]'), '(min-width: 75rem)');
  initCatalog(byId('catalog'), {
    format: byId('filter-format'), engine: byId('filter-engine'), tool: byId('filter-tool'),
    count: byId('filter-count'), empty: byId('filter-empty'), folder: byId('filter-folder'),
    more: byId('catalog-more'), shown: byId('catalog-shown'),
  });
  initGraph(byId('graph'), document.querySelector('.graph-tools'));
  initScrollRegions();
  const input = byId('search');
  const results = byId('search-results');
  if (input && results) {
    // The index lies at the site root; data-root is the way back to it
    // from this page ("", "../", …).
    const root = document.body.dataset.root || '';
    const options = { index: root + 'search/index.json', status: byId('search-status') };
    if (location.protocol === 'file:') {
      // Browsers do not let a page opened from disk fetch the index.
      options.messages = { error: 'Search needs the site served over HTTP: run lore serve.' };
    }
    initSearch(input, results, options);
    initOverlay(input, results);
  }
}

if (document.readyState === 'loading') {
  document.addEventListener('DOMContentLoaded', ready);
} else {
  ready();
}
