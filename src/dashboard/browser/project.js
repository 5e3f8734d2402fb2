import { api, project } from './api.js';
import { h, number, time } from './dom.js';

export async function render({ content, slug }) {
  const p = await api('GET', project(slug));
  content.replaceChildren(
    h('h2', null, 'Overview'),
    h(
      'dl',
      { class: 'facts card' },
      h('dt', null, 'Plan'),
      h('dd', null, p.plan),
      h('dt', null, 'Quota'),
      h('dd', null, `${number(p.quota.perMinute)} requests a minute, ${number(p.quota.perDay)} a day`),
      h('dt', null, 'Site'),
      h('dd', null, p.liveDeploy ? [h('code', null, p.url), ' (live deploy from ', time(p.liveDeploy.createdAt), ')'] : 'Not deployed yet'),
      h('dt', null, 'Created'),
      h('dd', null, time(p.createdAt)),
    ),
    h('p', null, 'Choose a section above: custom domains and redirects, the deploys of the site, API keys, or usage against the quota.'),
  );
}
