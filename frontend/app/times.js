// How pages read: times in the reader's zone, and tables too wide for the screen that keyboard users can scroll.

/**
 * Timestamps in the reader's time zone: the server writes each as <time datetime="ISO instant">; it is shown in the
 * browser's zone and locale, the instant in UTC kept as its title.
 */
export function localTimes(root = document) {
  root.querySelectorAll('time[datetime]').forEach((t) => {
    const at = new Date(t.getAttribute('datetime'));
    if (Number.isNaN(at.getTime()) || t.dataset.local) return;
    t.title = at.toISOString();
    t.textContent = t.dataset.format === 'time' ? at.toLocaleTimeString()
      : at.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
    t.dataset.local = '1';
  });
}

/**
 * A table too wide for the screen scrolls inside its .table-wrap: such a wrapper is made a focusable, named region so
 * that keyboard users can scroll it too (WCAG 2.1.1); one that fits is left out of the tab order. Called at load, on
 * resize, and by scripts that add rows.
 */
export function scrollableTables(root = document) {
  root.querySelectorAll('.table-wrap').forEach((wrap) => {
    const scrolls = wrap.scrollWidth > wrap.clientWidth + 1;
    if (scrolls && !wrap.hasAttribute('tabindex')) {
      wrap.setAttribute('tabindex', '0');
      wrap.dataset.madeFocusable = '1';
      if (!wrap.hasAttribute('role')) wrap.setAttribute('role', 'region');
      if (!wrap.hasAttribute('aria-label') && !wrap.hasAttribute('aria-labelledby')) {
        const table = wrap.querySelector('table');
        const caption = table?.caption?.textContent;
        const heading = wrap.closest('section')?.querySelector('h2, h3')?.textContent;
        wrap.setAttribute('aria-label', `${(caption || heading || 'Table').trim()} (scrolls sideways)`);
      }
    } else if (!scrolls && wrap.dataset.madeFocusable) {
      wrap.removeAttribute('tabindex');
      delete wrap.dataset.madeFocusable;
    }
  });
}
