import { api, project } from './api.js';
import { announce, busy, bytes, confirmAction, errorSlot, focusOn, h, hidden, number, table, time, uid } from './dom.js';

/** Why a deploy failed, in words (the API's message says more). */
const REASONS = {
  missing_index: 'There is no index.html at the top of the archive.',
  too_large: 'The archive or its files are too large.',
  too_many_files: 'The archive has too many files.',
  invalid_path: 'A file in the archive has a path that is not allowed.',
  invalid_archive: 'The file is not a readable .tar.gz archive.',
};

const sentence = (text) => text.charAt(0).toUpperCase() + text.slice(1) + (/[.!?]$/.test(text) ? '' : '.');

const shortId = (id) => `#${id}`;

export async function render({ content, slug }) {
  const base = `${project(slug)}/deploys`;
  const heading = h('h3', { id: uid('deploys') }, 'History');
  const list = h('div');
  const listError = errorSlot();

  async function show() {
    const deploys = await api('GET', base);
    if (deploys.length === 0) {
      list.replaceChildren(
        h('p', null, 'No deploys yet. Upload a .tar.gz of the site above, or run ', h('code', null, `petstore deploy ${slug} DIR`), '.'),
      );
      return;
    }
    // Three columns, so that the list and its actions fit a phone's width.
    const rows = deploys.map((d) => [
      h(
        'div',
        { class: 'deploy-cell' },
        h('strong', { class: 'deploy-id' }, shortId(d.id)),
        h('span', null, time(d.createdAt)),
        h('span', { class: 'muted' }, `${number(d.files)} file${d.files === 1 ? '' : 's'}, ${bytes(d.bytes)}`),
        d.previewUrl
          ? h('a', { href: d.previewUrl, target: '_blank', rel: 'noopener' }, 'Preview', hidden(` deploy ${shortId(d.id)}`))
          : '',
      ),
      d.status === 'ready'
        ? d.live
          ? h('span', { class: 'badge badge-ok' }, 'Live')
          : h('span', { class: 'badge badge-muted' }, 'Ready')
        : [h('span', { class: 'badge badge-failed' }, 'Failed'), ' ', sentence(d.message ?? REASONS[d.reason] ?? 'refused')],
      d.status === 'ready' && !d.live ? promoteButton(d) : d.live ? h('span', { class: 'muted' }, 'Serving now') : '',
    ]);
    list.replaceChildren(
      table('Deploys of this project, newest first', ['Deploy', 'State', 'Actions'], rows, {
        captionHidden: true,
      }),
    );
  }

  function promoteButton(d) {
    const button = h('button', { type: 'button', class: 'secondary small' }, 'Promote', hidden(` deploy ${shortId(d.id)}`));
    button.addEventListener('click', () =>
      confirmAction({
        title: `Make deploy ${shortId(d.id)} live?`,
        text: `The site (and its custom domains) serves the deploy uploaded on ${new Date(d.createdAt).toLocaleString()} from now on, instead of the live one. You can promote the other one back at any time.`,
        action: 'Promote',
        tone: 'primary',
        busyText: 'Promoting…',
        returnTo: () => heading,
        run: async () => {
          await api('POST', `${base}/${encodeURIComponent(d.id)}/promote`, {});
          await show();
          announce(`Deploy ${shortId(d.id)} is live.`);
        },
      }),
    );
    return button;
  }

  // Upload: the browser sends the chosen file as it is (application/gzip).
  const fileId = uid('archive');
  const file = h('input', {
    id: fileId,
    type: 'file',
    name: 'archive',
    accept: '.tar.gz,.tgz,application/gzip',
    'aria-describedby': `${fileId}-hint`,
  });
  const uploadError = errorSlot();
  const upload = h('button', { type: 'submit' }, 'Upload deploy');
  const form = h(
    'form',
    { class: 'card', novalidate: true },
    h('h3', null, 'New deploy'),
    h(
      'div',
      { class: 'field' },
      h('label', { for: fileId }, 'Site archive (.tar.gz)'),
      h(
        'p',
        { id: `${fileId}-hint`, class: 'hint' },
        'A .tar.gz with index.html at its top. A deploy that passes the checks goes live at once.',
      ),
      file,
    ),
    uploadError.el,
    h('div', { class: 'actions' }, upload),
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    uploadError.clear();
    const chosen = file.files?.[0];
    if (!chosen) {
      uploadError.show('Choose a .tar.gz file first.');
      file.focus();
      return;
    }
    await busy(upload, 'Uploading…', form, async () => {
      try {
        const created = await api('POST', base, chosen);
        file.value = '';
        await show();
        focusOn(heading);
        announce(`Deploy ${shortId(created.id)} is live.`);
      } catch (e) {
        uploadError.show(e);
        // A failed validation is kept in the history, with its reason.
        await show().catch(() => undefined);
        file.focus();
      }
    });
  });

  await show();
  content.replaceChildren(form, h('section', { 'aria-labelledby': heading.id }, heading, listError.el, list));
}
