import type { FastifyInstance } from 'fastify';
import { once } from 'node:events';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { hostnameOf } from '../../http/pipeline/front-door.js';

/** One year, as Netlify sends it; without includeSubDomains, since other names under the domain may not be ours. */
export const HSTS = 'max-age=31536000';

export interface HttpsListener {
  port: number;
  close(): Promise<void>;
}

/**
 * The HTTPS listener for custom domains on HTTPS_PORT (none when unset). The
 * certificate is picked by SNI from the domains loaded from the database; an
 * unknown name fails the handshake, and nothing is ever ordered because a
 * name arrived. Requests go through the same app as on PORT; those for an
 * active domain carry Strict-Transport-Security (never on plain HTTP, where
 * browsers ignore it, nor on the platform's own hosts).
 */
export async function listenHttps(app: FastifyInstance): Promise<HttpsListener | null> {
  const { httpsPort, host } = app.config;
  if (httpsPort === undefined) return null;
  const hosts = app.domainHosts;
  const handle = app.frontDoor.handler((req, res) => app.routing(req, res));
  const server = createServer({ SNICallback: hosts.sni.callback, minVersion: 'TLSv1.2' }, (req, res) => {
    // Every answer on an active custom domain over HTTPS, early or regular, carries HSTS (writeHead merges it in).
    const host = req.headers.host;
    if (host !== undefined && hosts.isActive(hostnameOf(host))) res.setHeader('strict-transport-security', HSTS);
    handle(req, res);
  });
  server.keepAliveTimeout = app.server.keepAliveTimeout;
  server.headersTimeout = app.server.headersTimeout;
  server.requestTimeout = app.server.requestTimeout;
  // A handshake refused for an unknown name is the client's problem, not ours: logged at debug.
  server.on('tlsClientError', (err) => app.log.debug({ err: err.message }, 'TLS handshake refused'));
  server.listen(httpsPort, host);
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  app.domainsHttpsPort = port;
  app.log.info({ port }, 'HTTPS listener for custom domains');
  return {
    port,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await closed;
    },
  };
}
