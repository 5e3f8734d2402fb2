// The one way the pages talk to the service: /api/v1, with the session cookie and, on every change, the CSRF token.

const csrf = document.body.dataset.csrf;

/** A refusal from the API, with the Error body's code, message and details. */
export class ApiError extends Error {
  constructor(status, body, headers) {
    super(body?.message || `The service answered ${String(status)}.`);
    this.status = status;
    this.code = body?.code ?? 'unknown';
    this.details = body?.details ?? [];
    this.headers = headers;
  }
}

/** Where to sign in, coming back to this page afterwards. */
export const signInUrl = () => `/dashboard/sign-in?next=${encodeURIComponent(location.pathname + location.search)}`;

/**
 * Calls /api/v1`path`. Resolves the JSON body (null for 204); rejects with an
 * ApiError whose message says in words what went wrong. A session that ended
 * (401 not_signed_in) sends the person to sign in and back here.
 */
export async function api(method, path, body) {
  return (await exchange(method, path, body)).data;
}

/** The cursor of the next page, from a `Link: <…?cursor=…>; rel="next"` header, or null. */
function nextCursor(headers) {
  const link = headers.get('link') ?? '';
  const next = /<([^>]+)>\s*;\s*rel="?next"?/.exec(link);
  return next ? new URL(next[1], location.origin).searchParams.get('cursor') : null;
}

/** A GET of a list that pages with cursors: its entries and the cursor of the next page (null on the last). */
export async function apiPage(path) {
  const { data, headers } = await exchange('GET', path);
  return { entries: data ?? [], next: headers ? nextCursor(headers) : null };
}

async function exchange(method, path, body) {
  const headers = { accept: 'application/json' };
  let payload;
  if (body instanceof Blob) {
    payload = body;
    headers['content-type'] = 'application/gzip';
  } else if (body !== undefined) {
    payload = JSON.stringify(body);
    headers['content-type'] = 'application/json';
  }
  if (method !== 'GET' && method !== 'HEAD' && csrf) headers['x-csrf-token'] = csrf;
  let response;
  try {
    response = await fetch(`/api/v1${path}`, { method, headers, body: payload, credentials: 'same-origin', cache: 'no-store' });
  } catch {
    throw new ApiError(0, { code: 'network', message: 'The service could not be reached. Check the connection, then try again.' });
  }
  if (response.status === 204) return { data: null, headers: response.headers };
  let data = null;
  try {
    data = await response.json();
  } catch {
    // Not JSON (a proxy's error page): the status says enough.
  }
  if (response.ok) return { data, headers: response.headers };
  if (response.status === 401 && data?.code === 'not_signed_in' && csrf) {
    location.assign(signInUrl());
    throw new ApiError(401, { code: 'not_signed_in', message: 'Your session has ended. Sign in again.' });
  }
  throw new ApiError(response.status, data, response.headers);
}

export const project = (slug) => `/projects/${encodeURIComponent(slug)}`;

/** The environment the page shows (the Production | Staging switch): 'production' or 'staging'. */
export const environment = () => (document.body.dataset.environment === 'staging' ? 'staging' : 'production');

/** A GET path of the page's environment: `?environment=staging` added on staging pages. */
export function inEnvironment(path) {
  if (environment() !== 'staging') return path;
  return `${path}${path.includes('?') ? '&' : '?'}environment=staging`;
}

/** A request body of the page's environment: `environment: 'staging'` added on staging pages. */
export const withEnvironment = (body) => (environment() === 'staging' ? { ...body, environment: 'staging' } : body);

/** The address of a dashboard page of the project, in the page's environment. */
export const pagePath = (slug, tab) =>
  `/dashboard/projects/${encodeURIComponent(slug)}/${tab}${environment() === 'staging' ? '?environment=staging' : ''}`;
