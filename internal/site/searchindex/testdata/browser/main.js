// Entry of the browser test's fixture page: wires the search box as a site
// page would.
import { initSearch } from '../../../../../theme/assets/js/search.js';

initSearch(document.getElementById('search'), document.getElementById('search-results'), {
  index: 'search/index.json',
});
