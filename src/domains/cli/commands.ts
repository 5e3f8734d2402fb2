import type { CliCommand } from '../../feature.js';

// The commands load their code (the Public Suffix List, DNS) only when run, so other commands start as fast as before.
export const domainsCommand: CliCommand = {
  name: 'domains',
  remote: true,
  usage: [
    'domains add SLUG DOMAIN [--redirect-to DOMAIN] [--json]',
    '                                        shows the DNS records to create; --redirect-to adds a 301 to another domain of the project',
    'domains verify DOMAIN [--project SLUG] [--json]',
    '                                        checks DNS now (Re-verify); exit 0 only when verified',
    'domains list SLUG [--json]',
    'domains remove DOMAIN [--project SLUG]  stops serving it at once, on every instance',
    "                                        (--project: that project's claim, when the name needs ownership proof)",
  ],
  run: async (args, ctx) => (await import('./run.js')).runDomains(args, ctx),
};

export const redirectsCommand: CliCommand = {
  name: 'redirects',
  remote: true,
  usage: [
    'redirects add SLUG FROM TO [--json]     301 from one domain of the project to another',
    'redirects list SLUG [--json]',
    'redirects remove SLUG FROM',
  ],
  run: async (args, ctx) => (await import('./run.js')).runRedirects(args, ctx),
};
