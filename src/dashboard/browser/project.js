// The project's overview: its site and live deploy, its custom domains with their state, and this month's usage beside the quota.
import { mayChange, notice } from './access.js';
import { api, environment, inEnvironment, pagePath, project } from './api.js';
import { badgeOf } from './domains.js';
import { day, deprecationsOf, recentCallers } from './deprecations.js';
import { keyInSentence, keyName } from './key-name.js';
import { announce, confirmAction, deployName, h, hidden, number, siteLink, time } from './dom.js';

const utcMonth = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The days of the current UTC month among the last 30 days, and today, from the usage answer. */
function monthOf(usage, now = new Date()) {
  const month = now.toISOString().slice(0, 7);
  const days = usage.perDay.filter((d) => d.start.slice(0, 7) === month);
  const today = usage.perDay.at(-1) ?? { requests: 0 };
  return { total: days.reduce((n, d) => n + d.requests, 0), today: today.requests, name: utcMonth.format(now) };
}

/** `live`: the live deploy from the deploys list (the project's answer names it by id; people know it by number). */
function siteCard(p, live) {
  return h(
    'section',
    { class: 'card', 'aria-labelledby': 'overview-site' },
    h('h3', { id: 'overview-site' }, 'Site'),
    h(
      'dl',
      { class: 'facts' },
      h('dt', null, 'Address'),
      h('dd', null, p.liveDeploy ? siteLink(p.url) : [h('code', null, p.url), h('span', { class: 'muted' }, ' (nothing served yet)')]),
      h('dt', null, 'Live deploy'),
      h(
        'dd',
        null,
        p.liveDeploy
          ? [live ? [h('strong', null, deployName(live)), ', uploaded '] : 'Uploaded ', time(p.liveDeploy.createdAt)]
          : ['None yet: upload a .tar.gz in the Deploys tab, or run ', h('code', null, `petstore deploy ${p.slug} DIR`), '.'],
      ),
      h('dt', null, 'Plan'),
      h('dd', null, p.plan),
      h('dt', null, 'Created'),
      h('dd', null, time(p.createdAt)),
    ),
  );
}

function domainsCard(domains) {
  const body =
    domains.length === 0
      ? h('p', { class: 'muted' }, 'No custom domains. Add one in the Domains tab (Pro plan and above).')
      : h(
          'ul',
          { class: 'plain-list overview-domains' },
          domains.map((d) => {
            const badge = badgeOf(d);
            const name = badge.text === 'Active' ? siteLink(`https://${d.domain}/`, d.domain) : h('span', null, d.domain);
            return h('li', null, name, ' ', h('span', { class: `badge badge-${badge.tone}` }, hidden('Status: '), badge.text));
          }),
        );
  return h(
    'section',
    { class: 'card', 'aria-labelledby': 'overview-domains' },
    h('h3', { id: 'overview-domains' }, 'Custom domains'),
    body,
  );
}

function usageCard(usage) {
  const month = monthOf(usage);
  const { perDay, perMinute } = usage.quota;
  const meterId = 'overview-today';
  return h(
    'section',
    { class: 'card', 'aria-labelledby': 'overview-usage' },
    h('h3', { id: 'overview-usage' }, `API requests in ${month.name}`),
    h(
      'dl',
      { class: 'facts' },
      h('dt', null, 'This month (UTC)'),
      h('dd', null, `${number(month.total)} requests`),
      h('dt', { id: meterId }, 'Today (UTC)'),
      h(
        'dd',
        null,
        `${number(month.today)} of ${number(perDay)} a day`,
        h('meter', {
          min: '0',
          max: String(perDay),
          value: String(month.today),
          high: String(Math.round(perDay * 0.8)),
          'aria-labelledby': meterId,
        }),
      ),
      h('dt', null, 'Quota'),
      h('dd', null, `${number(perMinute)} requests a minute, ${number(perDay)} a day`),
    ),
  );
}

/**
 * Staging's data as a whole: **Reset staging** empties it (its keys and webhook endpoints stay), **Copy production
 * pets** fills an empty staging with production's pets; each asks first, in a dialog.
 */
function stagingCard(slug, refresh) {
  const heading = h('h3', { id: 'overview-staging' }, 'Staging data');
  const reset = h('button', { type: 'button', class: 'danger' }, 'Reset staging');
  const copy = h('button', { type: 'button', class: 'secondary' }, 'Copy production pets');
  // What was last done, in words (screen readers hear it through the page's status region).
  const done = h('p', { class: 'muted staging-done' });
  const say = (text) => {
    done.textContent = text;
    announce(text);
  };
  reset.addEventListener('click', () =>
    confirmAction({
      title: `Reset the staging environment of ${slug}?`,
      text: "Staging's pets, orders, idempotency keys, events, webhook deliveries, usage and request log are deleted, and its next pet is number 1. Its API keys and webhook endpoints stay. Production is not touched.",
      action: 'Reset',
      busyText: 'Resetting…',
      returnTo: () => heading,
      run: async () => {
        await api('POST', `${project(slug)}/staging/reset`);
        await refresh();
        say('Staging was reset: it holds no data now.');
      },
    }),
  );
  copy.addEventListener('click', () =>
    confirmAction({
      title: "Copy production's pets into staging?",
      text: 'Every pet of production is copied into staging with the same id, name, category and status; orders are not, so a pet pending because of an order is copied available. Staging must be empty (no pets, no orders): use Reset staging first otherwise.',
      action: 'Copy pets',
      busyText: 'Copying…',
      tone: 'primary',
      returnTo: () => heading,
      run: async () => {
        const { copied } = await api('POST', `${project(slug)}/staging/copy-pets`).catch((err) => {
          // Said with this page's own button, not another tool's command.
          if (err.code === 'staging_not_empty') {
            throw new Error(
              'Staging already has pets or orders. Use Reset staging (beside Copy production pets) to empty it, then copy again.',
            );
          }
          throw err;
        });
        await refresh();
        say(`${number(copied)} pets copied into staging.`);
      },
    }),
  );
  return h(
    'section',
    { class: 'card', 'aria-labelledby': 'overview-staging' },
    heading,
    h(
      'p',
      null,
      'Staging has its own keys (psk_test_…), pets, orders, events, webhooks, usage and request log, and the same plan’s limits. Test against it without touching production.',
    ),
    // A viewer reads staging's data; a developer and above reset it and fill it.
    mayChange('staging') ? h('div', { class: 'actions' }, reset, copy) : notice('staging’s pets and orders', 'staging'),
    done,
  );
}

/** "“a”, “b” and “c”" */
const listed = (names) => (names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

/** "Key “mobile app”", "Unnamed key psk_AbCd…", "Keys “mobile app” and unnamed key psk_AbCd…": as every page names keys. */
function callersSubject(callers) {
  const [first] = callers;
  if (callers.length === 1) return first.name ? `Key ${keyInSentence(first)}` : keyName(first);
  return `Keys ${listed(callers.map(keyInSentence))}`;
}

/**
 * While a key called a deprecated operation in the last 7 days: which keys, which operation, its removal date, and
 * a link to the Deprecations view. Nothing when none did (or the answer could not be had: the overview still shows).
 */
async function deprecationBanner(slug) {
  const recent = recentCallers(await deprecationsOf(slug).catch(() => []));
  if (recent.length === 0) return null;
  const lines = recent.map((o) =>
    h(
      'p',
      null,
      `${callersSubject(o.callers)} called `,
      h('code', null, o.operation),
      ' in the last 7 days. It is removed on ',
      o.sunset ? day(o.sunset) : 'a date not decided yet',
      o.successor ? [': move ', o.callers.length === 1 ? 'it' : 'them', ' to ', h('code', null, o.successor), '.'] : '.',
    ),
  );
  return h(
    'section',
    { class: 'banner banner-warning', 'aria-labelledby': 'deprecation-banner' },
    h('h3', { id: 'deprecation-banner' }, 'Keys still call a deprecated operation'),
    lines,
    h('p', null, h('a', { href: pagePath(slug, 'deprecations') }, 'See deprecations and their callers')),
  );
}

export async function render({ content, slug }) {
  const staging = environment() === 'staging';
  const usageSlot = h('div', { class: 'usage-slot' });
  const refresh = async () => usageSlot.replaceChildren(usageCard(await api('GET', inEnvironment(`${project(slug)}/usage`))));
  const [p, domains, deploys, banner] = await Promise.all([
    api('GET', project(slug)),
    api('GET', `${project(slug)}/domains`),
    api('GET', `${project(slug)}/deploys`).catch(() => []),
    deprecationBanner(slug),
    refresh(),
  ]);
  const live = deploys.find((d) => d.live);
  const cards = staging
    ? [stagingCard(slug, refresh), usageSlot, siteCard(p, live), domainsCard(domains)]
    : [siteCard(p, live), domainsCard(domains), usageSlot];
  content.replaceChildren(
    ...(banner ? [banner] : []),
    h('h2', null, staging ? 'Overview of staging' : 'Overview'),
    h('div', { class: 'overview' }, ...cards),
  );
}
