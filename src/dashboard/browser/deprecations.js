// Deprecations: each deprecated operation of the API with its removal date, what replaces it, and the project's keys
// that still call it (the overview's banner links here while a key called one in the last 7 days).
import { api, inEnvironment, project } from './api.js';
import { h, number, table, time } from './dom.js';
import { keyCell } from './key-name.js';

const utcDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeZone: 'UTC' });

/** A date of the contract (a sunset) as a <time> in words, e.g. "5 December 2030". */
export const day = (iso) => h('time', { datetime: iso }, utcDate.format(new Date(iso)));

/** The project's deprecated operations in the page's environment (the API's answer's `operations`). */
export async function deprecationsOf(slug) {
  return (await api('GET', inEnvironment(`${project(slug)}/deprecations`))).operations;
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** The operations that a key called in the last 7 days, each with those keys: what the overview's banner names. */
export function recentCallers(operations, now = Date.now()) {
  return operations
    .map((o) => ({ ...o, callers: o.callers.filter((c) => c.lastCalledAt && now - Date.parse(c.lastCalledAt) <= WEEK_MS) }))
    .filter((o) => o.callers.length > 0);
}

function operationCard(o) {
  const id = `deprecated-${o.operation}`;
  const callers =
    o.callers.length === 0
      ? h('p', { class: 'muted' }, 'No key called it in the last 30 days.')
      : [
          h('h4', null, 'Keys that called it in the last 30 days'),
          table(
            `Keys that called ${o.operation} in the last 30 days`,
            ['Key', 'Calls in 30 days', 'Last call'],
            o.callers.map((c) => [keyCell(c), number(c.calls30d), time(c.lastCalledAt)]),
            { class: 'card-rows', captionHidden: true, labels: ['Calls in 30 days', 'Last call'] },
          ),
        ];
  return h(
    'section',
    { class: 'card deprecation', 'aria-labelledby': id },
    h('h3', { id }, h('code', null, o.operation), ' ', h('span', { class: 'muted' }, `${o.method} ${o.path}`)),
    h(
      'dl',
      { class: 'facts' },
      h('dt', null, 'Deprecated'),
      h('dd', null, o.deprecatedAt ? day(o.deprecatedAt) : 'Yes'),
      h('dt', null, 'Removed on'),
      h('dd', null, o.sunset ? [day(o.sunset), ': after it, calls are answered 410 Gone'] : 'Not decided yet'),
      h('dt', null, 'Use instead'),
      h('dd', null, o.successor ? h('code', null, o.successor) : 'Nothing replaces it'),
    ),
    callers,
  );
}

export async function render({ content, slug }) {
  const operations = await deprecationsOf(slug);
  const intro = h(
    'p',
    { class: 'muted' },
    'Operations of the API that are deprecated and will be removed, with this project’s keys that called them in the last 30 days. Move each of those clients to the operation named under “Use instead” before the removal date.',
  );
  content.replaceChildren(
    intro,
    ...(operations.length === 0 ? [h('p', null, 'No operation of the API is deprecated.')] : operations.map(operationCard)),
  );
}
