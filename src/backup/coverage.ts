import type { Feature } from '../feature.js';

/** Every table the capabilities leave out of backups, with the capability and its reason. */
export function leftOut(features: readonly Feature[]): Map<string, { feature: string; why: string }> {
  const out = new Map<string, { feature: string; why: string }>();
  for (const f of features) for (const [table, why] of Object.entries(f.backupLeavesOut ?? {})) out.set(table, { feature: f.name, why });
  return out;
}
