// Activity: the project's audit log, newest first, a page at a time ("Show older").
import { api, apiPage, project } from './api.js';
import { busy, deployName, errorSlot, focusOn, h, time } from './dom.js';

/** Entries per page: "Show older" fetches the next ones. */
const PAGE_SIZE = 20;

/** What happened, in words: every action of the audit log (AUDIT_ACTIONS) has its own. */
export const ACTIONS = {
  'project.create': 'Created the project',
  'member.invite': 'Invited a person',
  'member.add': 'Added a member',
  'member.remove': 'Removed a member',
  'member.role_change': 'Changed a member’s role',
  'project.protection_change': 'Changed production protection',
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
  'webhook.test': 'Test event sent',
  'webhook.retry': 'Retried a webhook delivery',
  'staging.reset': 'Reset staging',
  'staging.copy_pets': 'Copied production’s pets into staging',
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

/** A key as a person knows it: its name and hint ("“mobile app” psk_ab12…"), or its hint alone. */
const keyWords = (k) => (k.name ? [`“${k.name}” `, h('code', null, k.hint)] : [h('code', null, k.hint)]);

/**
 * What it was done to, in the words the other tabs use: a key by its name, a webhook by its URL, a deploy by its
 * number; anything not (or no longer) known by the page is shown as recorded.
 */
function targetOf(a, known) {
  const target = typeof a.target === 'string' ? a.target : '';
  if (target === '') return '';
  const [first = '', ...rest] = target.split(' ');
  if (a.action.startsWith('key.')) {
    const key = known.keys.get(target);
    return key ? keyWords(key) : h('code', null, target);
  }
  if (a.action.startsWith('webhook.') && a.action !== 'webhook.retry') {
    const url = known.webhooks.get(first);
    if (a.action === 'webhook.update') {
      const changed = rest.find((r) => r.startsWith('url='));
      if (changed) return ['to ', h('code', null, changed.slice(4))];
    }
    return url ? ['to ', h('code', null, url)] : h('code', null, first);
  }
  if (a.action.startsWith('deploy.')) {
    const name = known.deploys.get(target);
    return name ? h('strong', null, name) : h('code', null, target);
  }
  return h('code', null, target);
}

/** The names the log's ids stand for: keys and webhooks of both environments, and deploys. */
async function namesOf(slug) {
  const quietly = (path) => api('GET', path).catch(() => []);
  const [keys, stagingKeys, hooks, stagingHooks, deploys] = await Promise.all([
    quietly(`${project(slug)}/keys`),
    quietly(`${project(slug)}/keys?environment=staging`),
    quietly(`${project(slug)}/webhooks`),
    quietly(`${project(slug)}/webhooks?environment=staging`),
    quietly(`${project(slug)}/deploys`),
  ]);
  return {
    keys: new Map([...keys, ...stagingKeys].map((k) => [k.id, k])),
    webhooks: new Map([...hooks, ...stagingHooks].map((w) => [w.id, w.url])),
    deploys: new Map(deploys.map((d) => [d.id, deployName(d)])),
  };
}

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
  const [tokens, known] = await Promise.all([api('GET', '/tokens').catch(() => []), namesOf(slug)]);
  const tokenNames = new Map(tokens.map((t) => [t.id, t.name]));

  // Two columns (the change; who and when), so that a phone shows a change without scrolling sideways.
  function rows(entries) {
    return entries.map((a) =>
      h(
        'tr',
        null,
        h(
          'td',
          null,
          h('span', { 'data-action': a.action }, ACTIONS[a.action] ?? a.action, ' ', targetOf(a, known)),
          a.environment === 'staging' ? [' ', h('span', { class: 'badge badge-pending' }, 'Staging')] : null,
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
    { class: 'card-rows activity' },
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
