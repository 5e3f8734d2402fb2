import { promises as dns } from 'node:dns';

export type Resolver = dns.Resolver;

export interface ResolverOptions {
  /** DNS_SERVERS as `ip`, `ip:port` or `[ipv6]:port`; empty or absent: the system's resolvers. */
  servers?: string[];
  /** Per query attempt; the whole lookup is bounded by `deadline()`. */
  timeoutMs?: number;
  tries?: number;
}

/** A resolver of its own, so DNS_SERVERS never changes the process-wide one. */
export function createResolver(options: ResolverOptions = {}): Resolver {
  const resolver = new dns.Resolver({ timeout: options.timeoutMs ?? 2000, tries: options.tries ?? 2 });
  if (options.servers !== undefined && options.servers.length > 0) resolver.setServers(options.servers);
  return resolver;
}

/** "No such record" in both forms: challtestsrv answers ENODATA, real resolvers also NXDOMAIN (ENOTFOUND). */
export function isNoRecord(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENODATA' || code === 'ENOTFOUND';
}

/** Resolves with the records, or with [] when there are none; other failures reject. */
export async function orNone<T>(lookup: Promise<T[]>): Promise<T[]> {
  try {
    return await lookup;
  } catch (error) {
    if (isNoRecord(error)) return [];
    throw error;
  }
}

/** Words for a resolver error code, for the user. */
export function describeDnsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code ?? 'unknown';
  switch (code) {
    case 'ETIMEOUT':
    case 'ECANCELLED':
      return 'the DNS servers did not answer in time';
    case 'ESERVFAIL':
      return "the DNS server answered SERVFAIL (the domain's name servers may be misconfigured)";
    case 'EREFUSED':
      return 'the DNS server refused the query';
    case 'ECONNREFUSED':
      return 'the DNS server could not be reached';
    default:
      return `the DNS lookup failed (${code})`;
  }
}

/**
 * Runs `work` with an overall time limit: past `ms`, the resolver's pending
 * queries are cancelled (they reject with ECANCELLED).
 */
export async function deadline<T>(resolver: Resolver, ms: number, work: () => Promise<T>): Promise<T> {
  const timer = setTimeout(() => resolver.cancel(), ms);
  try {
    return await work();
  } finally {
    clearTimeout(timer);
  }
}
