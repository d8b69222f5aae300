// Calls to Trawler's JSON API from the pages: the session cookie authenticates, the page's CSRF token goes along.

export function csrfToken() {
  const meta = document.querySelector('meta[name="csrf-token"]');
  return meta ? meta.content : '';
}

/** An API error: the status and the JSON error body ({error, message, details}). */
export class ApiError extends Error {
  constructor(status, body) {
    super((body && body.message) || `request failed (${status})`);
    this.status = status;
    this.body = body || { details: [] };
  }
}

export async function api(method, url, body) {
  const headers = { Accept: 'application/json', 'X-CSRF-Token': csrfToken() };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(url, {
    method, headers, credentials: 'same-origin',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let data = null;
  if (text) {
    try { data = JSON.parse(text); } catch { data = { message: text.slice(0, 200), details: [] }; }
  }
  if (res.status === 401) {
    // the session ended: log in again and come back here
    location.assign('/login?next=' + encodeURIComponent(location.pathname + location.search));
  }
  if (!res.ok) throw new ApiError(res.status, data);
  return data;
}

/** The partition metrics of SPEC §3, in the order the pages show them. */
export const METRICS = ['overlap', 'coverage', 'acceleration', 'composite'];

/** Calls fn at most once per wait ms, after the calls stop. */
export function debounce(fn, wait) {
  let timer = null;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), wait);
  };
}

export function fmt(x, digits = 3) {
  if (x === null || x === undefined || Number.isNaN(x)) return '–';
  return Number(x).toFixed(digits);
}

export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === 'text') e.textContent = v;
    else if (k === 'class') e.className = v;
    else e.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children) if (c !== null && c !== undefined) e.append(c);
  return e;
}
