import type { StagesOf } from '../http/pipeline/pipeline.js';
import { earlyRedirectStep, redirectStep } from './serving/steps.js';

/** The custom domains' `redirect` stage: redirect entries and the upgrade to HTTPS of a domain that has a certificate. */
export const domainStages: StagesOf = (app) => {
  const hosts = app.domainHosts;
  return [
    { kind: 'redirect', request: redirectStep(hosts, () => app.domainsHttpsPort ?? app.config.httpsPort), early: earlyRedirectStep(hosts) },
  ];
};
