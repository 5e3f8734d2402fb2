// The hand-written reference for the PostgreSQL + Redis scenarios: what this database and this cache cost a
// plain node:http service doing the same work, with none of Petstore's other duties. It compares the key,
// counts the request in Redis (INCR, in parallel with the database work) and answers JSON built by
// JSON.stringify from rows of named prepared statements on a pg pool of the service's default size (10).
// Reads: a page of pets (LIMIT n + 1), one pet. Durable writes, each one statement (one transaction):
// createPet (the project's next id, the pet and its pet.created event), placeOrder (the pet taken if still
// available, the order with the project's next order id, its two events).
// Usage: node peer-server.mjs DATABASE_URL REDIS_URL REDIS_PREFIX KEYS_JSON   ({"<api key>": projectId, …})
// Prints "listening PORT" when ready.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import pg from 'pg';
import { Redis } from 'ioredis';

const [databaseUrl = '', redisUrl = '', prefix = 'peer', keysJson = '{}'] = process.argv.slice(2);
const projects = new Map(Object.entries(JSON.parse(keysJson)).map(([key, id]) => [`Bearer ${key}`, Number(id)]));
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
const redis = new Redis(redisUrl, { keyPrefix: `${prefix}:` });

const pet = (r) => ({ id: Number(r.id), name: r.name, categoryId: Number(r.category_id), status: r.status });
const LIST = {
  name: 'peer-list',
  text: 'SELECT id, name, category_id, status FROM pets WHERE project_id = $1 AND id > $2 ORDER BY id LIMIT $3',
};
const GET = { name: 'peer-get', text: 'SELECT id, name, category_id, status FROM pets WHERE project_id = $1 AND id = $2' };
const CREATE = {
  name: 'peer-create',
  text: `WITH next AS (
      INSERT INTO pet_sequences AS s (project_id, last_id) VALUES ($1::bigint, 1)
      ON CONFLICT (project_id) DO UPDATE SET last_id = s.last_id + 1 RETURNING last_id
    ), p AS (
      INSERT INTO pets (project_id, id, name, category_id, status, created_at)
      SELECT $1::bigint, last_id, $2::text, $3::bigint, $4::text, now() FROM next
      RETURNING id, name, category_id, status
    ), e AS (
      INSERT INTO events (id, project_id, type, data, created_at)
      SELECT $5::text, $1::bigint, 'pet.created', json_build_object('id', id, 'name', name, 'categoryId', category_id, 'status', status)::text, now()
      FROM p
    )
    SELECT id, name, category_id, status FROM p`,
};
const PLACE = {
  name: 'peer-place',
  text: `WITH taken AS (
      UPDATE pets SET status = 'pending' WHERE project_id = $1::bigint AND id = $2::bigint AND status = 'available' RETURNING id
    ), next AS (
      INSERT INTO order_sequences AS s (project_id, last_id) SELECT $1::bigint, 1 FROM taken
      ON CONFLICT (project_id) DO UPDATE SET last_id = s.last_id + 1 RETURNING last_id
    ), o AS (
      INSERT INTO orders (project_id, id, pet_id, quantity, status, complete, created_at)
      SELECT $1::bigint, last_id, $2::bigint, 1, 'placed', false, now() FROM next
      RETURNING id, pet_id, quantity, status, complete, created_at
    ), e AS (
      INSERT INTO events (id, project_id, type, data, created_at)
      SELECT $3::text || x.n, $1::bigint, x.type, x.data, now()
      FROM o, LATERAL (VALUES
        (1, 'pet.status_changed', json_build_object('petId', o.pet_id, 'from', 'available', 'to', 'pending')::text),
        (2, 'order.placed', json_build_object('id', o.id, 'petId', o.pet_id, 'status', o.status)::text)) AS x(n, type, data)
    )
    SELECT id, pet_id, quantity, status, complete, created_at FROM o`,
};

const send = (res, status, value) => {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
};
const readBody = (req) =>
  new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (c) => (text += c));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });

async function answer(req, res) {
  const projectId = projects.get(req.headers.authorization);
  if (projectId === undefined) return send(res, 401, { code: 401, message: 'unauthorized' });
  const counted = redis.incr(`count:${String(projectId)}`);
  const url = req.url ?? '/';
  if (req.method === 'GET' && url.startsWith('/v1/pets?')) {
    const limit = Number(new URLSearchParams(url.slice(url.indexOf('?') + 1)).get('limit') ?? 20);
    const [rows] = await Promise.all([pool.query({ ...LIST, values: [projectId, 0, limit + 1] }), counted]);
    return send(res, 200, rows.rows.slice(0, limit).map(pet));
  }
  if (req.method === 'GET' && url.startsWith('/v1/pets/')) {
    const [rows] = await Promise.all([pool.query({ ...GET, values: [projectId, url.slice('/v1/pets/'.length)] }), counted]);
    return rows.rows[0] ? send(res, 200, pet(rows.rows[0])) : send(res, 404, { code: 404, message: 'not found' });
  }
  if (req.method === 'POST' && url === '/v1/pets') {
    const input = JSON.parse(await readBody(req));
    const values = [projectId, input.name, input.categoryId ?? null, input.status ?? 'available', randomUUID()];
    const [rows] = await Promise.all([pool.query({ ...CREATE, values }), counted]);
    return send(res, 201, pet(rows.rows[0]));
  }
  if (req.method === 'POST' && url === '/v1/store/orders') {
    const input = JSON.parse(await readBody(req));
    const [rows] = await Promise.all([pool.query({ ...PLACE, values: [projectId, input.petId, randomUUID()] }), counted]);
    const o = rows.rows[0];
    if (!o) return send(res, 409, { code: 409, message: 'pet not available' });
    return send(res, 201, { id: Number(o.id), petId: Number(o.pet_id), quantity: o.quantity, status: o.status, complete: o.complete });
  }
  await counted;
  return send(res, 404, { code: 404, message: 'not found' });
}

const server = createServer((req, res) => {
  answer(req, res).catch((err) => {
    if (!res.headersSent) send(res, 503, { code: 503, message: String(err?.message ?? err) });
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening ${String(typeof address === 'object' && address ? address.port : 0)}\n`);
});
process.on('SIGTERM', () => server.close(() => Promise.all([pool.end(), redis.quit()]).finally(() => process.exit(0))));
