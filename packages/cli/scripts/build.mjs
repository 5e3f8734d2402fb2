// Bundles the remote commands of the repository's CLI (src/cli/remote-main.ts) and everything they
// import into one file of pure JavaScript: the package has no dependencies to install.
import { readFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import { build } from 'esbuild';

const pkg = resolve(import.meta.dirname, '..');
const repo = resolve(pkg, '../..');

/**
 * The server side is never bundled: the commands load it (the services, the configuration, the
 * drivers) with `import()`, and only on the database, which this CLI never has. Such an import
 * becomes a module that refuses to load.
 */
const serverSideOnly = {
  name: 'server-side-only',
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) =>
      args.kind === 'dynamic-import' ? { path: relative(repo, resolve(args.resolveDir, args.path)), namespace: 'server-side' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'server-side' }, (args) => ({
      contents: `throw new Error(${JSON.stringify(`${args.path} runs on the server only; this petstore runs remote commands`)});`,
      loader: 'js',
    }));
    // `createRequire(import.meta.url)('x')` (kept from the ESM loader at the CLI's start) becomes a `require('x')` esbuild bundles.
    b.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, async (args) => ({
      contents: (await readFile(args.path, 'utf8')).replace(/createRequire\(import\.meta\.url\)\(('[^']+')\)/g, 'require($1)'),
      loader: 'ts',
    }));
  },
};

/** Packages of the server that must not reach the bundle. */
const FORBIDDEN = ['better-sqlite3', 'pg', 'ioredis', 'fastify', 'pino', '@sinclair/typebox', 'acme-client', 'prom-client'];

const result = await build({
  entryPoints: [resolve(pkg, 'src/petstore.ts')],
  outfile: resolve(pkg, 'dist/petstore.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  minify: true,
  keepNames: true,
  metafile: true,
  tsconfig: resolve(repo, 'tsconfig.json'),
  // A bundled CommonJS package's `require` of a Node module needs a require in the ES module.
  banner: { js: "import { createRequire as __petstoreRequire } from 'node:module'; const require = __petstoreRequire(import.meta.url);" },
  plugins: [serverSideOnly],
  logLevel: 'warning',
});

const inputs = Object.keys(result.metafile.inputs);
const forbidden = inputs.filter((path) => FORBIDDEN.some((name) => path.includes(`node_modules/${name}/`)));
if (forbidden.length > 0) {
  console.error(`@petstore/cli: the bundle reached the server's packages:\n  ${forbidden.join('\n  ')}`);
  process.exit(1);
}
