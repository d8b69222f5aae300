// The partition editor: crawler columns of key paths, moved by drag and drop (SortableJS) or by each path's
// "Move to" menu; every edit is predicted through POST /plan/preview (debounced) and compared with the saved plan;
// save is PUT /plan. The treemap shows the key paths by URL count, labelled and coloured by crawler; the chart and
// table give the predictions for 1 to 10 crawlers. A running partitioned crawl's live metrics come from its events.
import Sortable from 'sortablejs';
import { api, ApiError, debounce, fmt, el, METRICS } from './api.js';
import { lineChart } from './charts.js';


export function initPartitionEditor() {
  const root = document.querySelector('[data-partition-editor]');
  if (!root || !document.getElementById('columns')) return;
  const siteId = root.dataset.partitionEditor;
  const canEdit = root.dataset.canEdit === 'true';
  const base = `/api/v1/sites/${siteId}/plan`;
  const columns = document.getElementById('columns');
  const status = document.getElementById('plan-status');
  const errorBox = document.getElementById('plan-error');
  const announce = (t) => { document.getElementById('plan-announce').textContent = t; };
  let saved = null;      // the saved plan as the API gave it
  let current = null;    // the plan being edited: {crawlers: [[path]], seedsPerPath, mode}
  let pathUrls = {};
  let preview = null;    // predicted metrics of the current plan
  let sortables = [];

  // an error of the plan form goes beside the field it names; anything else (or a field the form lacks) to the box,
  // once: a single detail is the message itself
  function clearFieldErrors(form) {
    form.querySelectorAll('[aria-invalid]').forEach((i) => i.removeAttribute('aria-invalid'));
    form.querySelectorAll('.field-error').forEach((p) => { p.textContent = ''; });
  }

  function showError(e, form) {
    if (form) clearFieldErrors(form);
    const details = e instanceof ApiError && Array.isArray(e.body.details) ? e.body.details : [];
    const left = [];
    let first = null;
    for (const d of details) {
      const input = form && d.field ? form.elements.namedItem(d.field) : null;
      const slot = input ? document.getElementById(input.id + '-error') : null;
      if (slot) {
        slot.textContent = d.message;
        input.setAttribute('aria-invalid', 'true');
        first = first || input;
      } else {
        left.push(d);
      }
    }
    if (first) first.focus();
    if (details.length > 0 && left.length === 0) { errorBox.hidden = true; return; }
    errorBox.textContent = left.length > 1 ? left.map((d) => (d.field ? `${d.field}: ${d.message}` : d.message)).join('; ')
      : left.length === 1 ? (left[0].field ? `${left[0].field}: ${left[0].message}` : left[0].message) : e.message;
    errorBox.hidden = false;
  }

  function fromPlan(plan) {
    pathUrls = Object.assign({}, pathUrls, plan.pathUrls || {});
    showNotes(plan.notes);
    return { crawlers: plan.crawlers.map((c) => [...c.paths]), seedsPerPath: plan.seedsPerPath, mode: plan.mode, basedOnCrawl: plan.basedOnCrawl,
      splitPaths: plan.splitPaths || [], hashedPaths: plan.hashedPaths || [] };
  }

  const urlsOf = (paths) => paths.reduce((a, p) => a + (pathUrls[p] || 0), 0);

  /** The plan's notes (splits, hashed groups, empty crawlers, a site that cannot be split evenly), as plain text. */
  function showNotes(notes) {
    const box = document.getElementById('plan-notes');
    if (!box) return;
    box.replaceChildren(...(notes || []).map((n) => el('li', { text: n })));
    box.hidden = !notes || notes.length === 0;
  }

  function render() {
    sortables.forEach((s) => s.destroy());
    sortables = [];
    const n = current.crawlers.length;
    const cols = current.crawlers.map((paths, i) => {
      const list = el('ul', { class: 'paths', 'data-crawler': i, 'aria-labelledby': `col-${i}` });
      for (const p of paths) list.append(pathItem(p, i, n));
      const head = el('h3', { id: `col-${i}` }, el('span', { class: `swatch c${i % 10}`, 'aria-hidden': 'true' }), `Crawler C${i + 1} `,
        el('small', { text: `${paths.length} ${paths.length === 1 ? 'path' : 'paths'}, ${urlsOf(paths).toLocaleString()} ${urlsOf(paths) === 1 ? 'URL' : 'URLs'}` }));
      return el('section', { class: 'column', 'data-col': i }, head, list);
    });
    columns.replaceChildren(...cols);
    if (canEdit) {
      columns.querySelectorAll('ul.paths').forEach((list) => {
        sortables.push(Sortable.create(list, { group: 'paths', animation: 120, onEnd: (evt) => {
          const path = evt.item.dataset.path;
          syncFromDom();
          announce(`Moved ${path} to crawler C${Number(evt.to.dataset.crawler) + 1}`);
        } }));
      });
    }
    drawTreemap();
    drawMetrics();
  }

  function pathItem(path, i, n) {
    const li = el('li', { 'data-path': path, class: `path c${i % 10}` },
      el('span', { class: 'path-name', text: path }), el('span', { class: 'count', text: `${(pathUrls[path] || 0).toLocaleString()} ${pathUrls[path] === 1 ? 'URL' : 'URLs'}` }));
    if (canEdit) {
      const id = 'move-' + Math.random().toString(36).slice(2);
      const select = el('select', { id, class: 'move' });
      for (let j = 0; j < n; j++) select.append(el('option', { value: j, text: `C${j + 1}`, selected: j === i }));
      select.addEventListener('change', () => {
        const to = Number(select.value);
        columns.querySelector(`ul[data-crawler="${to}"]`).append(li);
        syncFromDom();
        announce(`Moved ${path} to crawler C${to + 1}`);
        const again = columns.querySelector(`li[data-path="${CSS.escape(path)}"] select`);
        again?.focus();
      });
      li.append(el('label', { for: id, class: 'sr-only', text: `Move ${path} to crawler` }), el('span', { class: 'move-label', 'aria-hidden': 'true', text: 'Move to' }), select);
    }
    return li;
  }

  function syncFromDom() {
    current.crawlers = [...columns.querySelectorAll('ul.paths')].map((ul) => [...ul.children].map((li) => li.dataset.path));
    render();
    status.textContent = 'Predicting the edited plan…';
    schedulePreview();
  }

  /** The plan as edited, as the plan API takes it. */
  // the paths come from the graph of the crawl the plan was made from: edits are predicted and saved on that graph
  const planBody = () => ({ crawlers: current.crawlers.map((paths, index) => ({ index, paths })), seedsPerPath: current.seedsPerPath,
    mode: current.mode, fromCrawl: current.basedOnCrawl || null, splitPaths: current.splitPaths,
    hashedPaths: current.hashedPaths.filter((h) => !current.crawlers.some((paths) => paths.includes(h))) });

  const schedulePreview = debounce(async () => {
    try {
      const body = planBody();
      const p = await api('POST', `${base}/preview`, body);
      // an answer for a plan edited since is dropped: the later edit's own preview follows
      if (JSON.stringify(body) !== JSON.stringify(planBody())) return;
      preview = p.predicted;
      showNotes(p.notes);
      errorBox.hidden = true;
      status.textContent = changed() ? 'Edited: not saved yet.' : 'Same as the saved plan.';
      drawMetrics();
      announce(`Predicted composite ${fmt(preview && preview.composite)}`);
    } catch (e) {
      showError(e);
    }
  }, 300);

  function changed() {
    return !saved || current.basedOnCrawl !== saved.basedOnCrawl
      || JSON.stringify(current.crawlers) !== JSON.stringify(saved.crawlers.map((c) => c.paths));
  }

  function drawMetrics() {
    for (const m of METRICS) {
      const row = document.querySelector(`#plan-metrics tr[data-metric="${m}"]`);
      const now = preview ? preview[m] : null;
      const was = saved && saved.predicted ? saved.predicted[m] : null;
      row.children[1].textContent = fmt(now);
      row.children[2].textContent = fmt(was);
      const delta = now !== null && was !== null ? now - was : null;
      row.children[3].textContent = delta === null ? '–' : (delta > 0 ? '+' : delta < 0 ? '−' : '±') + Math.abs(delta).toFixed(3);
    }
  }

  function drawTreemap() {
    const box = document.getElementById('treemap');
    const items = current.crawlers.flatMap((paths, i) => paths.map((p) => ({ p, i, v: Math.max(1, pathUrls[p] || 0) })))
      .sort((a, b) => b.v - a.v);
    const cells = [];
    layout(items, 0, 0, 100, 100, cells);
    box.replaceChildren(...cells.map((c) => {
      const d = el('div', { class: `cell c${c.i % 10}`, title: `${c.p}: ${c.v} URLs, crawler C${c.i + 1}` },
        el('span', { text: `C${c.i + 1} ${c.p}` }));
      d.style.left = c.x + '%';
      d.style.top = c.y + '%';
      d.style.width = c.w + '%';
      d.style.height = c.h + '%';
      return d;
    }));
    box.setAttribute('aria-label', 'Treemap of key paths: ' + current.crawlers.map((paths, i) => `C${i + 1} ${urlsOf(paths)} URLs`).join(', '));
  }

  // halves the items by size along the longer side, recursively (a binary treemap)
  function layout(items, x, y, w, h, out) {
    if (!items.length) return;
    if (items.length === 1) { out.push({ ...items[0], x, y, w, h }); return; }
    const total = items.reduce((a, b) => a + b.v, 0);
    let acc = 0, k = 0;
    while (k < items.length - 1 && acc + items[k].v <= total / 2) acc += items[k++].v;
    if (k === 0) { acc = items[0].v; k = 1; }
    const f = acc / total;
    if (w >= h) {
      layout(items.slice(0, k), x, y, w * f, h, out);
      layout(items.slice(k), x + w * f, y, w * (1 - f), h, out);
    } else {
      layout(items.slice(0, k), x, y, w, h * f, out);
      layout(items.slice(k), x, y + h * f, w, h * (1 - f), out);
    }
  }

  async function loadPredictions(mode) {
    try {
      const list = await api('GET', `${base}/predictions?from=1&to=10&mode=${encodeURIComponent(mode)}`);
      lineChart(document.getElementById('pred-chart'), [
        { values: list.map((p) => p.composite), cls: 'k0' },
        { values: list.map((p) => p.overlap), cls: 'k1' },
        { values: list.map((p) => p.coverage), cls: 'k2' },
      ], { yMax: Math.max(1, ...list.map((p) => p.composite)), xLabels: list.map((p) => String(p.crawlers)), yFormat: (v) => v.toFixed(1) });
      document.querySelector('#pred-table tbody').replaceChildren(...list.map((p) => el('tr', {},
        el('th', { scope: 'row', text: String(p.crawlers) }), el('td', { text: fmt(p.overlap) }), el('td', { text: fmt(p.coverage) }),
        el('td', { text: fmt(p.acceleration) }), el('td', { text: fmt(p.composite) }))));
    } catch (e) {
      showError(e);
    }
  }

  // one node choice per saved crawler (C1 is lane 0): "automatic" or a live node
  function renderNodeChoices() {
    const box = document.getElementById('run-nodes');
    if (!box || !saved) return;
    const nodes = (box.dataset.nodes || '').split(' ').filter((n) => n.length > 0);
    box.querySelectorAll('.field').forEach((f) => f.remove());
    saved.crawlers.forEach((c, i) => {
      const select = el('select', { id: `run-node-${i}`, name: `node-${i}` }, el('option', { value: '', text: 'automatic' }),
        ...nodes.map((n) => el('option', { value: n, text: n })));
      box.append(el('div', { class: 'field' }, el('label', { for: `run-node-${i}`, text: `C${i + 1} (lane ${i})` }), select));
    });
  }

  function adopt(plan, message) {
    saved = plan;
    renderNodeChoices();
    current = fromPlan(plan);
    preview = plan.predicted;
    status.textContent = message;
    render();
  }

  async function load() {
    try {
      const plan = await api('GET', base);
      adopt(plan, `Saved plan of ${plan.crawlers.length} crawlers (${plan.mode}), from crawl ${plan.basedOnCrawl}.`);
      loadPredictions(saved.mode);
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) {
        status.textContent = canEdit ? 'No saved plan yet: plan one above.' : 'No saved plan yet.';
        loadPredictions('independent');
      } else {
        showError(e);
      }
    }
  }

  document.getElementById('plan-new')?.addEventListener('submit', async (e) => {
    e.preventDefault();
    const f = e.target;
    try {
      // a proposal: the saved plan stays until the editor saves this one
      const body = { crawlers: Number(f.crawlers.value), keyPathShare: Number(f.keyPathShare.value), mode: f.mode.value, save: false };
      if (f.fromCrawl.value) body.fromCrawl = f.fromCrawl.value;
      const plan = await api('POST', base, body);
      errorBox.hidden = true;
      clearFieldErrors(f);
      current = fromPlan(plan);
      preview = plan.predicted;
      status.textContent = `Planned ${plan.crawlers.length} crawlers from crawl ${plan.basedOnCrawl}: not saved yet (the saved plan is unchanged until you save).`;
      render();
      announce(`Planned ${plan.crawlers.length} crawlers, not saved`);
      loadPredictions(plan.mode);
    } catch (err) {
      showError(err, f);
    }
  });
  document.getElementById('plan-save')?.addEventListener('click', async () => {
    if (!current) return;
    try {
      const plan = await api('PUT', base, planBody());
      errorBox.hidden = true;
      adopt(plan, 'Plan saved: the next partitioned crawl uses it.');
      announce('Plan saved');
    } catch (err) {
      showError(err);
    }
  });
  document.getElementById('plan-reset')?.addEventListener('click', () => {
    if (saved) adopt(saved, 'Back to the saved plan.');
  });
  document.getElementById('plan-run')?.addEventListener('submit', async (e) => {
    e.preventDefault();
    const why = document.getElementById('run-error');
    if (!saved) {
      // said next to the button: there is no saved plan to run yet
      why.textContent = 'No saved plan yet: plan the crawlers above and press “Save plan”, then start the crawl.';
      why.hidden = false;
      why.focus();
      return;
    }
    why.hidden = true;
    try {
      const body = { partitions: saved.crawlers.length, mode: e.target.mode.value };
      const nodes = saved.crawlers.map((c, i) => e.target.querySelector(`#run-node-${i}`)?.value || '');
      if (nodes.some((n) => n !== '')) body.nodes = nodes;
      const crawl = await api('POST', `/api/v1/sites/${siteId}/crawls`, body);
      const run = document.getElementById('plan-run');
      run.replaceWith(el('p', { id: 'run-status' }, 'Partitioned crawl started: ', el('a', { href: `/ui/crawls/${crawl.id}`, text: `follow crawl ${crawl.id}` }),
        '. Its live metrics show beside the prediction above.'));
      followLive(crawl.id);
    } catch (err) {
      // the form stays as it was, the reason beside its button
      why.textContent = err.message || String(err);
      why.hidden = false;
    }
  });

  function followLive(crawlId) {
    document.querySelectorAll('#live-col, #plan-metrics td:nth-child(5)').forEach((c) => { c.hidden = false; });
    const events = new EventSource(`/api/v1/crawls/${crawlId}/events`);
    events.addEventListener('progress', (e) => {
      const v = JSON.parse(e.data);
      for (const m of METRICS) {
        document.querySelector(`#plan-metrics tr[data-metric="${m}"]`).children[4].textContent = fmt(v.metrics[m]);
      }
      document.getElementById('live-col').textContent = `Live crawl (${v.state.toLowerCase()}, ${v.counts.fetched} fetched)`;
      // each crawler's lane: the node serving it and that node's source addresses
      for (const lane of v.partitions || []) {
        const head = document.getElementById(`col-${lane.index}`);
        if (!head) continue;
        let where = head.querySelector('.lane-node');
        if (!where) { where = el('small', { class: 'lane-node hint' }); head.append(' ', where); }
        where.textContent = lane.node ? `on node ${lane.node}${lane.addresses && lane.addresses.length ? ` (${lane.addresses.join(', ')})` : ''}`
          : 'on any node';
      }
      if (v.state !== 'RUNNING' && v.state !== 'PAUSED') {
        events.close();
        // the crawl is over: say so, and offer the form again (the page is rebuilt with it)
        document.getElementById('run-status')?.replaceChildren(`The partitioned crawl ${crawlId} has ended (${v.state.toLowerCase()},`
          + ` ${v.counts.fetched.toLocaleString()} fetched): `, el('a', { href: `/ui/crawls/${crawlId}`, text: 'its page' }), ' · ',
          el('a', { href: window.location.pathname, text: 'start another' }), '.');
      }
    });
    window.addEventListener('pagehide', () => events.close());
  }

  load();
  if (root.dataset.activeCrawl) followLive(root.dataset.activeCrawl);
}
