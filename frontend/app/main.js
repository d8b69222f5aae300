// The UI's scripts, bundled by the web bundler from frontend/ (no Node at run time, no CDN): htmx for fragment
// swaps, and one module per interactive page, each starting only where its page is.
import 'htmx.org';
import { initApiForms } from './forms.js';
import { initLiveCrawl } from './live-crawl.js';
import { initDashboard } from './dashboard.js';
import { initPartitionEditor } from './partition-editor.js';
import { initFreshness } from './freshness.js';
import { initTokens } from './tokens.js';
import { initCrawlLog } from './crawl-log.js';
import { localTimes, scrollableTables } from './times.js';

function start() {
  localTimes();
  initApiForms();
  initLiveCrawl();
  initDashboard();
  initPartitionEditor();
  initFreshness();
  initTokens();
  initCrawlLog();
  scrollableTables();
  window.addEventListener('resize', () => scrollableTables());
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
