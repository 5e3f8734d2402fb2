import type { Static } from '@sinclair/typebox';
import type { Clock } from '../clock.js';
import { pathIn, successorIn, type DeprecatedOperation } from '../http/deprecation/deprecated-operations.js';
import type { Environment } from '../http/pipeline/environments.js';
import type { Project } from '../projects/repository.js';
import type { DeprecatedCallCount, DeprecatedCallEvent, DeprecatedCallRepository } from './deprecated-calls.js';
import { DAY_MS } from './recorder.js';
import type { DeprecationsSchema } from './schemas.js';

/** Callers are those of the last 30 UTC days, today included (as `usage`'s `last30Days`). */
export const CALLERS_DAYS = 30;

export type DeprecationsReport = Static<typeof DeprecationsSchema>;

/**
 * Every deprecated operation of the contract with the project's keys that called it in the last 30 days: who
 * still has to move before the sunset. HTTP-free: the route, the CLI and the dashboard give the same JSON.
 * Paths are the environment's, as its answers' links give them (`/staging/v1/pets` in staging); `apiPath` names
 * an environment's API path (`/v1`, `/staging/v1`).
 */
export class DeprecationsService {
  constructor(
    private readonly calls: DeprecatedCallRepository,
    private readonly operations: () => readonly DeprecatedOperation[],
    private readonly clock: Clock,
    private readonly apiPath: (environment: Environment) => string,
  ) {}

  async report(project: Project): Promise<DeprecationsReport> {
    const from = (Math.floor(this.clock.now() / DAY_MS) - (CALLERS_DAYS - 1)) * DAY_MS;
    const callers = await this.calls.callers(project.id, new Date(from));
    const apiPath = this.apiPath(project.environment);
    return {
      operations: this.operations().map(({ operation, method, path, deprecation }) => ({
        operation,
        method,
        path: pathIn(path, apiPath),
        deprecatedAt: deprecation.deprecatedAt.toISOString(),
        sunset: deprecation.sunset.toISOString(),
        successor: successorIn(deprecation, apiPath),
        callers: callers
          .filter((c) => c.operation === operation)
          .map((c) => ({ keyId: c.keyId, name: c.name, hint: c.hint, calls30d: c.calls, lastCalledAt: c.lastCalledAt.toISOString() })),
      })),
    };
  }
}

/** The data of an `api.deprecated_call` event, from the operation's deprecation as its headers give it in the key's environment. */
export function deprecatedCallEvent(
  operations: () => readonly DeprecatedOperation[],
  apiPath: (environment: Environment) => string,
): DeprecatedCallEvent {
  return (count: DeprecatedCallCount, key) => {
    const d = operations().find((o) => o.operation === count.operation)?.deprecation;
    return JSON.stringify({
      keyId: count.keyId,
      keyName: key.name,
      operation: count.operation,
      sunset: d ? d.sunset.toISOString() : null,
      successor: d ? successorIn(d, apiPath(key.environment)) : null,
      environment: key.environment,
    });
  };
}
