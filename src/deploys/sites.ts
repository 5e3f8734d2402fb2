/** The project whose site a host serves. */
export interface SiteProject {
  projectId: number;
  slug: string;
}

/** Names the project a host serves, or null; `hostname` is lowercase, without port. Must be synchronous. */
export type SiteResolver = (hostname: string) => SiteProject | null;

/**
 * The hosts that serve a project's site. Capabilities add resolvers (platform
 * subdomains first, then custom domains); the first answer wins.
 */
export class SiteHosts {
  private readonly resolvers: SiteResolver[] = [];
  private readonly passing: string[] = [];

  addResolver(resolve: SiteResolver): void {
    this.resolvers.push(resolve);
  }

  /** Paths under this prefix are answered by a route of another capability on every host, sites included. */
  passThrough(prefix: string): void {
    this.passing.push(prefix);
  }

  passes(url: string): boolean {
    for (const prefix of this.passing) if (url.startsWith(prefix)) return true;
    return false;
  }

  resolve(hostname: string): SiteProject | null {
    for (const resolve of this.resolvers) {
      const project = resolve(hostname);
      if (project) return project;
    }
    return null;
  }
}

/** A request's host as resolvers see it: lowercase, without port or a final dot. */
export function siteHostname(hostname: string): string {
  const lower = hostname.toLowerCase();
  return lower.endsWith('.') ? lower.slice(0, -1) : lower;
}
