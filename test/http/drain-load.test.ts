import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, test } from 'node:test';
import { describeEachEngine, freshDatabase, type FreshDatabase } from '../helpers/engines.js';
import { uniqueSlug } from '../helpers/harness.js';
import { createUnlimitedKey, startServer } from '../helpers/processes.js';

const CONNECTIONS = 16;

interface Tally {
  answers: number;
  ok: number;
  unavailable: number;
  /** 503s without the Error body or without `Connection: close`. */
  badUnavailable: number;
  /** A request written on an open connection that closed (or failed) before its answer came. */
  resets: number;
  /** New connections refused once the listener closed: no request was sent on them. */
  refused: number;
}

/**
 * Keep-alive load: each connection sends its next request the moment the last answer ends (as a busy client
 * does), a new connection when told `Connection: close`, until `stop()`. Answers are read from the raw bytes.
 */
function keepAliveLoad(port: number, path: string, key: string) {
  const tally: Tally = { answers: 0, ok: 0, unavailable: 0, badUnavailable: 0, resets: 0, refused: 0 };
  let stopped = false;
  const open = new Set<net.Socket>();
  const connect = () => {
    if (stopped) return;
    const socket = net.connect(port, '127.0.0.1');
    open.add(socket);
    let buffered = '';
    let outstanding = false;
    let connected = false;
    const send = () => {
      outstanding = true;
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\n\r\n`);
    };
    socket.on('connect', () => {
      connected = true;
      send();
    });
    socket.on('data', (chunk) => {
      buffered += chunk.toString('latin1');
      for (;;) {
        const end = buffered.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = buffered.slice(0, end);
        const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
        if (buffered.length < end + 4 + length) return;
        const body = buffered.slice(end + 4, end + 4 + length);
        buffered = buffered.slice(end + 4 + length);
        outstanding = false;
        tally.answers++;
        const status = Number(head.split(' ')[1]);
        const close = /\r\nconnection: *close/i.test(head);
        if (status === 200) tally.ok++;
        else if (status === 503) {
          tally.unavailable++;
          const error = JSON.parse(body) as { code?: string; status?: number };
          if (error.code !== 'service_unavailable' || error.status !== 503 || !close) tally.badUnavailable++;
        }
        if (close || stopped) {
          socket.end();
          if (close) connect();
          return;
        }
        send();
      }
    });
    socket.on('error', () => {
      if (!connected) tally.refused++;
    });
    socket.on('close', () => {
      open.delete(socket);
      if (connected && outstanding) {
        tally.resets++;
        outstanding = false;
      }
      if (!connected && !stopped) setTimeout(connect, 5);
    });
  };
  for (let i = 0; i < CONNECTIONS; i++) connect();
  return {
    tally,
    stop: () => {
      stopped = true;
      for (const s of open) s.destroy();
    },
  };
}

describeEachEngine('a SIGTERM across a load of keep-alive requests', (engine) => {
  let db: FreshDatabase;
  let key: string;
  before(async () => {
    db = await freshDatabase(engine.name, { onDisk: true });
    key = await createUnlimitedKey(db.url, uniqueSlug('drain'));
  });
  after(() => db.drop());

  for (const path of ['/v1/pets?limit=1', '/v1/pets/1']) {
    test(`GET ${path} on ${String(CONNECTIONS)} busy connections: every request sent gets its answer or the 503 with Connection: close, none a reset`, async () => {
      const server = await startServer({ DATABASE_URL: db.url });
      const load = keepAliveLoad(server.port, path, key);
      try {
        // The load running on every connection (a shared machine may be slow to get there).
        const deadline = Date.now() + 10_000;
        while (load.tally.answers < 20 * CONNECTIONS) {
          assert.ok(Date.now() < deadline, `the load is running (${String(load.tally.answers)} answers in 10 s)`);
          await new Promise((r) => setTimeout(r, 20));
        }
        server.proc.kill('SIGTERM');
        let bound: NodeJS.Timeout | undefined;
        const exit = await Promise.race([
          server.exited,
          new Promise<never>((_, reject) => {
            bound = setTimeout(() => reject(new Error('no exit within 12 s')), 12_000);
          }),
        ]).finally(() => clearTimeout(bound));
        // Answers already on their way are read.
        await new Promise((r) => setTimeout(r, 100));
        load.stop();
        const { tally } = load;
        assert.deepEqual(exit, { code: 0, signal: null });
        assert.equal(tally.resets, 0, JSON.stringify(tally));
        assert.equal(tally.badUnavailable, 0, JSON.stringify(tally));
        assert.ok(tally.unavailable >= 1, `the drain met requests in flight: ${JSON.stringify(tally)}`);
        assert.ok(tally.refused >= 1, 'new connections were refused once the listener closed');
      } finally {
        load.stop();
        await server.stop('SIGKILL');
      }
    });
  }
});
