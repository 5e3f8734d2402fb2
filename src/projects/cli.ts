import { parse, positiveInt, UsageError } from '../cli/args.js';
import { orRefuse } from '../cli/exit.js';
import { managementClient, overApi } from '../cli/management.js';
import type { RemoteSettings } from '../cli/remote.js';
import { OPERATOR } from '../audit/actor.js';
import { cliGround, type CliCommand, type CliContext } from '../feature.js';
import type { Project } from './repository.js';

const QUOTA_OPTIONS = { 'per-minute': { type: 'string' }, 'per-day': { type: 'string' }, json: { type: 'boolean' } } as const;

/** A project as the commands print it. */
interface ProjectOut {
  slug: string;
  plan: string;
  perMinute: number;
  perDay: number;
  createdAt: string;
}

export const projectJson = (p: Project): ProjectOut => ({
  slug: p.slug,
  plan: p.plan,
  perMinute: p.quota.perMinute,
  perDay: p.quota.perDay,
  createdAt: p.createdAt.toISOString(),
});

/** The API's project in the commands' shape. */
const apiProjectJson = (p: {
  slug: string;
  plan: string;
  quota: { perMinute: number; perDay: number };
  createdAt: string;
}): ProjectOut => ({
  slug: p.slug,
  plan: p.plan,
  perMinute: p.quota.perMinute,
  perDay: p.quota.perDay,
  createdAt: p.createdAt,
});

const describe = (p: ProjectOut) => `${p.plan} (${String(p.perMinute)}/min, ${String(p.perDay)}/day)`;

/** The service on the database, loaded on first use (a remote command does not load it). */
async function service(ctx: CliContext) {
  const { composeProjects } = await import('./compose.js');
  return composeProjects(await cliGround(ctx));
}

type Quota = { perMinute: number | undefined; perDay: number | undefined };

/**
 * Where `projects create|list` run: the service on the database (any plan, every
 * project), or the management API on a server (a Free project owned by the
 * signed-in person; the projects the token may manage). The same JSON either way.
 */
interface ProjectsTransport {
  create(slug: string, plan: string | undefined, custom: Quota): Promise<ProjectOut>;
  list(): Promise<ProjectOut[]>;
}

function localTransport(ctx: CliContext): ProjectsTransport {
  return {
    create: async (slug, plan, custom) => {
      if (!plan) throw new UsageError('--plan is required');
      return projectJson(orRefuse(await (await service(ctx)).create(OPERATOR, slug, plan, custom)));
    },
    list: async () => (await (await service(ctx)).list()).map(projectJson),
  };
}

function remoteTransport(remote: RemoteSettings): ProjectsTransport {
  const api = managementClient(remote);
  return {
    create: (slug, plan, custom) => {
      // Plans are the operator's: a person creates Free projects, and `projects set-plan` runs on the server.
      if ((plan !== undefined && plan !== 'free') || custom.perMinute !== undefined || custom.perDay !== undefined) {
        throw new UsageError(
          'a project created remotely is on the Free plan: leave out --plan/--per-minute/--per-day (the operator changes plans with projects set-plan)',
        );
      }
      return overApi(remote, async () => apiProjectJson(await api.createProject(slug)));
    },
    list: () => overApi(remote, async () => (await api.listProjects()).map(apiProjectJson)),
  };
}

function transport(ctx: CliContext): ProjectsTransport {
  const remote = ctx.remote();
  return remote ? remoteTransport(remote) : localTransport(ctx);
}

/** `projects create|list`: on the database, or on the server when a remote is configured. */
export const projectsCommand: CliCommand = {
  name: 'projects',
  subcommands: ['create', 'list'],
  remote: true,
  usage: [
    'projects create SLUG --plan free|pro|business|enterprise [--per-minute N] [--per-day N] [--json]',
    '                                        (remotely: a Free project owned by you; leave out --plan)',
    'projects list [--json]',
  ],
  async run([sub, ...rest], ctx) {
    if (sub === 'create') {
      const { values, positionals } = parse(rest, { plan: { type: 'string' }, ...QUOTA_OPTIONS }, 1);
      const custom = { perMinute: positiveInt('per-minute', values['per-minute']), perDay: positiveInt('per-day', values['per-day']) };
      const p = await transport(ctx).create(positionals[0] ?? '', values.plan, custom);
      if (values.json) ctx.json(p);
      else ctx.out(`created project ${p.slug} on plan ${describe(p)}`);
    } else {
      const { values } = parse(rest, { json: { type: 'boolean' } }, 0);
      const list = await transport(ctx).list();
      if (values.json) ctx.json(list);
      else for (const p of list) ctx.out(`${p.slug}\t${p.plan}\t${String(p.perMinute)}/min\t${String(p.perDay)}/day`);
    }
  },
};

/** `projects set-plan`: plans are the operator's, so it runs on the database only. */
export const projectPlanCommand: CliCommand = {
  name: 'projects',
  usage: ['projects set-plan SLUG PLAN [--per-minute N] [--per-day N] [--json]'],
  subcommands: ['set-plan'],
  async run([, ...rest], ctx) {
    const { values, positionals } = parse(rest, QUOTA_OPTIONS, 2);
    const plan = positionals[1];
    if (!plan) throw new UsageError('--plan is required');
    const custom = { perMinute: positiveInt('per-minute', values['per-minute']), perDay: positiveInt('per-day', values['per-day']) };
    const p = projectJson(orRefuse(await (await service(ctx)).setPlan(OPERATOR, positionals[0] ?? '', plan, custom)));
    if (values.json) ctx.json(p);
    else ctx.out(`project ${p.slug} is now on plan ${describe(p)}`);
  },
};
