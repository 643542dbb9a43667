// Navigation helpers: the menu button that opens the site navigation on
// narrow screens, the on-page contents (open beside the text on wide
// screens), and scroll regions made reachable from the keyboard.

// initNav wires the menu button (aria-controls names the navigation).
export function initNav(button) {
  const nav = button && document.getElementById(button.getAttribute('aria-controls'));
  if (!nav) return;
  const set = (open) => {
    button.setAttribute('aria-expanded', String(open));
    nav.classList.toggle('open', open);
  };
  button.addEventListener('click', () => {
    const open = button.getAttribute('aria-expanded') !== 'true';
    set(open);
    if (open) nav.querySelector('a')?.focus();
  });
  nav.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && nav.classList.contains('open')) {
      set(false);
      button.focus();
    }
  });
}

// initTOC opens the on-page contents where they stand beside the text.
export function initTOC(details, wide) {
  if (details && matchMedia(wide).matches) details.open = true;
}

// scrollables are what may scroll sideways: tables, code and prompts, the
// graph.
const scrollables = '.table-wrap, .prose table, pre, .graph-wrap:not(.graph-full)';

// initScrollRegions makes every region that scrolls sideways focusable and
// names it, so a keyboard can scroll it (and does so again on resize).
export function initScrollRegions(root = document) {
  const mark = () => {
    const seen = { code: 0, table: 0 };
    for (const el of root.querySelectorAll(scrollables)) {
      const over = el.scrollWidth > el.clientWidth + 1;
      if (over && !el.hasAttribute('tabindex')) {
        // Regions need names of their own: "Code 2 (scrolls sideways)".
        const kind = el.tagName === 'PRE' ? 'code' : 'table';
        seen[kind]++;
        el.setAttribute('tabindex', '0');
        el.dataset.scrollRegion = el.getAttribute('role') || '';
        if (!el.hasAttribute('role')) el.setAttribute('role', 'region');
        if (!el.hasAttribute('aria-label')) {
          el.setAttribute('aria-label', label(el, seen[kind]));
          el.dataset.scrollLabel = '';
        }
      } else if (!over && 'scrollRegion' in el.dataset) {
        el.removeAttribute('tabindex');
        if (el.dataset.scrollRegion) el.setAttribute('role', el.dataset.scrollRegion);
        else el.removeAttribute('role');
        if ('scrollLabel' in el.dataset) el.removeAttribute('aria-label');
        delete el.dataset.scrollRegion;
        delete el.dataset.scrollLabel;
      }
    }
  };
  mark();
  let timer = 0;
  addEventListener('resize', () => {
    clearTimeout(timer);
    timer = setTimeout(mark, 150);
  });
}

function label(el, n) {
  if (el.tagName === 'PRE') return `Code ${n} (scrolls sideways)`;
  const caption = el.querySelector('caption')?.textContent.trim();
  return `${caption || `Table ${n}`} (scrolls sideways)`;
}
