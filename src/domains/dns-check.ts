import { isIP } from 'node:net';
import type { DomainName, PlatformTarget } from './names.js';
import { sameName } from './names.js';
import { createResolver, deadline, describeDnsError, orNone, type ResolverOptions } from './resolver.js';

export type VerifyReason = 'conflicting_a_record' | 'cname_mismatch' | 'not_found' | 'dns_error';

/** What the name resolves to at the time of the check. */
export interface Found {
  cname: string | null;
  addresses: string[];
}

export interface VerifyResult {
  /**
   * `verified`; `pending` while nothing is published yet (`not_found`: the
   * record may still be on its way); `failed` when something else is there
   * or DNS could not be asked (the user has to act, or to retry).
   */
  status: 'verified' | 'pending' | 'failed';
  reason?: VerifyReason;
  /** In words, what was found and what to do. */
  message: string;
  found: Found;
  expected: { cname: string; addresses?: string[] };
}

export const PROPAGATION_NOTE =
  'DNS changes can take up to 48 hours to propagate; most resolve within minutes. The domain is checked again in the background.';

const DEFAULT_DEADLINE_MS = 5000;

function trimDot(name: string): string {
  return name.replace(/\.$/, '').toLowerCase();
}

function sameAddresses(found: string[], expected: string[]): boolean {
  const canonical = (list: string[]): string[] => [...new Set(list.map((a) => (isIP(a) === 6 ? a.toLowerCase() : a)))].sort();
  const a = canonical(found);
  const b = canonical(expected);
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * Checks the records of `domain` through the configured DNS servers. A
 * subdomain must be a CNAME to PLATFORM_HOST; an apex may be that too (or
 * an ALIAS flattened by its provider), or have exactly PLATFORM_ADDRESSES.
 * Never throws: resolver failures are `dns_error`.
 */
export async function checkDns(
  domain: DomainName,
  target: PlatformTarget,
  options: ResolverOptions & { deadlineMs?: number } = {},
): Promise<VerifyResult> {
  const resolver = createResolver(options);
  const expected =
    domain.kind === 'apex' ? { cname: target.platformHost, addresses: target.platformAddresses } : { cname: target.platformHost };
  const found: Found = { cname: null, addresses: [] };
  try {
    await deadline(resolver, options.deadlineMs ?? DEFAULT_DEADLINE_MS, async () => {
      const cnames = await orNone(resolver.resolveCname(domain.name));
      found.cname = cnames[0] === undefined ? null : trimDot(cnames[0]);
      const lookups = await Promise.allSettled([orNone(resolver.resolve4(domain.name)), orNone(resolver.resolve6(domain.name))]);
      for (const lookup of lookups) {
        if (lookup.status === 'fulfilled') found.addresses.push(...lookup.value);
        // Behind a CNAME the addresses are only shown; without one they decide, so a failure counts.
        else if (found.cname === null) throw lookup.reason;
      }
    });
  } catch (error) {
    return {
      status: 'failed',
      reason: 'dns_error',
      message: `Could not check ${domain.name}: ${describeDnsError(error)}. Try Verify again in a moment.`,
      found,
      expected,
    };
  }

  if (found.cname !== null) {
    if (sameName(found.cname, target.platformHost)) {
      return { status: 'verified', message: `${domain.name} is a CNAME to ${target.platformHost}.`, found, expected };
    }
    return {
      status: 'failed',
      reason: 'cname_mismatch',
      message: `${domain.name} is a CNAME to ${found.cname}, expected ${target.platformHost}. Change the CNAME record's value.`,
      found,
      expected,
    };
  }
  if (found.addresses.length > 0) {
    if (domain.kind === 'apex' && target.platformAddresses.length > 0 && sameAddresses(found.addresses, target.platformAddresses)) {
      return {
        status: 'verified',
        message: `${domain.name} resolves to the platform's addresses (${found.addresses.join(', ')}).`,
        found,
        expected,
      };
    }
    const wanted =
      domain.kind === 'apex'
        ? target.platformAddresses.length > 0
          ? `an ALIAS/ANAME to ${target.platformHost}, or exactly the A/AAAA records ${target.platformAddresses.join(', ')}`
          : `an ALIAS/ANAME to ${target.platformHost}`
        : `a CNAME to ${target.platformHost}`;
    return {
      status: 'failed',
      reason: 'conflicting_a_record',
      message: `${domain.name} has A/AAAA records (${found.addresses.join(', ')}) that conflict: remove them and create ${wanted}.`,
      found,
      expected,
    };
  }
  return {
    status: 'pending',
    reason: 'not_found',
    message: `No record found for ${domain.name} yet. ${PROPAGATION_NOTE}`,
    found,
    expected,
  };
}
