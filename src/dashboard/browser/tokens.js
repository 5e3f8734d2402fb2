// Access tokens: the person's tokens for scripts and the remote CLI (Authorization: Bearer pst_…).
import { api } from './api.js';
import { announce, busy, cliInstall, confirmAction, errorSlot, field, h, hidden, showSecretOnce, table, time, uid } from './dom.js';

const EXPIRIES = [
  [7, '7 days'],
  [30, '30 days'],
  [90, '90 days'],
  [180, '180 days'],
  [365, '1 year'],
];

const tokenLabel = (t) => `“${t.name}”`;

/** A group of radio buttons in a fieldset; returns the fieldset and a reader of the chosen value. */
function radios(legend, name, options, chosen) {
  const inputs = options.map(([value, label, hint]) => {
    const id = uid(name);
    const input = h('input', { type: 'radio', id, name, value, checked: value === chosen });
    return {
      input,
      el: h('div', { class: 'choice' }, input, h('label', { for: id }, label, hint ? h('span', { class: 'muted' }, ` — ${hint}`) : '')),
    };
  });
  return {
    el: h(
      'fieldset',
      { class: 'field' },
      h('legend', null, legend),
      inputs.map((i) => i.el),
    ),
    value: () => inputs.find((i) => i.input.checked)?.input.value,
    inputs: inputs.map((i) => i.input),
  };
}

function expiryOf(t) {
  if (!t.expiresAt) return 'Never expires';
  const left = Date.parse(t.expiresAt) - Date.now();
  return [left > 0 ? 'Expires ' : 'Expired ', time(t.expiresAt)];
}

export async function render({ content }) {
  const listHeading = h('h2', { id: 'tokens-heading' }, 'Your tokens');
  const list = h('div', { class: 'key-list' });
  const secret = h('div', { class: 'secret-slot' });

  const projects = await api('GET', '/projects');

  // --- Create token
  const name = field(
    'Token name',
    { name: 'name', maxlength: '100', autocomplete: 'off', required: true },
    'What it is for, e.g. “CI deploys”.',
  );
  const scope = radios(
    'Scope',
    'scope',
    [
      ['write', 'Read and write', 'deploys, domains, keys: everything you can do'],
      ['read', 'Read only', 'lists and usage; changes are refused'],
    ],
    'write',
  );
  const which = radios(
    'Projects',
    'projects',
    [
      ['all', 'All my projects', 'including those you get later'],
      ['some', 'Only the projects chosen below'],
    ],
    'all',
  );
  const boxes = projects.map((p) => {
    const id = uid('token-project');
    const input = h('input', { type: 'checkbox', id, value: p.slug, disabled: true });
    return { input, el: h('div', { class: 'choice' }, input, h('label', { for: id }, p.slug)) };
  });
  const projectList = h(
    'div',
    { class: 'choices indented', role: 'group', 'aria-label': 'Projects the token may use' },
    boxes.map((b) => b.el),
  );
  for (const input of which.inputs) {
    input.addEventListener('change', () => {
      for (const b of boxes) b.input.disabled = which.value() !== 'some';
    });
  }
  which.el.append(boxes.length ? projectList : h('p', { class: 'muted indented' }, 'You have no projects yet.'));
  const expiryId = uid('expiry');
  const expiry = h(
    'select',
    { id: expiryId, name: 'expiresInDays' },
    EXPIRIES.map(([days, label]) => h('option', { value: String(days), selected: days === 90 }, label)),
  );
  const error = errorSlot();
  const create = h('button', { type: 'submit' }, 'Create token');
  const form = h(
    'form',
    { class: 'card', novalidate: true, 'aria-labelledby': 'new-token' },
    h('h2', { id: 'new-token' }, 'New token'),
    h(
      'p',
      { class: 'muted' },
      'A token acts as you from scripts and the remote CLI: send it as ',
      h('code', null, 'Authorization: Bearer <token>'),
      '.',
    ),
    name.wrapper,
    scope.el,
    which.el,
    h('div', { class: 'field' }, h('label', { for: expiryId }, 'Expires after'), expiry),
    error.el,
    h('div', { class: 'actions' }, create),
  );

  async function showList() {
    const tokens = await api('GET', '/tokens');
    if (tokens.length === 0) {
      list.replaceChildren(h('p', null, 'You have no access tokens yet.'));
      return;
    }
    // Three columns, so that the list and its actions fit a phone's width.
    const rows = tokens.map((t) => [
      h(
        'div',
        { class: 'stack' },
        h('strong', null, t.name),
        t.hint ? h('code', null, t.hint) : '',
        h('span', null, t.scope === 'read' ? 'Read only' : 'Read and write'),
        h('span', { class: 'muted' }, t.projects?.length ? t.projects.join(', ') : 'All projects'),
      ),
      h(
        'div',
        { class: 'stack' },
        t.createdAt ? h('span', null, 'Created ', time(t.createdAt)) : '',
        h('span', null, 'Last used ', t.lastUsedAt ? time(t.lastUsedAt) : 'never'),
        t.revokedAt ? h('span', null, 'Revoked ', time(t.revokedAt)) : h('span', null, expiryOf(t)),
      ),
      t.revokedAt ? h('span', { class: 'badge badge-muted' }, 'Revoked') : revokeButton(t),
    ]);
    list.replaceChildren(
      table('Your access tokens', ['Token', 'Use', 'Actions'], rows, { captionHidden: true, class: 'card-rows tokens-table' }),
    );
  }

  function revokeButton(t) {
    const button = h('button', { type: 'button', class: 'danger small' }, 'Revoke', hidden(` token ${tokenLabel(t)}`));
    button.addEventListener('click', () =>
      confirmAction({
        title: `Revoke token ${tokenLabel(t)}?`,
        text: 'Scripts and machines that use it are refused within 5 seconds, on every server. This cannot be undone: create a new token to replace it.',
        action: 'Revoke',
        busyText: 'Revoking…',
        returnTo: () => listHeading,
        run: async () => {
          await api('DELETE', `/tokens/${encodeURIComponent(t.id)}`);
          await showList();
          announce(`Token ${tokenLabel(t)} revoked.`);
        },
      }),
    );
    return button;
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    error.clear();
    name.input.removeAttribute('aria-invalid');
    const label = name.input.value.trim();
    if (label === '') {
      name.input.setAttribute('aria-invalid', 'true');
      error.show('Give the token a name, to know later what uses it.');
      name.input.focus();
      return;
    }
    const body = { name: label, scope: scope.value(), expiresInDays: Number(expiry.value) };
    if (which.value() === 'some') {
      body.projects = boxes.filter((b) => b.input.checked).map((b) => b.input.value);
      if (body.projects.length === 0) {
        error.show('Choose at least one project, or “All my projects”.');
        boxes[0]?.input.focus();
        return;
      }
    }
    await busy(create, 'Creating…', form, async () => {
      try {
        const created = await api('POST', '/tokens', body);
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
      heading: h('h2', null, 'Your new token: ', created.name),
      what: 'token',
      secret: created.token,
      details: h(
        'p',
        null,
        created.scope === 'read' ? 'Read only' : 'Read and write',
        ', ',
        created.projects?.length ? `for ${created.projects.join(', ')}` : 'for all your projects',
        created.expiresAt ? [', until ', time(created.expiresAt)] : '',
        '.',
      ),
      returnTo: name.input,
    });
  }

  await showList();
  content.replaceChildren(
    form,
    secret,
    h('section', { 'aria-labelledby': 'tokens-heading' }, listHeading, list),
    h('section', { class: 'card', 'aria-labelledby': 'cli-heading' }, h('h2', { id: 'cli-heading' }, 'Command line'), cliInstall()),
  );
}
