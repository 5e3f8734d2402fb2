import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Addresses a webhook must not reach unless WEBHOOK_ALLOW_PRIVATE=true: every
 * entry of the IANA special-purpose registries for IPv4 and IPv6 (as ipaddr.js
 * names them: the service's own host and network, cloud metadata, shared,
 * documentation and benchmarking ranges, and the translation and tunnelling
 * prefixes NAT64, 6to4 and Teredo, which lead to IPv4 hosts), and every IPv6
 * address outside global unicast 2000::/3. Each name has the words a refusal
 * gives.
 */
const WORDS: Record<string, string> = {
  // IPv4
  unspecified: 'an unspecified address',
  broadcast: 'the broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address (cloud metadata lives here)',
  loopback: 'a loopback address',
  carrierGradeNat: 'a shared (carrier-grade NAT) address',
  private: 'a private address',
  reserved: 'a reserved, documentation or protocol address',
  as112: 'an AS112 (DNS sink) address',
  amt: 'an AMT relay address',
  // IPv6
  uniqueLocal: 'a private (unique local) address',
  ipv4Mapped: 'an IPv4-mapped address',
  deprecatedSiteLocal: 'a site-local address',
  discard: 'a discard-only address',
  rfc6145: 'an IPv4-translated address',
  rfc6052: 'a NAT64 address (it leads to an IPv4 host)',
  '6to4': 'a 6to4 address (it leads to an IPv4 host)',
  teredo: 'a Teredo address (it leads to an IPv4 host)',
  benchmarking: 'a benchmarking address',
  as112v6: 'an AS112 (DNS sink) address',
  deprecatedOrchid: 'an ORCHID address',
  orchid2: 'an ORCHID address',
  droneRemoteIdProtocolEntityTags: 'a drone remote ID address',
  segmentRouting: 'a segment routing (SRv6) address',
};

const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/** Why `address` may not be connected to, in words; null when it is a public address. */
export function refusedAddress(address: string): string | null {
  if (isIP(address) === 0 || !ipaddr.isValid(address)) return `${address} is not an IP address`;
  const parsed = ipaddr.parse(address);
  const kind = parsed.range();
  if (kind !== 'unicast') {
    // An IPv4-mapped IPv6 address reaches the IPv4 host it names: say which.
    const mapped = parsed.kind() === 'ipv6' && kind === 'ipv4Mapped' ? ` (${(parsed as ipaddr.IPv6).toIPv4Address().toString()})` : '';
    return `${address} is ${WORDS[kind] ?? `a special-purpose address (${kind})`}${mapped}`;
  }
  if (parsed.kind() === 'ipv6') {
    if (parsed.match(IPV4_COMPATIBLE)) return `${address} is an IPv4-compatible address`;
    if (!parsed.match(GLOBAL_UNICAST)) return `${address} is outside global unicast addresses (2000::/3)`;
  }
  return null;
}

/** The host of a URL as an address when it is an IP literal (`[::1]` → `::1`), else null. */
export function literalAddress(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) === 0 ? null : bare;
}
