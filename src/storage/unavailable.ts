/** The database is unreachable, overloaded or timed out: answered as 503 by the API, never 500. */
export class StorageUnavailableError extends Error {
  constructor(cause?: unknown) {
    super('storage unavailable', { cause });
    this.name = 'StorageUnavailableError';
  }
}
