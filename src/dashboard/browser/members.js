// Members: who works on the project and with which role; owners and admins invite people (a one-time link to pass
// on), change roles, remove members and protect production. Only an owner makes, changes or removes an owner.
import { api, project } from './api.js';
import { announce, busy, confirmAction, copyButton, errorSlot, field, focusOn, h, hidden, table, time } from './dom.js';
import { atLeast, ROLE_LABELS as ROLES, setAccess } from './access.js';

export async function render({ content, slug }) {
  const base = `${project(slug)}/members`;
  const me = document.body.dataset.email;
  const listHeading = h('h3', { id: 'members-heading' }, 'People');
  const list = h('div');
  const invited = h('div', { class: 'secret-slot' });
  const canManage = atLeast('admin');
  const owner = atLeast('owner');
  /** The roles the caller may give: an owner any, an admin all but owner. */
  const giveable = Object.keys(ROLES).filter((r) => owner || r !== 'owner');

  async function showList() {
    const members = await api('GET', base);
    // Two columns, so that the list and its actions fit a phone's width.
    const rows = members.map((m) => [
      h(
        'div',
        { class: 'stack member' },
        h('strong', null, m.email, m.email === me ? h('span', { class: 'muted you' }, ' (you)') : ''),
        h(
          'span',
          null,
          canManage && (owner || m.role !== 'owner')
            ? roleSelect(m)
            : h('span', { class: `badge ${m.role === 'owner' ? 'badge-info' : 'badge-muted'}` }, ROLES[m.role] ?? m.role),
          m.createdAt ? [' since ', time(m.createdAt)] : '',
        ),
      ),
      canManage && m.email !== me && (owner || m.role !== 'owner') ? removeButton(m) : '',
    ]);
    list.replaceChildren(
      members.length === 0
        ? h('p', null, 'Nobody is a member of this project yet.')
        : table('Members of this project', ['Person', 'Actions'], rows, { captionHidden: true, class: 'card-rows' }),
    );
  }

  /** A member's role, changed as soon as another is chosen (the server keeps the last owner). */
  function roleSelect(m) {
    const id = `role-${m.email.replace(/[^a-z0-9]/gi, '-')}`;
    const select = h(
      'select',
      { id, name: 'role', class: 'role-select' },
      ...giveable.map((r) => h('option', { value: r, ...(r === m.role ? { selected: true } : {}) }, ROLES[r])),
    );
    const error = errorSlot();
    select.addEventListener('change', async () => {
      error.clear();
      try {
        const changed = await api('PATCH', `${base}/${encodeURIComponent(m.email)}`, { role: select.value });
        announce(`${m.email} is now ${ROLES[changed.role] ?? changed.role}.`);
        await showList();
      } catch (e) {
        select.value = m.role;
        error.show(e);
      }
    });
    return h('span', { class: 'role-edit' }, h('label', { for: id, class: 'visually-hidden' }, `Role of ${m.email}`), select, error.el);
  }

  function removeButton(m) {
    const button = h('button', { type: 'button', class: 'danger small' }, 'Remove', hidden(` ${m.email}`));
    button.addEventListener('click', () =>
      confirmAction({
        title: `Remove ${m.email} from ${slug}?`,
        text: 'They lose access to this project at once: its settings, deploys, domains and keys. Their access tokens stop working for it. You can invite them again later.',
        action: 'Remove',
        busyText: 'Removing…',
        returnTo: () => listHeading,
        run: async () => {
          await api('DELETE', `${base}/${encodeURIComponent(m.email)}`);
          await showList();
          announce(`${m.email} removed from ${slug}.`);
        },
      }),
    );
    return button;
  }

  // --- Invite
  const email = field(
    'Email',
    { type: 'email', name: 'email', autocomplete: 'off', spellcheck: 'false', required: true },
    'The address of the person to invite. The link works for that address only, once, for 7 days.',
  );
  const inviteRole = h(
    'select',
    { id: 'invite-role', name: 'role' },
    ...giveable.map((r) => h('option', { value: r, ...(r === 'developer' ? { selected: true } : {}) }, ROLES[r])),
  );
  const roleField = h('div', { class: 'field' }, h('label', { for: 'invite-role' }, 'Role'), inviteRole);
  const error = errorSlot();
  const invite = h('button', { type: 'submit' }, 'Invite');
  const form = h(
    'form',
    { class: 'card', novalidate: true, 'aria-labelledby': 'invite-title' },
    h('h3', { id: 'invite-title' }, 'Invite someone'),
    email.wrapper,
    roleField,
    error.el,
    h('div', { class: 'actions' }, invite),
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    error.clear();
    email.input.removeAttribute('aria-invalid');
    const address = email.input.value.trim();
    if (!/^[^\s@]+@[^\s@]+$/.test(address)) {
      email.input.setAttribute('aria-invalid', 'true');
      error.show('Enter the email address of the person to invite.');
      email.input.focus();
      return;
    }
    await busy(invite, 'Inviting…', form, async () => {
      try {
        const created = await api('POST', `${project(slug)}/invitations`, { email: address, role: inviteRole.value });
        email.input.value = '';
        showInvitation(address, created);
      } catch (e) {
        error.show(e);
        email.input.focus();
      }
    });
  });

  /** The invitation link, to pass on: there is no mail server, so the inviter sends it. */
  function showInvitation(address, created) {
    const heading = h('h3', null, 'Invitation for ', address);
    const link = h('code', { class: 'secret invitation-link' }, created.url);
    const done = h('button', { type: 'button', class: 'secondary' }, 'Done');
    const panel = h(
      'section',
      { class: 'card secret-panel', 'aria-label': 'The invitation link' },
      heading,
      h('p', null, 'Send this link to ', h('strong', null, address), '. It works once, until ', time(created.expiresAt), '.'),
      h('div', { class: 'secret-row' }, link, copyButton(created.url, 'the invitation link', link)),
      h('p', { class: 'muted' }, 'Anyone with the link can see the invitation: send it to them only. It is not shown again.'),
      h('div', { class: 'actions' }, done),
    );
    done.addEventListener('click', () => {
      invited.replaceChildren();
      focusOn(email.input);
    });
    invited.replaceChildren(panel);
    focusOn(heading);
  }

  // --- Protected production
  async function protectionCard() {
    const p = await api('GET', project(slug));
    const box = h('input', { type: 'checkbox', id: 'production-protected', ...(p.productionProtected ? { checked: true } : {}) });
    const error = errorSlot();
    box.addEventListener('change', async () => {
      error.clear();
      try {
        const now = await api('PATCH', project(slug), { productionProtected: box.checked });
        setAccess(now);
        announce(now.productionProtected ? 'Production is protected.' : 'Production is no longer protected.');
      } catch (e) {
        box.checked = !box.checked;
        error.show(e);
      }
    });
    return h(
      'section',
      { class: 'card', 'aria-labelledby': 'protection-title' },
      h('h3', { id: 'protection-title' }, 'Protected production'),
      h('div', { class: 'check' }, box, h('label', { for: 'production-protected' }, 'Only admins and owners change production')),
      h(
        'p',
        { class: 'muted' },
        'Production’s keys, domains, webhooks and live deploy. Developers keep all of staging, and their deploys are previews for an admin to promote.',
      ),
      error.el,
    );
  }

  await showList();
  const people = h('section', { 'aria-labelledby': 'members-heading' }, listHeading, list);
  content.replaceChildren(
    ...(canManage
      ? [form, invited, await protectionCard(), people]
      : [
          h('p', { class: 'notice role-notice' }, 'Admins and owners of this project invite people, change roles and protect production.'),
          people,
        ]),
  );
}
