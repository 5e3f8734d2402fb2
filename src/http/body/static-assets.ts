import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A file a page loads, served by the service itself (users run it on closed networks), compressed once. */
export interface StaticAsset {
  body: Buffer;
  /** Compressed on first use: the reference's renderer alone is 2.2 MB, about 70 ms of gzip at every start otherwise. */
  readonly gzip: Buffer;
  type: string;
  etag: string;
}

export function staticAsset(body: Buffer, type: string): StaticAsset {
  let gzip: Buffer | undefined;
  return {
    body,
    get gzip() {
      return (gzip ??= gzipSync(body, { level: 9 }));
    },
    type,
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
  };
}

/**
 * Answers one asset: revalidated on every use (ETag, 304), gzip when the
 * client accepts it; 404 in plain text for a name not on the page's list.
 */
export function sendStaticAsset(request: FastifyRequest, reply: FastifyReply, file: StaticAsset | undefined): FastifyReply {
  if (!file) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  reply.header('etag', file.etag).header('cache-control', 'public, max-age=0, must-revalidate').header('vary', 'Accept-Encoding');
  if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
  const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
  if (gzip) reply.header('content-encoding', 'gzip');
  return reply.type(file.type).send(gzip ? file.gzip : file.body);
}
