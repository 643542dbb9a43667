// Zoom and pan for the reference graph (graph.html): the drawing fits its
// frame (the width of the page, at most three quarters of the window's
// height); a drawing that would shrink its nodes below a readable, touchable
// size (minScale) starts at that size instead, at its top. The toolbar's
// buttons, + and − (and 0 to fit) on the focused frame, Ctrl or ⌘ with the
// wheel zoom; dragging and the arrow keys pan. Everything changes the SVG's
// viewBox, so text stays sharp.
const minScale = 1.1; // a node 22 units high: 24 px, the smallest touch target (WCAG 2.5.8)

export function initGraph(wrap, tools) {
  const svg = wrap?.querySelector('svg.graph');
  if (!svg) return;
  const vb = svg.viewBox.baseVal;
  const full = { x: vb.x, y: vb.y, w: vb.width, h: vb.height };
  svg.dataset.full = `${full.x} ${full.y} ${full.w} ${full.h}`;
  // The frame is as wide as the page and as high as the fitted drawing, or
  // as the drawing at minScale, up to three quarters of the window.
  const fitted = svg.getBoundingClientRect();
  const box = { width: fitted.width, height: Math.max(fitted.height, Math.min(full.h * minScale, innerHeight * 0.75)) };
  svg.style.height = `${box.height}px`;
  let view = { ...full };
  const scale = Math.min(box.width / full.w, box.height / full.h);
  if (scale < minScale) {
    const w = box.width / minScale;
    const h = box.height / minScale;
    view = { x: full.x + Math.max(0, (full.w - w) / 2), y: full.y, w, h };
  }
  const apply = () => svg.setAttribute('viewBox', `${view.x} ${view.y} ${view.w} ${view.h}`);
  const zoom = (f, cx = view.x + view.w / 2, cy = view.y + view.h / 2) => {
    const w = Math.min(full.w * 4, Math.max(full.w / 40, view.w / f));
    const k = w / view.w;
    view = { x: cx - (cx - view.x) * k, y: cy - (cy - view.y) * k, w, h: view.h * k };
    apply();
  };
  const fit = () => {
    view = { ...full };
    apply();
  };
  apply();
  const pan = (dx, dy) => {
    view.x += dx;
    view.y += dy;
    apply();
  };
  if (tools) {
    tools.hidden = false;
    tools.addEventListener('click', (e) => {
      const b = e.target.closest('button[data-zoom]');
      if (!b) return;
      if (b.dataset.zoom === 'in') zoom(1.5);
      else if (b.dataset.zoom === 'out') zoom(1 / 1.5);
      else fit();
    });
  }
  // The point of the drawing under a mouse event.
  const at = (e) => {
    const r = svg.getBoundingClientRect();
    const s = Math.max(view.w / r.width, view.h / r.height);
    const ox = (r.width * s - view.w) / 2;
    const oy = (r.height * s - view.h) / 2;
    return [view.x + (e.clientX - r.left) * s - ox, view.y + (e.clientY - r.top) * s - oy, s];
  };
  wrap.addEventListener('wheel', (e) => {
    if (!e.ctrlKey && !e.metaKey) return;
    e.preventDefault();
    const [x, y] = at(e);
    zoom(e.deltaY < 0 ? 1.2 : 1 / 1.2, x, y);
  }, { passive: false });
  let drag = null;
  wrap.addEventListener('pointerdown', (e) => {
    if (e.button !== 0 || e.target.closest('a')) return;
    drag = { x: e.clientX, y: e.clientY, s: at(e)[2] };
    wrap.setPointerCapture(e.pointerId);
    wrap.classList.add('dragging');
  });
  wrap.addEventListener('pointermove', (e) => {
    if (!drag) return;
    pan((drag.x - e.clientX) * drag.s, (drag.y - e.clientY) * drag.s);
    drag.x = e.clientX;
    drag.y = e.clientY;
  });
  const stop = () => {
    drag = null;
    wrap.classList.remove('dragging');
  };
  wrap.addEventListener('pointerup', stop);
  wrap.addEventListener('pointercancel', stop);
  wrap.addEventListener('keydown', (e) => {
    if (e.target !== wrap) return;
    const step = view.w / 10;
    const keys = {
      '+': () => zoom(1.5), '=': () => zoom(1.5), '-': () => zoom(1 / 1.5), '0': fit,
      ArrowLeft: () => pan(-step, 0), ArrowRight: () => pan(step, 0), ArrowUp: () => pan(0, -step), ArrowDown: () => pan(0, step),
    };
    if (keys[e.key]) {
      e.preventDefault();
      keys[e.key]();
    }
  });
}
