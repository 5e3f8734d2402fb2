import { OPERATOR } from '../../audit/actor.js';
import { orRefuse, Refused } from '../../cli/exit.js';
import { managementClient, overApi } from '../../cli/management.js';
import type { RemoteSettings } from '../../cli/remote.js';
import { DomainError } from '../../errors/domain-error.js';
import type { CliContext } from '../../feature.js';
import type { DomainService } from '../service.js';

/** The service on the database, loaded on first use (a remote command does not load it). */
async function service(ctx: CliContext): Promise<DomainService> {
  const { composeDomains } = await import('../compose.js');
  const { service } = composeDomains({ database: await ctx.database(), config: await ctx.config(), clock: ctx.clock });
  return service;
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

/** The local CLI is the operator: the service records its changes with that actor. */
function localTransport(ctx: CliContext): DomainsTransport {
  return {
    add: async (slug, domain, options) => orRefuse(await (await service(ctx)).add(OPERATOR, slug, domain, options)),
    verify: async (domain, project) => orRefuse(await (await service(ctx)).verify(OPERATOR, domain, project)),
    list: async (slug) => orRefuse(await (await service(ctx)).list(slug)),
    remove: async (domain, slug) => orRefuse(await (await service(ctx)).remove(OPERATOR, domain, slug)),
    addRedirect: async (slug, from, to) => orRefuse(await (await service(ctx)).addRedirect(OPERATOR, slug, from, to)),
    listRedirects: async (slug) => orRefuse(await (await service(ctx)).listRedirects(slug)),
    removeRedirect: async (slug, from) => orRefuse(await (await service(ctx)).removeRedirect(OPERATOR, slug, from)),
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

export function transport(ctx: CliContext): DomainsTransport {
  const remote = ctx.remote();
  return remote ? remoteTransport(remote) : localTransport(ctx);
}
