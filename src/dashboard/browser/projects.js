import { api } from './api.js';
import { busy, errorSlot, field, focusOn, h, number, siteLink } from './dom.js';

const projectPage = (slug) => `/dashboard/projects/${encodeURIComponent(slug)}`;

/** "New project" opens a form with the project's name (its slug and site address) and "Create project". */
function newProject() {
  const slug = field(
    'Project name',
    { name: 'slug', autocomplete: 'off', spellcheck: 'false', autocapitalize: 'none', maxlength: '63', required: true },
    'Lowercase letters, digits and single hyphens, e.g. “corner-shop”. It names the site’s address and cannot be changed.',
  );
  const error = errorSlot();
  const create = h('button', { type: 'submit' }, 'Create project');
  const cancel = h('button', { type: 'button', class: 'secondary' }, 'Cancel');
  const form = h(
    'form',
    { class: 'card new-project', novalidate: true, hidden: true, 'aria-labelledby': 'new-project-title' },
    h('h2', { id: 'new-project-title' }, 'New project'),
    h('p', { class: 'muted' }, 'A new project starts on the Free plan, with you as its owner.'),
    slug.wrapper,
    error.el,
    h('div', { class: 'actions' }, create, cancel),
  );
  const open = h('button', { type: 'button', 'aria-expanded': 'false', 'aria-controls': 'new-project' }, 'New project');
  form.id = 'new-project';
  const show = (state) => {
    form.hidden = !state;
    open.setAttribute('aria-expanded', String(state));
    if (state) focusOn(slug.input);
  };
  open.addEventListener('click', () => show(form.hidden));
  cancel.addEventListener('click', () => {
    show(false);
    error.clear();
    open.focus();
  });
  form.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') cancel.click();
  });
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    error.clear();
    slug.input.removeAttribute('aria-invalid');
    const value = slug.input.value.trim().toLowerCase();
    if (value === '') {
      slug.input.setAttribute('aria-invalid', 'true');
      error.show('Enter a name for the project.');
      slug.input.focus();
      return;
    }
    await busy(create, 'Creating…', form, async () => {
      try {
        const created = await api('POST', '/projects', { slug: value });
        location.assign(projectPage(created.slug ?? value));
      } catch (e) {
        if (e.code === 'invalid_slug' || e.code === 'project_exists' || e.code === 'slug_taken')
          slug.input.setAttribute('aria-invalid', 'true');
        error.show(e);
        slug.input.focus();
      }
    });
  });
  return { toolbar: h('div', { class: 'toolbar page-actions' }, open), form };
}

export async function render({ content }) {
  const projects = await api('GET', '/projects');
  const create = newProject();
  if (projects.length === 0) {
    content.replaceChildren(
      create.toolbar,
      create.form,
      h(
        'p',
        null,
        'You have no projects yet. Create one with ',
        h('strong', null, 'New project'),
        ', or ask a project’s owner to invite you.',
      ),
    );
    return;
  }
  content.replaceChildren(
    create.toolbar,
    create.form,
    h(
      'ul',
      { class: 'cards', 'aria-label': 'Your projects' },
      projects.map((p) =>
        h(
          'li',
          { class: 'card' },
          h('h2', null, h('a', { href: projectPage(p.slug) }, p.slug)),
          h(
            'dl',
            { class: 'facts' },
            h('dt', null, 'Plan'),
            h('dd', null, p.plan),
            h('dt', null, 'Quota'),
            h('dd', null, `${number(p.quota.perMinute)} requests a minute, ${number(p.quota.perDay)} a day`),
            h('dt', null, 'Site'),
            h('dd', null, p.liveDeploy ? siteLink(p.url) : 'Not deployed yet'),
          ),
        ),
      ),
    ),
  );
}
