/** Where built refs are kept: BENCH_BUILDS, else petstore-bench-builds in the OS temp dir. */
export function buildsDir(): string;
/** The commit `ref` names in this checkout's repository. */
export function resolveCommit(ref: string): string;
/** The folder holding `ref` built, building it first unless an earlier run did. */
export function buildRef(ref: string, log?: (message: string) => void): { ref: string; commit: string; dir: string };
