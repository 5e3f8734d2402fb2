import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { tarGz } from '../helpers/deploys.js';
import { cliJson, startServer, tempDatabase, type RunningServer } from '../helpers/processes.js';

const MB = 1024 * 1024;

/** Peak and current resident memory of a process, from /proc (Linux). */
function memoryOf(pid: number): { peak: number; now: number } {
  const status = readFileSync(`/proc/${String(pid)}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { peak: kb('VmHWM'), now: kb('VmRSS') };
}

function post(url: string, headers: Record<string, string>, body: Buffer): Promise<{ status: number; body: string } | { error: string }> {
  return new Promise((resolve) => {
    let answered: { status: number; body: string } | undefined;
    const req = request(url, { method: 'POST', headers: { ...headers, 'content-length': String(body.length) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve((answered = { status: res.statusCode ?? 0, body: text })));
      res.on('error', () => resolve(answered ?? { status: res.statusCode ?? 0, body: text }));
    });
    // A refused upload is answered before its body is read and the connection closed: writing the rest may then fail.
    req.on('error', (err) => setTimeout(() => resolve(answered ?? { error: err.message }), 200));
    req.end(body);
  });
}

let server: RunningServer;
let db: ReturnType<typeof tempDatabase>;
let session: Record<string, string>;

before(async () => {
  db = tempDatabase('petstore-upload-memory-');
  await cliJson(['projects', 'create', 'big', '--plan', 'business', '--json'], db.url);
  const admin = await cliJson<{ email: string; password: string }>(['users', 'create', 'ops@example.test', '--admin', '--json'], db.url);
  server = await startServer({ DATABASE_URL: db.url, DEPLOY_MAX_BYTES: String(50 * MB), REQUEST_TIMEOUT_MS: '120000' });
  const res = await fetch(`${server.url}/api/v1/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  assert.equal(res.status, 200);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  session = { cookie, 'x-csrf-token': ((await res.json()) as { csrfToken: string }).csrfToken, 'content-type': 'application/gzip' };
});
after(async () => {
  await server?.stop();
  db?.cleanup();
});

test('16 concurrent 45 MB uploads: the extra ones are 429 too_many_uploads, and peak RSS stays under 400 MB', async () => {
  // Incompressible contents: the archive is as large as what it unpacks to.
  const entries = [{ name: 'index.html', content: Buffer.from('<h1>big</h1>') }];
  for (let i = 0; i < 9; i++) entries.push({ name: `part-${String(i)}.bin`, content: randomBytes(5 * MB) });
  const archive = await tarGz(entries as never);
  assert.ok(archive.length > 45 * MB, String(archive.length));
  const before = memoryOf(server.proc.pid as number);
  const url = `${server.url}/api/v1/projects/big/deploys`;
  const answers = await Promise.all(Array.from({ length: 16 }, () => post(url, session, archive)));
  const statuses = answers.map((a) => ('status' in a ? a.status : a.error));
  const after = memoryOf(server.proc.pid as number);
  process.stderr.write(
    `# 16 × ${(archive.length / MB).toFixed(1)} MB uploads: ${JSON.stringify(statuses)}; RSS before ${(before.now / MB).toFixed(0)} MB, peak ${(after.peak / MB).toFixed(0)} MB, after ${(after.now / MB).toFixed(0)} MB\n`,
  );
  assert.ok(statuses.filter((s) => s === 201).length >= 1, 'some uploads went through');
  for (const a of answers) {
    if ('status' in a && a.status === 429) assert.equal((JSON.parse(a.body) as { code: string }).code, 'too_many_uploads');
    if ('status' in a) assert.ok([201, 429].includes(a.status), a.body);
  }
  assert.ok(after.peak < 400 * MB, `peak RSS ${(after.peak / MB).toFixed(0)} MB`);
});
