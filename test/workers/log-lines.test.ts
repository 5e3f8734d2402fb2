import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BatchedLines } from '../../src/http/observability/log-sink.js';

test('a worker writes whole lines of at most 4096 bytes each (a longer line alone), so workers sharing a pipe never cut into each other', () => {
  const writes: Buffer[] = [];
  const sink = new BatchedLines({ write: (data: Buffer) => writes.push(Buffer.from(data)), flushSync: () => undefined }, true);
  const lines = Array.from({ length: 400 }, (_, i) => `{"n":${String(i)},"pad":"${'x'.repeat(i % 7 === 0 ? 5000 : 90 + (i % 50))}"}\n`);
  for (const line of lines) sink.write(line);
  sink.flushSync();
  assert.equal(Buffer.concat(writes).toString('utf8'), lines.join(''));
  for (const w of writes) {
    assert.equal(w.at(-1), 0x0a, 'each write ends a line');
    const text = w.toString('utf8');
    if (w.length > 4096) assert.equal(text.indexOf('\n'), text.length - 1, 'a write over 4096 bytes is one line');
  }
});
