import { chooseCoding, noneMatch, parseRange, type Coding } from './negotiation.js';
import { BAD_REQUEST_PAGE, METHOD_NOT_ALLOWED_PAGE, NOT_FOUND_PAGE, NOT_PUBLISHED_PAGE } from './pages.js';
import type { BlobReader, LiveSite, ManifestEntry, ManifestLookup, StoredBlob } from '../storage/repository.js';
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
  /** Shared between responses of the same file: copy before changing. */
  headers: Readonly<Record<string, string>>;
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

/** The headers of a whole file in one coding, computed once per blob and media type. */
interface Prepared {
  identity: Readonly<Record<string, string>>;
  gzip: Readonly<Record<string, string>> | null;
  br: Readonly<Record<string, string>> | null;
  codings: readonly Coding[];
}

// Keyed by the blob, so the headers go when the blob leaves the cache; within it, by media type.
const preparedByBlob = new WeakMap<StoredBlob, Map<string, Prepared>>();

function wholeHeaders(type: string, etag: string, body: Buffer, coding: Coding): Record<string, string> {
  return {
    'content-type': type,
    'cache-control': CACHE_CONTROL,
    vary: 'Accept-Encoding',
    'x-content-type-options': 'nosniff',
    'accept-ranges': 'bytes',
    ...(coding === 'identity' ? {} : { 'content-encoding': coding }),
    // A compressed copy has other bytes, so its ETag is weak (RFC 9110 §8.8.1): If-None-Match matches it, If-Range never does.
    etag: coding === 'identity' ? etag : `W/${etag}`,
    'content-length': String(body.length),
  };
}

function prepared(entry: ManifestEntry, blob: StoredBlob): Prepared {
  let byType = preparedByBlob.get(blob);
  if (!byType) preparedByBlob.set(blob, (byType = new Map()));
  let p = byType.get(entry.type);
  if (!p) {
    const etag = `"${entry.hash}"`;
    p = {
      identity: wholeHeaders(entry.type, etag, blob.bytes, 'identity'),
      gzip: blob.gzip ? wholeHeaders(entry.type, etag, blob.gzip, 'gzip') : null,
      br: blob.br ? wholeHeaders(entry.type, etag, blob.br, 'br') : null,
      codings: codingsOf(blob),
    };
    byType.set(entry.type, p);
  }
  return p;
}

/** The whole file with status 200 in the coding the client prefers among the stored ones. */
function sendWhole(req: SiteRequest, entry: ManifestEntry, blob: StoredBlob): SiteResponse {
  const p = prepared(entry, blob);
  const coding = p.codings.length === 0 ? 'identity' : chooseCoding(header(req, 'accept-encoding'), p.codings);
  const body = coding === 'identity' ? blob.bytes : (blob[coding] ?? blob.bytes);
  const headers = coding === 'identity' ? p.identity : (p[coding] ?? p.identity);
  return { status: 200, headers, body: req.method === 'HEAD' ? null : body };
}

/** The deploy's own 404.html: the whole file in the preferred coding, without range or conditional handling. */
function sendNotFoundFile(req: SiteRequest, entry: ManifestEntry, blob: StoredBlob): SiteResponse {
  const p = prepared(entry, blob);
  const coding = chooseCoding(header(req, 'accept-encoding'), p.codings);
  const body = coding === 'identity' ? blob.bytes : (blob[coding] ?? blob.bytes);
  const { 'accept-ranges': _ranges, ...headers } = coding === 'identity' ? p.identity : (p[coding] ?? p.identity);
  return { status: 404, headers, body: req.method === 'HEAD' ? null : body };
}

/** Sends a found file, its ETag being the file's hash: conditional and range requests are answered here. */
function sendFile(req: SiteRequest, entry: ManifestEntry, blob: StoredBlob): SiteResponse {
  const ifNoneMatch = header(req, 'if-none-match');
  const range = req.method === 'GET' ? header(req, 'range') : undefined;
  if (ifNoneMatch === undefined && range === undefined) return sendWhole(req, entry, blob);
  const etag = `"${entry.hash}"`;
  const headers: Record<string, string> = {
    'content-type': entry.type,
    'cache-control': CACHE_CONTROL,
    vary: 'Accept-Encoding',
    'x-content-type-options': 'nosniff',
    'accept-ranges': 'bytes',
  };
  if (noneMatch(ifNoneMatch, etag)) {
    delete headers['content-type'];
    headers.etag = etag;
    return { status: 304, headers, body: null };
  }
  const size = blob.bytes.length;
  const ifRange = header(req, 'if-range');
  // Ranges are defined for GET only, and If-Range with anything but the current strong ETag asks for the whole file.
  const rangeApplies = ifRange === undefined || ifRange.trim() === etag;
  const parsed = rangeApplies ? parseRange(range, size) : ({ kind: 'none' } as const);
  if (parsed.kind === 'none') return sendWhole(req, entry, blob);
  headers.etag = etag;
  if (parsed.kind === 'unsatisfiable') {
    headers['content-range'] = `bytes */${size}`;
    headers['content-length'] = '0';
    return { status: 416, headers, body: Buffer.alloc(0) };
  }
  // A range is always of the original bytes, whatever Accept-Encoding says.
  const body = blob.bytes.subarray(parsed.start, parsed.end + 1);
  headers['content-range'] = `bytes ${parsed.start}-${parsed.end}/${size}`;
  headers['content-length'] = String(body.length);
  return { status: 206, headers, body };
}

/** A manifest entry whose blob is missing means storage lost data: an error for the caller, never a silent 404. */
function present(entry: ManifestEntry, blob: StoredBlob | null): StoredBlob {
  if (!blob) throw new Error(`blob ${entry.hash} of a live deploy is missing`);
  return blob;
}

function withBlob(req: SiteRequest, blobs: BlobReader, entry: ManifestEntry, send: typeof sendFile): SiteResponse | Promise<SiteResponse> {
  const hot = blobs.cached?.(entry.hash);
  if (hot) return send(req, entry, hot);
  return blobs.read(entry.hash).then((blob) => send(req, entry, present(entry, blob)));
}

/** `withBlob` for a blob in memory only: null when it would have to be read. */
function withCachedBlob(req: SiteRequest, blobs: BlobReader, entry: ManifestEntry, send: typeof sendFile): SiteResponse | null {
  const hot = blobs.cached?.(entry.hash);
  return hot ? send(req, entry, hot) : null;
}

/** What a request target names in one deploy. */
type Resolution =
  { kind: 'bad' } | { kind: 'file'; entry: ManifestEntry } | { kind: 'notFoundFile'; entry: ManifestEntry } | { kind: 'notFound' };

const BAD: Resolution = { kind: 'bad' };
const NOT_FOUND: Resolution = { kind: 'notFound' };

/** Request targets remembered per deploy at most; past that the memory starts over. */
const TARGETS_KEPT = 256;

// A deploy's manifest never changes, so what a target names in it never does either.
const resolvedByManifest = new WeakMap<ManifestLookup, Map<string, Resolution>>();

function resolveTarget(manifest: ManifestLookup, url: string): Resolution {
  const path = decodeRequestPath(url);
  if (path === null) return BAD;
  for (const candidate of candidatePaths(path)) {
    const entry = manifest.get(candidate);
    if (entry) return { kind: 'file', entry };
  }
  const notFound = manifest.get('404.html');
  return notFound ? { kind: 'notFoundFile', entry: notFound } : NOT_FOUND;
}

function resolved(manifest: ManifestLookup, url: string): Resolution {
  let targets = resolvedByManifest.get(manifest);
  if (!targets) resolvedByManifest.set(manifest, (targets = new Map()));
  let resolution = targets.get(url);
  if (!resolution) {
    resolution = resolveTarget(manifest, url);
    if (targets.size >= TARGETS_KEPT) targets.clear();
    targets.set(url, resolution);
  }
  return resolution;
}

const badRequest = (req: SiteRequest): SiteResponse => page(req, 400, BAD_REQUEST_PAGE);

function answer<R>(
  site: LiveSite | null,
  blobs: BlobReader,
  req: SiteRequest,
  withFile: (req: SiteRequest, blobs: BlobReader, entry: ManifestEntry, send: typeof sendFile) => R,
  bad: (req: SiteRequest) => SiteResponse | R,
): SiteResponse | R {
  if (req.method !== 'GET' && req.method !== 'HEAD') return page(req, 405, METHOD_NOT_ALLOWED_PAGE, { allow: 'GET, HEAD' });
  if (!site) return decodeRequestPath(req.url) === null ? bad(req) : page(req, 404, NOT_PUBLISHED_PAGE);
  const target = resolved(site.manifest, req.url);
  switch (target.kind) {
    case 'bad':
      return bad(req);
    case 'file':
      return withFile(req, blobs, target.entry, sendFile);
    case 'notFoundFile':
      return withFile(req, blobs, target.entry, sendNotFoundFile);
    case 'notFound':
      return page(req, 404, NOT_FOUND_PAGE);
  }
}

/**
 * Answers a request on a project's site from one snapshot of its live deploy
 * (null when it has none), so every file of one response comes from the same
 * deploy. HTTP-framework-free: the caller copies status, headers and body.
 * Synchronous when the file is in the blob cache.
 */
export function answerSite(site: LiveSite | null, blobs: BlobReader, req: SiteRequest): SiteResponse | Promise<SiteResponse> {
  return answer(site, blobs, req, withBlob, badRequest);
}

/**
 * The same answer when it needs nothing but memory (the file's blob cached);
 * null when a blob would have to be read, and for a target that does not
 * decode to a path (the caller's regular path answers those: Fastify's router
 * rejects some of them before any request step runs).
 */
export function answerSiteFromMemory(site: LiveSite | null, blobs: BlobReader, req: SiteRequest): SiteResponse | null {
  return answer(site, blobs, req, withCachedBlob, () => null);
}

/** `answerSite`, always as a promise. */
export async function serveSite(site: LiveSite | null, blobs: BlobReader, req: SiteRequest): Promise<SiteResponse> {
  return answerSite(site, blobs, req);
}
