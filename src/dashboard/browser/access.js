// What the signed-in person's role lets them do on this project (docs/permissions.md): the page is told once by
// dashboard.js, and views leave out (or explain) what the role cannot do. The server decides either way.
import { h } from './dom.js';
import { environment } from './api.js';

const RANK = { owner: 3, admin: 2, developer: 1, viewer: 0 };
export const ROLE_LABELS = { owner: 'Owner', admin: 'Admin', developer: 'Developer', viewer: 'Viewer' };

let current = { role: 'viewer', productionProtected: false };

/** Remembers the caller's role in the project shown and whether its production is protected. */
export function setAccess(project) {
  current = { role: project.role, productionProtected: project.productionProtected };
}

export const role = () => current.role;
export const atLeast = (needed) => RANK[current.role] >= RANK[needed];

/** Whether the caller may change the environment shown (production: a developer only while it is not protected). */
export function mayChange(env = environment()) {
  if (atLeast('admin')) return true;
  if (!atLeast('developer')) return false;
  return env === 'staging' || !current.productionProtected;
}

/** Why the caller may not change this (in environment `env`), in a sentence, for where an action would have been. */
export function whyNot(what, env = environment()) {
  if (!atLeast('developer')) {
    const who = env === 'production' && current.productionProtected ? 'Admins and owners' : 'Developers, admins and owners';
    return `Your role is viewer: you can see ${what} but not change them. ${who} can.`;
  }
  return `Production is protected: only admins and owners change ${what}. Your role is developer; staging is yours to change.`;
}

/** A notice in place of a form the caller's role does not allow (in environment `env`). */
export const notice = (what, env = environment()) => h('p', { class: 'notice role-notice' }, whyNot(what, env));

/** The caller's role, with whether production is protected, for the project page's header. */
export function roleLine() {
  return h(
    'p',
    { class: 'role-line' },
    'Your role: ',
    h(
      'span',
      { class: `badge ${atLeast('admin') ? 'badge-info' : 'badge-muted'}`, 'data-role': current.role },
      ROLE_LABELS[current.role] ?? current.role,
    ),
    current.productionProtected ? h('span', { class: 'badge badge-pending' }, 'Production protected') : '',
  );
}
