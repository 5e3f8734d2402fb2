// How the dashboard names an API key, on every page (API keys, Usage, Requests, Deprecations, the overview's
// banner): its name when it has one, else "Unnamed key" and its hint (`psk_AbCd…`, the secret's first characters,
// which the key list shows beside every key). A key gone from the list is named by its id.
import { h } from './dom.js';

/** The key's name as text: `mobile app`, or `Unnamed key psk_AbCd…`. */
export const keyName = (k) => k.name ?? `Unnamed key ${k.hint ?? k.keyId ?? k.id}`;

/** The key in a sentence: `“mobile app”`, or `unnamed key psk_AbCd…` (after a word such as "Key" or "and"). */
export const keyInSentence = (k) => (k.name ? `“${k.name}”` : `unnamed key ${k.hint ?? k.keyId ?? k.id}`);

/** The key in a choice list: `mobile app (psk_AbCd…)`, or `Unnamed key psk_AbCd…`. */
export const keyOption = (k) => (k.name ? `${k.name} (${k.hint})` : keyName(k));

/** The key in a table cell: its name (or "Unnamed key"), then its hint, then its id when `withId`. */
export function keyCell(k, { withId = false } = {}) {
  const id = k.keyId ?? k.id;
  return h(
    'span',
    { class: 'stack key-name' },
    k.name ? h('strong', null, k.name) : h('span', { class: 'muted' }, 'Unnamed key'),
    h('code', null, k.hint ?? id),
    withId && id ? h('span', { class: 'muted key-id' }, 'ID ', h('code', null, id)) : null,
  );
}
