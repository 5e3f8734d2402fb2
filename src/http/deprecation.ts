import type { Clock } from '../clock.js';
import { ApiError } from './errors.js';
import { sendError } from './error-handler.js';
import type { RequestStep } from './request-steps.js';

/**
 * Deprecated routes announce it on every response, errors included:
 * `Deprecation` (RFC 9745), `Sunset` (RFC 8594) and the successor link.
 * Registered before auth so that even a 401 carries them.
 */
export const deprecationHeadersStep: RequestStep = (_request, reply, { deprecation: d }) => {
  if (d) {
    reply.header('deprecation', `@${String(Math.floor(d.deprecatedAt.getTime() / 1000))}`);
    reply.header('sunset', d.sunset.toUTCString());
    reply.header('link', `<${d.successor}>; rel="successor-version"`);
  }
  return false;
};

/** After its sunset instant a deprecated route answers 410 (registered after auth). */
export function sunsetStep(clock: Clock): RequestStep {
  return (_request, reply, { deprecation: d }) => {
    if (!d || clock.now() < d.sunset.getTime()) return false;
    sendError(reply, new ApiError('gone', `This operation was removed on ${d.sunset.toUTCString()}. Use ${d.successor} instead.`));
    return true;
  };
}
