import type { ApiKeyInfo, ManagementClient } from '@petstore/client';
import { OPERATOR } from '../audit/actor.js';
import { parse, UsageError } from '../cli/args.js';
import { orRefuse, Refused } from '../cli/exit.js';
import { managementClient, overApi } from '../cli/management.js';
import type { RemoteSettings } from '../cli/remote.js';
import { DomainError } from '../errors/domain-error.js';
import { cliGround, type CliCommand, type CliContext } from '../feature.js';
import type { KeyInfo } from './repository.js';

/** The service on the database, loaded on first use (a remote command does not load it). */
async function service(ctx: CliContext) {
  const { composeKeys } = await import('./compose.js');
  return composeKeys(await cliGround(ctx));
}

/** A key as `keys list` prints it (never the secret). */
interface KeyOut {
  id: string;
  project: string;
  name: string | null;
  hint: string;
  createdAt: string;
  revokedAt: string | null;
  bannedUntil: string | null;
  lastUsedAt: string | null;
}

/** A new key as `keys create` prints it, with its secret. */
interface CreatedKeyOut {
  id: string;
  key: string;
  project: string;
  name: string | null;
  createdAt: string;
}

/** The same fields in the same order, whichever side the key came from. */
const keyOut = (k: KeyOut): KeyOut => ({
  id: k.id,
  project: k.project,
  name: k.name,
  hint: k.hint,
  createdAt: k.createdAt,
  revokedAt: k.revokedAt,
  bannedUntil: k.bannedUntil,
  lastUsedAt: k.lastUsedAt,
});

const localKey = (k: KeyInfo, now: number): KeyOut =>
  keyOut({
    ...k,
    createdAt: k.createdAt.toISOString(),
    revokedAt: k.revokedAt?.toISOString() ?? null,
    bannedUntil: k.bannedUntil && k.bannedUntil.getTime() > now ? k.bannedUntil.toISOString() : null,
    lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
  });

/**
 * Where `keys create|list|revoke` run: the service on the database, or the
 * management API on a server (the projects the token may manage). The same JSON
 * either way; the commands are one.
 */
interface KeysTransport {
  create(project: string, name: string | null): Promise<CreatedKeyOut>;
  /** Every key (oldest first), or one project's. */
  list(project?: string): Promise<KeyOut[]>;
  revoke(id: string): Promise<void>;
}

function localTransport(ctx: CliContext): KeysTransport {
  return {
    create: async (project, name) => {
      const k = orRefuse(await (await service(ctx)).create(OPERATOR, project, name));
      return { id: k.id, key: k.key, project: k.project, name: k.name, createdAt: k.createdAt.toISOString() };
    },
    list: async (project) => {
      const now = ctx.clock.now();
      return orRefuse(await (await service(ctx)).list(project)).map((k) => localKey(k, now));
    },
    revoke: async (id) => {
      orRefuse(await (await service(ctx)).revoke(OPERATOR, id));
    },
  };
}

/** Keys in the database's order: by creation, then id. */
const byCreation = (a: ApiKeyInfo, b: ApiKeyInfo) =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

function remoteTransport(remote: RemoteSettings): KeysTransport {
  const api: ManagementClient = managementClient(remote);
  // One project after another: an admin may manage many, and the server need not take them all at once.
  const allKeys = async () => {
    const keys: ApiKeyInfo[] = [];
    for (const p of await api.listProjects()) keys.push(...(await api.listApiKeys(p.slug)));
    return keys.sort(byCreation);
  };
  return {
    create: (project, name) =>
      overApi(remote, async () => {
        const k = await api.createApiKey(project, name === null ? {} : { name });
        return { id: k.id, key: k.key, project: k.project, name: k.name, createdAt: k.createdAt };
      }),
    list: (project) => overApi(remote, async () => (project === undefined ? await allKeys() : await api.listApiKeys(project)).map(keyOut)),
    // A key id names no project: the key's is the one, among those the token may manage, that holds it.
    revoke: (id) =>
      overApi(remote, async () => {
        const key = (await allKeys()).find((k) => k.id === id && k.revokedAt === null);
        if (!key) throw new Refused(new DomainError('not_found', `No active API key "${id}" exists.`));
        await api.revokeApiKey(key.project, id);
      }),
  };
}

function transport(ctx: CliContext): KeysTransport {
  const remote = ctx.remote();
  return remote ? remoteTransport(remote) : localTransport(ctx);
}

/** `keys create|list|revoke`: on the database, or on the server when a remote is configured. */
export const keysCommand: CliCommand = {
  name: 'keys',
  subcommands: ['create', 'list', 'revoke'],
  remote: true,
  usage: [
    'keys create [--project SLUG] [--name NAME] [--json]   prints the secret once',
    'keys list [--project SLUG] [--json]                   never prints secrets',
    'keys revoke ID',
  ],
  async run([sub, ...rest], ctx) {
    if (sub === 'create') {
      const { values } = parse(rest, { project: { type: 'string' }, name: { type: 'string' }, json: { type: 'boolean' } }, 0);
      const k = await transport(ctx).create(values.project ?? 'default', values.name ?? null);
      if (values.json) ctx.json(k);
      else {
        ctx.out(k.key);
        ctx.err(`API key ${k.id} for project ${k.project}. Store it now: it is not shown again.`);
      }
    } else if (sub === 'list') {
      const { values } = parse(rest, { project: { type: 'string' }, json: { type: 'boolean' } }, 0);
      const rows = await transport(ctx).list(values.project);
      if (values.json) ctx.json(rows);
      else {
        for (const r of rows) {
          const state = r.revokedAt ? `revoked ${r.revokedAt}` : r.bannedUntil ? `banned until ${r.bannedUntil}` : 'active';
          ctx.out(`${r.id}\t${r.project}\t${r.hint}\t${r.name ?? ''}\t${state}`);
        }
      }
    } else {
      const { positionals } = parse(rest, {}, 1);
      const id = positionals[0] ?? '';
      await transport(ctx).revoke(id);
      ctx.out(`revoked ${id}`);
    }
  },
};

/** `keys unban`: the operator's, on the database only. */
export const keyUnbanCommand: CliCommand = {
  name: 'keys',
  usage: ['keys unban ID                                         lifts a rate-limit ban before it ends'],
  async run([sub, ...rest], ctx) {
    if (sub !== 'unban') throw new UsageError(`unknown keys command "${sub ?? ''}"`);
    const { positionals } = parse(rest, {}, 1);
    const id = positionals[0] ?? '';
    const lifted = orRefuse(await (await service(ctx)).unban(OPERATOR, id));
    ctx.out(
      lifted
        ? `unbanned ${id}; running servers see it within their key cache time (KEY_CACHE_TTL_MS, 2 s by default)`
        : `${id} is not banned`,
    );
  },
};
