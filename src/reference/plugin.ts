import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendStaticAsset } from '../http/body/static-assets.js';
import { loadAssets } from './assets.js';
import { API_VERSION, VERSION } from '../version.js';
import { REFERENCE_CSS, REFERENCE_SCRIPT, referencePage, type ContractLink } from './page.js';

/** Strict: everything from this origin; the renderer sets inline styles and shows data: images. */
const CSP =
  "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'";

const CLIENT_DOWNLOAD = '/downloads/petstore-client.tgz';

const CONTRACTS: ContractLink[] = [
  { url: '/v1/openapi.json', name: 'Pet Store API (v1)' },
  { url: '/api/v1/openapi.json', name: 'Management API (/api/v1)' },
];

export default fp(
  async (app: FastifyInstance) => {
    const assets = loadAssets({
      'reference.js': { body: REFERENCE_SCRIPT, type: 'text/javascript; charset=utf-8' },
      'reference.css': { body: REFERENCE_CSS, type: 'text/css; charset=utf-8' },
    });
    let page: string | undefined;

    app.get('/docs', { config: { public: true } }, async (_request, reply) => {
      // Only the contracts this service serves (the management API's is there once that capability is).
      page ??= referencePage(
        CONTRACTS.filter((c) => app.hasRoute({ method: 'GET', url: c.url })),
        // The typed client's install line, once the downloads capability serves it.
        app.hasRoute({ method: 'GET', url: CLIENT_DOWNLOAD })
          ? { tarballUrl: `${app.config.baseUrl.replace(/\/v1$/, '')}${CLIENT_DOWNLOAD}`, baseUrl: app.config.baseUrl }
          : null,
        { api: API_VERSION, release: VERSION },
      );
      return reply.header('content-security-policy', CSP).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page);
    });

    app.get<{ Params: { file: string } }>('/docs/assets/:file', { config: { public: true } }, async (request, reply) => {
      return sendStaticAsset(request, reply, assets.get(request.params.file));
    });
  },
  { name: 'reference' },
);
