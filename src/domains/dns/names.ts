import { isIP } from 'node:net';
import { domainToASCII } from 'node:url';
import { parse } from 'tldts';
import { DomainError } from '../../errors/domain-error.js';

/** A custom domain as stored: lowercase A-labels, no trailing dot. */
export interface DomainName {
  name: string;
  /** `apex` when the name is itself a registrable domain (Public Suffix List), else `subdomain`. */
  kind: 'apex' | 'subdomain';
  /** The registrable domain the name belongs to, e.g. `shop.co.uk` for `www.shop.co.uk`. */
  registrableDomain: string;
  /** The labels left of the registrable domain (`www` for `www.shop.co.uk`); `@` for an apex. */
  host: string;
}

export type NameResult = { ok: true; domain: DomainName } | { ok: false; code: 'invalid_domain'; reason: string };

const MAX_NAME = 253;
const MAX_LABEL = 63;
const LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

function invalid(reason: string): NameResult {
  return { ok: false, code: 'invalid_domain', reason };
}

/** `a.example.`, `A.Example` and `a.example` are the same name. */
export function sameName(a: string, b: string): boolean {
  return a.replace(/\.$/, '').toLowerCase() === b.replace(/\.$/, '').toLowerCase();
}

/**
 * Validates a domain name a user typed and returns it as stored (IDNA
 * A-labels, lowercase), with apex or subdomain decided by the Public Suffix
 * List (private section included, so `you.github.io` is its own registrable
 * domain). Names at or under `platformHost` are refused: those hosts are the
 * platform's own.
 */
export function normaliseDomain(input: string, options: { platformHost?: string } = {}): NameResult {
  const typed = input.trim().replace(/\.$/, '');
  if (typed === '') return invalid('The domain name is empty.');
  if (typed.includes('*')) return invalid('Wildcard domains are not supported; add each name separately.');
  if (typed.includes('://') || typed.includes('/')) {
    return invalid('Give the domain name alone, without a scheme or a path (e.g. www.example.com).');
  }
  if (isIP(typed) !== 0 || typed.startsWith('[')) return invalid('An IP address is not a domain name.');
  const name = domainToASCII(typed);
  if (name === '') return invalid(`"${typed}" is not a valid domain name.`);
  if (isIP(name) !== 0) return invalid('An IP address is not a domain name.');
  if (name.length > MAX_NAME) return invalid(`The domain name is longer than ${String(MAX_NAME)} characters.`);
  const labels = name.split('.');
  if (labels.length < 2) return invalid('A domain name needs at least two labels (e.g. example.com).');
  for (const label of labels) {
    if (label.length === 0) return invalid('The domain name has an empty label.');
    if (label.length > MAX_LABEL) return invalid(`The label "${label}" is longer than ${String(MAX_LABEL)} characters.`);
    if (!LABEL.test(label)) {
      return invalid(`The label "${label}" may only hold letters, digits and inner hyphens.`);
    }
  }
  const parsed = parse(name, { allowPrivateDomains: true });
  if (parsed.isIp === true) return invalid('An IP address is not a domain name.');
  if (parsed.domain === null || parsed.publicSuffix === null) {
    return invalid(`"${name}" is a public suffix: add a domain registered under it.`);
  }
  if (options.platformHost !== undefined) {
    const platform = options.platformHost.toLowerCase().replace(/\.$/, '');
    if (name === platform || name.endsWith(`.${platform}`)) {
      return invalid(`"${name}" is under the platform's own host ${platform}.`);
    }
  }
  const apex = parsed.subdomain === '' || parsed.subdomain === null;
  return {
    ok: true,
    domain: {
      name,
      kind: apex ? 'apex' : 'subdomain',
      registrableDomain: parsed.domain,
      host: apex ? '@' : (parsed.subdomain ?? '@'),
    },
  };
}

/** A DNS record the user is asked to create at their provider. */
export interface DnsRecord {
  type: 'CNAME' | 'ALIAS' | 'A' | 'AAAA' | 'TXT';
  /** Relative to the registrable domain: `www`, or `@` for the apex. */
  name: string;
  value: string;
  ttl: number;
  note?: string;
}

export interface PlatformTarget {
  /** PLATFORM_HOST: what a CNAME or ALIAS points at. */
  platformHost: string;
  /** PLATFORM_ADDRESSES: what an apex resolves to when ALIAS/ANAME is not available. */
  platformAddresses: string[];
}

const TTL = 3600;

/** The records to show when a domain is added. */
export function recordsFor(domain: DomainName, target: PlatformTarget): DnsRecord[] {
  if (domain.kind === 'subdomain') {
    return [{ type: 'CNAME', name: domain.host, value: target.platformHost, ttl: TTL }];
  }
  const records: DnsRecord[] = [
    {
      type: 'ALIAS',
      name: '@',
      value: target.platformHost,
      ttl: TTL,
      note:
        'An ALIAS (called ANAME or CNAME flattening by some providers) at the apex. Not every DNS provider supports it; ' +
        (target.platformAddresses.length > 0
          ? 'if yours does not, create the A/AAAA records below instead.'
          : `if yours does not, create A/AAAA records at @ for exactly the addresses ${target.platformHost} resolves to, or use a subdomain such as www instead.`),
    },
  ];
  for (const address of target.platformAddresses) {
    records.push({
      type: isIP(address) === 6 ? 'AAAA' : 'A',
      name: '@',
      value: address,
      ttl: TTL,
      note: 'Fallback when your provider has no ALIAS/ANAME: create every one of these and nothing else at @.',
    });
  }
  return records;
}

/** A name as a request gives it, parsed; a name that cannot be a custom domain is `invalid_domain`. */
export function domainInput(input: string, platformHost: string): DomainName | DomainError {
  const parsed = normaliseDomain(input, { platformHost });
  return parsed.ok ? parsed.domain : new DomainError('invalid_domain', parsed.reason);
}

/** A stored name, parsed again (it was valid when stored). */
export function storedName(record: { name: string }): DomainName {
  const parsed = normaliseDomain(record.name);
  if (!parsed.ok) throw new Error(`stored domain ${record.name} no longer parses: ${parsed.reason}`);
  return parsed.domain;
}
