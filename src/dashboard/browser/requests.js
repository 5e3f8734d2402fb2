// Requests: the project's request log, newest first, filtered by status, key, operation or request id; each row opens
// to its details (the error code and what it means, the key, the time taken, the trace when the server exports
// traces, linked to the operator's tracing tool when TRACE_URL is set).
import { api, apiPage, inEnvironment, project } from './api.js';
import { busy, errorSlot, field, focusOn, h, time, uid } from './dom.js';
import { keyOption } from './key-name.js';

const PAGE_SIZE = 25;
const STATUSES = [
  ['', 'Any status'],
  ['2xx', '2xx: succeeded'],
  ['4xx', '4xx: refused'],
  ['5xx', '5xx: failed'],
  ['401', '401: key refused'],
  ['403', '403: read-only key'],
  ['404', '404: not found'],
  ['429', '429: rate limited'],
];
const OPERATIONS = [
  'listPets',
  'createPet',
  'getPet',
  'listOrders',
  'placeOrder',
  'getOrder',
  'updateOrder',
  'cancelOrder',
  'getInventory',
];

function select(label, name, options) {
  const id = uid('field');
  const el = h(
    'select',
    { id, name },
    options.map(([value, text]) => h('option', { value }, text)),
  );
  return { wrapper: h('div', { class: 'field' }, h('label', { for: id }, label), el), el };
}

const tone = (status) => (status >= 500 ? 'badge-failed' : status >= 400 ? 'badge-pending' : 'badge-ok');

/** A request's trace id, linked with TRACE_URL (`{traceId}` replaced) when the server has one. */
function trace(traceId) {
  const template = document.body.dataset.traceUrl;
  const id = h('code', null, traceId);
  if (!template) return id;
  return h('a', { href: template.replaceAll('{traceId}', encodeURIComponent(traceId)), target: '_blank', rel: 'noopener noreferrer' }, id);
}

/** One request: its summary opens (a <details>) to the error code and message and the rest. */
function row(r, keyNames) {
  const key = r.keyId ? (keyNames.get(r.keyId) ?? r.keyId) : 'none';
  const details = h(
    'details',
    { class: 'request' },
    h('summary', null, h('code', null, `${r.method} ${r.path}`)),
    h(
      'dl',
      { class: 'request-details' },
      r.errorCode
        ? [h('dt', null, 'Error'), h('dd', null, h('code', null, r.errorCode), r.errorMessage ? ` — ${r.errorMessage}` : '')]
        : null,
      h('dt', null, 'Request id'),
      h('dd', null, h('code', null, r.requestId)),
      h('dt', null, 'Operation'),
      h('dd', null, r.operation ?? 'unknown path'),
      h('dt', null, 'Key'),
      h('dd', null, key),
      h('dt', null, 'Time taken'),
      h('dd', null, `${r.durationMs.toFixed(1)} ms`),
      r.traceId ? [h('dt', null, 'Trace'), h('dd', null, trace(r.traceId))] : null,
    ),
  );
  return h(
    'tr',
    null,
    h('td', null, details),
    h('td', null, h('span', { class: `badge ${tone(r.status)}` }, String(r.status))),
    h('td', null, time(r.at, { seconds: true })),
  );
}

export async function render({ content, slug }) {
  const base = `${project(slug)}/requests`;
  const keys = await api('GET', inEnvironment(`${project(slug)}/keys`)).catch(() => []);
  const keyNames = new Map(keys.map((k) => [k.id, keyOption(k)]));
  const status = select('Status', 'status', STATUSES);
  const key = select('Key', 'keyId', [['', 'Any key'], ...keys.map((k) => [k.id, keyNames.get(k.id)])]);
  const operation = select('Operation', 'operation', [['', 'Any operation'], ...OPERATIONS.map((o) => [o, o])]);
  const requestId = field(
    'Request id',
    { name: 'requestId', autocomplete: 'off', spellcheck: 'false' },
    'The X-Request-Id of a response.',
    {
      hintBelow: true,
    },
  );
  const search = h('button', { type: 'submit' }, 'Search');
  const error = errorSlot();
  const form = h(
    'form',
    { class: 'card filters', role: 'search', 'aria-label': 'Search the request log', novalidate: true },
    status.wrapper,
    key.wrapper,
    operation.wrapper,
    requestId.wrapper,
    h('div', { class: 'actions' }, search),
  );
  const body = h('tbody');
  const results = h('div', { class: 'results' });
  const older = h('button', { type: 'button', class: 'secondary' }, 'Show older');
  const more = h('div', { class: 'actions' }, older);
  let cursor = null;

  const query = () => {
    const q = new URLSearchParams({ limit: String(PAGE_SIZE) });
    if (status.el.value) q.set('status', status.el.value);
    if (key.el.value) q.set('keyId', key.el.value);
    if (operation.el.value) q.set('operation', operation.el.value);
    const id = requestId.input.value.trim();
    if (id) q.set('requestId', id);
    if (cursor) q.set('cursor', cursor);
    return q.toString();
  };

  async function load() {
    const { entries, next } = await apiPage(inEnvironment(`${base}?${query()}`));
    const added = entries.map((r) => row(r, keyNames));
    body.append(...added);
    cursor = next;
    more.hidden = !cursor;
    return added;
  }

  async function show() {
    cursor = null;
    body.replaceChildren();
    await load();
    if (body.children.length === 0) {
      results.replaceChildren(h('p', { role: 'status' }, 'No request matches. Requests appear here within 2 seconds.'));
      return;
    }
    const t = h(
      'table',
      { class: 'requests card-rows' },
      h('caption', { class: 'visually-hidden' }, 'Requests of this project'),
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          ['Request', 'Status', 'When'].map((x) => h('th', { scope: 'col' }, x)),
        ),
      ),
      body,
    );
    results.replaceChildren(
      h('div', { class: 'table-scroll', role: 'region', 'aria-label': 'Requests of this project', tabindex: '0' }, t),
      more,
    );
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    error.clear();
    await busy(search, 'Searching…', results, async () => {
      try {
        await show();
      } catch (e) {
        error.show(e);
      }
    });
  });
  older.addEventListener('click', async () => {
    error.clear();
    await busy(older, 'Loading…', body, async () => {
      try {
        const added = await load();
        focusOn(added[0]?.querySelector('summary') ?? older);
      } catch (e) {
        error.show(e);
      }
    });
  });

  content.replaceChildren(
    h(
      'p',
      { class: 'muted' },
      'Every request to this project’s API with one of its keys, newest first: never its headers, body or cursor. Kept for 7 days by default (REQUEST_LOG_DAYS).',
    ),
    form,
    error.el,
    results,
  );
  await show();
}
