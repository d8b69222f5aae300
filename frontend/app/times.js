// Times as the reader reads them.

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
