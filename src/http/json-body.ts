import { parse as parseLossless } from 'lossless-json';
import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors.js';

export const BODY_LIMIT_BYTES = 16 * 1024;

const NUMBER = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;
/** A number with 16+ digits may not be exact as a double: only those need the exact parser. */
const LONG_DIGIT_RUN = /\d{16}/;

/**
 * The exact value of a JSON number literal: a `bigint` when it is a
 * mathematical integer (`7`, `7.0`, `1e3`, as JSON Schema counts them),
 * otherwise a double.
 */
export function parseNumber(text: string): bigint | number {
  const m = NUMBER.exec(text);
  if (!m) return Number(text);
  const [, sign = '', int = '', frac = '', exp = '0'] = m;
  let digits = (int + frac).replace(/^0+(?=\d)/, '');
  let scale = Number(exp) - frac.length;
  while (scale < 0 && digits.length > 1 && digits.endsWith('0')) {
    digits = digits.slice(0, -1);
    scale++;
  }
  if (digits === '0') return 0n;
  // Beyond 10^40 no value can be an int64: leave it to the double, which validation rejects.
  if (scale < 0 || digits.length + scale > 40) return Number(text);
  return BigInt(sign + digits) * 10n ** BigInt(scale);
}

/**
 * Parses a JSON body so that integers keep every digit. Bodies without long
 * digit runs take the native parser, which is exact for them: a literal of at
 * most 15 significant digits is an integer exactly when its double is.
 */
export function parseJsonExact(text: string): unknown {
  if (!LONG_DIGIT_RUN.test(text)) return JSON.parse(text);
  return parseLossless(text, null, parseNumber);
}

/** Registers the JSON body parser; anything else is answered 415 by Fastify. */
export function registerJsonBody(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES }, (req, body, done) => {
    const encoding = req.headers['content-encoding'];
    if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity') {
      done(new ApiError('unsupported_media_type', 'Compressed request bodies are not accepted: send the JSON without Content-Encoding.'), undefined);
      return;
    }
    const text = body as string;
    if (text.trim() === '') {
      done(new ApiError('malformed_json', 'The request body is empty; send a JSON object.'), undefined);
      return;
    }
    try {
      done(null, parseJsonExact(text));
    } catch {
      done(new ApiError('malformed_json'), undefined);
    }
  });
}
