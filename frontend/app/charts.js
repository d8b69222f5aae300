// Small SVG charts drawn with the DOM (no inline styles or scripts: the pages' CSP allows neither). Every chart
// on a page also has a table or a text with the same figures; series differ by dash pattern, not only colour.
const NS = 'http://www.w3.org/2000/svg';

/** An SVG element with its attributes. */
export function svgEl(tag, attrs) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

/**
 * Draws series [{values: [number|null], cls}] over a shared x axis of n points into an svg with a viewBox,
 * with a y axis from 0 to the largest value (or yMax) and labels.
 */
export function lineChart(svg, series, { yMax, xLabels = [], yFormat = (v) => String(Math.round(v)) } = {}) {
  const [, , width, height] = svg.getAttribute('viewBox').split(/\s+/).map(Number);
  const left = 40, right = 8, top = 8, bottom = 20;
  const w = width - left - right, h = height - top - bottom;
  const n = Math.max(2, ...series.map((s) => s.values.length));
  // a value that is not a finite number (a gap, a rate over no time) is left out of the line, never drawn as NaN
  const ok = (v) => typeof v === 'number' && Number.isFinite(v);
  const max = Number.isFinite(yMax) && yMax > 0 ? yMax : Math.max(1e-9, ...series.flatMap((s) => s.values.filter(ok)));
  svg.replaceChildren();
  svg.append(svgEl('line', { x1: left, y1: top + h, x2: left + w, y2: top + h, class: 'axis' }));
  svg.append(svgEl('line', { x1: left, y1: top, x2: left, y2: top + h, class: 'axis' }));
  for (const frac of [0, 0.5, 1]) {
    const y = top + h - frac * h;
    const t = svgEl('text', { x: left - 4, y: y + 4, class: 'tick', 'text-anchor': 'end' });
    t.textContent = yFormat(max * frac);
    svg.append(t);
  }
  if (xLabels.length) {
    for (const [i, label] of xLabels.entries()) {
      if (label === '') continue;
      const t = svgEl('text', { x: left + (i / (n - 1)) * w, y: height - 4, class: 'tick', 'text-anchor': 'middle' });
      t.textContent = label;
      svg.append(t);
    }
  }
  for (const s of series) {
    let d = '';
    s.values.forEach((v, i) => {
      if (!ok(v)) return;
      const x = left + (i / (n - 1)) * w;
      const y = top + h - (Math.min(v, max) / max) * h;
      d += (d === '' ? 'M' : 'L') + x.toFixed(1) + ' ' + y.toFixed(1);
    });
    if (d) svg.append(svgEl('path', { d, class: 'series ' + s.cls }));
  }
}

/** A sparkline of the last values into a small svg. */
export function sparkline(svg, values) {
  lineChart(svg, [{ values, cls: 'k0' }], { yFormat: () => '' });
}

/** Vertical bars of values with a label under each (every chart has a table beside it). */
export function barChart(svg, values, labels) {
  const [, , width, height] = svg.getAttribute('viewBox').split(/\s+/).map(Number);
  const left = 40, right = 8, top = 8, bottom = 20;
  const w = width - left - right, h = height - top - bottom;
  const max = Math.max(1, ...values);
  const slot = w / Math.max(1, values.length);
  svg.replaceChildren();
  svg.append(svgEl('line', { x1: left, y1: top + h, x2: left + w, y2: top + h, class: 'axis' }));
  for (const frac of max >= 2 ? [0, 0.5, 1] : [0, 1]) {
    const t = svgEl('text', { x: left - 4, y: top + h - frac * h + 4, class: 'tick', 'text-anchor': 'end' });
    t.textContent = String(Math.round(max * frac));
    svg.append(t);
  }
  values.forEach((v, i) => {
    const bh = (v / max) * h;
    svg.append(svgEl('rect', { x: left + i * slot + slot * 0.15, y: top + h - bh, width: slot * 0.7, height: bh, class: 'bar-rect' }));
    if (labels[i]) {
      const t = svgEl('text', { x: left + i * slot + slot / 2, y: height - 4, class: 'tick', 'text-anchor': 'middle' });
      t.textContent = labels[i];
      svg.append(t);
    }
  });
}
