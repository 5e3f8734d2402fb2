// The request log's cost, measured in a process of its own (no HTTP, no wrk): the recorder as the service
// composes it records REQUESTS requests of the kinds /v1 gets and flushes as its timer would, writing blocks
// on a SQLite file and on PostgreSQL. Reports the CPU per request on the event loop and in all (the process's
// other threads included, from /proc), and the database growth per million requests (the table and its
// indexes; the per-project bound is lifted so nothing is purged).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './processes.mjs';

const TICKS = 100; // USER_HZ: /proc CPU times are in hundredths of a second on Linux.
const URLS = ['/v1/pets?limit=20', '/v1/pets/50000', '/v1/pets?limit=20&status=available', '/v1/store/orders'];

/** CPU seconds of this process's main thread (the event loop) and of the whole process. */
function cpuNow() {
  const fields = (path) => readFileSync(path, 'utf8').split(') ')[1].split(' ');
  const main = fields(`/proc/self/task/${String(process.pid)}/stat`);
  const all = fields('/proc/self/stat');
  const secs = (f) => (Number(f[11]) + Number(f[12])) / TICKS;
  return { main: secs(main), all: secs(all) };
}

async function measure({ storage, database, size, requests }) {
  const { RequestRecorder } = await import(join(ROOT, 'dist/requests/recorder.js'));
  const { openRequestLogRepository } = await import(join(ROOT, 'dist/requests/repository.js'));
  const { newRequestId } = await import(join(ROOT, 'dist/http/pipeline/request-id.js'));
  const recorder = new RequestRecorder(
    openRequestLogRepository(database),
    { now: () => Date.now() },
    7 * 86_400_000,
    Number.MAX_SAFE_INTEGER,
  );
  const before = await size();
  // As under load: a flush each 250 ms at about 30,000 requests a second.
  const perFlush = 7_500;
  const start = cpuNow();
  const wall = performance.now();
  for (let i = 0; i < requests; i++) {
    const fails = i % 50 === 49;
    recorder.record({
      projectId: 1,
      requestId: newRequestId(),
      at: Date.now(),
      method: i % 10 === 9 ? 'POST' : 'GET',
      url: URLS[i % URLS.length],
      operation: 'listPets',
      status: fails ? 404 : 200,
      durationMs: 0.3 + (i % 7) / 10,
      keyId: 'key_0123456789abcdef',
      errorCode: fails ? 'not_found' : null,
      errorMessage: fails ? 'Pet 1 was not found.' : null,
    });
    if ((i + 1) % perFlush === 0) await recorder.flush();
  }
  await recorder.flush();
  const end = cpuNow();
  const wallS = (performance.now() - wall) / 1000;
  const after = await size();
  await storage.close();
  return {
    requests,
    eventLoopUsPerRequest: ((end.main - start.main) * 1e6) / requests,
    totalUsPerRequest: ((end.all - start.all) * 1e6) / requests,
    wallS,
    bytesPerMillion: ((after - before) / requests) * 1e6,
  };
}

/** SQLite on a file in `dir`; PostgreSQL on `postgresUrl` when given (a database the caller created). */
export async function requestLogCost({ dir, postgresUrl, requests = 1_000_000 }) {
  const { openAppStorage } = await import(join(ROOT, 'dist/features.js'));
  const out = {};
  {
    const storage = await openAppStorage({ databaseUrl: `sqlite:${join(dir, 'request-log.db')}`, databasePoolSize: 1 });
    const { database } = storage;
    const size = async () => {
      database.sqlite.pragma('wal_checkpoint(TRUNCATE)');
      const pages = database.sqlite.prepare("SELECT sum(pgsize) AS b FROM dbstat WHERE name LIKE 'request_blocks%'").get();
      return Number(pages.b ?? 0);
    };
    out.sqlite = await measure({ storage, database, size, requests });
  }
  if (postgresUrl) {
    const storage = await openAppStorage({ databaseUrl: postgresUrl, databasePoolSize: 4 });
    const { database } = storage;
    const size = async () => {
      await database.pg.query('CHECKPOINT').catch(() => undefined);
      const r = await database.pg.query("SELECT pg_total_relation_size('request_blocks') AS b");
      return Number(r.rows[0].b);
    };
    out.postgres = await measure({ storage, database, size, requests });
  }
  return out;
}
