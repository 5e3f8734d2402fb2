// The dashboard's entry module: wires the header (Sign out) and renders the page the server named.
import { api, ApiError } from './api.js';
import { errorParts, h } from './dom.js';

const PAGES = {
  'sign-in': () => import('./sign-in.js'),
  'sign-up': () => import('./sign-up.js'),
  invitation: () => import('./invitation.js'),
  projects: () => import('./projects.js'),
  tokens: () => import('./tokens.js'),
  security: () => import('./security.js'),
  project: () => import('./project.js'),
  domains: () => import('./domains.js'),
  deploys: () => import('./deploys.js'),
  keys: () => import('./keys.js'),
  webhooks: () => import('./webhooks.js'),
  usage: () => import('./usage.js'),
  requests: () => import('./requests.js'),
  members: () => import('./members.js'),
  activity: () => import('./activity.js'),
  deprecations: () => import('./deprecations.js'),
};

const signOut = document.getElementById('sign-out');
signOut?.addEventListener('click', async () => {
  const error = document.getElementById('sign-out-error');
  signOut.setAttribute('aria-disabled', 'true');
  signOut.textContent = 'Signing out…';
  try {
    await api('DELETE', '/session');
    location.assign('/dashboard/sign-in?signed-out=1');
  } catch (e) {
    signOut.removeAttribute('aria-disabled');
    signOut.textContent = 'Sign out';
    if (e instanceof ApiError && e.code === 'not_signed_in') return;
    error.replaceChildren('Could not sign out: ', ...errorParts(e));
    error.hidden = false;
  }
});

// Production | Staging: the same page in the environment chosen.
for (const radio of document.querySelectorAll('.env-switch input[type="radio"]')) {
  radio.addEventListener('change', () => {
    if (radio.checked && radio.dataset.href) location.assign(radio.dataset.href);
  });
}

const { page, slug } = document.body.dataset;
const content = document.getElementById('content');
const load = PAGES[page];
if (load && content) {
  try {
    const module = await load();
    if (slug) {
      // The caller's role decides what the project's views offer; it is shown under the project's name.
      const { project } = await import('./api.js');
      const { roleLine, setAccess } = await import('./access.js');
      setAccess(await api('GET', project(slug)));
      document.getElementById('page-title')?.after(roleLine());
    }
    await module.render({ content, slug });
  } catch (e) {
    content.replaceChildren(h('p', { class: 'error', role: 'alert' }, 'This page could not be loaded: ', ...errorParts(e)));
  } finally {
    content.removeAttribute('aria-busy');
  }
}
