import { api, project } from './api.js';
import { announce, busy, bytes, cliInstall, confirmAction, errorSlot, focusOn, h, hidden, number, table, time, uid } from './dom.js';
import { filesOfDrop, filesOfInput, packFolder } from './tar.js';

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
        h(
          'p',
          null,
          'No deploys yet. Choose or drop the site’s folder above (or upload a .tar.gz of it), or deploy from a terminal with ',
          h('code', null, `petstore deploy ${slug} DIR`),
          '.',
        ),
        cliInstall(),
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

  // Upload: a chosen .tar.gz is sent as it is; a folder (chosen or dropped) is packed into one here first (tar.js).
  const folderId = uid('folder');
  const folder = h('input', {
    id: folderId,
    type: 'file',
    name: 'folder',
    webkitdirectory: true,
    multiple: true,
    'aria-describedby': `${folderId}-hint`,
  });
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
    { class: 'card drop-zone', novalidate: true },
    h('h3', null, 'New deploy'),
    h(
      'div',
      { class: 'field' },
      h('label', { for: folderId }, 'Site folder'),
      h(
        'p',
        { id: `${folderId}-hint`, class: 'hint' },
        'The folder with index.html at its top, or drop the folder anywhere on this tab. A deploy that passes the checks goes live at once.',
      ),
      folder,
    ),
    h(
      'div',
      { class: 'field' },
      h('label', { for: fileId }, 'Site archive (.tar.gz)'),
      h('p', { id: `${fileId}-hint`, class: 'hint' }, 'Instead of a folder: a .tar.gz with index.html at its top.'),
      file,
    ),
    uploadError.el,
    h('div', { class: 'actions' }, upload),
  );
  // The last one chosen is the one uploaded.
  folder.addEventListener('change', () => {
    if (folder.files?.length) file.value = '';
  });
  file.addEventListener('change', () => {
    if (file.files?.length) folder.value = '';
  });

  /** Sends `body` (a .tar.gz Blob) as a new deploy; on a refusal the focus goes back to `returnFocus`. */
  async function send(body, returnFocus) {
    try {
      const created = await api('POST', base, body);
      file.value = '';
      folder.value = '';
      await show();
      focusOn(heading);
      announce(`Deploy ${shortId(created.id)} is live.`);
    } catch (e) {
      uploadError.show(e);
      // A failed validation is kept in the history, with its reason.
      await show().catch(() => undefined);
      returnFocus.focus();
    }
  }

  async function sendFolder(files, returnFocus) {
    if (files.length === 0) {
      uploadError.show('The folder is empty.');
      returnFocus.focus();
      return;
    }
    upload.textContent = `Packing ${number(files.length)} file${files.length === 1 ? '' : 's'}…`;
    const packed = await packFolder(files);
    upload.textContent = 'Uploading…';
    await send(packed, returnFocus);
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    uploadError.clear();
    const archive = file.files?.[0];
    if (!archive && !folder.files?.length) {
      uploadError.show('Choose the site’s folder or a .tar.gz file first.');
      folder.focus();
      return;
    }
    await busy(upload, 'Uploading…', form, async () => {
      if (archive) await send(archive, file);
      else await sendFolder(filesOfInput(folder), folder);
    });
  });

  // Drag and drop of a folder anywhere on the tab.
  let depth = 0;
  const dragging = (on) => form.classList.toggle('drop-active', on);
  content.addEventListener('dragenter', (event) => {
    if (!event.dataTransfer?.types.includes('Files')) return;
    event.preventDefault();
    depth++;
    dragging(true);
  });
  content.addEventListener('dragover', (event) => {
    if (!event.dataTransfer?.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  });
  content.addEventListener('dragleave', () => {
    depth = Math.max(0, depth - 1);
    if (depth === 0) dragging(false);
  });
  content.addEventListener('drop', async (event) => {
    if (!event.dataTransfer) return;
    event.preventDefault();
    depth = 0;
    dragging(false);
    uploadError.clear();
    // The entries are read before the first await: the drop's data is gone once the handler yields.
    const pending = filesOfDrop(event.dataTransfer);
    await busy(upload, 'Uploading…', form, async () => {
      const files = await pending;
      if (files === null) {
        uploadError.show('Drop the site’s folder (or its files) here.');
        return;
      }
      if (files.length === 1 && /\.(tar\.gz|tgz)$/i.test(files[0].path)) await send(files[0].file, folder);
      else await sendFolder(files, folder);
    });
  });

  await show();
  content.replaceChildren(form, h('section', { 'aria-labelledby': heading.id }, heading, listError.el, list));
}
