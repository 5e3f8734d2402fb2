/** Longest path and path segment accepted in a deploy, in UTF-8 bytes (common file-system limits). */
export const MAX_PATH_BYTES = 1024;
export const MAX_SEGMENT_BYTES = 255;

// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

export type PathCheck = { ok: true; path: string } | { ok: false; message: string };

/** Decodes a name read as raw bytes; null when the bytes are not valid UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return null;
  }
}

/**
 * Checks a path inside a deploy and returns it in its stored form: relative,
 * `/`-separated, with no empty, `.` or `..` segment. A leading `./` (as
 * `tar -C dir .` writes) and a directory's trailing `/` are accepted. The
 * root itself (`.` or `./`) comes back as the empty path.
 */
export function checkDeployPath(raw: string): PathCheck {
  const refuse = (why: string): PathCheck => ({ ok: false, message: `${JSON.stringify(raw)}: ${why}` });
  if (raw.includes('\ufffd')) return refuse('the name is not valid UTF-8');
  if (CONTROL.test(raw)) return refuse('the name contains a control character');
  if (raw.includes('\\')) return refuse('backslashes are not allowed in paths');
  if (raw.startsWith('/')) return refuse('absolute paths are not allowed');
  let path = raw.startsWith('./') ? raw.slice(2) : raw === '.' ? '' : raw;
  if (path.endsWith('/')) path = path.slice(0, -1);
  if (path === '') return { ok: true, path };
  if (Buffer.byteLength(path) > MAX_PATH_BYTES) return refuse(`the path is longer than ${MAX_PATH_BYTES} bytes`);
  for (const segment of path.split('/')) {
    if (segment === '..') return refuse('".." is not allowed in paths');
    if (segment === '' || segment === '.') return refuse('empty and "." path segments are not allowed');
    if (Buffer.byteLength(segment) > MAX_SEGMENT_BYTES) return refuse(`a path segment is longer than ${MAX_SEGMENT_BYTES} bytes`);
  }
  return { ok: true, path };
}
