// Members: who works on the project; owners invite people (a one-time link to pass on) and remove members.
import { api, project } from './api.js';
import { announce, busy, confirmAction, copyButton, errorSlot, field, focusOn, h, hidden, table, time } from './dom.js';

const ROLES = { owner: 'Owner', member: 'Member' };

export async function render({ content, slug }) {
  const base = `${project(slug)}/members`;
  const me = document.body.dataset.email;
  const admin = document.body.dataset.admin === 'true';
  const listHeading = h('h3', { id: 'members-heading' }, 'People');
  const list = h('div');
  const invited = h('div', { class: 'secret-slot' });
  let canManage = admin;

  async function showList() {
    const members = await api('GET', base);
    canManage = admin || members.some((m) => m.email === me && m.role === 'owner');
    // Two columns, so that the list and its actions fit a phone's width.
    const rows = members.map((m) => [
      h(
        'div',
        { class: 'stack member' },
        h('strong', null, m.email, m.email === me ? h('span', { class: 'muted you' }, ' (you)') : ''),
        h(
          'span',
          null,
          h('span', { class: `badge ${m.role === 'owner' ? 'badge-info' : 'badge-muted'}` }, ROLES[m.role] ?? m.role),
          m.createdAt ? [' since ', time(m.createdAt)] : '',
        ),
      ),
      canManage && m.email !== me ? removeButton(m) : '',
    ]);
    list.replaceChildren(
      members.length === 0
        ? h('p', null, 'Nobody is a member of this project yet.')
        : table('Members of this project', ['Person', 'Actions'], rows, { captionHidden: true, class: 'card-rows' }),
    );
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
  const error = errorSlot();
  const invite = h('button', { type: 'submit' }, 'Invite');
  const form = h(
    'form',
    { class: 'card', novalidate: true, 'aria-labelledby': 'invite-title' },
    h('h3', { id: 'invite-title' }, 'Invite someone'),
    email.wrapper,
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
        const created = await api('POST', `${project(slug)}/invitations`, { email: address });
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

  await showList();
  const people = h('section', { 'aria-labelledby': 'members-heading' }, listHeading, list);
  content.replaceChildren(
    ...(canManage
      ? [form, invited, people]
      : [h('p', { class: 'notice' }, 'The owners of this project invite people and remove members.'), people]),
  );
}
