import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { createKey, listKeys, NotFoundError, revokeKey, unbanKey } from '../keys/service.js';
import { createProject, ProjectError, setProjectPlan } from '../projects/service.js';
import type { Project } from '../projects/repository.js';
import { openStore, StoreOpenError } from '../storage/open.js';
import type { Store } from '../storage/store.js';

const USAGE = `Usage: petstore <command>

  serve                                   run the server (PORT, HOST, DATABASE_URL, DATABASE_POOL_SIZE, REDIS_URL, LOG_LEVEL)
  migrate                                 apply pending database migrations
  projects create SLUG --plan free|pro|business|enterprise [--per-minute N] [--per-day N] [--json]
  projects set-plan SLUG PLAN [--per-minute N] [--per-day N] [--json]
  projects list [--json]
  keys create [--project SLUG] [--name NAME] [--json]   prints the secret once
  keys list [--project SLUG] [--json]                   never prints secrets
  keys revoke ID
  keys unban ID                                         lifts a rate-limit ban before it ends
`;

class UsageError extends Error {}

function parse<O extends NonNullable<ParseArgsConfig['options']>>(args: string[], options: O, positionals: number) {
  try {
    const parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
    if (parsed.positionals.length !== positionals) {
      throw new UsageError(`expected ${String(positionals)} argument(s), got ${String(parsed.positionals.length)}`);
    }
    return parsed;
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError((err as Error).message);
  }
}

function positiveInt(name: string, raw: string | boolean | undefined): number | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !/^[1-9]\d{0,9}$/.test(raw)) throw new UsageError(`--${name} must be a positive whole number`);
  return Number(raw);
}

const projectJson = (p: Project) => ({
  slug: p.slug,
  plan: p.plan,
  perMinute: p.quota.perMinute,
  perDay: p.quota.perDay,
  createdAt: p.createdAt.toISOString(),
});
const print = (value: unknown) => process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
const QUOTA_OPTIONS = { 'per-minute': { type: 'string' }, 'per-day': { type: 'string' }, json: { type: 'boolean' } } as const;

async function withStore<T>(fn: (store: Store) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const store = await openStore(config.databaseUrl, { migrate: true, poolSize: config.databasePoolSize });
  try {
    return await fn(store);
  } finally {
    await store.close();
  }
}

async function projects(args: string[]): Promise<void> {
  const [sub, ...rest] = args;
  if (sub === 'create') {
    const { values, positionals } = parse(rest, { plan: { type: 'string' }, ...QUOTA_OPTIONS }, 1);
    if (!values.plan) throw new UsageError('--plan is required');
    const custom = { perMinute: positiveInt('per-minute', values['per-minute']), perDay: positiveInt('per-day', values['per-day']) };
    const p = await withStore((s) => createProject(s, positionals[0] ?? '', String(values.plan), custom));
    if (values.json) print(projectJson(p));
    else
      process.stdout.write(
        `created project ${p.slug} on plan ${p.plan} (${String(p.quota.perMinute)}/min, ${String(p.quota.perDay)}/day)\n`,
      );
  } else if (sub === 'set-plan') {
    const { values, positionals } = parse(rest, QUOTA_OPTIONS, 2);
    const custom = { perMinute: positiveInt('per-minute', values['per-minute']), perDay: positiveInt('per-day', values['per-day']) };
    const p = await withStore((s) => setProjectPlan(s, positionals[0] ?? '', positionals[1] ?? '', custom));
    if (values.json) print(projectJson(p));
    else
      process.stdout.write(
        `project ${p.slug} is now on plan ${p.plan} (${String(p.quota.perMinute)}/min, ${String(p.quota.perDay)}/day)\n`,
      );
  } else if (sub === 'list') {
    const { values } = parse(rest, { json: { type: 'boolean' } }, 0);
    const list = await withStore((s) => s.projects.list());
    if (values.json) print(list.map(projectJson));
    else
      for (const p of list) process.stdout.write(`${p.slug}\t${p.plan}\t${String(p.quota.perMinute)}/min\t${String(p.quota.perDay)}/day\n`);
  } else {
    throw new UsageError(`unknown projects command "${sub ?? ''}"`);
  }
}

async function keys(args: string[]): Promise<void> {
  const [sub, ...rest] = args;
  if (sub === 'create') {
    const { values } = parse(rest, { project: { type: 'string' }, name: { type: 'string' }, json: { type: 'boolean' } }, 0);
    const k = await withStore((s) => createKey(s, values.project ?? 'default', values.name ?? null));
    if (values.json) print({ id: k.id, key: k.key, project: k.project, name: k.name, createdAt: k.createdAt.toISOString() });
    else {
      process.stdout.write(`${k.key}\n`);
      process.stderr.write(`API key ${k.id} for project ${k.project}. Store it now: it is not shown again.\n`);
    }
  } else if (sub === 'list') {
    const { values } = parse(rest, { project: { type: 'string' }, json: { type: 'boolean' } }, 0);
    const list = await withStore((s) => listKeys(s, values.project));
    const now = new Date();
    const rows = list.map((k) => ({
      id: k.id,
      project: k.project,
      name: k.name,
      hint: k.hint,
      createdAt: k.createdAt.toISOString(),
      revokedAt: k.revokedAt?.toISOString() ?? null,
      bannedUntil: k.bannedUntil && k.bannedUntil > now ? k.bannedUntil.toISOString() : null,
    }));
    if (values.json) print(rows);
    else {
      for (const r of rows) {
        const state = r.revokedAt ? `revoked ${r.revokedAt}` : r.bannedUntil ? `banned until ${r.bannedUntil}` : 'active';
        process.stdout.write(`${r.id}\t${r.project}\t${r.hint}\t${r.name ?? ''}\t${state}\n`);
      }
    }
  } else if (sub === 'revoke') {
    const { positionals } = parse(rest, {}, 1);
    await withStore((s) => revokeKey(s, positionals[0] ?? ''));
    process.stdout.write(`revoked ${positionals[0] ?? ''}\n`);
  } else if (sub === 'unban') {
    const { positionals } = parse(rest, {}, 1);
    const id = positionals[0] ?? '';
    const lifted = await withStore((s) => unbanKey(s, id));
    process.stdout.write(
      lifted
        ? `unbanned ${id}; running servers see it within their key cache time (KEY_CACHE_TTL_MS, 2 s by default)\n`
        : `${id} is not banned\n`,
    );
  } else {
    throw new UsageError(`unknown keys command "${sub ?? ''}"`);
  }
}

/** Entry point of bin/petstore. */
export async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'serve': {
        const { serve } = await import('../server.js');
        await serve();
        return;
      }
      case 'migrate': {
        const config = loadConfig();
        const store = await openStore(config.databaseUrl, { migrate: true, poolSize: config.databasePoolSize });
        process.stdout.write(`database schema is at version ${String(await store.schemaVersion())}\n`);
        await store.close();
        return;
      }
      case 'projects':
        return await projects(rest);
      case 'keys':
        return await keys(rest);
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        process.stdout.write(USAGE);
        return;
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`petstore: ${err.message}\n\n${USAGE}`);
      process.exitCode = 2;
    } else if (err instanceof ConfigError || err instanceof ProjectError || err instanceof NotFoundError || err instanceof StoreOpenError) {
      process.stderr.write(`petstore: ${err.message}\n`);
      process.exitCode = 1;
    } else {
      throw err;
    }
  }
}
