// The crawl log followed live (templates/CrawlLogPage/log.html): while "Follow live" is on, the lines stored after the
// last one shown are asked for every two seconds, with the page's filters, and added at the bottom; the view keeps
// the newest 1,000 lines and stays at the bottom when it was there. It stops a few requests after the crawl has ended.
import { localTimes, scrollableTables } from './times.js';

const EVERY_MS = 2000;
const KEEP = 1000;

export function initCrawlLog() {
  const box = document.querySelector('[data-crawl-log]');
  if (!box) return;
  const follow = box.querySelector('input[data-follow]');
  if (!follow) return;
  const status = box.querySelector('[data-follow-status]');
  const body = document.querySelector('[data-log-rows]');
  const table = body.closest('.table-wrap');
  const empty = document.querySelector('[data-log-empty]');
  let last = box.dataset.lastId;
  let looping = false;
  let endedSeen = 0;

  async function poll() {
    if (!follow.checked) { looping = false; return; }
    looping = true;
    let more = false;
    try {
      const res = await fetch(`/ui/crawls/${encodeURIComponent(box.dataset.crawlLog)}/pages/rows?after=${encodeURIComponent(last)}${box.dataset.query}`,
        { credentials: 'same-origin', headers: { Accept: 'text/html' } });
      if (res.status === 401 || res.redirected) { location.reload(); return; }
      if (!res.ok) throw new Error(`the server answered ${res.status}`);
      const html = await res.text();
      const atBottom = window.innerHeight + window.scrollY >= document.body.scrollHeight - 40;
      const tpl = document.createElement('template');
      tpl.innerHTML = html;   // rendered and escaped by the server's template
      const rows = tpl.content.querySelectorAll('tr');
      if (rows.length > 0) {
        body.append(...rows);
        while (body.rows.length > KEEP) body.deleteRow(0);
        localTimes(body);
        scrollableTables();
        table.hidden = false;
        if (empty) empty.hidden = true;
        if (atBottom) window.scrollTo(0, document.body.scrollHeight);
      }
      last = res.headers.get('Trawler-Last-Id') || last;
      more = rows.length >= 200;
      const ended = res.headers.get('Trawler-Crawl-Ended') === 'true';
      endedSeen = ended && rows.length === 0 ? endedSeen + 1 : 0;
      if (endedSeen >= 3) {
        follow.checked = false;
        follow.disabled = true;
        status.textContent = 'The crawl has ended: every line is shown.';
        looping = false;
        return;
      }
      status.textContent = rows.length > 0 ? `${rows.length} new line${rows.length === 1 ? '' : 's'}` : 'Following…';
    } catch (e) {
      status.textContent = `Not updated: ${e.message}. Trying again.`;
    }
    setTimeout(poll, more ? 0 : EVERY_MS);
  }

  follow.addEventListener('change', () => {
    if (follow.checked && box.dataset.tail !== 'true') {
      // follow from the newest lines, not from an older page of the log
      location.assign(`${location.pathname}?tail=1${box.dataset.query}`);
      return;
    }
    if (follow.checked && !looping) poll();
    if (!follow.checked) status.textContent = '';
  });
  if (follow.checked) poll();
}
