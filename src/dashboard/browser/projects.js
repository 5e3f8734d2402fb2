import { api } from './api.js';
import { h, number } from './dom.js';

export async function render({ content }) {
  const projects = await api('GET', '/projects');
  if (projects.length === 0) {
    content.replaceChildren(
      h('p', null, 'You have no projects yet.'),
      h(
        'p',
        null,
        'An admin creates one with ',
        h('code', null, 'petstore projects create SLUG --plan free'),
        ' and adds you with ',
        h('code', null, 'petstore projects add-member SLUG EMAIL'),
        '.',
      ),
    );
    return;
  }
  content.replaceChildren(
    h(
      'ul',
      { class: 'cards', 'aria-label': 'Your projects' },
      projects.map((p) =>
        h(
          'li',
          { class: 'card' },
          h('h2', null, h('a', { href: `/dashboard/projects/${encodeURIComponent(p.slug)}` }, p.slug)),
          h(
            'dl',
            { class: 'facts' },
            h('dt', null, 'Plan'),
            h('dd', null, p.plan),
            h('dt', null, 'Quota'),
            h('dd', null, `${number(p.quota.perMinute)} requests a minute, ${number(p.quota.perDay)} a day`),
            h('dt', null, 'Site'),
            h('dd', null, p.liveDeploy ? p.url : 'Not deployed yet'),
          ),
        ),
      ),
    ),
  );
}
