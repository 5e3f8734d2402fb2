import { parse, UsageError } from '../cli/args.js';
import { orRefuse, Refused } from '../cli/exit.js';
import { managementClient, overApi } from '../cli/management.js';
import type { RemoteSettings } from '../cli/remote.js';
import { DomainError } from '../errors/domain-error.js';
import { operatorProject, recordOperator } from '../audit/cli.js';
import { loadConfig } from '../config.js';
import type { CliContext } from '../feature.js';
import { openProjectRepository } from '../projects/repository.js';
import { readyDeploysOn } from './ready-deploys.js';
import { openDomainRepository } from './repository.js';
import { DomainService, type CertificateView } from './service.js';
import { domainSettings } from './settings.js';

async function service(ctx: CliContext): Promise<DomainService> {
  const database = await ctx.database();
  const repository = openDomainRepository(database);
  const projects = openProjectRepository(database);
  return new DomainService({
    repository,
    findProject: (slug) => projects.findBySlug(slug),
    deploys: readyDeploysOn(database),
    settings: domainSettings(loadConfig()),
    clock: ctx.clock,
    // A running server sees the change itself: NOTIFY on PostgreSQL, the file's data_version on SQLite.
    changed: () => repository.notify(),
    // The server's certificate worker picks up verified domains whose certificate is pending.
    wantCertificate: () => undefined,
  });
}

type Service = DomainService;
type Out<K extends keyof Service> = Exclude<Awaited<ReturnType<Service[K]>>, DomainError>;

/**
 * Where the domain and redirect commands run: the service on the database, or
 * the management API on a server. The same JSON either way; the commands are one.
 */
interface DomainsTransport {
  add(slug: string, domain: string, options: { redirectTo?: string }): Promise<Out<'add'>>;
  /** `project` picks which project's claim (a name another project holds) when there are two. */
  verify(domain: string, project?: string): Promise<Out<'verify'>>;
  list(slug: string): Promise<Out<'list'>>;
  remove(domain: string, project?: string): Promise<Out<'remove'>>;
  addRedirect(slug: string, from: string, to: string): Promise<Out<'addRedirect'>>;
  listRedirects(slug: string): Promise<Out<'listRedirects'>>;
  removeRedirect(slug: string, from: string): Promise<Out<'removeRedirect'>>;
}

function localTransport(ctx: CliContext): DomainsTransport {
  return {
    add: async (slug, domain, options) => {
      const added = orRefuse(await (await service(ctx)).add(slug, domain, options));
      await recordOperator(ctx, added.project, 'domain.add', added.domain);
      if (added.redirect) await recordOperator(ctx, added.project, 'redirect.add', `${added.redirect.from} -> ${added.redirect.to}`);
      return added;
    },
    verify: async (domain, project) => {
      const result = orRefuse(await (await service(ctx)).verify(domain, project));
      await recordOperator(ctx, await operatorProject(ctx, { domain: result.domain }), 'domain.verify', result.domain);
      return result;
    },
    list: async (slug) => orRefuse(await (await service(ctx)).list(slug)),
    remove: async (domain, slug) => {
      const project = await operatorProject(ctx, slug === undefined ? { domain } : { slug });
      const removed = orRefuse(await (await service(ctx)).remove(domain, slug));
      await recordOperator(ctx, project, 'domain.remove', removed.domain);
      return removed;
    },
    addRedirect: async (slug, from, to) => {
      const r = orRefuse(await (await service(ctx)).addRedirect(slug, from, to));
      await recordOperator(ctx, slug, 'redirect.add', `${r.from} -> ${r.to}`);
      return r;
    },
    listRedirects: async (slug) => orRefuse(await (await service(ctx)).listRedirects(slug)),
    removeRedirect: async (slug, from) => {
      const r = orRefuse(await (await service(ctx)).removeRedirect(slug, from));
      await recordOperator(ctx, slug, 'redirect.remove', r.from);
      return r;
    },
  };
}

function remoteTransport(remote: RemoteSettings): DomainsTransport {
  const api = managementClient(remote);
  const over = <T>(call: () => Promise<unknown>) => overApi(remote, call) as Promise<T>;
  // `verify` and `remove` name only the domain: its project is the one, among those the token may manage, that has it.
  const projectOf = async (domain: string, slug?: string): Promise<string> => {
    if (slug !== undefined) return slug;
    const name = domain.trim().toLowerCase().replace(/\.$/, '');
    for (const p of await api.listProjects()) {
      if ((await api.listDomains(p.slug)).some((d) => d.domain === name)) return p.slug;
    }
    throw new Refused(new DomainError('not_found', `No domain "${name}" is attached to a project you can manage.`));
  };
  return {
    // The API answers the domain as `GET …/domains/{domain}` shows it; the command prints what a local add prints.
    add: (slug, domain, options) =>
      over(async () => {
        const d = await api.addDomain(slug, domain, options);
        return {
          domain: d.domain,
          project: slug,
          status: 'pending',
          kind: d.kind,
          records: d.records,
          message: d.message,
          ...(d.reason === 'ownership_required' ? { reason: d.reason } : {}),
          ...(d.redirect ? { redirect: d.redirect } : {}),
          ...(d.suggestedPair ? { suggestedPair: d.suggestedPair } : {}),
        };
      }),
    verify: (domain, slug) =>
      over(async () => {
        const d = await api.verifyDomain(await projectOf(domain, slug), domain);
        return {
          domain: d.domain,
          status: d.status,
          ...(d.reason ? { reason: d.reason } : {}),
          message: d.message,
          found: d.found,
          certificate: d.certificate,
        };
      }),
    list: (slug) => over(() => api.listDomains(slug)),
    remove: (domain, slug) =>
      over(async () => {
        await api.removeDomain(await projectOf(domain, slug), domain);
        return { domain: domain.trim().toLowerCase().replace(/\.$/, '') };
      }),
    addRedirect: (slug, from, to) => over(() => api.addRedirect(slug, from, to)),
    listRedirects: (slug) => over(() => api.listRedirects(slug)),
    removeRedirect: (slug, from) =>
      over(async () => {
        await api.removeRedirect(slug, from);
        return { from: from.trim().toLowerCase().replace(/\.$/, '') };
      }),
  };
}

function transport(ctx: CliContext): DomainsTransport {
  const remote = ctx.remote();
  return remote ? remoteTransport(remote) : localTransport(ctx);
}

const JSON_ONLY = { json: { type: 'boolean' } } as const;

const certificateLine = (c: CertificateView) =>
  `certificate ${c.status}${c.notAfter ? ` until ${c.notAfter}` : ''}${c.message ? `: ${c.message}` : ''}`;

/** The API's sentence for a domain's state, the reason code in brackets: the same line for `list` and `verify`. */
const stateLine = (d: { domain: string; status: string; reason?: string; message: string }) =>
  `${d.domain}: ${d.status}${d.reason ? ` (${d.reason})` : ''}. ${d.message}`;

export async function runDomains([sub, ...rest]: string[], ctx: CliContext): Promise<void> {
  if (sub === 'add') {
    const { values, positionals } = parse(rest, { ...JSON_ONLY, 'redirect-to': { type: 'string' } }, 2);
    const redirectTo = values['redirect-to'];
    const added = await transport(ctx).add(positionals[0] ?? '', positionals[1] ?? '', redirectTo === undefined ? {} : { redirectTo });
    if (values.json) return ctx.json(added);
    ctx.out(`added ${added.domain} to ${added.project} (pending${added.reason ? `, ${added.reason}` : ''}). ${added.message}`);
    for (const r of added.records) ctx.out(`  ${r.type}\t${r.name}\t${r.value}\tTTL ${String(r.ttl)}${r.note ? `\t(${r.note})` : ''}`);
    if (added.redirect) ctx.out(`${added.redirect.from} redirects (301) to ${added.redirect.to} once it verifies.`);
    const pair = added.suggestedPair;
    if (pair) {
      ctx.out(`${pair.message} One command adds it with the redirect:`);
      ctx.out(`  petstore domains add ${added.project} ${pair.domain} --redirect-to ${added.domain}`);
    }
  } else if (sub === 'verify') {
    const { values, positionals } = parse(rest, { ...JSON_ONLY, project: { type: 'string' } }, 1);
    const result = await transport(ctx).verify(positionals[0] ?? '', values.project);
    if (values.json) ctx.json(result);
    else {
      ctx.out(stateLine(result));
      ctx.out(`  ${certificateLine(result.certificate)}`);
    }
    if (result.status !== 'verified') process.exitCode = 1;
  } else if (sub === 'list') {
    const { values, positionals } = parse(rest, JSON_ONLY, 1);
    const list = await transport(ctx).list(positionals[0] ?? '');
    if (values.json) return ctx.json(list);
    for (const d of list) {
      ctx.out(stateLine(d));
      ctx.out(`  ${certificateLine(d.certificate)}`);
      if (d.diagnostics) ctx.out(`  ${d.diagnostics.message}`);
    }
  } else if (sub === 'remove') {
    const { values, positionals } = parse(rest, { project: { type: 'string' } }, 1);
    const removed = await transport(ctx).remove(positionals[0] ?? '', values.project);
    ctx.out(`removed ${removed.domain}: it is no longer served`);
  } else {
    throw new UsageError(`unknown domains command "${sub ?? ''}"`);
  }
}

export async function runRedirects([sub, ...rest]: string[], ctx: CliContext): Promise<void> {
  if (sub === 'add') {
    const { values, positionals } = parse(rest, JSON_ONLY, 3);
    const r = await transport(ctx).addRedirect(positionals[0] ?? '', positionals[1] ?? '', positionals[2] ?? '');
    if (values.json) ctx.json(r);
    else ctx.out(`${r.from} now redirects (301) to ${r.to}`);
  } else if (sub === 'list') {
    const { values, positionals } = parse(rest, JSON_ONLY, 1);
    const list = await transport(ctx).listRedirects(positionals[0] ?? '');
    if (values.json) ctx.json(list);
    else for (const r of list) ctx.out(`${r.from}\t${String(r.status)}\t${r.to}`);
  } else if (sub === 'remove') {
    const { positionals } = parse(rest, {}, 2);
    const r = await transport(ctx).removeRedirect(positionals[0] ?? '', positionals[1] ?? '');
    ctx.out(`removed the redirect from ${r.from}`);
  } else {
    throw new UsageError(`unknown redirects command "${sub ?? ''}"`);
  }
}
