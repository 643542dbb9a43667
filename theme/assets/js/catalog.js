// The catalog on the home page: filters by format, engine, tool and folder
// (?folder=… links from the breadcrumbs), sortable columns, rows grouped by
// folder with counts, and the rows past the first page rendered a batch at
// a time. The page holds the first rows; when it does not hold them all
// (data-src), the catalog's data file (internal/site/catalog.go) is loaded
// the first time the reader asks for more, sorts or filters.
//
// An engine sees the rows the build marked visible to it (data-engines:
// the engines whose manual_read returns that file, by audience, allow-set
// and cascade); the tool filter keeps the manuals that require a tool
// ("-": those that require none).

// batch is how many more rows "Show more" (or scrolling to it) renders.
const batch = 200;
const columns = 7;

export function initCatalog(table, ui) {
  if (!table || !table.tHead) return;
  const src = table.dataset.src || '';
  let rows = [...table.querySelectorAll('tbody tr:not(.group-head)')].map(fromRow);
  let loaded = src === '';
  let loading = null;
  const st = {
    format: '', engine: '', tool: '',
    folder: new URLSearchParams(location.search).get('folder') || '',
    sort: '', dir: 1,
    limit: Number(table.dataset.shown) || rows.length,
  };

  const load = () => {
    if (loaded) return Promise.resolve();
    loading ??= fetch(src)
      .then((res) => {
        if (!res.ok) throw new Error(`${src}: HTTP ${res.status}`);
        return res.json();
      })
      .then((d) => {
        rows = d.rows.map((r) => ({
          name: r[0], where: r[1], url: r[2], folder: d.folders[r[3]], format: r[4], summary: r[5], audience: r[6],
          engines: r[7].map((i) => d.engines[i]), tools: r[8].map((i) => d.tools[i]),
          lines: r[9], errors: r[10], warnings: r[11], dir: d.folders[r[12]], el: null,
        }));
        loaded = true;
      })
      .catch((err) => {
        loading = null;
        if (ui.count) ui.count.textContent = 'The catalog could not be loaded: serve the site over HTTP (lore serve).';
        throw err;
      });
    return loading;
  };

  const matches = (r) =>
    (!st.format || r.format === st.format) &&
    (!st.engine || r.engines.includes(st.engine)) &&
    (!st.tool || (st.tool === '-' ? r.tools.length === 0 : r.tools.includes(st.tool))) &&
    (!st.folder || r.dir === st.folder || r.dir.startsWith(st.folder + '/'));

  const keys = {
    name: (a, b) => a.name.localeCompare(b.name) || a.folder.localeCompare(b.folder),
    format: (a, b) => a.format.localeCompare(b.format),
    lines: (a, b) => a.lines - b.lines,
    findings: (a, b) => a.errors - b.errors || a.warnings - b.warnings,
  };

  const render = () => {
    let list = rows.filter(matches);
    if (st.sort) {
      const cmp = keys[st.sort];
      list = list.map((r, i) => [r, i]).sort((x, y) => st.dir * cmp(x[0], y[0]) || x[1] - y[1]).map((x) => x[0]);
    }
    const shown = list.slice(0, st.limit);
    const bodies = [];
    if (st.sort) {
      const tb = document.createElement('tbody');
      tb.append(...shown.map(rowEl));
      bodies.push(tb);
    } else {
      const counts = new Map();
      for (const r of list) counts.set(r.folder, (counts.get(r.folder) || 0) + 1);
      let tb = null;
      for (const r of shown) {
        if (!tb || tb.dataset.folder !== r.folder) {
          tb = groupBody(r.folder, counts.get(r.folder));
          bodies.push(tb);
        }
        tb.append(rowEl(r));
      }
    }
    for (const tb of [...table.tBodies]) tb.remove();
    table.append(...bodies);
    status(list.length, shown.length);
  };

  const status = (matching, shown) => {
    if (ui.count) ui.count.textContent = plural(matching, 'manual', 'manuals');
    if (ui.empty) ui.empty.hidden = matching !== 0;
    if (ui.more) ui.more.parentElement.hidden = shown >= matching;
    if (ui.shown) ui.shown.textContent = `${shown.toLocaleString('en')} of ${matching.toLocaleString('en')} shown`;
    if (ui.folder) {
      ui.folder.hidden = !st.folder;
      ui.folder.querySelector('code').textContent = st.folder;
    }
  };

  const update = () => load().then(render, (err) => console.warn('catalog:', err));

  for (const [key, el] of [['format', ui.format], ['engine', ui.engine], ['tool', ui.tool]]) {
    el?.addEventListener('change', () => {
      st[key] = el.value;
      st.limit = batch;
      update();
    });
  }
  for (const button of table.tHead.querySelectorAll('button.sort')) {
    button.addEventListener('click', () => {
      const key = button.dataset.sort;
      // ascending, descending, then back to the folder order
      if (st.sort !== key) [st.sort, st.dir] = [key, 1];
      else if (st.dir === 1) st.dir = -1;
      else st.sort = '';
      for (const th of table.tHead.querySelectorAll('th[aria-sort]')) {
        const k = th.querySelector('button.sort').dataset.sort;
        th.setAttribute('aria-sort', k !== st.sort ? 'none' : st.dir === 1 ? 'ascending' : 'descending');
      }
      update();
    });
  }
  ui.more?.addEventListener('click', () => {
    st.limit += batch;
    update();
  });
  // Scrolling to "Show more" shows more.
  if (ui.more && 'IntersectionObserver' in window) {
    new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !ui.more.parentElement.hidden) ui.more.click();
    }, { rootMargin: '400px' }).observe(ui.more);
  }
  ui.folder?.querySelector('button')?.addEventListener('click', () => {
    st.folder = '';
    const url = new URL(location.href);
    url.searchParams.delete('folder');
    history.replaceState(history.state, '', url.href);
    update();
  });

  if (st.folder) update();
  else status(Number(table.dataset.total), Number(table.dataset.shown));
}

// fromRow reads a row the page holds.
function fromRow(tr) {
  const d = tr.dataset;
  const words = (s) => (s || '').split(' ').filter(Boolean);
  return {
    name: d.name, folder: d.folder, dir: d.dir, format: d.format, engines: words(d.engines), tools: words(d.tools),
    lines: Number(d.lines), errors: Number(d.errors), warnings: Number(d.warnings), el: tr,
  };
}

function groupBody(folder, count) {
  const tb = document.createElement('tbody');
  tb.className = 'group';
  tb.dataset.folder = folder;
  const tr = el('tr', 'group-head');
  const th = el('th');
  th.colSpan = columns;
  th.scope = 'rowgroup';
  th.append(el('span', 'folder', folder), ' ', el('span', 'count', plural(count, 'manual', 'manuals')));
  tr.append(th);
  tb.append(tr);
  return tb;
}

// rowEl returns a row's element, made as theme/layouts/home.html makes it.
function rowEl(r) {
  if (r.el) return r.el;
  const tr = el('tr');
  Object.assign(tr.dataset, {
    name: r.name, folder: r.folder, dir: r.dir, format: r.format, engines: r.engines.join(' '), tools: r.tools.join(' '),
    lines: r.lines, errors: r.errors, warnings: r.warnings,
  });
  const th = el('th');
  th.scope = 'row';
  const a = el('a', '', r.name);
  a.href = r.url;
  th.append(a);
  if (r.where) th.append(' ', el('small', 'where', r.where));
  const tools = el('td', 'opt');
  for (const t of r.tools) tools.append(el('code', 'tool', t), ' ');
  const audience = el('td', 'opt');
  audience.append(r.audience ? r.audience : el('span', 'muted', 'every engine'));
  const findings = el('td', 'num');
  if (r.errors) findings.append(badge('error', r.errors), ' ');
  if (r.warnings) findings.append(badge('warning', r.warnings));
  tr.append(th, el('td', '', r.summary), el('td', 'fmt', r.format), audience, tools, el('td', 'num opt', String(r.lines)), findings);
  r.el = tr;
  return tr;
}

function badge(sev, n) {
  const b = el('span', `badge sev-${sev}`);
  const num = el('span', '', String(n));
  num.setAttribute('aria-hidden', 'true');
  b.append(num, el('span', 'sr-only', plural(n, sev, sev + 's')));
  return b;
}

function el(tag, cls = '', text = '') {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text) e.textContent = text;
  return e;
}

function plural(n, one, many) {
  return n === 1 ? `1 ${one}` : `${n.toLocaleString('en')} ${many}`;
}
