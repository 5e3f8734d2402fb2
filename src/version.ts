import { readFileSync } from 'node:fs';

/**
 * The release this code is (semver): the `version` of the package.json one folder above this module. That is
 * the repository's for the server (`dist/version.js`, and `src/version.ts` under the tests) and
 * @petstore/cli's own for the installable CLI, whose bundle is `packages/cli/dist/petstore.js`.
 */
export const VERSION: string = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string })
  .version;

/**
 * The v1 API's own version: its contract's `info.version` (the specification's "interface description version").
 * It changes only when the API does, not with each release of the server (VERSION above): a release that adds
 * nothing to /v1 leaves it as it is.
 */
export const API_VERSION = '1.0.0';
