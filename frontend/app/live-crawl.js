// The live crawl page: follows the crawl's event stream (one progress event a second) and its new page records.
// The rate chart covers the crawl's whole run: the server's buckets since the start, then the stream's rates added to
// buckets of the same length; past MAX_POINTS points, pairs merge and the buckets double, so a page left open stays
// flat, as does the tail (at most 200 rows).
import { api, fmt, el, METRICS } from './api.js';
import { lineChart } from './charts.js';

const MAX_POINTS = 600;   // points kept for the rate chart (pairs merge beyond)
const TAIL_ROWS = 200;    // rows kept in the tail
const PAGE_POLL_MS = 2000;
const ANNOUNCE_MS = 30000;
const MIN_RATE_MS = 250;  // shortest time between two rate samples

export function initLiveCrawl() {
  const root = document.querySelector('[data-live-crawl]');
  if (!root) return;
  const id = root.dataset.liveCrawl;
  let after = Number(root.dataset.after || 0);
  let state = root.dataset.state;
  let times = [], rates = [], queued = [];
  // the rate since the crawl's start, rebuilt by the server from the stored records in buckets of `step` seconds
  // (the queue of those times is not known)
  let step = Math.max(1, Number(root.dataset.rateBucket || 1));
  try {
    const history = JSON.parse(root.dataset.rateHistory || '[]');
    const start = Number(root.dataset.rateStart || 0) || Date.now() - history.length * step * 1000;
    history.forEach((r, b) => {
      rates.push(r);
      queued.push(null);
      times.push(new Date(start + b * step * 1000));
    });
  } catch (e) { /* no history: the chart starts with the stream */ }
  // the stream's pages since the last point, and when that point's bucket began
  let bucket = { fetched: 0, from: times.length ? times[times.length - 1].getTime() + step * 1000 : Date.now() };
  const maxPages = Number(root.dataset.maxPages || 0);
  const recent = [];   // the stream's rates of the last 30 events, for the time left
  let last = null;
  let lastAnnounce = 0;
  // the server counted the crawl's records up to data-counted-to; the page adds those stored since
  const statusTable = document.getElementById('status-table');
  const countedTo = Number(statusTable.dataset.countedTo || 0);
  const statusCounts = {};
  for (const tr of statusTable.querySelectorAll('tbody tr')) statusCounts[tr.dataset.class] = Number(tr.dataset.n || 0);
  const tailBody = document.querySelector('#tail tbody');
  const tailBox = document.getElementById('tail-box');
  const pausedNote = document.getElementById('tail-paused');
  const pendingCount = document.getElementById('tail-pending');
  const filter = document.getElementById('tail-filter');
  let pending = [];
  const focus = focusPanel(id);

  const setState = (s) => {
    state = s;
    const badge = document.getElementById('state');
    badge.textContent = s;
    badge.className = 'state state-' + s;
    document.querySelectorAll('#controls [data-when]').forEach((b) => {
      b.closest('form').hidden = !b.dataset.when.split(' ').includes(s);
    });
  };
  setState(state);
  drawStatus();
  if (rates.length) drawRate();
  document.getElementById('controls')?.addEventListener('trawler:done', (e) => e.detail && setState(e.detail.state));

  const active = () => state === 'RUNNING' || state === 'PAUSED';
  const shown = (k) => Number((root.querySelector(`[data-count="${k}"]`)?.textContent || '0').replace(/[^0-9]/g, '')) || 0;
  showProgress({ counts: { fetched: shown('fetched'), queued: shown('queued'), inFlight: shown('inFlight') } });

  function onProgress(v) {
    setState(v.state);
    for (const [k, val] of Object.entries(v.counts)) {
      const cell = root.querySelector(`[data-count="${k}"]`);
      if (cell) cell.textContent = val.toLocaleString();
    }
    const now = Date.now();
    // events can arrive together (a reconnect, the last one of a crawl): a rate needs some time between two
    if (!last || now - last.at >= MIN_RATE_MS) {
      if (last) {
        const rate = Math.max(0, (v.counts.fetched - last.fetched) / ((now - last.at) / 1000));
        recent.push(rate);
        if (recent.length > 30) recent.shift();
        root.querySelector('[data-count="rate"]').textContent = rate.toFixed(1);
        bucket.fetched += Math.max(0, v.counts.fetched - last.fetched);
        if (now - bucket.from >= step * 1000) {
          // a bucket is complete: its rate is a point of the chart (one point per step, as the server's history)
          rates.push(bucket.fetched / ((now - bucket.from) / 1000));
          queued.push(v.counts.queued);
          times.push(new Date(bucket.from));
          bucket = { fetched: 0, from: now };
          if (rates.length > MAX_POINTS) merge();
          drawRate();
        }
      }
      showProgress(v);
      last = { fetched: v.counts.fetched, at: now };
    }
    for (const m of [...METRICS, 'wallClockAcceleration']) {
      const cell = root.querySelector(`[data-metric="${m}"]`);
      if (cell) cell.textContent = fmt(v.metrics[m]);
    }
    const partial = document.getElementById('metrics-partial');
    if (partial) partial.hidden = !v.metrics.partial;
    const lanes = document.getElementById('lanes');
    if (lanes) {
      const total = v.partitions.reduce((a, l) => a + l.fetched, 0) || 1;
      for (const l of v.partitions) {
        const row = lanes.querySelector(`[data-lane="${l.index}"]`);
        if (!row) continue;
        row.children[1].replaceChildren(...(l.node ? [l.node, ...(l.addresses && l.addresses.length
          ? [' ', el('small', { class: 'hint', text: `(${l.addresses.join(', ')})` })] : [])] : [el('span', { class: 'hint', text: 'any' })]));
        row.children[2].textContent = l.fetched.toLocaleString();
        row.children[3].textContent = l.queued.toLocaleString();
        const bar = row.querySelector('.bar');
        bar.style.width = (100 * l.fetched / total).toFixed(1) + '%';
        bar.title = (100 * l.fetched / total).toFixed(0) + ' %';
      }
    }
    if (now - lastAnnounce > ANNOUNCE_MS || !active()) {
      lastAnnounce = now;
      // the figures as the page shows them, never a count the page does not show
      const fig = (k) => root.querySelector(`[data-count="${k}"]`)?.textContent || v.counts[k].toLocaleString();
      document.getElementById('announce').textContent = `${v.state.toLowerCase()}: ${fig('fetched')} fetched, ${fig('queued')} queued, ${fig('errors')} errors`;
    }
  }

  /** Progress over what is known (and the page limit), and the time that remains at the last 30 s's rate. */
  function showProgress(v) {
    const c = v.counts;
    let total = c.fetched + c.queued + c.inFlight;
    if (maxPages > 0) total = Math.min(total, maxPages);
    const done = !active();
    root.querySelector('[data-count="progress"]').textContent = done ? (state === 'FINISHED' ? '100 %' : state.toLowerCase())
      : total > 0 ? `${Math.min(100, (100 * c.fetched) / total).toFixed(0)} %` : '–';
    const known = recent.length ? recent : rates.slice(-Math.max(1, Math.ceil(30 / step)));
    const finite = known.filter((r) => typeof r === 'number' && Number.isFinite(r));
    const rate = finite.length ? finite.reduce((a, b) => a + b, 0) / finite.length : 0;
    const left = Math.max(0, total - c.fetched);
    root.querySelector('[data-count="timeLeft"]').textContent = done ? '–' : state === 'PAUSED' ? 'paused'
      : left === 0 ? 'finishing' : rate > 0 ? duration(left / rate) : '–';
  }

  function duration(seconds) {
    if (seconds < 90) return `${Math.round(seconds)} s`;
    if (seconds < 5400) return `${Math.round(seconds / 60)} min`;
    if (seconds < 172800) return `${(seconds / 3600).toFixed(1)} h`;
    return `${(seconds / 86400).toFixed(1)} days`;
  }

  /** Merges the chart's points in pairs: buckets twice as long, half as many points. */
  function merge() {
    const r = [], q = [], t = [];
    for (let i = 0; i < rates.length; i += 2) {
      const pair = rates.slice(i, i + 2).filter((x) => typeof x === 'number' && Number.isFinite(x));
      r.push(pair.length ? pair.reduce((a, b) => a + b, 0) / pair.length : null);
      q.push(queued[Math.min(i + 1, queued.length - 1)]);
      t.push(times[i]);
    }
    rates = r; queued = q; times = t; step *= 2;
  }

  function drawRate() {
    const svg = document.getElementById('rate-chart');
    const num = (v) => typeof v === 'number' && Number.isFinite(v);
    const qmax = Math.max(1, ...queued.filter(num));
    const rmax = Math.max(1, ...rates.filter(num));
    // queue scaled to the rate axis; the table and summary give both in their own units
    lineChart(svg, [
      { values: rates, cls: 'k0' },
      { values: queued.map((q) => (num(q) ? (q / qmax) * rmax : null)), cls: 'k1' },
    ], { yMax: rmax, yFormat: (x) => x.toFixed(1) });
    const r = num(rates[rates.length - 1]) ? rates[rates.length - 1] : 0;
    const q = queued.filter(num);
    document.getElementById('rate-summary').textContent =
      `Solid: pages a second (last ${r.toFixed(1)}, peak ${rmax.toFixed(1)}); dashed: queued URLs (${q.length ? `last ${q[q.length - 1]}, scaled` : 'known while the page is open'}).`
      + ` The crawl's run: ${duration(rates.length * step)} since ${times.length ? times[0].toLocaleTimeString() : 'its start'}, a point every ${duration(step)}.`;
    {
      const body = document.querySelector('#rate-table tbody');
      const rows = [];
      for (let i = Math.max(0, rates.length - 30); i < rates.length; i++) {
        rows.push(el('tr', {}, el('td', { text: times[i].toLocaleTimeString() }), el('td', { text: num(rates[i]) ? rates[i].toFixed(1) : '–' }),
          el('td', { text: num(queued[i]) ? String(queued[i]) : '–' })));
      }
      body.replaceChildren(...rows.reverse());
    }
  }

  function statusClass(p) {
    return p.status >= 200 && p.status < 600 ? `${Math.floor(p.status / 100)}xx` : 'none';
  }

  function drawStatus() {
    const total = Object.values(statusCounts).reduce((a, b) => a + b, 0) || 1;
    for (const [k, n] of Object.entries(statusCounts)) {
      const row = document.querySelector(`#status-table [data-class="${k}"]`);
      row.children[1].textContent = n.toLocaleString();
      row.querySelector('.bar').style.width = (100 * n / total).toFixed(1) + '%';
    }
  }

  function row(p) {
    const link = el('a', { href: `/ui/pages/${p.id}`, text: p.url });
    const time = p.fetchedAt ? new Date(p.fetchedAt).toLocaleTimeString() : '';
    return el('tr', {}, el('td', { text: time }), el('td', { text: String(p.status) }), el('td', { text: p.outcome }),
      el('td', { text: `C${p.partition + 1}` }), el('td', { class: 'url' }, link));
  }

  function matches(tr) {
    const q = filter.value.trim().toLowerCase();
    return !q || tr.textContent.toLowerCase().includes(q);
  }

  function addRows(pages) {
    for (const p of pages) {
      const tr = row(p);
      tr.hidden = !matches(tr);
      tailBody.prepend(tr);
    }
    while (tailBody.children.length > TAIL_ROWS) tailBody.lastElementChild.remove();
  }

  const scrolled = () => tailBox.scrollTop > 4;
  tailBox.addEventListener('scroll', () => {
    if (!scrolled() && pending.length) flush();
  });
  function flush() {
    addRows(pending);
    pending = [];
    pausedNote.hidden = true;
  }
  document.getElementById('tail-resume').addEventListener('click', () => { tailBox.scrollTop = 0; flush(); });
  filter.addEventListener('input', () => { for (const tr of tailBody.children) tr.hidden = !matches(tr); });

  let polling = true;
  let quietPolls = 0;
  async function pollPages() {
    if (!polling) return;
    try {
      const res = await api('GET', `/api/v1/crawls/${id}/pages?after=${after}&limit=500`);
      for (const p of res.pages) if (p.id > countedTo) statusCounts[statusClass(p)]++;
      if (focus) focus.add(res.pages);
      if (res.pages.length) {
        after = res.pages[res.pages.length - 1].id;
        drawStatus();
        if (scrolled()) {
          pending.push(...res.pages);
          if (pending.length > TAIL_ROWS) pending = pending.slice(-TAIL_ROWS);
          pendingCount.textContent = String(pending.length);
          pausedNote.hidden = false;
        } else {
          addRows(res.pages);
        }
      }
      // after the end, records of pages that were in flight still arrive: follow until 5 polls in a row bring none
      if (!active()) {
        quietPolls = res.pages.length ? 0 : quietPolls + 1;
        if (quietPolls >= 5) polling = false;
      }
    } catch (e) {
      // a failed poll is tried again at the next tick
    }
    if (polling) setTimeout(pollPages, PAGE_POLL_MS);
  }
  setTimeout(pollPages, PAGE_POLL_MS);

  // the hosts table follows the stored records while the crawl runs (every 10 s), as the server rendered it
  const HOSTS_POLL_MS = 10000;
  const hostTable = document.getElementById('host-stats');
  const bytes = (n) => {
    if (n < 1000) return `${n} B`;
    const units = ['kB', 'MB', 'GB', 'TB'];
    let v = n, u = -1;
    while (v >= 1000 && u < units.length - 1) { v /= 1000; u++; }
    return `${v < 10 ? v.toFixed(1) : v.toFixed(0)} ${units[u]}`;
  };
  const ms = (x) => (x === null || x === undefined ? '–' : x < 1000 ? `${x.toFixed(0)} ms` : `${(x / 1000).toFixed(1)} s`);
  async function pollHosts() {
    if (!hostTable || !active()) return;
    try {
      const listing = await api('GET', `/api/v1/crawls/${id}/host-stats?limit=${hostTable.tBodies[0].rows.length || 20}`);
      hostTable.tBodies[0].replaceChildren(...listing.hosts.map((h) => el('tr', {},
        el('th', { scope: 'row', class: 'url' }, el('a', { href: `/ui/crawls/${id}/hosts/${encodeURIComponent(h.host)}`, text: h.host })),
        ...[h.pages, h.c2xx, h.c3xx, h.c4xx, h.c5xx, h.other].map((n) => el('td', { text: n.toLocaleString() })),
        el('td', { text: bytes(h.bytes) }), el('td', { text: ms(h.meanFetchMs) }))));
    } catch (e) { /* the next poll tries again */ }
    setTimeout(pollHosts, HOSTS_POLL_MS);
  }
  setTimeout(pollHosts, HOSTS_POLL_MS);

  const hostsBody = document.querySelector('#hosts tbody');
  async function pollHosts() {
    if (!active()) {
      hostsBody.replaceChildren(el('tr', {}, el('td', { colspan: 4, class: 'hint', text: 'The crawl has ended: no host has work.' })));
      return;
    }
    try {
      const hosts = await api('GET', `/api/v1/crawls/${id}/hosts?limit=10`);
      const now = Date.now();
      hostsBody.replaceChildren(...(hosts.length ? hosts.map((h) => el('tr', {},
        el('td', { class: 'url' }, el('a', { href: `/ui/crawls/${encodeURIComponent(id)}/hosts/${encodeURIComponent(h.host)}`, text: h.host })),
        el('td', { text: `C${h.partition + 1}` }), el('td', { text: h.queued.toLocaleString() }),
        el('td', { text: h.nextFetchAt <= now ? 'now' : `in ${((h.nextFetchAt - now) / 1000).toFixed(1)} s` }))) :
        [el('tr', {}, el('td', { colspan: 4, class: 'hint', text: 'No host is waiting: every host with work is being fetched.' }))]));
    } catch (e) {
      // tried again at the next tick
    }
    setTimeout(pollHosts, 5000);
  }
  pollHosts();

  if (active()) {
    const events = new EventSource(`/api/v1/crawls/${id}/events`);
    events.addEventListener('progress', (e) => {
      const v = JSON.parse(e.data);
      onProgress(v);
      if (!active()) events.close();   // the server ends the stream; do not reconnect
    });
    window.addEventListener('pagehide', () => events.close());
  } else {
    api('GET', `/api/v1/crawls/${id}`).then(onProgress).catch(() => {});
  }
}

/**
 * A focused crawl's harvest panel: the server's counts up to data-up-to and its harvest points, then every record the
 * page reads with a relevance: counts, the harvest chart (relevant pages against pages measured) and the ten most
 * relevant pages.
 */
function focusPanel(id) {
  const box = document.getElementById('focus');
  if (!box) return null;
  const upTo = Number(box.dataset.upTo || 0);
  let points = [];
  try { points = JSON.parse(box.dataset.harvest || '[]'); } catch (e) { points = []; }
  const shown = (k) => box.querySelector(`[data-focus="${k}"]`);
  let relevant = Number(shown('relevant').textContent);
  let irrelevant = Number(shown('irrelevant').textContent);
  const best = [...box.querySelectorAll('#best-pages li')].map((li) => ({ node: li, relevance: Number(li.dataset.relevance) }));
  const svg = document.getElementById('harvest-chart');
  const summary = document.getElementById('harvest-summary');

  function draw() {
    // at most 100 points, evenly spread over the pages measured
    const n = points.length;
    const step = Math.max(1, Math.ceil(n / 100));
    const sample = points.filter((_, i) => i % step === step - 1 || i === n - 1);
    lineChart(svg, [{ values: sample.map((p) => p[1]), cls: 'k0' }],
      { xLabels: sample.map((p, i) => (i === 0 || i === sample.length - 1 ? String(p[0]) : '')) });
    const m = relevant + irrelevant;
    shown('relevant').textContent = String(relevant);
    shown('irrelevant').textContent = String(irrelevant);
    shown('rate').textContent = m ? `${(100 * relevant / m).toFixed(1)} %` : '–';
    summary.textContent = m ? `${relevant} relevant of ${m} pages measured: relevant pages (y) against pages measured (x).`
      : 'No page measured yet.';
  }

  function add(pages) {
    let changed = false;
    for (const p of pages) {
      if (p.id <= upTo || p.relevance === undefined || p.relevance === null) continue;
      if (p.relevant) relevant++; else irrelevant++;
      points.push([relevant + irrelevant, relevant]);
      changed = true;
      if (best.length < 10 || p.relevance > best[best.length - 1].relevance) {
        const li = el('li', { 'data-relevance': p.relevance },
          el('a', { class: 'url', href: `/ui/pages/${encodeURIComponent(p.id)}`, text: p.url }), ' ',
          el('span', { class: 'hint', text: p.relevance.toFixed(3) }));
        best.push({ node: li, relevance: p.relevance });
        best.sort((a, b) => b.relevance - a.relevance);
        if (best.length > 10) best.pop();
        document.getElementById('best-pages').replaceChildren(...best.map((b) => b.node));
      }
    }
    if (points.length > 5000) points = points.filter((_, i) => i % 2 === 1);   // keep the page flat
    if (changed) draw();
  }

  draw();
  return { add };
}
