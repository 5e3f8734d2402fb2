import type { Actor } from '../audit/actor.js';
import { DomainError } from '../errors/domain-error.js';
import { projectNotFound } from '../projects/service.js';
import { domainInput } from './dns/names.js';
import type { RedirectRecord } from './repository.js';
import type { DomainDeps } from './deps.js';
import type { RedirectView } from './views.js';

/** `FROM -> TO`: what the audit log names a redirect entry by. */
export const redirectTarget = (r: { from: string; to: string }) => `${r.from} -> ${r.to}`;

/** A project's redirect entries: 301 from one of its domains to another, never in a loop. */
export class Redirects {
  constructor(private readonly deps: DomainDeps) {}

  async add(actor: Actor, slug: string, fromInput: string, toInput: string): Promise<RedirectView | DomainError> {
    const { repository, settings } = this.deps;
    const project = await this.deps.findProject(slug);
    if (!project) return projectNotFound(slug);
    const from = domainInput(fromInput, settings.platformHost);
    if (from instanceof DomainError) return from;
    const to = domainInput(toInput, settings.platformHost);
    if (to instanceof DomainError) return to;
    if (from.name === to.name) return new DomainError('invalid_redirect', `A redirect from ${from.name} to itself would loop.`);
    for (const name of [from.name, to.name]) {
      const record = await repository.find(name);
      if (!record || record.projectId !== project.id) {
        return new DomainError('invalid_redirect', `${name} is not a custom domain of project "${slug}"; add it first.`);
      }
    }
    const existing = await repository.listRedirects(project.id);
    const entry = { from: from.name, to: to.name, projectId: project.id };
    const loop = redirectLoop(existing, entry);
    if (loop) return new DomainError('invalid_redirect', `This redirect would make a loop: ${loop.join(' → ')}.`);
    if (!(await repository.addRedirect(entry, new Date(this.deps.clock.now())))) {
      return new DomainError('invalid_redirect', `${from.name} already redirects; remove that entry first.`);
    }
    await this.deps.changed();
    await this.deps.audit.record(actor, project.id, 'redirect.add', redirectTarget(entry));
    return { from: from.name, to: to.name, status: 301 };
  }

  async list(slug: string): Promise<RedirectView[] | DomainError> {
    const project = await this.deps.findProject(slug);
    if (!project) return projectNotFound(slug);
    return (await this.deps.repository.listRedirects(project.id)).map((r) => ({ from: r.from, to: r.to, status: 301 as const }));
  }

  async remove(actor: Actor, slug: string, fromInput: string): Promise<{ from: string } | DomainError> {
    const project = await this.deps.findProject(slug);
    if (!project) return projectNotFound(slug);
    const from = domainInput(fromInput, this.deps.settings.platformHost);
    if (from instanceof DomainError) return from;
    if (!(await this.deps.repository.removeRedirect(project.id, from.name))) {
      return new DomainError('not_found', `Project "${slug}" has no redirect from ${from.name}.`);
    }
    await this.deps.changed();
    await this.deps.audit.record(actor, project.id, 'redirect.remove', from.name);
    return { from: from.name };
  }
}

/** The chain the new entry would close, or null: following `to` from the new entry must never come back to its `from`. */
function redirectLoop(existing: RedirectRecord[], entry: RedirectRecord): string[] | null {
  const next = new Map(existing.map((r) => [r.from, r.to]));
  const chain = [entry.from, entry.to];
  let at = entry.to;
  while (next.has(at)) {
    at = next.get(at) as string;
    chain.push(at);
    if (at === entry.from) return chain;
    if (chain.length > existing.length + 2) break;
  }
  return null;
}
