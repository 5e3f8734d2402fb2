import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '../errors/domain-error.js';
import { ApiError } from '../http/errors/errors.js';
import { evaluatePreconditions } from './conditional.js';

/** What `npm run build` packs (scripts/pack-cli.mjs, scripts/pack-client.mjs); the same paths from src/ and from dist/. */
export const CLI_TARBALL = resolve(import.meta.dirname, '../../dist/packages/petstore-cli.tgz');
export const CLIENT_TARBALL = resolve(import.meta.dirname, '../../dist/packages/petstore-client.tgz');

interface Tarball {
  body: Buffer;
  etag: string;
  /** Its SHA-256, as `sha256sum` prints it (hex) and as RFC 9530's `Repr-Digest` carries it (base64). */
  sha256: { hex: string; base64: string };
}

/** The packed file, read on first request and kept: it is written by the build, never while the server runs. */
async function readTarball(path: string): Promise<Tarball | null> {
  try {
    const body = await readFile(path);
    const digest = createHash('sha256').update(body).digest();
    return {
      body,
      etag: `"${digest.toString('base64url').slice(0, 27)}"`,
      sha256: { hex: digest.toString('hex'), base64: digest.toString('base64') },
    };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** A package the server serves: its file name under /downloads/, where the build writes it, and what it is. */
interface Download {
  name: string;
  path: string;
  /** Named in the 404 when the file is not built. */
  what: string;
}

export const DOWNLOADS: readonly Download[] = [
  { name: 'petstore-cli.tgz', path: CLI_TARBALL, what: 'The CLI package' },
  { name: 'petstore-client.tgz', path: CLIENT_TARBALL, what: 'The typed client package' },
];

function serve(app: FastifyInstance, { name, path, what }: Download): void {
  let tarball: Promise<Tarball | null> | undefined;
  const built = async (): Promise<Tarball> => {
    const file = await (tarball ??= readTarball(path));
    if (file) return file;
    tarball = undefined;
    throw new DomainError('not_found', `${what} is not built on this server: run npm run build where it runs.`);
  };
  // `npm install https://<server>/downloads/<name>`: no key, and not metered (a public route).
  // Its SHA-256 goes with it (`Repr-Digest`, RFC 9530) and beside it, so an installer can check what it got.
  // Conditional requests as RFC 9110 has them (conditional.ts): If-None-Match with a weak tag, a list or `*` is 304,
  // a failed If-Match 412. Ranges are not served: a resumed download starts over (the files are small).
  app.get(`/downloads/${name}`, { config: { public: true } }, async (request, reply) => {
    const file = await built();
    reply
      .header('repr-digest', `sha-256=:${file.sha256.base64}:`)
      .header('etag', file.etag)
      .header('accept-ranges', 'none')
      .header('cache-control', 'public, max-age=0, must-revalidate')
      .header('content-disposition', `attachment; filename="${name}"`);
    const precondition = evaluatePreconditions(request.headers, file.etag);
    if (precondition === 'failed')
      throw new ApiError('precondition_failed', `If-Match names no current version of ${name}: its entity tag is now ${file.etag}.`);
    if (precondition === 'not_modified') return reply.code(304).send();
    return reply.type('application/gzip').send(file.body);
  });
  // The line `sha256sum -c` checks: `curl …/<name>.sha256 | sha256sum -c` beside the downloaded file.
  app.get(`/downloads/${name}.sha256`, { config: { public: true } }, async (_request, reply) => {
    const file = await built();
    reply.header('cache-control', 'public, max-age=0, must-revalidate');
    return reply.type('text/plain; charset=utf-8').send(`${file.sha256.hex}  ${name}\n`);
  });
}

export default fp(
  async (app: FastifyInstance) => {
    for (const download of DOWNLOADS) serve(app, download);
  },
  { name: 'downloads' },
);
