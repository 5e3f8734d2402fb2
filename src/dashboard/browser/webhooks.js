import { api, project } from './api.js';
import { announce, busy, confirmAction, copyButton, errorSlot, field, focusOn, h, hidden, table, time } from './dom.js';

/** The Webhooks tab: the project's endpoints, Add webhook (the secret shown once), Send test event, deliveries with a retry button. */
export async function render({ content, slug }) {
  const base = `${project(slug)}/webhooks`;
  const listHeading = h('h3', { id: 'webhooks-heading' }, 'Endpoints');
  const list = h('div', { class: 'webhook-list' });
  const secret = h('div', { class: 'secret-slot' });
  const deliveries = h('section', { 'aria-live': 'polite' });

  const url = field(
    'URL',
    { name: 'url', type: 'url', maxlength: '2048', autocomplete: 'off', required: true },
    'An https:// address that receives the events (POST, signed).',
  );
  const events = field(
    'Events',
    { name: 'events', autocomplete: 'off', value: '*' },
    'Event types separated by commas, e.g. pet.created, deploy.ready; * for all.',
  );
  const error = errorSlot();
  const add = h('button', { type: 'submit' }, 'Add webhook');
  const form = h(
    'form',
    { class: 'card', novalidate: true },
    h('h3', null, 'New webhook'),
    url.wrapper,
    events.wrapper,
    error.el,
    h('div', { class: 'actions' }, add),
  );

  async function showList() {
    const hooks = await api('GET', base);
    if (hooks.length === 0) {
      list.replaceChildren(h('p', null, 'This project has no webhook endpoints yet.'));
      return;
    }
    const rows = hooks.map((w) => [
      h('div', { class: 'stack' }, h('code', null, w.url), h('span', { class: 'muted' }, w.events.join(', '))),
      w.enabled
        ? h('span', { class: 'badge badge-ok' }, 'Enabled')
        : h('span', { class: 'badge badge-muted' }, `Disabled: ${w.disabledReason ?? 'paused'}`),
      h('div', { class: 'actions' }, testButton(w), deliveriesButton(w), removeButton(w)),
    ]);
    list.replaceChildren(table('Webhook endpoints of this project', ['Endpoint', 'Status', 'Actions'], rows, { captionHidden: true }));
  }

  function testButton(w) {
    const button = h(
      'button',
      { type: 'button', class: 'secondary small', 'aria-label': `Send test event to ${w.url}` },
      'Send test event',
    );
    button.addEventListener('click', async () => {
      await busy(button, 'Sending…', null, async () => {
        try {
          await api('POST', `${base}/${encodeURIComponent(w.id)}/test`);
          announce('Test event queued.');
          setTimeout(() => void showDeliveries(w), 1500);
        } catch (e) {
          announce(`The test event could not be sent: ${String(e.message ?? e)}`);
        }
      });
    });
    return button;
  }

  function deliveriesButton(w) {
    const button = h('button', { type: 'button', class: 'secondary small' }, 'Deliveries', hidden(` of ${w.url}`));
    button.addEventListener('click', () => void showDeliveries(w));
    return button;
  }

  async function showDeliveries(w) {
    const attempts = await api('GET', `${base}/${encodeURIComponent(w.id)}/deliveries`);
    const heading = h('h3', { tabindex: '-1' }, `Deliveries to ${w.url}`);
    const rows = attempts.map((a) => [
      h('div', { class: 'stack' }, h('code', null, a.eventId), h('span', null, time(a.at), ` · attempt ${String(a.attempt)}`)),
      a.status === 'succeeded' ? h('span', { class: 'badge badge-ok' }, 'Succeeded') : h('span', { class: 'badge badge-muted' }, 'Failed'),
      h('span', null, a.httpStatus === undefined ? '—' : `HTTP ${String(a.httpStatus)}`),
      h('span', null, `${String(a.durationMs)} ms`),
      h('span', { class: 'muted' }, a.error ?? ''),
      retryButton(w, a),
    ]);
    deliveries.replaceChildren(
      heading,
      attempts.length === 0
        ? h('p', null, 'No delivery attempts yet.')
        : table(`Deliveries to ${w.url}`, ['Event', 'Status', 'HTTP status', 'Duration', 'Error', 'Actions'], rows, {
            captionHidden: true,
          }),
    );
    focusOn(heading);
  }

  function retryButton(w, a) {
    const button = h('button', { type: 'button', class: 'secondary small', 'aria-label': `Retry delivery of ${a.eventId}` }, 'Retry');
    button.addEventListener('click', async () => {
      await busy(button, 'Retrying…', null, async () => {
        try {
          await api('POST', `${project(slug)}/deliveries/${encodeURIComponent(a.id)}/retry`);
          announce('Delivery queued again.');
          setTimeout(() => void showDeliveries(w), 1500);
        } catch (e) {
          announce(`The delivery could not be retried: ${String(e.message ?? e)}`);
        }
      });
    });
    return button;
  }

  function removeButton(w) {
    const button = h('button', { type: 'button', class: 'danger small' }, 'Remove', hidden(` ${w.url}`));
    button.addEventListener('click', () =>
      confirmAction({
        title: `Remove the webhook to ${w.url}?`,
        text: 'Nothing more is sent to it, and its deliveries are removed.',
        action: 'Remove',
        busyText: 'Removing…',
        returnTo: () => listHeading,
        run: async () => {
          await api('DELETE', `${base}/${encodeURIComponent(w.id)}`);
          deliveries.replaceChildren();
          await showList();
          announce('Webhook removed.');
        },
      }),
    );
    return button;
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    error.clear();
    const types = events.input.value
      .split(',')
      .map((t) => t.trim())
      .filter((t) => t !== '');
    await busy(add, 'Adding…', form, async () => {
      try {
        const created = await api('POST', base, { url: url.input.value.trim(), events: types.length ? types : ['*'] });
        url.input.value = '';
        showSecret(created);
        await showList();
      } catch (e) {
        error.show(e);
      }
    });
  });

  /** The signing secret from the POST answer, shown this once. */
  function showSecret(created) {
    const heading = h('h3', null, 'Signing secret');
    const value = h('code', { class: 'secret' }, created.secret);
    const done = h('button', { type: 'button', class: 'secondary' }, 'Done');
    const panel = h(
      'section',
      { class: 'card secret-panel', 'aria-label': 'Signing secret' },
      heading,
      h('p', { class: 'warning' }, h('strong', null, 'Copy it now: '), 'this is the only time the secret is shown.'),
      h('div', { class: 'secret-row' }, value, copyButton(created.secret, 'the signing secret', value)),
      h('p', null, 'Verify each delivery with it (Standard Webhooks, or ', h('code', null, 'verifyWebhook'), ' of @petstore/client).'),
      h('div', { class: 'actions' }, done),
    );
    done.addEventListener('click', () => {
      secret.replaceChildren();
      focusOn(url.input);
    });
    secret.replaceChildren(panel);
    focusOn(heading);
  }

  await showList();
  content.replaceChildren(form, secret, h('section', { 'aria-labelledby': 'webhooks-heading' }, listHeading, list), deliveries);
}
