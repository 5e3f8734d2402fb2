import type { SiteProject } from '../sites.js';

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/**
 * `<slug>--deploy-<number>`: a deploy's preview host label (slugs never hold `--`); `<slug>--<deployId>`, the
 * address by id handed out before deploys were numbered per project, still names its deploy.
 */
const PREVIEW_LABEL = /^([a-z0-9](?:[a-z0-9-]*[a-z0-9])?)--(deploy-)?([1-9][0-9]{0,18})$/;

/** A preview host's parts: the project's slug and its deploy, by number (or by id, as older addresses were). */
export type PreviewHost = { slug: string } & ({ number: number } | { deployId: string });

/** Slugs remembered as unknown at most; past that the memory starts over. */
const UNKNOWN_KEPT = 10_000;
/** How long an unknown slug is not looked up again. */
const UNKNOWN_FOR_MS = 1000;

export interface ProjectNames {
  /** Every project, for the map loaded at start. */
  all(): Promise<{ id: number; slug: string }[]>;
  find(slug: string): Promise<{ id: number; slug: string } | null>;
}

/**
 * `<slug>.<platform host>` → project, from a map in memory: loaded at start,
 * extended when a host names a slug it does not know yet (one query; a slug
 * found unknown is not asked again for a second). Projects are never renamed
 * or removed, so a known slug never goes stale.
 */
export class PlatformHosts {
  private readonly bySlug = new Map<string, SiteProject>();
  private readonly unknown = new Map<string, number>();
  private readonly pending = new Map<string, Promise<boolean>>();
  private readonly suffix: string;

  constructor(
    platformHost: string,
    private readonly names: ProjectNames,
    private readonly now: () => number,
  ) {
    this.suffix = `.${platformHost}`;
  }

  async load(): Promise<void> {
    for (const p of await this.names.all()) this.remember(p);
  }

  /** The project of a host already known; synchronous (a SiteResolver). */
  resolve = (hostname: string): SiteProject | null => {
    const slug = this.slugOf(hostname);
    return slug === null ? null : (this.bySlug.get(slug) ?? null);
  };

  /** The slug a host names when it is exactly one DNS label followed by the platform host, else null. */
  slugOf(hostname: string): string | null {
    if (!hostname.endsWith(this.suffix)) return null;
    const label = hostname.slice(0, -this.suffix.length);
    return LABEL.test(label) ? label : null;
  }

  /** The project of a slug already known; synchronous. */
  project(slug: string): SiteProject | null {
    return this.bySlug.get(slug) ?? null;
  }

  /** The slug and deploy a preview host `<slug>--deploy-<number>.<platform host>` (or `<slug>--<deployId>…`) names, else null. */
  previewOf(hostname: string): PreviewHost | null {
    const label = this.slugOf(hostname);
    const match = label === null ? null : PREVIEW_LABEL.exec(label);
    if (!match) return null;
    const slug = match[1] as string;
    return match[2] ? { slug, number: Number(match[3]) } : { slug, deployId: match[3] as string };
  }

  /** Whether this slug was found unknown within the last second (so it is not looked up again yet). */
  recentlyUnknown(slug: string): boolean {
    const until = this.unknown.get(slug);
    return until !== undefined && until > this.now();
  }

  /** Looks up a slug the map does not know; true when it is now known. */
  lookUp(slug: string): Promise<boolean> {
    if (this.bySlug.has(slug)) return Promise.resolve(true);
    if (this.recentlyUnknown(slug)) return Promise.resolve(false);
    let pending = this.pending.get(slug);
    if (!pending) {
      pending = this.find(slug).finally(() => this.pending.delete(slug));
      this.pending.set(slug, pending);
    }
    return pending;
  }

  private async find(slug: string): Promise<boolean> {
    const project = await this.names.find(slug);
    if (project) {
      this.unknown.delete(slug);
      this.remember(project);
      return true;
    }
    if (this.unknown.size >= UNKNOWN_KEPT) this.unknown.clear();
    this.unknown.set(slug, this.now() + UNKNOWN_FOR_MS);
    return false;
  }

  private remember(project: { id: number; slug: string }): void {
    this.bySlug.set(project.slug, { projectId: project.id, slug: project.slug });
  }
}
