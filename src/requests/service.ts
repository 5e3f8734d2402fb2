import { catalogMessage } from './messages.js';
import type { RequestEntry, RequestFilter, RequestLogRepository } from './repository.js';

/** The search a caller asks for, as the API and the CLI take it. */
export interface RequestSearch {
  /** `2xx`, `4xx`, `5xx` (any class 1-5) or one status, `404`. */
  status?: string;
  keyId?: string;
  operation?: string;
  requestId?: string;
}

const STATUS = /^([1-5])(xx|[0-9]{2})$/;

/** The repository's filter of a search; null when the status is not a class or a code. */
export function requestFilter(search: RequestSearch): RequestFilter | null {
  const filter: RequestFilter = {};
  if (search.status !== undefined) {
    const m = STATUS.exec(search.status);
    if (!m) return null;
    const code = Number(`${m[1] ?? ''}${m[2] === 'xx' ? '00' : (m[2] ?? '')}`);
    filter.status = m[2] === 'xx' ? { from: code, to: code + 99 } : { from: code, to: code };
  }
  if (search.keyId !== undefined) filter.keyId = search.keyId;
  if (search.operation !== undefined) filter.operation = search.operation;
  if (search.requestId !== undefined) filter.requestId = search.requestId;
  return filter;
}

/** A stable text of a search, so a cursor is valid only with the filter it was issued for. */
export const filterKey = (f: RequestFilter): string =>
  [f.status ? `${String(f.status.from)}-${String(f.status.to)}` : '', f.keyId ?? '', f.operation ?? '', f.requestId ?? ''].join('|');

/** A project's request log: searched newest first. */
export class RequestLogService {
  constructor(private readonly log: RequestLogRepository) {}

  list(projectId: number, filter: RequestFilter, options: { limit: number; before?: bigint }): Promise<RequestEntry[]> {
    return this.log.list(projectId, filter, options);
  }
}

/** A request as the API and the CLI show it. */
export const requestJson = (e: RequestEntry) => {
  // The message the client got (the field detail of a validation_failed), else what the code means.
  const message = e.errorMessage ?? (e.errorCode === null ? undefined : catalogMessage(e.errorCode));
  return {
    requestId: e.requestId,
    at: e.at.toISOString(),
    method: e.method,
    path: e.path,
    ...(e.operation === null ? {} : { operation: e.operation }),
    status: e.status,
    durationMs: e.durationUs / 1000,
    ...(e.keyId === null ? {} : { keyId: e.keyId }),
    ...(e.errorCode === null ? {} : { errorCode: e.errorCode }),
    ...(message === undefined ? {} : { errorMessage: message }),
    ...(e.traceId === undefined || e.traceId === null ? {} : { traceId: e.traceId }),
  };
};
