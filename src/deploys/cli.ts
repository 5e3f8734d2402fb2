import { resolve } from 'node:path';
import type { Deploy, ManagementClient } from '@petstore/client';
import { OPERATOR } from '../audit/actor.js';
import { parse, positiveInt } from '../cli/args.js';
import { orRefuse, Refused } from '../cli/exit.js';
import { managementClient, overApi } from '../cli/management.js';
import type { RemoteSettings } from '../cli/remote.js';
import { DomainError } from '../errors/domain-error.js';
import { cliGround, type CliCommand, type CliContext } from '../feature.js';
import type { DeployView } from './service.js';
import { listSite, siteArchive, UnreadableFolder, type PackProgress } from './site-archive.js';
import { leaveOutFor } from './site-files.js';

/** A deploy as the commands print it: the API's `Deploy` with its project (and the site URL after a deploy or promote). */
type DeployOut = Deploy & { project: string; url?: string };

/**
 * Where the deploy commands run: on the database (the service) or on a server
 * (the management API). Both give the same JSON; the commands themselves are one.
 */
interface DeployTransport {
  deploy(slug: string, dir: string, options: { includeDotfiles: boolean; progress?: (p: PackProgress) => void }): Promise<DeployOut>;
  list(slug: string): Promise<DeployOut[]>;
  promote(slug: string, id: string): Promise<DeployOut>;
}

/**
 * The service on the database, and a deploy as the commands print it (with the site address the running server
 * published when it started; before any start, this configuration's). Loaded on first use: a remote command
 * does not load the service, the storage drivers or the configuration schema.
 */
async function localSide(ctx: CliContext) {
  const [{ loadConfig }, { composeDeploys }, { deployJson }, sites] = await Promise.all([
    import('../config.js'),
    import('./compose.js'),
    import('./json.js'),
    import('./serving/site-address.js'),
  ]);
  const config = loadConfig();
  const database = await ctx.database();
  const service = composeDeploys(await cliGround(ctx), config.deployMaxBytes);
  const out = async (d: DeployView, withUrl: boolean): Promise<DeployOut> => {
    const address = (await sites.openSiteAddressStore(database).published()) ?? config;
    return {
      project: d.project,
      ...deployJson(d, { site: address, project: d.project }),
      ...(withUrl ? { url: sites.liveUrl(address, d.project) } : {}),
    };
  };
  return { service, out };
}

function localTransport(ctx: CliContext): DeployTransport {
  let loaded: ReturnType<typeof localSide> | undefined;
  const local = () => (loaded ??= localSide(ctx));
  return {
    deploy: async (slug, dir, { includeDotfiles }) => {
      const { service, out } = await local();
      const directory = resolve(dir);
      const d = orRefuse(await service.deploy(OPERATOR, slug, { directory, leaveOut: await leaveOutFor(directory) }, { includeDotfiles }));
      return out(d, true);
    },
    list: async (slug) => {
      const { service, out } = await local();
      return Promise.all(orRefuse(await service.list(slug)).map((d) => out(d, false)));
    },
    promote: async (slug, id) => {
      const { service, out } = await local();
      const d = orRefuse(await service.promote(OPERATOR, slug, id));
      return out(d, true);
    },
  };
}

/** The id a `deploy_failed` refusal names ("Deploy 12 of …"), to read that deploy back. */
const failedId = (message: string) => /^Deploy (\d+) /.exec(message)?.[1];

function remoteTransport(remote: RemoteSettings): DeployTransport {
  const api: ManagementClient = managementClient(remote);
  const withUrl = async (slug: string, d: Deploy): Promise<DeployOut> => ({ project: slug, ...d, url: (await api.getProject(slug)).url });
  return {
    deploy: (slug, dir, { includeDotfiles, progress }) =>
      overApi(remote, async () => {
        const root = resolve(dir);
        let entries;
        try {
          entries = await listSite(root, await leaveOutFor(root));
        } catch (err) {
          if (err instanceof UnreadableFolder) throw new Refused(new DomainError('validation_failed', err.message));
          throw err;
        }
        // The project first: an unknown one is refused before any byte is sent.
        const { url } = await api.getProject(slug);
        try {
          return { project: slug, ...(await api.createDeploy(slug, () => siteArchive(root, entries, progress), { includeDotfiles })), url };
        } catch (err) {
          const id = err instanceof Error && 'code' in err && err.code === 'deploy_failed' ? failedId(err.message) : undefined;
          if (id === undefined) throw err;
          // Refused with its reason: the failed deploy as the server recorded it, as a local deploy prints it.
          return { project: slug, ...(await api.getDeploy(slug, id)), url };
        }
      }),
    list: (slug) => overApi(remote, async () => (await api.listDeploys(slug)).map((d) => ({ project: slug, ...d }))),
    promote: (slug, id) => overApi(remote, async () => withUrl(slug, await api.promoteDeploy(slug, id))),
  };
}

function transport(ctx: CliContext): DeployTransport {
  const remote = ctx.remote();
  return remote ? remoteTransport(remote) : localTransport(ctx);
}

const count = (n: number, word: string) => `${String(n)} ${word}${n === 1 ? '' : 's'}`;

const megabytes = (n: number) => `${(n / 1_000_000).toFixed(1)} MB`;

const line = (d: DeployOut) =>
  [
    `#${String(d.number)}`,
    d.id,
    d.status,
    d.reason ?? '',
    d.createdAt,
    count(d.files, 'file'),
    count(d.bytes, 'byte'),
    d.live ? 'live' : '',
    d.previewUrl ?? '',
  ]
    .join('\t')
    .trimEnd();

/** The columns of `line`, printed above the deploys. */
const HEADER = ['NUMBER', 'ID', 'STATUS', 'REASON', 'CREATED', 'FILES', 'SIZE', 'LIVE', 'PREVIEW'].join('\t');

/** Progress on a terminal, one line rewritten at most every 100 ms; nothing when piped or with --json. */
function progressLine(ctx: CliContext, json: boolean): ((p: PackProgress) => void) | undefined {
  if (json || !ctx.interactive) return undefined;
  let shownAt = 0;
  return (p) => {
    const now = Date.now();
    if (now - shownAt < 100 && p.files < p.totalFiles) return;
    shownAt = now;
    process.stderr.write(
      `\r\x1b[Kuploading ${String(p.files)}/${count(p.totalFiles, 'file')}, ${megabytes(p.bytes)} of ${megabytes(p.totalBytes)}`,
    );
    if (p.files === p.totalFiles) process.stderr.write('\n');
  };
}

/** `deploy SLUG DIR`: exit 0 when the deploy is ready (and live), 1 when it failed, with its reason. */
const deployCommand: CliCommand = {
  name: 'deploy',
  remote: true,
  usage: [
    'deploy SLUG DIR [--include-dotfiles] [--json]   uploads DIR as a new deploy; exit 1 with the reason when it fails',
    '                                                 (.env, .DS_Store… are skipped and warned about unless --include-dotfiles)',
  ],
  async run(args, ctx) {
    const { values, positionals } = parse(args, { json: { type: 'boolean' }, 'include-dotfiles': { type: 'boolean' } }, 2);
    const [slug = '', dir = ''] = positionals;
    const includeDotfiles = values['include-dotfiles'] === true;
    const d = await transport(ctx).deploy(slug, dir, { includeDotfiles, progress: progressLine(ctx, values.json === true) });
    if (!values.json) for (const warning of d.warnings ?? []) ctx.err(`petstore: warning: ${warning}`);
    if (values.json) ctx.json(d);
    else if (d.status === 'ready' && d.live === false)
      ctx.out(
        `deploy #${String(d.number)} of ${slug} is ready as a preview at ${d.previewUrl ?? ''} (${count(d.files, 'file')}); production is protected: an admin promotes it`,
      );
    else if (d.status === 'ready')
      ctx.out(
        `deploy #${String(d.number)} of ${slug} is ready and live at ${d.url ?? ''} (${count(d.files, 'file')}); preview: ${d.previewUrl ?? ''}`,
      );
    else
      ctx.err(
        `petstore: deploy #${String(d.number)} of ${slug} failed (${d.reason ?? 'failed'}): ${d.message ?? ''}; the site is unchanged`,
      );
    if (d.status !== 'ready') process.exitCode = 1;
  },
};

/** The id of the project's deploy numbered `number`; refused (exit 1) when it has none. */
async function idOfNumber(side: DeployTransport, slug: string, number: number): Promise<string> {
  const found = (await side.list(slug)).find((d) => d.number === number);
  if (!found) throw new Refused(new DomainError('not_found', `Project "${slug}" has no deploy #${String(number)}.`));
  return found.id;
}

const deploysCommand: CliCommand = {
  name: 'deploys',
  subcommands: ['list', 'promote'],
  remote: true,
  usage: [
    'deploys list SLUG [--json]               newest first (#number, id), the live one marked, with preview URLs',
    'deploys promote SLUG (ID | --number N) [--json]  makes an earlier ready deploy live again (a rollback)',
  ],
  async run([sub, ...rest], ctx) {
    if (sub === 'list') {
      const { values, positionals } = parse(rest, { json: { type: 'boolean' } }, 1);
      const list = await transport(ctx).list(positionals[0] ?? '');
      if (values.json) ctx.json(list);
      else if (list.length === 0) ctx.out(`${positionals[0] ?? ''} has no deploys yet`);
      else for (const text of [HEADER, ...list.map(line)]) ctx.out(text);
    } else {
      const byNumber = rest.some((a) => a === '--number' || a.startsWith('--number='));
      const { values, positionals } = parse(rest, { json: { type: 'boolean' }, number: { type: 'string' } }, byNumber ? 1 : 2);
      const [slug = ''] = positionals;
      const id = byNumber ? await idOfNumber(transport(ctx), slug, positiveInt('number', values.number) ?? 0) : (positionals[1] ?? '');
      const d = await transport(ctx).promote(slug, id);
      if (values.json) ctx.json(d);
      else ctx.out(`deploy #${String(d.number)} of ${slug} is live at ${d.url ?? ''}`);
    }
  },
};

export const deployCommands: CliCommand[] = [deployCommand, deploysCommand];
