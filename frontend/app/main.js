// The UI's scripts, bundled by the web bundler from frontend/ (no Node at run time, no CDN): htmx for fragment
// swaps, and one module per interactive page, each starting only where its page is.
import 'htmx.org';
import { initApiForms } from './forms.js';
import { initLiveCrawl } from './live-crawl.js';
import { initDashboard } from './dashboard.js';
import { initPartitionEditor } from './partition-editor.js';
import { initFreshness } from './freshness.js';

function start() {
  initApiForms();
  initLiveCrawl();
  initDashboard();
  initPartitionEditor();
  initFreshness();
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
