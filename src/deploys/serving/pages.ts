/** Inline so that the page makes no request of its own (a site's CSP or a missing asset cannot break it). */
const STYLE =
  'body{margin:0;min-height:100vh;display:grid;place-items:center;font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;' +
  'color:#1f2933;background:#f5f7fa}main{max-width:32rem;margin:1.5rem;padding:2rem 2.25rem;background:#fff;' +
  'border:1px solid #e4e7eb;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.06)}h1{margin:0 0 .5rem;font-size:1.5rem}' +
  'p{margin:0;color:#52606d}@media (prefers-color-scheme:dark){body{color:#e4e7eb;background:#111417}' +
  'main{background:#1b1f24;border-color:#2c3238}p{color:#9aa5b1}}';

function page(title: string, text: string): Buffer {
  return Buffer.from(
    `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<title>${title}</title><style>${STYLE}</style></head>\n` +
      `<body><main><h1>${title}</h1><p>${text}</p></main></body>\n</html>\n`,
  );
}

/** Served when the live deploy has no such file and no 404.html of its own. */
export const NOT_FOUND_PAGE = page('Page not found', 'There is no page at this address.');

/** Served on a project's host while it has no live deploy. */
export const NOT_PUBLISHED_PAGE = page('Not published yet', 'This site has not been published yet. Deploy it to see it here.');

/** Served for a request path that cannot name a file (bad percent-encoding, `..`, NUL, backslashes). */
export const BAD_REQUEST_PAGE = page('Bad request', 'This address is not a valid path.');

/** Served for methods other than GET and HEAD: a site is read-only. */
export const METHOD_NOT_ALLOWED_PAGE = page('Method not allowed', 'This site only answers GET and HEAD requests.');
