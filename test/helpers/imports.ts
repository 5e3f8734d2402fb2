import { fileURLToPath } from 'node:url';
import madge from 'madge';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The imports between src/'s modules (paths relative to src/, `pets/routes.ts`), dynamic ones included, as
 * madge resolves them with the project's tsconfig. `types`: also the imports that are erased (`import type`).
 */
export function importGraph(types: boolean): Promise<ImportGraph> {
  return (graphs[String(types)] ??= readGraph(types));
}

export interface ImportGraph {
  modules: Record<string, string[]>;
  /** Each circle as madge reports it: the modules along it, without repeating the first. */
  circles: string[][];
}

const graphs: Record<string, Promise<ImportGraph>> = {};

async function readGraph(types: boolean): Promise<ImportGraph> {
  const result = await madge(`${root}src`, {
    baseDir: `${root}src`,
    fileExtensions: ['ts'],
    tsConfig: `${root}tsconfig.json`,
    detectiveOptions: { ts: { skipTypeImports: !types, skipAsyncImports: false } },
  });
  const { skipped } = result.warnings();
  if (skipped.length > 0) throw new Error(`imports madge could not resolve: ${skipped.join(', ')}`);
  return { modules: result.obj(), circles: result.circular() };
}
