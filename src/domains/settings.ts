import { readFileSync } from 'node:fs';
import type { Config } from '../config.js';
import type { AcmeSettings } from './acme.js';
import type { DomainSettings } from './service.js';

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
      identities ??= import('./acme.js')
        .then(({ directoryCaaIdentities }) => directoryCaaIdentities(acme))
        .catch((error: unknown) => {
          identities = undefined;
          throw error;
        });
      return identities;
    },
  };
}
