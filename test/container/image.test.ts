import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freshPostgresDatabase, POSTGRES_ENV } from '../helpers/engines.js';
import { deleteRedisPrefix, redisKeys, testRedis, uniqueRedisPrefix } from '../helpers/redis.js';
import { freePort } from '../helpers/redis-server.js';
import { composeCommand, dockerMissing, openDocker, run, waitFor, type Daemon } from './docker.js';

/**
 * The Dockerfile and compose.yaml, built and run for real. Official images cannot be pulled on the machines
 * this runs on, so the image is built on a local stand-in for node:24-bookworm-slim
 * (scripts/container/local-base.sh: Debian from its mirror, Node.js and npm from the npm registry; cached).
 * Containers use the host's network: the server listens on 127.0.0.1 and a free port.
 */

const REPO = resolve(import.meta.dirname, '../..');
const CI = process.env.CI === 'true';
const RUN = randomBytes(4).toString('hex');
const IMAGE = `petstore-test:${RUN}`;
/** What the application adds to its base (dependencies, build output): 42 MB when this was written. */
const APP_LAYERS_AT_MOST = 64 * 1024 * 1024;

interface Pet {
  id: number;
  name: string;
  categoryId: number;
  status?: string;
}

function skipOrFail(t: TestContext, reason: string): void {
  if (CI)
    assert.fail(`${reason} (CI=true: the container test may not be skipped; .ci/run installs docker.io, debootstrap and docker-compose)`);
  t.skip(reason);
}

async function readyz(url: string): Promise<Record<string, unknown> | undefined> {
  const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) });
  return res.status === 200 ? ((await res.json()) as Record<string, unknown>) : undefined;
}

async function call(url: string, key: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${url}/v1${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(5000),
  });
  return { status: res.status, body: await res.json() };
}

/** Build args for what this machine's npm reaches the registry through: its registry, and a proxy if any. */
async function registryArgs(): Promise<string[]> {
  const npm = (key: string) => run('npm', ['config', 'get', key], { timeoutMs: 30_000 }).then((r) => r.stdout.trim());
  const args = ['--build-arg', `NPM_CONFIG_REGISTRY=${await npm('registry')}`];
  // Docker passes these to every RUN without an ARG; named without a value, each comes from this environment.
  for (const name of ['HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY', 'http_proxy', 'https_proxy', 'no_proxy']) {
    if (process.env[name]) args.push('--build-arg', name);
  }
  const proxy = await npm('https-proxy');
  if (proxy !== 'null' && proxy !== '' && !process.env.HTTPS_PROXY && !process.env.https_proxy)
    args.push('--build-arg', `HTTPS_PROXY=${proxy}`);
  return args;
}

test('the container image: a local base, the build, SQLite, compose, PostgreSQL + Redis', { timeout: 30 * 60_000 }, async (t) => {
  const missing = dockerMissing();
  if (missing) return skipOrFail(t, missing);
  let daemon: Daemon;
  try {
    daemon = await openDocker();
  } catch (err) {
    return skipOrFail(t, `no Docker daemon: ${(err as Error).message}`);
  }
  const env = daemon.env;
  const docker = (args: string[], timeoutMs = 60_000) => run('docker', args, { env, timeoutMs }).then((r) => r.stdout.trim());
  const cleanups: (() => Promise<unknown>)[] = [];
  const inspect = (what: string, format: string) => docker(['inspect', '--format', format, what]);

  /** Starts the image on the host's network; gives its URL once /readyz answers 200 (within 30 s). */
  async function start(name: string, environment: Record<string, string>, volume?: string): Promise<{ url: string; readyInMs: number }> {
    const port = await freePort();
    const vars = { HOST: '127.0.0.1', PORT: String(port), ...environment };
    cleanups.push(() => docker(['rm', '--force', '--volumes', name]));
    const started = Date.now();
    await docker([
      'run',
      '--detach',
      '--name',
      name,
      '--network',
      'host',
      '--health-interval=1s',
      ...Object.entries(vars).flatMap(([k, v]) => ['--env', `${k}=${v}`]),
      ...(volume ? ['--volume', `${volume}:/data`] : []),
      IMAGE,
    ]);
    const url = `http://127.0.0.1:${String(port)}`;
    await waitFor(`${name}: GET /readyz 200`, 30_000, () => readyz(url));
    return { url, readyInMs: Date.now() - started };
  }

  /** A key made by the CLI inside the container (`docker exec NAME petstore keys create --json`). */
  async function keyFrom(name: string): Promise<string> {
    const created = JSON.parse(await docker(['exec', name, 'petstore', 'keys', 'create', '--json'])) as { key: string };
    assert.match(created.key, /^psk_/);
    return created.key;
  }

  /** `docker stop` (SIGTERM, SIGKILL after 10 s): the server drains and exits 0 well within those 10 s. */
  async function stopDrains(name: string): Promise<number> {
    const began = Date.now();
    await docker(['stop', '--time', '10', name], 30_000);
    const took = Date.now() - began;
    const exit = await inspect(name, '{{.State.ExitCode}}');
    if (exit !== '0') assert.fail(`${name} exited ${exit}:\n${await docker(['logs', '--tail', '20', name])}`);
    assert.ok(took < 10_000, `docker stop took ${String(took)} ms`);
    const logs = await run('docker', ['logs', '--tail', '5', name], { env, timeoutMs: 30_000 });
    assert.match(logs.stdout + logs.stderr, /"msg":"stopped"/);
    return took;
  }

  try {
    let base = '';
    await t.test('builds the local base image, or finds it cached', { timeout: 15 * 60_000 }, async (t) => {
      const began = Date.now();
      const built = await run('bash', [resolve(REPO, 'scripts/container/local-base.sh')], { env, timeoutMs: 15 * 60_000 });
      base = built.stdout.trim();
      assert.match(base, /^petstore-local-node:[0-9a-f]{12}$/);
      t.diagnostic(`local base ${base} in ${String(Date.now() - began)} ms: ${built.stderr.trim().split('\n').join(' / ')}`);
    });

    await t.test('builds the image on it (--build-arg NODE_IMAGE), production dependencies only', { timeout: 15 * 60_000 }, async (t) => {
      assert.ok(base, 'no local base');
      const began = Date.now();
      cleanups.push(() => docker(['rmi', '--no-prune', IMAGE]));
      const built = await run(
        'docker',
        ['build', '--network', 'host', '--build-arg', `NODE_IMAGE=${base}`, ...(await registryArgs()), '--tag', IMAGE, REPO],
        { env, timeoutMs: 15 * 60_000 },
      );
      const cached = (built.stdout.match(/Using cache/g) ?? []).length;
      const config = JSON.parse(await inspect(IMAGE, '{{json .Config}}')) as {
        Env: string[];
        User: string;
        Volumes: Record<string, unknown>;
        Healthcheck: { Test: string[] };
        Cmd: string[];
      };
      for (const v of ['HOST=0.0.0.0', 'PORT=8080', 'DATABASE_URL=sqlite:/data/petstore.db']) {
        assert.ok(config.Env.includes(v), v);
      }
      assert.equal(config.User, 'petstore');
      assert.deepEqual(Object.keys(config.Volumes), ['/data']);
      assert.deepEqual(config.Healthcheck.Test, ['CMD', 'node', '/app/scripts/healthcheck.mjs']);
      assert.deepEqual(config.Cmd, ['petstore', 'serve']);

      const size = Number(await inspect(IMAGE, '{{.Size}}'));
      const baseSize = Number(await inspect(base, '{{.Size}}'));
      const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;
      t.diagnostic(
        `image built in ${String(Date.now() - began)} ms (${String(cached)} steps from cache): ${mb(size)}, ${mb(size - baseSize)} over the base`,
      );
      assert.ok(size - baseSize < APP_LAYERS_AT_MOST, `the image adds ${mb(size - baseSize)} to its base`);

      // What the final stage holds: the native binary loads, the workspace client resolves, no devDependency is there.
      const check = `
        new (require('better-sqlite3'))(':memory:').close();
        const dev = ['typescript', 'eslint', 'tsx', 'esbuild'].filter((m) => { try { require.resolve(m); return true; } catch { return false; } });
        import('@petstore/client').then((c) => console.log(JSON.stringify({ client: typeof c.createClient, dev })));`;
      const inside = JSON.parse(await docker(['run', '--rm', '--network', 'host', '--entrypoint', 'node', IMAGE, '-e', check])) as {
        client: string;
        dev: string[];
      };
      assert.deepEqual(inside, { client: 'function', dev: [] });
    });

    await t.test('on SQLite: ready, not root, a key from the CLI, healthy, stops with 0, keeps its data', async (t) => {
      const name = `petstore-test-${RUN}-sqlite`;
      const volume = `petstore-test-${RUN}-data`;
      cleanups.push(() => docker(['volume', 'rm', '--force', volume]));
      const { url, readyInMs } = await start(name, {}, volume);

      const status = await docker(['exec', name, 'cat', '/proc/1/status']);
      const uid = /^Uid:\s+(\d+)/m.exec(status)?.[1];
      assert.ok(uid !== undefined && uid !== '0', `the server (PID 1) runs as uid ${String(uid)}`);
      assert.match(await docker(['exec', name, 'cat', '/proc/1/cmdline']), /node.*petstore\0?serve/);

      const key = await keyFrom(name);
      const created = await call(url, key, '/pets', { name: 'Rex', categoryId: 7 });
      assert.equal(created.status, 201);
      const pet = created.body as Pet;
      assert.deepEqual(await call(url, key, `/pets/${String(pet.id)}`), { status: 200, body: pet });
      const contract = (await (await fetch(`${url}/v1/openapi.json`)).json()) as { servers: { url: string }[] };
      // The image sets no BASE_URL: its default names the address served (localhost for HOST=0.0.0.0, in test/config/).
      assert.equal(contract.servers[0]?.url, `${url}/v1`, 'the contract names the address the container serves');
      await waitFor(`${name}: healthy`, 30_000, async () =>
        (await inspect(name, '{{.State.Health.Status}}')) === 'healthy' ? true : undefined,
      );

      const stopMs = await stopDrains(name);
      await docker(['start', name]);
      await waitFor(`${name} started again: GET /readyz 200`, 30_000, () => readyz(url));
      assert.deepEqual(await call(url, key, `/pets/${String(pet.id)}`), { status: 200, body: pet });
      assert.deepEqual(await call(url, key, '/pets'), { status: 200, body: [pet] });
      await stopDrains(name);
      t.diagnostic(`ready in ${String(readyInMs)} ms, docker stop in ${String(stopMs)} ms`);
    });

    await t.test('compose.yaml: valid, SQLite by default, the postgres profile wired; up, exec and down', async (t) => {
      const compose = composeCommand(env);
      if (!compose) return skipOrFail(t, 'neither `docker compose` nor `docker-compose` (apt-get install docker-compose)');
      const [command, ...prefix] = compose as [string, ...string[]];
      const project = `petstore-test-${RUN}`;
      const port = await freePort();
      const { DATABASE_URL: _d, REDIS_URL: _r, COMPOSE_PROFILES: _p, ...clean } = env;
      const base = { ...clean, PETSTORE_IMAGE: IMAGE, PETSTORE_PORT: `127.0.0.1:${String(port)}` };
      // An empty env file, so that a .env in the clone cannot change what is checked.
      const dir = mkdtempSync(join(tmpdir(), 'petstore-compose-'));
      cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
      const envFile = join(dir, 'empty.env');
      writeFileSync(envFile, '');
      const composeRun = (args: string[], extra: NodeJS.ProcessEnv = {}, timeoutMs = 60_000) =>
        run(command, [...prefix, '--project-name', project, '--file', 'compose.yaml', '--env-file', envFile, ...args], {
          env: { ...base, ...extra },
          cwd: REPO,
          timeoutMs,
        }).then((r) => r.stdout);
      // v2 prints JSON itself; v1 (Debian's, Python) prints YAML, read with the PyYAML it runs on.
      const config = async (extra: NodeJS.ProcessEnv = {}) => {
        if (command === 'docker') return JSON.parse(await composeRun(['config', '--format', 'json'], extra)) as ComposeConfig;
        const yaml = await composeRun(['config'], extra);
        const json = await run(
          'python3',
          ['-c', 'import json, os, sys, yaml; json.dump(yaml.safe_load(os.environ["COMPOSE_CONFIG"]), sys.stdout)'],
          {
            env: { ...process.env, COMPOSE_CONFIG: yaml },
            timeoutMs: 30_000,
          },
        );
        return JSON.parse(json.stdout) as ComposeConfig;
      };

      const plain = await config();
      const petstore = plain.services.petstore!;
      assert.equal(petstore.environment.DATABASE_URL, 'sqlite:/data/petstore.db');
      assert.ok(!petstore.environment.REDIS_URL, 'no Redis by default');
      assert.equal(petstore.environment.BACKUP_DIR, '/backups');
      assert.deepEqual(volumeTargets(petstore), { '/data': 'petstore-data', '/backups': 'petstore-backups' });
      for (const [name, service] of Object.entries(plain.services)) {
        if (name !== 'petstore') assert.deepEqual(service.profiles, ['postgres'], `${name} belongs to the postgres profile`);
      }

      const wired = await config({
        COMPOSE_PROFILES: 'postgres',
        DATABASE_URL: 'postgres://petstore:secret@postgres:5432/petstore',
        REDIS_URL: 'redis://redis:6379',
      });
      assert.deepEqual(Object.keys(wired.services).sort(), ['petstore', 'postgres', 'redis']);
      assert.equal(wired.services.petstore!.environment.DATABASE_URL, 'postgres://petstore:secret@postgres:5432/petstore');
      assert.equal(wired.services.petstore!.environment.REDIS_URL, 'redis://redis:6379');
      assert.equal(wired.services.postgres!.image, 'postgres:17');
      assert.equal(wired.services.redis!.image, 'redis:7');
      assert.deepEqual(volumeTargets(wired.services.postgres!), { '/var/lib/postgresql/data': 'postgres-data' });
      assert.deepEqual(volumeTargets(wired.services.redis!), { '/data': 'redis-data' });
      assert.ok(wired.services.postgres!.healthcheck?.test?.includes('pg_isready'));
      assert.ok(wired.services.redis!.healthcheck?.test?.includes('redis-cli'));

      // The default case for real (PostgreSQL's and Redis's images cannot be pulled here): the image under compose.
      cleanups.push(() => composeRun(['down', '--volumes', '--timeout', '15'], {}, 120_000));
      await composeRun(['up', '--detach', '--no-build'], {}, 120_000);
      const url = `http://127.0.0.1:${String(port)}`;
      const ready = await waitFor('compose: GET /readyz 200', 30_000, () => readyz(url));
      assert.deepEqual(ready.checks, { database: 'up', limiter: 'memory' });
      const exec = (args: string[]) => composeRun(['exec', '-T', 'petstore', 'petstore', ...args]);
      const { key } = JSON.parse(await exec(['keys', 'create', '--json'])) as { key: string };
      const kit = await call(url, key, '/pets', { name: 'Kit', categoryId: 3 });
      assert.equal(kit.status, 201);
      const backup = JSON.parse(await exec(['backup', '/backups/now.backup', '--json'])) as {
        file: string;
        tables: Record<string, number>;
      };
      assert.equal(backup.file, '/backups/now.backup');
      assert.equal(backup.tables.pets, 1);

      // docs/operations.md's restore: a new data volume, `petstore restore` in a one-off container, then up again.
      await composeRun(['down', '--timeout', '15'], {}, 120_000);
      await docker(['volume', 'rm', `${project}_petstore-data`]);
      const restored = JSON.parse(
        await composeRun(['run', '--rm', '-T', 'petstore', 'petstore', 'restore', '/backups/now.backup', '--json'], {}, 120_000),
      ) as {
        tables: Record<string, number>;
      };
      assert.equal(restored.tables.pets, 1);
      await composeRun(['up', '--detach', '--no-build'], {}, 120_000);
      await waitFor('compose, restored: GET /readyz 200', 30_000, () => readyz(url));
      assert.deepEqual(await call(url, key, '/pets'), { status: 200, body: [kit.body] });
      const volumes = () => docker(['volume', 'ls', '--quiet', '--filter', `label=com.docker.compose.project=${project}`]);
      // v1 also makes the profile's volumes, unused; v2 only those of the services it runs.
      const made = (await volumes()).split('\n');
      for (const volume of ['petstore-data', 'petstore-backups']) assert.ok(made.includes(`${project}_${volume}`), volume);
      await composeRun(['down', '--volumes', '--timeout', '15'], {}, 120_000);
      assert.equal(await volumes(), '', 'down --volumes leaves no volume');
    });

    await t.test('on PostgreSQL + Redis (the machine own, with --network host)', async (t) => {
      const redis = testRedis();
      if ('skip' in redis) return skipOrFail(t, redis.skip);
      if (!process.env[POSTGRES_ENV]) return skipOrFail(t, `${POSTGRES_ENV} is not set`);
      const db = await freshPostgresDatabase();
      cleanups.push(() => db.drop());
      const prefix = uniqueRedisPrefix();
      cleanups.push(() => deleteRedisPrefix(redis.url, prefix));
      const name = `petstore-test-${RUN}-postgres`;
      const { url, readyInMs } = await start(name, { DATABASE_URL: db.url, REDIS_URL: redis.url, REDIS_KEY_PREFIX: prefix });
      const ready = await readyz(url);
      assert.deepEqual(ready?.checks, { database: 'up', limiter: 'redis' });

      const key = await keyFrom(name);
      const created = await call(url, key, '/pets', { name: 'Rex', categoryId: 7, status: 'available' });
      assert.equal(created.status, 201);
      const pet = created.body as Pet;
      assert.deepEqual(await call(url, key, `/pets/${String(pet.id)}`), { status: 200, body: pet });
      assert.ok((await redisKeys(redis.url, prefix)).length > 0, 'the rate limiter counts in Redis under the run own prefix');
      const stopMs = await stopDrains(name);
      t.diagnostic(`ready in ${String(readyInMs)} ms, docker stop in ${String(stopMs)} ms`);
    });
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((err: unknown) => t.diagnostic(`cleanup: ${String(err)}`));
    // Earlier runs' build layers stay as the next build's cache; on the test's own daemon, those a week old go.
    if (daemon.own) await docker(['image', 'prune', '--force', '--filter', 'until=168h'], 120_000).catch(() => undefined);
    await daemon.stop();
  }
});

interface ComposeService {
  image?: string;
  profiles?: string[];
  environment: Record<string, string | null>;
  volumes?: ({ type: string; source: string; target: string } | string)[];
  healthcheck?: { test?: string[] };
}
interface ComposeConfig {
  services: Record<string, ComposeService>;
}

/** target → named volume, from either compose's long form (v2) or `name:/target:rw` (v1). */
function volumeTargets(service: ComposeService): Record<string, string> {
  return Object.fromEntries(
    (service.volumes ?? []).map((v) => {
      if (typeof v !== 'string') return [v.target, v.source];
      const [source, target] = v.split(':');
      return [target, source];
    }),
  );
}
