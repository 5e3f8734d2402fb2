import { isIP } from 'node:net';
import type { DomainName, PlatformTarget } from './names.js';
import { sameName } from './names.js';
import { createResolver, deadline, describeDnsError, orNone, type ResolverOptions } from './resolver.js';

export type VerifyReason = 'conflicting_a_record' | 'cname_mismatch' | 'not_found' | 'dns_error' | 'platform_unresolvable';

/** What the name resolves to at the time of the check. */
export interface Found {
  cname: string | null;
  addresses: string[];
  /** For a name that needs ownership proof: the TXT values at `_petstore-challenge.<name>`. */
  txt?: string[];
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
 * subdomain must be a CNAME to PLATFORM_HOST; an apex may be that too, or
 * have exactly the platform's addresses (an ALIAS/ANAME its provider
 * flattens): PLATFORM_ADDRESSES, or else what PLATFORM_HOST resolves to now.
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
    if (domain.kind === 'subdomain') {
      return conflicting(domain, found, expected, `a CNAME to ${target.platformHost}`);
    }
    return checkApexAddresses(domain, target, found, resolver, options.deadlineMs ?? DEFAULT_DEADLINE_MS);
  }
  return {
    status: 'pending',
    reason: 'not_found',
    message: `No record found for ${domain.name} yet. ${PROPAGATION_NOTE}`,
    found,
    expected,
  };
}

function conflicting(domain: DomainName, found: Found, expected: VerifyResult['expected'], wanted: string): VerifyResult {
  return {
    status: 'failed',
    reason: 'conflicting_a_record',
    message: `${domain.name} has A/AAAA records (${found.addresses.join(', ')}) that conflict: remove them and create ${wanted}.`,
    found,
    expected,
  };
}

/**
 * An apex with addresses and no CNAME: what a flattening ALIAS/ANAME provider
 * answers. It verifies when the addresses are exactly PLATFORM_ADDRESSES or,
 * with that unset, exactly what PLATFORM_HOST resolves to (A and AAAA) through
 * the same DNS servers now. A PLATFORM_HOST that does not resolve is
 * `platform_unresolvable`: the operator's setting, not the customer's records.
 */
async function checkApexAddresses(
  domain: DomainName,
  target: PlatformTarget,
  found: Found,
  resolver: ReturnType<typeof createResolver>,
  deadlineMs: number,
): Promise<VerifyResult> {
  const configured = target.platformAddresses.length > 0;
  let platform = target.platformAddresses;
  if (!configured) {
    try {
      platform = await deadline(resolver, deadlineMs, async () => {
        const [v4, v6] = await Promise.all([
          orNone(resolver.resolve4(target.platformHost)),
          orNone(resolver.resolve6(target.platformHost)),
        ]);
        return [...v4, ...v6];
      });
    } catch (error) {
      return {
        status: 'failed',
        reason: 'dns_error',
        message: `Could not look up the platform host ${target.platformHost} to compare ${domain.name}'s addresses with: ${describeDnsError(error)}. Try Verify again in a moment.`,
        found,
        expected: { cname: target.platformHost },
      };
    }
    if (platform.length === 0) {
      return {
        status: 'failed',
        reason: 'platform_unresolvable',
        message:
          `${domain.name} has A/AAAA records (${found.addresses.join(', ')}), but the platform host ${target.platformHost} has no A/AAAA records ` +
          'to compare them with. This is a setting of the platform, not of your DNS: the operator should publish A/AAAA records for ' +
          `PLATFORM_HOST (${target.platformHost}) or set PLATFORM_ADDRESSES to the addresses an apex must resolve to.`,
        found,
        expected: { cname: target.platformHost, addresses: [] },
      };
    }
  }
  const expected = { cname: target.platformHost, addresses: platform };
  if (sameAddresses(found.addresses, platform)) {
    return {
      status: 'verified',
      message: `${domain.name} resolves to the platform's addresses (${found.addresses.join(', ')}).`,
      found,
      expected,
    };
  }
  const source = configured ? "the platform's addresses (PLATFORM_ADDRESSES) are" : `the platform host ${target.platformHost} resolves to`;
  return {
    status: 'failed',
    reason: 'conflicting_a_record',
    message:
      `${domain.name} has A/AAAA records (${found.addresses.join(', ')}) that conflict: ${source} ${platform.join(', ')}. ` +
      `Remove them and create an ALIAS/ANAME to ${target.platformHost}, or exactly the A/AAAA records ${platform.join(', ')}.`,
    found,
    expected,
  };
}
