import { resolve } from 'node:path';
import { parse, UsageError } from '../cli/args.js';
import { orRefuse } from '../cli/exit.js';
import { loadConfig, type Config } from '../config.js';
import type { CliCommand, CliContext } from '../feature.js';
import { openProjectRepository } from '../projects/repository.js';
import { DEFAULT_DEPLOY_MAX_FILES } from './collector.js';
import { openDeployRepository } from './open-repository.js';
import { deployJson } from './json.js';
import { DeployService, type DeployView } from './service.js';
import { liveUrl, openSiteAddressStore, previewUrl, type SiteAddress } from './site-address.js';

async function service(ctx: CliContext, config: Config) {
  const database = await ctx.database();
  const limits = { maxBytes: config.deployMaxBytes, maxFiles: DEFAULT_DEPLOY_MAX_FILES };
  return new DeployService(openDeployRepository(database), openProjectRepository(database), limits, ctx.clock);
}

/** Where the running server serves sites, as it published when it started; before any start, this configuration's. */
async function siteAddress(ctx: CliContext, config: Config): Promise<SiteAddress> {
  return (await openSiteAddressStore(await ctx.database()).published()) ?? config;
}

const json = (d: DeployView, address: SiteAddress, url?: string) => ({
  project: d.project,
  ...deployJson(d, address),
  ...(url ? { url } : {}),
});

const count = (n: number, word: string) => `${String(n)} ${word}${n === 1 ? '' : 's'}`;

const line = (d: DeployView, address: SiteAddress) =>
  [
    d.id,
    d.status,
    d.reason ?? '',
    d.createdAt.toISOString(),
    count(d.files, 'file'),
    count(d.bytes, 'byte'),
    d.live ? 'live' : '',
    d.status === 'ready' ? previewUrl(address, d.project, d.id) : '',
  ]
    .join('\t')
    .trimEnd();

/** `deploy SLUG DIR`: exit 0 when the deploy is ready (and live), 1 when it failed, with its reason. */
const deployCommand: CliCommand = {
  name: 'deploy',
  usage: ['deploy SLUG DIR [--json]                 uploads DIR as a new deploy; exit 1 with the reason when it fails'],
  async run(args, ctx) {
    const { values, positionals } = parse(args, { json: { type: 'boolean' } }, 2);
    const [slug = '', dir = ''] = positionals;
    const config = loadConfig();
    const d = orRefuse(await (await service(ctx, config)).deploy(slug, { directory: resolve(dir) }));
    const address = await siteAddress(ctx, config);
    const url = liveUrl(address, slug);
    if (values.json) ctx.json(json(d, address, url));
    else if (d.status === 'ready')
      ctx.out(
        `deploy ${d.id} of ${slug} is ready and live at ${url} (${count(d.files, 'file')}); preview: ${previewUrl(address, slug, d.id)}`,
      );
    else ctx.err(`petstore: deploy ${d.id} of ${slug} failed (${d.reason ?? 'failed'}): ${d.message ?? ''}; the site is unchanged`);
    if (d.status !== 'ready') process.exitCode = 1;
  },
};

const deploysCommand: CliCommand = {
  name: 'deploys',
  usage: [
    'deploys list SLUG [--json]               newest first, the live one marked',
    'deploys promote SLUG ID [--json]         makes an earlier ready deploy live again (a rollback)',
  ],
  async run([sub, ...rest], ctx) {
    const config = loadConfig();
    if (sub === 'list') {
      const { values, positionals } = parse(rest, { json: { type: 'boolean' } }, 1);
      const list = orRefuse(await (await service(ctx, config)).list(positionals[0] ?? ''));
      const address = await siteAddress(ctx, config);
      if (values.json) ctx.json(list.map((d) => json(d, address)));
      else for (const d of list) ctx.out(line(d, address));
    } else if (sub === 'promote') {
      const { values, positionals } = parse(rest, { json: { type: 'boolean' } }, 2);
      const [slug = '', id = ''] = positionals;
      const d = orRefuse(await (await service(ctx, config)).promote(slug, id));
      const address = await siteAddress(ctx, config);
      const url = liveUrl(address, slug);
      if (values.json) ctx.json(json(d, address, url));
      else ctx.out(`deploy ${d.id} of ${slug} is live at ${url}`);
    } else {
      throw new UsageError(`unknown deploys command "${sub ?? ''}"`);
    }
  },
};

export const deployCommands: CliCommand[] = [deployCommand, deploysCommand];
