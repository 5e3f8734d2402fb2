// A folder packed in the browser into the upload the deploys API takes: a tar archive (POSIX ustar, with a PAX
// record for a path longer than its header holds), compressed with the browser's own CompressionStream('gzip').

const BLOCK = 512;
const encoder = new TextEncoder();

/** `value` as `width - 1` octal digits and a NUL, as tar headers write numbers. */
function octal(value, width) {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function put(header, offset, text) {
  header.set(encoder.encode(text), offset);
}

/** One 512-byte header: `name` (UTF-8, at most 100 bytes), `type` '0' a file, '5' a folder, 'x' a PAX record. */
function header(name, size, type, mtime) {
  const block = new Uint8Array(BLOCK);
  block.set(encoder.encode(name).subarray(0, 100), 0);
  put(block, 100, octal(type === '5' ? 0o755 : 0o644, 8));
  put(block, 108, octal(0, 8));
  put(block, 116, octal(0, 8));
  put(block, 124, octal(size, 12));
  put(block, 136, octal(mtime, 12));
  put(block, 148, '        ');
  put(block, 156, type);
  put(block, 257, 'ustar\u000000');
  let sum = 0;
  for (const byte of block) sum += byte;
  put(block, 148, `${sum.toString(8).padStart(6, '0')}\0 `);
  return block;
}

/** A PAX `path` record: "<length> path=<name>\n", the length counting itself. */
function paxPath(name) {
  const body = ` path=${name}\n`;
  const bytes = encoder.encode(body).length;
  let length = bytes + 1;
  while (String(length).length + bytes !== length) length = String(length).length + bytes;
  return encoder.encode(`${String(length)}${body}`);
}

const padding = (size) => new Uint8Array((BLOCK - (size % BLOCK)) % BLOCK);

/** The headers (and PAX record) of one entry. */
function entry(name, size, type, mtime) {
  if (encoder.encode(name).length <= 100) return [header(name, size, type, mtime)];
  const pax = paxPath(name);
  const short = `PaxHeader/${name.slice(-80)}`;
  return [header(short, pax.length, 'x', mtime), pax, padding(pax.length), header(short, size, type, mtime)];
}

/**
 * Packs `files` ({path, file}: a path relative to the site's root with `/` between folders, and its File) into a
 * .tar.gz Blob: folders first (each once), then the files, as `tar -czf site.tar.gz -C DIR .` would.
 */
export async function packFolder(files) {
  const mtime = Math.floor(Date.now() / 1000);
  const parts = [];
  const folders = new Set();
  for (const { path } of files) {
    const segments = path.split('/');
    for (let i = 1; i < segments.length; i++) folders.add(`${segments.slice(0, i).join('/')}/`);
  }
  for (const folder of [...folders].sort()) parts.push(...entry(folder, 0, '5', mtime));
  for (const { path, file } of files) {
    parts.push(...entry(path, file.size, '0', Math.floor((file.lastModified || Date.now()) / 1000)), file, padding(file.size));
  }
  parts.push(new Uint8Array(BLOCK * 2));
  const gzip = new Blob(parts).stream().pipeThrough(new CompressionStream('gzip'));
  const packed = await new Response(gzip).blob();
  return new Blob([packed], { type: 'application/gzip' });
}

/** The files of an <input type=file webkitdirectory>, relative to the chosen folder (its own name left out). */
export function filesOfInput(input) {
  return [...(input.files ?? [])].map((file) => ({ path: file.webkitRelativePath.split('/').slice(1).join('/') || file.name, file }));
}

/** Every entry of a folder: readEntries answers in batches until an empty one. */
async function entriesOf(folder) {
  const reader = folder.createReader();
  const all = [];
  for (;;) {
    const batch = await new Promise((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

async function walk(entry, prefix, out) {
  if (entry.isFile) {
    const file = await new Promise((resolve, reject) => entry.file(resolve, reject));
    out.push({ path: `${prefix}${entry.name}`, file });
  } else if (entry.isDirectory) {
    for (const child of await entriesOf(entry)) await walk(child, `${prefix}${entry.name}/`, out);
  }
}

/**
 * The files of a drop: one folder dropped gives its contents (relative to it, as the picker does); several
 * items, or files, are taken as the site's root. Null when the drop holds no file or folder.
 */
export async function filesOfDrop(dataTransfer) {
  const entries = [...dataTransfer.items].map((item) => item.webkitGetAsEntry?.()).filter((e) => e);
  if (entries.length === 0) {
    // Files without entries (a browser without the entries API): taken as the site's root.
    const plain = [...dataTransfer.files].map((file) => ({ path: file.name, file }));
    return plain.length === 0 ? null : plain;
  }
  const files = [];
  if (entries.length === 1 && entries[0].isDirectory) {
    for (const child of await entriesOf(entries[0])) await walk(child, '', files);
  } else {
    for (const e of entries) await walk(e, '', files);
  }
  return files;
}

const decoder = new TextDecoder();
const text = (bytes) => decoder.decode(bytes).replace(/\0.*$/s, '');

/** The path a PAX record sets ("<length> path=<name>\n"), or null. */
function paxPathOf(bytes) {
  const found = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(decoder.decode(bytes));
  return found ? found[1] : null;
}

/**
 * What a .tar.gz holds, read here before anything is sent: its files, their unpacked bytes, and whether index.html
 * is at its top. Null when the file is not a readable .tar.gz (the server says why when it is sent).
 */
export async function archiveContents(blob) {
  let tar;
  try {
    tar = new Uint8Array(await new Response(blob.stream().pipeThrough(new DecompressionStream('gzip'))).arrayBuffer());
  } catch {
    return null;
  }
  let files = 0;
  let bytes = 0;
  let hasIndex = false;
  let longName = null;
  for (let at = 0; at + BLOCK <= tar.length;) {
    const block = tar.subarray(at, at + BLOCK);
    if (block.every((b) => b === 0)) break;
    const size = parseInt(text(block.subarray(124, 136)).trim() || '0', 8);
    const type = String.fromCharCode(block[156]);
    if (Number.isNaN(size) || text(block.subarray(257, 262)) !== 'ustar') return null;
    const data = tar.subarray(at + BLOCK, at + BLOCK + size);
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    if (type === 'x') longName = paxPathOf(data) ?? longName;
    else if (type === 'L') longName = text(data);
    if (type === 'x' || type === 'L' || type === 'g') continue;
    const prefix = text(block.subarray(345, 500));
    const path = (longName ?? (prefix ? `${prefix}/${text(block.subarray(0, 100))}` : text(block.subarray(0, 100)))).replace(
      /^(\.\/)+/,
      '',
    );
    longName = null;
    if (type !== '0' && type !== '\0' && type !== '7') continue;
    files++;
    bytes += size;
    if (path === 'index.html') hasIndex = true;
  }
  return { files, bytes, hasIndex };
}
