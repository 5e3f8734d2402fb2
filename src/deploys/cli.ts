import { resolve } from 'node:path';
import { parse, UsageError } from '../cli/args.js';
import { orRefuse } from '../cli/exit.js';
import { recordOperator } from '../audit/cli.js';
import { loadConfig, type Config } from '../config.js';
import type { CliCommand, CliContext } from '../feature.js';
import { openProjectRepository } from '../projects/repository.js';
import { siteUrl } from '../projects/site-url.js';
import { DEFAULT_DEPLOY_MAX_FILES } from './collector.js';
import { openDeployRepository } from './open-repository.js';
import { deployJson } from './json.js';
import { DeployService, type DeployView } from './service.js';

async function service(ctx: CliContext, config: Config) {
  const database = await ctx.database();
  const limits = { maxBytes: config.deployMaxBytes, maxFiles: DEFAULT_DEPLOY_MAX_FILES };
  return new DeployService(openDeployRepository(database), openProjectRepository(database), limits, ctx.clock);
}

const json = (d: DeployView, url?: string) => ({ project: d.project, ...deployJson(d), ...(url ? { url } : {}) });

const count = (n: number, word: string) => `${String(n)} ${word}${n === 1 ? '' : 's'}`;

const line = (d: DeployView) =>
  [d.id, d.status, d.reason ?? '', d.createdAt.toISOString(), count(d.files, 'file'), count(d.bytes, 'byte'), d.live ? 'live' : '']
    .join('\t')
    .trimEnd();

/** `deploy SLUG DIR`: exit 0 when the deploy is ready (and live), 1 when it failed, with its reason. */
const deployCommand: CliCommand = {
  name: 'deploy',
  usage: [
    'deploy SLUG DIR [--include-dotfiles] [--json]   uploads DIR as a new deploy; exit 1 with the reason when it fails',
    '                                                 (.env, .git/, .DS_Store… are skipped and warned about unless --include-dotfiles)',
  ],
  async run(args, ctx) {
    const { values, positionals } = parse(args, { json: { type: 'boolean' }, 'include-dotfiles': { type: 'boolean' } }, 2);
    const [slug = '', dir = ''] = positionals;
    const config = loadConfig();
    const includeDotfiles = values['include-dotfiles'] === true;
    const d = orRefuse(await (await service(ctx, config)).deploy(slug, { directory: resolve(dir) }, { includeDotfiles }));
    await recordOperator(ctx, slug, 'deploy.create', d.id);
    const url = siteUrl(config, slug);
    if (!values.json) for (const warning of d.warnings ?? []) ctx.err(`petstore: warning: ${warning}`);
    if (values.json) ctx.json(json(d, url));
    else if (d.status === 'ready') ctx.out(`deploy ${d.id} of ${slug} is ready and live at ${url} (${count(d.files, 'file')})`);
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
      if (values.json) ctx.json(list.map((d) => json(d)));
      else for (const d of list) ctx.out(line(d));
    } else if (sub === 'promote') {
      const { values, positionals } = parse(rest, { json: { type: 'boolean' } }, 2);
      const [slug = '', id = ''] = positionals;
      const d = orRefuse(await (await service(ctx, config)).promote(slug, id));
      await recordOperator(ctx, slug, 'deploy.promote', d.id);
      const url = siteUrl(config, slug);
      if (values.json) ctx.json(json(d, url));
      else ctx.out(`deploy ${d.id} of ${slug} is live at ${url}`);
    } else {
      throw new UsageError(`unknown deploys command "${sub ?? ''}"`);
    }
  },
};

export const deployCommands: CliCommand[] = [deployCommand, deploysCommand];
