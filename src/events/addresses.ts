import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook must not reach unless WEBHOOK_ALLOW_PRIVATE=true: the
 * service's own host and network, cloud metadata, and addresses that name no
 * single host. Each range has the words a refusal gives.
 */
const RANGES: [string, number, 'ipv4' | 'ipv6', string][] = [
  ['0.0.0.0', 8, 'ipv4', 'an unspecified ("this network") address'],
  ['10.0.0.0', 8, 'ipv4', 'a private address'],
  ['100.64.0.0', 10, 'ipv4', 'a shared (carrier-grade NAT) address'],
  ['127.0.0.0', 8, 'ipv4', 'a loopback address'],
  ['169.254.0.0', 16, 'ipv4', 'a link-local address (cloud metadata lives here)'],
  ['172.16.0.0', 12, 'ipv4', 'a private address'],
  ['192.0.0.0', 24, 'ipv4', 'a reserved protocol address'],
  ['192.168.0.0', 16, 'ipv4', 'a private address'],
  ['198.18.0.0', 15, 'ipv4', 'a benchmarking address'],
  ['224.0.0.0', 4, 'ipv4', 'a multicast address'],
  ['240.0.0.0', 4, 'ipv4', 'a reserved address'],
  ['::', 128, 'ipv6', 'the unspecified address'],
  ['::1', 128, 'ipv6', 'a loopback address'],
  ['::', 96, 'ipv6', 'an IPv4-compatible address'],
  ['::ffff:0:0', 96, 'ipv6', 'an IPv4-mapped address'],
  ['64:ff9b:1::', 48, 'ipv6', 'a local NAT64 address'],
  ['fc00::', 7, 'ipv6', 'a private (unique local) address'],
  ['fe80::', 10, 'ipv6', 'a link-local address'],
  ['fec0::', 10, 'ipv6', 'a site-local address'],
  ['ff00::', 8, 'ipv6', 'a multicast address'],
];

const lists = RANGES.map(([net, prefix, type, words]) => {
  const list = new BlockList();
  list.addSubnet(net, prefix, type);
  return { list, type, words };
});

/** Why `address` may not be connected to, in words; null when it is a public address. */
export function refusedAddress(address: string): string | null {
  const family = isIP(address);
  if (family === 0) return `${address} is not an IP address`;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  // An IPv4-mapped IPv6 address reaches the IPv4 host it names: say which.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  for (const { list, type: listType, words } of lists) {
    // Only ranges of the address's own family: a BlockList also matches IPv4 addresses against IPv4-mapped ranges.
    if (listType === type && list.check(address, type)) return `${address} is ${words}${mapped ? ` (${mapped})` : ''}`;
  }
  return null;
}

/** The host of a URL as an address when it is an IP literal (`[::1]` → `::1`), else null. */
export function literalAddress(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) === 0 ? null : bare;
}
