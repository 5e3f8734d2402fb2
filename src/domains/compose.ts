import { readFileSync } from 'node:fs';
import type { AuditTrail } from '../audit/actor.js';
import { openAuditRepository } from '../audit/repository.js';
import { AuditService } from '../audit/service.js';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import { openDeployRepository } from '../deploys/open-repository.js';
import { openProjectRepository } from '../projects/repository.js';
import type { Database } from '../storage/database.js';
import type { AcmeSettings } from './acme/client.js';
import { openDomainRepository, type DomainRepository } from './repository.js';
import type { DomainDeps, DomainSettings, ReadyDeploys } from './deps.js';
import { DomainService } from './service.js';

/** What the server and the CLI give to build the service; the repositories default to the database's. */
export interface DomainParts {
  database: Database;
  config: Config;
  clock: Clock;
  /** ACME_* as read once by the server; read from `config` when not given. */
  acme?: AcmeSettings | null;
  repository?: DomainRepository;
  deploys?: ReadyDeploys;
  audit?: AuditTrail;
  /** What a change does in this process after the other instances are notified (the server reloads its host map). */
  afterChange?(): Promise<void>;
  /** A server with a certificate worker starts an attempt now; the CLI leaves it to the server's worker. */
  wantCertificate?(name: string): void;
  domainLeft?: DomainDeps['domainLeft'];
}

/** The one place DomainService is built, for the server (plugin.ts) and the local CLI alike. */
export function composeDomains(parts: DomainParts): { service: DomainService; repository: DomainRepository; settings: DomainSettings } {
  const { database, config, clock } = parts;
  const repository = parts.repository ?? openDomainRepository(database);
  const projects = openProjectRepository(database);
  const settings = domainSettings(config, parts.acme === undefined ? acmeSettings(config) : parts.acme);
  const service = new DomainService({
    repository,
    findProject: (slug) => projects.findBySlug(slug),
    deploys: parts.deploys ?? readyDeploysOn(database),
    settings,
    clock,
    audit: parts.audit ?? new AuditService(openAuditRepository(database), clock),
    // A running server sees the change itself: NOTIFY on PostgreSQL, the file's data_version on SQLite.
    changed: async () => {
      await repository.notify();
      await parts.afterChange?.();
    },
    wantCertificate: (name) => parts.wantCertificate?.(name),
    ...(parts.domainLeft === undefined ? {} : { domainLeft: parts.domainLeft }),
  });
  return { service, repository, settings };
}

/**
 * Whether a project has a ready deploy: the one place the domains capability
 * asks the deploys capability. The newest ready deploy is always live, so a
 * project has one exactly when it has a live site.
 */
export function readyDeploysOn(database: Database): ReadyDeploys {
  const deploys = openDeployRepository(database);
  return { hasReadyDeploy: async (projectId) => (await deploys.liveSite(projectId)) !== null };
}

/** ACME_* as the ACME client takes them; null when ACME_DIRECTORY_URL is unset (no automatic certificates). */
export function acmeSettings(config: Config): AcmeSettings | null {
  if (config.acmeDirectoryUrl === undefined) return null;
  return {
    directoryUrl: config.acmeDirectoryUrl,
    ...(config.acmeCaFile === undefined ? {} : { caPem: readFileSync(config.acmeCaFile, 'utf8') }),
    ...(config.acmeEmail === undefined ? {} : { email: config.acmeEmail }),
  };
}

/** The service's settings from the configuration; the directory's CAA identities are read once, when first needed. */
export function domainSettings(config: Config, acme: AcmeSettings | null = acmeSettings(config)): DomainSettings {
  let identities: Promise<string[]> | undefined;
  return {
    platformHost: config.platformHost,
    platformAddresses: config.platformAddresses,
    dnsServers: config.dnsServers,
    graceSeconds: config.certificateGraceSeconds,
    caaIdentities: () => {
      if (config.acmeCaaIdentities.length > 0) return Promise.resolve(config.acmeCaaIdentities);
      if (acme === null) return Promise.resolve([]);
      // acme-client is loaded only when needed: the CLI starts without it.
      identities ??= import('./acme/client.js')
        .then(({ directoryCaaIdentities }) => directoryCaaIdentities(acme))
        .catch((error: unknown) => {
          identities = undefined;
          throw error;
        });
      return identities;
    },
  };
}
