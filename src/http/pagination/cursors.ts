import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';

/** What a cursor is valid for: one listing, of one project, with one filter. */
export interface CursorScope {
  /** The listing, e.g. `pets`, `orders`. */
  kind: string;
  projectId: number;
  /** The listing's filter in a fixed form (e.g. the status, or empty). */
  filter: string;
}

const VERSION = 1;
const POSITION_BYTES = 8;
const TAG_BYTES = 16;
const CURSOR_BYTES = 1 + POSITION_BYTES + TAG_BYTES;
const CURSOR_TEXT = /^[A-Za-z0-9_-]{34}$/;

/**
 * Tamper-evident cursors: base64url of a version byte, the position (the last
 * id of the page, int64) and an HMAC-SHA256 tag (128 bits) over version, listing,
 * project, filter and position. Checking one costs one HMAC and no storage read.
 * A cursor altered, made up, or issued for another project, listing or filter
 * does not verify.
 */
export class CursorCodec {
  /**
   * A KeyObject, not the bytes: on Node 24 `createHmac` with a Buffer key first asks whether it is a KeyObject
   * by a check that throws, about 13 µs per HMAC (16.5 against 3.0 µs in all); Node 20 and 26 take either in 3–4 µs.
   */
  private readonly key: KeyObject;

  constructor(key: Buffer) {
    if (key.length < 32) throw new Error('a cursor key needs at least 256 bits');
    this.key = createSecretKey(key);
  }

  private tag(scope: CursorScope, head: Buffer): Buffer {
    return createHmac('sha256', this.key)
      .update(`${scope.kind}\u0000${String(scope.projectId)}\u0000${scope.filter}\u0000`)
      .update(head)
      .digest()
      .subarray(0, TAG_BYTES);
  }

  encode(scope: CursorScope, position: bigint): string {
    const head = Buffer.alloc(1 + POSITION_BYTES);
    head.writeUInt8(VERSION, 0);
    head.writeBigInt64BE(position, 1);
    return Buffer.concat([head, this.tag(scope, head)]).toString('base64url');
  }

  /** The position a cursor names, or null when this service did not issue it for this scope. */
  decode(scope: CursorScope, cursor: string): bigint | null {
    if (!CURSOR_TEXT.test(cursor)) return null;
    const bytes = Buffer.from(cursor, 'base64url');
    // Only the canonical spelling: the unused low bits of the last character must be zero.
    if (bytes.length !== CURSOR_BYTES || bytes.toString('base64url') !== cursor || bytes[0] !== VERSION) return null;
    const head = bytes.subarray(0, 1 + POSITION_BYTES);
    if (!timingSafeEqual(this.tag(scope, head), bytes.subarray(1 + POSITION_BYTES))) return null;
    return head.readBigInt64BE(1);
  }
}
