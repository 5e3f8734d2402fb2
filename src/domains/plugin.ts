import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { repositoryOf } from '../feature.js';
import { CertificateWorker } from './acme/certificates.js';
import { watchChanges } from './serving/changes.js';
import { DomainHosts } from './serving/hosts.js';
import { DnsRechecks } from './dns/rechecks.js';
import { openDomainRepository } from './repository.js';
import { keySealer } from './acme/key-sealing.js';
import type { DomainService } from './service.js';
import { acmeSettings, composeDomains, readyDeploysOn } from './compose.js';
import { domainRoutes } from './routes.js';
import { ACME_CHALLENGE_PREFIX, registerChallengeRoute } from './serving/steps.js';

const PERIODIC_RELOAD_MS = 5000;

declare module 'fastify' {
  interface FastifyInstance {
    domains: DomainService;
    domainHosts: DomainHosts;
    /** Orders and renews certificates; null when ACME_DIRECTORY_URL is unset. */
    certificates: CertificateWorker | null;
    domainRechecks: DnsRechecks;
    /** Set by the HTTPS listener once it listens (its port may be 0 in the configuration). */
    domainsHttpsPort?: number;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const acme = acmeSettings(config);
    if (acme !== null && config.secretsKey === undefined) {
      app.log.warn('ACME_DIRECTORY_URL is set without SECRETS_KEY: certificate private keys are stored unencrypted');
    }
    const sealer = keySealer(config.secretsKey);
    const repository = repositoryOf(app, 'domains', openDomainRepository);
    const hosts = new DomainHosts(repository, sealer, app.log);
    let worker: CertificateWorker | undefined;
    const { service, settings } = composeDomains({
      database: app.storage.database,
      config,
      clock: app.clock,
      acme,
      repository,
      // Tests that serve a deploy of their own replace it through wrapRepositories.readyDeploys.
      deploys: repositoryOf(app, 'readyDeploys', readyDeploysOn),
      audit: app.audit.service,
      afterChange: async () => {
        await hosts.reload();
        // A removed domain's order in progress on this instance is cancelled.
        await worker?.cancelRemoved();
      },
      // In a worker of WORKERS > 1 the primary orders it, at its next look (every 5 s).
      wantCertificate: () => (app.background ? worker?.kick() : undefined),
      // The one call site for "a domain left project X" (removed, or transferred by TXT proof).
      domainLeft: (event) => {
        app.log.info(
          { domain: event.domain, projectId: event.projectId, reason: event.reason, toProjectId: event.toProjectId },
          event.reason === 'transferred' ? 'custom domain transferred to another project by TXT proof' : 'custom domain removed',
        );
      },
    });
    if (acme !== null) {
      const { issueCertificate, renewalTime } = await import('./acme/client.js');
      worker = new CertificateWorker({
        repository,
        service,
        acme,
        settings,
        sealer,
        clock: app.clock,
        log: app.log,
        changed: async () => {
          await repository.notify();
          await hosts.reload();
        },
        issue: issueCertificate,
        renewalTime,
      });
    }
    app.decorate('certificates', worker ?? null);
    const rechecks = new DnsRechecks({ repository, service, clock: app.clock, log: app.log });
    app.decorate('domainRechecks', rechecks);
    app.decorate('domains', service);
    app.decorate('domainHosts', hosts);
    app.sites.addResolver((hostname) => hosts.site(hostname));
    registerChallengeRoute(app, repository);
    // Certificates are ordered and renewed for hosts that already serve a site: the challenge route answers there too.
    app.sites.passThrough(ACME_CHALLENGE_PREFIX);
    domainRoutes(app, service);

    const watcher = watchChanges(
      app.storage.database,
      config.databaseUrl,
      () => {
        void hosts.reload().catch((err: unknown) => app.log.error({ err }, 'custom domains: reload failed'));
        void worker?.cancelRemoved().catch(() => undefined);
      },
      (err) => app.log.warn({ err: err.message }, 'custom domains: change notifications interrupted'),
    );
    // Plan changes are not notified by the projects capability: a periodic reload bounds how late a downgrade is seen.
    const periodic = setInterval(() => void hosts.reload().catch(() => undefined), PERIODIC_RELOAD_MS);
    periodic.unref();
    app.addHook('onReady', async () => {
      await watcher.ready;
      await hosts.reload();
      if (app.background) {
        worker?.start();
        rechecks.start();
      }
    });
    app.addHook('onClose', async () => {
      clearInterval(periodic);
      await rechecks.close();
      await worker?.close();
      await watcher.close();
    });
  },
  { name: 'domains', dependencies: ['projects', 'deploys', 'management', 'audit'] },
);
