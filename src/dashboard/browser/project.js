// The project's overview: its site and live deploy, its custom domains with their state, and this month's usage beside the quota.
import { api, project } from './api.js';
import { badgeOf } from './domains.js';
import { h, hidden, number, siteLink, time } from './dom.js';

const utcMonth = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The days of the current UTC month among the last 30 days, and today, from the usage answer. */
function monthOf(usage, now = new Date()) {
  const month = now.toISOString().slice(0, 7);
  const days = usage.perDay.filter((d) => d.start.slice(0, 7) === month);
  const today = usage.perDay.at(-1) ?? { requests: 0 };
  return { total: days.reduce((n, d) => n + d.requests, 0), today: today.requests, name: utcMonth.format(now) };
}

function siteCard(p) {
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
          ? [h('strong', null, `#${p.liveDeploy.id}`), ', uploaded ', time(p.liveDeploy.createdAt)]
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

export async function render({ content, slug }) {
  const [p, domains, usage] = await Promise.all([
    api('GET', project(slug)),
    api('GET', `${project(slug)}/domains`),
    api('GET', `${project(slug)}/usage`),
  ]);
  content.replaceChildren(h('h2', null, 'Overview'), h('div', { class: 'overview' }, siteCard(p), domainsCard(domains), usageCard(usage)));
}
