// The freshness page: the site's freshness figures, recrawl requests followed until done, the saved topic.
import { api, fmt, el } from './api.js';
import { barChart } from './charts.js';

export function initFreshness() {
  const root = document.querySelector('[data-freshness]');
  if (!root) return;
  const siteId = root.dataset.freshness;
  const set = (k, v) => { const c = root.querySelector(`[data-f="${k}"]`); if (c) c.textContent = v; };

  api('GET', `/api/v1/sites/${siteId}/freshness`).then((f) => {
    set('pages', f.pages);
    set('due', f.due);
    set('nextDueAt', f.nextDueAt ? new Date(f.nextDueAt).toLocaleString() : '–');
    set('visits', `${f.visits} / ${f.changes}`);
    set('estimated', f.estimated);
    const p = f.prior;
    if (p) {
      const span = p.observedDays >= 1 ? `${fmt(p.observedDays, 1)} days` : p.observedDays * 24 >= 1 ? `${fmt(p.observedDays * 24, 1)} hours`
        : `${fmt(p.observedDays * 1440, 1)} minutes`;
      // with no change seen there is no rate to show, only what the visits bound (p.note says so)
      set('prior', p.meanPerDay === null || p.meanPerDay === undefined ? (p.note || '–')
        : `${fmt(p.meanPerDay)} (fitted to ${p.visits.toLocaleString()} observed intervals of ${p.pages.toLocaleString()} pages; longest observation ${span})`);
      const note = root.querySelector('[data-f="provisional"]');
      const provisional = p.provisional && p.meanPerDay !== null && p.meanPerDay !== undefined;
      note.hidden = !provisional;
      note.textContent = provisional ? `Provisional: no page has been observed long yet (${span}), so the estimates rest mostly on the site's prior`
        + ' and move as visits show changes or none.' : '';
    }
    const r = f.ratesPerDay;
    set('rates', r ? [r.p10, r.median, r.p90, r.mean].map((x) => fmt(x)).join(', ') : 'not enough observation yet');
    set('expectedFreshness', f.expectedFreshness === null || f.expectedFreshness === undefined ? '–' : (100 * f.expectedFreshness).toFixed(1) + ' %');
    const bins = f.rateHistogram || [];
    const label = (b) => b.fromPerDay === null ? `< ${b.toPerDay}` : b.toPerDay === null ? `≥ ${b.fromPerDay}` : `${b.fromPerDay}–${b.toPerDay}`;
    barChart(document.getElementById('rates-chart'), bins.map((b) => b.pages), bins.map(label));
    document.querySelector('#rates-table tbody').replaceChildren(...bins.map((b) => el('tr', {},
      el('th', { scope: 'row', text: label(b) }), el('td', { text: b.pages.toLocaleString() }))));
    const due = f.dueByHour || [];
    barChart(document.getElementById('due-chart'), due.map((d) => d.pages), due.map((d, i) => (i % 6 === 0 ? `+${i} h` : '')));
    const total = due.reduce((a, d) => a + d.pages, 0);
    document.getElementById('due-summary').textContent = `${total.toLocaleString()} pages due within 24 hours (the first hour includes ${f.due} due now).`;
    document.querySelector('#due-table tbody').replaceChildren(...due.map((d) => el('tr', {},
      el('th', { scope: 'row', text: new Date(d.from).toLocaleString() }), el('td', { text: d.pages.toLocaleString() }))));
  }).catch(() => {});

  const result = document.getElementById('recrawl-result');
  let follow = null;
  root.querySelectorAll('form[data-recrawl]').forEach((form) => form.addEventListener('trawler:done', (e) => {
    const r = e.detail;
    const rejected = r.rejected || [];
    result.replaceChildren(el('p', { class: 'ok-box', text: `Recrawl ${r.id}: ${r.accepted} URLs accepted, ${rejected.length} rejected; ${r.fetched} fetched so far.` }));
    if (rejected.length) {
      result.append(el('ul', {}, ...rejected.slice(0, 20).map((x) => el('li', { class: 'url', text: `${x.url} — ${x.reason}` }))));
    }
    clearTimeout(follow);
    const poll = async () => {
      try {
        const s = await api('GET', `/api/v1/recrawls/${r.id}`);
        result.firstChild.textContent = `Recrawl ${r.id}: ${s.accepted} URLs accepted, ${s.fetched} fetched, ${s.state.toLowerCase()}.`;
        if (s.state !== 'DONE') follow = setTimeout(poll, 2000);
      } catch { follow = setTimeout(poll, 5000); }
    };
    follow = setTimeout(poll, 1000);
  }));

  const topic = root.querySelector('form[data-topic]');
  if (topic) {
    api('GET', `/api/v1/sites/${siteId}/plan/topic`).then((t) => {
      topic.keywords.value = Object.entries(t.keywords || {}).map(([k, w]) => `${k} ${w}`).join('\n');
      topic.examples.value = (t.examples || []).join('\n');
      if (t.threshold !== null && t.threshold !== undefined) topic.threshold.value = t.threshold;
    }).catch(() => {});
    topic.addEventListener('trawler:done', () => { document.getElementById('topic-saved').textContent = 'Topic saved.'; });
  }
}
