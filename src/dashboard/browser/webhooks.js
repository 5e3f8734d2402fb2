import { mayChange, notice } from './access.js';
import { api, inEnvironment, project, withEnvironment } from './api.js';
import { announce, busy, confirmAction, copyButton, errorSlot, field, focusOn, h, hidden, number, table, time } from './dom.js';

/** How long Send test event waits for the attempt before saying it is still queued. */
const TEST_WAIT_MS = 15_000;

/**
 * The Webhooks tab: the project's endpoints with today's delivery budget, Add webhook (the secret shown once), Send test
 * event (with what the receiver answered), deliveries (event type, time, response) that open to their payload and
 * answers, Retry where it helps.
 */
export async function render({ content, slug }) {
  const base = `${project(slug)}/webhooks`;
  const listHeading = h('h3', { id: 'webhooks-heading' }, 'Endpoints');
  const list = h('div', { class: 'webhook-list' });
  const budget = h('p', { class: 'muted webhook-budget' });
  const secret = h('div', { class: 'secret-slot' });
  const deliveries = h('section', { 'aria-live': 'polite' });
  const testResult = h('div', { class: 'test-result', role: 'status' });
  // What the caller's role may change in the environment shown: without it, endpoints and deliveries are only read.
  const may = mayChange();

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

  /** Today's delivery budget, asked again after anything that spends it (a test event). */
  async function showBudget() {
    const today = await api('GET', inEnvironment(`${project(slug)}/webhook-budget`));
    budget.replaceChildren(
      `Delivery attempts today (UTC): ${number(today.used)} of ${number(today.limit)}`,
      today.remaining === 0 ? ': none left, deliveries that come due are not sent until the next day.' : '.',
    );
  }

  async function showList() {
    const [hooks] = await Promise.all([api('GET', inEnvironment(base)), showBudget()]);
    if (hooks.length === 0) {
      list.replaceChildren(h('p', null, 'This project has no webhook endpoints yet.'));
      return;
    }
    const rows = hooks.map((w) => [
      h('div', { class: 'stack' }, h('code', null, w.url), h('span', { class: 'muted' }, w.events.join(', '))),
      w.enabled
        ? h('span', { class: 'badge badge-ok' }, 'Enabled')
        : h('span', { class: 'badge badge-muted' }, `Disabled: ${w.disabledReason ?? 'paused'}`),
      h('div', { class: 'actions' }, may ? testButton(w) : null, deliveriesButton(w), may ? removeButton(w) : null),
    ]);
    list.replaceChildren(
      table('Webhook endpoints of this project', ['Endpoint', 'Status', 'Actions'], rows, { captionHidden: true, class: 'card-rows' }),
    );
  }

  function testButton(w) {
    const button = h(
      'button',
      { type: 'button', class: 'secondary small', 'aria-label': `Send test event to ${w.url}` },
      'Send test event',
    );
    button.addEventListener('click', async () => {
      await busy(button, 'Sending…', null, async () => {
        testResult.replaceChildren(h('p', { class: 'note' }, `Test event sent to ${w.url}: waiting for the receiver…`));
        try {
          const { eventId } = await api('POST', `${base}/${encodeURIComponent(w.id)}/test`);
          const attempt = await firstAttempt(w, eventId);
          showTestResult(w, attempt);
          await Promise.all([showDeliveries(w, { focus: false }), showBudget()]);
        } catch (e) {
          testResult.replaceChildren(h('p', { class: 'note note-failed' }, `The test event could not be sent: ${String(e.message ?? e)}`));
        }
      });
    });
    return button;
  }

  /** The first attempt of the event, polled for until the worker has made it (a receiver has 10 s to answer). */
  async function firstAttempt(w, eventId) {
    const until = Date.now() + TEST_WAIT_MS;
    while (Date.now() < until) {
      const attempts = await api('GET', `${base}/${encodeURIComponent(w.id)}/deliveries`);
      const found = attempts.filter((a) => a.eventId === eventId).pop();
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    return null;
  }

  function showTestResult(w, a) {
    const outcome =
      a === null
        ? h('p', { class: 'note' }, `The test event to ${w.url} is queued but no attempt was made yet: see its deliveries shortly.`)
        : a.status === 'budget_exhausted'
          ? h('p', { class: 'note note-failed' }, h('strong', null, 'Test event not sent: '), a.error ?? 'the delivery budget is spent.')
          : a.status === 'succeeded'
            ? h(
                'p',
                { class: 'note note-ok' },
                h('strong', null, 'Test event delivered: '),
                `${w.url} answered HTTP ${String(a.httpStatus)} in ${String(a.durationMs)} ms.`,
              )
            : h(
                'p',
                { class: 'note note-failed' },
                h('strong', null, 'Test event failed: '),
                `${a.error ?? 'no answer'}${a.httpStatus === undefined ? '' : ` (HTTP ${String(a.httpStatus)})`}, after ${String(a.durationMs)} ms.`,
              );
    // testResult is a status region itself: screen readers hear the outcome from there.
    testResult.replaceChildren(outcome);
  }

  function deliveriesButton(w) {
    const button = h('button', { type: 'button', class: 'secondary small' }, 'Deliveries', hidden(` of ${w.url}`));
    button.addEventListener('click', () => void showDeliveries(w));
    return button;
  }

  async function showDeliveries(w, { focus = true } = {}) {
    const attempts = await api('GET', `${base}/${encodeURIComponent(w.id)}/deliveries`);
    const heading = h('h3', { tabindex: '-1' }, `Deliveries to ${w.url}`);
    const detail = h('div', { class: 'delivery-detail' });
    const seen = new Set();
    const rows = attempts.map((a) => {
      // Retry is offered once per delivery (on its latest attempt) and never once it has succeeded.
      const latest = !seen.has(a.id);
      seen.add(a.id);
      // Three columns, so that the list and its actions fit a phone's width.
      return [
        h(
          'div',
          { class: 'stack' },
          h('code', { class: 'event-type' }, a.eventType),
          h('code', { class: 'muted event-id' }, a.eventId),
          h('span', null, time(a.at), ` · ${String(a.durationMs)} ms`, a.attempt > 1 ? ` · attempt ${String(a.attempt)}` : ''),
        ),
        h(
          'div',
          { class: 'stack' },
          statusBadge(a.status),
          a.status === 'budget_exhausted'
            ? null
            : h('span', null, a.httpStatus === undefined ? 'No answer' : `HTTP ${String(a.httpStatus)}`),
          a.error ? h('span', { class: 'muted' }, a.error) : null,
        ),
        h('div', { class: 'actions' }, viewButton(a, detail), may && latest && a.deliveryState !== 'succeeded' ? retryButton(w, a) : null),
      ];
    });
    deliveries.replaceChildren(
      heading,
      attempts.length === 0
        ? h('p', null, 'No delivery attempts yet.')
        : table(`Deliveries to ${w.url}`, ['Event', 'Response', 'Actions'], rows, {
            captionHidden: true,
            class: 'card-rows',
          }),
      detail,
    );
    if (focus) focusOn(heading);
  }

  function statusBadge(status) {
    if (status === 'succeeded') return h('span', { class: 'badge badge-ok' }, 'Succeeded');
    if (status === 'budget_exhausted') return h('span', { class: 'badge badge-muted' }, 'Not sent');
    return h('span', { class: 'badge badge-failed' }, 'Failed');
  }

  function viewButton(a, detail) {
    const button = h(
      'button',
      { type: 'button', class: 'secondary small', 'aria-label': `View delivery ${a.id} (${a.eventType}, attempt ${String(a.attempt)})` },
      'View',
    );
    button.addEventListener('click', async () => {
      await busy(button, 'Opening…', null, async () => {
        try {
          showDelivery(detail, await api('GET', `${project(slug)}/deliveries/${encodeURIComponent(a.id)}`), button);
        } catch (e) {
          announce(`The delivery could not be opened: ${String(e.message ?? e)}`);
        }
      });
    });
    return button;
  }

  /** The event as sent (the request body) and each attempt with the receiver's answer. */
  function showDelivery(detail, d, opener) {
    const heading = h('h4', { tabindex: '-1' }, `Delivery ${d.id}: ${d.event.type}`);
    const close = h('button', { type: 'button', class: 'secondary small' }, 'Close', hidden(` delivery ${d.id}`));
    close.addEventListener('click', () => {
      detail.replaceChildren();
      focusOn(opener);
    });
    const stateBadge =
      d.state === 'succeeded'
        ? h('span', { class: 'badge badge-ok' }, 'Succeeded')
        : d.state === 'failed'
          ? h('span', { class: 'badge badge-failed' }, 'Failed')
          : h('span', { class: 'badge badge-pending' }, 'Pending');
    const attempts = d.attempts.map((a) =>
      h(
        'li',
        null,
        h(
          'p',
          null,
          h('strong', null, `Attempt ${String(a.attempt)}`),
          ' · ',
          time(a.at),
          a.status === 'budget_exhausted'
            ? ' · not sent'
            : ` · ${a.httpStatus === undefined ? 'no answer' : `HTTP ${String(a.httpStatus)}`} · ${String(a.durationMs)} ms`,
        ),
        a.error ? h('p', { class: 'muted' }, a.error) : null,
        a.responseBody
          ? h('pre', { class: 'payload', tabindex: '0', 'aria-label': `Response body of attempt ${String(a.attempt)}` }, a.responseBody)
          : a.status === 'budget_exhausted'
            ? null
            : h('p', { class: 'muted' }, a.httpStatus === undefined ? 'No response.' : 'The response had no body.'),
      ),
    );
    detail.replaceChildren(
      h(
        'section',
        { class: 'card delivery', 'aria-label': `Delivery ${d.id}` },
        h('div', { class: 'delivery-head' }, heading, stateBadge),
        h('p', null, 'Event ', h('code', null, d.event.id), ' · created ', time(d.event.createdAt)),
        h('h5', null, 'Payload'),
        h('pre', { class: 'payload', tabindex: '0', 'aria-label': 'Payload' }, JSON.stringify(d.event, null, 2)),
        h('h5', null, 'Attempts'),
        h('ul', { class: 'attempts' }, attempts),
        h('div', { class: 'actions' }, close),
      ),
    );
    focusOn(heading);
  }

  function retryButton(w, a) {
    const button = h(
      'button',
      { type: 'button', class: 'secondary small', 'aria-label': `Retry delivery of ${a.eventId}` },
      a.deliveryState === 'pending' ? 'Retry now' : 'Retry',
    );
    button.addEventListener('click', async () => {
      await busy(button, 'Retrying…', null, async () => {
        try {
          await api('POST', `${project(slug)}/deliveries/${encodeURIComponent(a.id)}/retry`);
          announce('Delivery queued again.');
          setTimeout(() => void Promise.all([showDeliveries(w), showBudget()]).catch(() => undefined), 1500);
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
        const created = await api('POST', base, withEnvironment({ url: url.input.value.trim(), events: types.length ? types : ['*'] }));
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
  content.replaceChildren(
    may ? form : notice('this environment’s webhooks'),
    secret,
    h('section', { 'aria-labelledby': 'webhooks-heading' }, listHeading, budget, list, testResult),
    deliveries,
  );
}
