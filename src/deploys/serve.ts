import { chooseCoding, noneMatch, parseRange, type Coding } from './negotiation.js';
import { BAD_REQUEST_PAGE, METHOD_NOT_ALLOWED_PAGE, NOT_FOUND_PAGE, NOT_PUBLISHED_PAGE } from './pages.js';
import type { BlobReader, LiveSite, ManifestEntry, StoredBlob } from './repository.js';
import { candidatePaths, decodeRequestPath } from './request-path.js';

export interface SiteRequest {
  method: string;
  /** The request target as received: path and optional query. */
  url: string;
  /** Request headers by lower-case name. */
  headers: Readonly<Record<string, string | string[] | undefined>>;
}

export interface SiteResponse {
  status: number;
  headers: Record<string, string>;
  /** Null for HEAD and 304 (Content-Length still tells the size a GET would get). */
  body: Buffer | null;
}

/** Every deploy file is revalidated on each use: a new deploy shows at once, and the ETag keeps revalidation cheap. */
export const CACHE_CONTROL = 'public, max-age=0, must-revalidate';

const HTML = 'text/html; charset=utf-8';

function header(req: SiteRequest, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

function page(req: SiteRequest, status: number, body: Buffer, extra: Record<string, string> = {}): SiteResponse {
  const headers = {
    'content-type': HTML,
    'content-length': String(body.length),
    'cache-control': CACHE_CONTROL,
    'x-content-type-options': 'nosniff',
    ...extra,
  };
  return { status, headers, body: req.method === 'HEAD' ? null : body };
}

function codingsOf(blob: StoredBlob): Coding[] {
  const codings: Coding[] = [];
  if (blob.br) codings.push('br');
  if (blob.gzip) codings.push('gzip');
  return codings;
}

/** The whole file in the coding the client prefers among the stored ones. */
function sendWhole(req: SiteRequest, blob: StoredBlob, etag: string, status: number, headers: Record<string, string>): SiteResponse {
  const coding = chooseCoding(header(req, 'accept-encoding'), codingsOf(blob));
  const body = coding === 'identity' ? blob.bytes : (blob[coding] ?? blob.bytes);
  if (coding !== 'identity') headers['content-encoding'] = coding;
  // A compressed copy has other bytes, so its ETag is weak (RFC 9110 §8.8.1): If-None-Match matches it, If-Range never does.
  headers.etag = coding === 'identity' ? etag : `W/${etag}`;
  headers['content-length'] = String(body.length);
  return { status, headers, body: req.method === 'HEAD' ? null : body };
}

/**
 * Sends a stored file, its ETag being the file's hash. `status` is 200 for a
 * found path, 404 for the deploy's own 404.html (no conditional or range
 * handling then: the status has to stay 404).
 */
function sendFile(req: SiteRequest, entry: ManifestEntry, blob: StoredBlob, status: 200 | 404): SiteResponse {
  const etag = `"${entry.hash}"`;
  const headers: Record<string, string> = {
    'content-type': entry.type,
    'cache-control': CACHE_CONTROL,
    vary: 'Accept-Encoding',
    'x-content-type-options': 'nosniff',
  };
  if (status === 404) return sendWhole(req, blob, etag, status, headers);
  headers['accept-ranges'] = 'bytes';
  if (noneMatch(header(req, 'if-none-match'), etag)) {
    delete headers['content-type'];
    headers.etag = etag;
    return { status: 304, headers, body: null };
  }
  const size = blob.bytes.length;
  const ifRange = header(req, 'if-range');
  // Ranges are defined for GET only, and If-Range with anything but the current strong ETag asks for the whole file.
  const rangeApplies = req.method === 'GET' && (ifRange === undefined || ifRange.trim() === etag);
  const range = rangeApplies ? parseRange(header(req, 'range'), size) : ({ kind: 'none' } as const);
  if (range.kind === 'none') return sendWhole(req, blob, etag, 200, headers);
  headers.etag = etag;
  if (range.kind === 'unsatisfiable') {
    headers['content-range'] = `bytes */${size}`;
    headers['content-length'] = '0';
    return { status: 416, headers, body: Buffer.alloc(0) };
  }
  // A range is always of the original bytes, whatever Accept-Encoding says.
  const body = blob.bytes.subarray(range.start, range.end + 1);
  headers['content-range'] = `bytes ${range.start}-${range.end}/${size}`;
  headers['content-length'] = String(body.length);
  return { status: 206, headers, body };
}

/** A manifest entry whose blob is missing means storage lost data: an error for the caller, never a silent 404. */
async function readBlob(blobs: BlobReader, entry: ManifestEntry): Promise<StoredBlob> {
  const blob = await blobs.read(entry.hash);
  if (!blob) throw new Error(`blob ${entry.hash} of a live deploy is missing`);
  return blob;
}

/**
 * Answers a request on a project's site from one snapshot of its live deploy
 * (null when it has none), so every file of one response comes from the same
 * deploy. HTTP-framework-free: the caller copies status, headers and body.
 */
export async function serveSite(site: LiveSite | null, blobs: BlobReader, req: SiteRequest): Promise<SiteResponse> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return page(req, 405, METHOD_NOT_ALLOWED_PAGE, { allow: 'GET, HEAD' });
  const path = decodeRequestPath(req.url);
  if (path === null) return page(req, 400, BAD_REQUEST_PAGE);
  if (!site) return page(req, 404, NOT_PUBLISHED_PAGE);
  for (const candidate of candidatePaths(path)) {
    const entry = site.manifest.get(candidate);
    if (entry) return sendFile(req, entry, await readBlob(blobs, entry), 200);
  }
  const notFound = site.manifest.get('404.html');
  if (notFound) return sendFile(req, notFound, await readBlob(blobs, notFound), 404);
  return page(req, 404, NOT_FOUND_PAGE);
}
