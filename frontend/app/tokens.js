// A user's API tokens (templates/tags/tokens.html): issuing shows the secret once with a copy button, revoking asks
// first, and the list is read again from the API after either, so it is current without a reload.
import { api, el } from './api.js';
import { localTimes, scrollableTables } from './times.js';

function row(t) {
  const time = (iso) => el('time', { datetime: iso, text: iso });
  const state = t.revokedAt
    ? el('td', {}, 'revoked ', time(t.revokedAt))
    : el('td', {}, el('button', { type: 'button', class: 'danger small', 'data-revoke': t.id, 'data-name': t.name, text: 'Revoke' }));
  return el('tr', {},
    el('td', { text: t.name }),
    el('td', {}, el('code', { text: t.prefix + '…' })),
    el('td', {}, time(t.createdAt)),
    el('td', {}, t.lastUsedAt ? time(t.lastUsedAt) : 'never'),
    state);
}

async function refresh(box) {
  const userId = box.dataset.tokens;
  const tokens = await api('GET', `/api/v1/users/${encodeURIComponent(userId)}/tokens`);
  const body = box.querySelector('[data-token-rows]');
  body.replaceChildren(...tokens.map(row));
  box.querySelector('.table-wrap').hidden = tokens.length === 0;
  box.querySelector('[data-tokens-empty]').hidden = tokens.length > 0;
  localTimes(body);
  scrollableTables(box);
}

function showError(box, e) {
  const p = box.querySelector('[data-tokens-error]');
  p.textContent = e ? e.message : '';
  p.hidden = !e;
}

async function copy(box) {
  const value = box.querySelector('[data-token-value]').textContent;
  const said = box.querySelector('[data-copied]');
  try {
    await navigator.clipboard.writeText(value);
    said.textContent = 'Copied.';
  } catch {
    // no clipboard (an insecure origin, or refused): select the token so that Ctrl+C copies it
    const range = document.createRange();
    range.selectNodeContents(box.querySelector('[data-token-value]'));
    const sel = window.getSelection();
    sel.removeAllRanges();
    sel.addRange(range);
    said.textContent = 'Selected: press Ctrl+C to copy.';
  }
}

function init(box) {
  const shown = box.querySelector('[data-token-shown]');
  box.querySelector('form[data-issue-token]').addEventListener('trawler:done', async (e) => {
    e.target.reset();
    shown.querySelector('[data-token-name]').textContent = e.detail.name;
    shown.querySelector('[data-token-value]').textContent = e.detail.token;
    shown.dataset.tokenId = e.detail.id;
    shown.querySelector('[data-copied]').textContent = '';
    shown.hidden = false;
    shown.focus();
    try { await refresh(box); showError(box, null); } catch (err) { showError(box, err); }
  });
  box.querySelector('[data-copy-token]').addEventListener('click', () => copy(shown));
  box.addEventListener('click', async (e) => {
    const button = e.target.closest('button[data-revoke]');
    if (!button) return;
    if (!window.confirm(`Revoke the token ${button.dataset.name}? Programs using it stop working at once.`)) return;
    button.disabled = true;
    try {
      await api('DELETE', `/api/v1/users/${encodeURIComponent(box.dataset.tokens)}/tokens/${encodeURIComponent(button.dataset.revoke)}`);
      if (shown.dataset.tokenId === button.dataset.revoke) shown.hidden = true;   // its secret works no more
      await refresh(box);
      showError(box, null);
    } catch (err) {
      button.disabled = false;
      showError(box, err);
    }
  });
}

export function initTokens() {
  document.querySelectorAll('[data-tokens]').forEach(init);
  // the password form: say it is done and clear the fields
  document.querySelectorAll('form[data-password-form]').forEach((form) => {
    form.addEventListener('trawler:done', () => {
      form.reset();
      form.querySelector('[data-password-done]').textContent = 'Password changed. Your other browser sessions have ended.';
    });
  });
}
