import type { ApiKeyInfo, ManagementClient } from '@petstore/client';
import { OPERATOR } from '../audit/actor.js';
import { environmentArg, ENV_OPTION, parse, positiveInt, UsageError } from '../cli/args.js';
import { orRefuse, Refused } from '../cli/exit.js';
import { managementClient, overApi } from '../cli/management.js';
import type { RemoteSettings } from '../cli/remote.js';
import { DomainError } from '../errors/domain-error.js';
import { cliGround, type CliCommand, type CliContext } from '../feature.js';
import type { Environment } from '../http/pipeline/environments.js';
import { printableName } from './key-name.js';
import type { KeyInfo } from './repository.js';
import { KEY_SCOPES, type KeyScope } from './scopes.js';
import type { CreatedKey, KeyOptions } from './service.js';

/** The service on the database, loaded on first use (a remote command does not load it). */
async function service(ctx: CliContext) {
  const { composeKeys } = await import('./compose.js');
  return composeKeys(await cliGround(ctx));
}

/** A key as `keys list` prints it (never the secret). */
interface KeyOut {
  id: string;
  project: string;
  environment: Environment;
  name: string | null;
  scope: KeyScope;
  hint: string;
  createdAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
  bannedUntil: string | null;
  lastUsedAt: string | null;
  /** Once rolled: the key that replaced it; the rolled key stops at `expiresAt`. */
  replacedBy: { id: string; hint: string; rolledAt: string } | null;
  /** On a key made by a roll: the key it replaced. */
  replaces: { id: string; hint: string } | null;
}

/** A new key as `keys create` prints it, with its secret. */
interface CreatedKeyOut {
  id: string;
  key: string;
  project: string;
  environment: Environment;
  name: string | null;
  scope: KeyScope;
  createdAt: string;
  expiresAt: string | null;
}

/** A rolled key's replacement as `keys roll` prints it, with its secret, and when the old key stops. */
interface RolledKeyOut extends CreatedKeyOut {
  replaces: { id: string; expiresAt: string };
}

const createdOut = (k: CreatedKeyOut): CreatedKeyOut => ({
  id: k.id,
  key: k.key,
  project: k.project,
  environment: k.environment,
  name: k.name,
  scope: k.scope,
  createdAt: k.createdAt,
  expiresAt: k.expiresAt,
});

const localCreated = (k: CreatedKey): CreatedKeyOut =>
  createdOut({ ...k, createdAt: k.createdAt.toISOString(), expiresAt: k.expiresAt?.toISOString() ?? null });

/** The same fields in the same order, whichever side the key came from. */
const keyOut = (k: KeyOut): KeyOut => ({
  id: k.id,
  project: k.project,
  environment: k.environment,
  name: k.name,
  scope: k.scope,
  hint: k.hint,
  createdAt: k.createdAt,
  expiresAt: k.expiresAt,
  revokedAt: k.revokedAt,
  bannedUntil: k.bannedUntil,
  lastUsedAt: k.lastUsedAt,
  replacedBy: k.replacedBy && { id: k.replacedBy.id, hint: k.replacedBy.hint, rolledAt: k.replacedBy.rolledAt },
  replaces: k.replaces && { id: k.replaces.id, hint: k.replaces.hint },
});

const localKey = (k: KeyInfo, now: number): KeyOut =>
  keyOut({
    ...k,
    createdAt: k.createdAt.toISOString(),
    expiresAt: k.expiresAt?.toISOString() ?? null,
    revokedAt: k.revokedAt?.toISOString() ?? null,
    bannedUntil: k.bannedUntil && k.bannedUntil.getTime() > now ? k.bannedUntil.toISOString() : null,
    lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
    replacedBy: k.replacedBy && { ...k.replacedBy, rolledAt: k.replacedBy.at.toISOString() },
  });

/**
 * Where `keys create|list|revoke` run: the service on the database, or the
 * management API on a server (the projects the token may manage). The same JSON
 * either way; the commands are one.
 */
interface KeysTransport {
  create(project: string, name: string | null, options: KeyOptions): Promise<CreatedKeyOut>;
  /** Every key of one environment (oldest first), or one project's. */
  list(project: string | undefined, environment: Environment): Promise<KeyOut[]>;
  revoke(id: string): Promise<void>;
  roll(id: string, hours: number | undefined): Promise<RolledKeyOut>;
}

const keyNotFound = (id: string) => new Refused(new DomainError('not_found', `No active API key "${id}" exists.`));

function localTransport(ctx: CliContext): KeysTransport {
  return {
    create: async (project, name, options) => localCreated(orRefuse(await (await service(ctx)).create(OPERATOR, project, name, options))),
    list: async (project, environment) => {
      const now = ctx.clock.now();
      const keys = orRefuse(await (await service(ctx)).list(project, environment));
      return keys.filter((k) => k.environment === environment).map((k) => localKey(k, now));
    },
    revoke: async (id) => {
      orRefuse(await (await service(ctx)).revoke(OPERATOR, id));
    },
    roll: async (id, hours) => {
      const keys = await service(ctx);
      const now = ctx.clock.now();
      const key = orRefuse(await keys.list()).find((k) => k.id === id);
      // A rolled key goes on to the service, which says which key replaced it.
      if (!key || (!key.replacedBy && (key.revokedAt || (key.expiresAt && key.expiresAt.getTime() <= now)))) throw keyNotFound(id);
      const r = orRefuse(await keys.roll(OPERATOR, key.project, id, hours));
      return { ...localCreated(r), replaces: { id: r.replaces.id, expiresAt: r.replaces.expiresAt.toISOString() } };
    },
  };
}

/** Keys in the database's order: by creation, then id. */
const byCreation = (a: ApiKeyInfo, b: ApiKeyInfo) =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

function remoteTransport(remote: RemoteSettings): KeysTransport {
  const api: ManagementClient = managementClient(remote);
  // One project after another: an admin may manage many, and the server need not take them all at once.
  const allKeys = async (environments: readonly Environment[]) => {
    const keys: ApiKeyInfo[] = [];
    for (const p of await api.listProjects()) {
      for (const environment of environments) keys.push(...(await api.listApiKeys(p.slug, { environment })));
    }
    return keys.sort(byCreation);
  };
  // A key id names neither project nor environment: the key's are those, among the token's projects, that hold it.
  const keyWhere = async (found: (k: ApiKeyInfo) => boolean) =>
    (await allKeys(['production'])).find(found) ?? (await allKeys(['staging'])).find(found);
  return {
    create: (project, name, options) =>
      overApi(remote, async () => createdOut(await api.createApiKey(project, { ...(name === null ? {} : { name }), ...options }))),
    list: (project, environment) =>
      overApi(remote, async () =>
        (project === undefined ? await allKeys([environment]) : await api.listApiKeys(project, { environment })).map(keyOut),
      ),
    revoke: (id) =>
      overApi(remote, async () => {
        const key = await keyWhere((k) => k.id === id && k.revokedAt === null);
        if (!key) throw keyNotFound(id);
        await api.revokeApiKey(key.project, id);
      }),
    roll: (id, hours) =>
      overApi(remote, async () => {
        // A rolled key is found too: the server answers key_already_rolled, naming its successor.
        const key = await keyWhere((k) => k.id === id && (k.revokedAt === null || k.replacedBy !== null));
        if (!key) throw keyNotFound(id);
        const r = await api.rollApiKey(key.project, id, hours === undefined ? {} : { expiresInHours: hours });
        return { ...createdOut(r), replaces: { id: r.replaces.id, expiresAt: r.replaces.expiresAt } };
      }),
  };
}

function transport(ctx: CliContext): KeysTransport {
  const remote = ctx.remote();
  return remote ? remoteTransport(remote) : localTransport(ctx);
}

function scopeOf(text: string | undefined): KeyScope | undefined {
  if (text === undefined) return undefined;
  if (!(KEY_SCOPES as readonly string[]).includes(text)) throw new UsageError('--scope must be read or write');
  return text as KeyScope;
}

/** A key's state in words, as `keys list` prints it: a rolled key says which key replaced it and when it stops. */
function stateOf(r: KeyOut, now: number): string {
  const expired = r.expiresAt !== null && Date.parse(r.expiresAt) <= now;
  const replaced = r.replacedBy && `replaced by ${r.replacedBy.id} (${r.replacedBy.hint})`;
  const state = r.revokedAt
    ? `revoked ${r.revokedAt}`
    : replaced
      ? `rolled ${r.replacedBy?.rolledAt ?? ''}, ${expired ? 'stopped' : 'stops'} ${r.expiresAt ?? ''}, ${replaced}`
      : expired
        ? `expired ${r.expiresAt ?? ''}`
        : r.bannedUntil
          ? `banned until ${r.bannedUntil}`
          : r.expiresAt
            ? `active until ${r.expiresAt}`
            : 'active';
  return r.replaces && !r.revokedAt ? `${state}, replaces ${r.replaces.id} (${r.replaces.hint})` : state;
}

/** The columns of `keys list`, printed above the keys. */
const KEYS_HEADER = ['ID', 'PROJECT', 'KEY', 'NAME', 'SCOPE', 'STATE'].join('\t');

/** `--expires-in-hours`: 0 to 168. */
function overlapHours(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^[0-9]{1,3}$/.test(text) || Number(text) > 168) throw new UsageError('--expires-in-hours must be a whole number from 0 to 168');
  return Number(text);
}

/** `keys create|list|revoke|roll`: on the database, or on the server when a remote is configured. */
export const keysCommand: CliCommand = {
  name: 'keys',
  subcommands: ['create', 'list', 'revoke', 'roll'],
  remote: true,
  usage: [
    'keys create [--project SLUG] [--name NAME] [--scope read|write] [--expires-in-days N] [--env staging] [--json]',
    '                                        prints the secret once; --env staging: a psk_test_ key for the staging base URL',
    'keys list [--project SLUG] [--env staging] [--json]   never prints secrets',
    'keys revoke ID',
    'keys roll ID [--expires-in-hours N] [--json]          a new key (printed once); the old one works N hours more (24); once per key',
  ],
  async run([sub, ...rest], ctx) {
    if (sub === 'create') {
      const { values } = parse(
        rest,
        {
          project: { type: 'string' },
          name: { type: 'string' },
          scope: { type: 'string' },
          'expires-in-days': { type: 'string' },
          json: { type: 'boolean' },
          ...ENV_OPTION,
        },
        0,
      );
      const options: KeyOptions = {};
      const environment = environmentArg(values.env);
      if (environment !== 'production') options.environment = environment;
      const scope = scopeOf(values.scope);
      if (scope) options.scope = scope;
      const days = positiveInt('expires-in-days', values['expires-in-days']);
      if (days !== undefined) options.expiresInDays = days;
      const k = await transport(ctx).create(values.project ?? 'default', values.name ?? null, options);
      if (values.json) ctx.json(k);
      else {
        ctx.out(k.key);
        const expiry = k.expiresAt ? `, expires ${k.expiresAt}` : '';
        const where = k.environment === 'staging' ? ` (staging: use it with the staging base URL)` : '';
        ctx.err(`API key ${k.id} (${k.scope}${expiry}) for project ${k.project}${where}. Store it now: it is not shown again.`);
      }
    } else if (sub === 'roll') {
      const { values, positionals } = parse(rest, { 'expires-in-hours': { type: 'string' }, json: { type: 'boolean' } }, 1);
      const id = positionals[0] ?? '';
      const k = await transport(ctx).roll(id, overlapHours(values['expires-in-hours']));
      if (values.json) ctx.json(k);
      else {
        ctx.out(k.key);
        const expiry = k.expiresAt ? ` It expires ${k.expiresAt}.` : '';
        ctx.err(
          `API key ${k.id} replaces ${k.replaces.id}, which works until ${k.replaces.expiresAt}.${expiry} Store it now: it is not shown again.`,
        );
      }
    } else if (sub === 'list') {
      const { values } = parse(rest, { project: { type: 'string' }, json: { type: 'boolean' }, ...ENV_OPTION }, 0);
      const rows = await transport(ctx).list(values.project, environmentArg(values.env));
      if (values.json) ctx.json(rows);
      else if (rows.length === 0) ctx.out('no keys');
      else {
        ctx.out(KEYS_HEADER);
        for (const r of rows)
          ctx.out(`${r.id}\t${r.project}\t${r.hint}\t${printableName(r.name)}\t${r.scope}\t${stateOf(r, ctx.clock.now())}`);
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
  subcommands: ['unban'],
  async run([, ...rest], ctx) {
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
