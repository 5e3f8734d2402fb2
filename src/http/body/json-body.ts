import { parse as parseLossless } from 'lossless-json';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors/errors.js';

export const BODY_LIMIT_BYTES = 16 * 1024;

const NUMBER = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;
/**
 * Number literals the native parser may get wrong: 16 or more digits (a
 * decimal point may sit among them, as in 1234567890.123456) or an exponent
 * (9e18, 1e-400). Only where a number can start (the beginning of the text,
 * after `:`, `[` or `,`), so that keys and strings such as "1e" or a long id
 * in quotes do not send a whole body to the slower exact parser. A string that
 * happens to contain such a pattern after a colon only costs that slower parse.
 */
const NEEDS_EXACT_PARSER = /(?:^|[:[,])\s*-?(?:\d(?:\.?\d){15}|\d+(?:\.\d+)?[eE])/;

/**
 * The exact value of a JSON number literal: a `bigint` when it is a
 * mathematical integer (`7`, `7.0`, `1e3`, as JSON Schema counts them),
 * otherwise a double that is not an integer (NaN if the nearest double is one).
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
  if (scale < 0) {
    // Not an integer, even when its nearest double is one (1e-400, 6755399441055743.5).
    const double = Number(text);
    return Number.isInteger(double) ? Number.NaN : double;
  }
  // Beyond 10^40 no value can be an int64: leave it to the double, which validation rejects.
  if (digits.length + scale > 40) return Number(text);
  return BigInt(sign + digits) * 10n ** BigInt(scale);
}

/**
 * Parses a JSON body so that integers keep every digit. Bodies without long
 * or exponent literals take the native parser, which is exact for them: a
 * literal of at most 15 digits and no exponent is an integer exactly when its double is.
 */
export function parseJsonExact(text: string): unknown {
  if (!NEEDS_EXACT_PARSER.test(text)) return JSON.parse(text);
  return parseLossless(text, null, parseNumber);
}

// fatal: JSON text must be UTF-8 (RFC 8259); invalid bytes are refused, not replaced with U+FFFD.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Registers the JSON body parser; anything else is answered 415 by Fastify. */
export function registerJsonBody(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: BODY_LIMIT_BYTES }, (req, body, done) => {
    const encoding = req.headers['content-encoding'];
    if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity') {
      done(
        new ApiError('unsupported_media_type', 'Compressed request bodies are not accepted: send the JSON without Content-Encoding.'),
        undefined,
      );
      return;
    }
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      done(new ApiError('malformed_json', 'The request body is not valid UTF-8.'), undefined);
      return;
    }
    if (text.trim() === '') {
      // Many clients label every request JSON; a DELETE with nothing in it has no body.
      if (req.method === 'DELETE') return done(null, undefined);
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
