// Activity: the project's audit log, newest first, a page at a time ("Show older").
import { api, apiPage, project } from './api.js';
import { busy, errorSlot, focusOn, h, time } from './dom.js';

/** Entries per page: "Show older" fetches the next ones. */
const PAGE_SIZE = 20;

/** What happened, in words (the action's code stays beside it for searching the log). */
const ACTIONS = {
  'project.create': 'Created the project',
  'member.invite': 'Invited a person',
  'member.add': 'Added a member',
  'member.remove': 'Removed a member',
  'key.create': 'Created an API key',
  'key.revoke': 'Revoked an API key',
  'key.unban': 'Lifted a key’s ban',
  'key.roll': 'Rolled an API key',
  'deploy.create': 'Uploaded a deploy',
  'deploy.promote': 'Promoted a deploy',
  'domain.add': 'Added a domain',
  'domain.verify': 'Verified a domain',
  'domain.remove': 'Removed a domain',
  'redirect.add': 'Added a redirect',
  'redirect.remove': 'Removed a redirect',
  'plan.change': 'Changed the plan',
  'webhook.add': 'Added a webhook',
  'webhook.update': 'Changed a webhook',
  'webhook.remove': 'Removed a webhook',
};

/** Who did it: a person, one of their tokens, or the operator's local CLI. */
function actorOf(a, tokenNames) {
  const actor = a.actor ?? {};
  if (actor.type === 'operator') return h('span', null, 'Operator ', h('span', { class: 'muted' }, '(local CLI)'));
  if (actor.type === 'token') {
    return h(
      'div',
      { class: 'stack' },
      h('span', null, actor.email ?? 'A person'),
      h(
        'span',
        { class: 'muted' },
        'with access token ',
        tokenNames.has(actor.tokenId) ? `“${tokenNames.get(actor.tokenId)}”` : `#${actor.tokenId ?? '?'}`,
      ),
    );
  }
  return h('span', null, actor.email ?? actor.type ?? 'Unknown');
}

const targetOf = (a) =>
  typeof a.target === 'string' ? h('code', null, a.target) : a.target ? h('code', null, JSON.stringify(a.target)) : '';

export async function render({ content, slug }) {
  const base = `${project(slug)}/audit`;
  const heading = h(
    'p',
    { class: 'muted' },
    'Every change made in the dashboard, with the API or with the CLI, newest first. Kept for 90 days.',
  );
  const body = h('tbody');
  const error = errorSlot();
  const older = h('button', { type: 'button', class: 'secondary' }, 'Show older');
  const more = h('div', { class: 'actions' }, older);
  let cursor = null;
  // The person's own tokens are named; anyone else's token is shown by its id.
  const tokenNames = new Map((await api('GET', '/tokens').catch(() => [])).map((t) => [t.id, t.name]));

  // Two columns (the change; who and when), so that a phone shows a change without scrolling sideways.
  function rows(entries) {
    return entries.map((a) =>
      h(
        'tr',
        null,
        h(
          'td',
          null,
          h(
            'div',
            { class: 'stack' },
            h('span', null, ACTIONS[a.action] ?? a.action, ' ', targetOf(a)),
            h('code', { class: 'muted' }, a.action),
          ),
        ),
        h(
          'td',
          null,
          h(
            'div',
            { class: 'stack' },
            actorOf(a, tokenNames),
            h('span', { class: 'muted' }, time(a.at), a.ip ? [' from ', h('code', null, a.ip)] : ''),
          ),
        ),
      ),
    );
  }

  async function load() {
    const { entries, next } = await apiPage(`${base}?limit=${String(PAGE_SIZE)}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    const added = rows(entries);
    body.append(...added);
    cursor = next;
    more.hidden = !cursor;
    return added;
  }

  older.addEventListener('click', async () => {
    error.clear();
    await busy(older, 'Loading…', body, async () => {
      try {
        const added = await load();
        // Focus goes to the first row that arrived, so keyboard and screen reader users continue from there.
        focusOn(added[0]?.querySelector('td') ?? older);
      } catch (e) {
        error.show(e);
      }
    });
  });

  await load();
  if (body.children.length === 0) {
    content.replaceChildren(h('p', null, 'Nothing has changed in this project yet.'));
    return;
  }
  const t = h(
    'table',
    null,
    h('caption', { class: 'visually-hidden' }, 'Activity of this project'),
    h(
      'thead',
      null,
      h(
        'tr',
        null,
        ['Change', 'By whom, when'].map((x) => h('th', { scope: 'col' }, x)),
      ),
    ),
    body,
  );
  content.replaceChildren(
    heading,
    h('div', { class: 'table-scroll', role: 'region', 'aria-label': 'Activity of this project', tabindex: '0' }, t),
    error.el,
    more,
  );
}
