import type { CliCommand } from '../../feature.js';
import { runDomains, runRedirects } from './run.js';

// The service (the Public Suffix List, DNS) loads only when a command runs on the database (transports.ts).
export const domainsCommand: CliCommand = {
  name: 'domains',
  subcommands: ['add', 'verify', 'list', 'remove'],
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
  run: runDomains,
};

export const redirectsCommand: CliCommand = {
  name: 'redirects',
  subcommands: ['add', 'list', 'remove'],
  remote: true,
  usage: [
    'redirects add SLUG FROM TO [--json]     301 from one domain of the project to another',
    'redirects list SLUG [--json]',
    'redirects remove SLUG FROM',
  ],
  run: runRedirects,
};
