import { readFileSync } from 'node:fs';

/**
 * The release this code is (semver): the `version` of the package.json one folder above this module. That is
 * the repository's for the server (`dist/version.js`, and `src/version.ts` under the tests) and
 * @petstore/cli's own for the installable CLI, whose bundle is `packages/cli/dist/petstore.js`.
 */
export const VERSION: string = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string })
  .version;
