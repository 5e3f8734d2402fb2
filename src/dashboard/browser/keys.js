import { api, inEnvironment, pagePath, project, withEnvironment } from './api.js';
import {
  announce,
  breakable,
  busy,
  confirmAction,
  copyButton,
  errorSlot,
  field,
  h,
  hidden,
  secretOnce,
  showSecretOnce,
  table,
  time,
  uid,
} from './dom.js';
import { keyCell, keyInSentence } from './key-name.js';
import { mayChange, notice } from './access.js';

/** The key in a button's hidden text, a dialog's title, an announcement: `key “mobile app” (psk_AbCd…)` or `unnamed key psk_AbCd…`. */
const keyLabel = (k) => (k.name ? `key ${keyInSentence(k)} (${k.hint})` : keyInSentence(k));
const KeyLabel = (k) => `${keyLabel(k).charAt(0).toUpperCase()}${keyLabel(k).slice(1)}`;

const EXPIRIES = [
  ['', 'Never'],
  ['7', '7 days'],
  ['30', '30 days'],
  ['90', '90 days'],
  ['365', '1 year'],
];
const OVERLAPS = [
  ['0', 'Stop it now'],
  ['1', '1 hour'],
  ['24', '24 hours'],
  ['72', '3 days'],
  ['168', '7 days'],
];

/** A labelled <select> of [value, text] options. */
function choice(label, name, options, selected) {
  const id = uid('field');
  const select = h(
    'select',
    { id, name },
    options.map(([value, text]) => h('option', { value, selected: value === selected }, text)),
  );
  return { wrapper: h('div', { class: 'field' }, h('label', { for: id }, label), select), select };
}

export async function render({ content, slug }) {
  const base = `${project(slug)}/keys`;
  const listHeading = h('h3', { id: 'keys-heading' }, 'Keys');
  const list = h('div', { class: 'key-list' });
  const secret = h('div', { class: 'secret-slot' });

  const name = field(
    'Name (optional)',
    { name: 'name', maxlength: '100', autocomplete: 'off' },
    'Where the key is used, e.g. “mobile app”.',
  );
  const scope = choice(
    'Access',
    'scope',
    [
      ['write', 'Read and write'],
      ['read', 'Read only (GET and HEAD)'],
    ],
    'write',
  );
  const expiry = choice('Expires after', 'expiresInDays', EXPIRIES, '');
  const error = errorSlot();
  const create = h('button', { type: 'submit' }, 'Create key');
  const form = h(
    'form',
    { class: 'card', novalidate: true },
    h('h3', null, 'New key'),
    name.wrapper,
    scope.wrapper,
    expiry.wrapper,
    error.el,
    h('div', { class: 'actions' }, create),
  );

  async function showList() {
    const keys = await api('GET', inEnvironment(base));
    if (keys.length === 0) {
      list.replaceChildren(h('p', null, 'This project has no API keys yet.'));
      return;
    }
    const now = Date.now();
    // Four columns, so that the list and its actions fit a phone's width.
    const rows = keys.map((k) => {
      const expired = k.expiresAt !== null && Date.parse(k.expiresAt) <= now;
      const live = !k.revokedAt && !expired;
      return [
        h(
          'div',
          { class: 'stack' },
          keyCell(k, { withId: true }),
          h('span', { class: 'muted' }, k.scope === 'read' ? 'Read only' : 'Read and write'),
          k.replaces ? h('span', { class: 'muted' }, 'Replaces ', h('code', null, k.replaces.hint)) : null,
        ),
        h(
          'div',
          { class: 'stack' },
          h('span', null, 'Created ', time(k.createdAt)),
          h('span', null, 'Last used ', k.lastUsedAt ? time(k.lastUsedAt) : 'never'),
          k.expiresAt && live && !k.replacedBy ? h('span', null, 'Expires ', time(k.expiresAt)) : null,
        ),
        status(k, expired),
        // A rolled key is rolled once: it can still be stopped before its overlap ends.
        live && mayChange(k.environment) ? h('div', { class: 'actions' }, k.replacedBy ? null : rollButton(k), revokeButton(k)) : '',
      ];
    });
    list.replaceChildren(
      table('API keys of this project', ['Key', 'Use', 'Status', 'Actions'], rows, { captionHidden: true, class: 'card-rows keys-table' }),
    );
  }

  /** The key's state: a rolled key says when it stops and which key replaced it, so two keys of one name never both read "Active". */
  function status(k, expired) {
    if (k.revokedAt) return h('span', { class: 'badge badge-muted' }, 'Revoked ', time(k.revokedAt));
    if (k.replacedBy) {
      return h(
        'span',
        { class: 'stack' },
        h('span', { class: `badge ${expired ? 'badge-muted' : 'badge-pending'}` }, 'Rolled'),
        h('span', null, expired ? 'Stopped ' : 'Stops ', time(k.expiresAt)),
        h('span', null, 'Replaced by ', h('code', null, k.replacedBy.hint)),
      );
    }
    if (expired) return h('span', { class: 'badge badge-muted' }, 'Expired ', time(k.expiresAt));
    return h('span', { class: 'badge badge-ok' }, 'Active');
  }

  function revokeButton(k) {
    const button = h('button', { type: 'button', class: 'danger small' }, 'Revoke', hidden(` ${keyLabel(k)}`));
    button.addEventListener('click', () =>
      confirmAction({
        title: `Revoke ${keyLabel(k)}?`,
        text: 'Requests with this key are refused within 5 seconds, on every server. This cannot be undone: create a new key to replace it.',
        action: 'Revoke',
        busyText: 'Revoking…',
        returnTo: () => listHeading,
        run: async () => {
          await api('DELETE', `${base}/${encodeURIComponent(k.id)}`);
          await showList();
          announce(`${KeyLabel(k)} revoked.`);
        },
      }),
    );
    return button;
  }

  function rollButton(k) {
    const button = h('button', { type: 'button', class: 'secondary small' }, 'Roll', hidden(` ${keyLabel(k)}`));
    button.addEventListener('click', () => {
      const overlap = choice('The old key keeps working for', 'expiresInHours', OVERLAPS, '24');
      confirmAction({
        title: `Roll ${keyLabel(k)}?`,
        text: h(
          'span',
          { class: 'stack' },
          'A new key with the same name, access and expiry rule replaces it, shown once. Move your clients to the new key before the old one stops. A key is rolled once.',
          overlap.wrapper,
        ),
        action: 'Roll key',
        busyText: 'Rolling…',
        tone: 'primary',
        returnTo: () => listHeading,
        run: async () => {
          const rolled = await api('POST', `${base}/${encodeURIComponent(k.id)}/roll`, { expiresInHours: Number(overlap.select.value) });
          await showList();
          announce(`${KeyLabel(k)} rolled.`);
          // The new key is shown in the dialog, this once; closing it forgets the key.
          return {
            heading: `Your new key${rolled.name ? `: ${rolled.name}` : ''}`,
            body: h(
              'div',
              { class: 'stack' },
              secretOnce('key', rolled.key),
              h('p', { class: 'old-key-stops' }, `The old ${keyLabel(k)} stops working `, time(rolled.replaces.expiresAt), '.'),
              rolled.expiresAt ? h('p', null, 'The new key expires ', time(rolled.expiresAt), '.') : null,
            ),
          };
        },
      });
    });
    return button;
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    error.clear();
    const label = name.input.value.trim();
    const body = { scope: scope.select.value };
    if (label) body.name = label;
    if (expiry.select.value) body.expiresInDays = Number(expiry.select.value);
    await busy(create, 'Creating…', form, async () => {
      try {
        const created = await api('POST', base, withEnvironment(body));
        name.input.value = '';
        showSecret(created);
        await showList();
      } catch (e) {
        error.show(e);
      }
    });
  });

  /** The secret from the POST answer, shown this once. */
  function showSecret(created) {
    showSecretOnce({
      slot: secret,
      heading: h('h3', null, 'Your new key', created.name ? `: ${created.name}` : ''),
      what: 'key',
      secret: created.key,
      details: h('p', null, 'Send it as ', h('code', null, 'Authorization: Bearer <key>'), ' to the Pet Store API.'),
      returnTo: name.input,
    });
  }

  await showList();
  const deprecations = h(
    'p',
    { class: 'muted' },
    'Which keys still call operations that are being removed: ',
    h('a', { href: pagePath(slug, 'deprecations') }, 'Deprecations'),
    '.',
  );
  content.replaceChildren(
    mayChange() ? form : notice('this environment’s keys'),
    secret,
    h('section', { 'aria-labelledby': 'keys-heading' }, listHeading, list, deprecations),
    clientCard(),
  );
}

/**
 * The typed client for the people who call the API: its install line from this server (no registry) and a
 * first call with a key of this tab's environment.
 */
function clientCard() {
  const install = `npm install ${location.origin}/downloads/petstore-client.tgz`;
  const installCode = h('code', null, ...breakable(install));
  const baseUrl = document.body.dataset.apiBase ?? `${location.origin}/v1`;
  const snippet = [
    "import { createClient } from '@petstore/client';",
    '',
    // One option a line: the card is read on phones too, where the one-line call scrolled sideways.
    'const petstore = createClient({',
    `  baseUrl: '${baseUrl}',`,
    '  apiKey: process.env.PETSTORE_KEY,',
    '});',
    "const { pets } = await petstore.listPets({ status: 'available' });",
  ].join('\n');
  const snippetCode = h('code', null, snippet);
  return h(
    'section',
    { class: 'card client-card', 'aria-labelledby': 'client-heading' },
    h('h3', { id: 'client-heading' }, 'Typed client'),
    h(
      'p',
      null,
      'Install ',
      h('code', null, '@petstore/client'),
      ' (TypeScript, Node.js 22.14 or later) from this server, with no registry account:',
    ),
    h('div', { class: 'secret-row' }, installCode, copyButton(install, 'the client install command', installCode)),
    h(
      'p',
      { class: 'muted' },
      'Its SHA-256 is published beside it: ',
      h('a', { href: '/downloads/petstore-client.tgz.sha256' }, 'petstore-client.tgz.sha256'),
      '.',
    ),
    h(
      'p',
      null,
      'A first call, with one of the keys above in ',
      h('code', null, 'PETSTORE_KEY'),
      ', as an ES module (',
      h('code', null, '"type": "module"'),
      ' in package.json, or a ',
      h('code', null, '.mjs'),
      ' file):',
    ),
    h('pre', { class: 'payload snippet', tabindex: '0', 'aria-label': 'First call with the client' }, snippetCode),
    h('div', { class: 'actions' }, copyButton(snippet, 'the first call', snippetCode)),
  );
}
