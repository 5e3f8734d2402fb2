// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Turns a request target into the deploy path it names, or null when it can
 * never name a file of a deploy. The query is dropped and the path
 * percent-decoded exactly once (so `%252e` stays `%2e`); NUL and other control
 * characters, backslashes, `.` and `..` segments are refused rather than
 * interpreted, so no request reaches outside the deploy.
 */
export function decodeRequestPath(target: string): string | null {
  const end = target.search(/[?#]/);
  const raw = end === -1 ? target : target.slice(0, end);
  if (!raw.startsWith('/')) return null;
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (CONTROL.test(path) || path.includes('\\') || path.includes('\ufffd')) return null;
  const segments = path.slice(1).split('/');
  if (segments.some((s) => s === '.' || s === '..')) return null;
  return path.slice(1);
}

/**
 * The manifest paths tried for a decoded path, in order: a folder path (or
 * the root) gives its `index.html`; `about` tries `about`, `about.html`, then
 * `about/index.html`.
 */
export function candidatePaths(path: string): string[] {
  if (path === '' || path.endsWith('/')) return [`${path}index.html`];
  return [path, `${path}.html`, `${path}/index.html`];
}
