import { createRequire } from 'node:module';
import type * as Prom from 'prom-client';

/**
 * prom-client's parts, loaded one by one. Its index loads every default metric, and the process CPU one
 * requires OpenTelemetry's API package (for exemplars, which Petstore does not use): with telemetry off no
 * OpenTelemetry module may be loaded (docs/observability.md), so the index is never imported (eslint.config.js
 * allows only type imports of it) and the process CPU counters are made here.
 */
const require = createRequire(import.meta.url);

export const Registry = require('prom-client/lib/registry') as typeof Prom.Registry;
export const Counter = require('prom-client/lib/counter') as typeof Prom.Counter;
export const Gauge = require('prom-client/lib/gauge') as typeof Prom.Gauge;
export type Registry = Prom.Registry;
export type Counter<T extends string = string> = Prom.Counter<T>;
export type Gauge<T extends string = string> = Prom.Gauge<T>;
export type { Metric } from 'prom-client';

/** prom-client's default metrics but process CPU, each a module taking (registry, config). */
const DEFAULT_METRICS = [
  'processStartTime',
  'osMemoryHeap',
  'processOpenFileDescriptors',
  'processMaxFileDescriptors',
  'eventLoopLag',
  'processResources',
  'processHandles',
  'processRequests',
  'heapSizeAndUsed',
  'heapSpacesSizeAndUsed',
  'version',
  'gc',
] as const;

/** Node's process metrics, the series prom-client's `collectDefaultMetrics` registers, on `registry`. */
export function collectDefaultMetrics(registry: Prom.Registry): void {
  const config = { register: registry, eventLoopMonitoringPrecision: 10 };
  for (const name of DEFAULT_METRICS) {
    if (name === 'processResources' && typeof process.getActiveResourcesInfo !== 'function') continue;
    (require(`prom-client/lib/metrics/${name}`) as (r: Prom.Registry, c: typeof config) => void)(registry, config);
  }
  processCpu(registry);
}

/** process_cpu_user_seconds_total, process_cpu_system_seconds_total and process_cpu_seconds_total, as prom-client names them. */
function processCpu(registry: Prom.Registry): void {
  let last = process.cpuUsage();
  const counter = (name: string, help: string, collect?: () => void) =>
    new Counter({ name, help, registers: [registry], ...(collect ? { collect } : {}) });
  // One metric's collect sets all three, as prom-client's own does.
  const user: Prom.Counter = counter('process_cpu_user_seconds_total', 'Total user CPU time spent in seconds.', () => {
    const now = process.cpuUsage();
    const userMicros = now.user - last.user;
    const systemMicros = now.system - last.system;
    last = now;
    user.inc(userMicros / 1e6);
    system.inc(systemMicros / 1e6);
    total.inc((userMicros + systemMicros) / 1e6);
  });
  const system = counter('process_cpu_system_seconds_total', 'Total system CPU time spent in seconds.');
  const total = counter('process_cpu_seconds_total', 'Total user and system CPU time spent in seconds.');
}
