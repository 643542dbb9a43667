// Client-side search over the index that internal/site/searchindex writes.
//
//   import { initSearch } from './search.js';
//   initSearch(document.getElementById('search'),
//              document.getElementById('search-results'),
//              { index: 'search/index.json' });
//
// Nothing is loaded until the box is first used (focus, typing) or the page
// was opened with ?q=…, which runs that search at once. Results follow
// typing (the last word matches as a prefix); results that match more of
// the words come first; a longer word with a typo still finds. Each result
// shows an excerpt of the section that matched, with the matched words
// marked, and links to that section. Keyboard: ArrowDown moves from the box
// into the results, ArrowUp/ArrowDown move between them, Escape returns to
// the box, Enter in the box opens the first result. The result count is
// announced through a live region.
import { openIndex } from './search/engine.js';

const defaults = {
  // index is the manifest's URL, relative to the page.
  index: 'search/index.json',
  // limit is the number of results shown.
  limit: 10,
  // param is the query parameter of deep links (?q=…).
  param: 'q',
  // delay is the pause after a keystroke before searching, in milliseconds.
  delay: 80,
  // updateURL keeps ?q=… of the address in step with the box.
  updateURL: true,
  // status is the live region for result counts; one is created before the
  // results element when absent.
  status: null,
  // messages are the texts of the status line.
  messages: {
    loading: 'Searching…',
    none: (q) => `No results for “${q}”.`,
    some: (total, q, shown) =>
      `${total} result${total === 1 ? '' : 's'} for “${q}”${shown < total ? `, showing ${shown}` : ''}.`,
    error: 'Search is not available.',
  },
};

// initSearch wires input (a search box) and resultsEl (where results are
// listed, e.g. <div id="search-results">) to the index. It returns
// { search(query) }, which fills the box and searches.
export function initSearch(input, resultsEl, options = {}) {
  const opts = { ...defaults, ...options, messages: { ...defaults.messages, ...options.messages } };
  let index = null;
  const load = () => {
    index ??= openIndex(opts.index).catch((err) => {
      index = null;
      throw err;
    });
    return index;
  };

  const status = opts.status || document.createElement('p');
  if (!opts.status) {
    status.className = 'search-status';
    resultsEl.before(status);
  }
  status.setAttribute('role', 'status');
  status.setAttribute('aria-live', 'polite');
  status.id ||= `${resultsEl.id || 'search'}-status`;
  if (resultsEl.id) input.setAttribute('aria-controls', resultsEl.id);
  input.setAttribute('aria-describedby', status.id);
  input.setAttribute('autocomplete', 'off');

  let seq = 0;
  let timer = 0;
  let pending = null;

  const list = () => {
    if (resultsEl.tagName === 'OL' || resultsEl.tagName === 'UL') return resultsEl;
    let ol = resultsEl.querySelector('ol.search-results-list');
    if (!ol) {
      ol = document.createElement('ol');
      ol.className = 'search-results-list';
      resultsEl.append(ol);
    }
    return ol;
  };
  const links = () => [...resultsEl.querySelectorAll('a.search-result-link, a.search-result-section')];

  const render = async (idx, res, q, my) => {
    const ol = list();
    const items = res.results.map(item);
    ol.replaceChildren(...items.map((x) => x.li));
    status.textContent = res.total === 0 ? opts.messages.none(q) : opts.messages.some(res.total, q, res.results.length);
    // Excerpts follow as the results' files arrive (they are loaded with
    // the results already).
    await Promise.all(res.results.map(async (r, i) => {
      let ex = null;
      try {
        ex = await idx.excerpt(r);
      } catch (err) {
        console.warn('search:', err);
      }
      if (ex && my === seq) items[i].excerpt(ex);
    }));
  };

  const run = async (raw) => {
    const my = ++seq;
    clearTimeout(timer);
    timer = 0;
    const q = raw.trim();
    if (opts.updateURL) keepURL(opts.param, q);
    if (!q) {
      list().replaceChildren();
      status.textContent = '';
      return;
    }
    status.textContent = opts.messages.loading;
    try {
      const idx = await load();
      const res = await idx.search(raw, { limit: opts.limit });
      if (my === seq) await render(idx, res, q, my);
    } catch (err) {
      if (my !== seq) return;
      list().replaceChildren();
      status.textContent = opts.messages.error;
      console.warn('search:', err);
    }
  };
  const search = (raw) => {
    pending = run(raw);
    return pending;
  };
  // openFirst opens the first result of what the box holds, searching first
  // when a keystroke has not been searched yet.
  const openFirst = async () => {
    if (timer) await search(input.value);
    else await pending;
    const first = links()[0];
    if (first) location.assign(first.href);
  };

  input.addEventListener('focus', () => load().catch(() => {}), { once: true });
  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = 0;
      search(input.value);
    }, opts.delay);
  });
  input.addEventListener('keydown', (e) => {
    if (e.key === 'ArrowDown') {
      const first = links()[0];
      if (first) {
        e.preventDefault();
        first.focus();
      }
    } else if (e.key === 'Enter' && !input.form) {
      e.preventDefault();
      openFirst();
    }
  });
  // In a form, Enter submits it: open the first result instead.
  input.form?.addEventListener('submit', (e) => {
    e.preventDefault();
    openFirst();
  });
  resultsEl.addEventListener('keydown', (e) => {
    const all = links();
    const at = all.indexOf(document.activeElement);
    if (at < 0) return;
    if (e.key === 'ArrowDown' && at + 1 < all.length) {
      e.preventDefault();
      all[at + 1].focus();
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      if (at > 0) all[at - 1].focus();
      else input.focus();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      input.focus();
    }
  });

  const q = new URLSearchParams(location.search).get(opts.param);
  if (q) {
    input.value = q;
    search(q);
  }
  return { search: (query) => ((input.value = query), search(query)) };
}

// item renders one result. Text goes in as text, never as HTML. It
// returns the list item and a function that adds the excerpt.
function item(r) {
  const li = document.createElement('li');
  li.className = 'search-result';
  const a = document.createElement('a');
  a.className = 'search-result-link';
  a.href = safeHref(r.url);
  // A manual is named by its name (its title follows); a page without a
  // name by its title.
  const name = document.createElement('span');
  name.className = r.name ? 'search-result-name' : 'search-result-title';
  name.textContent = r.name || r.title || r.url;
  a.append(name);
  li.append(a);
  if (r.name && r.title && r.title !== r.name) {
    const t = document.createElement('span');
    t.className = 'search-result-title';
    t.textContent = r.title;
    li.append(' ', t);
  }
  if (r.audience) {
    const aud = document.createElement('span');
    aud.className = 'search-result-audience';
    aud.textContent = r.audience;
    li.append(' ', aud);
  }
  const summary = document.createElement('p');
  summary.className = 'search-result-summary';
  summary.textContent = r.summary || '';
  if (r.summary) li.append(summary);
  const excerpt = (ex) => {
    if (ex.heading && ex.url !== r.url) {
      // The link to the section that matched.
      const sec = document.createElement('a');
      sec.className = 'search-result-section';
      sec.href = safeHref(ex.url);
      sec.textContent = `§ ${ex.heading}`;
      li.append(sec);
    }
    if (ex.marks.length === 0 && r.summary) return;
    const p = document.createElement('p');
    p.className = 'search-result-excerpt';
    if (ex.before) p.append('… ');
    let at = 0;
    for (const [s, e] of ex.marks) {
      p.append(ex.text.slice(at, s));
      const m = document.createElement('mark');
      m.textContent = ex.text.slice(s, e);
      p.append(m);
      at = e;
    }
    p.append(ex.text.slice(at));
    if (ex.after) p.append(' …');
    li.append(p);
  };
  return { li, excerpt };
}

// safeHref allows only http(s) addresses (an index could be tampered with).
function safeHref(url) {
  try {
    const u = new URL(url, document.baseURI);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : '#';
  } catch {
    return '#';
  }
}

function keepURL(param, q) {
  const url = new URL(location.href);
  if (q) url.searchParams.set(param, q);
  else url.searchParams.delete(param);
  if (url.href !== location.href) history.replaceState(history.state, '', url.href);
}
