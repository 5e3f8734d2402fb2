import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exactIds, uniqueSlug } from '../helpers/harness.js';
import { describeEachEngine, freshDatabase } from '../helpers/engines.js';
import { createUnlimitedKey, startServer, type RunningServer } from '../helpers/processes.js';

/**
 * A 201 means the pet is durable: the real server is killed with SIGKILL while
 * concurrent writers are busy, restarted on the same database, and every pet
 * it acknowledged must be there with identical data.
 */

const WORKERS = 12;
/** The server is killed once this many pets are acknowledged... */
const KILL_AFTER_ACKS = 300;
/** ...and the load is bounded in count and time whatever happens. */
const MAX_REQUESTS = 5000;
const MAX_LOAD_MS = 60_000;
const STATUSES = ['available', 'pending', 'sold'];

/** A pet body with a name unique to the run and an int64 beyond 2^53, as exact JSON text. */
function newPet(run: string, i: number): { name: string; body: string } {
  const name = `${run} Café №${String(i)} 🐾`;
  const categoryId = 9_223_372_036_854_775_807n - BigInt(i) * 1_000_003n;
  return { name, body: `{"name":${JSON.stringify(name)},"categoryId":${categoryId.toString()},"status":"${STATUSES[i % 3] ?? ''}"}` };
}

/** Pages through GET /v1/pets following Link rel="next"; returns each pet's raw JSON by id. */
async function listAll(server: RunningServer, auth: Record<string, string>): Promise<Map<string, string>> {
  const pets = new Map<string, string>();
  let path: string | undefined = '/v1/pets?limit=100';
  while (path) {
    const res: Response = await fetch(server.url + path, { headers: auth });
    const text = await res.text();
    assert.equal(res.status, 200, text);
    // Split the array into objects without losing int64 precision.
    for (const raw of text
      .slice(1, -1)
      .split(/(?<=\}),(?=\{)/)
      .filter(Boolean)) {
      const id = exactIds(raw)[0] ?? '';
      assert.ok(!pets.has(id), `pet ${id} listed twice`);
      pets.set(id, raw);
    }
    path = /^<([^>]+)>; rel="next"$/.exec(res.headers.get('link') ?? '')?.[1];
  }
  return pets;
}

/** The scenario, for any DATABASE_URL the server supports. */
async function killUnderWriteLoad(databaseUrl: string): Promise<{ acknowledged: number; inFlightAtKill: number; sent: number }> {
  const slug = uniqueSlug('durable');
  const key = await createUnlimitedKey(databaseUrl, slug);
  const auth = { authorization: `Bearer ${key}` };
  const run = uniqueSlug('run');
  const acknowledged = new Map<string, { name: string; body: string }>();
  const sentNames = new Set<string>();
  const unexpected: string[] = [];
  let next = 0;
  let inFlight = 0;
  let inFlightAtKill = -1;

  let server = await startServer({ DATABASE_URL: databaseUrl });
  try {
    const started = Date.now();
    const kill = () => {
      if (inFlightAtKill >= 0) return;
      inFlightAtKill = inFlight;
      server.proc.kill('SIGKILL');
    };
    const worker = async () => {
      while (next < MAX_REQUESTS && Date.now() - started < MAX_LOAD_MS) {
        const pet = newPet(run, next++);
        sentNames.add(pet.name);
        inFlight++;
        let res: Response;
        let text: string;
        try {
          res = await fetch(`${server.url}/v1/pets`, {
            method: 'POST',
            headers: { ...auth, 'content-type': 'application/json' },
            body: pet.body,
          });
          text = await res.text();
        } catch (err) {
          if (inFlightAtKill < 0) throw err;
          return; // The server is gone; this request's fate is unknown, as it would be for any client.
        } finally {
          inFlight--;
        }
        if (res.status === 201) {
          acknowledged.set(exactIds(text)[0] ?? '', { name: pet.name, body: text });
          if (acknowledged.size >= KILL_AFTER_ACKS) kill();
        } else {
          unexpected.push(`${String(res.status)} ${text}`);
        }
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, worker));

    assert.deepEqual(unexpected, [], 'every write before the kill must be acknowledged with 201');
    assert.ok(inFlightAtKill >= 0, `the server was not killed: only ${String(acknowledged.size)} pets acknowledged`);
    assert.ok(inFlightAtKill > 0, 'no write was in flight when the server was killed');
    assert.equal((await server.exited).signal, 'SIGKILL');

    server = await startServer({ DATABASE_URL: databaseUrl });
    for (const [id, pet] of acknowledged) {
      const res = await fetch(`${server.url}/v1/pets/${id}`, { headers: auth });
      assert.equal(res.status, 200, `acknowledged pet ${id} is missing after the restart`);
      assert.equal(await res.text(), pet.body, `acknowledged pet ${id} changed after the restart`);
    }
    const listed = await listAll(server, auth);
    for (const [id, pet] of acknowledged) assert.equal(listed.get(id), pet.body, `pet ${id} is not listed as acknowledged`);
    for (const [id, raw] of listed) {
      const name = (JSON.parse(raw) as { name: string }).name;
      assert.ok(sentNames.has(name), `pet ${id} (${name}) was never sent`);
    }
    // Pets written but not yet acknowledged may or may not be there; nothing else may be.
    assert.ok(listed.size >= acknowledged.size && listed.size <= sentNames.size);
    const stopped = await server.stop();
    assert.equal(stopped.code, 0, 'the restarted server did not shut down cleanly');
  } finally {
    // Whatever failed, no server outlives the test.
    if (server.proc.exitCode === null && server.proc.signalCode === null) await server.stop('SIGKILL');
  }
  return { acknowledged: acknowledged.size, inFlightAtKill, sent: sentNames.size };
}

describeEachEngine('durability: kill -9 under concurrent writes loses no acknowledged pet', (engine) => {
  test(`${engine.name} database`, async (t) => {
    const db = await freshDatabase(engine.name, { onDisk: true });
    try {
      const result = await killUnderWriteLoad(db.url);
      t.diagnostic(
        `${String(result.sent)} writes started, ${String(result.acknowledged)} acknowledged, ${String(result.inFlightAtKill)} in flight at SIGKILL`,
      );
    } finally {
      await db.drop();
    }
  });
});
