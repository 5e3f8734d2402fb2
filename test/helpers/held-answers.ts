import assert from 'node:assert/strict';
import { request as httpRequest, type ClientRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { SETTLE_MS } from '../../src/limits/counters.js';
import { petsVersionKey } from '../../src/pets/version-cache.js';
import type { Config } from '../../src/config.js';
import { harness, ok, type Harness } from './harness.js';

/** What the tests read of a pet. */
export interface Pet {
  id: number;
  name: string;
  status?: string;
}

export interface Answer {
  status: number;
  text: string;
}

/** Two instances on one fresh PostgreSQL database and one Redis (`config` names it), listening on 127.0.0.1. */
export async function twoInstances(config: Partial<Config>): Promise<{ a: Harness; b: Harness; close(): Promise<void> }> {
  const a = await harness({ engine: 'postgres', config });
  const b = await harness({ engine: 'postgres', config: { ...a.app.config }, storage: a.storage });
  await a.app.listen({ port: 0, host: '127.0.0.1' });
  await b.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    a,
    b,
    close: async () => {
      await b.app.close();
      await a.close();
    },
  };
}

export const baseOf = (h: Harness): string => `http://127.0.0.1:${String((h.app.server.address() as AddressInfo).port)}`;

/**
 * A request as a plain client sends it, over HTTP (the front door answers there, not through inject; fetch adds
 * headers that keep a request off the front door). With `body: null` only the head is sent: `send` sends the body.
 */
export function call(
  h: Harness,
  path: string,
  auth: { authorization: string },
  init: { method?: string; body?: string } = {},
): Promise<Answer> {
  return open(h, path, auth, init).answer;
}

/** `call` whose body (given) is held back until `send()`: a client that sends its body slowly. */
export function callSlowly(
  h: Harness,
  path: string,
  auth: { authorization: string },
  init: { method: string; body: string },
): { answer: Promise<Answer>; send(): void } {
  const opened = open(h, path, auth, init, true);
  return { answer: opened.answer, send: () => opened.req.end(init.body) };
}

function open(
  h: Harness,
  path: string,
  auth: { authorization: string },
  init: { method?: string; body?: string },
  holdBody = false,
): { req: ClientRequest; answer: Promise<Answer> } {
  const headers: Record<string, string> = { ...auth };
  if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(init.body));
  }
  let req!: ClientRequest;
  const answer = new Promise<Answer>((resolve, reject) => {
    req = httpRequest(`${baseOf(h)}${path}`, { method: init.method ?? 'GET', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
  });
  if (holdBody) req.flushHeaders();
  else req.end(init.body);
  return { req, answer };
}

export function json<T>(res: Answer, status = 200): T {
  assert.equal(res.status, status, res.text);
  return JSON.parse(res.text) as T;
}

/** Runs SQL on the shared PostgreSQL database of `h`. */
export function sql(h: Harness, text: string, values: unknown[]): Promise<unknown> {
  const { database } = h.storage;
  if (database.engine !== 'postgres') throw new Error('PostgreSQL only');
  return database.pg.query(text, values);
}

export interface HeldProject {
  project: string;
  projectId: number;
  auth: { authorization: string };
}

/**
 * A project with one pet (id 1, `Seed`) written by SQL: no write through the API changed its version, so it
 * is settled from the start and answers may be held under it.
 */
export async function settledProject(h: Harness): Promise<HeldProject> {
  const q = await h.newProject();
  const projectId = ok(await h.app.projects.find(q.project)).id;
  await sql(h, "INSERT INTO pets (project_id, id, name, category_id, status, created_at) VALUES ($1, 1, 'Seed', 1, 'available', now())", [
    projectId,
  ]);
  await sql(h, 'INSERT INTO pet_sequences (project_id, last_id) VALUES ($1, 1)', [projectId]);
  return { project: q.project, projectId, auth: q.auth };
}

/** The names listPets gives on `h`, in id order. */
export async function names(h: Harness, q: HeldProject): Promise<string[]> {
  return json<Pet[]>(await call(h, '/v1/pets?limit=100', q.auth)).map((p) => p.name);
}

/** The status getPet gives for pet `id` on `h`. */
export async function statusOf(h: Harness, q: HeldProject, id: number): Promise<string | undefined> {
  return json<Pet>(await call(h, `/v1/pets/${String(id)}`, q.auth)).status;
}

/**
 * Makes every instance hold the project's list and its pet 1, and proves it: pet 1 is renamed by SQL (no
 * version changes), and each instance still answers the name it held.
 */
export async function holdAnswers(instances: readonly Harness[], q: HeldProject): Promise<void> {
  const before = await names(instances[0] as Harness, q);
  const held = before[0] as string;
  for (const h of instances) {
    // The first request for a key looks it up (the regular path); the next ones are the front door's.
    for (let i = 0; i < 3; i++) {
      await names(h, q);
      await statusOf(h, q, 1);
    }
  }
  await sql(instances[0] as Harness, 'UPDATE pets SET name = $1 WHERE project_id = $2 AND id = 1', [`${held}'`, q.projectId]);
  for (const h of instances) {
    assert.equal((await names(h, q))[0], held, 'the list is held');
    assert.equal(json<Pet>(await call(h, '/v1/pets/1', q.auth)).name, held, 'the pet is held');
  }
}

/** Moves the project's last version change SETTLE_MS back in Redis: the version is settled, as if that much time had passed. */
export async function settle(redisUrl: string, prefix: string, projectId: number): Promise<void> {
  const client = new Redis(redisUrl);
  try {
    await client.hincrby(`${prefix}:v:${petsVersionKey(projectId)}`, 'at', -(SETTLE_MS + 1));
  } finally {
    client.disconnect();
  }
}

/** When the project's version was last changed (Redis milliseconds), or null when never. */
export async function changedAt(redisUrl: string, prefix: string, projectId: number): Promise<number | null> {
  const client = new Redis(redisUrl);
  try {
    const at = await client.hget(`${prefix}:v:${petsVersionKey(projectId)}`, 'at');
    return at === null ? null : Number(at);
  } finally {
    client.disconnect();
  }
}

/** Milliseconds since the project's version last changed, in Redis's clock (Infinity when never). */
export async function sinceChange(redisUrl: string, prefix: string, projectId: number): Promise<number> {
  const client = new Redis(redisUrl);
  try {
    const at = await client.hget(`${prefix}:v:${petsVersionKey(projectId)}`, 'at');
    const [seconds, micros] = await client.time();
    return at === null ? Infinity : Number(seconds) * 1000 + Math.floor(Number(micros) / 1000) - Number(at);
  } finally {
    client.disconnect();
  }
}
