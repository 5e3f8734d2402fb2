import type { Clock } from '../../clock.js';
import { successorIn } from './deprecated-operations.js';
import { environmentOf } from '../pipeline/environments.js';
import { ApiError } from '../errors/errors.js';
import { sendError } from '../errors/error-handler.js';
import type { RequestStep } from '../pipeline/request-steps.js';
import type { Deprecation } from './deprecated-operations.js';

/**
 * Deprecated routes announce it on every response, errors included:
 * `Deprecation` (RFC 9745), `Sunset` (RFC 8594) and the successor link.
 * Registered before auth so that even a 401 carries them.
 */
export const deprecationHeadersStep: RequestStep = (request, reply, { deprecation: d }) => {
  if (d) {
    const list = deprecationHeaders(d, request.server.environments.apiPath(environmentOf(request.raw)));
    for (let i = 0; i < list.length; i += 2) reply.header(list[i] as string, list[i + 1]);
  }
  return false;
};

const DEPRECATION_HEADERS = new WeakMap<Deprecation, Map<string, readonly string[]>>();

/**
 * A deprecated route's headers as name, value…: the one definition, for replies and answers before Fastify.
 * `apiPath` is the path of the request's environment (`/v1`, `/staging/v1`), which the successor link names.
 */
export function deprecationHeaders(d: Deprecation, apiPath = '/v1'): readonly string[] {
  let byPath = DEPRECATION_HEADERS.get(d);
  if (byPath === undefined) DEPRECATION_HEADERS.set(d, (byPath = new Map()));
  let list = byPath.get(apiPath);
  if (list === undefined) {
    const successor = successorIn(d, apiPath);
    list = [
      'deprecation',
      `@${String(Math.floor(d.deprecatedAt.getTime() / 1000))}`,
      'sunset',
      d.sunset.toUTCString(),
      'link',
      `<${successor}>; rel="successor-version"`,
    ];
    byPath.set(apiPath, list);
  }
  return list;
}

/** Whether a deprecated route is past its sunset (`sunsetStep` answers it 410). */
export function pastSunset(d: Deprecation, now: number): boolean {
  return now >= d.sunset.getTime();
}

/** After its sunset instant a deprecated route answers 410 (registered after auth). */
export function sunsetStep(clock: Clock): RequestStep {
  return (request, reply, { deprecation: d }) => {
    if (!d || !pastSunset(d, clock.now())) return false;
    const successor = successorIn(d, request.server.environments.apiPath(environmentOf(request.raw)));
    sendError(reply, new ApiError('gone', `This operation was removed on ${d.sunset.toUTCString()}. Use ${successor} instead.`));
    return true;
  };
}
