import { createManagementClient, PetstoreError, PetstoreNetworkError, PetstoreTimeoutError, type ManagementClient } from '@petstore/client';
import { DomainError, type DomainCode } from '../errors/domain-error.js';
import { Refused } from './exit.js';
import { RemoteSetupError, UnexpectedAnswer, type RemoteSettings } from './remote.js';
import { cliFetch, UnsafeAnswer } from './streaming-fetch.js';

/** The management API client of a configured remote. */
export function managementClient(remote: RemoteSettings): ManagementClient {
  return createManagementClient({ baseUrl: remote.url, token: remote.token, fetch: cliFetch });
}

const requestIdOf = (err: PetstoreError) => (err.requestId ? ` (request id ${err.requestId})` : '');

/**
 * Runs remote calls. The API's refusals become the command's refusals with the
 * same code, so a remote command prints and exits exactly as the local one; an
 * unreachable server or a refused token is one line saying what to do.
 */
export async function overApi<T>(remote: RemoteSettings, calls: () => Promise<T>): Promise<T> {
  try {
    return await calls();
  } catch (err) {
    if (err instanceof UnsafeAnswer) throw new RemoteSetupError(err.message);
    if (err instanceof PetstoreError) {
      if (err.status === 401) throw new RemoteSetupError(`${remote.url} refused the access token (${err.code}): run petstore login`);
      // Not the API's Error body, or a success without JSON: a proxy's page, another service, a cut answer.
      if (err.code === 'unknown_error') throw new UnexpectedAnswer(new URL(remote.url).origin, `${err.message}${requestIdOf(err)}`);
      throw new Refused(new DomainError(err.code as DomainCode, err.message));
    }
    if (err instanceof PetstoreNetworkError || err instanceof PetstoreTimeoutError) {
      throw new RemoteSetupError(`cannot reach ${remote.url}: ${err.message}`);
    }
    throw err;
  }
}
