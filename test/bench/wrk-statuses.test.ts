import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runWrk, writeScript } from '../../scripts/bench/wrk.mjs';

const hasWrk = !spawnSync('wrk', ['--version']).error;

test('wrk with statuses: a 503 with Retry-After counts as shed, every other status of 400 and above as other', async (t) => {
  if (!hasWrk) {
    if (process.env.CI === 'true') assert.fail('wrk is not installed; .ci/run installs it (apt-get install -y wrk)');
    t.skip('wrk is not installed (apt-get install -y wrk)');
    return;
  }
  // In turn: 200, 503 with Retry-After, 503 without it, 404.
  const served = [0, 0, 0, 0];
  const server = createServer((_req, res) => {
    const turn = (served[0]! + served[1]! + served[2]! + served[3]!) % 4;
    served[turn]!++;
    if (turn === 1) res.writeHead(503, { 'retry-after': '1' });
    else if (turn === 2) res.writeHead(503);
    else if (turn === 3) res.writeHead(404);
    res.end('{}');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const dir = mkdtempSync(join(tmpdir(), 'petstore-wrk-'));
  try {
    const url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/`;
    const script = writeScript(dir, 'plain');
    const r = await runWrk({ url, script, connections: 1, threads: 1, seconds: 1, statuses: true });
    // wrk counts only what completed in its time; the server may have answered one more.
    assert.ok(r.requests > 40, `requests: ${String(r.requests)}`);
    const { statuses } = r.errors;
    assert.ok(statuses);
    assert.equal(statuses.shed + statuses.other, r.errors.non2xx3xx);
    assert.ok(Math.abs(statuses.shed - served[1]!) <= 1, `shed ${String(statuses.shed)} of ${JSON.stringify(served)}`);
    assert.ok(Math.abs(statuses.other - served[2]! - served[3]!) <= 2, `other ${String(statuses.other)} of ${JSON.stringify(served)}`);

    const without = await runWrk({ url, script, connections: 1, threads: 1, seconds: 1 });
    assert.equal(without.errors.statuses, undefined);
  } finally {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
