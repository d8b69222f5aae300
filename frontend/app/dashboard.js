// The dashboard, kept current by one poll every few seconds of /ui/dashboard.json: active crawls (a crawl started
// elsewhere appears, an ended one leaves) with a rate sparkline, alerts for a crawl that stalls (nothing fetched for
// a minute with URLs queued) or fails more than 10 % of fetches and for a worker that stopped heart-beating, and the
// workers with their last heartbeat and load.
import { api, el } from './api.js';
import { sparkline, svgEl } from './charts.js';

const POLL_MS = 3000;
const STALL_MS = 60000;
const ERROR_RATE = 0.10;
const RATES = 100;
const MIN_RATE_MS = 250;   // shortest time between two rate samples

export function initDashboard() {
  const root = document.querySelector('[data-dashboard]');
  if (!root) return;
  const body = document.getElementById('crawl-rows');
  const alerts = document.getElementById('alerts');
  const crawls = new Map();   // crawl id → its row and what the rate and stall alert need
  const alertItems = new Map([...alerts.querySelectorAll('li[data-key]')].map((li) => [li.dataset.key, li]));
  const follow = (row, fetched, now) => ({ row, rates: [], fetched, at: now, progressAt: now });
  for (const row of body.querySelectorAll('tr[data-crawl]')) {
    crawls.set(row.dataset.crawl, follow(row, Number(row.dataset.fetched), Date.now()));
    for (const f of ['fetched', 'queued']) {
      const cell = row.querySelector(`[data-field="${f}"]`);
      cell.textContent = Number(cell.textContent).toLocaleString();
    }
  }
  showNoAlerts();

  function showNoAlerts() {
    document.getElementById('no-alerts').hidden = alerts.children.length > 0;
  }

  function setAlert(key, text) {
    const li = alertItems.get(key);
    if (li && li.textContent === text) return;
    li?.remove();
    alertItems.delete(key);
    if (text) {
      const item = el('li', { class: 'alert', 'data-key': key, text });
      alertItems.set(key, item);
      alerts.append(item);
    }
    showNoAlerts();
  }

  function newRow(c) {
    const link = el('a', { href: `/ui/crawls/${encodeURIComponent(c.id)}`, text: c.siteName });
    return el('tr', { 'data-crawl': c.id },
      el('td', { 'data-label': 'Site' }, link, c.lanes > 1 ? ' ' : null, c.lanes > 1 ? el('span', { class: 'tag', text: `${c.lanes} lanes` }) : null),
      el('td', { 'data-label': 'State' }, el('span', { class: `state state-${c.state}`, 'data-field': 'state', text: c.state })),
      el('td', { 'data-label': 'Fetched', 'data-field': 'fetched' }), el('td', { 'data-label': 'Queued', 'data-field': 'queued' }),
      el('td', { 'data-label': 'Done' }, el('progress', { max: 100, value: 0, 'aria-label': `${c.siteName}: share of known URLs fetched`, 'data-field': 'progress' }),
        ' ', el('span', { 'data-field': 'percent' })),
      el('td', { 'data-label': 'Rate' }, svgSpark(), ' ', el('span', { 'data-field': 'rate', text: '–' })),
      el('td', { 'data-label': 'Errors', 'data-field': 'errors' }));
  }

  const svgSpark = () => svgEl('svg', { class: 'spark', 'data-field': 'spark', viewBox: '0 0 100 24', role: 'img', 'aria-label': 'fetch rate, last minutes' });

  function update(s, c, now) {
    const field = (f) => s.row.querySelector(`[data-field="${f}"]`);
    if (c.counts.fetched > s.fetched) s.progressAt = now;
    if (now - s.at >= MIN_RATE_MS) {
      // a row just added has no rate yet: it needs two polls some time apart
      const rate = Math.max(0, (c.counts.fetched - s.fetched) / ((now - s.at) / 1000));
      s.fetched = c.counts.fetched;
      s.at = now;
      s.rates.push(rate);
      if (s.rates.length > RATES) s.rates.shift();
      field('rate').textContent = rate.toFixed(1) + '/s';
      sparkline(field('spark'), s.rates);
    }
    const total = c.counts.fetched + c.counts.queued + c.counts.inFlight;
    const pct = total ? Math.round(100 * c.counts.fetched / total) : 0;
    const attempts = c.counts.fetched + c.counts.errors;
    const errorRate = attempts ? c.counts.errors / attempts : 0;
    field('state').textContent = c.state;
    field('state').className = `state state-${c.state}`;
    field('fetched').textContent = c.counts.fetched.toLocaleString();
    field('queued').textContent = c.counts.queued.toLocaleString();
    field('progress').value = pct;
    field('progress').setAttribute('aria-label', `${c.siteName}: ${pct} % of known URLs fetched`);
    field('percent').textContent = pct + ' %';
    field('errors').textContent = (100 * errorRate).toFixed(1) + ' %';
    if (c.state === 'RUNNING' && c.counts.queued > 0 && now - s.progressAt > STALL_MS) {
      // worded without running figures, so that the polite live region announces it once
      setAlert(`crawl:${c.id}`, `${c.siteName}: nothing fetched for over a minute with URLs queued.`);
    } else if (attempts >= 20 && errorRate > ERROR_RATE) {
      setAlert(`crawl:${c.id}`, `${c.siteName}: more than ${Math.round(100 * ERROR_RATE)} % of fetches fail.`);
    } else {
      setAlert(`crawl:${c.id}`, null);
    }
  }

  function showCrawls(list, now) {
    const seen = new Set();
    for (const c of list) {
      seen.add(c.id);
      let s = crawls.get(c.id);
      if (!s) {
        s = follow(newRow(c), c.counts.fetched, now);
        body.append(s.row);
        crawls.set(c.id, s);
      }
      update(s, c, now);
    }
    for (const [id, s] of crawls) {
      if (!seen.has(id)) {
        s.row.remove();
        crawls.delete(id);
        setAlert(`crawl:${id}`, null);
      }
    }
    document.getElementById('crawl-table').hidden = crawls.size === 0;
    document.getElementById('no-crawls').hidden = crawls.size > 0;
  }

  function showWorkers(workers) {
    const rows = workers.map((w) => el('tr', {},
      el('td', { text: w.name }),
      el('td', { text: w.node }),
      w.addresses.length ? el('td', { text: w.addresses.join(', ') }) : el('td', {}, el('span', { class: 'hint', text: "the system's" })),
      el('td', {}, w.stale ? el('span', { class: 'state state-FAILED', text: 'silent' }) : null, w.stale ? ' ' : null, `${w.secondsAgo} s ago`),
      el('td', { text: `${w.inFlight} / ${w.concurrency}` }), el('td', { text: String(w.crawls) }), el('td', { text: String(w.pages) })));
    document.getElementById('worker-rows').replaceChildren(...rows);
    document.getElementById('worker-table').hidden = workers.length === 0;
    document.getElementById('no-workers').hidden = workers.length > 0;
    const silent = new Set();
    for (const w of workers) {
      if (!w.stale) continue;
      silent.add(`worker:${w.name}`);
      // one alert per silent worker, not re-announced every tick (the table says how long ago)
      setAlert(`worker:${w.name}`, `Worker ${w.name} stopped heart-beating.`);
    }
    for (const key of [...alertItems.keys()]) if (key.startsWith('worker:') && !silent.has(key)) setAlert(key, null);
  }

  async function poll() {
    if (document.hidden) {
      // a dashboard in a background tab neither polls nor keeps its session from going idle
      document.addEventListener('visibilitychange', poll, { once: true });
      return;
    }
    try {
      const live = await api('GET', '/ui/dashboard.json');
      const now = Date.now();
      showCrawls(live.crawls, now);
      showWorkers(live.workers);
    } catch (e) {
      // tried again at the next tick
    }
    setTimeout(poll, POLL_MS);
  }
  setTimeout(poll, POLL_MS);
}
