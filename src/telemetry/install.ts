import type { Telemetry } from './start.js';
import type { TelemetrySettings } from './settings.js';
import { installTracing, noTracing } from './tracing.js';

/**
 * Starts telemetry when it is configured: its modules are imported here, at start and only then (with telemetry off
 * none is loaded, and no `@opentelemetry` module), and its `Tracing` installed behind `tracing()` before storage opens.
 */

let installed: Telemetry | null = null;

/** The running telemetry (its meter, the active span's ids for log lines); null when it is off. */
export function installedTelemetry(): Telemetry | null {
  return installed;
}

/**
 * Installs telemetry from the settings config.ts read; does nothing (and loads nothing) when they are unset.
 * `worker`: with WORKERS > 1, this process's number (0 for the primary), so that each process exports under a
 * `service.instance.id` of its own.
 */
export async function installTelemetry(settings: TelemetrySettings | undefined, worker?: number): Promise<Telemetry | null> {
  if (settings === undefined) return null;
  if (installed !== null) return installed;
  const { startTelemetry } = await import('./start.js');
  installed = await startTelemetry(settings, worker);
  installTracing(installed.tracing);
  return installed;
}

/** Exports what is held and puts `noTracing` back (the server's shutdown; tests after each). */
export async function uninstallTelemetry(timeoutMs: number): Promise<void> {
  const running = installed;
  if (running === null) return;
  installed = null;
  installTracing(noTracing);
  await running.shutdown(timeoutMs);
}
