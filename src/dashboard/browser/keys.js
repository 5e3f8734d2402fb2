import { api, project } from './api.js';
import { announce, busy, confirmAction, errorSlot, field, h, hidden, showSecretOnce, table, time } from './dom.js';

const keyLabel = (k) => (k.name ? `“${k.name}” (${k.hint})` : k.hint);

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
  const error = errorSlot();
  const create = h('button', { type: 'submit' }, 'Create key');
  const form = h(
    'form',
    { class: 'card', novalidate: true },
    h('h3', null, 'New key'),
    name.wrapper,
    error.el,
    h('div', { class: 'actions' }, create),
  );

  async function showList() {
    const keys = await api('GET', base);
    if (keys.length === 0) {
      list.replaceChildren(h('p', null, 'This project has no API keys yet.'));
      return;
    }
    // Four columns, so that the list and its actions fit a phone's width.
    const rows = keys.map((k) => [
      h('div', { class: 'stack' }, k.name ? h('strong', null, k.name) : h('span', { class: 'muted' }, 'No name'), h('code', null, k.hint)),
      h(
        'div',
        { class: 'stack' },
        h('span', null, 'Created ', time(k.createdAt)),
        h('span', null, 'Last used ', k.lastUsedAt ? time(k.lastUsedAt) : 'never'),
      ),
      k.revokedAt
        ? h('span', { class: 'badge badge-muted' }, 'Revoked ', time(k.revokedAt))
        : h('span', { class: 'badge badge-ok' }, 'Active'),
      k.revokedAt ? '' : revokeButton(k),
    ]);
    list.replaceChildren(table('API keys of this project', ['Key', 'Use', 'Status', 'Actions'], rows, { captionHidden: true }));
  }

  function revokeButton(k) {
    const button = h('button', { type: 'button', class: 'danger small' }, 'Revoke', hidden(` key ${keyLabel(k)}`));
    button.addEventListener('click', () =>
      confirmAction({
        title: `Revoke key ${keyLabel(k)}?`,
        text: 'Requests with this key are refused within 5 seconds, on every server. This cannot be undone: create a new key to replace it.',
        action: 'Revoke',
        busyText: 'Revoking…',
        returnTo: () => listHeading,
        run: async () => {
          await api('DELETE', `${base}/${encodeURIComponent(k.id)}`);
          await showList();
          announce(`Key ${keyLabel(k)} revoked.`);
        },
      }),
    );
    return button;
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    error.clear();
    const label = name.input.value.trim();
    await busy(create, 'Creating…', form, async () => {
      try {
        const created = await api('POST', base, label ? { name: label } : {});
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
  content.replaceChildren(form, secret, h('section', { 'aria-labelledby': 'keys-heading' }, listHeading, list));
}
