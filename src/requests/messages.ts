import { ERROR_CATALOG, type ErrorCode } from '../http/errors/errors.js';

/** What an error code means in words (the catalog's message), or undefined for a code the catalog does not know. */
export const catalogMessage = (code: string): string | undefined =>
  Object.hasOwn(ERROR_CATALOG, code) ? ERROR_CATALOG[code as ErrorCode].message : undefined;
