import { api, ApiError, project } from './api.js';
import { announce, bytes, cliInstall, confirmAction, deployName, errorSlot, focusOn, h, hidden, number, table, time, uid } from './dom.js';
import { archiveContents, filesOfDrop, filesOfInput, packFolder } from './tar.js';
import { atLeast, mayChange, notice } from './access.js';

/** Why a deploy failed, in words (the API's message says more). */
const REASONS = {
  missing_index: 'There is no index.html at the top of the archive.',
  too_large: 'The archive or its files are too large.',
  too_many_files: 'The archive has too many files.',
  invalid_path: 'A file in the archive has a path that is not allowed.',
  invalid_archive: 'The file is not a readable .tar.gz archive.',
};

const sentence = (text) => text.charAt(0).toUpperCase() + text.slice(1) + (/[.!?]$/.test(text) ? '' : '.');

export async function render({ content, slug }) {
  const base = `${project(slug)}/deploys`;
  const heading = h('h3', { id: uid('deploys') }, 'History');
  const list = h('div');
  const listError = errorSlot();

  /** The history as last shown, newest first. */
  let history = [];

  async function show() {
    const deploys = await api('GET', base);
    history = deploys;
    if (deploys.length === 0) {
      list.replaceChildren(
        h(
          'p',
          null,
          'No deploys yet. Choose or drop the site’s folder above (or a .tar.gz of it), or deploy from a terminal with ',
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
        h('strong', { class: 'deploy-id' }, deployName(d)),
        h('span', null, time(d.createdAt)),
        h('span', { class: 'muted' }, `${number(d.files)} file${d.files === 1 ? '' : 's'}, ${bytes(d.bytes)}`),
        d.previewUrl
          ? h('a', { href: d.previewUrl, target: '_blank', rel: 'noopener' }, 'Preview', hidden(` deploy ${deployName(d)}`))
          : '',
      ),
      d.status === 'ready'
        ? d.live
          ? h('span', { class: 'badge badge-ok' }, 'Live')
          : h('span', { class: 'badge badge-muted' }, 'Ready')
        : [h('span', { class: 'badge badge-failed' }, 'Failed'), ' ', sentence(d.message ?? REASONS[d.reason] ?? 'refused')],
      d.status === 'ready' && !d.live && mayChange('production')
        ? promoteButton(d)
        : d.live
          ? h('span', { class: 'muted' }, 'Serving now')
          : '',
    ]);
    list.replaceChildren(
      table('Deploys of this project, newest first', ['Deploy', 'State', 'Actions'], rows, {
        captionHidden: true,
        class: 'card-rows',
      }),
    );
  }

  function promoteButton(d) {
    const button = h('button', { type: 'button', class: 'secondary small' }, 'Promote', hidden(` deploy ${deployName(d)}`));
    button.addEventListener('click', () =>
      confirmAction({
        title: `Make deploy ${deployName(d)} live?`,
        text: `The site (and its custom domains) serves the deploy uploaded on ${new Date(d.createdAt).toLocaleString()} from now on, instead of the live one. You can promote the other one back at any time.`,
        action: 'Promote',
        tone: 'primary',
        busyText: 'Promoting…',
        returnTo: () => heading,
        run: async () => {
          await api('POST', `${base}/${encodeURIComponent(d.id)}/promote`, {});
          await show();
          announce(`Deploy ${deployName(d)} is live.`);
        },
      }),
    );
    return button;
  }

  // Choosing (or dropping) a folder or a .tar.gz deploys nothing yet: a dialog says what would be deployed, where, and
  // that it goes live; only its Deploy button uploads. A folder is packed into a .tar.gz here (tar.js).
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
        'The folder with index.html at its top, or drop the folder anywhere on this tab. You see what it holds, and confirm, before anything is deployed.',
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
  );
  form.addEventListener('submit', (event) => event.preventDefault());

  const clearChoice = () => {
    file.value = '';
    folder.value = '';
  };

  /**
   * Asks before deploying `choice` ({ what, files, bytes, hasIndex, archive() }); Cancel deploys nothing. Resolves
   * when the dialog is closed.
   */
  async function confirmDeploy(choice, returnFocus) {
    const p = await api('GET', project(slug)).catch(() => null);
    const liveDeploy = history.find((d) => d.live);
    const live = liveDeploy ? deployName(liveDeploy) : null;
    const facts = h(
      'dl',
      { class: 'facts deploy-summary' },
      h('dt', null, choice.folder ? 'Folder' : 'Archive'),
      h('dd', null, h('code', null, choice.what)),
      h('dt', null, 'Files'),
      h(
        'dd',
        null,
        choice.files === null
          ? `${bytes(choice.bytes)}, not readable here as a .tar.gz: the server checks it`
          : `${number(choice.files)} file${choice.files === 1 ? '' : 's'}, ${bytes(choice.bytes)}`,
      ),
      h('dt', null, 'Project'),
      h('dd', null, h('strong', null, slug)),
      h('dt', null, 'Goes live'),
      h(
        'dd',
        null,
        choice.hasIndex === false ? 'Only if it passes the checks: ' : 'At once: ',
        p ? [h('code', null, p.url), ' serves it'] : 'the site serves it',
        live ? ` instead of deploy ${live} (you can promote that one back).` : '.',
        ' It also gets its own preview address.',
      ),
    );
    const warnings = [
      choice.hasIndex === false
        ? h(
            'p',
            { class: 'warning' },
            `There is no index.html at the top of this ${choice.folder ? 'folder' : 'archive'}: the deploy will fail, and the site keeps what it serves.`,
          )
        : null,
      h('p', { class: 'muted' }, 'Files secret by convention (.env, .git/, …) are left out.'),
    ];
    let created = null;
    const done = await confirmAction({
      title: `Deploy to ${slug}?`,
      text: h('span', { class: 'stack' }, facts, warnings),
      action: 'Deploy',
      busyText: 'Deploying…',
      tone: 'primary',
      opener: returnFocus,
      returnTo: () => heading,
      run: async () => {
        try {
          created = await api('POST', base, await choice.archive());
        } catch (e) {
          // A failed validation is kept in the history, with its reason: said in the dialog by its number.
          await show().catch(() => undefined);
          const failed = history[0];
          if (e instanceof ApiError && e.code === 'deploy_failed' && failed?.status === 'failed') {
            throw new Error(
              `Deploy ${deployName(failed)} of ${slug} failed: ${sentence(failed.message ?? REASONS[failed.reason] ?? 'refused')} The site still serves what it served before.`,
            );
          }
          throw e;
        }
        await show().catch(() => undefined);
        announce(`Deploy ${deployName(created)} is live.`);
        // What the server left out is said before the dialog closes.
        if (!created.warnings?.length) return undefined;
        return {
          heading: `Deploy ${deployName(created)} is live`,
          body: h(
            'div',
            { class: 'stack' },
            h('p', null, 'Left out of it:'),
            h(
              'ul',
              { class: 'plain-list' },
              created.warnings.map((w) => h('li', null, h('code', null, w))),
            ),
          ),
        };
      },
    });
    clearChoice();
    if (done) focusOn(heading);
  }

  /** A folder's files ({path, file}) as a choice to confirm. */
  function folderChoice(files, what) {
    return {
      folder: true,
      what,
      files: files.length,
      bytes: files.reduce((n, f) => n + f.file.size, 0),
      hasIndex: files.some((f) => f.path === 'index.html'),
      archive: () => packFolder(files),
    };
  }

  /** A .tar.gz as a choice to confirm; its files are counted here when it can be read. */
  async function archiveChoice(blob, name) {
    const contents = await archiveContents(blob);
    return {
      folder: false,
      what: name,
      files: contents?.files ?? null,
      bytes: contents?.bytes ?? blob.size,
      hasIndex: contents?.hasIndex,
      archive: async () => blob,
    };
  }

  async function choose(files, what, returnFocus) {
    uploadError.clear();
    if (files === null || files.length === 0) {
      uploadError.show(files === null ? 'Drop the site’s folder (or its files) here.' : 'The folder is empty.');
      clearChoice();
      returnFocus.focus();
      return;
    }
    if (files.length === 1 && /\.(tar\.gz|tgz)$/i.test(files[0].path))
      await confirmDeploy(await archiveChoice(files[0].file, files[0].path), returnFocus);
    else await confirmDeploy(folderChoice(files, what), returnFocus);
  }

  folder.addEventListener('change', async () => {
    if (!folder.files?.length) return;
    const files = filesOfInput(folder);
    const name = folder.files[0]?.webkitRelativePath.split('/')[0] || 'the folder';
    await choose(files, name, folder);
  });
  file.addEventListener('change', async () => {
    const archive = file.files?.[0];
    if (!archive) return;
    uploadError.clear();
    await confirmDeploy(await archiveChoice(archive, archive.name), file);
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
    // The entries are read before the first await: the drop's data is gone once the handler yields.
    const files = await filesOfDrop(event.dataTransfer);
    await choose(files, 'the dropped files', folder);
  });

  await show();
  const upload = atLeast('developer')
    ? mayChange('production')
      ? [form]
      : [
          h(
            'p',
            { class: 'notice role-notice' },
            'Production is protected: your deploys are previews, and an admin or owner makes one live.',
          ),
          form,
        ]
    : [notice('deploys')];
  content.replaceChildren(...upload, h('section', { 'aria-labelledby': heading.id }, heading, listError.el, list));
}
