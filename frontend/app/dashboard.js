// The dashboard's active crawls: polled every few seconds (no event stream per row), with a rate sparkline and
// alerts for a crawl that stalls (nothing fetched for a minute with URLs queued) or fails more than 10 % of fetches.
import { api, el } from './api.js';
import { sparkline } from './charts.js';

const POLL_MS = 3000;
const STALL_MS = 60000;
const ERROR_RATE = 0.10;

export function initDashboard() {
  const root = document.querySelector('[data-dashboard]');
  if (!root) return;
  const rows = [...document.querySelectorAll('tr[data-crawl]')];
  const alerts = document.getElementById('alerts');
  const state = new Map(rows.map((r) => [r.dataset.crawl, { rates: [], fetched: Number(r.dataset.fetched), at: Date.now(), progressAt: Date.now(), alert: null }]));

  function setAlert(id, text) {
    const s = state.get(id);
    if (s.alertText === text) return;
    s.alertText = text;
    s.alert?.remove();
    s.alert = text ? el('li', { class: 'alert', text }) : null;
    if (s.alert) alerts.append(s.alert);
    document.getElementById('no-alerts').hidden = alerts.children.length > 0;
  }

  async function poll() {
    await Promise.all(rows.map(async (row) => {
      const id = row.dataset.crawl;
      const s = state.get(id);
      try {
        const v = await api('GET', `/api/v1/crawls/${id}`);
        const now = Date.now();
        const rate = Math.max(0, (v.counts.fetched - s.fetched) / ((now - s.at) / 1000));
        if (v.counts.fetched > s.fetched) s.progressAt = now;
        s.fetched = v.counts.fetched;
        s.at = now;
        s.rates.push(rate);
        if (s.rates.length > 100) s.rates.shift();
        const total = v.counts.fetched + v.counts.queued + v.counts.inFlight;
        const pct = total ? Math.round(100 * v.counts.fetched / total) : 0;
        const attempts = v.counts.fetched + v.counts.errors;
        const errorRate = attempts ? v.counts.errors / attempts : 0;
        row.querySelector('[data-field="fetched"]').textContent = v.counts.fetched;
        row.querySelector('[data-field="queued"]').textContent = v.counts.queued;
        row.querySelector('[data-field="progress"]').value = pct;
        row.querySelector('[data-field="percent"]').textContent = pct + ' %';
        row.querySelector('[data-field="rate"]').textContent = rate.toFixed(1) + '/s';
        row.querySelector('[data-field="errors"]').textContent = (100 * errorRate).toFixed(1) + ' %';
        sparkline(row.querySelector('[data-field="spark"]'), s.rates);
        const name = row.querySelector('a').textContent;
        if (v.state === 'RUNNING' && v.counts.queued > 0 && now - s.progressAt > STALL_MS) {
          setAlert(id, `${name}: nothing fetched for ${Math.round((now - s.progressAt) / 1000)} s with ${v.counts.queued} URLs queued.`);
        } else if (attempts >= 20 && errorRate > ERROR_RATE) {
          setAlert(id, `${name}: ${(100 * errorRate).toFixed(0)} % of fetches fail.`);
        } else {
          setAlert(id, null);
        }
      } catch (e) {
        // tried again at the next tick
      }
    }));
    setTimeout(poll, POLL_MS);
  }
  if (rows.length) setTimeout(poll, POLL_MS);
}
