import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { BatchedLines } from '../../src/http/observability/log-sink.js';

/** A destination that keeps every batch it is handed, as SonicBoom's buffer mode may. */
function destination() {
  const batches: Buffer[] = [];
  let flushes = 0;
  return {
    out: {
      write: (data: Buffer) => batches.push(data),
      flushSync: () => {
        flushes += 1;
      },
    },
    batches,
    text: () => Buffer.concat(batches).toString('utf8'),
    flushes: () => flushes,
  };
}

describe('log lines in batches', () => {
  test('lines come out whole and in order, as UTF-8, once flushed', () => {
    const d = destination();
    const sink = new BatchedLines(d.out);
    const lines = ['{"msg":"plain"}\n', '{"msg":"café ☕ 🐈"}\n', '{"msg":"\\u0000 escaped"}\n'];
    for (const line of lines) sink.write(line);
    assert.equal(d.batches.length, 0, 'nothing is written before a batch is full or flushed');
    sink.flushSync();
    assert.equal(d.text(), lines.join(''));
    assert.equal(d.flushes(), 1);
  });

  test('many short lines go out in a few large writes, none lost', () => {
    const d = destination();
    const sink = new BatchedLines(d.out);
    const lines = Array.from({ length: 5000 }, (_, i) => `{"n":${String(i)},"msg":"request completed"}\n`);
    for (const line of lines) sink.write(line);
    sink.flushSync();
    const total = lines.join('');
    assert.equal(d.text(), total);
    assert.ok(d.batches.length <= Math.ceil(Buffer.byteLength(total) / 65536) + 1, `${String(d.batches.length)} writes`);
    for (const batch of d.batches.slice(0, -1)) assert.ok(batch.length >= 65536);
  });

  test('a line longer than a batch, of 3-byte characters, is written whole and in its place', () => {
    const d = destination();
    const sink = new BatchedLines(d.out);
    const long = `{"msg":"${'€'.repeat(40_000)}"}\n`;
    sink.write('{"msg":"before"}\n');
    sink.write(long);
    sink.write('{"msg":"after"}\n');
    sink.flushSync();
    assert.equal(d.text(), `{"msg":"before"}\n${long}{"msg":"after"}\n`);
  });

  test('a batch handed over is never changed by the lines written after it', () => {
    const d = destination();
    const sink = new BatchedLines(d.out);
    const line = `{"msg":"${'x'.repeat(1000)}"}\n`;
    while (d.batches.length === 0) sink.write(line);
    const first = Buffer.from(d.batches[0] as Buffer);
    for (let i = 0; i < 200; i++) sink.write('{"msg":"later"}\n');
    sink.flushSync();
    assert.deepEqual(d.batches[0], first);
  });
});
