import type { CliCommand } from '../feature.js';

// The commands load their code (the Public Suffix List, DNS) only when run, so other commands start as fast as before.
export const domainsCommand: CliCommand = {
  name: 'domains',
  remote: true,
  usage: [
    'domains add SLUG DOMAIN [--json]        shows the DNS records to create',
    'domains verify DOMAIN [--json]          checks DNS now (Re-verify); exit 0 only when verified',
    'domains list SLUG [--json]',
    'domains remove DOMAIN                   stops serving it at once, on every instance',
  ],
  run: async (args, ctx) => (await import('./cli-run.js')).runDomains(args, ctx),
};

export const redirectsCommand: CliCommand = {
  name: 'redirects',
  remote: true,
  usage: [
    'redirects add SLUG FROM TO [--json]     301 from one domain of the project to another',
    'redirects list SLUG [--json]',
    'redirects remove SLUG FROM',
  ],
  run: async (args, ctx) => (await import('./cli-run.js')).runRedirects(args, ctx),
};
