import { mayChange, notice } from './access.js';
import { api, ApiError, project } from './api.js';
import {
  actionsMenu,
  announce,
  busy,
  confirmAction,
  copyButton,
  errorSlot,
  field,
  focusOn,
  h,
  hidden,
  siteLink,
  table,
  time,
  uid,
} from './dom.js';

/** The badge of a domain: its DNS check and its certificate in one word or two. */
export function badgeOf(d) {
  if (d.reason === 'ownership_required') return { text: 'Ownership proof needed', tone: 'pending' };
  if (d.status === 'pending') return { text: 'Pending verification', tone: 'pending' };
  if (d.status === 'failed') return { text: 'Failed', tone: 'failed' };
  switch (d.certificate?.status) {
    case 'issued':
      return { text: 'Active', tone: 'ok' };
    case 'pending':
      return { text: 'Certificate pending', tone: 'info' };
    case 'failed':
      return { text: 'Failed', tone: 'failed' };
    default:
      return { text: 'Verified', tone: 'info' };
  }
}

const code = (text) => h('code', null, text);

/** Why a domain is where it is, in words: what was found against what is expected, and what to do. */
function reasonOf(d) {
  const expected = d.records?.find((r) => r.type === 'CNAME' || r.type === 'ALIAS')?.value;
  const found = d.found ?? { cname: null, addresses: [] };
  const parts = [];
  if (d.status === 'failed' && d.reason === 'conflicting_a_record') {
    parts.push(h('p', null, h('strong', null, 'A conflicting A record. '), d.message));
    parts.push(
      h(
        'dl',
        { class: 'facts' },
        h('dt', null, 'Addresses found'),
        h(
          'dd',
          null,
          found.addresses.map((a, i) => [i ? ', ' : '', code(a)]),
        ),
      ),
    );
  } else if (d.status === 'failed' && d.reason === 'cname_mismatch') {
    parts.push(h('p', null, h('strong', null, 'The CNAME points elsewhere. '), d.message));
    parts.push(
      h(
        'dl',
        { class: 'facts' },
        h('dt', null, 'CNAME found'),
        h('dd', null, code(found.cname ?? 'none')),
        h('dt', null, 'Expected'),
        h('dd', null, code(expected ?? '')),
      ),
    );
  } else if (d.reason === 'ownership_required') {
    const txt = d.records?.find((r) => r.type === 'TXT');
    parts.push(
      h(
        'p',
        null,
        h('strong', null, 'Prove that the domain is yours. '),
        'Create the TXT record below at your DNS provider, then press Verify. Once it is found, the domain is moved to this project and checked like any other.',
      ),
    );
    if (txt) {
      const facts = [
        h('dt', null, 'TXT record'),
        h('dd', null, code(`_petstore-challenge.${d.domain}`)),
        h('dt', null, 'Value'),
        h('dd', null, code(txt.value)),
      ];
      if (found.txt?.length)
        facts.push(
          h('dt', null, 'TXT values found'),
          h(
            'dd',
            null,
            found.txt.map((v, i) => [i ? ', ' : '', code(v)]),
          ),
        );
      parts.push(h('dl', { class: 'facts' }, facts));
    }
  } else if (d.status === 'failed' && d.reason === 'platform_unresolvable') {
    parts.push(h('p', null, h('strong', null, 'The platform’s own addresses are unknown. '), d.message));
  } else if (d.reason === 'not_found') {
    parts.push(h('p', null, h('strong', null, 'Not found yet. '), d.message));
  } else if (d.status === 'failed') {
    parts.push(h('p', null, h('strong', null, 'The DNS check failed. '), d.message));
  } else if (d.status === 'pending') {
    parts.push(h('p', null, d.message));
  }
  const cert = d.certificate ?? { status: 'none' };
  const caaBlocked = cert.reason === 'caa_blocked' || d.diagnostics?.caa?.status === 'blocked';
  if (d.status === 'verified') {
    if (caaBlocked) {
      const why = cert.reason === 'caa_blocked' && cert.message ? cert.message : d.diagnostics?.caa?.message;
      parts.push(
        h(
          'p',
          null,
          h('strong', null, 'A CAA record blocks the certificate authority. '),
          why ?? '',
          ' Once the CAA records allow it, press Re-verify.',
        ),
      );
    } else if (cert.status === 'failed') {
      parts.push(
        h('p', null, h('strong', null, 'The certificate could not be issued. '), cert.message ?? '', ' Press Re-verify to try again now.'),
      );
    } else if (d.diagnostics) {
      parts.push(h('p', null, h('strong', null, 'The certificate is late. '), d.diagnostics.message));
    } else if (cert.status === 'pending') {
      parts.push(h('p', null, 'DNS is right. The HTTPS certificate is being requested; this usually takes a minute.'));
    } else if (cert.status === 'issued') {
      parts.push(h('p', null, 'Served over HTTPS', cert.notAfter ? [' with a certificate valid until ', time(cert.notAfter)] : '', '.'));
    } else {
      parts.push(h('p', null, d.message));
    }
    if (cert.nextAttemptAt && cert.status !== 'issued')
      parts.push(h('p', { class: 'muted' }, 'Next certificate attempt: ', time(cert.nextAttemptAt), '.'));
  }
  return h('div', { class: 'reason' }, parts);
}

/** The DNS records to create, each value with a copy button; the notes (apex ALIAS/ANAME, A-record fallback) below. */
function recordsTable(d) {
  const rows = d.records.map((r) => {
    // Long names may break after a dot on narrow screens, never inside a label.
    // A TXT value is a token: it may break every 8 characters, so it stays readable on a phone.
    const pieces = r.type === 'TXT' ? (r.value.match(/.{1,8}/g) ?? []) : r.value.split('.');
    const value = h(
      'code',
      { class: 'record-value' },
      pieces.map((part, i) => (i ? [h('wbr'), r.type === 'TXT' ? part : `.${part}`] : part)),
    );
    return [
      r.type,
      code(r.name),
      value,
      String(r.ttl),
      copyButton(r.value, `the ${r.type} value for ${r.name === '@' ? d.domain : r.name}`, value),
    ];
  });
  const notes = [...new Set(d.records.filter((r) => r.note).map((r) => `${r.type}: ${r.note}`))];
  const t = table(`DNS records for ${d.domain}`, ['Type', 'Name', 'Value', 'TTL', h('span', { class: 'visually-hidden' }, 'Copy')], rows, {
    class: 'records',
    captionHidden: true,
    regionLabel: 'DNS records',
  });
  const apex = d.kind === 'apex' ? h('p', { class: 'hint' }, `${d.domain} is an apex domain (no www or other label before it).`) : null;
  return [
    apex,
    t,
    notes.length
      ? h(
          'ul',
          { class: 'record-notes' },
          notes.map((n) => h('li', null, n)),
        )
      : null,
  ];
}

export async function render({ content, slug }) {
  const base = project(slug);
  const [info, initialDomains, initialRedirects] = await Promise.all([
    api('GET', base),
    api('GET', `${base}/domains`),
    api('GET', `${base}/redirects`),
  ]);
  let domains = initialDomains;
  let redirects = initialRedirects;
  // Custom domains serve production: a role that may not change it is shown them without their forms and buttons.
  const may = mayChange('production');

  const listHeading = h('h3', { id: uid('domains') }, 'Your domains');
  const list = h('ul', { class: 'domain-list' });
  const cards = new Map();

  // --- Add domain
  const domainField = field(
    'Domain',
    { name: 'domain', autocomplete: 'off', spellcheck: 'false', autocapitalize: 'none', inputmode: 'url' },
    'A subdomain such as www.example.com, or an apex domain such as example.com.',
  );
  const addError = errorSlot();
  const addButton = h('button', { type: 'submit' }, 'Add domain');
  const addForm = h(
    'form',
    { class: 'card', novalidate: true },
    h('h3', null, 'Add a custom domain'),
    domainField.wrapper,
    addError.el,
    h('div', { class: 'actions' }, addButton),
  );

  // --- The www pair: offered after adding an apex (or its www name), one action adds the domain and its redirect.
  const pairSlot = h('div', { class: 'pair-slot' });

  function offerPair(pair) {
    if (!pair) {
      pairSlot.replaceChildren();
      return;
    }
    const error = errorSlot();
    const accept = h('button', { type: 'button' }, `Add ${pair.domain} and redirect it`);
    const dismiss = h('button', { type: 'button', class: 'secondary' }, 'Not now');
    const box = h(
      'div',
      { class: 'notice pair-offer' },
      h('p', null, h('strong', null, `Add ${pair.domain} too? `), pair.message),
      h('p', { class: 'hint' }, 'Each domain verifies on its own; the redirect works once ', code(pair.domain), ' is verified.'),
      h('div', { class: 'actions' }, accept, dismiss),
      error.el,
    );
    accept.addEventListener('click', async () => {
      error.clear();
      await busy(accept, 'Adding…', box, async () => {
        try {
          const {
            redirect,
            suggestedPair: _ignored,
            ...added
          } = await api('POST', `${base}/domains`, {
            domain: pair.domain,
            redirectTo: pair.redirect.to,
          });
          domains = [...domains.filter((d) => d.domain !== added.domain), added];
          if (redirect) redirects = [...redirects.filter((r) => r.from !== redirect.from), redirect];
          pairSlot.replaceChildren();
          showDomains();
          showRedirects();
          focusOn(cards.get(added.domain)?.querySelector('h3'));
          announce(`${added.domain} added, redirecting to ${pair.redirect.to}. Create the DNS records shown for it, then press Verify.`);
        } catch (e) {
          error.show(e);
        }
      });
    });
    dismiss.addEventListener('click', () => {
      pairSlot.replaceChildren();
      focusOn(domainField.input);
    });
    pairSlot.replaceChildren(box);
  }

  /** What to do when a precondition is missing: the commands that fix it. */
  function remedy(e) {
    if (e instanceof ApiError && e.code === 'plan_required') {
      return h('span', null, ' To upgrade, run ', code(`petstore projects set-plan ${slug} pro`), ' (an admin of this service).');
    }
    if (e instanceof ApiError && e.code === 'deploy_required') {
      return h(
        'span',
        null,
        ' Deploy the site with ',
        code(`petstore deploy ${slug} DIR`),
        ' or ',
        // Not "Deploys": that name is the section link's alone.
        h('a', { href: `/dashboard/projects/${encodeURIComponent(slug)}/deploys` }, 'upload a deploy'),
        '.',
      );
    }
    return null;
  }

  addForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    addError.clear();
    offerPair(null);
    domainField.input.removeAttribute('aria-invalid');
    const name = domainField.input.value.trim();
    if (!name) {
      domainField.input.setAttribute('aria-invalid', 'true');
      addError.show('Enter a domain name, such as www.example.com.');
      domainField.input.focus();
      return;
    }
    await busy(addButton, 'Adding…', addForm, async () => {
      try {
        const { suggestedPair, ...added } = await api('POST', `${base}/domains`, { domain: name });
        domainField.input.value = '';
        domains = [...domains.filter((d) => d.domain !== added.domain), added];
        offerPair(suggestedPair);
        showDomains();
        showRedirects();
        focusOn(cards.get(added.domain)?.querySelector('h3'));
        announce(`${added.domain} added. Create the DNS records shown, then press Verify.`);
      } catch (e) {
        addError.show(e);
        const extra = remedy(e);
        if (extra) addError.el.append(extra);
        if (e.code === 'invalid_domain' || e.code === 'validation_failed' || e.code === 'domain_taken')
          domainField.input.setAttribute('aria-invalid', 'true');
        domainField.input.focus();
      }
    });
  });

  // --- One domain
  function card(d) {
    const badge = badgeOf(d);
    const error = errorSlot();
    const verified = d.status === 'verified';
    const verify = h('button', { type: 'button', class: verified ? 'secondary' : undefined }, verified ? 'Re-verify' : 'Verify');
    const heading = h('h3', null, d.domain);
    const item = h('li', { class: 'card domain', 'data-domain': d.domain });
    verify.addEventListener('click', async () => {
      error.clear();
      const label = verified ? 'Re-verifying…' : 'Verifying…';
      await busy(verify, label, item, async () => {
        try {
          const updated = await api('POST', `${base}/domains/${encodeURIComponent(d.domain)}/verify`, {});
          replace(updated);
          const next = cards.get(d.domain);
          focusOn(next?.querySelector('.domain-actions button'));
          announce(`${d.domain}: ${badgeOf(updated).text}. ${updated.message}`);
        } catch (e) {
          error.show(e);
        }
      });
    });
    const menu = actionsMenu('More actions', d.domain, [
      {
        label: 'Remove',
        className: 'danger',
        onSelect: (toggle) =>
          confirmAction({
            opener: toggle,
            title: `Remove ${d.domain}?`,
            text: `${d.domain} stops serving this project’s site at once, and redirects from or to it are removed too. You can add it again later.`,
            action: 'Remove',
            busyText: 'Removing…',
            returnTo: () => listHeading,
            run: async () => {
              await api('DELETE', `${base}/domains/${encodeURIComponent(d.domain)}`);
              domains = domains.filter((x) => x.domain !== d.domain);
              redirects = redirects.filter((r) => r.from !== d.domain && r.to !== d.domain);
              showDomains();
              showRedirects();
              announce(`${d.domain} removed.`);
            },
          }),
      },
    ]);
    const records = verified
      ? h('details', null, h('summary', null, 'DNS records'), recordsTable(d))
      : h('div', null, h('h4', null, 'DNS records to create'), recordsTable(d));
    item.append(
      h(
        'div',
        { class: 'domain-head' },
        h('div', { class: 'domain-title' }, heading, h('span', { class: `badge badge-${badge.tone}` }, hidden('Status: '), badge.text)),
        may ? h('div', { class: 'domain-actions actions' }, verify, menu) : null,
      ),
      error.el,
      reasonOf(d),
      records,
    );
    return item;
  }

  function replace(updated) {
    // verify answers the domain as it is now; keep what only the list had (records) when absent.
    domains = domains.map((d) => (d.domain === updated.domain ? { ...d, ...updated } : d));
    showDomains();
  }

  function showDomains() {
    cards.clear();
    if (domains.length === 0) {
      list.replaceChildren(h('li', { class: 'muted' }, 'No custom domains yet. The site is served at ', siteLink(info.url), '.'));
      return;
    }
    list.replaceChildren(
      ...domains.map((d) => {
        const el = card(d);
        cards.set(d.domain, el);
        return el;
      }),
    );
  }

  // --- Redirects
  const redirectList = h('div');
  const redirectError = errorSlot();
  const redirectFormSlot = h('div');
  const redirectsHeading = h('h3', { id: uid('redirects') }, 'Redirects');

  function select(label, name) {
    const id = uid('select');
    const el = h('select', { id, name });
    return { el, wrapper: h('div', { class: 'field' }, h('label', { for: id }, label), el) };
  }

  function showRedirects() {
    if (redirects.length === 0) redirectList.replaceChildren(h('p', { class: 'muted' }, 'No redirects.'));
    else {
      redirectList.replaceChildren(
        table(
          'Redirects of this project',
          ['From', 'To', 'Status', ...(may ? ['Actions'] : [])],
          redirects.map((r) => [code(r.from), code(r.to), `${String(r.status)} (permanent)`, ...(may ? [deleteRedirect(r)] : [])]),
          { captionHidden: true, class: 'card-rows', labels: ['To'] },
        ),
      );
    }
    if (!may) {
      redirectFormSlot.replaceChildren();
      return;
    }
    if (domains.length < 2) {
      redirectFormSlot.replaceChildren(
        h(
          'p',
          null,
          'Add two domains to send one to the other with a permanent (301) redirect, for example example.com to www.example.com.',
        ),
      );
      return;
    }
    const from = select('Redirect from', 'from');
    const to = select('Redirect to', 'to');
    for (const d of domains) {
      from.el.append(h('option', { value: d.domain }, d.domain));
      to.el.append(h('option', { value: d.domain }, d.domain));
    }
    to.el.selectedIndex = 1;
    const add = h('button', { type: 'submit' }, 'Add redirect');
    const form = h('form', { class: 'inline-form', novalidate: true }, from.wrapper, to.wrapper, add);
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      redirectError.clear();
      await busy(add, 'Adding…', form, async () => {
        try {
          const created = await api('POST', `${base}/redirects`, { from: from.el.value, to: to.el.value });
          redirects = [...redirects, created];
          showRedirects();
          focusOn(redirectsHeading);
          announce(`${created.from} now redirects to ${created.to}.`);
        } catch (e) {
          redirectError.show(e);
          from.el.focus();
        }
      });
    });
    redirectFormSlot.replaceChildren(form);
  }

  function deleteRedirect(r) {
    const button = h('button', { type: 'button', class: 'secondary small' }, 'Delete', hidden(` the redirect from ${r.from}`));
    button.addEventListener('click', async () => {
      redirectError.clear();
      await busy(button, 'Deleting…', redirectList, async () => {
        try {
          await api('DELETE', `${base}/redirects/${encodeURIComponent(r.from)}`);
          redirects = redirects.filter((x) => x.from !== r.from);
          showRedirects();
          focusOn(redirectsHeading);
          announce(`The redirect from ${r.from} is deleted.`);
        } catch (e) {
          redirectError.show(e);
        }
      });
    });
    return button;
  }

  // --- Preconditions, said before the form: what is missing and what to do.
  const notices = [];
  if (may && info.plan === 'free') {
    notices.push(
      h(
        'div',
        { class: 'notice warning' },
        h(
          'p',
          null,
          h('strong', null, 'Custom domains need the Pro plan or above. '),
          `This project is on the Free plan. An admin upgrades it with `,
          code(`petstore projects set-plan ${slug} pro`),
          '.',
        ),
      ),
    );
  }
  if (may && !info.liveDeploy) {
    notices.push(
      h(
        'div',
        { class: 'notice warning' },
        h(
          'p',
          null,
          h('strong', null, 'Deploy the site first. '),
          'A custom domain serves the live deploy, and this project has none yet: run ',
          code(`petstore deploy ${slug} DIR`),
          ' or ',
          h('a', { href: `/dashboard/projects/${encodeURIComponent(slug)}/deploys` }, 'upload a deploy'),
          '.',
        ),
      ),
    );
  }

  showDomains();
  showRedirects();
  content.replaceChildren(
    ...notices,
    may ? addForm : notice('custom domains and redirects', 'production'),
    pairSlot,
    // Not a labelled region: no label but the field's may say "domain".
    h('div', { class: 'domains' }, listHeading, list),
    h(
      'section',
      { 'aria-labelledby': redirectsHeading.id, class: 'card' },
      redirectsHeading,
      h('p', { class: 'hint' }, 'Requests to the first domain are sent to the second with 301 (permanent), path and query kept.'),
      redirectList,
      redirectFormSlot,
      redirectError.el,
    ),
  );
}
