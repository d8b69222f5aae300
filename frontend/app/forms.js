// Forms that talk to the API: <form data-api="POST" data-action="/api/v1/..."> sends its fields as JSON (names with
// dots nest: politeness.delayMs), shows the API's field errors beside the fields they name, and on success
// redirects (data-redirect, ":id" is the answer's id, ":dropped" its count), reloads (data-reload) or tells the page (trawler:done).
import { api, ApiError } from './api.js';

const UNITS = { ms: 1, s: 1000, m: 60000, h: 3600000, d: 86400000, w: 604800000 };

/**
 * A duration as people write it — "30d", "12h", "1h30m", "90s", "500ms" — in milliseconds; a plain number is taken as
 * milliseconds (the API's unit). NaN when it is neither.
 */
export function parseDuration(text) {
  const t = text.trim().toLowerCase().replace(/\s+/g, '');
  if (/^\d+$/.test(t)) return Number(t);
  const re = /(\d+(?:\.\d+)?)(ms|s|m|h|d|w)/g;
  let total = 0, used = 0, m;
  while ((m = re.exec(t)) !== null) { total += Number(m[1]) * UNITS[m[2]]; used += m[0].length; }
  return used === t.length && used > 0 ? Math.round(total) : NaN;
}

/** Milliseconds as the shortest exact duration people write ("30d", "1h30m", "250ms"). */
export function formatDuration(ms) {
  if (!Number.isFinite(ms) || ms <= 0) return String(ms);
  let left = ms, out = '';
  for (const u of ['d', 'h', 'm', 's', 'ms']) {
    const n = Math.floor(left / UNITS[u]);
    if (n > 0) { out += n + u; left -= n * UNITS[u]; }
  }
  return out;
}

function formBody(form) {
  const body = {};
  for (const input of form.elements) {
    const name = input.name;
    if (!name || name === '_csrf' || input.matches(':disabled')) continue;   // inside a disabled fieldset too
    const type = input.dataset.type;
    let value;
    if (type === 'boolean') value = input.type === 'checkbox' ? input.checked : input.value === 'true';
    else if (type === 'number') {
      if (input.value.trim() === '') continue;
      value = Number(input.value);
      if (Number.isNaN(value)) value = input.value;   // the API names the field and says what it expects
    } else if (type === 'duration') {
      if (input.value.trim() === '') continue;
      value = parseDuration(input.value);
      if (Number.isNaN(value)) value = input.value;   // the API names the field; the hint beside it shows the forms
    } else if (type === 'lines') {
      value = input.value.split('\n').map((s) => s.trim()).filter((s) => s.length > 0);
      if (value.length === 0 && 'omitEmpty' in input.dataset) continue;
    }
    else if (type === 'weights') {
      // "term weight" per line -> {"term": weight}; a line without a number keeps its text, so the API can say why
      value = {};
      for (const line of input.value.split('\n').map((s) => s.trim()).filter((s) => s.length > 0)) {
        const m = /^(.*?)\s+(-?[\d.]+)$/.exec(line);
        if (m) value[m[1]] = Number(m[2]); else value[line] = 1;
      }
      if (Object.keys(value).length === 0) continue;
    }
    else value = input.value;
    const path = name.split('.');
    let target = body;
    for (const key of path.slice(0, -1)) target = target[key] = target[key] || {};
    target[path[path.length - 1]] = value;
  }
  return body;
}

function fieldOf(form, field) {
  // seeds[2] -> seeds; scope.hosts[0] -> scope.hosts; crawlers[1].paths -> crawlers
  let name = field.replace(/\[\d+\].*$/, '');
  while (name) {
    const input = form.elements.namedItem(name);
    if (input) return input;
    if (!name.includes('.')) break;
    name = name.slice(0, name.lastIndexOf('.'));
  }
  return null;
}

function clearErrors(form) {
  form.querySelectorAll('[aria-invalid="true"]').forEach((i) => i.removeAttribute('aria-invalid'));
  form.querySelectorAll('.field-error').forEach((p) => { p.textContent = ''; });
  const general = form.querySelector('.form-error');
  if (general) { general.textContent = ''; general.hidden = true; }
}

function showErrors(form, error) {
  const general = form.querySelector('.form-error');
  const details = error instanceof ApiError && error.body && Array.isArray(error.body.details) ? error.body.details : [];
  const unplaced = [];
  let first = null;
  for (const d of details) {
    const input = d.field ? fieldOf(form, d.field) : null;
    const slot = input ? form.querySelector(`[id="${CSS.escape(input.id + '-error')}"]`) : null;
    if (input && slot) {
      input.setAttribute('aria-invalid', 'true');
      const line = /\[(\d+)\]/.exec(d.field);
      const text = (line && input.dataset.type === 'lines' ? `line ${Number(line[1]) + 1}: ` : '') + d.message;
      slot.textContent = slot.textContent ? slot.textContent + ' · ' + text : text;
      first = first || input;
    } else {
      unplaced.push(d.field ? `${d.field}: ${d.message}` : d.message);
    }
  }
  if (general && (unplaced.length > 0 || details.length === 0)) {
    general.textContent = details.length === 0 ? error.message : (error.message + ' — ' + unplaced.join('; '));
    general.hidden = false;
  }
  if (first) first.focus();
  else if (general) general.focus?.();
}

async function submit(form, event) {
  event.preventDefault();
  if (form.dataset.confirm && !window.confirm(form.dataset.confirm)) return;
  clearErrors(form);
  const button = form.querySelector('[type="submit"]');
  if (button) button.disabled = true;
  try {
    const method = form.dataset.api;
    const data = await api(method, form.dataset.action, method === 'DELETE' ? undefined : formBody(form));
    if (form.dataset.redirect) {
      // ":id" stands for the answer's id, ":dropped" for its count of dropped URLs
      location.assign(form.dataset.redirect.replace(/:(id|dropped)(?![a-zA-Z0-9])/g, (m, k) => encodeURIComponent(data && data[k] !== undefined && data[k] !== null ? data[k] : '')));
    } else if ('reload' in form.dataset) {
      location.reload();
    }
    form.dispatchEvent(new CustomEvent('trawler:done', { bubbles: true, detail: data }));
  } catch (e) {
    showErrors(form, e);
  } finally {
    if (button) button.disabled = false;
  }
}

export function initApiForms() {
  // a time zone field starts at the browser's zone
  document.querySelectorAll('input[data-default-zone]').forEach((input) => {
    try {
      const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      if (zone) input.value = zone;
    } catch {
      // the server's default (UTC) stays
    }
  });
  // durations are stored in milliseconds and shown as people write them
  document.querySelectorAll('input[data-type="duration"]').forEach((input) => {
    if (/^\d+$/.test(input.value.trim())) input.value = formatDuration(Number(input.value.trim()));
  });
  document.querySelectorAll('form[data-api]').forEach((form) => {
    form.addEventListener('submit', (e) => submit(form, e));
  });
  // a group of fields shown (and sent) only while a select's value starts with a prefix: the topic of a focused crawl
  document.querySelectorAll('fieldset[data-shown-for]').forEach((group) => {
    const [selectId, prefix] = group.dataset.shownFor.split(':');
    const select = document.getElementById(selectId);
    if (!select) return;
    const toggle = () => {
      const on = select.value.startsWith(prefix);
      group.hidden = !on;
      group.disabled = !on;
    };
    select.addEventListener('change', toggle);
    toggle();
  });
}
