import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { staticAsset, type StaticAsset } from '../http/body/static-assets.js';

const require = createRequire(import.meta.url);

/** The renderer's files the page uses, served by the service itself: users run it on closed networks. */
const RENDERER_FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

/** Reads the renderer (swagger-ui-dist) and our own files once, compressed once. */
export function loadAssets(own: Record<string, { body: string; type: string }>): Map<string, StaticAsset> {
  const dir = dirname(require.resolve('swagger-ui-dist/package.json'));
  const assets = new Map<string, StaticAsset>();
  for (const [name, type] of Object.entries(RENDERER_FILES)) assets.set(name, staticAsset(readFileSync(join(dir, name)), type));
  for (const [name, file] of Object.entries(own)) assets.set(name, staticAsset(Buffer.from(file.body), file.type));
  return assets;
}
