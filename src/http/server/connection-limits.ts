import type { Server, ServerOptions } from 'node:http';
import type { Config } from '../../config.js';

/**
 * Node checks for overdue requests on a timer rather than per request, and
 * answers one at the first check after its deadline. Checking every 1/20 of the
 * deadline (5 ms to 1 s) and giving Node the deadline minus one interval gets
 * the 408 out by REQUEST_TIMEOUT_MS, never later, at no cost per request.
 */
export function requestDeadline(requestTimeoutMs: number): { timeoutMs: number; checkEveryMs: number } {
  const checkEveryMs = Math.min(1000, Math.max(5, Math.round(requestTimeoutMs / 20)));
  return { timeoutMs: Math.max(1, requestTimeoutMs - checkEveryMs), checkEveryMs };
}

/**
 * The Fastify options that bound a request in time: the whole request, head
 * and body, must arrive within REQUEST_TIMEOUT_MS. Node then raises
 * ERR_HTTP_REQUEST_TIMEOUT, which `clientErrorHandler` answers 408
 * `request_timeout` with the Error body and `Connection: close`.
 */
export function requestTimeoutOptions(config: Pick<Config, 'requestTimeoutMs'>): { requestTimeout: number; http: ServerOptions } {
  const { timeoutMs, checkEveryMs } = requestDeadline(config.requestTimeoutMs);
  return {
    requestTimeout: timeoutMs,
    http: { requestTimeout: timeoutMs, headersTimeout: timeoutMs, connectionsCheckingInterval: checkEveryMs },
  };
}

/**
 * Bounds the connections one instance holds open (each costs a descriptor and
 * up to a header section and a body in memory). Past MAX_CONNECTIONS Node
 * closes a new connection as it arrives, before reading anything: there is no
 * request yet to answer, and reading one would spend what the bound protects.
 * The server emits 'drop' for each (counted in /metrics).
 */
export function limitConnections(server: Server, config: Pick<Config, 'maxConnections'>): void {
  server.maxConnections = config.maxConnections;
}
