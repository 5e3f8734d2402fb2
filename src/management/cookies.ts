import type { FastifyRequest } from 'fastify';
import { siteHostname } from '../deploys/sites.js';

/** The session cookie over plain HTTP: HttpOnly, SameSite=Lax. */
export const SESSION_COOKIE = 'petstore_session';
/**
 * The session cookie over HTTPS. Browsers accept a `__Host-` cookie only
 * from a secure origin, host-only (no Domain) and for Path=/, so a site on a
 * sibling or child host cannot set one the dashboard would read.
 */
export const SECURE_SESSION_COOKIE = '__Host-petstore_session';
const SESSION_NAMES = [SESSION_COOKIE, SECURE_SESSION_COOKIE];

/** A cookie's value from a `Cookie` header, or null. */
export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** How many cookies of the header carry one of the names. */
function countCookies(header: string | undefined, names: readonly string[]): number {
  if (!header) return 0;
  let n = 0;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && names.includes(part.slice(0, eq).trim())) n++;
  }
  return n;
}

const overHttps = (request: FastifyRequest) => request.protocol === 'https';

/** The session cookie's name for this request: `__Host-petstore_session` over HTTPS. */
export const sessionCookieName = (secure: boolean) => (secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE);

/** True when the request carries more than one session cookie (one may have been set by a site of a parent domain). */
export function hasSeveralSessionCookies(request: FastifyRequest): boolean {
  return countCookies(request.headers.cookie, SESSION_NAMES) > 1;
}

/** False when DASHBOARD_HOST is set and the request is for another host: sessions are not read there. */
export function onDashboardHost(request: FastifyRequest): boolean {
  const pinned = request.server.config.dashboardHost;
  return pinned === undefined || siteHostname(request.hostname) === pinned;
}

/**
 * The session token of a request, or null: none is read when the request
 * carries more than one session cookie (either name: a site under a parent
 * domain can add one, "cookie tossing"), when it is not for DASHBOARD_HOST,
 * or when its one cookie has the other protocol's name.
 */
export function sessionTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (!header || hasSeveralSessionCookies(request) || !onDashboardHost(request)) return null;
  return readCookie(header, sessionCookieName(overHttps(request)));
}

export function sessionCookie(token: string, secure: boolean, maxAgeSeconds: number): string {
  return [
    `${sessionCookieName(secure)}=${token}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${String(maxAgeSeconds)}`,
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

export function clearedSessionCookie(secure: boolean): string {
  return [`${sessionCookieName(secure)}=`, 'Path=/', 'HttpOnly', 'SameSite=Lax', 'Max-Age=0', ...(secure ? ['Secure'] : [])].join('; ');
}

/**
 * Set-Cookie values that clear every session cookie a browser may send to
 * this host: both names, host-only and for each parent domain of the host
 * (where a tossed cookie would have been set).
 */
export function clearedSessionCookies(request: FastifyRequest): string[] {
  const secure = overHttps(request);
  const host = siteHostname(request.hostname);
  const labels = host.split('.');
  const parents = /^[0-9.]+$|:/.test(host) ? [] : labels.slice(1, -1).map((_, i) => labels.slice(i + 1).join('.'));
  const out: string[] = [];
  for (const name of SESSION_NAMES) {
    const secureFlag = name === SECURE_SESSION_COOKIE || secure ? ['Secure'] : [];
    // A __Host- cookie can only be host-only; a browser refuses one sent over plain HTTP.
    if (name === SECURE_SESSION_COOKIE && !secure) continue;
    out.push([`${name}=`, 'Path=/', 'Max-Age=0', ...secureFlag].join('; '));
    if (name === SESSION_COOKIE)
      for (const domain of parents) out.push([`${name}=`, 'Path=/', `Domain=${domain}`, 'Max-Age=0', ...secureFlag].join('; '));
  }
  return out;
}
