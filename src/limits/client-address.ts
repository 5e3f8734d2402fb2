import ipaddr from 'ipaddr.js';

/**
 * The limiter subject of a request without a valid key: its client address.
 * IPv6 clients are grouped by /64, the block one subscriber usually holds, so
 * rotating addresses inside it does not multiply the quota.
 */
export function addressSubject(ip: string): string {
  if (!ip.includes(':')) return `a${ip}`;
  try {
    const address = ipaddr.parse(ip);
    if (address.kind() === 'ipv4') return `a${address.toString()}`;
    const v6 = address as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return `a${v6.toIPv4Address().toString()}`;
    return `a${v6.parts
      .slice(0, 4)
      .map((p) => p.toString(16))
      .join(':')}::/64`;
  } catch {
    return `a${ip}`;
  }
}

let lastProject = -1;
let lastProjectSubject = '';

/** The limiter subject of a request with a valid key: its project, whose quota all its keys share. */
export function projectSubject(projectId: number): string {
  if (projectId !== lastProject) {
    lastProject = projectId;
    lastProjectSubject = `p${String(projectId)}`;
  }
  return lastProjectSubject;
}
