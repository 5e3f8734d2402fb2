import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { staticAsset, type StaticAsset } from '../http/body/static-assets.js';

const require = createRequire(import.meta.url);

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/**
 * The browser side is plain ES modules, served as written (no bundler). They
 * are not compiled, so both src/dashboard/plugin.ts (under tsx) and
 * dist/dashboard/plugin.js read them from src/dashboard/browser/.
 */
export const BROWSER_DIR = fileURLToPath(new URL('../../src/dashboard/browser/', import.meta.url));

/** The chart library's files, from node_modules (uPlot, MIT). */
const UPLOT_FILES = ['uPlot.esm.js', 'uPlot.min.css'];

/** Every file the pages load, read and compressed once. */
export function loadDashboardAssets(): Map<string, StaticAsset> {
  const assets = new Map<string, StaticAsset>();
  for (const name of readdirSync(BROWSER_DIR)) {
    const type = TYPES[extname(name)];
    if (type) assets.set(name, staticAsset(readFileSync(join(BROWSER_DIR, name)), type));
  }
  const uplot = dirname(require.resolve('uplot'));
  for (const name of UPLOT_FILES) {
    const type = TYPES[extname(name)] as string;
    assets.set(name, staticAsset(readFileSync(join(uplot, name)), type));
  }
  return assets;
}
