function page(title: string, text: string): Buffer {
  return Buffer.from(
    `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>${title}</title></head>\n` +
      `<body><h1>${title}</h1><p>${text}</p></body>\n</html>\n`,
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
