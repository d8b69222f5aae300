// The UI's scripts, bundled by the web bundler from frontend/ (no Node at run time, no CDN): htmx for fragment
// swaps, and one module per interactive page, each starting only where its page is.
import 'htmx.org';
import { initApiForms } from './forms.js';
import { initLiveCrawl } from './live-crawl.js';
import { initDashboard } from './dashboard.js';
import { initPartitionEditor } from './partition-editor.js';
import { initFreshness } from './freshness.js';

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

function start() {
  localTimes();
  initApiForms();
  initLiveCrawl();
  initDashboard();
  initPartitionEditor();
  initFreshness();
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
