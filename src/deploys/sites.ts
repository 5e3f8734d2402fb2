/** The project whose site a host serves. */
export interface SiteProject {
  projectId: number;
  slug: string;
}

/** Answers synchronously; `hostname` is lowercase, without a port. */
export type SiteResolver = (hostname: string) => SiteProject | null;

/**
 * Which project's site a request's host serves. Capabilities add resolvers
 * (custom domains add theirs); the first that knows the host wins.
 */
export class SiteHosts {
  private readonly resolvers: SiteResolver[] = [];

  addResolver(resolve: SiteResolver): void {
    this.resolvers.push(resolve);
  }

  /** `host` as received (any case, maybe with a port). */
  resolve(host: string): SiteProject | null {
    const hostname = hostnameOf(host);
    for (const resolve of this.resolvers) {
      const project = resolve(hostname);
      if (project) return project;
    }
    return null;
  }
}

/** A Host header without its port, lowercase, without a trailing dot. */
export function hostnameOf(host: string): string {
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : (host.split(':')[0] ?? '');
  return name.toLowerCase().replace(/\.$/, '');
}
