import { isLosslessNumber, parse, stringify } from 'lossless-json';
import { INT64_FIELDS } from './types.js';

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/**
 * Checks an int64 input before any request: a `bigint` in the signed 64-bit range,
 * or an integral `number` no larger than 2^53 − 1 (beyond that a `number` has
 * already lost digits, so it is refused rather than sent rounded).
 */
export function toInt64(value: unknown, field: string): bigint {
  if (typeof value === 'bigint') {
    if (value < INT64_MIN || value > INT64_MAX) throw new RangeError(`${field} ${String(value)} is outside the int64 range`);
    return value;
  }
  if (typeof value !== 'number') throw new TypeError(`${field} must be a number or a bigint, got ${typeof value}`);
  if (!Number.isInteger(value)) throw new RangeError(`${field} must be an integer, got ${String(value)}`);
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(
      `${field} ${String(value)} is beyond 2^53 − 1 (Number.MAX_SAFE_INTEGER), so it may already be rounded: pass it as a bigint, e.g. 9223372036854775807n`,
    );
  }
  return BigInt(value);
}

/** JSON.parse that reads int64 fields as exact `bigint`s and every other number as a `number`. */
export function parseJson(text: string): unknown {
  return parse(text, (key, value) => {
    if (!isLosslessNumber(value)) return value;
    return INT64_FIELDS.has(key) && /^-?\d+$/.test(value.value) ? BigInt(value.value) : Number(value.value);
  });
}

/** JSON.stringify that writes `bigint`s as plain JSON numbers. */
export function stringifyJson(value: unknown): string {
  return stringify(value) ?? 'null';
}
