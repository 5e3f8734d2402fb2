import type { StagesOf } from '../http/pipeline/pipeline.js';
import { earlySiteStep, siteKeyStep, siteStep } from './serving/site-steps.js';

/**
 * The deploys' stages: `site` answers a published project's files (on the front door from memory, SQLite);
 * `identify` drops another project's key on a project's host, whose `/v1` is that project's API (the front
 * door leaves those hosts, and a platform subdomain that may name a project not loaded yet, to Fastify).
 */
export const deployStages: StagesOf = (app) => {
  const sites = app.sites;
  const { platform, repository, blobs } = app.siteServing;
  return [
    { kind: 'site', request: siteStep(sites, platform, repository, blobs), early: earlySiteStep(sites, platform, repository, blobs) },
    {
      kind: 'identify',
      request: siteKeyStep,
      early: (request) => (sites.resolve(request.hostname) === null && platform.slugOf(request.hostname) === null ? undefined : null),
    },
  ];
};
