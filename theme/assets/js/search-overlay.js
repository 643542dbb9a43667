// The search results float over the page under the box (they never push
// it down): they show while the box holds a query and the reader is in
// the search, and close with Escape, a click elsewhere or focus leaving
// the search. "/" and Ctrl/⌘+K go to the box from anywhere.
export function initOverlay(input, results) {
  const box = input.closest('.search-box') || input.parentElement;
  let open = false;
  const set = (o) => {
    open = o && input.value.trim() !== '';
    results.hidden = !open;
  };
  const close = () => set(false);
  input.addEventListener('input', () => set(true));
  input.addEventListener('focus', () => set(true));
  box.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    if (open) {
      close();
      input.focus();
      // Focusing the box must not reopen what Escape closed.
      set(false);
    } else if (document.activeElement === input) {
      input.value = '';
      input.dispatchEvent(new Event('input'));
      set(false);
    }
  });
  box.addEventListener('focusout', (e) => {
    if (!box.contains(e.relatedTarget)) close();
  });
  document.addEventListener('pointerdown', (e) => {
    if (open && !box.contains(e.target)) close();
  });
  document.addEventListener('keydown', (e) => {
    const typing = e.target.closest?.('input, textarea, select, [contenteditable]');
    const shortcut = (e.key === 'k' || e.key === 'K') && (e.ctrlKey || e.metaKey) && !e.altKey;
    if (shortcut || (e.key === '/' && !typing && !e.ctrlKey && !e.metaKey && !e.altKey)) {
      e.preventDefault();
      input.focus();
      input.select();
      set(true);
    }
  });
  // A ?q= link opens with its results showing.
  set(input.value.trim() !== '');
}
