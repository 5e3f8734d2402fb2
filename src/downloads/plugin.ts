import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '../errors/domain-error.js';

/** What `npm run build` packs (scripts/pack-cli.mjs); the same path from src/ and from dist/. */
export const CLI_TARBALL = resolve(import.meta.dirname, '../../dist/packages/petstore-cli.tgz');

interface Tarball {
  body: Buffer;
  etag: string;
}

/** The packed file, read on first request and kept: it is written by the build, never while the server runs. */
async function readTarball(path: string): Promise<Tarball | null> {
  try {
    const body = await readFile(path);
    return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    let tarball: Promise<Tarball | null> | undefined;
    // `npm install -g http://<server>/downloads/petstore-cli.tgz`: no key, and not metered (a public route).
    app.get('/downloads/petstore-cli.tgz', { config: { public: true } }, async (request, reply) => {
      const file = await (tarball ??= readTarball(CLI_TARBALL));
      if (!file) {
        tarball = undefined;
        throw new DomainError('not_found', 'The CLI package is not built on this server: run npm run build where it runs.');
      }
      reply
        .header('etag', file.etag)
        .header('cache-control', 'public, max-age=0, must-revalidate')
        .header('content-disposition', 'attachment; filename="petstore-cli.tgz"');
      if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
      return reply.type('application/gzip').send(file.body);
    });
  },
  { name: 'downloads' },
);
