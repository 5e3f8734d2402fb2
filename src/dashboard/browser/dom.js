// Small DOM helpers: every text goes in as text (never as HTML), so nothing the API answers can become markup.

let counter = 0;
/** A unique id for labelling one element by another. */
export const uid = (prefix) => `${prefix}-${String(++counter)}`;

/** Creates an element: h('button', { type: 'button', onclick }, 'Save'). */
export function h(tag, props, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'class') el.className = value;
    else if (key.startsWith('on') && typeof value === 'function') el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value === true ? '' : String(value));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    el.append(child instanceof Node ? child : String(child));
  }
}

/** Text only a screen reader reads. */
export const hidden = (text) => h('span', { class: 'visually-hidden' }, text);

/** Says something to screen readers through the page's polite status region. */
export function announce(text) {
  const region = document.getElementById('status');
  if (!region) return;
  region.textContent = '';
  setTimeout(() => (region.textContent = text), 50);
}

/** Moves focus to an element that is not focusable by itself (a heading, a panel). */
export function focusOn(el) {
  if (!el) return;
  if (!el.hasAttribute('tabindex') && !/^(A|BUTTON|INPUT|SELECT|TEXTAREA)$/.test(el.tagName)) el.setAttribute('tabindex', '-1');
  el.focus();
}

/** A place for an action's error, next to it: role alert, so it is read out when it appears. */
export function errorSlot() {
  const el = h('p', { class: 'error', role: 'alert', hidden: true });
  return {
    el,
    show(error) {
      el.replaceChildren(...errorParts(error));
      el.hidden = false;
    },
    clear() {
      el.replaceChildren();
      el.hidden = true;
    },
  };
}

/** An error as words: the API's message, then what each field was wrong about. */
export function errorParts(error) {
  if (error instanceof Node) return [error];
  const message = error && typeof error.message === 'string' && error.message ? error.message : String(error);
  // Details the message already says (a deploy's reason) are not repeated.
  const details = (Array.isArray(error?.details) ? error.details : []).filter((d) => d.message && !message.includes(d.message));
  if (details.length === 0) return [message];
  return [
    message,
    h(
      'ul',
      null,
      details.map((d) => h('li', null, d.field ? `${d.field}: ${d.message}` : d.message)),
    ),
  ];
}

const busyButtons = new WeakSet();

/**
 * Runs a long action from a button: the button says what is happening
 * ("Verifying…"), is disabled for the duration (aria-disabled, so it keeps the
 * focus) and the region it changes is marked aria-busy.
 */
export async function busy(button, text, region, action) {
  if (busyButtons.has(button)) return undefined;
  busyButtons.add(button);
  const label = button.textContent;
  button.setAttribute('aria-disabled', 'true');
  if (text) button.textContent = text;
  region?.setAttribute('aria-busy', 'true');
  try {
    return await action();
  } finally {
    busyButtons.delete(button);
    button.removeAttribute('aria-disabled');
    button.textContent = label;
    region?.removeAttribute('aria-busy');
  }
}

/** A labelled text field with an optional hint; returns the wrapper and the input. */
export function field(label, attributes = {}, hint, { hintBelow = false } = {}) {
  const id = uid('field');
  const hintId = hint ? `${id}-hint` : undefined;
  const input = h('input', { id, 'aria-describedby': hintId, ...attributes });
  const said = hint ? h('p', { id: hintId, class: hintBelow ? 'hint hint-below' : 'hint' }, hint) : null;
  // Below the field in a row of fields (filters), so that every label and every field of the row stay in line.
  const wrapper = h('div', { class: 'field' }, h('label', { for: id }, label), hintBelow ? null : said, input, hintBelow ? said : null);
  return { wrapper, input };
}

/**
 * A button that copies `value`; its name is "Copy " + `what`. Whether it
 * worked is said next to it and to screen readers; when the clipboard is not
 * allowed, the text (`source`) is selected for the person to copy.
 */
export function copyButton(value, what, source) {
  const button = h('button', { type: 'button', class: 'secondary small copy' }, 'Copy', hidden(` ${what}`));
  const said = h('span', { class: 'copied', 'aria-hidden': 'true' });
  let timer;
  button.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(value);
      said.textContent = 'Copied';
      announce(`Copied ${what}.`);
    } catch {
      if (source) {
        const range = document.createRange();
        range.selectNodeContents(source);
        getSelection()?.removeAllRanges();
        getSelection()?.addRange(range);
      }
      said.textContent = 'Selected: press Ctrl+C';
      announce(`Could not copy ${what} automatically: it is selected, press Control+C or Command+C to copy it.`);
    }
    clearTimeout(timer);
    timer = setTimeout(() => (said.textContent = ''), 3000);
  });
  return h('span', { class: 'copy-wrap' }, button, said);
}

/** The one-line install of the `petstore` CLI from this server, with a copy button. */
export function cliInstall() {
  const command = `npm install -g ${location.origin}/downloads/petstore-cli.tgz`;
  const code = h('code', null, ...breakable(command));
  return h(
    'div',
    { class: 'cli-install' },
    h('p', null, 'Install the ', h('code', null, 'petstore'), ' command line on a laptop or a CI runner (Node.js 22.14 or later):'),
    h('div', { class: 'secret-row' }, code, copyButton(command, 'the install command', code)),
    h(
      'p',
      { class: 'muted' },
      'Its SHA-256 is published beside it: ',
      h('a', { href: '/downloads/petstore-cli.tgz.sha256' }, 'petstore-cli.tgz.sha256'),
      ' (check a downloaded copy with ',
      h('code', null, 'sha256sum -c'),
      ').',
    ),
  );
}

/**
 * A secret from a POST answer (an API key, an access token), shown this once
 * in `slot`: it lives only in this element, never in storage. `what` names it
 * in the panel's words; Done empties the slot and focuses `returnTo`.
 */
export function showSecretOnce({ slot, heading, what, secret, details, returnTo }) {
  const done = h('button', { type: 'button', class: 'secondary' }, 'Done');
  const panel = h(
    'section',
    { class: 'card secret-panel', 'aria-label': `Your new ${what}` },
    heading,
    secretOnce(what, secret),
    details,
    h('div', { class: 'actions' }, done),
  );
  done.addEventListener('click', () => {
    slot.replaceChildren();
    focusOn(returnTo);
  });
  slot.replaceChildren(panel);
  focusOn(heading);
}

/** The "copy it now" warning and the secret with its Copy button. */
export function secretOnce(what, secret) {
  const value = h('code', { class: 'secret' }, secret);
  return h(
    'div',
    { class: 'secret-once' },
    h(
      'p',
      { class: 'warning' },
      h('strong', null, 'Copy it now: '),
      `this is the only time the ${what} is shown. Petstore keeps only a hash of it.`,
    ),
    h('div', { class: 'secret-row' }, value, copyButton(secret, `the new ${what}`, value)),
  );
}

/**
 * Asks before a destructive action, in a modal dialog (role alertdialog) with
 * Cancel focused first. `run` does the action while the dialog shows progress;
 * its error is shown in the dialog, next to the button. Resolves true when the
 * action was done, false when cancelled. Focus goes back to `opener` (the
 * element that opened it), or to `returnTo()` when that one is gone. `tone`
 * is the confirm button's style: 'danger' for what cannot be undone. When
 * `run` resolves to `{ heading, body }`, the dialog shows that result in place
 * of its question, with one Done button, until it is closed.
 */
export function confirmAction({ title, text, action, busyText, run, returnTo, opener = document.activeElement, tone = 'danger' }) {
  return new Promise((resolve) => {
    const titleId = uid('dialog-title');
    const textId = uid('dialog-text');
    const error = errorSlot();
    const cancel = h('button', { type: 'button', class: 'secondary' }, 'Cancel');
    const confirm = h('button', { type: 'button', class: tone }, action);
    const dialog = h(
      'dialog',
      { role: 'alertdialog', 'aria-modal': 'true', 'aria-labelledby': titleId, 'aria-describedby': textId, class: 'confirm' },
      h('h2', { id: titleId }, title),
      h(typeof text === 'string' ? 'p' : 'div', { id: textId }, text),
      error.el,
      h('div', { class: 'actions' }, cancel, confirm),
    );
    let done = false;
    cancel.addEventListener('click', () => dialog.close());
    confirm.addEventListener('click', async () => {
      error.clear();
      let result;
      try {
        await busy(confirm, busyText, dialog, async () => {
          result = await run();
        });
      } catch (e) {
        error.show(e);
        return;
      }
      done = true;
      if (!result?.heading) {
        dialog.close();
        return;
      }
      const close = h('button', { type: 'button', class: 'secondary' }, 'Done');
      close.addEventListener('click', () => dialog.close());
      const heading = h('h2', { id: titleId, tabindex: '-1' }, result.heading);
      dialog.setAttribute('role', 'dialog');
      dialog.removeAttribute('aria-describedby');
      dialog.replaceChildren(heading, result.body, h('div', { class: 'actions' }, close));
      heading.focus();
    });
    dialog.addEventListener('close', () => {
      dialog.remove();
      resolve(done);
      const back = opener instanceof HTMLElement && opener.isConnected ? opener : returnTo?.();
      focusOn(back);
    });
    document.body.append(dialog);
    dialog.showModal();
    cancel.focus();
  });
}

/**
 * A menu button that shows and hides a short list of actions (a disclosure:
 * each action is a button). Escape or a click elsewhere closes it.
 */
export function actionsMenu(visible, forWhat, actions) {
  const listId = uid('menu');
  const toggle = h(
    'button',
    { type: 'button', class: 'secondary small', 'aria-expanded': 'false', 'aria-controls': listId },
    visible,
    hidden(` for ${forWhat}`),
  );
  const list = h('ul', { id: listId, class: 'menu', hidden: true });
  const wrapper = h('div', { class: 'menu-wrapper' }, toggle, list);
  const open = (state) => {
    toggle.setAttribute('aria-expanded', String(state));
    list.hidden = !state;
  };
  for (const { label, className, onSelect } of actions) {
    const item = h('button', { type: 'button', class: className ?? 'secondary' }, label);
    item.addEventListener('click', () => {
      open(false);
      onSelect(toggle);
    });
    list.append(h('li', null, item));
  }
  toggle.addEventListener('click', () => {
    const state = toggle.getAttribute('aria-expanded') !== 'true';
    open(state);
    if (state) list.querySelector('button')?.focus();
  });
  wrapper.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !list.hidden) {
      open(false);
      toggle.focus();
    }
  });
  document.addEventListener('click', (event) => {
    if (!wrapper.contains(event.target)) open(false);
  });
  return wrapper;
}

/** A project site's address as a link (it opens in a new tab, as Vercel's and Netlify's "Visit" do). */
export function siteLink(url, text = url) {
  return h('a', { href: url, class: 'site-link', target: '_blank', rel: 'noopener' }, ...breakable(text), hidden(' (opens in a new tab)'));
}

/** An address with line-break opportunities after `//` and before each `.` and `/`, so it wraps between its parts, not inside a name. */
export function breakable(text) {
  return text.split(/(?<=\/\/)|(?=[./])/).flatMap((part, i) => (i === 0 ? [part] : [h('wbr'), part]));
}

/** A deploy as people name it: "#4", its number in its project (its id is for the API's paths). */
export const deployName = (d) => `#${String(d.number)}`;

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const secondsFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/**
 * A timestamp as a <time> element in the reader's locale, to the minute; `seconds` for lists of events that
 * happen many to a minute (the request log), which would otherwise read alike.
 */
export function time(iso, { seconds = false } = {}) {
  if (!iso) return null;
  return h('time', { datetime: iso }, (seconds ? secondsFormat : dateFormat).format(new Date(iso)));
}

/** A count of bytes in words a person reads (kB, MB). */
export function bytes(n) {
  if (n < 1000) return `${String(n)}\u00a0B`;
  if (n < 1_000_000) return `${(n / 1000).toFixed(1)}\u00a0kB`;
  return `${(n / 1_000_000).toFixed(1)}\u00a0MB`;
}

export const number = (n) => new Intl.NumberFormat().format(n);

/**
 * A table with column headers; it scrolls on its own on narrow screens (a
 * named region that can be focused to scroll). `regionLabel` names that region
 * when the caption holds a user's value (labels must not repeat a domain name:
 * tests find the Domain field by its label). `labels`: the columns whose cells, on a phone where rows are cards
 * (class card-rows), are preceded by the column's name.
 */
export function table(caption, headers, rows, options = {}) {
  const t = h(
    'table',
    { class: options.class },
    caption ? h('caption', { class: options.captionHidden ? 'visually-hidden' : undefined }, caption) : null,
    h(
      'thead',
      null,
      h(
        'tr',
        null,
        headers.map((x) => h('th', { scope: 'col' }, x)),
      ),
    ),
    h(
      'tbody',
      null,
      rows.map((cells) =>
        h(
          'tr',
          null,
          cells.map((c, i) =>
            i === 0 && options.rowHeaders
              ? h('th', { scope: 'row' }, c)
              : h('td', { 'data-label': options.labels?.includes(headers[i]) ? headers[i] : undefined }, c),
          ),
        ),
      ),
    ),
  );
  return h('div', { class: 'table-scroll', role: 'region', 'aria-label': options.regionLabel ?? caption, tabindex: '0' }, t);
}
