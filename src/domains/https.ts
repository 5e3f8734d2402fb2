import type { FastifyInstance } from 'fastify';
import { once } from 'node:events';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';

export interface HttpsListener {
  port: number;
  close(): Promise<void>;
}

/**
 * The HTTPS listener for custom domains on HTTPS_PORT (none when unset). The
 * certificate is picked by SNI from the domains loaded from the database; an
 * unknown name fails the handshake, and nothing is ever ordered because a
 * name arrived. Requests go through the same app as on PORT.
 */
export async function listenHttps(app: FastifyInstance): Promise<HttpsListener | null> {
  const { httpsPort, host } = app.config;
  if (httpsPort === undefined) return null;
  const server = createServer(
    { SNICallback: app.domainHosts.sni.callback, minVersion: 'TLSv1.2' },
    app.frontDoor.handler((req, res) => app.routing(req, res)),
  );
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
